"""Ice Cream's own design metrics, as data (the ``GameSpec.metrics`` hook; the explore
layer computes them).

* ``first_dealer_win_rate``: the first-player advantage, where the first player is the
  first day's dealer (IC-4); it takes the generic first-player metric's place.
* ``scoop_share``: the share of points from served scoops, the rest from discarded
  duplicates (IC-13).
"""

from __future__ import annotations

from ...core.protocol import MetricSpec

METRICS = (
    MetricSpec("first_dealer_win_rate", "first_player", ("deal_order",)),
    MetricSpec("scoop_share", "points_share", ("points_scoops",),
               ("points_scoops", "points_duplicates")),
)
