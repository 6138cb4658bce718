"""Ice Cream's components as data (IC-2): six flavours, 30 Scoop and 30 Ice Cream cards, 12 Cones.

Flavours are small ints in play (fast to compare and to mask) and codes in plain data.

>>> FLAVOURS[STRAWBERRY], flavour_index("chocolate_chip")
('strawberry', 2)
"""

from __future__ import annotations

from ...core.errors import ScenarioError, quote

#: Flavour codes in a fixed order; a flavour in play is its index here (IC-2).
FLAVOURS: tuple[str, ...] = (
    "strawberry",
    "black_raspberry",
    "chocolate_chip",
    "chocolate",
    "pistachio",
    "vanilla",
)
STRAWBERRY, BLACK_RASPBERRY, CHOCOLATE_CHIP, CHOCOLATE, PISTACHIO, VANILLA = range(6)
NUM_FLAVOURS = len(FLAVOURS)
#: Copies of each flavour in each deck (IC-2): 6 x 5 = 30 cards a deck.
COPIES = 5
#: Short labels printed on cards so flavours read without colour.
INITIALS: tuple[str, ...] = ("St", "BR", "CC", "Ch", "Pi", "Va")

_INDEX = {code: i for i, code in enumerate(FLAVOURS)}


def flavour_index(code: str, where: str = "flavour") -> int:
    """The index of a flavour code; :class:`ScenarioError` names ``where`` when unknown."""
    try:
        return _INDEX[code]
    except (KeyError, TypeError):
        raise ScenarioError(
            f"{where}: unknown flavour {quote(code)}; flavours are {', '.join(FLAVOURS)}"
        ) from None


def full_deck() -> list[int]:
    """Thirty cards, five of each flavour, in flavour order."""
    return [f for f in range(NUM_FLAVOURS) for _ in range(COPIES)]
