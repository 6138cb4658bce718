"""Combo Cone Paradise's components as data: Ice Cream cards, Rainbows, Orders and Cones.

The rulebook gives the counts (112 Ice Cream cards, 10 Rainbows, 52 Orders, 15 Cones) but
does not print the faces. The shipped files ``data/deck.json`` and ``data/orders.json``
hold the *assumed* faces of rulings CCP-2 and CCP-4 (each file says so in its ``"note"``).
A user can load another deck file (the ``deck`` setting): a JSON object with any of the
sections ``ice_cream`` (list of ``{"flavour", "brand", "combo"}``), ``rainbow`` (count),
``cones`` (count) and ``orders`` (list of ``{"flavours": [...], "coins": n, "reward":
null | "cards" | "cone"}``); a section it leaves out comes from the shipped files. The
counts must be the rulebook's; flavours and brands must be the game's.

Cards are numbered: Ice Cream cards ``0..111`` in file order, then the Rainbows.

>>> c = shipped_components()
>>> len(c.ice_cream), c.rainbows, len(c.cards), len(c.orders), c.cones
(112, 10, 122, 52, 15)
>>> c.cards[0], c.orders[0].height
(Card(flavour=0, brand=0, combo=0), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from itertools import combinations_with_replacement
from typing import Any

from ...core.datafiles import DataFileCache, InlineData
from ...core.errors import SettingsError, quote
from ...core.protocol import parse_json

#: The seven flavours of the assumed deck (CCP-2); catalog words ``ccp.flavour.<code>``.
FLAVOURS: tuple[str, ...] = ("vanilla", "chocolate", "strawberry", "mint", "pistachio",
                             "lemon", "blueberry")
#: The four brands (CCP-2), named by the icon on the card; catalog ``ccp.brand.<code>``.
BRANDS: tuple[str, ...] = ("heart", "drop", "leaf", "star")
#: Alternative rewards an order may offer instead of its coins (CCP-4, CCP-10).
REWARDS: tuple[str, ...] = ("cards", "cone")
#: The rulebook's counts (Components; CCP-2, CCP-3, CCP-4).
ICE_CREAM_COUNT, RAINBOW_COUNT, ORDER_COUNT, CONE_COUNT = 112, 10, 52, 15
#: The flavour and brand index that stands for a Rainbow card (any flavour, any brand).
RAINBOW = -1


@dataclass(frozen=True, slots=True)
class Card:
    """An Ice Cream card's faces as indexes into :data:`FLAVOURS` / :data:`BRANDS`;
    a Rainbow has ``RAINBOW`` (-1) in all three (CCP-2)."""

    flavour: int
    brand: int
    combo: int

    @property
    def is_rainbow(self) -> bool:
        """True for a Rainbow card (any flavour, brand and Combo Brand, CCP-2)."""
        return self.flavour == RAINBOW

    def to_data(self) -> list[str]:
        """Plain form for messages and views: ``["mint", "heart", "star"]`` or ``["rainbow"]``."""
        if self.flavour == RAINBOW:
            return ["rainbow"]
        return [FLAVOURS[self.flavour], BRANDS[self.brand], BRANDS[self.combo]]


RAINBOW_CARD = Card(RAINBOW, RAINBOW, RAINBOW)


@dataclass(frozen=True, slots=True)
class Order:
    """An Order card: a multiset of flavours (sorted indexes), its coins, and the
    alternative reward it offers instead (``None``, ``"cards"`` or ``"cone"``, CCP-4)."""

    flavours: tuple[int, ...]
    coins: int
    reward: str | None = None

    @property
    def height(self) -> int:
        """How many flavours (scoops) the order asks for (CCP-4)."""
        return len(self.flavours)

    def to_data(self) -> dict[str, Any]:
        """Plain form: flavour codes, coins and the alternative reward (or None)."""
        return {"flavours": [FLAVOURS[f] for f in self.flavours], "coins": self.coins,
                "reward": self.reward}


@dataclass(frozen=True)
class Components:
    """Every card of one game: ``cards[i]`` for the Ice Cream cards and Rainbows
    (``0..n-1`` normal, then ``rainbows`` Rainbows), ``orders``, and the number of Cones."""

    ice_cream: tuple[Card, ...]
    rainbows: int
    orders: tuple[Order, ...]
    cones: int
    source: str = "shipped"

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """All cards by id: the Ice Cream cards, then the Rainbows."""
        return self.ice_cream + (RAINBOW_CARD,) * self.rainbows

    @cached_property
    def canon(self) -> tuple[int, ...]:
        """``canon[id]``: the lowest id of a card with the same faces (identical cards,
        such as the Rainbows, are one choice when placing)."""
        first: dict[Card, int] = {}
        return tuple(first.setdefault(c, i) for i, c in enumerate(self.cards))

    @cached_property
    def shared_faces(self) -> frozenset[int]:
        """The :attr:`canon` ids of the faces more than one card has (such as the Rainbow)."""
        canon = self.canon
        return frozenset(k for i, k in enumerate(canon) if i != k)

    @cached_property
    def shared_cards(self) -> frozenset[int]:
        """The ids of the cards whose faces another card has too (such as the Rainbows)."""
        shared = self.shared_faces
        return frozenset(i for i, k in enumerate(self.canon) if k in shared)

    @cached_property
    def combos(self) -> tuple[tuple[bool, ...], ...]:
        """``combos[below][top]``: ``top`` placed on ``below`` is a combo (CCP-8: ``below``'s
        Combo Brand is ``top``'s Brand, or either is a Rainbow)."""
        cards = self.cards
        return tuple(tuple(b.flavour == RAINBOW or t.flavour == RAINBOW or b.combo == t.brand
                           for t in cards) for b in cards)

    @cached_property
    def flavour_of(self) -> tuple[int, ...]:
        """``flavour_of[id]``: the card's flavour (``RAINBOW`` for a Rainbow)."""
        return tuple(c.flavour for c in self.cards)

    @cached_property
    def brand_of(self) -> tuple[int, ...]:
        """``brand_of[id]``: the card's brand (``RAINBOW`` for a Rainbow)."""
        return tuple(c.brand for c in self.cards)

    @cached_property
    def combo_of(self) -> tuple[int, ...]:
        """``combo_of[id]``: the card's Combo Brand (``RAINBOW`` for a Rainbow, CCP-8)."""
        return tuple(c.combo for c in self.cards)

    @cached_property
    def same_kind(self) -> tuple[tuple[int, ...], ...]:
        """``same_kind[a][b]``: bit 1 when cards ``a`` and ``b`` share a flavour, bit 2 when
        they share a brand (CCP-6 asks for one or the other); a row's Scoops follow from
        these bits of its pairs of cards."""
        fl, br = self.flavour_of, self.brand_of
        n = len(fl)
        return tuple(tuple((fl[a] == fl[b]) | (br[a] == br[b]) << 1 for b in range(n))
                     for a in range(n))

    @cached_property
    def fillable(self) -> dict[tuple[int, ...], frozenset[int]]:
        """Every stack up to the tallest order, by its flavours sorted (``RAINBOW`` for a
        Rainbow) -> the ids of the orders it fills (CCP-9: the same height and the same
        flavours as a multiset, a Rainbow as any flavour). Worked out once per deck: an
        order is filled by the stacks that hold some of its flavours and Rainbows for the
        others. :meth:`orders_filled` is the rule itself, one stack at a time."""
        symbols = (RAINBOW, *range(len(FLAVOURS)))  # sorted, so each key comes sorted
        table: dict[tuple[int, ...], set[int]] = {
            key: set() for h in range(1, self.max_height + 1)
            for key in combinations_with_replacement(symbols, h)}
        for i, o in enumerate(self.orders):
            fl = o.flavours
            for mask in range(1 << len(fl)):  # the bits of the flavours Rainbows stand for
                table[tuple(sorted([RAINBOW if mask >> k & 1 else f
                                    for k, f in enumerate(fl)]))].add(i)
        return {key: frozenset(ids) for key, ids in table.items()}

    def orders_filled(self, flavours: tuple[int, ...]) -> frozenset[int]:
        """The ids of the orders a stack with these flavours (``RAINBOW`` for a Rainbow)
        fills (CCP-9), by the rule: the same height, and its flavours within the order's
        (counting repeats), the Rainbows standing for the rest."""
        plain = [f for f in flavours if f != RAINBOW]
        return frozenset(i for i, o in enumerate(self.orders)
                         if len(o.flavours) == len(flavours)
                         and _multiset_within(plain, o.flavours))

    @cached_property
    def max_height(self) -> int:
        """The most flavours an order asks for: a taller stack fills no order (CCP-9)."""
        return max(len(o.flavours) for o in self.orders)

    @cached_property
    def heights(self) -> tuple[int, ...]:
        """``heights[order id]``: how many flavours the order asks for."""
        return tuple(len(o.flavours) for o in self.orders)

    def to_data(self) -> dict[str, Any]:
        """These components as deck data (every section; :func:`parse_components` reads
        it back): what a save holds for a deck file."""
        return {"ice_cream": [{"flavour": FLAVOURS[c.flavour], "brand": BRANDS[c.brand],
                               "combo": BRANDS[c.combo]} for c in self.ice_cream],
                "rainbow": self.rainbows, "cones": self.cones,
                "orders": [o.to_data() for o in self.orders]}

    @cached_property
    def rainbow_ids(self) -> tuple[int, ...]:
        """The ids of the Rainbow cards (after the Ice Cream cards)."""
        n = len(self.ice_cream)
        return tuple(range(n, n + self.rainbows))


def _multiset_within(part: list[int], whole: tuple[int, ...]) -> bool:
    """True when every item of ``part`` is in ``whole``, counting repeats."""
    need = list(whole)
    for f in part:
        if f not in need:
            return False
        need.remove(f)
    return True


def _read_json(path: Any, what: str) -> Any:
    """A shipped data file (a package resource) through the bounded JSON reader."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise SettingsError(f"deck: cannot read {what}: {e.strerror or e}") from None
    return parse_json(raw, SettingsError, f"deck: {what}")


def _index(value: Any, names: tuple[str, ...], where: str, kind: str) -> int:
    if value not in names:
        raise SettingsError(f"deck: {where}: unknown {kind} {quote(value)}; the {kind}s are "
                            f"{', '.join(names)} (CCP-2)")
    return names.index(value)


def _count(data: Mapping, key: str, want: int, rule: str) -> int:
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise SettingsError(f"deck: {key}: must be a whole number, not {quote(v)}")
    if v != want:
        raise SettingsError(f"deck: {key}: the game has {want}, not {v} ({rule})")
    return v


def parse_components(data: Any, source: str = "deck file") -> Components:
    """Check deck data (see the module docstring) and build :class:`Components`.

    Sections missing from ``data`` come from the shipped files. :class:`SettingsError`
    names the section and card that is wrong.
    """
    if not isinstance(data, Mapping):
        raise SettingsError(f"deck: {source} must be a JSON object with the sections "
                            "ice_cream, rainbow, cones and/or orders")
    known = {"note", "ice_cream", "rainbow", "cones", "orders"}
    extra = set(data) - known
    if extra:
        raise SettingsError(f"deck: unknown section(s) {sorted(extra)}; sections are "
                            f"{sorted(known)}")
    base = shipped_components() if source != "shipped" else None
    if "ice_cream" in data:
        cards_data = _section(data["ice_cream"], "ice_cream", "cards", ICE_CREAM_COUNT,
                              "Ice Cream", "CCP-2")
        cards = []
        for i, c in enumerate(cards_data):
            where = f"ice_cream[{i}]"
            if not isinstance(c, Mapping) or set(c) != {"flavour", "brand", "combo"}:
                raise SettingsError(f"deck: {where}: must be an object with exactly flavour, "
                                    f"brand and combo, not {quote(c)}")
            cards.append(Card(_index(c["flavour"], FLAVOURS, where, "flavour"),
                              _index(c["brand"], BRANDS, where, "brand"),
                              _index(c["combo"], BRANDS, where + ".combo", "brand")))
        ice_cream = tuple(cards)
    elif base is not None:
        ice_cream = base.ice_cream
    else:
        raise SettingsError("deck: the shipped deck lacks its ice_cream section")
    rainbows = _count(data, "rainbow", RAINBOW_COUNT, "CCP-2") if "rainbow" in data else (
        base.rainbows if base else RAINBOW_COUNT)
    cones = _count(data, "cones", CONE_COUNT, "CCP-3") if "cones" in data else (
        base.cones if base else CONE_COUNT)
    if "orders" in data:
        orders = _parse_orders(data["orders"])
    elif base is not None:
        orders = base.orders
    else:
        raise SettingsError("deck: the shipped files lack the orders section")
    return Components(ice_cream, rainbows, orders, cones, source)


def _section(value: Any, section: str, what: str, count: int, card: str, rule: str) -> list:
    """A deck file's ``section``: a list of ``count`` entries (``what``: "cards"), each one
    of the game's ``card`` cards (``rule`` says how many there are)."""
    if not isinstance(value, list):
        raise SettingsError(f"deck: {section}: must be a list of {what}")
    if len(value) != count:
        raise SettingsError(f"deck: {section}: the game has {count} {card} cards, not "
                            f"{len(value)} ({rule})")
    return value


def _parse_orders(orders_data: Any) -> tuple[Order, ...]:
    orders_data = _section(orders_data, "orders", "orders", ORDER_COUNT, "Order", "CCP-4")
    out = []
    for i, o in enumerate(orders_data):
        where = f"orders[{i}]"
        if not isinstance(o, Mapping) or not {"flavours", "coins"} <= set(o) or \
                set(o) - {"flavours", "coins", "reward"}:
            raise SettingsError(f"deck: {where}: must be an object with flavours, coins and "
                                f"an optional reward, not {quote(o)}")
        fl = o["flavours"]
        if not isinstance(fl, list) or not 1 <= len(fl) <= 4:
            raise SettingsError(f"deck: {where}.flavours: an order asks for 1 to 4 flavours "
                                f"(CCP-4), not {quote(fl)}")
        flavours = tuple(sorted(_index(f, FLAVOURS, f"{where}.flavours", "flavour")
                                for f in fl))
        coins = o["coins"]
        if isinstance(coins, bool) or not isinstance(coins, int) or not 0 <= coins <= 99:
            raise SettingsError(f"deck: {where}.coins: must be a whole number 0..99, "
                                f"not {quote(coins)}")
        reward = o.get("reward")
        if reward is not None and reward not in REWARDS:
            raise SettingsError(f"deck: {where}.reward: must be null, \"cards\" or \"cone\" "
                                f"(CCP-10), not {quote(reward)}")
        out.append(Order(flavours, coins, reward))
    return tuple(out)


@cache
def shipped_components() -> Components:
    """The shipped, assumed deck (CCP-2) and orders (CCP-4)."""
    folder = resources.files(__package__).joinpath("data")
    deck = _read_json(folder.joinpath("deck.json"), "the shipped deck.json")
    orders = _read_json(folder.joinpath("orders.json"), "the shipped orders.json")
    data = {k: v for k, v in deck.items() if k != "note"}
    data["orders"] = orders["orders"]
    return parse_components(data, "shipped")


def load_components(deck: str | InlineData | None) -> Components:
    """The components for the ``deck`` setting: ``None`` for the shipped deck, else a path
    or the deck data itself (:class:`~icecream.core.datafiles.InlineData`, as saves hold it).

    The file is read by the bounded JSON reader (a regular UTF-8 file within the nesting,
    digit and size limits) and read again when it changes; every problem is one
    :class:`SettingsError` starting ``deck:``.
    """
    if deck is None:
        return shipped_components()
    if isinstance(deck, InlineData):
        return _DECKS.load(deck)
    if not isinstance(deck, str) or not deck.strip():
        raise SettingsError(f"deck: must be a path to a deck file or None, not {quote(deck)}")
    return _DECKS.load(deck)


#: Deck files read so far, by path (read again when a file changes).
_DECKS = DataFileCache("deck", parse_components)
