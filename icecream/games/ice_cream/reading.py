"""Reading a seat's view the way a player reads the table: held flavours and cones.

Small helpers shared by the bots. They read only what the view shows.

>>> held = mask_of([0, 3])
>>> serves_exactly((0, 0, 3), held), scoring_scoops((0, 5, 3), held)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def mask_of(flavours: Iterable[int]) -> int:
    """Bit ``f`` set for each flavour ``f``."""
    m = 0
    for f in flavours:
        m |= 1 << f
    return m


def held_mask(view: Any, seat: int, with_face_down: bool = True) -> int:
    """Flavours ``seat`` holds face up (IC-8), plus the face-down delivery when the view
    shows it and ``with_face_down`` (it is revealed when phase 3 starts, IC-9)."""
    m = mask_of(view.face_up[seat])
    down = view.face_down[seat]
    if with_face_down and down is not None:
        m |= 1 << down
    return m


def serves_exactly(cone: Iterable[int], held: int) -> bool:
    """True when every scoop's flavour is held (IC-9)."""
    return all(held >> f & 1 for f in cone)


def scoring_scoops(cone: Iterable[int] | None, held: int) -> int:
    """Scoops of ``cone`` that would land on held cards (the others go back, IC-10)."""
    if cone is None:
        return 0
    return sum(1 for f in cone if held >> f & 1)
