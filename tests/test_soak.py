"""Soak test for every registered game (issue 22): random games over every player count
and variant with the game's invariants checked after every action, and memory that stays
flat on a long streaming simulation.

This is the quick version for the suite (well under a minute); the heavier soak, with
full random games and many more of them, is ``benchmarks/soak.py``.
"""

from __future__ import annotations

import copy
import pickle
import random
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest

from icecream.bots import decide, make_bot
from icecream.core.protocol import State, get_game, list_games
from icecream.explore.simulate import RowWriter, make_config, stream

GAMES = list_games()


def variants(game: str) -> list[dict[str, Any]]:
    """Every named ruleset and preset, and every value of every choice setting."""
    spec = get_game(game)
    out: list[dict[str, Any]] = [{}]
    out += [{"ruleset": name} for name in spec.rulesets]
    presets = spec.presets() if callable(spec.presets) else spec.presets
    out += [dict(p) for p in (presets or {}).values()]
    form = spec.settings_form() if callable(spec.settings_form) else spec.settings_form
    for f in form or ():
        if f.kind == "choice" and f.name != "ruleset":
            out += [{f.name: choice} for choice in f.choices]
    unique: dict[str, dict[str, Any]] = {}
    for v in out:
        unique.setdefault(repr(sorted(v.items(), key=str)), v)
    return list(unique.values())


def check_state(s: State, n: int) -> None:
    """The protocol's invariants and the game's own (``check_invariants``)."""
    assert len(s.scores) == n and len(s.names) == n
    if s.is_over:
        assert s.current_player is None and s.winners
        assert not s.legal_actions()
    else:
        assert s.current_player in range(n)
        assert s.legal_actions(), (s.phase, "a position with no action that is not over")
    own = getattr(s, "check_invariants", None)
    if own is not None:
        own()


def check_copies(s: State) -> None:
    """``s`` survives ``pickle`` and ``copy.deepcopy`` whole (what ships a state to a worker
    process or Dask, or copies it): the same position, the same options, the same record of
    round scores."""
    for twin in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert twin.to_dict() == s.to_dict()
        assert twin.legal_actions() == s.legal_actions()
        assert getattr(twin, "round_scores", None) == getattr(s, "round_scores", None)


def play(s: State, rng: random.Random, steps: int, bots: list | None = None) -> Iterator[State]:
    """Up to ``steps`` states after ``s``: random legal actions, or ``bots``' choices."""
    for _ in range(steps):
        if s.is_over:
            return
        p = s.current_player
        action = rng.choice(s.legal_actions()) if bots is None else decide(bots[p], s, p)
        s = s.apply(action)
        yield s


def soak(game: str, seed: int, random_steps: int, bot_steps: int,
         bot_variants: int | None = None) -> int:
    """Play every player count and variant of ``game``: one random game (at most
    ``random_steps`` actions) and, for the first ``bot_variants`` variants (all when
    None), one between heuristic bots (to its end, at most ``bot_steps``); check every
    state. Returns the number of actions played."""
    spec = get_game(game)
    actions = 0
    for n in range(spec.min_players, spec.max_players + 1):
        for k, variant in enumerate(variants(game)):
            rng = random.Random(f"{seed}/{n}/{k}")
            start = spec.new_state(players=n, seed=rng.randrange(2**31), **variant)
            check_state(start, n)
            last = start
            for last in play(start, rng, random_steps):
                check_state(last, n)
                actions += 1
            check_copies(last)
            if bot_variants is not None and k >= bot_variants:
                continue
            # The game's heuristic where it has one (its policies are optional).
            kind = "heuristic" if "heuristic" in spec.policies else "random"
            bots = [make_bot(kind, seed=rng.randrange(2**31)) for _ in range(n)]
            last = start
            for last in play(start, rng, bot_steps, bots):
                check_state(last, n)
                actions += 1
            assert last.is_over, (game, n, variant, "a bot game did not end")
    return actions


@pytest.mark.parametrize("game", GAMES)
def test_random_and_bot_games_keep_every_invariant_for_every_count_and_variant(game):
    assert soak(game, seed=22, random_steps=100, bot_steps=3000, bot_variants=1) > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_long_random_game_pickles_and_deep_copies(game):
    """A whole random game at the most players (Gelato Mio's last thousands of actions:
    its record of round scores nested one level a round raised RecursionError)."""
    spec = get_game(game)
    s = spec.new_state(players=spec.max_players, seed=3869).clone()
    steps = s.random_playout(random.Random(3869).random)
    assert s.is_over and steps > 0
    check_copies(s)


def test_memory_stays_flat_on_a_long_streaming_simulation(tmp_path):
    """Memory the streaming road allocates (everything but the game engines, whose lookup
    tables fill up to their bound as they meet new positions) is the same after 30 games
    as after 120: rows are written and dropped, never kept (keeping them grows it by about
    250 kB here)."""
    config = make_config("ice-cream", 3, "random")  # the quickest game per game played
    skip = [tracemalloc.Filter(False, "*/icecream/games/*"),
            tracemalloc.Filter(False, tracemalloc.__file__)]

    def used() -> int:
        snapshot = tracemalloc.take_snapshot().filter_traces(skip)
        return sum(stat.size for stat in snapshot.statistics("filename"))

    samples: list[int] = []
    tracemalloc.start()
    try:
        with RowWriter(tmp_path / "out.csv") as writer:
            for i, chunk in enumerate(stream([config], 120, seed=5, chunk_size=10)):
                writer.write(chunk)
                if i % 3 == 2:
                    samples.append(used())
    finally:
        tracemalloc.stop()
    assert writer.rows == 360 and len(samples) == 4
    assert samples[-1] - samples[0] < 100_000, samples
