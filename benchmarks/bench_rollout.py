"""Benchmark of the ``rollout`` bots against the random and heuristic bots (a script that
prints figures, not a test).

    .venv/bin/python benchmarks/bench_rollout.py                    # every game with one
    .venv/bin/python benchmarks/bench_rollout.py --game gelato-mio --games 200

For each game that has a ``rollout`` policy, in one run:

* speed: decisions per second of the random, heuristic and rollout bots, each playing
  every seat of whole games the way hints and what-ifs play them out (``decide`` on a
  clone, ``apply_in_place``), in interleaved time slices so machine load hits all three
  alike; the ratios rollout/random and rollout/heuristic are the figures to read (the
  target: rollout at least 1/3 of random). Each decision's time is split into choosing
  and the engine's step: a table-like game's steps (serves, fills) cost the engine more
  than a random game's, which bounds the ratio any policy can reach (printed too);
* game length: mean decisions and rounds per game (with 95% intervals) under each bot;
  the rollout's should be within about 25% of the heuristic's;
* quality: the rollout bot's win rate in one seat against random bots, and against
  heuristic bots, in ``--games`` games each (its seat rotates; a shared win counts as a
  share), with Wilson 95% intervals, next to the 1/n of an equal player.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import icecream
from icecream.bots import decide, make_bot
from icecream.core.protocol import get_game, list_games
from icecream.explore.metrics import wilson
from icecream.explore.simulate import bot_seed, game_seed

BOTS = ("random", "heuristic", "rollout")


def play(game: str, players: int, seed: int, names: list[str],
         clock: list[float] | None = None) -> tuple[int, int, tuple, float]:
    """One game with bot ``names[p]`` in seat ``p``: (decisions, rounds, winners, seconds).
    With ``clock``, the seconds spent choosing are added to ``clock[0]``."""
    spec = get_game(game)
    state = icecream.new_game(game, players=players, seed=seed).clone()
    bots = [make_bot(name, seed=bot_seed(seed, p)) for p, name in enumerate(names)]
    step = state.apply_in_place
    decisions = 0
    choosing = 0.0
    now = time.perf_counter
    start = now()
    while not state.is_over:
        p = state.current_player
        if clock is None:
            step(decide(bots[p], state, p))
        else:  # the choice timed apart from the engine's step
            t0 = now()
            action = decide(bots[p], state, p)
            choosing += now() - t0
            step(action)
        decisions += 1
    seconds = now() - start
    if clock is not None:
        clock[0] += choosing
    return decisions, getattr(state, spec.round_attr), state.winners, seconds


def mean_ci(values: list[float]) -> str:
    """``mean (low-high)``: the mean with a normal 95% interval."""
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{m:7.1f} ({m - half:.1f}-{m + half:.1f})"


def bench_speed(game: str, players: int, slices: int, slice_seconds: float) -> dict:
    """Interleaved time slices of whole games per bot: decisions, seconds, lengths."""
    out = {b: {"decisions": 0, "seconds": 0.0, "lengths": [], "rounds": [], "choosing": [0.0]}
           for b in BOTS}
    index = 0
    for k in range(slices):
        order = BOTS[k % 3:] + BOTS[:k % 3]  # who goes first rotates as well
        for bot in order:
            spent = 0.0
            while spent < slice_seconds:
                d, r, _w, secs = play(game, players, game_seed(1, index), [bot] * players,
                                      out[bot]["choosing"])
                index += 1
                spent += secs
                row = out[bot]
                row["decisions"] += d
                row["seconds"] += secs
                row["lengths"].append(d)
                row["rounds"].append(r)
    return out


def win_rate(game: str, players: int, games: int, rival: str) -> tuple:
    """The rollout bot's wins (a shared win as a share) in one rotating seat against
    ``rival`` bots in the others."""
    share = 0.0
    for g in range(games):
        seat = g % players
        names = [rival] * players
        names[seat] = "rollout"
        _d, _r, winners, _s = play(game, players, game_seed(2, g), names)
        if seat in winners:
            share += 1 / len(winners)
    return wilson(share, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: every game with "
                        "a rollout policy)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--slices", type=int, default=3, help="time slices per bot")
    parser.add_argument("--slice-seconds", type=float, default=1.5)
    parser.add_argument("--games", type=int, default=120, help="games per win rate")
    args = parser.parse_args()
    games = args.game or [g for g in list_games() if "rollout" in get_game(g).policies]
    n = args.players
    for game in games:
        print(f"== {game}, {n} players")
        speed = bench_speed(game, n, args.slices, args.slice_seconds)
        rate = {b: speed[b]["decisions"] / speed[b]["seconds"] for b in BOTS}
        for b in BOTS:
            row = speed[b]
            per = 1e6 * row["seconds"] / row["decisions"]
            choosing = 1e6 * row["choosing"][0] / row["decisions"]
            print(f"  {b:9s} {rate[b]:9.0f} decisions/s ({per:6.1f} us: choosing "
                  f"{choosing:6.1f}, the engine {per - choosing:5.1f})   "
                  f"{len(row['lengths']):4d} games   decisions/game "
                  f"{mean_ci(row['lengths'])}   rounds/game {mean_ci(row['rounds'])}")
        length = statistics.fmean(speed["rollout"]["lengths"]) / statistics.fmean(
            speed["heuristic"]["lengths"])
        rounds = statistics.fmean(speed["rollout"]["rounds"]) / statistics.fmean(
            speed["heuristic"]["rounds"])
        engine = (speed["rollout"]["seconds"] - speed["rollout"]["choosing"][0]) / speed[
            "rollout"]["decisions"]
        print(f"  speed: rollout/random {rate['rollout'] / rate['random']:.2f} "
              f"(target >= 0.33), rollout/heuristic {rate['rollout'] / rate['heuristic']:.1f}x; "
              f"a policy choosing in no time would reach rollout/random "
              f"{1 / engine / rate['random']:.2f} (the engine's steps in rollout games)")
        print(f"  length: rollout/heuristic decisions {length:.2f}, rounds {rounds:.2f} "
              "(target within 0.75-1.25)")
        for rival in ("random", "heuristic"):
            e = wilson_text(win_rate(game, n, args.games, rival))
            print(f"  rollout's win rate vs {n - 1} {rival}: {e}   (an equal player: "
                  f"{1 / n:.3f})")


def wilson_text(e) -> str:
    return f"{e.value:.3f} ({e.low:.3f}-{e.high:.3f}) in {e.n} games"


if __name__ == "__main__":
    main()
