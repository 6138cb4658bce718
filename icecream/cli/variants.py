"""``--variant name=value`` options of the command line, read as game settings."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import IcecreamError, quote


def parse_variants(items: Sequence[str] | None) -> dict[str, object]:
    """``["close=flavour", "days=5", "flood=true"]`` ->
    ``{"close": "flavour", "days": 5, "flood": True}``.

    Whole numbers become ints, ``true``/``false`` (any case) booleans and ``none`` None;
    anything else stays text. The game checks the values.
    """
    out: dict[str, object] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise IcecreamError(f"--variant takes NAME=VALUE, not {quote(item)}")
        words = {"true": True, "false": False, "none": None}
        if value.lower() in words:
            out[key] = words[value.lower()]
            continue
        try:
            out[key] = int(value)
        except ValueError:
            out[key] = value
    return out
