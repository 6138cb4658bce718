"""Design metrics over a simulation frame, each with a confidence interval.

Each metric is a small class, as in Ludii's evaluation metrics: a ``key``, a translated
``name`` and ``description``, the ``range`` its value lives in, an optional fair
``reference`` value, and ``compute(frame) -> Estimate``. Proportions get a Wilson score
interval; everything else a percentile bootstrap over games (resampling whole games,
with a fixed seed, so a table is repeatable).

The games are rows, one dict per game and seat, as :func:`icecream.explore.simulate.stream`
yields them, for one configuration (split a sweep by its setting columns first, or use
:func:`metrics_table` with ``by``); a pandas frame of them (what
:func:`icecream.explore.simulate` returns) is read as its records. Everything is computed
in pure Python (:mod:`.stats`): no pandas or numpy, so a page in the browser computes the
same tables; only :func:`metrics_table` hands a pandas frame back.

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

import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import MetricSpec
from .stats import NAN, Z95, Estimate, bootstrap, bootstrap_mean, wilson


def _missing(value: Any) -> bool:
    """True for a cell a game did not fill (absent, None or NaN)."""
    return value is None or (isinstance(value, float) and value != value)


def _nanmax(values: Iterable[float]) -> float:
    """The largest of ``values``, NaN if any is (as numpy's ``max``)."""
    out = -math.inf
    for v in values:
        if v != v:
            return NAN
        if v > out:
            out = v
    return out


def _nanmin(values: Iterable[float]) -> float:
    return -_nanmax(-v for v in values)


class Games:
    """The rows of a simulation (one dict per game and seat), read game by game.

    Made from a list of row dicts (what :func:`~icecream.explore.simulate.stream` yields),
    another :class:`Games`, or a pandas frame (its records): the metrics need no pandas.
    """

    def __init__(self, rows: Any) -> None:
        if isinstance(rows, Games):
            self.rows: list[dict[str, Any]] = rows.rows
            self.columns: list[str] = rows.columns
            return
        if hasattr(rows, "to_dict") and hasattr(rows, "columns"):  # a pandas frame
            self.columns = [str(c) for c in rows.columns]
            self.rows = rows.to_dict("records")
        else:
            self.rows = [dict(r) for r in rows]
            self.columns = list(dict.fromkeys(k for r in self.rows for k in r))
        self._grouped: list[tuple[tuple, dict[int, dict[str, Any]]]] | None = None

    def __len__(self) -> int:
        return len(self.rows)

    def has(self, column: str) -> bool:
        """True when some row has ``column``."""
        return column in self.columns

    def first(self, column: str) -> Any:
        """``column`` of the first row."""
        return self.rows[0].get(column)

    def values(self, column: str) -> list[Any]:
        """``column`` of every row, in row order (None where a row lacks it)."""
        return [r.get(column) for r in self.rows]

    def where(self, column: str, value: Any) -> list[dict[str, Any]]:
        """The rows whose ``column`` equals ``value``."""
        return [r for r in self.rows if r.get(column) == value]

    def seats(self) -> list[int]:
        """The seats played, in order."""
        return sorted({int(r["seat"]) for r in self.rows})

    def keys(self) -> list[str]:
        """The columns that identify a game: ``config`` (in sweeps) and ``game``."""
        return [c for c in ("config", "game") if self.has(c)]

    def games(self) -> list[tuple[tuple, dict[int, dict[str, Any]]]]:
        """(game key, {seat: row}) of every game, in game order."""
        if self._grouped is None:
            keys = self.keys()
            groups: dict[tuple, dict[int, dict[str, Any]]] = {}
            for r in self.rows:
                groups.setdefault(tuple(r.get(k) for k in keys), {}).setdefault(
                    int(r["seat"]), r)
            self._grouped = sorted(groups.items(), key=lambda kv: kv[0]) if keys else []
        return self._grouped

    def per_game(self, column: str) -> list[list[float]]:
        """A games x seats matrix of ``column`` (games in order, seats in order), as a
        pivot table makes it: a missing cell is NaN, and a game or a seat with no value at
        all is left out."""
        seats = self.seats()
        matrix = []
        for _key, by_seat in self.games():
            row = []
            for p in seats:
                v = by_seat.get(p, {}).get(column)
                row.append(NAN if _missing(v) else float(v))
            if any(v == v for v in row):
                matrix.append(row)
        keep = [j for j in range(len(seats)) if any(r[j] == r[j] for r in matrix)]
        if len(keep) < len(seats):
            matrix = [[r[j] for j in keep] for r in matrix]
        return matrix


def as_games(frame: Any) -> Games:
    """``frame`` (rows, a :class:`Games` or a pandas frame) as :class:`Games`."""
    return frame if isinstance(frame, Games) else Games(frame)


def game_keys(frame: Any) -> list[str]:
    """The columns that identify a game: ``config`` (in sweeps) and ``game``."""
    return as_games(frame).keys()


def per_game(frame: Any, column: str) -> list[list[float]]:
    """A games x seats matrix of ``column`` (rows in game order, seats in seat order)."""
    return as_games(frame).per_game(column)


def round_columns(frame: Any) -> list[str]:
    """The running totals ``score_after_<round>_1``, ``_2``... filled in ``frame``, in order
    (a game's ``result_columns`` writes them: Ice Cream's are ``score_after_day_<k>``).

    A column left empty by shorter games (a sweep over the number of rounds) is not listed.
    """
    g = as_games(frame)
    cols = [c for c in g.columns
            if _ROUND_COLUMN.fullmatch(c) and not any(_missing(v) for v in g.values(c))]
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

    def reference(self, frame: Any) -> float | None:
        """The value a perfectly fair game would show, if there is one."""
        return None

    @abstractmethod
    def compute(self, frame: Any) -> Estimate:
        """The metric's value on ``frame`` (rows, :class:`Games` or a pandas frame) with a
        95% interval."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}{self.params or ''}>"


def _fair_share(frame: Any) -> float:
    return 1.0 / len(as_games(frame).seats())


class _WinShare(Metric):
    """Share of the rows :meth:`rows` picks that won, with a Wilson interval; a fair
    game gives 1 in (number of players)."""

    @abstractmethod
    def rows(self, frame: Games) -> list[dict[str, Any]]: ...

    def reference(self, frame: Any) -> float:
        return _fair_share(frame)

    def compute(self, frame: Any) -> Estimate:
        rows = self.rows(as_games(frame))
        return wilson(float(sum(1 for r in rows if r["winner"])), len(rows))


class SeatWinRate(_WinShare):
    """Share of games won by one seat (shared wins count for each winner)."""

    key = "seat_win_rate"

    def __init__(self, seat: int) -> None:
        self.seat = self.arg = seat
        self.params = {"seat": seat + 1}

    def rows(self, frame: Games) -> list[dict[str, Any]]:
        return frame.where("seat", self.seat)


class FirstPlayerWinRate(_WinShare):
    """Share of games won by the player who started: the first-player advantage.

    A game may supply its own kind (a subclass, in ``GameSpec.metrics``), which then
    takes this one's place in :func:`default_metrics`.
    """

    key = "first_player_win_rate"
    column = "turn_order"

    def rows(self, frame: Games) -> list[dict[str, Any]]:
        return frame.where(self.column, 0)


class BotWinRate(_WinShare):
    """Share of seats played by a bot that won (seats are counted, not games)."""

    key = "bot_win_rate"

    def __init__(self, bot: str) -> None:
        self.bot = self.arg = bot
        self.params = {"bot": bot}

    def rows(self, frame: Games) -> list[dict[str, Any]]:
        return frame.where("bot", self.bot)


def _column_means(rows: list[list[float]]) -> list[float]:
    n = len(rows)
    return [math.fsum(col) / n for col in zip(*rows, strict=True)]


class Balance(Metric):
    """1 minus the gap between the best and worst seat's win rates (1 = balanced)."""

    key = "balance"

    def reference(self, frame: Any) -> float:
        return 1.0

    def compute(self, frame: Any) -> Estimate:
        wins = per_game(frame, "winner")

        def balance(w: list[list[float]]) -> float:
            rates = _column_means(w)
            return 1.0 - (_nanmax(rates) - _nanmin(rates))

        return bootstrap([wins], balance)


class ScoreSpread(Metric):
    """Mean gap between the highest and lowest final score of a game."""

    key = "score_spread"
    range = (0.0, math.inf)

    def compute(self, frame: Any) -> Estimate:
        return bootstrap_mean([_nanmax(g) - _nanmin(g) for g in per_game(frame, "score")])


class WinMargin(Metric):
    """Mean lead of the winner over the runner-up at the end (0 when the top scores tie)."""

    key = "win_margin"
    range = (0.0, math.inf)

    def compute(self, frame: Any) -> Estimate:
        margins = []
        for g in per_game(frame, "score"):
            if len(g) < 2:
                raise IndexError("the win margin needs two seats")
            top = sorted(g) if all(v == v for v in g) else [NAN, NAN]
            margins.append(top[-1] - top[-2])
        return bootstrap_mean(margins)


class GameLength(Metric):
    """Mean number of actions in a game (all players' decisions)."""

    key = "game_length"
    range = (0.0, math.inf)

    def compute(self, frame: Any) -> Estimate:
        return bootstrap_mean([math.fsum(g) for g in per_game(frame, "turns")])


def _leaders(totals: list[float]) -> tuple[bool, ...]:
    """The seats tied for the lead (one round's totals, one per seat)."""
    top = _nanmax(totals)
    return tuple(v == top for v in totals)


#: The column holding a seat's running totals after each round, as JSON text (``[3,7,12]``).
ROUND_SCORES = "round_scores"


def _day_totals(frame: Any) -> list[list[list[float]]]:
    """games x seats x rounds running totals, from :data:`ROUND_SCORES` (each game's list,
    front-padded with its first totals so every game's last rounds line up and the padding
    changes no lead) or else from the older ``score_after_<round>_<k>`` columns. Empty when
    there are none (or games have different numbers of seats)."""
    g = as_games(frame)
    if not g.has(ROUND_SCORES):
        cols = round_columns(g)
        if not cols:
            return []
        mats = [g.per_game(c) for c in cols]
        return [[[m[i][p] for m in mats] for p in range(len(mats[0][i]))]
                for i in range(len(mats[0]))]
    games = [[_as_list(by_seat[p].get(ROUND_SCORES)) for p in sorted(by_seat)]
             for _key, by_seat in g.games()]
    longest = max((len(t) for game in games for t in game), default=0)
    if not games or longest == 0 or len({len(game) for game in games}) != 1:
        return []
    return [[[float(x) for x in [t[0] if t else 0] * (longest - len(t)) + t] for t in game]
            for game in games]


def _as_list(value: Any) -> list:
    if isinstance(value, str):
        value = json.loads(value)
    if hasattr(value, "tolist"):  # a numpy array read back from Parquet
        value = value.tolist()
    return list(value) if isinstance(value, list | tuple) else []


class LeadChanges(Metric):
    """Mean number of days after which the leader (or the set of tied leaders) changed."""

    key = "lead_changes"
    range = (0.0, math.inf)

    def compute(self, frame: Any) -> Estimate:
        totals = _day_totals(frame)
        if not totals:
            return Estimate(NAN, NAN, NAN, 0, "bootstrap")
        changes = []
        for game in totals:
            rounds = list(zip(*game, strict=True))  # per round: each seat's total
            leads = [_leaders(list(r)) for r in rounds]
            changes.append(float(sum(1 for k in range(1, len(leads))
                                     if leads[k] != leads[k - 1])))
        return bootstrap_mean(changes)


class Decisiveness(Metric):
    """Share of games won by the single leader after the second-to-last day."""

    key = "decisiveness"

    def compute(self, frame: Any) -> Estimate:
        totals = _day_totals(frame)
        if not totals or len(totals[0][0]) < 2:
            return Estimate(NAN, NAN, NAN, 0, "wilson")
        wins = per_game(frame, "winner")
        decided = 0
        for game, won in zip(totals, wins, strict=True):
            lead = _leaders([seat[-2] for seat in game])
            # A NaN winner cell counts as a win, as numpy's astype(bool) reads it.
            if sum(lead) == 1 and any(a and bool(w) for a, w in zip(lead, won, strict=True)):
                decided += 1
        return wilson(float(decided), len(totals))


class SharedWins(Metric):
    """Share of games whose win is shared (tied on points and on cards held, IC-15)."""

    key = "shared_wins"

    def compute(self, frame: Any) -> Estimate:
        wins = per_game(frame, "winner")
        shared = sum(1 for w in wins if sum(w) > 1)
        return wilson(float(shared), len(wins))


class PointsShare(Metric):
    """Share of all points that came from some source columns (``points_<source>``) out of
    the sum of the given source columns; games use it for their own scoring sources."""

    def __init__(self, source: str | Sequence[str], sources: Sequence[str]) -> None:
        self.parts = (source,) if isinstance(source, str) else tuple(source)
        self.source = self.parts[0]
        self.sources = tuple(sources)

    def compute(self, frame: Any) -> Estimate:
        g = as_games(frame)

        def per_game_sum(columns: Sequence[str]) -> list[float]:
            mats = [[sum(row) for row in g.per_game(c)] for c in columns]
            return [sum(vals) for vals in zip(*mats, strict=True)]

        part, total = per_game_sum(self.parts), per_game_sum(self.sources)
        return bootstrap([part, total], lambda s, tot: sum(s) / max(sum(tot), 1e-12))


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


def default_metrics(frame: Any, game: str | None = None) -> list[Metric]:
    """The game metrics, then a win rate per seat, then per bot when bots differ.

    ``game`` defaults to the frame's ``game_name`` column (simulations write it).
    """
    g = as_games(frame)
    if game is None and g.has("game_name") and len(g):
        game = str(g.first("game_name"))
    out: list[Metric] = [m() for m in game_metrics(game)]
    out += [SeatWinRate(int(s)) for s in g.seats()]
    bots = sorted(set(g.values("bot")))
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


#: The keys of a :func:`metric_rows` row, in the order of :func:`metrics_table`'s columns.
METRIC_COLUMNS = ("metric", "name", "value", "low", "high", "n", "method", "reference",
                  "range_low", "range_high", "description")


def metric_rows(frame: Any, metrics: Sequence[Metric] | None = None,
                lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """One dict per metric (keys :data:`METRIC_COLUMNS`) of one configuration's games
    (rows, :class:`Games` or a pandas frame): no pandas needed."""
    g = as_games(frame)
    if not len(g):
        raise ValueError("metrics_table: the frame has no rows")
    game = str(g.first("game_name")) if g.has("game_name") else None
    rows = []
    for m in metrics if metrics is not None else default_metrics(g):
        e = m.compute(g)
        rows.append({"metric": m.ident,
                     "name": m.name(lang), "value": e.value, "low": e.low, "high": e.high,
                     "n": e.n, "method": e.method, "reference": m.reference(g),
                     "range_low": m.range[0], "range_high": m.range[1],
                     "description": _describe(m, lang, game)})
    return rows


def metrics_table(frame: Any, metrics: Sequence[Metric] | None = None,
                  by: str | Sequence[str] | None = None,
                  lang: str = DEFAULT_LANGUAGE) -> Any:
    """One row per metric (and per group of ``by`` columns) as a pandas frame: value,
    interval, reference (needs pandas; :func:`metric_rows` does not).

    Columns: [by...], metric (key), name, value, low, high, n, method, reference,
    range_low, range_high, description.
    """
    import pandas as pd

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
    if getattr(frame, "empty", False):
        raise ValueError("metrics_table: the frame has no rows")
    return pd.DataFrame(metric_rows(frame, metrics, lang))


__all__ = [
    "METRIC_COLUMNS",
    "Balance", "BotWinRate", "Decisiveness", "Estimate", "FirstPlayerWinRate", "GAME_METRICS",
    "ROUND_SCORES", "Z95",
    "GameLength", "Games", "LeadChanges", "Metric", "PointsShare", "ScoreSpread",
    "SeatWinRate", "SharedWins", "WinMargin", "as_games", "bootstrap", "bootstrap_mean",
    "day_columns", "default_metrics", "game_keys", "game_metrics", "metric_rows",
    "metrics_table", "per_game", "round_columns", "wilson",
]
