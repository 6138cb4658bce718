"""Gelato Mio's own design metrics, as data (the ``GameSpec.metrics`` hook): where
points come from. The explore layer computes them."""

from __future__ import annotations

from ...core.protocol import MetricSpec

SOURCES = ("points_ice_cream_objectives", "points_ball_objectives", "points_customers",
           "points_pairs")

METRICS = (
    # Share of all points from served customers (GM-6); the rest from objectives (GM-7,
    # GM-8) and pairs in hand (GM-9).
    MetricSpec("gm_customer_share", "points_share", ("points_customers",), SOURCES),
    # Share of all points from the seven objective cards (GM-7 and GM-8 together).
    MetricSpec("gm_objective_share", "points_share",
               ("points_ice_cream_objectives", "points_ball_objectives"), SOURCES),
)
