"""Property tests for Combo Cone Paradise: random games keep every invariant (hypothesis),
across 2-5 Artisans and both rulesets, plus the protocol's conformance playouts."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import icecream
from icecream.core.conformance import FORGED_ACTIONS, check_random_playouts, check_refusals

PLAYERS = st.integers(min_value=2, max_value=5)
RULESET = st.sampled_from(["rulebook", "review"])


def play_checked(players: int, ruleset: str, seed: int, pick_seed: int):
    """A random game through ``apply`` checking the invariants at every step."""
    s = icecream.new_game("combo-cone", players=players, seed=seed, ruleset=ruleset)
    rng = random.Random(pick_seed)
    prev = s.scores
    steps = 0
    while not s.is_over:
        s.check_invariants()  # every card, Rainbow, Order and Cone in exactly one place
        legal = s.legal_actions()
        assert legal and s.current_player is not None
        if steps % 23 == 0:  # forbidden and forged actions are refused, changing nothing
            check_refusals(s, [rng.choice(FORGED_ACTIONS)])
        actor = s.current_player
        s = s.apply(rng.choice(legal))
        assert all(a >= b for a, b in zip(s.scores, prev, strict=True)), "coins never fall"
        if not s.is_over and s.phase != "main":
            assert s.current_player == actor, "a turn's sub-steps stay with its Artisan (CCP-5)"
        if ruleset == "review":
            assert all(s.rainbows_in_hand(p) <= 3 for p in range(players)), "CCPN-3"
        prev = s.scores
        steps += 1
        assert steps < 5000
    s.check_invariants()
    assert not s.pile and s.winners and s.current_player is None  # CCP-11, CCP-12
    return s


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, ruleset=RULESET, seed=st.integers(0, 2**32), pick=st.integers(0, 2**16))
def test_ccp_random_games_keep_every_invariant(players, ruleset, seed, pick):
    play_checked(players, ruleset, seed, pick)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ccp_protocol_conformance(players):
    report = check_random_playouts("combo-cone", players=players, seed=players, games=1,
                                   deep_every=4)
    assert report.games == 1 and report.actions > 20 and report.illegal_refused > 0


def test_ccp_protocol_conformance_review_ruleset():
    report = check_random_playouts("combo-cone", players=3, seed=7, games=1, deep_every=6,
                                   ruleset="review")
    assert report.games == 1


def test_ccp_apply_never_mutates_and_replays_from_seed():
    rng = random.Random(5)
    s = icecream.new_game("combo-cone", players=3, seed=21)
    actions = []
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        before = s.to_dict()
        nxt = s.apply(a)
        assert s.to_dict() == before
        actions.append(a.to_dict())
        s = nxt
    again = icecream.new_game("combo-cone", players=3, seed=21)
    for a in actions:
        again = again.apply(json.loads(json.dumps(a)))  # lists from JSON, not tuples
    assert again.to_dict() == s.to_dict()
