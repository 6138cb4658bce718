"""The heavy soak (issue 22): what ``tests/test_soak.py`` does, longer.

Every registered game, every player count and variant: random games played to their end
(or ``--random-steps``) and heuristic-bot games for every variant, with the protocol's and
the game's invariants checked after every action; then a long streaming
``python -m icecream simulate`` whose resident memory is sampled while it runs.

    .venv/bin/python benchmarks/soak.py                     # about 10 minutes on 2 cores
    .venv/bin/python benchmarks/soak.py --games 20000 --random-steps 2000
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from test_soak import soak  # noqa: E402 - the suite's soak, run longer

from icecream.core.protocol import list_games  # noqa: E402


def rss_kb(pid: int) -> int:
    """Resident memory of process ``pid`` in kB (Linux), 0 when it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def streaming_memory(game: str, players: int, games: int) -> list[int]:
    """RSS samples (kB) every second of a streaming ``simulate`` of ``games`` games."""
    with tempfile.TemporaryDirectory() as d:
        proc = subprocess.Popen(
            [sys.executable, "-m", "icecream", "simulate", "--game", game, "--players",
             str(players), "--games", str(games), "--csv", str(Path(d) / "out.csv")],
            cwd=ROOT, stderr=subprocess.PIPE, text=True)
        samples = []
        while proc.poll() is None:
            samples.append(rss_kb(proc.pid))
            time.sleep(1)
        err = proc.stderr.read() if proc.stderr else ""
        if proc.returncode:
            raise SystemExit(f"simulate failed: {err.strip()}")
    return [s for s in samples if s]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--random-steps", type=int, default=20000,
                   help="actions of each random game at most (default: to the end)")
    p.add_argument("--games", type=int, default=5000, help="games of the streaming run")
    p.add_argument("--stream-game", default="ice-cream")
    args = p.parse_args()
    for game in list_games():
        t = time.perf_counter()
        actions = soak(game, args.seed, args.random_steps, bot_steps=20000)
        print(f"{game}: {actions} actions checked in {time.perf_counter() - t:.0f} s, "
              "every invariant held", flush=True)
    t = time.perf_counter()
    samples = streaming_memory(args.stream_game, 4, args.games)
    if len(samples) >= 8:  # the first quarter is the start-up (imports, first games)
        quarter = len(samples) // 4
        early, late = max(samples[quarter:2 * quarter]), max(samples[-quarter:])
        print(f"simulate {args.games} games of {args.stream_game}: "
              f"{time.perf_counter() - t:.0f} s, RSS {early // 1024} MB in the second "
              f"quarter of the run, {late // 1024} MB in the last, max "
              f"{max(samples) // 1024} MB")


if __name__ == "__main__":
    main()
