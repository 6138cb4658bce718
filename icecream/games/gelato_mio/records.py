"""What a simulation records of a Gelato Mio game, per seat (``GameSpec`` hooks).

>>> import random, icecream
>>> s = icecream.new_game("gelato-mio", players=2, seed=1).clone()
>>> _ = s.random_playout(random.Random(0).random)
>>> sorted(result_columns(s, 0))[:4]
['asks', 'balls', 'balls_made', 'cards_left']
"""

from __future__ import annotations

import json
from typing import Any

#: Action type -> the simulation column counting it.
COLUMNS = {"take": "takes", "make_ball": "balls_made", "serve": "customers_served",
           "ask": "asks", "pass": "passes", "discard": "qc_discards",
           "return_ball": "qc_returns"}


def count_action(after: Any, action: Any) -> str | None:
    """The column counting ``action`` (just played, giving ``after``) for its player."""
    kind = action["type"] if isinstance(action, dict) else action.type
    return COLUMNS.get(kind)


def result_columns(state: Any, seat: int) -> dict[str, Any]:
    """Per-seat columns at the end of a game: points by source (GM-7, GM-8, customers and
    pairs, GM-9), ball cards on the table (the GM-9 tie-break), customers served, cards
    left in hand, rounds played, the display variants, a zero for every action column
    the seat never played, and the running totals after each table round
    (``round_scores``: one column holding them as JSON text, so a game of any length has
    the same columns)."""
    pts = state.points(seat)
    row: dict[str, Any] = {column: 0 for column in COLUMNS.values()}
    row.update({
        "points_ice_cream_objectives": pts["ice_cream_objectives"],
        "points_ball_objectives": pts["ball_objectives"],
        "points_customers": pts["customers"],
        "points_pairs": pts["pairs"],
        "balls": sum(state.table[seat]),
        "customers": len(state.served[seat]),
        "cards_left": sum(state.hands[seat]),
        "rounds": state.round,
        "refill": state.settings.refill,
        "flood": state.settings.flood,
    })
    row["round_scores"] = json.dumps([totals[seat] for totals in state.round_scores],
                                     separators=(",", ":"))
    return row
