"""Ice Cream's words: how the parameters of its events and reasons are written.

Ice Cream's messages name seats (``player``, ``dealer``; ``winners``, ``tied``), flavours
by index (``flavour``, ``drawn``; lists ``scoops``, ``returned``, ``flavours``) and the
codes of its own phases and actions (``phase``, ``wanted``: ``ic.phase.<code>``;
``action``: ``ic.action.<code>``). :class:`IceCreamMessage` renders them itself, so the
generic :class:`~icecream.core.messages.Message` needs to know nothing of Ice Cream.

>>> m = IceCreamMessage("ic.why.wrong_phase", {"action": "draw", "phase": "cones",
...                                             "wanted": "serving"})
>>> m.text("en")
"'draw' belongs to Phase 3: Serve customers; now it is Phase 2: Make ice cream cones."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.messages import (
    DEFAULT_LANGUAGE,
    Message,
    counted_names,
    flavour_name,
    has_message,
    join_words,
    seat_name,
    t,
)

#: Parameters naming one seat, or a list of seats.
SEAT_PARAMS = frozenset({"player", "dealer", "seat"})
SEATS_PARAMS = frozenset({"winners", "tied"})
#: Parameters naming one flavour (an index, or a code), or a list of them.
FLAVOUR_PARAMS = frozenset({"flavour", "missing", "drawn"})
FLAVOURS_PARAMS = frozenset({"flavours", "scoops", "returned"})
#: Parameters holding a code with its own catalog entry, and the entry's prefix.
CODE_PARAMS = {"phase": "ic.phase", "wanted": "ic.phase", "action": "ic.action"}


def ic_params(params: dict, lang: str = DEFAULT_LANGUAGE,
              names: Sequence[str] | None = None,
              flavours: Sequence[str] | None = None) -> dict[str, Any]:
    """Seats, flavours and codes in ``params`` as words; every list parameter also gives
    its length as ``<name>_count`` (a plural entry's ``param``)."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in SEAT_PARAMS and isinstance(v, int):
            out[k] = _seat(v, lang, names)
        elif k in SEATS_PARAMS and isinstance(v, list | tuple):
            out[k] = join_words([_seat(p, lang, names) for p in v], lang)
        elif k in FLAVOUR_PARAMS and v is not None and not isinstance(v, str | list | tuple):
            out[k] = flavour_name(flavours[v] if flavours else str(v), lang)
        elif k in FLAVOUR_PARAMS and isinstance(v, str):
            out[k] = flavour_name(v, lang)
        elif k in FLAVOURS_PARAMS and isinstance(v, list | tuple):
            out[k] = counted_names(
                [flavours[f] if flavours and isinstance(f, int) else f for f in v], lang)
        elif k in CODE_PARAMS and isinstance(v, str) and has_message(f"{CODE_PARAMS[k]}.{v}",
                                                                     lang):
            out[k] = t(f"{CODE_PARAMS[k]}.{v}", lang)
        elif isinstance(v, list | tuple):
            out[k] = join_words([str(x) for x in v], lang)
        else:
            out[k] = v
        if isinstance(v, list | tuple):
            out.setdefault(f"{k}_count", len(v))
    return out


def _seat(seat: int, lang: str, names: Sequence[str] | None) -> str:
    return seat_name(names, seat, lang) if names is not None else t("ui.seat", lang,
                                                                      seat=seat + 1)


class IceCreamMessage(Message):
    """A :class:`Message` whose parameters are Ice Cream's seats, flavours and codes."""

    __slots__ = ()

    def text(self, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] | None = None,
             flavours: Sequence[str] | None = None) -> str:
        """The message in ``lang``, its parameters in words (:func:`ic_params`)."""
        return t(self.key, lang, **ic_params(self.params, lang, names, flavours))


__all__ = ["IceCreamMessage", "ic_params"]
