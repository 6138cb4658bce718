"""What a simulation records of a Combo Cone Paradise game, per seat (``GameSpec`` hooks),
and the game's own design metric.

>>> import random, icecream
>>> s = icecream.new_game("combo-cone", players=3, seed=1).clone()
>>> _ = s.random_playout(random.Random(0).random)
>>> sorted(result_columns(s, 0))[:4]
['cards_left', 'combos', 'cones', 'fills']
"""

from __future__ import annotations

import json
from typing import Any

from ...core.protocol import MetricSpec

_COLUMNS = {"scoop": "scoops", "secure": "secures", "serve": "serves", "fill": "fills",
            "stop_serving": "stops"}


def count_action(after: Any, action: Any) -> str | None:
    """The column counting ``action`` (just played, giving ``after``) for its player:
    scoops, secures, serves, fills, placements or combos (CCP-6..CCP-9)."""
    kind = action["type"] if isinstance(action, dict) else action.type
    if kind == "place":
        # The placement's own event says whether it was a combo (CCP-8).
        key = after.events[0].key
        return "combos" if key.startswith("ccp.event.combo") else "placements"
    if kind == "take_reward":
        k = action["kind"] if isinstance(action, dict) else action.kind
        return None if k == "coins" else f"rewards_{k}"
    return _COLUMNS.get(kind)


def result_columns(s: Any, seat: int) -> dict[str, Any]:
    """Per-seat columns at the end of a game: cards left in hand (the CCP-12 tie-break),
    orders filled and kept for coins, alternative rewards taken (CCP-10), Cones, Rainbows
    and reserved orders left, the counted actions (0 when never played) and the running
    coin totals after each table round (``round_scores``: one column holding them as JSON
    text, so a game of any length has the same columns)."""
    n_rainbow = sum(1 for c in s.hands[seat] if s.is_rainbow(c))
    row: dict[str, Any] = {
        "cards_left": len(s.hands[seat]),
        "orders_filled": s.fills[seat],
        "orders_kept": len(s.filled[seat]),
        "rewards_taken": s.fills[seat] - len(s.filled[seat]),
        "cones": len(s.cones[seat]),
        "rainbows_left": n_rainbow,
        "reserved_left": len(s.reserved[seat]),
        "rounds": s.round,
        "rainbow_hand_limit": s.settings.rainbow_hand_limit,
    }
    for column in ("scoops", "secures", "serves", "fills", "stops", "placements", "combos",
                   "rewards_cards", "rewards_cone"):
        row[column] = 0
    row["round_scores"] = json.dumps([totals[seat] for totals in s.round_scores],
                                     separators=(",", ":"))
    return row


#: The game's own design metrics, as data (the explore layer computes them): the share of
#: filled orders whose alternative reward was taken instead of the coins (CCP-10).
METRICS = (
    MetricSpec("ccp_reward_share", "points_share", ("rewards_taken",), ("orders_filled",),
               text="ccp.metric.reward_share"),
)
