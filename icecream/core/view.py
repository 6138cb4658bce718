"""What every game's seat view shares, and its one ``to_dict``.

A view is what one seat can see at the table (``seat`` a number, ``teacher`` False) or the
teacher's view of everything (``seat`` ``None``, ``teacher`` True, and the view says so).
Each game's view is a frozen dataclass that extends :class:`BaseView` with its own
fields; fields a seat cannot know are ``None``. Bots decide from views only.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class TubView(BaseView):
...     game = "tub"
...     scoops: int = 0
>>> v = TubView(seat=0, teacher=False, names=("Ann", "Bob"), settings={}, phase="taking",
...             to_act=0, scores=(0, 0), legal_actions=({"type": "take", "count": 1},),
...             winners=(), scoops=5)
>>> v.to_dict()["game"], v.to_dict()["scoops"], v.is_over
('tub', 5, False)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


def seat_view(view: Any, kind: type, needs: str) -> int:
    """The seat of ``view``, which must be a seat's ``kind`` view (a determinizer's
    input): another object is refused with ``needs`` (``"determinize needs an
    IceCreamView"``), the teacher's view because it hides nothing."""
    if not isinstance(view, kind):
        raise TypeError(f"{needs}, not {type(view).__name__}")
    if view.teacher or view.seat is None:
        raise ValueError("the teacher's view hides nothing: load its state instead")
    return view.seat


def check_seat(seat: Any, players: int) -> None:
    """Refuse a seat that is not ``None`` (the teacher) or a seat number of the game."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < players):
        raise ValueError(f"seat must be 0..{players - 1} or None for the teacher, "
                         f"not {seat!r}")


@dataclass(frozen=True)
class BaseView:
    """The fields every game's view has.

    ``legal_actions`` are plain forms, given only to the seat that decides now (and the
    teacher); ``winners`` is empty until the game is over.
    """

    #: The registered game's name: generic bots find the game's policies through it.
    game: ClassVar[str] = ""

    seat: int | None
    teacher: bool
    names: tuple[str, ...]
    settings: dict
    phase: str
    to_act: int | None
    scores: tuple[int, ...]
    legal_actions: tuple[dict, ...]
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.phase == "over"

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for JSON and the browser, with the game's name."""
        d: dict[str, Any] = {"game": self.game}
        for f in fields(self):
            d[f.name] = getattr(self, f.name)
        return d


__all__ = ["BaseView", "check_seat"]
