"""Self-filling lookup tables for an engine's or a policy's hot paths.

>>> squares = Table(lambda k: k * k)
>>> squares[12], len(squares)
(144, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Past this many entries a table starts over (only unusual settings get near it).
TABLE_LIMIT = 100_000


class Table(dict):
    """A dict that fills itself: a missing key's value is ``compute(key)``, kept for next
    time (the table starts over past :data:`TABLE_LIMIT` entries). A hit is a plain dict
    lookup in C."""

    __slots__ = ("compute",)

    def __init__(self, compute: Callable[[Any], Any]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: Any) -> Any:
        if len(self) >= TABLE_LIMIT:
            self.clear()
        value = self[key] = self.compute(key)
        return value


__all__ = ["TABLE_LIMIT", "Table"]
