"""The statistics of the what-if layer in pure Python: no numpy, no pandas.

A page in the browser (the static site: Pyodide, where PyPI has no WebAssembly wheels of
numpy or pandas) computes its what-ifs with these, and so does the server: one code path.

* :func:`mean`, :func:`wilson` (a proportion's Wilson score interval);
* :func:`bootstrap` and :func:`bootstrap_mean`: percentile bootstrap intervals, resampling
  whole games (or samples) with a fixed seed. The resampling indexes are the very ones
  ``numpy.random.default_rng(seed).integers(0, n, size=(resamples, n))`` draws (PCG64
  seeded by a ``SeedSequence``, Lemire's bounded integers; :func:`resample_indexes`), and
  the percentiles are numpy's ``linear`` ones, so the intervals are the same as when this
  layer used numpy, to the last digit;
* :func:`percentile`.

>>> e = bootstrap_mean([1.0, 2.0, 3.0])
>>> e.value, 1.0 <= e.low <= e.high <= 3.0
(2.0, True)
>>> round(wilson(50, 100).low, 4)
0.4038
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

Z95 = 1.959963984540054
#: Resamples of a bootstrap interval.
RESAMPLES = 1000


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval, the number of observations and the method used."""

    value: float
    low: float
    high: float
    n: int
    method: str

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}] (n={self.n})"

    def contains(self, x: float) -> bool:
        """True when ``x`` lies in the interval (ends included)."""
        return self.low <= x <= self.high


NAN = math.nan


def mean(values: Sequence[float]) -> float:
    """The mean of ``values`` (NaN for none)."""
    return math.fsum(values) / len(values) if values else NAN


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval.

    >>> e = wilson(50, 100)
    >>> round(e.low, 4), round(e.high, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        return Estimate(NAN, NAN, NAN, 0, "wilson")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n, "wilson")


# -- numpy's default_rng, in pure Python -------------------------------------------------------

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1
_PCG_MULT = (2549297995355413924 << 64) + 4865540595714422341


def _seed_words(seed: int) -> list[int]:
    """``SeedSequence(seed).generate_state(4, uint64)``: PCG64's seed and increment."""
    if seed < 0:
        raise ValueError(f"a bootstrap seed must be >= 0, not {seed}")
    entropy = []
    while True:
        entropy.append(seed & _M32)
        seed >>= 32
        if not seed:
            break
    hash_a = [0x43B0D7E5]

    def hashmix(value: int) -> int:
        value = (value ^ hash_a[0]) & _M32
        hash_a[0] = (hash_a[0] * 0x931E8875) & _M32
        value = (value * hash_a[0]) & _M32
        return value ^ (value >> 16)

    def mix(x: int, y: int) -> int:
        result = (0xCA01F9DD * x - 0x4973F715 * y) & _M32
        return result ^ (result >> 16)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(4)]
    for src in range(4):
        for dst in range(4):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(4, len(entropy)):
        for dst in range(4):
            pool[dst] = mix(pool[dst], hashmix(entropy[src]))
    hash_b = 0x8B51F9DD
    words32 = []
    for i in range(8):
        value = (pool[i % 4] ^ hash_b) & _M32
        hash_b = (hash_b * 0x58F38DED) & _M32
        value = (value * hash_b) & _M32
        words32.append(value ^ (value >> 16))
    return [words32[2 * i] | (words32[2 * i + 1] << 32) for i in range(4)]


def _pcg64_start(seed: int) -> tuple[int, int]:
    """The state and increment of ``numpy.random.PCG64(seed)`` once seeded."""
    words = _seed_words(seed)
    init = (words[0] << 64) | words[1]
    inc = ((((words[2] << 64) | words[3]) << 1) | 1) & _M128
    state = ((inc + init) * _PCG_MULT + inc) & _M128  # from state 0: step, add, step
    return state, inc


@lru_cache(maxsize=8)
def resample_indexes(n: int, resamples: int = RESAMPLES, seed: int = 0) -> tuple[tuple[int, ...],
                                                                                   ...]:
    """``resamples`` rows of ``n`` indexes in ``range(n)``, drawn with replacement: the
    rows of ``numpy.random.default_rng(seed).integers(0, n, size=(resamples, n))``.

    numpy draws 32-bit numbers from PCG64 (XSL-RR output; each 64-bit output gives its low
    half, then its high half) and maps each to ``range(n)`` by Lemire's method, drawing
    again when the low 32 bits of ``draw * n`` fall under ``2**32 mod n``: a draw is kept
    or skipped, so here the stream is filtered. Cached: a what-if's options and a
    comparison's metrics all resample the same games.
    """
    if n < 1 or resamples < 1:
        return ()
    if n == 1:
        return ((0,),) * resamples
    total = n * resamples
    threshold = (_M32 - (n - 1)) % n
    state, inc = _pcg64_start(seed)
    mult, m128, m64, m32 = _PCG_MULT, _M128, _M64, _M32
    flat: list[int] = []
    append = flat.append
    while len(flat) < total:
        for _ in range((total - len(flat) + 1) // 2):
            state = (state * mult + inc) & m128
            rot = state >> 122
            x = ((state >> 64) ^ state) & m64
            out = ((x >> rot) | (x << ((64 - rot) & 63))) & m64
            m = (out & m32) * n
            if (m & m32) >= threshold:
                append(m >> 32)
            m = (out >> 32) * n
            if (m & m32) >= threshold:
                append(m >> 32)
    return tuple(tuple(flat[i:i + n]) for i in range(0, total, n))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` by linear interpolation (numpy's default,
    computed as numpy computes it)."""
    ordered = sorted(values)
    if not ordered:
        return NAN
    index = (len(ordered) - 1) * (q / 100)
    lo = math.floor(index)
    hi = min(lo + 1, len(ordered) - 1)
    gamma = index - lo
    a, b = ordered[lo], ordered[hi]
    diff = b - a
    # numpy's _lerp: from the nearer end, so the ends are exact.
    return b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma


def _interval(value: float, stats: list[float], n: int) -> Estimate:
    stats = [s for s in stats if s == s]  # NaN resamples say nothing
    if not stats:
        return Estimate(value, NAN, NAN, n, "bootstrap")
    return Estimate(value, percentile(stats, 2.5), percentile(stats, 97.5), n, "bootstrap")


def bootstrap(columns: Sequence[Sequence[float]], stat: Callable[..., float],
              resamples: int = RESAMPLES, seed: int = 0) -> Estimate:
    """``stat(*columns)`` (one entry per game in each column) with a percentile bootstrap
    interval: ``stat`` is called again on each resample of whole games (the same rows of
    every column), as sequences.

    >>> e = bootstrap([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], lambda x, y: sum(x) / sum(y))
    >>> e.value, 1.0 <= e.low <= e.high <= 3.0
    (2.0, True)
    """
    cols = [list(c) for c in columns]
    n = len(cols[0]) if cols else 0
    if n == 0:
        return Estimate(NAN, NAN, NAN, 0, "bootstrap")
    value = float(stat(*cols))
    if n == 1:  # every resample is the one game
        return _interval(value, [value] * resamples, n)
    stats = []
    for row in resample_indexes(n, resamples, seed):
        pick = itemgetter(*row)  # the resample's games, picked in C
        stats.append(float(stat(*(pick(c) for c in cols))))
    return _interval(value, stats, n)


def bootstrap_mean(values: Sequence[float], resamples: int = RESAMPLES,
                   seed: int = 0) -> Estimate:
    """The mean of ``values`` with a percentile bootstrap interval (the fast case of
    :func:`bootstrap`)."""
    vals = [float(v) for v in values]
    n = len(vals)
    if n == 0:
        return Estimate(NAN, NAN, NAN, 0, "bootstrap")
    if n == 1:
        return _interval(vals[0], [vals[0]] * resamples, n)
    # Plain sums: exact for the whole numbers games score, as numpy's were.
    stats = [sum(itemgetter(*row)(vals)) / n for row in resample_indexes(n, resamples, seed)]
    return _interval(sum(vals) / n, stats, n)


__all__ = ["RESAMPLES", "Z95", "Estimate", "bootstrap", "bootstrap_mean", "mean", "percentile",
           "resample_indexes", "wilson"]
