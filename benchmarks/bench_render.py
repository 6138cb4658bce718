"""How responsive the table is: applying an action and re-rendering, over whole games.

Prints p50 / p95 / max in milliseconds, for

* ``apply + render_svg``: the engine applies a move and the SVG of the table is drawn
  (the teacher's view and the view of the seat to act);
* ``GameExplorer.click``: the whole kernel-side path of a click in a notebook or Voila:
  checks, the move, the SVG, the options panel, the log, the scores and the controls.

    .venv/bin/python benchmarks/bench_render.py [games] [players]

Aim: p95 < 30 ms. This is a script that prints figures, not a timed test.
"""

from __future__ import annotations

import statistics
import sys
import time

import icecream
from icecream.bots import make_bot
from icecream.games.ice_cream.render import render_svg
from icecream.widgets import GameExplorer


def percentiles(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p50 = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"n={len(ms):5d}  p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  max {ms[-1]:6.2f} ms"


def bench_apply_render(games: int, players: int) -> tuple[list[float], list[float]]:
    teacher, seat = [], []
    for g in range(games):
        bot = make_bot("random", seed=g)
        s = icecream.new_game("ice-cream", players=players, seed=g)
        while not s.is_over:
            action = bot.choose(s.view(s.current_player))
            t0 = time.perf_counter()
            s = s.apply(action)
            render_svg(s, None)
            teacher.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            render_svg(s, s.current_player)
            seat.append(time.perf_counter() - t0)
    return teacher, seat


def bench_explorer_click(games: int, players: int) -> list[float]:
    times = []
    for g in range(games):
        bot = make_bot("random", seed=g)
        ex = GameExplorer(players=players, seed=g)
        while not ex.state.is_over:
            action = bot.choose(ex.state.view(ex.state.current_player))
            t0 = time.perf_counter()
            ok = ex.click(action)
            times.append(time.perf_counter() - t0)
            assert ok, ex.message
    return times


def main(games: int = 20, players: int = 4) -> None:
    print(f"{games} games of {players} players, random bots")
    teacher, seat = bench_apply_render(games, players)
    print(f"apply + render_svg (teacher)      {percentiles(teacher)}")
    print(f"render_svg (seat to act)          {percentiles(seat)}")
    print(f"GameExplorer.click (whole path)   {percentiles(bench_explorer_click(games, players))}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
