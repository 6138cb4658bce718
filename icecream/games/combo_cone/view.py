"""What one seat sees at the table, and the teacher's view of everything (CCPN-7).

A seat sees the two face-up rows, every cone (face up on the table), every reserved order
(face up, CCP-7), the orders each Artisan filled and their coins (every fill happens face
up), the discards, the sizes of every pile and hand, and its own hand. It does not see
other hands (only their sizes), the order of the Ice Cream draw pile or of the Order deck,
the cards left in the box (CCP-3), nor the seed (it would reveal every shuffle).

>>> from icecream import new_game
>>> s = new_game("combo-cone", players=3, seed=1)
>>> v = s.view(1)
>>> v.hands[0] is None and v.hand_sizes[0] == 0, v.pile_order is None
(True, True)
>>> s.view(None).teacher
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.view import BaseView, check_seat
from .state import OVER, PHASE_NAMES, ComboConeState


@dataclass(frozen=True)
class ComboConeView(BaseView):
    """A seat's view (``teacher`` False) or the teacher's (``seat`` None, ``teacher`` True).

    Cards are card ids; ``card_faces[id]`` gives a card's faces in plain form
    (``["mint", "heart", "star"]`` or ``["rainbow"]``) and ``order_faces[id]`` an order's
    (flavours, coins, reward). Fields the seat cannot know are ``None``.
    """

    game: ClassVar[str] = "combo-cone"

    round: int
    turn: int
    last_round: bool
    final_turns_left: int
    row: tuple[int, ...]
    order_row: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    cones: tuple[tuple[tuple[int, ...], ...], ...]
    reserved: tuple[tuple[int, ...], ...]
    filled: tuple[tuple[int, ...], ...]
    fills: tuple[int, ...]
    pile_size: int
    box_size: int
    rainbow_pile: int
    cone_reserve: int
    ice_cream_discard: tuple[int, ...]
    order_deck_size: int
    order_discard: tuple[int, ...]
    placements_left: int
    pending_order: int | None
    rainbow_ids: tuple[int, ...]
    card_faces: tuple[tuple[str, ...], ...]
    order_faces: tuple[dict, ...]
    pile_order: tuple[int, ...] | None = None
    order_deck_order: tuple[int, ...] | None = None
    box: tuple[int, ...] | None = None


def make_view(s: ComboConeState, seat: int | None) -> ComboConeView:
    """The view of ``s`` for ``seat`` (``None``: the teacher's view)."""
    check_seat(seat, s.num_players)
    teacher = seat is None
    to_act = s.current_player
    sees_legal = teacher or seat == to_act
    return ComboConeView(
        seat=seat,
        teacher=teacher,
        names=s.names,
        settings=s.settings.to_dict(),
        phase=PHASE_NAMES[s._phase],
        to_act=to_act,
        round=s.round,
        turn=s.turn,
        last_round=s.last_round,
        final_turns_left=max(s.final_left, 0),
        scores=s.scores,
        row=tuple(s.row),
        order_row=tuple(s.order_row),
        hands=tuple(tuple(h) if teacher or p == seat else None for p, h in enumerate(s.hands)),
        hand_sizes=tuple(len(h) for h in s.hands),
        cones=tuple(tuple(tuple(st) for st in cs) for cs in s.cones),
        reserved=tuple(tuple(r) for r in s.reserved),
        filled=tuple(tuple(f) for f in s.filled),
        fills=tuple(s.fills),
        pile_size=len(s.pile),
        box_size=len(s.box),
        rainbow_pile=len(s.rainbow_pile),
        cone_reserve=s.cone_reserve,
        ice_cream_discard=tuple(s.ic_discard),
        order_deck_size=len(s.order_deck),
        order_discard=tuple(s.order_discard),
        placements_left=s.placements,
        pending_order=s.pending if s.pending >= 0 else None,
        rainbow_ids=s.comps.rainbow_ids,
        card_faces=_faces(s),
        order_faces=_order_faces(s),
        legal_actions=tuple(a.to_dict() for a in s.legal_actions()) if sees_legal else (),
        winners=s.winners if s._phase == OVER else (),
        pile_order=tuple(s.pile) if teacher else None,
        order_deck_order=tuple(s.order_deck) if teacher else None,
        box=tuple(s.box) if teacher else None,
    )


_FACES: dict[int, tuple] = {}
_ORDER_FACES: dict[int, tuple] = {}


def _faces(s: ComboConeState) -> tuple[tuple[str, ...], ...]:
    key = id(s.comps)
    got = _FACES.get(key)
    if got is None:
        got = _FACES[key] = (s.comps, tuple(tuple(c.to_data()) for c in s.cards))
    return got[1]


def _order_faces(s: ComboConeState) -> tuple[dict, ...]:
    key = id(s.comps)
    got = _ORDER_FACES.get(key)
    if got is None:
        got = _ORDER_FACES[key] = (s.comps, tuple(o.to_data() for o in s.comps.orders))
    return got[1]
