"""Plotly charts of simulation frames: win rates by a column, with Wilson 95% intervals.

>>> from icecream.explore import simulate
>>> df = simulate(players=3, games=6)
>>> rates = win_rates(df, "turn_order")
>>> list(rates.columns)
['turn_order', 'wins', 'seats', 'value', 'low', 'high']
>>> len(win_rate_figure(df, "turn_order").data)
1
"""

from __future__ import annotations

from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, catalog, t
from .stats import wilson


def win_rates(frame: Any, by: str) -> Any:
    """Win rate of the seats grouped by ``by`` (``seat``, ``turn_order``, ``bot``...).

    Each row counts seats (a shared win counts for each winner), with a Wilson interval.
    """
    if by not in frame.columns:
        raise KeyError(f"win_rates: the frame has no column {by!r}")
    import pandas as pd

    rows = []
    for key, group in frame.groupby(by, sort=True):
        e = wilson(float(group["winner"].sum()), len(group))
        rows.append({by: key, "wins": int(group["winner"].sum()), "seats": len(group),
                     "value": e.value, "low": e.low, "high": e.high})
    return pd.DataFrame(rows)


def win_rate_figure(frame: Any, by: str, title: str | None = None,
                    lang: str = DEFAULT_LANGUAGE):
    """A bar per group of ``by`` with its win rate, 95% error bars and the fair share line."""
    import plotly.graph_objects as go

    rates = win_rates(frame, by)
    fair = 1.0 / frame["seat"].nunique()
    labels = [_label(by, v, lang) for v in rates[by]]
    fig = go.Figure(go.Bar(
        x=labels, y=rates["value"], marker_color="#4c78a8",
        error_y={"type": "data", "symmetric": False, "array": rates["high"] - rates["value"],
                 "arrayminus": rates["value"] - rates["low"]}))
    fig.add_hline(y=fair, line_dash="dash", annotation_text=t("explore.chart.fair_share", lang))
    fig.update_layout(title=title or t("explore.chart.win_rate_by", lang, by=by),
                      yaxis_title=t("explore.chart.win_rate", lang), height=380,
                      margin={"t": 60, "b": 40})
    return fig


def _label(by: str, value, lang: str) -> str:
    """A group's name on the axis: seats and positions after the first player in words
    (catalog ``explore.by.<column>``, and ``.first`` for position 0), others as they are."""
    if by == "seat":
        return t("ui.seat", lang, seat=int(value) + 1)
    words = catalog(lang)
    key = f"explore.by.{by}"
    if value == 0 and f"{key}.first" in words:
        return t(f"{key}.first", lang)
    if key in words:
        return t(key, lang, value=value)
    return str(value)


__all__ = ["win_rate_figure", "win_rates"]
