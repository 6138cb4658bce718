"""Seeded shuffles: every deck order of a game comes from its seed.

A shuffle is named by a *purpose* and a counter (the k-th reshuffle of the order
discards), so a state carries only its seed and a seed plus the actions replays a game.

>>> shuffled(7, SETUP_PILE, 0, [1, 2, 3, 4]) == shuffled(7, SETUP_PILE, 0, [1, 2, 3, 4])
True
>>> sorted(shuffled(7, SETUP_PILE, 0, [1, 2, 3, 4]))
[1, 2, 3, 4]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

#: Purposes: the Ice Cream draw pile (CCP-3), the Order deck (CCP-3), a rebuilt Order
#: deck (CCP-11), and the unplaced cards of a scenario.
SETUP_PILE, SETUP_ORDERS, ORDER_RESHUFFLE, SCENARIO_PILE, SCENARIO_ORDERS = range(5)


def shuffled(seed: int, purpose: int, k: int, cards: Sequence[int]) -> list[int]:
    """``cards`` in an order drawn from ``(seed, purpose, k)`` only (SHA-512 seeding of
    :class:`random.Random`, the same on every machine and Python run)."""
    out = list(cards)
    if len(out) > 1:
        random.Random(f"combo-cone:{seed}:{purpose}:{k}").shuffle(out)
    return out
