"""Combo Cone Paradise's actions, one small frozen dataclass per decision.

Positions in the two face-up rows count from 0 (left); cones count from 0 in the order the
Artisan got them; ``card`` is a card id (see :mod:`.components`), ``order`` an order id.

* main action (CCP-5): ``{"type": "scoop", "cards": [0, 2]}`` (row positions, CCP-6),
  ``{"type": "secure", "order": 1}`` or ``{"type": "secure", "order": "deck"}`` (CCP-7),
  ``{"type": "serve"}`` (CCP-8);
* serving: ``{"type": "place", "card": 57, "cone": 0}`` and ``{"type": "stop_serving"}``;
* filling (CCP-9): ``{"type": "fill", "cone": 0, "order": 12}`` and ``{"type": "end_turn"}``;
* reward (CCP-10): ``{"type": "take_reward", "kind": "coins"}``, ``{"kind": "cone"}`` or
  ``{"kind": "cards", "cards": [1], "pile": 1}`` (row positions and cards from the pile).

>>> Scoop((0, 2)).to_dict()
{'type': 'scoop', 'cards': (0, 2)}
>>> Scoop([2, 0]) == Scoop((0, 2))
True
"""

from __future__ import annotations

from ...core.errors import ActionFormatError
from ...core.kit import action
from ...core.protocol import Action


def _positions(action: Action, name: str) -> None:
    """Normalise a list of row positions to a sorted tuple of distinct whole numbers."""
    value = getattr(action, name)
    if not isinstance(value, (tuple, list)):
        raise ActionFormatError(f"action {action.type!r}: field {name!r} must be a list of "
                                f"row positions, not {value!r}")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ActionFormatError(f"action {action.type!r}: field {name!r} must hold whole "
                                    f"numbers (row positions), not {v!r}")
    if len(set(value)) != len(value):
        raise ActionFormatError(f"action {action.type!r}: field {name!r} names a row "
                                f"position twice: {list(value)}")
    object.__setattr__(action, name, tuple(sorted(value)))


@action("scoop")
class Scoop(Action):
    """Take 1 to 3 cards from the Ice Cream row, one flavour or one brand (CCP-6)."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        _positions(self, "cards")


@action("secure")
class Secure(Action):
    """Take a Rainbow and reserve the order at a row position, or ``"deck"`` (CCP-7)."""

    order: int | str


@action("serve")
class Serve(Action):
    """Serve: one placement per Cone, a combo grants one more (CCP-8)."""



@action("place")
class Place(Action):
    """Put card ``card`` from hand on cone ``cone`` (empty, or on top of its stack, CCP-8)."""

    card: int
    cone: int


@action("stop_serving")
class StopServing(Action):
    """End the Serve action with placements left (they are "up to", CCP-8)."""



@action("fill")
class Fill(Action):
    """Fill order ``order`` (an order id, in the row or reserved) with cone ``cone`` (CCP-9)."""

    cone: int
    order: int


@action("take_reward")
class TakeReward(Action):
    """Keep the filled order for its coins, or take its alternative reward (CCP-10)."""

    kind: str
    cards: tuple[int, ...] = ()
    pile: int = 0

    def __post_init__(self) -> None:
        _positions(self, "cards")


@action("end_turn")
class EndTurn(Action):
    """Stop filling orders: the rows are refilled and the next Artisan plays (CCP-11)."""



ACTION_KINDS = {cls.type: cls for cls in (Scoop, Secure, Serve, Place, StopServing, Fill,
                                          TakeReward, EndTurn)}

SERVE, STOP_SERVING, END_TURN = Serve(), StopServing(), EndTurn()
KEEP_COINS, TAKE_CONE = TakeReward("coins"), TakeReward("cone")
SECURE_DECK = Secure("deck")
SECURE_ROW = tuple(Secure(i) for i in range(4))
