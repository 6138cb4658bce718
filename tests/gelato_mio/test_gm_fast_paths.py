"""Gelato Mio's fast paths against the plain rule or generator they stand for.

The engine draws each steal from one reseeded generator, records the round scores as a
linked record, gives views shared plain forms and plays random playouts from tables of the
display's occupancy (all for speed, see ``state.py`` and ``view.py``); these tests check
each against the direct reading.
"""

from __future__ import annotations

import random

import pytest

import icecream
from icecream.core.chance import rng
from icecream.core.conformance import check_playout_paths
from icecream.core.errors import ActionFormatError, ScenarioError
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


def _display_with(occ: int) -> list[int]:
    """A display whose occupancy is ``occ`` (bit s: a card on spot s), each card telling
    its spot apart from its row's other cards."""
    return [s % 8 if occ >> s & 1 else -1 for s in range(9)]


@pytest.mark.parametrize("ruleset", ["rulebook", "review"])
def test_gm_4_occupancy_tables_give_the_takes_slides_and_refills_of_the_rules(ruleset):
    """GM-4: for every one of the 512 occupancies of the display, the playout's tables list
    the spots a take can draw, slide the cards as _slide does and fill the spots _refill
    fills (the rows left empty, or every empty spot under the review ruleset)."""
    base = icecream.new_game("gelato-mio", players=2, seed=1, ruleset=ruleset).clone()
    fills = gm_state._FILL_SPOTS if ruleset == "review" else gm_state._FILL_ROWS
    for occ in range(512):
        display = _display_with(occ)
        assert gm_state._OCC_OF[bytes(map(gm_state._OCCUPIED, display))] == occ
        takes, n_take = gm_state._TAKE_SPOTS[occ]
        assert list(takes) == [s for s in range(9) if display[s] >= 0] and n_take == len(takes)
        s = base.clone()
        s.display, s.to_fill = list(display), []
        moved = s._slide()
        assert bool(gm_state._GAPPED_ROWS[occ]) == moved == bool(gm_state._SLIDES[occ])
        slid = list(display)
        if moved:
            moves, clears = gm_state._SLIDES[occ]
            for to, at in moves:
                slid[to] = slid[at]
            for spot in clears:
                slid[spot] = -1
        assert slid == s.display, occ
        assert gm_state._SLID[occ] == sum(1 << i for i in range(9) if s.display[i] >= 0)
        s = base.clone()
        s.display, s.to_fill, s.deck = list(display), [], [0, 1, 5, 6, 7, 0, 1, 5, 6, 7]
        s._refill([])
        filled = [i for i in range(9) if display[i] < 0 and s.display[i] >= 0]
        fill = fills[occ]
        assert (list(fill[0]) if fill else []) == filled, occ
        if fill:
            assert fill[1] == sum(1 << i for i in range(9) if s.display[i] >= 0)


def _plays_as_apply(s, seed: int) -> None:
    """``s``'s playout ends where apply() step by step ends (check_playout_paths), with the
    same record of round scores: an objective claimed a turn late would show there (GM-7)."""
    check_playout_paths(s, seed=seed)
    fast = s.clone()
    fast.random_playout(random.Random(seed).random)
    pick = random.Random(seed).random
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[int(pick() * len(legal))])
    assert fast.round_scores == s.round_scores and fast.claimed == s.claimed


@pytest.mark.parametrize("seed", range(3))
def test_playouts_from_rigged_positions_play_as_apply(make, seed):
    """The playout plays what apply() plays from positions a game never reaches by itself
    but a scenario may set: short rows and an empty one that no refill owes (GM-4), a
    refill owing two spots (GMN-2), a seat that earned an objective it has not claimed yet
    (GM-7). A row with a gap left of a card is no position at all: refused (GM-4)."""
    with pytest.raises(ScenarioError, match=r"display\[1\]: .* empty spot left of a card"):
        make(display=[["cone", None, None], ["cream", None, "wafer"], [None, None, None]])
    s = make(display=[["cone", None, None], ["cream", "wafer", None], [None, None, None]],
             hands=[["sugar", "cream", "cone"], ["bowl"]],
             served=[["one_ball_cone_c1", "one_ball_cone_v1", "one_ball_cone_s1"], []])
    _plays_as_apply(s, seed)
    hands = [["sugar"] * 3 + ["cream"] * 3 + ["strawberry"] * 2 + ["chocolate"] * 2
             + ["vanilla"] * 3 + ["bowl"] * 2,
             ["sugar"] * 3 + ["cream"] * 3 + ["strawberry"] * 2 + ["chocolate"] * 2
             + ["bowl"] * 2 + ["wafer"] * 3]
    owed = make(display=[["wafer", None, None], ["cone"] * 3, ["cone"] * 3], hands=hands,
                deck=["vanilla", "qc_balls", "qc_hand"])  # top card first
    owed = owed.apply({"type": "take", "row": 0, "col": 0})
    assert owed.to_fill  # GMN-2: the refill waits for a usual card
    _plays_as_apply(owed, seed)


@pytest.mark.parametrize("variant", [{"flood": True}, {"ruleset": "review"},
                                     {"ruleset": "review", "flood": True, "first_player": 2}])
def test_playouts_of_every_variant_play_as_apply(variant):
    s = icecream.new_game("gelato-mio", players=3, seed=6, **variant)
    pick = random.Random(6)
    for _ in range(40):
        s = s.apply(pick.choice(s.legal_actions()))
    _plays_as_apply(s, 2)
