"""Two rulesets or variant settings side by side: metrics, charts and the rules that differ.

A *setting* is a small mapping of what changes: ``{"ruleset": "ijs"}``, ``{"days": 5}``,
``{"removed_scoops": 3}``. Both are played with the same game seeds (common random
numbers), then the design metrics (:mod:`.metrics`) are put side by side with the texts
of the rules the two settings play differently (the game's ``setting_rules`` and
``ruleset_rules``, with the rule texts).

The result is plain records (:class:`Comparison`, :class:`ComparedMetric`,
:class:`RuleDifference`), computed without pandas or numpy so that a page in the browser
compares too; a notebook reads them as pandas frames (``frame``, ``table``, ``rules``).

>>> c = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=4, players=3)
>>> list(c.rules["rule"])
['IC-10']
>>> bool(c.table.loc[c.table["metric"] == "balance", "value_a"].between(0, 1).all())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..core.errors import SettingsError
from ..core.messages import DEFAULT_LANGUAGE, format_number, has_message, t
from ..core.protocol import default_game, get_game
from .budget import Budget, Steps, finish
from .difference import difference_of
from .metrics import Games, default_metrics, metric_rows
from .simulate import make_config, play_game_steps, run_rows, to_frame
from .stats import Estimate


def _number(value: float, lang: str, sign: str = "") -> str:
    """About three significant digits, written the language's way (``0,125`` in Dutch)."""
    if value != value:  # NaN: no games to measure
        return "\u2013"
    size = abs(value)
    digits = 3 if size < 1 else 2 if size < 10 else 1 if size < 100 else 0
    return format_number(float(value), lang, f"{sign}.{digits}f")


def presets(game: str | None = None) -> dict[str, dict[str, Any]]:
    """Named what-if settings of ``game`` (``GameSpec.presets``), in the game's order.

    A game that names none still gets its rulesets and variants: one preset per ruleset
    (``{"ruleset": name}``) and one per other value of each choice in its settings form
    (``{"flood": True}``, named after the setting), leaving out a variant that plays
    exactly as a ruleset does. Their labels are ``<catalog_prefix>preset.<name>``.
    """
    return get_game(game or default_game()).what_if_presets()


def derived_presets(spec: Any) -> dict[str, dict[str, Any]]:
    """Presets made from ``spec``'s rulesets and the choices of its settings form (for a
    game that names none: :meth:`~icecream.core.protocol.GameSpec.what_if_presets`)."""
    from dataclasses import replace

    return replace(spec, presets={}).what_if_presets()


def preset_label(name: str, lang: str = DEFAULT_LANGUAGE, game: str | None = None) -> str:
    """The display name of a preset of ``game``."""
    spec = get_game(game or default_game())
    known = presets(spec.name)
    if name not in known:
        raise SettingsError(f"unknown preset {name!r}; presets are {sorted(known)}")
    key = preset_key(spec, name)
    if not has_message(key, lang):  # a game without labels: its settings, never a KeyError
        return setting_label(known[name])
    return t(key, lang)


def preset_key(spec: Any, name: str) -> str:
    """The catalog key labelling preset ``name`` of ``spec``: ``<catalog_prefix>preset.<name>``
    (``explore.preset.<name>`` for a game without a prefix)."""
    return spec.catalog_key(f"preset.{name}", "explore")


def presets_labelled(game: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    """True when ``game`` has presets and the catalog labels each in ``lang``: what the
    ruleset comparison needs (a game without them gets a sentence instead)."""
    spec = get_game(game)
    names = presets(game)
    return bool(names) and all(has_message(preset_key(spec, n), lang) for n in names)


def setting_label(setting: Mapping[str, Any]) -> str:
    """``{"ruleset": "ijs", "days": 5}`` -> ``"ruleset=ijs, days=5"`` (``default`` if empty)."""
    return ", ".join(f"{k}={v}" for k, v in setting.items()) or "default"


@dataclass(frozen=True)
class ComparedMetric:
    """One design metric measured under both settings: ``a`` and ``b`` are its estimates
    (``None`` when a setting has no such metric, e.g. a seat it does not seat)."""

    metric: str
    name: str
    a: Estimate | None
    b: Estimate | None
    reference: float | None
    range_low: float
    range_high: float
    description: str

    @property
    def difference(self) -> float:
        """``b - a`` (NaN when either is missing)."""
        if self.a is None or self.b is None:
            return float("nan")
        return self.b.value - self.a.value

    @property
    def rate(self) -> bool:
        """True for a share (a metric from 0 to 1)."""
        return self.range_high == 1.0

    def row(self) -> dict[str, Any]:
        """The metric as a row of :attr:`Comparison.table`."""
        nan = float("nan")
        out: dict[str, Any] = {"metric": self.metric, "name": self.name}
        for side, e in (("a", self.a), ("b", self.b)):
            out.update({f"value_{side}": e.value if e else nan, f"low_{side}": e.low if e else nan,
                        f"high_{side}": e.high if e else nan, f"n_{side}": e.n if e else None})
        out.update({"difference": self.difference,
                    "reference": nan if self.reference is None else self.reference,
                    "range_low": self.range_low, "range_high": self.range_high,
                    "description": self.description})
        return out


@dataclass(frozen=True)
class RuleDifference:
    """A rule two settings play differently: its id, title and text, and how each plays it."""

    rule: str
    title: str
    text: str
    setting_a: str
    setting_b: str


#: The columns of :attr:`Comparison.table`.
TABLE_COLUMNS = ("metric", "name", "value_a", "low_a", "high_a", "n_a", "value_b", "low_b",
                 "high_b", "n_b", "difference", "reference", "range_low", "range_high",
                 "description")
#: The columns of :attr:`Comparison.rules`.
RULE_COLUMNS = ("rule", "title", "text", "setting_a", "setting_b")


@dataclass(frozen=True)
class Comparison:
    """The result of :func:`compare`, as plain records: the games played (``rows``, one
    dict per game and seat, ``config`` 0 for setting a and 1 for b), the metrics of both
    (``metrics``, :class:`ComparedMetric` each) and the differing rules (``rule_list``).

    For notebooks, :attr:`frame`, :attr:`table` and :attr:`rules` are the same as pandas
    frames (made when first read; they need pandas, the records do not). ``table``
    columns: :data:`TABLE_COLUMNS` (difference is b - a); ``rules`` columns:
    :data:`RULE_COLUMNS`.
    """

    a: Mapping[str, Any]
    b: Mapping[str, Any]
    label_a: str
    label_b: str
    rows: list[dict[str, Any]] = field(repr=False)
    metrics: tuple[ComparedMetric, ...]
    rule_list: tuple[RuleDifference, ...]
    #: Games played per setting, of ``requested``; ``reason`` says why a run stopped
    #: early (``"time"`` or ``"stopped"``; ``None`` when it played them all).
    games: int = 0
    requested: int = 0
    reason: str | None = None

    @property
    def partial(self) -> bool:
        """True when the run stopped before playing every game asked for."""
        return self.reason is not None

    def table_rows(self) -> list[dict[str, Any]]:
        """The metrics as dicts with the keys :data:`TABLE_COLUMNS`."""
        return [m.row() for m in self.metrics]

    @cached_property
    def frame(self):
        """Every game and seat of both settings as a pandas frame, with ``config`` and the
        ``setting`` label."""
        frame = to_frame(self.rows)
        frame["setting"] = frame["config"].map({0: self.label_a, 1: self.label_b})
        return frame

    @cached_property
    def table(self):
        """The metrics side by side as a pandas frame (:data:`TABLE_COLUMNS`)."""
        import pandas as pd

        return pd.DataFrame(self.table_rows(), columns=list(TABLE_COLUMNS))

    @cached_property
    def rules(self):
        """The differing rules as a pandas frame (:data:`RULE_COLUMNS`)."""
        import pandas as pd

        return pd.DataFrame([vars(r) for r in self.rule_list], columns=list(RULE_COLUMNS))

    def figure(self, lang: str = DEFAULT_LANGUAGE):
        """Grouped bars with 95% error bars: shares (0..1) above, per-game amounts below."""
        import plotly.graph_objects as go
        from plotly.subplots import make_subplots

        # Three panels so that no bar flattens the others: shares (0..1), small per-game
        # amounts, and game length (about 180 decisions).
        fig = make_subplots(rows=3, cols=1, vertical_spacing=0.16,
                            subplot_titles=(t("explore.chart.shares", lang),
                                            t("explore.chart.amounts", lang),
                                            t("explore.chart.length", lang)))
        share = [m for m in self.metrics if m.rate]
        length = [m for m in self.metrics if m.metric == "game_length"]
        amounts = [m for m in self.metrics if not m.rate and m.metric != "game_length"]
        for row, part in ((1, share), (2, amounts), (3, length)):
            for side, label, colour in (("a", self.label_a, "#4c78a8"),
                                        ("b", self.label_b, "#f58518")):
                ests = [getattr(m, side) for m in part]
                value = [e.value if e else float("nan") for e in ests]
                fig.add_trace(go.Bar(
                    x=[m.name for m in part], y=value, name=label, marker_color=colour,
                    legendgroup=side, showlegend=row == 1,
                    error_y={"type": "data", "symmetric": False,
                             "array": [e.high - e.value if e else float("nan") for e in ests],
                             "arrayminus": [e.value - e.low if e else float("nan")
                                            for e in ests]},
                ), row=row, col=1)
        fig.update_yaxes(tickformat=".0%", row=1, col=1)  # shares read as percentages
        fig.update_layout(barmode="group", height=900, width=900,
                          margin={"t": 110, "b": 40, "l": 50, "r": 20},
                          legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
                          title={"text": t("explore.chart.compare_title", lang,
                                           a=self.label_a, b=self.label_b),
                                 "x": 0, "y": 0.99, "yanchor": "top"})
        return fig

    def display_table(self, lang: str = DEFAULT_LANGUAGE):
        """The table with translated headers and intervals as text, for showing (a pandas
        frame). The difference B - A is shown with its interval as the sentences say it
        (:func:`~icecream.explore.difference.difference_of`)."""
        import pandas as pd

        def cell(v: float, lo: float, hi: float) -> str:
            return f"{_number(v, lang)} [{_number(lo, lang)}; {_number(hi, lang)}]"

        rows = []
        for m, r in zip(self.metrics, self.table.itertuples(), strict=True):
            rows.append({
                t("explore.col.metric", lang): r.name,
                self.label_a: cell(r.value_a, r.low_a, r.high_a),
                self.label_b: cell(r.value_b, r.low_b, r.high_b),
                t("explore.col.difference", lang): difference_of(m.a, m.b, m.rate, lang).cell,
                t("explore.col.description", lang): r.description,
            })
        return pd.DataFrame(rows)


def differing_rules(a: Mapping[str, Any], b: Mapping[str, Any], players: Any = 4,
                    lang: str = DEFAULT_LANGUAGE, game: str | None = None):
    """The rules two settings of ``game`` play differently, with their texts and both
    values (rule ids from ``GameSpec.setting_rules`` and ``ruleset_rules``), as a pandas
    frame (:data:`RULE_COLUMNS`)."""
    import pandas as pd

    found = rule_differences(a, b, players, lang, game)
    return pd.DataFrame([vars(r) for r in found], columns=list(RULE_COLUMNS))


def rule_differences(a: Mapping[str, Any], b: Mapping[str, Any], players: Any = 4,
                     lang: str = DEFAULT_LANGUAGE,
                     game: str | None = None) -> tuple[RuleDifference, ...]:
    """The rules two settings of ``game`` play differently (:func:`differing_rules` as
    records, in the rulebook's order)."""
    spec = get_game(game or default_game())
    rules = spec.rules

    def resolve(setting: Mapping[str, Any]) -> dict[str, Any]:
        s = dict(setting)
        n = s.pop("players", players)
        s.pop("bots", None)
        d = dict(spec.new_state(players=n, seed=0, **s).setup_args())
        d["players"] = n if isinstance(n, int) else len(n)
        return d

    sa, sb = resolve(a), resolve(b)
    changed: dict[str, list[str]] = {}
    for key in sa:
        if sa[key] == sb[key]:
            continue
        if key == "ruleset":
            ids = list(spec.ruleset_rules.get(sa[key], ())) \
                + list(spec.ruleset_rules.get(sb[key], ()))
        else:
            ids = [spec.setting_rules.get(key, "")]
        for rid in ids:
            if rid:
                changed.setdefault(rid, [])
                if key not in changed[rid]:
                    changed[rid].append(key)
    rows = []
    order = list(rules)
    for rid in sorted(changed, key=lambda r: order.index(r) if r in order else len(order)):
        rule = rules[rid]
        keys = changed[rid]
        if "ruleset" in keys:  # name the settings the ruleset implies for this rule
            keys = [k for k in keys if k != "ruleset"] + ["ruleset"]
        rows.append(RuleDifference(rid, rule.title(lang), rule.text(lang),
                                   ", ".join(f"{k}={sa[k]}" for k in keys),
                                   ", ".join(f"{k}={sb[k]}" for k in keys)))
    return tuple(rows)


#: The comparison page's default time limit (seconds) for :func:`compare` run in this
#: process (one worker, no Dask) when no budget is given.
COMPARE_SECONDS = 20.0


def compare(a: Mapping[str, Any], b: Mapping[str, Any], games: int = 200,
            players: int = 4, bots: Any = "random", seed: int = 0, workers: int = 1,
            dask: Any = None, progress: bool = False, label_a: str | None = None,
            label_b: str | None = None, bot_options: Mapping[str, Any] | None = None,
            lang: str = DEFAULT_LANGUAGE, game: str | None = None,
            budget: Budget | None = None,
            seconds: float | None = COMPARE_SECONDS) -> Comparison:
    """Simulate settings ``a`` and ``b`` of ``game`` (same seeds) and put their metrics
    side by side.

    ``bots=None`` plays the game's ``rollout_policy`` in every seat. With a ``budget``
    the games are played here, one of each setting at a time, until the time is up or
    Stop is asked for; the comparison then holds the games finished (at least one of
    each) and says so (``partial``, ``games``, ``requested``).

    Time: played in this process (``workers=1``, no ``dask``) and without a ``budget``,
    the comparison page's default limit applies, ``seconds`` (:data:`COMPARE_SECONDS`,
    20 s, the games getting 3/4 of it); ``seconds=None`` plays every game however long it
    takes. A run on several workers or a Dask cluster is a deliberate long run: it has
    no time limit unless a ``budget`` is given (which plays here, one game at a time)."""
    if budget is None and seconds is not None and workers == 1 and dask is None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
            raise SettingsError(f"seconds must be a positive number or None, not {seconds!r}")
        budget = Budget.for_page(seconds)
    return finish(compare_steps(a, b, games, players, bots, seed, workers, dask, progress,
                                label_a, label_b, bot_options, lang, game, budget))


def compare_steps(a: Mapping[str, Any], b: Mapping[str, Any], games: int = 200,
                  players: int = 4, bots: Any = "random", seed: int = 0, workers: int = 1,
                  dask: Any = None, progress: bool = False, label_a: str | None = None,
                  label_b: str | None = None, bot_options: Mapping[str, Any] | None = None,
                  lang: str = DEFAULT_LANGUAGE, game: str | None = None,
                  budget: Budget | None = None) -> Steps[Comparison]:
    """:func:`compare` as steps (:data:`~icecream.core.budget.Steps`; with a ``budget``
    it yields within games): a page without threads advances it a slice at a time."""
    game = game or default_game()
    for name, setting in (("a", a), ("b", b)):
        if not isinstance(setting, Mapping):
            raise SettingsError(f"setting {name} must be a mapping such as "
                                f"{{'ruleset': 'ijs'}}, not {setting!r}")
    if bots is None:
        bots = get_game(game).rollout_policy
    configs = []
    for setting in (a, b):
        args = {"players": players, "bots": bots, **setting}
        configs.append(make_config(game=game, bot_options=bot_options, **args))
    played, reason = games, None
    if budget is None:
        rows = run_rows(configs, games, seed, workers, dask, progress)
    else:
        rows, played, reason = yield from _run_within(configs, games, seed, budget)
    la = label_a or setting_label(a)
    lb = label_b or setting_label(b)
    if la == lb:
        la, lb = f"A: {la}", f"B: {lb}"
    metrics = compare_metrics(rows, lang)
    rules = rule_differences(a, b, players, lang, game)
    return Comparison(dict(a), dict(b), la, lb, rows, metrics, rules, played, games, reason)


def compare_metrics(rows: list[dict[str, Any]],
                    lang: str = DEFAULT_LANGUAGE) -> tuple[ComparedMetric, ...]:
    """The default metrics of configurations 0 and 1 of ``rows`` side by side: a's in
    their order, then those only b has."""
    parts = [Games([r for r in rows if r["config"] == k]) for k in (0, 1)]
    ta, tb = (metric_rows(p, default_metrics(p), lang=lang) for p in parts)
    by_b = {r["metric"]: r for r in tb}
    by_a = {r["metric"]: r for r in ta}
    order = [r["metric"] for r in ta] + [r["metric"] for r in tb if r["metric"] not in by_a]
    out = []
    for key in order:
        ra, rb = by_a.get(key), by_b.get(key)
        first = ra or rb

        def estimate(r: dict[str, Any] | None) -> Estimate | None:
            if r is None:
                return None
            return Estimate(r["value"], r["low"], r["high"], r["n"], r["method"])

        out.append(ComparedMetric(key, first["name"], estimate(ra), estimate(rb),
                                  first["reference"], first["range_low"],
                                  first["range_high"], first["description"]))
    return tuple(out)


def _run_within(configs: list, games: int, seed: int,
                budget: Budget) -> Steps[tuple[list[dict[str, Any]], int, str | None]]:
    """Play game 0 of both configurations, then game 1, ... within ``budget``; the rows,
    the games played of each and why it stopped early (``None``: it did not)."""
    from .simulate import SimulationError, _check_count

    _check_count("games", games, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number, not {seed!r}")
    for c in configs:
        c.check(seed)
    rows: list[dict[str, Any]] = []
    played = 0
    for i in range(games):
        budget.report(i, games)
        if i and budget.expired():
            break
        pair = []
        for config in configs:
            # The first pair is always finished (a comparison needs one game of each);
            # later games are dropped when the budget runs out in the middle of one.
            got = yield from play_game_steps(config, i, seed,
                                             None if i == 0 else budget.expired)
            if got is None:
                break
            pair.append(got)
        if len(pair) < len(configs):
            break
        for k, got in enumerate(pair):
            for row in got:
                row["config"] = k
                rows.append(row)
        played = i + 1
    budget.report(played, games, force=True)
    # In run_configs' order: by config, game, seat.
    rows.sort(key=lambda r: (r["config"], r["game"], r["seat"]))
    reason = budget.reason if played < games else None
    return rows, played, reason


__all__ = ["COMPARE_SECONDS", "RULE_COLUMNS", "TABLE_COLUMNS", "ComparedMetric", "Comparison",
           "RuleDifference", "compare", "compare_metrics", "compare_steps", "derived_presets",
           "differing_rules", "preset_label", "presets", "rule_differences", "setting_label"]
