"""Two rulesets or variant settings side by side: metrics, charts and the rules that differ.

A *setting* is a small mapping of what changes: ``{"ruleset": "ijs"}``, ``{"days": 5}``,
``{"removed_scoops": 3}``. Both are played with the same game seeds (common random
numbers), then the design metrics (:mod:`.metrics`) are put side by side with the texts
of the rules the two settings play differently (the game's ``setting_rules`` and
``ruleset_rules``, with the rule texts).

>>> c = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=4, players=3)
>>> list(c.rules["rule"])
['IC-10']
>>> bool(c.table.loc[c.table["metric"] == "balance", "value_a"].between(0, 1).all())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..core.errors import SettingsError
from ..core.messages import DEFAULT_LANGUAGE, format_number, has_message, t
from ..core.protocol import default_game, get_game
from .budget import Budget
from .metrics import default_metrics, metrics_table
from .simulate import make_config, order_columns, play_game, run_configs


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
class Comparison:
    """The result of :func:`compare`: the frame, the metrics table and the differing rules.

    ``table`` columns: metric, name, value_a, low_a, high_a, value_b, low_b, high_b,
    difference (b - a), reference, description. ``rules`` columns: rule, title, text,
    setting_a, setting_b.
    """

    a: Mapping[str, Any]
    b: Mapping[str, Any]
    label_a: str
    label_b: str
    frame: pd.DataFrame
    table: pd.DataFrame
    rules: pd.DataFrame
    #: Games played per setting, of ``requested``; ``reason`` says why a run stopped
    #: early (``"time"`` or ``"stopped"``; ``None`` when it played them all).
    games: int = 0
    requested: int = 0
    reason: str | None = None

    @property
    def partial(self) -> bool:
        """True when the run stopped before playing every game asked for."""
        return self.reason is not None

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
        share = self.table["range_high"] == 1.0
        length = self.table["metric"] == "game_length"
        for row, mask in ((1, share), (2, ~share & ~length), (3, length)):
            part = self.table[mask]
            for side, label, colour in (("a", self.label_a, "#4c78a8"),
                                        ("b", self.label_b, "#f58518")):
                value = part[f"value_{side}"]
                fig.add_trace(go.Bar(
                    x=part["name"], y=value, name=label, marker_color=colour,
                    legendgroup=side, showlegend=row == 1,
                    error_y={"type": "data", "symmetric": False,
                             "array": part[f"high_{side}"] - value,
                             "arrayminus": value - part[f"low_{side}"]},
                ), row=row, col=1)
        fig.update_yaxes(tickformat=".0%", row=1, col=1)  # shares read as percentages
        fig.update_layout(barmode="group", height=900, width=900,
                          margin={"t": 110, "b": 40, "l": 50, "r": 20},
                          legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
                          title={"text": t("explore.chart.compare_title", lang,
                                           a=self.label_a, b=self.label_b),
                                 "x": 0, "y": 0.99, "yanchor": "top"})
        return fig

    def display_table(self, lang: str = DEFAULT_LANGUAGE) -> pd.DataFrame:
        """The table with translated headers and intervals as text, for showing."""
        def cell(v: float, lo: float, hi: float) -> str:
            return f"{_number(v, lang)} [{_number(lo, lang)}; {_number(hi, lang)}]"

        rows = []
        for r in self.table.itertuples():
            rows.append({
                t("explore.col.metric", lang): r.name,
                self.label_a: cell(r.value_a, r.low_a, r.high_a),
                self.label_b: cell(r.value_b, r.low_b, r.high_b),
                t("explore.col.difference", lang): _number(r.difference, lang, "+"),
                t("explore.col.description", lang): r.description,
            })
        return pd.DataFrame(rows)


def differing_rules(a: Mapping[str, Any], b: Mapping[str, Any], players: Any = 4,
                    lang: str = DEFAULT_LANGUAGE, game: str | None = None) -> pd.DataFrame:
    """The rules two settings of ``game`` play differently, with their texts and both
    values (rule ids from ``GameSpec.setting_rules`` and ``ruleset_rules``)."""
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
        rows.append({"rule": rid, "title": rule.title(lang), "text": rule.text(lang),
                     "setting_a": ", ".join(f"{k}={sa[k]}" for k in keys),
                     "setting_b": ", ".join(f"{k}={sb[k]}" for k in keys)})
    return pd.DataFrame(rows, columns=["rule", "title", "text", "setting_a", "setting_b"])


def compare(a: Mapping[str, Any], b: Mapping[str, Any], games: int = 200,
            players: int = 4, bots: Any = "random", seed: int = 0, workers: int = 1,
            dask: Any = None, progress: bool = False, label_a: str | None = None,
            label_b: str | None = None, bot_options: Mapping[str, Any] | None = None,
            lang: str = DEFAULT_LANGUAGE, game: str | None = None,
            budget: Budget | None = None) -> Comparison:
    """Simulate settings ``a`` and ``b`` of ``game`` (same seeds) and put their metrics
    side by side.

    ``bots=None`` plays the game's ``rollout_policy`` in every seat. With a ``budget``
    the games are played here, one of each setting at a time, until the time is up or
    Stop is asked for; the comparison then holds the games finished (at least one of
    each) and says so (``partial``, ``games``, ``requested``)."""
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
        frame = run_configs(configs, games, seed, workers, dask, progress)
    else:
        frame, played, reason = _run_within(configs, games, seed, budget)
    la = label_a or setting_label(a)
    lb = label_b or setting_label(b)
    if la == lb:
        la, lb = f"A: {la}", f"B: {lb}"
    frame["setting"] = frame["config"].map({0: la, 1: lb})
    parts = [frame[frame["config"] == k] for k in (0, 1)]
    ta = metrics_table(parts[0], default_metrics(parts[0]), lang=lang)
    tb = metrics_table(parts[1], default_metrics(parts[1]), lang=lang)
    table = ta.merge(tb, on="metric", suffixes=("_a", "_b"), how="outer", sort=False)
    for col in ("name", "reference", "range_low", "range_high", "description"):
        table[col] = table[f"{col}_a"].combine_first(table[f"{col}_b"])
    order = list(ta["metric"]) + [m for m in tb["metric"] if m not in set(ta["metric"])]
    table = table.set_index("metric").loc[order].reset_index()
    table["difference"] = table["value_b"] - table["value_a"]
    table = table[["metric", "name", "value_a", "low_a", "high_a", "n_a", "value_b", "low_b",
                   "high_b", "n_b", "difference", "reference", "range_low", "range_high",
                   "description"]]
    rules = differing_rules(a, b, players, lang, game)
    return Comparison(dict(a), dict(b), la, lb, frame, table, rules, played, games, reason)


def _game_within(config: Any, index: int, seed: int,
                 budget: Budget) -> list[dict[str, Any]] | None:
    """:func:`~.simulate.play_game` given up (``None``) once ``budget`` runs out."""
    from .simulate import play_game

    return play_game(config, index, seed, expired=budget.expired)


def _run_within(configs: list, games: int, seed: int,
                budget: Budget) -> tuple[pd.DataFrame, int, str | None]:
    """Play game 0 of both configurations, then game 1, ... within ``budget``; the frame,
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
            got = play_game(config, i, seed) if i == 0 else _game_within(config, i, seed,
                                                                         budget)
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
    frame = pd.DataFrame(rows).sort_values(["config", "game", "seat"], kind="stable")
    frame = frame.reset_index(drop=True)
    reason = budget.reason if played < games else None
    return frame[order_columns(frame.columns)], played, reason


__all__ = ["Comparison", "compare", "derived_presets", "differing_rules",
           "preset_label", "presets", "setting_label"]
