"""Ice Cream's own design metrics and simulation columns (hooks of its ``GameSpec``).

* :class:`FirstDealerWinRate`: the first-player advantage, where the first player is the
  first day's dealer (IC-4).
* :class:`ScoopShare`: the share of points from served scoops, the rest from discarded
  duplicates (IC-13).
* :func:`count_action` and :func:`result_columns`: what a simulation records per seat.
"""

from __future__ import annotations

from ...explore.metrics import FirstPlayerWinRate, PointsShare


class FirstDealerWinRate(FirstPlayerWinRate):
    """Share of games won by the first dealer: the first-player advantage (IC-4)."""

    key = "first_dealer_win_rate"
    column = "deal_order"


class ScoopShare(PointsShare):
    """Share of all points scored from served scoops (the rest from duplicates, IC-13)."""

    key = "scoop_share"

    def __init__(self) -> None:
        super().__init__("points_scoops", ("points_scoops", "points_duplicates"))


def metrics() -> tuple[type, ...]:
    return (FirstDealerWinRate, ScoopShare)
