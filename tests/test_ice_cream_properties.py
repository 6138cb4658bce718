"""Ice Cream's property tests: random games never break an invariant (hypothesis), across
2-5 players and both close rules (IC-10), plus the protocol conformance test. The other
games have theirs in tests/combo_cone and tests/gelato_mio, and the generic ones run over
every registered game in tests/test_games_conform.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import icecream
from icecream.core.conformance import FORGED_ACTIONS, check_random_playouts, check_refusals
from icecream.games.ice_cream.state import new_state

PLAYERS = st.integers(min_value=2, max_value=5)
CLOSE = st.sampled_from(["scoop", "flavour"])


def play_checked(players, close, seed, pick_seed, days=4):
    """Play a random game with ``apply`` checking every invariant; return the final state."""
    s = icecream.new_game("ice-cream", players=players, seed=seed, close=close, days=days)
    rng = random.Random(pick_seed)
    prev_scores = s.scores
    prev_day = s.day
    steps = 0
    while not s.is_over:
        s.check_invariants()                                          # IC-16, IC-7 limits
        legal = s.legal_actions()
        assert legal
        if steps % 17 == 0:                                           # illegal ones refused
            check_refusals(s, [rng.choice(FORGED_ACTIONS)])
        s = s.apply(rng.choice(legal))
        assert all(a >= b for a, b in zip(s.scores, prev_scores, strict=True))  # never fall
        assert s.day in (prev_day, prev_day + 1)
        prev_scores, prev_day = s.scores, s.day
        steps += 1
        assert steps < 2000
    s.check_invariants()
    assert s.day == days and len(s.results) == days                  # ends after the last day
    assert s.winners and s.current_player is None
    assert sum(sum(x) for day in s.results for x in day) == sum(s.scores)
    return s


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, close=CLOSE, seed=st.integers(0, 2**32), pick=st.integers(0, 2**16))
def test_random_games_keep_every_invariant(players, close, seed, pick):
    play_checked(players, close, seed, pick)


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, close=CLOSE, seed=st.integers(0, 2**32),
       removed=st.integers(0, 12), cones=st.integers(8, 15), per=st.integers(3, 6))
def test_what_if_component_counts_keep_invariants(players, close, seed, removed, cones, per):
    if cones * per < 30 - removed:
        with pytest.raises(icecream.core.errors.SettingsError, match="ICN-5"):
            icecream.new_game("ice-cream", players=players, seed=seed, removed_scoops=removed,
                              cones=cones, scoops_per_cone=per)
        return
    s = icecream.new_game("ice-cream", players=players, seed=seed, close=close,
                          removed_scoops=removed, cones=cones, scoops_per_cone=per, days=2)
    rng = random.Random(seed)
    while not s.is_over:
        s.check_invariants()
        s = s.apply(rng.choice(s.legal_actions()))
    s.check_invariants()


def test_thousands_of_random_games_conserve_cards():
    """2,000 random games (all player counts, both close rules) with IC-16 checked at the end
    of every day and every game, played on the in-place fast path."""
    rnd = random.Random(7).random
    games = 0
    for players in (2, 3, 4, 5):
        for close in ("scoop", "flavour"):
            for g in range(250):
                s = new_state(players, seed=g, close=close).clone()
                day = s.day
                while not s.is_over:
                    legal = s.legal_actions()
                    s.apply_in_place(legal[int(rnd() * len(legal))])
                    if s.day != day:
                        s.check_invariants()
                        day = s.day
                s.check_invariants()
                assert len(s.results) == 4
                games += 1
    assert games == 2000


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("close", ["scoop", "flavour"])
def test_protocol_conformance(players, close):
    report = check_random_playouts("ice-cream", players=players, seed=players, games=1,
                                   deep_every=3, close=close)
    assert report.games == 1 and report.actions > 50 and report.illegal_refused > 0


def test_in_place_and_immutable_paths_agree():
    rng = random.Random(3)
    s = icecream.new_game("ice-cream", players=4, seed=21)
    c = s.clone()
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        s = s.apply(a)
        c.apply_in_place(a)
        assert c.to_dict() == s.to_dict()
