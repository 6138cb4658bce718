"""Gelato Mio's hints: the heuristic ranks every option as it chooses, and a hint plays
out only the best ranked options (``GameSpec.hint_options``), saying so."""

from __future__ import annotations

import random

import pytest

import icecream
from icecream.bots import decide, make_bot
from icecream.explore.position import what_if
from icecream.explore.simulate import SimulationError
from icecream.games.gelato_mio.actions import PASS
from icecream.games.gelato_mio.policies import HeuristicPolicy
from icecream.teach.hints import hint


def _positions(games: int = 2, moves: int = 150):
    for g in range(games):
        s = icecream.new_game("gelato-mio", players=3, seed=g)
        bots = [make_bot("heuristic", seed=q) for q in range(3)]
        for _ in range(moves):
            if s.is_over:
                break
            yield s
            s = s.apply(decide(bots[s.current_player], s, s.current_player))


@pytest.mark.parametrize("ask", [False, True])
def test_the_heuristic_ranks_its_own_choice_best(ask):
    """What the heuristic chooses (GM-5, GM-6) is always among the options it ranks
    best, at every decision of heuristic games: its ranking is its choice, spelt out."""
    policy = HeuristicPolicy(random.Random(0), ask=ask)
    seen = 0
    for s in _positions():
        v = s.view(s.current_player)
        values = policy.rank(v)
        assert len(values) == len(v.legal_actions)
        pick = policy.choose(v)
        assert values[v.legal_actions.index(pick)] == max(values), (s, pick)
        seen += len(v.legal_actions) > 1
    assert seen > 100


def test_a_hint_plays_out_the_best_ranked_options_and_says_so():
    s = next(x for x in _positions(1, 400) if len(x.legal_actions()) > 10)
    cap = s.game.hint_options
    h = hint(s, samples=2)
    assert len(h.options) == cap and h.of_options == len(s.legal_actions())
    v = s.view(s.current_player)
    values = HeuristicPolicy(random.Random(0)).rank(v)
    kept = sorted(values, reverse=True)[:cap]
    for o in h.options:
        assert values[v.legal_actions.index(o.action)] >= min(kept)
    assert f"Only the {cap} of the {len(s.legal_actions())} options" in h.text()
    # The rollout bots play the games; the heuristic, which ranks, picked the options.
    assert h.policy == "rollout" and h.ranked_by == "heuristic"
    assert "options that sensible bots rate best" in h.text()
    nl = hint(s, samples=1, lang="nl")
    assert f"Alleen de {cap} van de {len(s.legal_actions())} zetten" in nl.text()


def test_a_hint_with_few_options_plays_them_all():
    cap = icecream.get_game("gelato-mio").hint_options
    s = next(x for x in _positions(2, 400) if 1 < len(x.legal_actions()) <= cap)
    h = hint(s, samples=1)
    assert len(h.options) == len(s.legal_actions()) and h.of_options is None
    assert "Only the" not in h.text()


def test_what_if_compares_only_the_actions_asked_for():
    s = next(x for x in _positions(1, 400) if len(x.legal_actions()) > 3)
    legal = list(s.legal_actions())
    table = what_if(s, n=1, actions=[legal[2], legal[0]])
    assert [r["action"] for r in table.to_dict("records")] == [legal[0].to_dict(),
                                                              legal[2].to_dict()]
    assert PASS not in legal  # passing is allowed only when nothing else is (GM-6)
    with pytest.raises(SimulationError, match="must be legal now"):
        what_if(s, n=1, actions=[PASS])
    with pytest.raises(SimulationError, match="at least one legal action"):
        what_if(s, n=1, actions=[])
