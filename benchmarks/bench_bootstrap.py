"""The what-if statistics in pure Python against numpy, at a page's sample sizes (issue 28).

The explore layer computes its intervals without numpy (``icecream.explore.stats``) so that
the static site (Pyodide: no numpy wheel on PyPI) runs the same code. This prints, for the
sizes a page uses, the time of:

* drawing the bootstrap's resampling indexes (1,000 resamples of n games: numpy's own
  ``default_rng(seed).integers`` against the pure-Python PCG64 that draws the same numbers;
  drawn once per table, as every option or metric resamples the same games);
* one percentile bootstrap of a mean (numpy's vectorised mean and percentile against the
  pure-Python one, indexes already drawn);
* a position what-if's table (6 options: a score and a paired "vs best" interval each)
  and a comparison's metrics (200 games of 4 players per setting, the page's default),
  from results already played.

Run: ``.venv/bin/python benchmarks/bench_bootstrap.py``. Pyodide (WebAssembly) runs Python
about 1.5 to 3 times slower than CPython; the page budgets (hint 2 s, position what-if 10 s,
comparison 20 s) leave a quarter of their time for the tables (``PLAY_SHARE``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

from icecream.explore import simulate
from icecream.explore.compare import compare_metrics
from icecream.explore.stats import bootstrap_mean, resample_indexes


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def numpy_bootstrap(values: np.ndarray, seed: int = 0) -> tuple[float, float]:
    idx = np.random.default_rng(seed).integers(0, len(values), size=(1000, len(values)))
    stats = values[idx].mean(axis=1)
    low, high = np.percentile(stats, [2.5, 97.5])
    return float(low), float(high)


def main() -> None:
    rng = random.Random(1)
    print("n samples | indexes numpy | indexes pure | bootstrap numpy | bootstrap pure "
          "| same interval")
    for n in (10, 50, 100, 200, 500):
        values = [float(rng.randint(0, 40)) for _ in range(n)]
        arr = np.array(values)
        t_np_idx = best_of(lambda n=n: np.random.default_rng(0).integers(0, n, size=(1000, n)))

        def pure_idx(n: int = n) -> None:
            resample_indexes.cache_clear()
            resample_indexes(n, 1000, 0)

        t_py_idx = best_of(pure_idx, 3)
        resample_indexes(n, 1000, 0)  # cached, as in a table
        t_np = best_of(lambda arr=arr: numpy_bootstrap(arr))
        t_py = best_of(lambda values=values: bootstrap_mean(values))
        e = bootstrap_mean(values)
        same = (e.low, e.high) == numpy_bootstrap(arr)
        print(f"{n:9d} | {1000 * t_np_idx:10.2f} ms | {1000 * t_py_idx:9.1f} ms "
              f"| {1000 * t_np:12.2f} ms | {1000 * t_py:11.1f} ms | {same}")

    for n in (20, 100, 200):
        scores = [[float(rng.randint(0, 40)) for _ in range(n)] for _ in range(6)]

        def table(scores: list = scores, n: int = n) -> None:
            resample_indexes.cache_clear()
            best = scores[0]
            for s in scores:
                bootstrap_mean(s)
                bootstrap_mean([a - b for a, b in zip(s, best, strict=True)])

        print(f"position what-if table, 6 options x {n} samples (pure Python, indexes "
              f"drawn): {1000 * best_of(table, 3):.0f} ms")

    frame = simulate("ice-cream", players=4, games=200, seed=0)
    rows = frame.to_dict("records")
    both = [dict(r, config=0) for r in rows] + [dict(r, config=1) for r in rows]

    def metrics() -> None:
        resample_indexes.cache_clear()
        compare_metrics(both)

    print(f"comparison metrics, 2 x 200 games of 4 players (pure Python, indexes drawn): "
          f"{1000 * best_of(metrics, 3):.0f} ms")


if __name__ == "__main__":
    main()
