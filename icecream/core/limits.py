"""Limits on plain data read from files or browsers, and the check of a game's seed.

Real saves and scenarios stay far below them; hostile input (lists nested thousands deep,
5,000-digit numbers, a gigabyte file) gets a clear error instead of exhausting the stack or
the memory.
"""

from __future__ import annotations

from typing import Any

from .errors import IcecreamError, SettingsError, quote

MAX_DEPTH = 32
MAX_DIGITS = 30
MAX_FILE_BYTES = 16 * 2**20


def check_seed(seed: Any, error: type[IcecreamError] = SettingsError,
               where: str = "seed") -> int:
    """``seed`` if it is a whole number of at most :data:`MAX_DIGITS` digits (a saved game
    keeps its seed as JSON, within the same limits; a 5,000-digit seed cannot even be
    written as text), else ``error`` naming ``where``.

    >>> check_seed(10 ** 5000)
    Traceback (most recent call last):
    ...
    icecream.core.errors.SettingsError: seed must be a whole number of at most 30 digits, not ...
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise error(f"{where} must be a whole number, not {quote(seed)}")
    if seed.bit_length() > 96 and abs(seed) >= 10**MAX_DIGITS:
        raise error(f"{where} must be a whole number of at most {MAX_DIGITS} digits, not "
                    f"{quote(seed)}")
    return seed
