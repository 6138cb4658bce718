"""What one seat sees at the table (IC-6), and the teacher's view of everything.

A seat sees every face-up card, the cones, the scoop being placed, scores, deck and pile
sizes, its own face-down delivery and the card it discarded (ICN-7), but not others'
face-down cards, deck orders or the removed scoops (ICN-4), nor the seed, which would
reveal the deck orders (ICN-6). Bots decide from a view; renderers draw one.

>>> from icecream import new_game
>>> s = new_game("ice-cream", players=3, seed=1)
>>> v = s.view(1)
>>> v.face_down[0] is None and v.has_face_down[0], v.face_down[1] is not None
(True, True)
>>> s.view(None).teacher
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.view import BaseView, check_seat
from .components import FLAVOURS
from .state import OVER, PHASE_NAMES, IceCreamState

#: The view's fields that hold a sequence of flavours (written as codes in ``to_dict``).
_FLAVOUR_SEQS = ("my_discards", "ice_cream_deck_order", "scoop_deck_order",
                 "removed_scoops", "discards")


@dataclass(frozen=True)
class IceCreamView(BaseView):
    """A seat's view (``teacher`` False) or the teacher's (``seat`` None, ``teacher`` True).

    Flavours are indexes into :data:`FLAVOURS`. Fields the seat cannot know are ``None``:
    ``face_down[p]`` for others' deliveries, and the ``*_order`` fields and
    ``removed_scoops`` outside the teacher's view.
    """

    game: ClassVar[str] = "ice-cream"

    day: int = 1
    dealer: int = 0
    face_up: tuple[tuple[int, ...], ...] = ()
    has_face_down: tuple[bool, ...] = ()
    face_down: tuple[int | None, ...] = ()
    served: tuple[tuple[int, ...], ...] = ()
    cones: tuple[tuple[int, ...] | None, ...] = ()
    turned_scoop: int | None = None
    ice_cream_deck_size: int = 0
    scoop_deck_size: int = 0
    discard_size: int = 0
    my_discards: tuple[int, ...] = ()
    removed_count: int = 0
    last_actor: int | None = None
    results: tuple = ()
    ice_cream_deck_order: tuple[int, ...] | None = None
    scoop_deck_order: tuple[int, ...] | None = None
    removed_scoops: tuple[int, ...] | None = None
    discards: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The base view's plain data, with flavour codes for JSON and the browser."""

        def codes(seq: Any) -> list[str] | None:
            return None if seq is None else [FLAVOURS[f] for f in seq]

        d = super().to_dict()
        for k in ("names", "scores", "legal_actions", "winners"):
            d[k] = list(d[k])
        for k in _FLAVOUR_SEQS:
            d[k] = codes(d[k])
        d["face_up"] = [codes(c) for c in self.face_up]
        d["has_face_down"] = list(self.has_face_down)
        d["face_down"] = [None if f is None else FLAVOURS[f] for f in self.face_down]
        d["served"] = [{FLAVOURS[f]: k for f, k in enumerate(s) if k} for s in self.served]
        d["cones"] = [codes(c) for c in self.cones]
        d["turned_scoop"] = None if self.turned_scoop is None else FLAVOURS[self.turned_scoop]
        d["results"] = [[list(x) for x in day] for day in self.results]
        return d


def make_view(s: IceCreamState, seat: int | None) -> IceCreamView:
    """The view of ``s`` for ``seat`` (``None``: the teacher's view)."""
    check_seat(seat, s.num_players)
    teacher = seat is None
    to_act = s.current_player
    sees_legal = teacher or seat == to_act
    turned = s.turned_scoop
    deck_down = len(s.scoop_deck) - (1 if turned is not None else 0)
    settings = s.settings.to_dict()
    return IceCreamView(
        seat=seat,
        teacher=teacher,
        names=s.names,
        settings=settings,
        day=s.day,
        phase=PHASE_NAMES[s._phase],
        dealer=s.dealer,
        to_act=to_act,
        scores=s.scores,
        face_up=s.cards,
        has_face_down=tuple(h >= 0 for h in s.hidden),
        face_down=tuple(h if h >= 0 and (teacher or p == seat) else None
                        for p, h in enumerate(s.hidden)),
        served=s.served,
        cones=s.cones,
        turned_scoop=turned,
        ice_cream_deck_size=len(s.ic_deck),
        scoop_deck_size=deck_down,
        discard_size=len(s.ic_discard),
        my_discards=tuple(f for f, w in zip(s.ic_discard, s.swappers, strict=True)
                          if teacher or w == seat),
        removed_count=len(s.removed),
        last_actor=s.last_actor if s.last_actor >= 0 else None,
        results=s.results,
        legal_actions=tuple(a.to_dict() for a in s.legal_actions()) if sees_legal else (),
        winners=s.winners if s._phase == OVER else (),
        ice_cream_deck_order=s.ic_deck if teacher else None,
        scoop_deck_order=s.scoop_deck if teacher else None,
        removed_scoops=s.removed if teacher else None,
        discards=s.ic_discard if teacher else None,
    )
