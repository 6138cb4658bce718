"""Gelato Mio's fast paths against the plain rule or generator they stand for.

The engine keeps the first words of each steal's seeded generator, records the round
scores as a linked record and gives views shared plain forms (all for speed, see
``state.py`` and ``view.py``); these tests check each against the direct reading.
"""

from __future__ import annotations

import random

import pytest

import icecream
from icecream.core.chance import rng
from icecream.core.errors import ActionFormatError
from icecream.games.gelato_mio import state as gm_state


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 8, 9, 16, 17, 31, 33])
def test_gmn4_steal_draw_is_the_seeded_generators(n):
    """GMN-4: the card taken is ``rng(..., "steal", k).randrange(n)``, also when the kept
    words all miss (n just above a power of two) and when they are read again."""
    for seed in range(40):
        for k in range(6):
            want = rng("gelato-mio", seed, "steal", k).randrange(n)
            assert gm_state._steal_index(seed, k, n) == want, (seed, k, n)
            assert gm_state._steal_index(seed, k, n) == want  # from the kept words


def test_round_scores_record_every_round_in_order():
    s = icecream.new_game("gelato-mio", players=3, seed=4).clone()
    pick = random.Random(1)
    totals = []
    while not s.is_over and s.round < 12:
        before = s.round
        legal = s.legal_actions()
        s.apply_in_place(legal[pick.randrange(len(legal))])
        if s.round != before:
            totals.append(s.scores)
    assert s.round_scores == tuple(totals) and len(totals) == s.round - 1
    copy = s.clone()
    copy.round_scores = [(1, 2, 3)]
    assert copy.round_scores == ((1, 2, 3),) and s.round_scores == tuple(totals)


def test_views_share_no_plain_action_forms():
    s = icecream.new_game("gelato-mio", players=2, seed=3)
    first = s.view(s.current_player)
    first.legal_actions[0]["row"] = 99
    again = s.view(s.current_player)
    assert again.legal_actions[0] == s.legal_actions()[0].to_dict()
    assert again.recipes == {c.id: c.to_dict() for c in s.settings.recipes}


def test_a_plain_action_is_checked_in_full():
    """A plain form goes through the checks (GM-4): a take of an empty spot is refused
    naming the rule, a well-formed legal one is played."""
    s = icecream.new_game("gelato-mio", players=2, seed=3)
    s.view(s.current_player)  # the plain forms of the legal actions are known now
    s2 = s.apply({"type": "take", "row": 0, "col": 0})
    assert s2.current_player == 1
    with pytest.raises(icecream.IllegalAction, match="GM-6|GM-4"):
        s.apply({"type": "ask", "discard": ["sugar", "cream"], "opponent": 1})
    with pytest.raises(ActionFormatError):
        s.apply({"type": "take", "row": True, "col": 0})  # equal to 1, but no number
    with pytest.raises(ActionFormatError):
        s.apply({"type": "take", "row": 0.0, "col": 0})
