"""Gelato Mio's actions, one small frozen dataclass per kind of decision.

Plain forms: ``{"type": "take", "row": 1, "col": 0}`` (GM-4), ``{"type": "make_ball",
"flavour": "vanilla"}``, ``{"type": "serve", "pile": 0}``, ``{"type": "ask", "discard":
["sugar", "cream"], "opponent": 2}``, ``{"type": "pass"}`` (GM-6), and the out-of-turn
Quality Control answers ``{"type": "discard", "card": "cone"}`` and ``{"type":
"return_ball", "flavour": "chocolate"}`` (GM-5). Rows, columns, piles and seats count
from 0; pile 0 is the customer that starts on display (GM-3).

>>> Ask(("cream", "sugar"), 1).to_dict()   # the pair in kind order: sugar before cream
{'type': 'ask', 'discard': ('sugar', 'cream'), 'opponent': 1}
"""

from __future__ import annotations

from ...core.errors import ActionFormatError
from ...core.kit import action
from ...core.protocol import Action
from .components import KIND_OF


@action("take")
class Take(Action):
    """Draw the display card at (``row``, ``col``) with its identical neighbours (GM-4)."""

    row: int
    col: int


@action("make_ball")
class MakeBall(Action):
    """Discard ``flavour``, cream and sugar; take that flavour's ball onto the table (GM-6)."""

    flavour: str


@action("serve")
class ServeCustomer(Action):
    """Serve the top customer of ``pile`` (0 is the display customer) (GM-3, GM-6)."""

    pile: int


@action("ask", discard=(list, tuple))
class Ask(Action):
    """Discard the two cards ``discard`` to take a random card from ``opponent`` (GM-6).

    The pair is kept in kind order, so ``("sugar", "cream")`` and ``("cream", "sugar")``
    are the same action.
    """

    discard: tuple[str, ...]
    opponent: int

    def __post_init__(self) -> None:
        d = self.discard
        if not isinstance(d, list | tuple) or len(d) != 2 or not all(
                isinstance(c, str) for c in d):
            raise ActionFormatError(
                f"action 'ask': field 'discard' must be two card names, not {d!r}")
        key = [KIND_OF.get(c, 99) for c in d]
        pair = tuple(d) if key[0] <= key[1] else (d[1], d[0])
        object.__setattr__(self, "discard", pair)


@action("pass")
class Pass(Action):
    """Do nothing: only when no other action is legal (GM-6)."""



@action("discard")
class Discard(Action):
    """Quality Control ">7": discard ``card`` from the hand (GM-5)."""

    card: str


@action("return_ball")
class ReturnBall(Action):
    """Quality Control ">3": return a ``flavour`` ball card to its pile (GM-5)."""

    flavour: str


ACTION_KINDS = {cls.type: cls for cls in (Take, MakeBall, ServeCustomer, Ask, Pass, Discard,
                                          ReturnBall)}
PASS = Pass()
