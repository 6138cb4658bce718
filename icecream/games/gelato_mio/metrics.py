"""Gelato Mio's own design metrics (the ``GameSpec.metrics`` hook): where points come
from. Imported only when a simulation asks for metrics (it needs pandas)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...explore.metrics import Estimate, PointsShare, bootstrap, per_game

SOURCES = ("points_ice_cream_objectives", "points_ball_objectives", "points_customers",
           "points_pairs")


class CustomerShare(PointsShare):
    """Share of all points from served customers (GM-6); the rest from objectives (GM-7,
    GM-8) and pairs in hand (GM-9)."""

    key = "gm_customer_share"

    def __init__(self) -> None:
        super().__init__("points_customers", SOURCES)


class ObjectiveShare(PointsShare):
    """Share of all points from the seven objective cards (GM-7 and GM-8 together)."""

    key = "gm_objective_share"
    parts = ("points_ice_cream_objectives", "points_ball_objectives")

    def __init__(self) -> None:
        super().__init__("points_ice_cream_objectives", SOURCES)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        part = sum(per_game(frame, c).sum(axis=1) for c in self.parts)
        total = sum(per_game(frame, c).sum(axis=1) for c in self.sources)
        return bootstrap([part, total],
                         lambda s, tot: s.sum(axis=1) / np.maximum(tot.sum(axis=1), 1e-12))


def metrics() -> tuple[type, ...]:
    """The metric classes this game adds to the generic ones."""
    return (CustomerShare, ObjectiveShare)
