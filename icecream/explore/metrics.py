"""Design metrics over a simulation frame, each with a confidence interval.

Each metric is a small class, as in Ludii's evaluation metrics: a ``key``, a translated
``name`` and ``description``, the ``range`` its value lives in, an optional fair
``reference`` value, and ``compute(frame) -> Estimate``. Proportions get a Wilson score
interval; everything else a percentile bootstrap over games (resampling whole games,
with a fixed seed, so a table is repeatable).

A frame is what :func:`icecream.explore.simulate` returns, for one configuration
(split a sweep by its setting columns first, or use :func:`metrics_table` with ``by``).

>>> import pandas as pd
>>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
...     "bot": ["random"] * 4, "score": [5, 3, 2, 4], "winner": [True, False, False, True],
...     "turn_order": [0, 1, 1, 0], "turns": [10, 10, 9, 9]})
>>> ScoreSpread().compute(frame).value
2.0
>>> FirstPlayerWinRate().compute(frame).value
1.0
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pandas as pd

from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import MetricSpec

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval, the number of observations and the method used."""

    value: float
    low: float
    high: float
    n: int
    method: str

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}] (n={self.n})"


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval.

    >>> e = wilson(50, 100)
    >>> round(e.low, 4), round(e.high, 4)
    (0.4038, 0.5962)
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, "wilson")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n, "wilson")


def bootstrap(arrays: Sequence[np.ndarray], stat: Callable[..., np.ndarray],
              resamples: int = 1000, seed: int = 0) -> Estimate:
    """``stat`` of ``arrays`` (one entry per game) with a percentile bootstrap interval.

    ``stat`` takes the arrays indexed with a leading resample axis and returns one value
    per resample (it is also called once on the arrays themselves, with an axis of 1).

    >>> e = bootstrap([np.array([1.0, 2.0, 3.0])], lambda x: x.mean(axis=1))
    >>> e.value, 1.0 <= e.low <= e.high <= 3.0
    (2.0, True)
    """
    arrays = [np.asarray(a) for a in arrays]
    n = len(arrays[0]) if arrays else 0
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, "bootstrap")
    value = float(stat(*(a[None, ...] for a in arrays))[0])
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(resamples, n))
    stats = np.asarray(stat(*(a[idx] for a in arrays)), dtype=float)
    stats = stats[~np.isnan(stats)]
    if stats.size == 0:
        return Estimate(value, math.nan, math.nan, n, "bootstrap")
    low, high = np.percentile(stats, [2.5, 97.5])
    return Estimate(value, float(low), float(high), n, "bootstrap")


def game_keys(frame: pd.DataFrame) -> list[str]:
    """The columns that identify a game: ``config`` (in sweeps) and ``game``."""
    return [c for c in ("config", "game") if c in frame.columns]


def per_game(frame: pd.DataFrame, column: str) -> np.ndarray:
    """A games x seats matrix of ``column`` (rows in game order, seats in seat order)."""
    fast = _in_game_order(frame)
    if fast is not None:
        values = frame[column].to_numpy(dtype=float)
        if not np.isnan(values).any():
            return values.reshape(-1, fast)
    wide = frame.pivot_table(index=game_keys(frame), columns="seat", values=column,
                             aggfunc="first", observed=True)
    return wide.to_numpy(dtype=float)


def _in_game_order(frame: pd.DataFrame) -> int | None:
    """The number of seats when ``frame``'s rows are already games in sorted order, each
    with its seats 0..n-1 in order (as simulations write them), else None. Then a column
    reshaped is the pivot table, without pivoting (a game of 80 rounds asks for 160
    running-total matrices; pivoting each took seconds)."""
    keys = game_keys(frame)
    if not len(frame) or not keys or "seat" not in frame.columns:
        return None
    seats = frame["seat"].to_numpy()
    n = int(seats.max()) + 1
    rows = len(frame)
    if rows % n or not (seats == np.tile(np.arange(n), rows // n)).all():
        return None
    ids = [frame[k].to_numpy() for k in keys]
    if any(not np.issubdtype(c.dtype, np.number) for c in ids):
        return None
    firsts = [c[::n] for c in ids]
    if any((c != np.repeat(f, n)).any() for c, f in zip(ids, firsts, strict=True)):
        return None
    # Games strictly increasing by (config, game): the pivot table's row order.
    later = np.zeros(len(firsts[0]) - 1, dtype=bool)
    tied = np.ones(len(firsts[0]) - 1, dtype=bool)
    for f in firsts:
        step = np.diff(f)
        later |= tied & (step > 0)
        tied &= step == 0
    out = n if later.all() else None
    return out


def round_columns(frame: pd.DataFrame) -> list[str]:
    """The running totals ``score_after_<round>_1``, ``_2``... filled in ``frame``, in order
    (a game's ``result_columns`` writes them: Ice Cream's are ``score_after_day_<k>``).

    A column left empty by shorter games (a sweep over the number of rounds) is not listed.
    """
    cols = [c for c in frame.columns
            if _ROUND_COLUMN.fullmatch(c) and frame[c].notna().all()]
    return sorted(cols, key=lambda c: int(c.rsplit("_", 1)[1]))


_ROUND_COLUMN = re.compile(r"score_after_[a-z]+_\d+")
#: The earlier name of :func:`round_columns`.
day_columns = round_columns


class Metric(ABC):
    """A design metric: ``key`` names its catalog texts ``explore.metric.<key>.*``."""

    key: str = ""
    range: tuple[float, float] = (0.0, 1.0)
    params: dict[str, Any] = {}

    @property
    def ident(self) -> str:
        """The key, with the metric's argument if any: ``seat_win_rate[0]``."""
        arg = getattr(self, "arg", None)
        return self.key if arg is None else f"{self.key}[{arg}]"

    def name(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"explore.metric.{self.key}.name", lang, **self.params)

    def description(self, lang: str = DEFAULT_LANGUAGE, game: str | None = None) -> str:
        """The metric's description; a game may word it in its own terms with a catalog
        key ``<catalog_prefix>metric.<key>.description`` (Combo Cone Paradise speaks of
        coins and Artisans, not of Ice Cream's days)."""
        if game is not None:
            from ..core.messages import has_message
            from ..core.protocol import get_game

            spec = get_game(game)
            if spec.catalog_prefix:
                own = spec.catalog_key(f"metric.{self.key}.description")
                if has_message(own, lang):
                    return t(own, lang, **self.params)
        return t(f"explore.metric.{self.key}.description", lang, **self.params)

    def reference(self, frame: pd.DataFrame) -> float | None:
        """The value a perfectly fair game would show, if there is one."""
        return None

    @abstractmethod
    def compute(self, frame: pd.DataFrame) -> Estimate:
        """The metric's value on ``frame`` with a 95% interval."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}{self.params or ''}>"


def _fair_share(frame: pd.DataFrame) -> float:
    return 1.0 / int(frame["seat"].nunique())


class _WinShare(Metric):
    """Share of the rows :meth:`rows` picks that won, with a Wilson interval; a fair
    game gives 1 in (number of players)."""

    @abstractmethod
    def rows(self, frame: pd.DataFrame) -> pd.DataFrame: ...

    def reference(self, frame: pd.DataFrame) -> float:
        return _fair_share(frame)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        rows = self.rows(frame)
        return wilson(float(rows["winner"].sum()), len(rows))


class SeatWinRate(_WinShare):
    """Share of games won by one seat (shared wins count for each winner)."""

    key = "seat_win_rate"

    def __init__(self, seat: int) -> None:
        self.seat = self.arg = seat
        self.params = {"seat": seat + 1}

    def rows(self, frame: pd.DataFrame) -> pd.DataFrame:
        return frame[frame["seat"] == self.seat]


class FirstPlayerWinRate(_WinShare):
    """Share of games won by the player who started: the first-player advantage.

    A game may supply its own kind (a subclass, in ``GameSpec.metrics``), which then
    takes this one's place in :func:`default_metrics`.
    """

    key = "first_player_win_rate"
    column = "turn_order"

    def rows(self, frame: pd.DataFrame) -> pd.DataFrame:
        return frame[frame[self.column] == 0]


class BotWinRate(_WinShare):
    """Share of seats played by a bot that won (seats are counted, not games)."""

    key = "bot_win_rate"

    def __init__(self, bot: str) -> None:
        self.bot = self.arg = bot
        self.params = {"bot": bot}

    def rows(self, frame: pd.DataFrame) -> pd.DataFrame:
        return frame[frame["bot"] == self.bot]


class Balance(Metric):
    """1 minus the gap between the best and worst seat's win rates (1 = balanced)."""

    key = "balance"

    def reference(self, frame: pd.DataFrame) -> float:
        return 1.0

    def compute(self, frame: pd.DataFrame) -> Estimate:
        wins = per_game(frame, "winner")
        return bootstrap([wins], lambda w: 1.0 - (w.mean(axis=1).max(axis=-1)
                                                  - w.mean(axis=1).min(axis=-1)))


class ScoreSpread(Metric):
    """Mean gap between the highest and lowest final score of a game."""

    key = "score_spread"
    range = (0.0, math.inf)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        scores = per_game(frame, "score")
        spread = scores.max(axis=1) - scores.min(axis=1)
        return bootstrap([spread], lambda x: x.mean(axis=1))


class WinMargin(Metric):
    """Mean lead of the winner over the runner-up at the end (0 when the top scores tie)."""

    key = "win_margin"
    range = (0.0, math.inf)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        scores = np.sort(per_game(frame, "score"), axis=1)
        margin = scores[:, -1] - scores[:, -2]
        return bootstrap([margin], lambda x: x.mean(axis=1))


class GameLength(Metric):
    """Mean number of actions in a game (all players' decisions)."""

    key = "game_length"
    range = (0.0, math.inf)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        turns = per_game(frame, "turns").sum(axis=1)
        return bootstrap([turns], lambda x: x.mean(axis=1))


def _leaders(totals: np.ndarray) -> np.ndarray:
    """games x seats x days -> boolean mask of the seats tied for the lead each day."""
    return totals == totals.max(axis=1, keepdims=True)


#: The column holding a seat's running totals after each round, as JSON text (``[3,7,12]``).
ROUND_SCORES = "round_scores"


def _day_totals(frame: pd.DataFrame) -> np.ndarray:
    """games x seats x rounds running totals, from :data:`ROUND_SCORES` (each game's list,
    front-padded with its first totals so every game's last rounds line up and the padding
    changes no lead) or else from the older ``score_after_<round>_<k>`` columns."""
    if ROUND_SCORES not in frame.columns:
        cols = round_columns(frame)
        return (np.stack([per_game(frame, c) for c in cols], axis=2) if cols
                else np.zeros((0, 0, 0)))
    keys = game_keys(frame)
    games = [[_as_list(v) for v in g.sort_values("seat")[ROUND_SCORES]]
             for _, g in frame.groupby(keys, sort=True)] if keys else []
    longest = max((len(t) for g in games for t in g), default=0)
    if not games or longest == 0 or len({len(g) for g in games}) != 1:
        return np.zeros((0, 0, 0))
    return np.array([[[t[0] if t else 0] * (longest - len(t)) + t for t in g] for g in games],
                    dtype=float)


def _as_list(value: Any) -> list:
    import json

    if isinstance(value, str):
        value = json.loads(value)
    return list(value) if isinstance(value, list | tuple | np.ndarray) else []


class LeadChanges(Metric):
    """Mean number of days after which the leader (or the set of tied leaders) changed."""

    key = "lead_changes"
    range = (0.0, math.inf)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        totals = _day_totals(frame)
        if totals.size == 0:
            return Estimate(math.nan, math.nan, math.nan, 0, "bootstrap")
        lead = _leaders(totals)
        changes = (lead[:, :, 1:] != lead[:, :, :-1]).any(axis=1).sum(axis=1)
        return bootstrap([changes.astype(float)], lambda x: x.mean(axis=1))


class Decisiveness(Metric):
    """Share of games won by the single leader after the second-to-last day."""

    key = "decisiveness"

    def compute(self, frame: pd.DataFrame) -> Estimate:
        totals = _day_totals(frame)
        if totals.ndim != 3 or totals.shape[2] < 2:
            return Estimate(math.nan, math.nan, math.nan, 0, "wilson")
        before = totals[:, :, -2]
        lead = _leaders(before[:, :, None])[:, :, 0]
        single = lead.sum(axis=1) == 1
        wins = per_game(frame, "winner").astype(bool)
        decided = single & (lead & wins).any(axis=1)
        return wilson(float(decided.sum()), len(decided))


class SharedWins(Metric):
    """Share of games whose win is shared (tied on points and on cards held, IC-15)."""

    key = "shared_wins"

    def compute(self, frame: pd.DataFrame) -> Estimate:
        wins = per_game(frame, "winner")
        shared = wins.sum(axis=1) > 1
        return wilson(float(shared.sum()), len(shared))


class PointsShare(Metric):
    """Share of all points that came from some source columns (``points_<source>``) out of
    the sum of the given source columns; games use it for their own scoring sources."""

    def __init__(self, source: str | Sequence[str], sources: Sequence[str]) -> None:
        self.parts = (source,) if isinstance(source, str) else tuple(source)
        self.source = self.parts[0]
        self.sources = tuple(sources)

    def compute(self, frame: pd.DataFrame) -> Estimate:
        part = sum(per_game(frame, c).sum(axis=1) for c in self.parts)
        total = sum(per_game(frame, c).sum(axis=1) for c in self.sources)
        return bootstrap([part, total],
                         lambda s, tot: s.sum(axis=1) / np.maximum(tot.sum(axis=1), 1e-12))


@cache
def metric_class(spec: MetricSpec) -> type[Metric]:
    """The metric class a game describes as data (:class:`~icecream.core.protocol.MetricSpec`)."""
    text = spec.text_key

    def name(self: Metric, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"{text}.name", lang, **self.params)

    def description(self: Metric, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"{text}.description", lang, **self.params)

    body: dict[str, Any] = {"key": spec.key, "name": name, "description": description,
                            "__doc__": f"A game's own metric {spec.key!r} ({spec.kind})."}
    if spec.kind == "first_player":
        body["column"] = spec.columns[0]
        return type(f"Metric_{spec.key}", (FirstPlayerWinRate,), body)
    if spec.kind == "points_share":
        def init(self: PointsShare) -> None:
            PointsShare.__init__(self, spec.columns, spec.sources)

        body["__init__"] = init
        return type(f"Metric_{spec.key}", (PointsShare,), body)
    raise ValueError(f"unknown metric kind {spec.kind!r} (points_share, first_player)")


#: The metrics that make sense for any game's frame, in table order.
GAME_METRICS: tuple[type[Metric], ...] = (
    FirstPlayerWinRate, Balance, ScoreSpread, WinMargin, GameLength, LeadChanges,
    Decisiveness, SharedWins,
)


def game_metrics(game: str | None) -> tuple[type[Metric], ...]:
    """The metric classes for ``game``: the generic ones, with the game's own
    (``GameSpec.metrics()``) after them; a game's first-player metric replaces the
    generic one in its place."""
    if game is None:
        return GAME_METRICS
    from ..core.protocol import get_game

    own = tuple(metric_class(m) for m in get_game(game).metrics)
    first = [m for m in own if issubclass(m, FirstPlayerWinRate)]
    rest = [m for m in own if m not in first]
    generic = [first[0] if m is FirstPlayerWinRate and first else m for m in GAME_METRICS]
    return tuple(generic + rest)


def default_metrics(frame: pd.DataFrame, game: str | None = None) -> list[Metric]:
    """The game metrics, then a win rate per seat, then per bot when bots differ.

    ``game`` defaults to the frame's ``game_name`` column (simulations write it).
    """
    if game is None and "game_name" in frame.columns and len(frame):
        game = str(frame["game_name"].iloc[0])
    out: list[Metric] = [m() for m in game_metrics(game)]
    out += [SeatWinRate(int(s)) for s in sorted(frame["seat"].unique())]
    bots = sorted(frame["bot"].unique())
    if len(bots) > 1:
        out += [BotWinRate(b) for b in bots]
    return out


def _describe(metric: Metric, lang: str, game: str | None) -> str:
    """``metric``'s description in ``game``'s own terms (a game's own metric class may
    define ``description(lang)`` alone: it is worded for its game already)."""
    import inspect

    if "game" in inspect.signature(metric.description).parameters:
        return metric.description(lang, game)
    return metric.description(lang)


def metrics_table(frame: pd.DataFrame, metrics: Sequence[Metric] | None = None,
                  by: str | Sequence[str] | None = None,
                  lang: str = DEFAULT_LANGUAGE) -> pd.DataFrame:
    """One row per metric (and per group of ``by`` columns): value, interval, reference.

    Columns: [by...], metric (key), name, value, low, high, n, method, reference,
    range_low, range_high, description.
    """
    if by is not None:
        by_cols = [by] if isinstance(by, str) else list(by)
        missing = [c for c in by_cols if c not in frame.columns]
        if missing:
            raise KeyError(f"metrics_table: no column(s) {missing} to group by")
        parts = []
        for key, group in frame.groupby(by_cols, sort=True, dropna=False):
            table = metrics_table(group, metrics, None, lang)
            values = key if isinstance(key, tuple) else (key,)
            for col, val in zip(reversed(by_cols), reversed(values), strict=True):
                table.insert(0, col, val)
            parts.append(table)
        return pd.concat(parts, ignore_index=True)
    if frame.empty:
        raise ValueError("metrics_table: the frame has no rows")
    game = str(frame["game_name"].iloc[0]) if "game_name" in frame.columns else None
    rows = []
    for m in metrics if metrics is not None else default_metrics(frame):
        e = m.compute(frame)
        rows.append({"metric": m.ident,
                     "name": m.name(lang), "value": e.value, "low": e.low, "high": e.high,
                     "n": e.n, "method": e.method, "reference": m.reference(frame),
                     "range_low": m.range[0], "range_high": m.range[1],
                     "description": _describe(m, lang, game)})
    return pd.DataFrame(rows)


__all__ = [
    "Balance", "BotWinRate", "Decisiveness", "Estimate", "FirstPlayerWinRate", "GAME_METRICS",
    "ROUND_SCORES",
    "GameLength", "LeadChanges", "Metric", "PointsShare", "ScoreSpread", "SeatWinRate",
    "SharedWins", "WinMargin", "bootstrap", "day_columns", "default_metrics", "game_keys",
    "game_metrics", "metrics_table", "per_game", "round_columns", "wilson",
]
