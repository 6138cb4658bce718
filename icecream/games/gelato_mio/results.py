"""Simulation columns for Gelato Mio: what each action counts as, and points by source."""

from __future__ import annotations

from typing import Any

from ...core.protocol import Action, State

_COLUMNS = {"take": "takes", "make_ball": "balls_made", "serve": "customers_served",
            "ask": "asks", "pass": "passes", "discard": "qc_discards",
            "return_ball": "qc_returns"}


def count_action(after: State, action: Action) -> str | None:
    """The simulation column counting ``action`` (``"takes"``, ``"balls_made"``...)."""
    return _COLUMNS.get(action.type)


def result_columns(state: Any, seat: int) -> dict[str, Any]:
    """Per-seat columns at the end of a game: points by source (GM-7, GM-8, customers,
    pairs, GM-9), ball cards on the table, customers served and cards left in hand."""
    pts = state.points(seat)
    return {
        "points_ice_cream_objectives": pts["ice_cream_objectives"],
        "points_ball_objectives": pts["ball_objectives"],
        "points_customers": pts["customers"],
        "points_pairs": pts["pairs"],
        "balls": sum(state.table[seat]),
        "customers": len(state.served[seat]),
        "cards_left": sum(state.hands[seat]),
        "rounds": state.round,
    }
