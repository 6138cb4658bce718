"""Benchmarks of the exploration tools (a script that prints figures, not a test).

    .venv/bin/python benchmarks/bench_explore.py                  # everything
    .venv/bin/python benchmarks/bench_explore.py --part sweep     # one part
    .venv/bin/python benchmarks/bench_explore.py --part tournament --playouts 100

Parts:

* ``sweep``: games per second of a two-setting sweep with 1 and 2 local workers.
* ``ismcts``: IS-MCTS decision time at 1,000 playouts over real decision points.
* ``tournament``: win rates over ``--tournament-games`` games of (a) heuristic vs three
  random bots, (b) one table of IS-MCTS, heuristic and two random bots (the first dealer
  rotates, so every bot deals first equally often), with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import icecream
from icecream.bots import make_bot
from icecream.explore import simulate, sweep
from icecream.explore.metrics import BotWinRate


def bench_sweep(games: int) -> None:
    grid = {"close": ["scoop", "flavour"]}
    sweep(grid, games=50, workers=1)  # warm the engine's cone tables
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        frame = sweep(grid, games=games, workers=workers)
        secs = time.perf_counter() - start
        rates[workers] = 2 * games / secs
        print(f"sweep, {workers} worker(s): {2 * games} games in {secs:.2f} s = "
              f"{rates[workers]:.0f} games/s ({len(frame)} rows)")
    print(f"speed-up with 2 workers: {rates[2] / rates[1]:.2f}x on {os.cpu_count()} cores")


def decision_points(count: int, seed: int = 0) -> list:
    """Views of real positions with at least two legal actions, from random games."""
    rng = random.Random(seed)
    views = []
    g = 0
    while len(views) < count:
        s = icecream.new_game("ice-cream", players=4, seed=g).clone()
        g += 1
        while not s.is_over:
            legal = s.legal_actions()
            if len(legal) > 1 and rng.random() < 0.05 and len(views) < count:
                views.append(s.view(s.current_player))
            s.apply_in_place(legal[int(rng.random() * len(legal))])
    return views


def bench_ismcts(count: int) -> None:
    views = decision_points(count)
    times = []
    for i, v in enumerate(views):
        bot = make_bot("ismcts", seed=i, playouts=1000)
        start = time.perf_counter()
        bot.choose(v)
        times.append(time.perf_counter() - start)
    by_phase: dict[str, list[float]] = {}
    for v, secs in zip(views, times, strict=True):
        by_phase.setdefault(v.phase, []).append(secs)
    print(f"IS-MCTS, 1,000 playouts, {len(times)} decisions: mean {statistics.mean(times):.3f} s,"
          f" median {statistics.median(times):.3f} s, max {max(times):.3f} s")
    for phase, ts in sorted(by_phase.items()):
        print(f"  {phase}: {len(ts)} decisions, mean {statistics.mean(ts):.3f} s")


def _rates(frame, label: str) -> None:
    games = frame["game"].nunique()
    for bot in sorted(frame["bot"].unique()):
        e = BotWinRate(bot).compute(frame)
        score = frame.loc[frame["bot"] == bot, "score"].mean()
        print(f"  {label}: {bot:9s} win rate {e.value:.3f} [{e.low:.3f}, {e.high:.3f}] "
              f"over {e.n} seats, mean score {score:.2f} ({games} games)")


def bench_tournament(games: int, playouts: int) -> None:
    start = time.perf_counter()
    frame = simulate(games=games, bots=["heuristic", "random", "random", "random"], workers=2)
    print(f"heuristic vs 3 random, {games} games ({time.perf_counter() - start:.1f} s):")
    _rates(frame, "table 1")
    start = time.perf_counter()
    frame = simulate(games=games, bots=["ismcts", "heuristic", "random", "random"], workers=2,
                     bot_options={"ismcts": {"playouts": playouts}})
    print(f"IS-MCTS ({playouts} playouts) vs heuristic vs 2 random, {games} games "
          f"({time.perf_counter() - start:.1f} s):")
    _rates(frame, "table 2")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--part", choices=("all", "sweep", "ismcts", "tournament"), default="all")
    p.add_argument("--sweep-games", type=int, default=3000, help="games per setting")
    p.add_argument("--decisions", type=int, default=30)
    p.add_argument("--tournament-games", type=int, default=2000)
    p.add_argument("--playouts", type=int, default=100, help="IS-MCTS playouts in tournaments")
    args = p.parse_args(argv)
    if args.part in ("all", "sweep"):
        bench_sweep(args.sweep_games)
    if args.part in ("all", "ismcts"):
        bench_ismcts(args.decisions)
    if args.part in ("all", "tournament"):
        bench_tournament(args.tournament_games, args.playouts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
