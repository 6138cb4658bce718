"""Ice Cream's actions, one small frozen dataclass per kind of decision.

Plain forms: ``{"type": "keep"}``, ``{"type": "swap"}`` (phase 1, IC-5);
``{"type": "place", "cone": 2}`` or ``{"type": "place", "cone": null}`` for a new cone
(phase 2, IC-7); ``{"type": "serve", "cone": 2}`` and ``{"type": "draw"}`` (phase 3, IC-9).
Cones are numbered from 1 in the order they were started (ICN-2).

>>> Serve(2).to_dict()
{'type': 'serve', 'cone': 2}
"""

from __future__ import annotations

from ...core.kit import action
from ...core.protocol import Action


@action("keep")
class Keep(Action):
    """Keep the Ice Cream card dealt face down this morning (IC-5)."""



@action("swap")
class Swap(Action):
    """Discard the dealt card and draw a replacement, which must be kept (IC-5)."""



@action("place")
class Place(Action):
    """Put the turned scoop on cone ``cone`` (1-based), or on a new cone when ``None`` (IC-7)."""

    cone: int | None = None


@action("serve")
class Serve(Action):
    """Serve the customer of cone ``cone`` (1-based), exactly (IC-9) or close (IC-10)."""

    cone: int


@action("draw")
class Draw(Action):
    """Take the top Ice Cream card face up instead of serving (IC-9, case B)."""



ACTION_KINDS = {cls.type: cls for cls in (Keep, Swap, Place, Serve, Draw)}

# Shared instances, so that legal-action lists cost no allocation.
KEEP, SWAP, DRAW = Keep(), Swap(), Draw()
NEW_CONE = Place(None)
PLACE = tuple(Place(i) for i in range(0, 31))
SERVE = tuple(Serve(i) for i in range(0, 31))
