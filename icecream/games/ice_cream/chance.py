"""Ice Cream's seeded shuffles, on the one seeded-chance module (:mod:`icecream.core.chance`).

A shuffle is named by the day and a *purpose* (which shuffle of the day it is), so a state
needs to carry only its seed, and a seed plus the actions replays a game exactly. Ice
Cream shuffles at every phase of every day of a playout, so it uses the fast SHAKE-128
shuffle keyed ``b"seed:day:purpose"``.

>>> deck = shuffled(7, 1, PHASE2, [0, 0, 1, 2, 3])
>>> sorted(deck), deck == shuffled(7, 1, PHASE2, [0, 0, 1, 2, 3])
([0, 0, 1, 2, 3], True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.chance import fast_shuffled

#: The purposes: setting up the two decks (IC-3, IC-4), the discards after phase 1 (IC-5),
#: the Scoop deck before phase 2 (IC-7) and the discards after scoring (IC-13).
SETUP_DECK, SETUP_SCOOPS, PHASE1, PHASE2, PHASE4 = range(5)


def shuffled(seed: int, day: int, purpose: int, cards: Sequence[int]) -> list[int]:
    """``cards`` shuffled by the game's seed for (day, purpose)."""
    return fast_shuffled(b"%d:%d:%d" % (seed, day, purpose), cards)
