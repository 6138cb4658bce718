"""What a simulation records of an Ice Cream game, per seat (``GameSpec`` hooks).

>>> import random, icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=1).clone()
>>> _ = s.random_playout(random.Random(0).random)
>>> sorted(result_columns(s, 0))[:4]
['cards_drawn', 'cards_left', 'close', 'days']
"""

from __future__ import annotations

import json
from typing import Any


def count_action(after: Any, action: Any) -> str | None:
    """The column counting ``action`` (just played, giving ``after``) for its player."""
    kind = action["type"] if isinstance(action, dict) else action.type
    if kind == "draw":
        return "cards_drawn"
    if kind == "swap":
        return "swaps"
    if kind == "serve":
        # The first event of a serve says whether it was close (IC-10) or exact (IC-9).
        return "serves_close" if after.events[0].key.startswith("ic.event.serve_close") \
            else "serves_exact"
    return None


def result_columns(s: Any, seat: int) -> dict[str, Any]:
    """Per-seat columns at the end of a game: cards left (the IC-15 tie-break), the first
    dealer and the seat's place after them (IC-4), points by source (IC-13), the variant
    and the running totals after each day (``round_scores``: one column holding them as
    JSON text, ``[4,9,15,22]``, so every game has the same columns whatever its length)."""
    n = s.num_players
    dealer = s.settings.first_dealer
    row: dict[str, Any] = {
        "cards_left": len(s.cards[seat]),
        "first_dealer": dealer, "deal_order": (seat - dealer) % n,
        "points_scoops": sum(day[seat][0] for day in s.results),
        "points_duplicates": sum(day[seat][1] for day in s.results),
        "cards_drawn": 0, "swaps": 0, "serves_exact": 0, "serves_close": 0,
        "days": len(s.results), "close": s.settings.close,
    }
    totals, total = [], 0
    for day in s.results:
        total += day[seat][0] + day[seat][1]
        totals.append(total)
    row["round_scores"] = json.dumps(totals, separators=(",", ":"))
    return row
