"""Packed ints and lookup tables that the rules (``state.py``) use at every step.

They stand for the rules written out plainly; ``tests/test_engine_tables.py`` checks each
against that plain reading. Tables are filled on first use; the few that could grow with
unusual settings (30 cones, long cones) start over past
:data:`~icecream.core.memo.TABLE_LIMIT` entries (:class:`~icecream.core.memo.Table`).

>>> sets = ConeSets([(0, 0), (1,), None], by_flavour=False)
>>> exact, close = sets.classify(mask_of([0]))  # a player holding only strawberry
>>> cone_indexes(exact), cone_indexes(close)
([0], [1])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.memo import Table
from .actions import DRAW, SERVE
from .components import NUM_FLAVOURS


class ConeSets(dict):
    """One day's cones packed into ints, and the cones each held-flavour mask can serve
    (a dict from mask to ``(exact, close)``: ``sets[held]`` classifies on first use).

    Cone ``i`` is byte ``i`` (a *lane*) of an int: ``flavours`` holds each cone's flavours
    as a 6-bit mask, ``singles`` the flavours it has only one scoop of. A set of cones is an
    int with bit 6 of their lanes set (``CONE_BIT[i]``). A few additions and masks then
    test every cone at once, with no carry from one lane into the next: for a player
    holding ``held``, ``miss`` keeps each cone's flavours they lack; a cone is exact when
    it misses nothing (IC-9), and close (IC-10) when it misses exactly one flavour and,
    under the rulebook's scoop rule, only one scoop of it (under the Dutch summary's
    flavour rule any number).
    """

    __slots__ = ("flavours", "singles", "every", "lanes", "low", "flag", "by_flavour")

    def __init__(self, cones: Sequence[tuple[int, ...] | None], by_flavour: bool) -> None:
        """``cones`` as on the table (``None`` for a served one); ``by_flavour`` picks the
        Dutch summary's close rule (IC-10)."""
        lanes = LANES[len(cones)]
        both = b"".join(map(CONE_BYTES.__getitem__, cones))
        self.flavours = int.from_bytes(both[::2], "little")
        self.singles = int.from_bytes(both[1::2], "little")
        self.lanes = lanes
        self.low = 63 * lanes   # adding it sets bit 6 of every lane that is not zero
        self.flag = 64 * lanes  # bit 6 of every lane
        self.every = (self.flavours + self.low) & self.flag
        self.by_flavour = by_flavour

    def __missing__(self, held: int) -> tuple[int, int]:
        return self.classify(held)

    def classify(self, held: int) -> tuple[int, int]:
        """``(exact, close)`` cone sets for a player holding the flavours in mask ``held``."""
        low = self.low
        flag = self.flag
        miss = self.flavours & (63 & ~held) * self.lanes
        some = (miss + low) & flag                        # cones missing a flavour
        several = miss & (miss - (some >> 6))             # clears each lane's lowest bit
        close = some & ~((several + low) & flag)          # exactly one flavour missing
        if not self.by_flavour:
            close &= ((miss & self.singles) + low) & flag  # ... and one scoop of it
        both = self[held] = (self.every & ~some, close)
        return both


def mask_of(cards: Iterable[int]) -> int:
    """The flavours among ``cards`` as a mask (bit ``f`` for flavour ``f``)."""
    m = 0
    for f in cards:
        m |= 1 << f
    return m


def _cone_bytes(cone: tuple[int, ...] | None) -> bytes:
    """Two bytes: a mask of the cone's flavours, and of those it has one scoop of
    (``None``, a served cone, has neither)."""
    if cone is None:
        return b"\0\0"
    return bytes((mask_of(cone), mask_of(f for f in cone if cone.count(f) == 1)))


#: cone -> :func:`_cone_bytes`; hand (one card of each flavour at most) -> its mask.
CONE_BYTES = Table(_cone_bytes)
HAND_MASKS = Table(mask_of)
#: ``LANES[n]``: a 1 in the low bit of each of ``n`` lanes; ``CONE_BIT[i]``: cone ``i``'s bit.
LANES = tuple(int.from_bytes(b"\x01" * n, "little") for n in range(32))
CONE_BIT = tuple(64 << 8 * i for i in range(32))


def cone_indexes(cones: int) -> list[int]:
    """The indexes of the cones in a cone set (see :class:`ConeSets`), lowest first."""
    out = []
    while cones:
        bit = cones & -cones
        out.append(bit.bit_length() >> 3)  # bit 6 of lane i is bit 8 i + 6
        cones ^= bit
    return out


#: Cone set -> a serve action for each of its cones, in cone order (IC-9, IC-10), and the
#: same followed by drawing a card (IC-9, case B).
SERVES = Table(lambda cones: tuple(SERVE[i + 1] for i in cone_indexes(cones)))
SERVES_AND_DRAW = Table(lambda cones: SERVES[cones] + (DRAW,))


# Served counts: one int a seat, SERVED_BITS bits a flavour (counts stay below 16, IC-2).
SERVED_BITS = 5
SERVED_MAX = (1 << SERVED_BITS) - 1
# Adding SERVED_ANY sets bit 4 of every non-zero count; OPENED maps those bits to the
# flavours whose card was opened with scoops (IC-11).
SERVED_ANY = sum(15 << SERVED_BITS * f for f in range(NUM_FLAVOURS))
SERVED_SOME = sum(16 << SERVED_BITS * f for f in range(NUM_FLAVOURS))
OPENED = {sum(16 << SERVED_BITS * f for f in fs): fs
          for fs in (tuple(f for f in range(NUM_FLAVOURS) if m >> f & 1)
                     for m in range(1 << NUM_FLAVOURS))}


def scoops_of(served: int) -> tuple[int, ...]:
    """The scoops a packed served count stands for, in flavour order (IC-13)."""
    return tuple(f for f in range(NUM_FLAVOURS)
                 for _ in range(served >> SERVED_BITS * f & SERVED_MAX))


def split(cone: tuple[int, ...], held: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """How serving ``cone`` splits its scoops for a player holding mask ``held``: those on
    their cards (IC-11), those returned to the Scoop deck (IC-10), and the served count to
    add (packed)."""
    on_cards = tuple(f for f in cone if held >> f & 1)
    back = tuple(f for f in cone if not held >> f & 1)
    gained = sum(1 << SERVED_BITS * f for f in on_cards)
    return on_cards, back, gained


#: Packed served count -> :func:`scoops_of`; (cone, held flavours of the cone) -> :func:`split`.
SCOOPS = Table(scoops_of)
SPLITS = Table(lambda key: split(*key))
