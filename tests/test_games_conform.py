"""Every registered game against the protocol: conformance (random playouts that must
never break the API, the fast legal path equal to the checks), invariants after every
action (hypothesis), forbidden and forged actions refused with nothing changed, and the
in-place and immutable paths agreeing. Run over ``list_games()``, so a new game is
checked by adding it, with no test of its own."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import icecream
from icecream.core.conformance import (
    FORGED_ACTIONS,
    check_legal_at_every_decision,
    check_legal_paths,
    check_playout_paths,
    check_random_playouts,
    check_refusals,
)
from icecream.core.protocol import get_game

GAMES = icecream.list_games()
#: A random game's decisions are capped (random Gelato Mio games run to thousands).
STEP_LIMIT = 20_000


def _counts(game: str) -> list[int]:
    spec = get_game(game)
    return sorted({spec.min_players, spec.max_players})


@pytest.mark.parametrize("game,players", [(g, n) for g in GAMES for n in _counts(g)])
def test_protocol_conformance(game, players):
    # 120 states of each game, evenly spaced, every 5th deeply: random Gelato Mio games last
    # thousands of decisions.
    report = check_random_playouts(game, players=players, seed=players, games=2,
                                   max_checks=120, deep_every=5, max_actions=STEP_LIMIT)
    assert report.games == 2 and report.actions > 10 and report.illegal_refused > 0


#: ``make test`` runs with ICECREAM_QUICK=1: one game per player count, not three.
GAMES_EACH = 1 if os.environ.get("ICECREAM_QUICK") else 3


@pytest.mark.parametrize("game,players", [(g, n) for g in GAMES for n in _counts(g)])
def test_fast_legal_path_equals_the_checks_at_every_decision(game, players):
    # One source of legality: each rule is written once, in its check_<type>; whatever a
    # game's fast path or memo does, its legal actions are the candidates the checks
    # allow, in order, at every decision of random games (not a sample of states).
    decisions = check_legal_at_every_decision(game, players, seed=players, games=GAMES_EACH)
    assert decisions >= GAMES_EACH  # every game decided at least once, each check passed


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("ruleset_index", [0, 1])
def test_every_ruleset_plays_to_the_end_with_invariants_kept(game, ruleset_index):
    spec = get_game(game)
    rulesets = sorted(spec.rulesets)
    ruleset = rulesets[ruleset_index % len(rulesets)]
    s = icecream.new_game(game, players=spec.max_players, seed=ruleset_index,
                          ruleset=ruleset).clone()
    rnd = random.Random(ruleset_index).random
    steps = 0
    while not s.is_over:
        if steps % 97 == 0:
            s.check_invariants()
            check_legal_paths(s)
        legal = s.legal_actions()
        s.apply_in_place(legal[int(rnd() * len(legal))])
        steps += 1
        assert steps < STEP_LIMIT, f"{game} {ruleset}: no end in {STEP_LIMIT} decisions"
    s.check_invariants()
    assert s.winners and s.current_player is None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), pick=st.integers(0, 2**16),
       extra=st.integers(0, 3))
def test_random_games_keep_every_invariant(game, seed, pick, extra):
    spec = get_game(game)
    players = spec.min_players + extra % (spec.max_players - spec.min_players + 1)
    s = icecream.new_game(game, players=players, seed=seed)
    rng = random.Random(pick)
    prev_round = getattr(s, spec.round_attr, 0)
    for steps in range(STEP_LIMIT):
        if s.is_over:
            break
        if steps % 53 == 0:
            s.check_invariants()
            check_legal_paths(s)
            check_refusals(s, [rng.choice(FORGED_ACTIONS)])
        s = s.apply(rng.choice(s.legal_actions()))
        now = getattr(s, spec.round_attr, 0)
        assert now in (prev_round, prev_round + 1), "rounds count up one at a time"
        prev_round = now
    assert s.is_over, f"{game}: no end in {STEP_LIMIT} random decisions"
    s.check_invariants()
    assert s.winners


@pytest.mark.parametrize("game", GAMES)
def test_in_place_and_immutable_paths_agree(game):
    rng = random.Random(3)
    s = icecream.new_game(game, players=get_game(game).min_players, seed=21)
    c = s.clone()
    for _ in range(400):
        if s.is_over:
            break
        a = rng.choice(s.legal_actions())
        s = s.apply(a)
        c.apply_in_place(a)
        assert c.to_dict() == s.to_dict()
    check_playout_paths(s, seed=5)


@pytest.mark.parametrize("game", GAMES)
def test_save_and_load_round_trip_through_history(game):
    rng = random.Random(11)
    h = icecream.History.new(game, players=get_game(game).max_players, seed=4)
    for _ in range(60):
        if h.state.is_over:
            break
        h.play(rng.choice(h.state.legal_actions()))
    again = icecream.load_history(h.to_json())
    assert again.state.to_dict() == h.state.to_dict() and len(again) == len(h)


@pytest.mark.parametrize("game", GAMES)
def test_a_determinizer_sample_is_seen_as_the_view_it_came_from(game):
    # determinizer(view).sample(rng).view(seat) == view, for the seat that decides and
    # for another seat, along a random game (search bots and what-ifs rely on it).
    spec = get_game(game)
    rng = random.Random(game)
    s = spec.new_state(players=spec.max_players, seed=3)
    for _ in range(40):
        if s.is_over:
            break
        for seat in {s.current_player, (s.current_player + 1) % s.num_players}:
            view = s.view(seat)
            assert spec.determinizer(view).sample(rng).view(seat) == view, (s.phase, seat)
        s = s.apply(rng.choice(s.legal_actions()))
