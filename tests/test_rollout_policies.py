"""The ``rollout`` policies (issue 29): cheap rules of thumb for the games hints and
what-ifs play out. For every registered game that has one: it plays only legal actions
at every player count, it never reads what its seat cannot see (IC-6, CCPN-7, GM-6: it
decides alike on every state the seat sees alike, from the view as from the state), it
is reproducible from its seed, its games last about as long as the heuristic's, and it
beats random bots. Speed is measured by ``benchmarks/bench_rollout.py``, not here.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import icecream
from icecream.bots import decide, make_bot
from icecream.core.protocol import get_game, list_games

GAMES = [g for g in list_games() if "rollout" in get_game(g).policies]


def _policy(game: str, seed: int) -> Any:
    return get_game(game).policies["rollout"](random.Random(seed))


def _positions(game: str, players: int, games: int, steps: int, seed: int):
    """(state, seat) at every decision of ``games`` games of ``players``, each move made by
    a random or a rollout player at random (so positions vary and long games end), at most
    ``steps`` decisions a game."""
    rng = random.Random(seed)
    for g in range(games):
        state = icecream.new_game(game, players=players, seed=seed * 100 + g)
        bot = make_bot("rollout", seed=g)
        for _ in range(steps):
            if state.is_over:
                break
            seat = state.current_player
            yield state, seat
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))] if rng.random() < 0.5 else \
                bot.choose_in_playout(state, seat)
            state = state.apply(action)


def test_every_game_has_a_rollout_bot():
    # A rollout bot is optional (docs/protocol.md, the contract): the built-in games each
    # have one; a game without one (Tub) plays its rollouts with a bot it has.
    assert set(GAMES) >= {"ice-cream", "combo-cone", "gelato-mio"}
    for game in list_games():
        spec = get_game(game)
        assert spec.rollout_policy in {"random", "ismcts", *spec.policies}, game


@pytest.mark.parametrize("game", GAMES)
def test_rollout_plays_legal_actions_at_every_player_count(game):
    spec = get_game(game)
    checked = 0
    for players in range(spec.min_players, spec.max_players + 1):
        for state, seat in _positions(game, players, games=2, steps=150, seed=players):
            view = state.view(seat)
            chosen = _policy(game, checked).choose(view)
            assert chosen in view.legal_actions, (game, players, chosen)
            action = _policy(game, checked).choose_state(state, seat)
            assert action in state.legal_actions()
            # The playout path (from the state) chooses what the view path chooses.
            assert action.to_dict() == chosen, (game, players, chosen, action)
            checked += 1
    assert checked > 200 * (spec.max_players - spec.min_players + 1)


@pytest.mark.parametrize("game", GAMES)
def test_rollout_never_reads_what_its_seat_cannot_see(game):
    # IC-6, CCPN-7, GM-6: on a sample of what the seat cannot see, dealt by the game's
    # determinizer from the seat's view, the policy decides exactly as on the true state.
    spec = get_game(game)
    rng = random.Random(5)
    differing = compared = 0
    for state, seat in _positions(game, 3, games=3, steps=120, seed=7):
        if len(state.legal_actions()) < 2 or rng.random() < 0.5:
            continue
        view = state.view(seat)
        other = spec.determinizer(view).sample(random.Random(compared))
        assert other.view(seat).legal_actions == view.legal_actions
        differing += other.to_dict() != state.to_dict()
        for k in range(3):  # several tie-breaking draws
            truth = _policy(game, k).choose_state(state, seat)
            assert _policy(game, k).choose_state(other, seat) == truth
            assert _policy(game, k).choose(other.view(seat)) == truth.to_dict()
        compared += 1
    assert compared >= 40
    assert differing >= compared // 2  # the samples really hid something else


@pytest.mark.parametrize("game", GAMES)
def test_rollout_games_are_reproducible_from_their_seeds(game):
    def play(seed: int) -> tuple:
        state = icecream.new_game(game, players=3, seed=11).clone()
        bots = [make_bot("rollout", seed=seed * 10 + p) for p in range(3)]
        moves = []
        while not state.is_over:
            p = state.current_player
            action = decide(bots[p], state, p)
            moves.append(action)
            state.apply_in_place(action)
        return tuple(moves), state.scores

    first = play(1)
    assert play(1) == first
    assert len(first[0]) > 20


def _game(game: str, seed: int, names: list[str]) -> tuple[int, tuple]:
    """(decisions, winners) of a game played out as rollouts play it."""
    state = icecream.new_game(game, players=len(names), seed=seed).clone()
    bots = [make_bot(name, seed=seed * 10 + p) for p, name in enumerate(names)]
    decisions = 0
    while not state.is_over:
        p = state.current_player
        state.apply_in_place(decide(bots[p], state, p))
        decisions += 1
    return decisions, state.winners


@pytest.mark.parametrize("game", GAMES)
def test_rollout_games_last_about_as_long_as_heuristic_games(game):
    rollout = statistics.fmean(_game(game, s, ["rollout"] * 3)[0] for s in range(6))
    heuristic = statistics.fmean(_game(game, s, ["heuristic"] * 3)[0] for s in range(3))
    # Gelato Mio's random players take thousands of decisions a game, the heuristic's a
    # couple of hundred; the rollout's stay near the heuristic's (the benchmark measures
    # the ratio over hundreds of games).
    assert 0.5 * heuristic <= rollout <= 1.5 * heuristic, (rollout, heuristic)


@pytest.mark.parametrize("game", GAMES)
def test_rollout_beats_random_bots(game):
    games = 12
    share = 0.0
    for g in range(games):
        names = ["random"] * 3
        names[g % 3] = "rollout"
        _d, winners = _game(game, 100 + g, names)
        if g % 3 in winners:
            share += 1 / len(winners)
    assert share / games >= 0.6  # an equal player wins a third
