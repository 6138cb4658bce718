"""Invariant checks that hold under ``python -O`` too (``assert`` statements vanish there).

>>> invariant(1 + 1 == 2, "arithmetic")
>>> invariant(False, "cards not conserved")
Traceback (most recent call last):
...
AssertionError: cards not conserved
"""

from __future__ import annotations


def invariant(condition: object, message: str = "invariant broken") -> None:
    """Raise :class:`AssertionError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise AssertionError(message)
