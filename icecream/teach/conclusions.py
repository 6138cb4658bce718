"""What simulation numbers mean, said in plain words and computed from the numbers.

A what-if notebook shows tables with estimates and 95% intervals; these functions turn them
into sentences a player reads: the first player's measured advantage with its range, which
differences between two rule settings are real (their ranges do not overlap) and which may
be luck, how much the bots' skill shows, and what to do in a position. No number is written
by hand: each sentence is made from the result it describes, in the catalog's words.

A "95% interval" is said as "likely between A and B": the range that, with this many games,
holds the true value 95 times out of 100.

The results are read as plain records (lists of dicts, the explore layer's dataclasses) or
as pandas frames of them: nothing here needs pandas.

>>> row = {"metric": "first_player_win_rate", "name": "First player's win rate",
...        "value": 0.31, "low": 0.28, "high": 0.34, "n": 900, "reference": 0.25,
...        "range_high": 1.0}
>>> first_player_conclusion([row], players=4).split(". ")[-1]
'So dealing first is an advantage, and luck alone does not explain it.'
"""

from __future__ import annotations

import math
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ..explore.stats import wilson


def _records(table: Any) -> list[dict[str, Any]]:
    """A table's rows as dicts: a pandas frame's records, or the rows as they are."""
    if hasattr(table, "to_dict") and hasattr(table, "columns"):
        return table.to_dict("records")
    return [dict(r) for r in table]


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _num(x: float) -> float:
    # A float parameter: the catalog writes it the language's way ("28,8" in Dutch).
    return round(float(x), 1)


def _fmt(row: Any, value: float) -> str | float:
    """A rate (a metric from 0 to 1) as a percentage, anything else with one decimal."""
    return _pct(value) if row.get("range_high") == 1.0 else _num(value)


def first_player_conclusion(metrics: Any, players: int,
                            lang: str = DEFAULT_LANGUAGE) -> str:
    """What the first player's (first dealer's) win rate says, from a metrics table
    (:func:`icecream.explore.metric_rows` or :func:`~icecream.explore.metrics_table`)
    holding a ``first_*_win_rate`` row."""
    rows = [r for r in _records(metrics) if str(r["metric"]).startswith("first_")]
    if not rows:
        raise ValueError("the metrics table has no first-player win rate row")
    row = rows[0]
    fair = row["reference"] if not _missing(row.get("reference")) else 1 / players
    said = t("teach.conclude.first.measured", lang, games=int(row["n"]), players=players,
             win=_pct(row["value"]), low=_pct(row["low"]), high=_pct(row["high"]),
             fair=_pct(fair))
    if row["low"] > fair:
        verdict = "advantage"
    elif row["high"] < fair:
        verdict = "disadvantage"
    else:
        verdict = "unclear"
    return f"{said} {t(f'teach.conclude.first.{verdict}', lang)}"


def comparison_conclusion(comparison: Any, lang: str = DEFAULT_LANGUAGE,
                          skip: tuple[str, ...] = ("seat_win_rate",)) -> list[str]:
    """Sentences about a :class:`~icecream.explore.compare.Comparison`: each measure whose
    two ranges do not overlap (a real difference), then the measures that may differ by
    luck. Measures whose id starts with one of ``skip`` are left out (seat by seat)."""
    a, b = comparison.label_a, comparison.label_b
    real, luck = [], []
    rows = comparison.table_rows() if hasattr(comparison, "table_rows") \
        else _records(comparison.table)
    for r in rows:
        if any(r["metric"].startswith(s) for s in skip):
            continue
        if r["low_b"] > r["high_a"] or r["high_b"] < r["low_a"]:
            more = r["value_b"] > r["value_a"]
            real.append(t("teach.conclude.compare.real", lang, measure=r["name"], b=b, a=a,
                          how=t("teach.conclude.higher" if more else "teach.conclude.lower",
                                lang),
                          value_b=_fmt(r, r["value_b"]), value_a=_fmt(r, r["value_a"])))
        else:
            luck.append(r["name"])
    out = real or [t("teach.conclude.compare.none", lang, a=a, b=b)]
    if luck:
        out.append(t("teach.conclude.compare.luck", lang, measures=join_words(luck, lang)))
    return out


def bots_conclusion(games: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """How the bots compare, from a simulation's rows (or frame) with a ``bot`` and a
    ``winner`` column: the best and the weakest bot's win rates with their ranges, and
    whether the gap is real."""
    rows = _records(games)
    by_bot: dict[Any, list[dict[str, Any]]] = {}
    for r in rows:
        by_bot.setdefault(r["bot"], []).append(r)
    rates = []
    for bot in sorted(by_bot):
        seats = by_bot[bot]
        est = wilson(float(sum(1 for r in seats if r["winner"])), len(seats))
        rates.append((est.value, str(bot), est))
    rates.sort(reverse=True)
    (_, best, top), (_, worst, low) = rates[0], rates[-1]
    players = int(rows[0]["players"]) if "players" in rows[0] else len(rates)
    said = t("teach.conclude.bots.measured", lang, games=len({r["game"] for r in rows}),
             best=best,
             best_win=_pct(top.value), best_low=_pct(top.low), best_high=_pct(top.high),
             worst=worst, worst_win=_pct(low.value), worst_low=_pct(low.low),
             worst_high=_pct(low.high), fair=_pct(1 / players))
    verdict = "real" if top.low > low.high else "unclear"
    return f"{said} {t(f'teach.conclude.bots.{verdict}', lang, best=best, worst=worst)}"


def position_conclusion(options: Any, state: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """What to do in ``state``, from :func:`icecream.explore.compare_options`' result for it
    (or :func:`~icecream.explore.what_if`'s table): the best option's win rate and the gap
    in final score to the next best, on the same samples. Options are named in neutral
    words (:func:`~icecream.teach.quiz.action_label`)."""
    from .quiz import action_label

    rows = options.rows() if hasattr(options, "rows") and callable(options.rows) \
        else _records(options)
    ranked = sorted(rows, key=lambda r: (-r["win_rate"], -r["mean_score"]))
    best = ranked[0]
    best_label = action_label(state, best["action"], lang)
    player = seat_name(state.names, int(best["seat"]), lang)
    said = t("teach.conclude.position.best", lang, player=player, option=best_label,
             win=_pct(best["win_rate"]), low=_pct(best["win_low"]),
             high=_pct(best["win_high"]), score=_num(best["mean_score"]),
             samples=int(best["samples"]))
    if len(ranked) < 2:
        return said
    other = ranked[1]
    # vs_best is paired over the same samples: its range is the honest one for the gap.
    gap = t("teach.conclude.position.gap", lang, option=action_label(state, other["action"], lang),
            win=_pct(other["win_rate"]), points=_num(abs(other["vs_best"])),
            # "points lower": an interval reaching above 0 starts at 0 (abs() of its ends
            # said "between 10 and 11 points lower" for a gap of 0.5).
            low=_num(max(0.0, -other["vs_best_high"])),
            high=_num(max(0.0, -other["vs_best_low"])))
    sure = other["vs_best_high"] < 0 or other["win_high"] < best["win_low"]
    verdict = t("teach.conclude.position.real" if sure else "teach.conclude.position.unclear",
                lang, option=best_label)
    return " ".join([said, gap, verdict])


def interval_words(value: float, low: float, high: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """``0.31, 0.28, 0.34`` -> "31% (likely between 28% and 34%)"."""
    if any(math.isnan(x) for x in (value, low, high)):
        raise ValueError("an estimate needs a value and both ends of its range")
    return t("teach.conclude.interval", lang, value=_pct(value), low=_pct(low), high=_pct(high))


__all__ = ["bots_conclusion", "comparison_conclusion", "first_player_conclusion",
           "interval_words", "position_conclusion"]
