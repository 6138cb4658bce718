"""The events of Ice Cream's rules, stored compactly until someone reads them.

A step records ``(kind, value, ...)`` tuples; :func:`decode_event` turns one into an
:class:`Event` with named parameters when a view or a test asks for ``state.events``.

>>> e = decode_event((EV_PLACE, 1, 4, 2))
>>> e.key, e.params, e.rule
('ic.event.place', {'player': 1, 'flavour': 4, 'cone': 2}, 'IC-7')
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.protocol import Event


def decode_event(raw: tuple) -> Event:
    """An :class:`Event` from its raw tuple: ``(key, params, rule[, visible_to])`` or, for
    the events of every step, the compact ``(EventKind, *values)``."""
    kind = raw[0]
    if kind.__class__ is str:
        return Event(*raw)
    values = [list(v) if v.__class__ is tuple else v for v in raw[1:]]
    return Event(kind.key, dict(zip(kind.names, values, strict=True)), kind.rule,
                 None if kind.private is None else values[kind.private])


class EventKind(NamedTuple):
    """An event stored compactly: its values are kept in the order of ``names``.

    ``private`` is the position of the value naming the only seat that sees the event.
    """

    key: str
    names: tuple[str, ...]
    rule: str
    private: int | None = None


EV_KEEP = EventKind("ic.event.keep", ("player",), "IC-5")
EV_SWAP = EventKind("ic.event.swap", ("player",), "IC-5")
EV_SWAP_PRIVATE = EventKind("ic.event.swap_private", ("player", "flavour", "drawn"), "IC-5", 0)
EV_DEALT = EventKind("ic.event.dealt", ("player",), "IC-5")
EV_DEALT_PRIVATE = EventKind("ic.event.dealt_private", ("player", "flavour"), "IC-6", 0)
EV_NEW_CONE = EventKind("ic.event.new_cone", ("player", "flavour", "cone"), "IC-7")
EV_PLACE = EventKind("ic.event.place", ("player", "flavour", "cone"), "IC-7")
EV_REVEAL = EventKind("ic.event.reveal", ("player", "flavour"), "IC-9")
EV_SERVE = EventKind("ic.event.serve", ("player", "cone", "scoops"), "IC-9")
EV_SERVE_CLOSE = EventKind("ic.event.serve_close", ("player", "cone", "scoops", "returned"),
                             "IC-10")
EV_SERVE_CLOSE_NOTHING = EV_SERVE_CLOSE._replace(key="ic.event.serve_close_nothing")
EV_SCORE = EventKind("ic.event.score", ("player", "scoops", "dupes", "points", "total"), "IC-13")
EV_DRAW = EventKind("ic.event.draw", ("player", "flavour"), "IC-9")
EV_RESHUFFLE = EventKind("ic.event.reshuffle", ("count",), "IC-5")
EV_DAY = EventKind("ic.event.day", ("day", "dealer"), "IC-5")
EV_NO_CARD = EventKind("ic.event.no_card", ("player",), "IC-5")
EV_PHASE_CONES = EventKind("ic.event.phase_cones", ("dealer", "count"), "IC-7")
EV_PHASE_SERVING = EventKind("ic.event.phase_serving", ("dealer",), "IC-9")
EV_ALL_SERVED = EventKind("ic.event.all_served", (), "IC-12")
EV_NO_ACTION = EventKind("ic.event.no_action", ("player",), "IC-12")
EV_CONES_BACK = EventKind("ic.event.cones_back", ("count",), "IC-12")
EV_NEXT_DEALER = EventKind("ic.event.next_dealer", ("dealer",), "IC-14")
EV_NEXT_DEALER_TIE = EventKind("ic.event.next_dealer_tie", ("dealer",), "IC-14")
