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

from ...core.messages import DEFAULT_LANGUAGE, Message, ParamKinds, render_params

#: Ice Cream's parameters: the usual seats and flavours, and its own phase and action
#: codes (``ic.phase.<code>``, ``ic.action.<code>``).
IC_KINDS = ParamKinds(codes={"phase": "ic.phase", "wanted": "ic.phase", "action": "ic.action"})


def ic_params(params: dict, lang: str = DEFAULT_LANGUAGE,
              names: Sequence[str] | None = None,
              flavours: Sequence[str] | None = None) -> dict[str, Any]:
    """Seats, flavours and codes in ``params`` as words (:data:`IC_KINDS`); every list
    parameter also gives its length as ``<name>_count`` (a plural entry's ``param``)."""
    return render_params(params, lang, names, flavours, IC_KINDS)


class IceCreamMessage(Message):
    """A :class:`Message` whose parameters are Ice Cream's seats, flavours and codes."""

    __slots__ = ()
    kinds = IC_KINDS


__all__ = ["IC_KINDS", "IceCreamMessage", "ic_params"]
