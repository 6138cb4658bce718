"""Decisiveness benchmark of the position what-if and the hint (issue 29; a script that
prints figures, not a test).

    .venv/bin/python benchmarks/bench_decisive.py                  # every game, 5 positions
    .venv/bin/python benchmarks/bench_decisive.py --game gelato-mio --long 2000
    .venv/bin/python benchmarks/bench_decisive.py --long-only       # fill the cache only

For each game, ``--positions`` mid-game positions (3 players; heuristic bots play a new
game of seed 1, 2, ... up to about 40% of its length, then on to the first decision with
two options or more). On each:

* the **short run**: :func:`~icecream.explore.position.compare_options` with its defaults
  (the position page's 10 s, adaptive sampling, the game's rollout policy), and
  :func:`~icecream.teach.hints.hint` with its defaults (the hint page's 2 s): the seconds
  each took (the what-if's including its intervals), the samples, and the what-if's
  verdict: ``clear`` (the best option's paired lead over the runner-up has a 95% interval
  excluding 0), ``too_close`` (the interval holds 0 and is at most 2 points wide: "too
  close to call") or ``undecided`` (neither: the target is missed there);
* the **long run**: ``--long`` samples (2,000 by default) of every option still in
  contention, on other seeds than the short run, with no time limit, cached in
  ``benchmarks/decisive_long.json`` (keyed by game, position, policy and samples) since it
  takes many minutes. Positions have up to 50 options (Gelato Mio's takes), so 2,000 of
  each would take hours on a shared 2-core machine: the long run races without halving
  (an option is dropped only when its paired difference to the leader lies wholly below
  0 by 3 standard errors), then the race's 3 best options by mean (``CONTENDERS``) play
  all ``--long`` samples side by side, paired, with the short run's best if it is not one
  of them (``--no-race``: every option does). The race alone ends when one option is
  left, often after a few hundred samples, and its leader may be a lucky one: the final
  round is what makes the long run long. Its best option and each option's paired
  difference to it, with a
  normal 95% interval (over the samples the option played).

**Agreement**: a ``clear`` verdict agrees when its best option is the long run's best; a
``too_close`` one when its best option is within ``CLOSE_WIDTH / 2`` (1 point) of the long
run's best, paired (the options really are that close: taking either costs under a
point); ``undecided`` never agrees. The target: agreement in at least 9 of 10 positions
per game (here out of ``--positions``), and ``hint(state)`` within 3 s, ``what_if(state)``
within 10 s. The machine is shared: the seconds are wall time under its load.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import icecream
from icecream.bots import decide, make_bot
from icecream.core.protocol import list_games
from icecream.explore.position import CLOSE_WIDTH, compare_options
from icecream.explore.stats import Z95
from icecream.teach.hints import hint

CACHE = Path(__file__).with_name("decisive_long.json")
#: Moves the heuristic bots play before a position is taken (about 40% of a 3-player
#: game of each: Ice Cream ~60 decisions, Combo Cone ~180, Gelato Mio ~150).
MOVES = {"ice-cream": 24, "combo-cone": 70, "gelato-mio": 60}
PLAYERS = 3
#: The options of a long run's race that then play all its samples side by side.
CONTENDERS = 3


def position(game: str, seed: int) -> Any:
    """A mid-game position of ``game``: heuristic bots play ``MOVES[game]`` moves of a
    new game of ``seed``, then on to a decision with two options or more."""
    s = icecream.new_game(game, players=PLAYERS, seed=seed).clone()
    bots = [make_bot("heuristic", seed=1000 * seed + p) for p in range(PLAYERS)]
    k = 0
    while not s.is_over and (k < MOVES.get(game, 30) or len(s.legal_actions()) < 2):
        p = s.current_player
        s.apply_in_place(decide(bots[p], s, p))
        k += 1
    if s.is_over:
        raise SystemExit(f"{game} seed {seed}: the game ended before a mid-game decision")
    return s


def _key(action: Any) -> str:
    return json.dumps(action.to_dict() if hasattr(action, "to_dict") else action,
                      sort_keys=True)


def long_run(game: str, seed: int, state: Any, n: int, cache: dict, race: bool = True,
             path: Path = CACHE, include: str | None = None) -> dict:
    """Every option on ``n`` samples (cached): the best option and each option's mean and
    paired difference to the best (mean, 95% half-width).

    With ``race``, a race without halving first drops the options clearly worse than the
    leader (3 standard errors, on the samples they played); then the :data:`CONTENDERS`
    best options by mean play all ``n`` samples side by side, paired (a race that ends
    with one option left after a few hundred samples is not a long run: its leader can be
    a lucky one), and with them ``include`` (an action's key: the short run's best, whose
    distance to the long run's best is what agreement reads)."""
    key = f"{game}/{seed}/{state.game.rollout_policy}/{n}/{'final' if race else 'all'}"
    got = cache.get(key)
    if got is not None and (include is None or any(
            o["action"] == include and o["samples"] == n for o in got["options"])):
        return got
    start = time.perf_counter()
    found = compare_options(state, n=n, seed=10**6 + seed, seconds=None, adaptive=race,
                            halving=False)
    games = found.games
    by_plain = {_key(o.plain): o for o in found.options}
    if race:
        ranked = sorted(found.options, key=lambda o: -o.mean_score)[:CONTENDERS]
        ranked += [o for o in found.options if _key(o.plain) == include and o not in ranked]
        final = compare_options(state, n=n, seed=10**6 + seed, seconds=None,
                                actions=[o.action for o in ranked], adaptive=False)
        games += final.games
        by_plain.update({_key(o.plain): o for o in final.options})
        best = final.best
    else:
        best = found.best
    options = []
    for o in found.options:
        o = by_plain[_key(o.plain)]
        diffs = [a - b for a, b in zip(o.scores, best.scores, strict=False)]
        k = len(diffs)
        m = math.fsum(diffs) / k
        sd = math.sqrt(math.fsum((d - m) ** 2 for d in diffs) / (k - 1)) if k > 1 else 0.0
        options.append({"action": _key(o.plain), "label": o.label, "mean": o.mean_score,
                        "vs_best": m, "half": Z95 * sd / math.sqrt(k), "samples": k})
    got = cache[key] = {"best": [op["action"] for op in options].index(_key(best.plain)),
                        "options": options, "samples": n, "games": games,
                        "seconds": round(time.perf_counter() - start, 1)}
    # Read again before writing: another run (another game) may have added its own.
    on_disk = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    on_disk.update(cache)
    path.write_text(json.dumps(on_disk, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return got


def short_run(state: Any, seed: int) -> dict:
    """The what-if and the hint with their default budgets, timed."""
    start = time.perf_counter()
    found = compare_options(state, seed=seed)
    lead, verdict = found.advantage, found.verdict  # the intervals, computed here
    took = time.perf_counter() - start
    start = time.perf_counter()
    h = hint(state, seed=seed)
    hint_took = time.perf_counter() - start
    return {"found": found, "best": _key(found.best.plain), "verdict": verdict,
            "lead": lead, "seconds": took, "hint_seconds": hint_took,
            "hint_samples": h.samples, "hint_clear": h.clear}


def agrees(short: dict, long: dict) -> bool:
    """Whether the short run's verdict agrees with the long run (see the docstring)."""
    by_action = {o["action"]: o for o in long["options"]}
    mine = by_action[short["best"]]
    if short["verdict"] == "clear":
        return long["options"][long["best"]]["action"] == short["best"]
    if short["verdict"] == "too_close":
        return -mine["vs_best"] <= CLOSE_WIDTH / 2
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--long", type=int, default=2000, help="samples per option in the "
                        "long run (cached in benchmarks/decisive_long.json)")
    parser.add_argument("--long-only", action="store_true", help="only fill the cache")
    parser.add_argument("--cache", type=Path, default=CACHE, help="the long runs' cache")
    parser.add_argument("--no-race", action="store_true", help="the long run plays every "
                        "option on every sample")
    parser.add_argument("--seed", type=int, default=7, help="the short runs' seed")
    args = parser.parse_args()
    cache = json.loads(args.cache.read_text(encoding="utf-8")) if args.cache.exists() else {}
    for game in args.game or list_games():
        rows = []
        for seed in range(1, args.positions + 1):
            state = position(game, seed)
            if args.long_only:
                got = long_run(game, seed, state, args.long, cache, not args.no_race,
                               args.cache)
                print(f"{game} position {seed}: {len(got['options'])} options, long run of "
                      f"{args.long} samples ({got['games']} games) took {got['seconds']} s",
                      flush=True)
                continue
            short = short_run(state, args.seed)
            long = long_run(game, seed, state, args.long, cache, not args.no_race, args.cache,
                            include=short["best"])
            rows.append((seed, state, short, long, agrees(short, long)))
        if args.long_only:
            continue
        _table(game, rows, args.long)


def _table(game: str, rows: list, n: int) -> None:
    print(f"== {game}, {PLAYERS} players, {len(rows)} mid-game positions; long runs of {n} "
          "samples per option")
    print(f"  {'pos':>3} {'opts':>4} {'what-if s':>9} {'samples':>7} {'games':>5} "
          f"{'verdict':>10} {'lead (95% interval)':>24} {'long: best lead':>16} "
          f"{'agrees':>6} {'hint s':>6} {'hint n':>6}")
    for seed, _state, short, long, ok in rows:
        found, lead = short["found"], short["lead"]
        best_long = long["options"][long["best"]]
        mine = {o["action"]: o for o in long["options"]}[short["best"]]
        print(f"  {seed:>3} {len(found.options):>4} {short['seconds']:>9.1f} "
              f"{found.samples:>7} {found.games:>5} {short['verdict']:>10} "
              f"{lead.value:>+7.2f} ({lead.low:+.2f} to {lead.high:+.2f}) "
              f"{-mine['vs_best']:>+9.2f} ±{mine['half']:.2f} {'yes' if ok else 'NO':>6} "
              f"{short['hint_seconds']:>6.1f} {short['hint_samples']:>6}")
        if best_long["action"] != short["best"]:
            print(f"        short best: {found.best.label}; long best: {best_long['label']}")
    agree = sum(ok for *_x, ok in rows)
    decisive = sum(r[2]["verdict"] in ("clear", "too_close") for r in rows)
    slow_w = max(r[2]["seconds"] for r in rows)
    slow_h = max(r[2]["hint_seconds"] for r in rows)
    print(f"  decisive (clear or too close within {CLOSE_WIDTH:g} points): {decisive} of "
          f"{len(rows)}; agrees with the long run: {agree} of {len(rows)}; slowest what-if "
          f"{slow_w:.1f} s (target 10), slowest hint {slow_h:.1f} s (target 3)")
    print("  ('long: best lead' is how far the long run's best option is ahead of the short "
          "run's best, paired, with its 95% half-width; 0 when they are the same)")


if __name__ == "__main__":
    main()
