"""What simulation numbers mean, said in plain words and computed from the numbers.

A what-if notebook shows tables with estimates and 95% intervals; these functions turn them
into sentences a player reads: the first player's measured advantage with its range, which
differences between two rule settings are measurable and which may
be luck, how much the bots' skill shows, and what to do in a position. No number is written
by hand: each sentence is made from the result it describes, in the catalog's words.

A difference (two settings' B - A, an option against the best) is said from the very
interval its table row shows, rounded as shown, by one rule
(:mod:`icecream.explore.difference`): a range that includes 0 is "no measurable
difference", one wholly above or below 0 is "higher" or "lower"; so a sentence never
contradicts its row.

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
from types import SimpleNamespace
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ..explore.difference import (
    LOWER,
    MISSING,
    Difference,
    difference,
    difference_of,
    plural_number,
    score_unit,
    show_value,
    shown,
)
from ..explore.stats import wilson


def _records(table: Any) -> list[dict[str, Any]]:
    """A table's rows as dicts: a pandas frame's records, or the rows as they are."""
    if hasattr(table, "to_dict") and hasattr(table, "columns"):
        return table.to_dict("records")
    return [dict(r) for r in table]


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _pct(x: float) -> str:
    # Rounded as the verdicts round it (shown), so "25%" is never said to be above 25%.
    return f"{round(100 * shown(x, True)):d}%"


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
    # Decided on the percentages as shown, so the words agree with what the reader sees.
    low, high, fair_shown = (shown(x, True) for x in (row["low"], row["high"], fair))
    if low > fair_shown:
        verdict = "advantage"
    elif high < fair_shown:
        verdict = "disadvantage"
    else:
        verdict = "unclear"
    return f"{said} {t(f'teach.conclude.first.{verdict}', lang)}"


def comparison_conclusion(comparison: Any, lang: str = DEFAULT_LANGUAGE,
                          skip: tuple[str, ...] = ("seat_win_rate",)) -> list[str]:
    """Sentences about a :class:`~icecream.explore.compare.Comparison`: each measure whose
    difference (B - A) is measurable, then the measures with no measurable difference.
    Each is decided on the difference's interval as the table shows it
    (:func:`~icecream.explore.difference.difference_of`): the same numbers, the same rule.
    Measures whose id starts with one of ``skip`` are left out (seat by seat)."""
    a, b = comparison.label_a, comparison.label_b
    real, luck = [], []
    rows = comparison.table_rows() if hasattr(comparison, "table_rows") \
        else _records(comparison.table)
    for r in rows:
        if any(r["metric"].startswith(s) for s in skip):
            continue
        rate = r.get("range_high") == 1.0
        diff = metric_difference(r, lang)
        if diff.verdict == MISSING:
            continue  # a measure one setting does not have: nothing to compare
        if diff.measurable:
            real.append(t("teach.conclude.compare.real", lang, measure=r["name"], b=b, a=a,
                          how=t(f"teach.conclude.{diff.verdict}", lang),
                          value_b=show_value(r["value_b"], rate, lang),
                          value_a=show_value(r["value_a"], rate, lang), diff=diff.text))
        else:
            luck.append(r["name"])
    out = real or [t("teach.conclude.compare.none", lang, a=a, b=b)]
    if luck:
        out.append(t("teach.conclude.compare.luck", lang, measures=join_words(luck, lang)))
    return out


def metric_difference(row: Any, lang: str = DEFAULT_LANGUAGE) -> Difference:
    """The difference B - A of a comparison's table row (a dict with ``value_a``,
    ``low_a``, ``high_a``, the same for ``b``, and ``range_high``) as the table shows it
    and the sentences say it."""
    def side(s: str) -> SimpleNamespace | None:
        values = [row.get(f"{k}_{s}") for k in ("value", "low", "high")]
        if any(_missing(v) for v in values):
            return None
        return SimpleNamespace(value=float(values[0]), low=float(values[1]),
                               high=float(values[2]))

    return difference_of(side("a"), side("b"), row.get("range_high") == 1.0, lang)


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
    # The two shown ranges apart (as percentages, as the sentence writes them), or not.
    verdict = "real" if shown(top.low, True) > shown(low.high, True) else "unclear"
    return f"{said} {t(f'teach.conclude.bots.{verdict}', lang, best=best, worst=worst)}"


def position_conclusion(options: Any, state: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """What to do in ``state``, from :func:`icecream.explore.compare_options`' result for it
    (or :func:`~icecream.explore.what_if`'s table): the best option (the highest mean
    final score, the row the table marks "best"), its score and win rate, and the gap to
    the next best on the same samples, said from the paired interval its row shows
    (:func:`~icecream.explore.difference.difference`), in the game's own unit
    (:func:`~icecream.explore.difference.score_unit`). Options are named in neutral words
    (:func:`~icecream.teach.quiz.action_label`)."""
    from .quiz import action_label

    rows = options.rows() if hasattr(options, "rows") and callable(options.rows) \
        else _records(options)
    ranked = [rows[i] for i in ranked_options(rows, options)]
    best = ranked[0]
    best_label = action_label(state, best["action"], lang)
    player = seat_name(state.names, int(best["seat"]), lang)
    game = getattr(state, "game", None)
    score = show_value(best["mean_score"], False, lang)
    said = t("teach.conclude.position.best", lang, player=player, option=best_label,
             win=_pct(best["win_rate"]), low=_pct(best["win_low"]),
             high=_pct(best["win_high"]), score=score,
             unit=score_unit(game, plural_number(score), lang), samples=int(best["samples"]))
    if len(ranked) < 2:
        return said
    other = ranked[1]
    # vs_best is paired over the same samples: its range is the honest one for the gap,
    # and it is the very range the table's row shows.
    gap = option_difference(other, lang)
    words = {"option": action_label(state, other["action"], lang),
             "win": _pct(other["win_rate"]), "diff": gap.text, "amount": gap.amount(),
             "near": gap.near(), "far": gap.far(),
             "unit": score_unit(game, gap.plural_of("amount") if gap.measurable
                                else gap.plural_of("far"), lang),
             "range_unit": score_unit(game, gap.plural_of("far"), lang)}
    text = t(f"teach.conclude.position.gap.{gap.verdict}", lang, **words)
    if gap.verdict == LOWER:
        verdict = t("teach.conclude.position.real", lang, option=best_label)
    elif gap.close:  # a narrow range around 0: the two are about as good
        verdict = t("teach.conclude.position.close", lang, width=gap.close_width(),
                    unit=score_unit(game, plural_number(gap.close_width()), lang))
    else:
        verdict = t("teach.conclude.position.unclear", lang, option=best_label)
    return " ".join([said, text, verdict])


def ranked_options(rows: list[dict[str, Any]], result: Any = None) -> list[int]:
    """The indexes of a position what-if's rows, best first. The best is the option
    every ``vs_best`` is measured against: ``result.best`` when the result says
    (:class:`~icecream.explore.position.OptionComparison`), else the first row with the
    highest mean final score (as ``OptionComparison.best`` picks it). The others follow
    by mean final score, then win rate (any the sampling dropped early last); ties keep
    the engine's order."""
    if not rows:
        raise ValueError("a position what-if needs at least one option")
    best = None
    if result is not None and hasattr(result, "options") and hasattr(result, "best"):
        best = next((i for i, o in enumerate(result.options) if o is result.best), None)
    if best is None:  # a table: its is_best column when it has one
        best = next((i for i, r in enumerate(rows) if r.get("is_best") is True), None)
    if best is None:
        means = [r["mean_score"] for r in rows]
        best = means.index(max(means))
    # An option the sampling dropped early (a "dropped" column) comes after those it kept:
    # its few samples must not make it the runner-up.
    rest = sorted((i for i in range(len(rows)) if i != best),
                  key=lambda i: (bool(rows[i].get("dropped", False)), -rows[i]["mean_score"],
                                 -rows[i]["win_rate"], i))
    return [best, *rest]


def option_difference(row: dict[str, Any], lang: str = DEFAULT_LANGUAGE,
                      best: bool = False) -> Difference:
    """An option's score against the best option (its ``vs_best`` row, paired over the
    same samples) as the table shows it and the sentences say it; ``best``: the best
    option's own row ("best")."""
    return difference(row["vs_best"], row["vs_best_low"], row["vs_best_high"], False, lang,
                      best=best)


def interval_words(value: float, low: float, high: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """``0.31, 0.28, 0.34`` -> "31% (likely between 28% and 34%)"."""
    if any(math.isnan(x) for x in (value, low, high)):
        raise ValueError("an estimate needs a value and both ends of its range")
    return t("teach.conclude.interval", lang, value=_pct(value), low=_pct(low), high=_pct(high))


__all__ = ["bots_conclusion", "comparison_conclusion", "first_player_conclusion",
           "interval_words", "metric_difference", "option_difference", "position_conclusion",
           "ranked_options"]
