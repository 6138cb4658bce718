"""Seeded chance for every game: each shuffle or draw comes from the game's seed only.

A chance event is named by the game, the seed, a *purpose* (which shuffle it is: the
set-up, a reshuffle of the discards, a card taken at random...) and a counter (the k-th
time that purpose comes up). So a state carries only its seed and its counters, and a seed
plus the list of actions replays a game exactly, on every machine and Python version.

Two generators, one contract:

* :func:`rng` / :func:`shuffled`: :class:`random.Random` seeded with the text
  ``"<game>:<seed>:<purpose>:<k>"`` (hashed with SHA-512 by Python, the same everywhere).
* :func:`randbelow` / :func:`shuffle_in_place`: the very numbers of :func:`rng` (its
  ``randrange`` and ``shuffle``) from one reused generator reseeded in place, without
  making a generator and without :meth:`random.Random.seed`'s Python-level steps: for
  engines drawing at many decisions of a playout.
* :func:`fast_shuffled`: SHAKE-128 keys sorted in C, about three times faster than seeding
  a ``random.Random`` for each shuffle, for engines that shuffle at every round of a
  playout. Cards must be small ints (0..255).

>>> shuffled("demo", 7, "setup", 0, [1, 2, 3, 4]) == shuffled("demo", 7, "setup", 0, [1, 2, 3, 4])
True
>>> sorted(fast_shuffled(b"7:1:3", [0, 0, 1, 2, 3]))
[0, 0, 1, 2, 3]
"""

from __future__ import annotations

import hashlib
import random
import sys
import threading
from array import array
from collections.abc import Callable, Sequence


def rng(game: str, seed: int, purpose: str | int, k: int) -> random.Random:
    """The generator of the ``k``-th chance event of ``purpose`` in ``game`` with ``seed``."""
    return random.Random(f"{game}:{seed}:{purpose}:{k}")


#: Each thread's generator that :func:`randbelow` and :func:`shuffle_in_place` reseed
#: (one per thread: a hint's playouts run beside the page's own moves); each call reseeds
#: it before use and lends it to no caller, so no state carries over between calls.
_REUSED = threading.local()
_seed_c = random.Random.__mro__[1].seed  # _random.Random.seed: the C seeding itself
try:  # the built-in SHA-512 answers a short text sooner than OpenSSL's (the same digest)
    from _sha512 import sha512 as _sha512  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - a Python built without it
    _sha512 = hashlib.sha512


def _reused() -> random.Random:
    """This thread's reused generator."""
    try:
        return _REUSED.r
    except AttributeError:
        r = _REUSED.r = random.Random(0)
        return r


def _reseed(game: str, seed: int, purpose: str | int, k: int) -> random.Random:
    """This thread's reused generator seeded exactly as ``rng(game, seed, purpose, k)``: a
    text seed is hashed by :meth:`random.Random.seed` (version 2) into the number
    ``int.from_bytes(text + sha512(text))``, which the C generator is seeded with."""
    r = _reused()
    raw = f"{game}:{seed}:{purpose}:{k}".encode()
    _seed_c(r, int.from_bytes(raw + _sha512(raw).digest(), "big"))
    return r


def randbelow(game: str, seed: int, purpose: str | int, k: int, n: int) -> int:
    """``rng(game, seed, purpose, k).randrange(n)``, the same number, made faster (``n``
    at least 1; randrange reads ``n.bit_length()`` bits of each 32-bit word until one is
    below ``n``)."""
    if n == 1:  # randrange(1) is 0 whatever the generator gives (it is reseeded each time)
        return 0
    r = _reseed(game, seed, purpose, k)
    bits = _BITS[n] if n < 257 else n.bit_length()
    x = r.getrandbits(bits)
    while x >= n:
        x = r.getrandbits(bits)
    return x


def randbelow_of(game: str, seed: int, purpose: str | int) -> Callable[[int, int], int]:
    """``below(k, n) == randbelow(game, seed, purpose, k, n)``, for an engine drawing at
    many decisions of one playout: the seed's text up to ``k`` is made once. Use it in
    the thread that made it (it reseeds that thread's generator at every call)."""
    head = f"{game}:{seed}:{purpose}:".encode()
    r = _reused()

    def below(k: int, n: int) -> int:
        if n == 1:  # as randbelow: randrange(1) is 0 without seeding
            return 0
        raw = head + b"%d" % k  # as _reseed seeds
        _seed_c(r, int.from_bytes(raw + _sha512(raw).digest(), "big"))
        bits = _BITS[n] if n < 257 else n.bit_length()
        x = getrandbits(bits)
        while x >= n:
            x = getrandbits(bits)
        return x

    getrandbits = r.getrandbits
    return below


def shuffle_in_place(game: str, seed: int, purpose: str | int, k: int, items: list) -> None:
    """``rng(game, seed, purpose, k).shuffle(items)``, the same order, made faster: the
    steps of :meth:`random.Random.shuffle` (each ``j`` drawn as ``randrange(i + 1)``)
    without a Python call per card."""
    getrandbits = _reseed(game, seed, purpose, k).getrandbits
    n = len(items)
    bits_of = _BITS if n < len(_BITS) else [i.bit_length() for i in range(n + 1)]
    # bits_of[i + 1] == (i + 1).bit_length(), the bits randrange(i + 1) reads
    for i, bits in zip(range(n - 1, 0, -1), bits_of[n:1:-1], strict=True):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def shuffled(game: str, seed: int, purpose: str | int, k: int,
             items: Sequence[int] | range) -> list[int]:
    """``items`` in an order drawn from ``(game, seed, purpose, k)`` only: the order of
    ``rng(game, seed, purpose, k).shuffle`` (:func:`shuffle_in_place`)."""
    out = list(items)
    if len(out) > 1:
        shuffle_in_place(game, seed, purpose, k, out)
    return out


def fast_shuffled(name: bytes, cards: Sequence[int]) -> list[int]:
    """``cards`` (ints 0..255) shuffled by the bits of SHAKE-128 of ``name``.

    Each card gets a 22-bit random key (bits 8-29 of a 32-bit word whose low byte is the
    card) and the cards are sorted by key. Every order is equally likely up to a key tie
    (about 1 in 10,000 for 30 cards), which keeps the tied cards in their order. The words
    are read little-endian, so every machine deals the same cards.
    """
    n = len(cards)
    if n < 2:
        return list(cards)
    buf = bytearray(_shake(name).digest(4 * n))
    buf[::4] = cards
    buf[3::4] = buf[3::4].translate(_KEY_BITS)
    if _BIG_ENDIAN:
        keys = array("I")
        keys.frombytes(buf)
        keys.byteswap()
        out = array("I", sorted(keys))
        out.byteswap()
        return list(out.tobytes()[::4])
    keys = memoryview(buf).cast("I").tolist()
    keys.sort()
    return list(array("I", keys).tobytes()[::4])


_shake = hashlib.shake_128
# Clears the top two bits of each key, so keys stay below 2**30, the size Python sorts fastest.
_KEY_BITS = bytes(b & 0x3F for b in range(256))
_BIG_ENDIAN = sys.byteorder == "big"
#: ``_BITS[n] == n.bit_length()``, for the shuffles of short lists.
_BITS = tuple(n.bit_length() for n in range(257))
assert array("I").itemsize == 4, "the seeded shuffle needs 32-bit unsigned ints"

__all__ = ["rng", "randbelow", "randbelow_of", "shuffle_in_place", "shuffled", "fast_shuffled"]
