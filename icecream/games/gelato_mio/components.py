"""Gelato Mio's components as data: the ingredient deck, the ball supply, the customers
and the objective cards (GM-2, GM-3, GM-7, GM-8).

The box holds 87 cards: 40 ingredient cards (GM-2, the two Quality Control cards
included), 21 ice cream ball cards (7 per flavour), 19 customers (GM-3) and 7 objective
cards (3 ice cream objectives, GM-7, and 4 ball objectives, GM-8):
40 + 21 + 19 + 7 = 87.

Cards are small integers (kinds): the ingredient kinds in :data:`CODES` order. A ball's
flavour is its ingredient kind (``STRAWBERRY``, ``CHOCOLATE``, ``VANILLA``).

Customer recipes are **assumed** (GM-3): they ship as ``data/customers.json`` and a
table can load its own file with the ``customers`` setting; :func:`load_customers` checks
it and names the field that is wrong.

>>> BOX_TOTAL == DECK_SIZE + BALL_CARDS + len(load_customers()) + OBJECTIVE_CARDS == 87
True
>>> load_customers()[0].id, load_customers()[0].points
('bowl_scv', 12)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.datafiles import DataFileCache, InlineData
from ...core.errors import SettingsError, quote
from ...core.protocol import parse_json

SUGAR, CREAM, STRAWBERRY, CHOCOLATE, VANILLA, BOWL, CONE, WAFER, QC_HAND, QC_BALLS = range(10)
#: Card codes (plain data, catalog keys ``flavour.gm.<code>``), indexed by kind.
CODES: tuple[str, ...] = ("sugar", "cream", "strawberry", "chocolate", "vanilla", "bowl",
                          "cone", "wafer", "qc_hand", "qc_balls")
KIND_OF: dict[str, int] = {c: i for i, c in enumerate(CODES)}
#: Kinds a player can hold in hand (the Quality Control cards act at once, GM-5).
HAND_KINDS = 8
#: The ball flavours, as ingredient kinds (GM-2).
FLAVOURS: tuple[int, ...] = (STRAWBERRY, CHOCOLATE, VANILLA)
FLAVOUR_CODES: tuple[str, ...] = tuple(CODES[f] for f in FLAVOURS)
#: Containers a recipe asks for from the hand (GM-3).
CONTAINERS: tuple[int, ...] = (BOWL, CONE, WAFER)
#: GM-2: copies of each kind in the 40-card ingredient deck.
DECK_COUNTS: tuple[int, ...] = (6, 6, 4, 4, 4, 4, 6, 4, 1, 1)
DECK_SIZE = sum(DECK_COUNTS)
#: GM-2: balls per flavour in the supply.
BALLS_PER_FLAVOUR = 7
BALL_CARDS = BALLS_PER_FLAVOUR * len(FLAVOURS)
#: Customer kinds (GM-3) in the order objectives and pictures list them.
CUSTOMER_KINDS: tuple[str, ...] = ("bowl", "two_ball_cone", "one_ball_cone")
#: GM-7: (customer kind, how many served, points), in CUSTOMER_KINDS order.
ICE_CREAM_OBJECTIVES: tuple[tuple[str, int, int], ...] = (
    ("bowl", 2, 5), ("two_ball_cone", 2, 8), ("one_ball_cone", 3, 10))
#: GM-8: the four ball objectives, 5 points each: one per flavour, then the total.
BALL_OBJECTIVES: tuple[str, ...] = ("strawberry", "chocolate", "vanilla", "total")
BALL_OBJECTIVE_POINTS = 5
OBJECTIVE_CARDS = len(ICE_CREAM_OBJECTIVES) + len(BALL_OBJECTIVES)
#: The box's card count (GM-2..GM-3 and the rulebook's "87 cards").
BOX_TOTAL = 87
#: GM-3: customers shuffled into this many face-up piles; a pile's top card can be served.
PILES = 3
DISPLAY_ROWS = DISPLAY_COLS = 3


def full_deck() -> list[int]:
    """The 40 ingredient cards (GM-2), in kind order."""
    return [k for k, n in enumerate(DECK_COUNTS) for _ in range(n)]


@dataclass(frozen=True, slots=True)
class Customer:
    """A customer card (GM-3): serve it with ``cards`` from hand and ``balls`` from the
    table (counts by kind; only containers and flavours are non-zero)."""

    id: str
    kind: str
    points: int
    cards: tuple[int, ...]
    balls: tuple[int, ...]
    on_display: bool = False

    @property
    def ball_count(self) -> int:
        return sum(self.balls)

    def needs(self) -> list[int]:
        """Every card the recipe takes, as kinds (containers first, then balls)."""
        out = [k for k in range(HAND_KINDS) for _ in range(self.cards[k])]
        return out + [k for k in range(HAND_KINDS) for _ in range(self.balls[k])]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "points": self.points,
            "cards": [CODES[k] for k in range(HAND_KINDS) for _ in range(self.cards[k])],
            "balls": [CODES[k] for k in range(HAND_KINDS) for _ in range(self.balls[k])],
        }
        if self.on_display:
            d["start"] = "display"
        return d


SHIPPED = "shipped"


def load_customers(path: str | Path | InlineData | None = None) -> tuple[Customer, ...]:
    """The customers (GM-3) from ``path`` (a JSON file like ``data/customers.json``, or its
    data itself as :class:`~icecream.core.datafiles.InlineData`, as saves hold it), or the
    shipped assumed recipes for ``None``. :class:`SettingsError` names the bad field.

    The file is read by the bounded JSON reader (a regular UTF-8 file within the nesting,
    digit and size limits) and read again when it changes (an edit is never ignored).
    """
    if path is None:
        return _shipped()
    if isinstance(path, InlineData):
        return _CUSTOMERS.load(path)
    if not isinstance(path, str | Path):
        raise SettingsError(f"customers: must be a path to a customers file or None, not "
                            f"{quote(path)}")
    return _CUSTOMERS.load(str(path))


@cache
def _shipped() -> tuple[Customer, ...]:
    raw = resources.files(__package__).joinpath("data", "customers.json").read_bytes()
    where = "customers (shipped file)"
    return parse_customers(parse_json(raw, SettingsError, where), where)


#: Customer files read so far, by path (read again when a file changes).
_CUSTOMERS = DataFileCache(
    "customers", lambda data, path: parse_customers(
        data, "customers" if path == "inline data" else f"customers file {quote(path, 80)}"))


def customers_data(customers: tuple[Customer, ...]) -> dict[str, Any]:
    """Customers as a customers file's data (:func:`parse_customers` reads it back): what a
    save holds for a customers file."""
    return {"customers": [c.to_dict() for c in customers]}


def parse_customers(data: Any, where: str = "customers") -> tuple[Customer, ...]:
    """Check customer data (``{"note": ..., "customers": [...]}``) and build the cards.

    GM-3 fixes the shape: 19 customers, exactly one starting on display and the other 18
    dealt into 3 piles of 6 (so the box still holds 87 cards). Each customer needs a unique
    ``id``, a ``kind`` from :data:`CUSTOMER_KINDS`, whole ``points`` >= 0, ``cards`` from
    the containers (bowl, cone, wafer) and at least one ball in ``balls``.
    """
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: must be an object with 'note' and 'customers'")
    extra = set(data) - {"note", "customers"}
    if extra:
        raise SettingsError(f"{where}: unknown field(s) {sorted(extra)}; fields are "
                            "['customers', 'note']")
    if not isinstance(data.get("note", ""), str):
        raise SettingsError(f"{where}: note must be text")
    items = data.get("customers")
    if not isinstance(items, list):
        raise SettingsError(f"{where}: customers must be a list")
    if len(items) != 19:
        raise SettingsError(f"{where}: customers must list 19 cards (GM-3), not {len(items)}")
    out: list[Customer] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        at = f"{where}: customers[{i}]"
        if not isinstance(item, dict):
            raise SettingsError(f"{at} must be an object")
        extra = set(item) - {"id", "kind", "points", "cards", "balls", "start"}
        if extra:
            raise SettingsError(f"{at}: unknown field(s) {sorted(extra)}")
        cid = item.get("id")
        if not isinstance(cid, str) or not cid.strip() or len(cid) > 40 \
                or not cid.isprintable():  # a lone surrogate could not be saved as UTF-8
            raise SettingsError(f"{at}.id must be 1-40 printable characters of text, not "
                                f"{quote(cid)}")
        if cid in seen:
            raise SettingsError(f"{at}.id {quote(cid)} is used twice")
        seen.add(cid)
        kind = item.get("kind")
        if kind not in CUSTOMER_KINDS:
            raise SettingsError(f"{at}.kind must be one of {list(CUSTOMER_KINDS)}, not "
                                f"{quote(kind)}")
        points = item.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 99:
            raise SettingsError(f"{at}.points must be a whole number 0..99, not "
                                f"{quote(points)}")
        cards = _counts(item.get("cards"), f"{at}.cards", [CODES[k] for k in CONTAINERS])
        balls = _counts(item.get("balls"), f"{at}.balls", list(FLAVOUR_CODES))
        if not sum(balls):
            raise SettingsError(f"{at}.balls must name at least one ball")
        start = item.get("start")
        if start not in (None, "display"):
            raise SettingsError(f"{at}.start must be 'display' or absent, not {quote(start)}")
        out.append(Customer(cid, kind, points, cards, balls, start == "display"))
    shown = [c.id for c in out if c.on_display]
    if len(shown) != 1:
        raise SettingsError(f"{where}: exactly one customer starts on display (GM-3), "
                            f"not {len(shown)} ({shown})")
    return tuple(out)


def _counts(value: Any, at: str, allowed: list[str]) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > 6:
        raise SettingsError(f"{at} must be a list of at most 6 card names, not "
                            f"{quote(value)}")
    counts = [0] * HAND_KINDS
    for j, code in enumerate(value):
        if code not in allowed:
            raise SettingsError(f"{at}[{j}]: {quote(code)} is not one of {allowed}")
        counts[KIND_OF[code]] += 1
    return tuple(counts)
