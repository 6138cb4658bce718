"""What-if widgets: two rulesets side by side, and the options of a position compared.

* :class:`RulesetComparison`: choose two rulesets or variant settings (presets from
  :func:`icecream.explore.compare.presets`), the bots, players and games; *Run* simulates
  both, shows the metrics table with 95% intervals, a chart and, beside them, the
  texts of the rules the two settings play differently.
* :class:`PositionWhatIf`: for a position, each option of the player to act with its
  expected final score and win chance (Monte Carlo over what THAT player cannot see),
  as a table and a bar chart with error bars.

Stable CSS classes for browser tests: ``ic-whatif`` (both containers), ``ic-compare-a``,
``ic-compare-b``, ``ic-compare-bots``, ``ic-compare-players``, ``ic-compare-games``,
``ic-compare-run``, ``ic-compare-status``, ``ic-compare-table``, ``ic-compare-rules``,
``ic-compare-chart``, ``ic-compare-seconds``, ``ic-compare-conclusions``;
``ic-position-samples``, ``ic-position-policy``, ``ic-position-seed``, ``ic-position-run``,
``ic-position-status``, ``ic-position-table``, ``ic-position-chart``,
``ic-position-seconds``, ``ic-position-conclusion``; the runners' ``ic-budget-*``.

The tables and sentences are made from the explore layer's records, without pandas; the
charts are plotly's where plotly is installed, else the same bars as SVG (the static site,
:func:`~icecream.widgets.chart.svg_chart`). Each run has a time limit
(``ic-budget-seconds``: 20 s for a comparison, 10 s for a position) and, clicked on a
page, runs in the background with a progress bar and a Stop button
(:class:`~icecream.widgets.budget.BudgetRunner`; in a browser's Python, which has no
threads, in slices between which the page handles Stop): the page keeps answering, and a
run stopped early shows what it has, saying how many games or samples that is. Below the
numbers, the plain-words conclusions (:mod:`icecream.teach.conclusions`) say which
differences are real and which the intervals cannot tell from luck.

Every value is checked when *Run* is pressed (a browser can set any synced trait); a
refused value shows a message and changes nothing. All texts come from the catalog.

>>> w = RulesetComparison(games=4, players=3)
>>> w.run()
True
>>> "ic-compare-table" in w.table._dom_classes and len(w.comparison.table) > 0
True
"""

from __future__ import annotations

import html
import math
import re
import threading
import time
from typing import Any

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE, catalog, seat_name, t
from ..core.protocol import default_game, get_game
from ..explore.compare import (
    Comparison,
    compare_steps,
    preset_label,
    presets,
    presets_labelled,
)
from ..explore.difference import show_interval, show_value  # noqa: F401 (kept here)
from ..explore.position import (
    POLICIES,
    WHAT_IF_SAMPLES,
    NoSamples,
    OptionComparison,
    compare_options_steps,
)
from ..teach.conclusions import (
    comparison_conclusion,
    metric_difference,
    option_difference,
    position_conclusion,
    ranked_options,
)
from . import hooks
from .budget import BudgetRunner, threads_available, time_limit, work_in_background
from .chart import Panel, Series, chart, plotly_available, svg_box
from .session import bot_words

#: Bots offered for comparisons (IS-MCTS is too slow for an interactive run).
COMPARE_BOTS = ("random", "greedy", "heuristic", "rollout")
GAMES_RANGE = (2, 5000)
SAMPLES_RANGE = (1, 2000)
SEED_RANGE = (0, 2**31 - 1)


_WARMED: list[threading.Thread] = []


def warm_charts() -> None:
    """Import plotly's figure modules in a background thread, once per kernel: the first
    import of plotly takes seconds on a busy 2-core machine, which a student would pay
    after their first comparison. Started when a what-if widget is made."""
    if _WARMED or not threads_available() or not plotly_available():
        return  # the static site draws SVG charts: nothing to warm

    def load() -> None:
        try:
            import plotly.graph_objects  # noqa: F401
            import plotly.io  # noqa: F401
            import plotly.subplots  # noqa: F401
        except Exception:  # plotly missing: the chart says so when it is drawn
            pass

    thread = threading.Thread(target=load, daemon=True, name="icecream-warm-charts")
    _WARMED.append(thread)
    thread.start()


class WhatIfRefused(ValueError):
    """A widget value that was refused; the text is translated, ready to show."""


def _refuse(key: str, lang: str, **params: Any) -> WhatIfRefused:
    return WhatIfRefused(t(f"explore.ui.refused.{key}", lang, **params))


def _whole(value: Any, lo: int, hi: int, what: str, lang: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _refuse("number", lang, what=t(f"explore.ui.{what}", lang), low=lo, high=hi,
                      value=html.escape(repr(value)[:40]))
    return value


def _choice(value: Any, allowed: tuple | list, what: str, lang: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _refuse("choice", lang, what=t(f"explore.ui.{what}", lang),
                      value=html.escape(repr(value)[:40]))
    return value


def _html(css: str, value: str = "") -> widgets.HTML:
    w = widgets.HTML(value)
    w.add_class(css)
    return w


#: Numbers stay on one line; the first column (an option's words, which can be long) and
#: the last (what a metric measures) wrap, so the table fits a 1024 px window (issue 21:
#: a long option pushed the last column out of sight).
_GRID_CSS = ("<style>.ic-whatif-grid{border-collapse:collapse;max-width:100%}"
             ".ic-whatif-grid th,.ic-whatif-grid td{line-height:1.3;padding:3px 8px;"
             "vertical-align:top;text-align:left}"
             ".ic-whatif-grid td:not(:first-child):not(:last-child)"
             "{white-space:nowrap}.ic-whatif-grid tr:nth-child(even){background:#F4F4F4}"
             # A position's table ends with a number (the win chance): it stays whole too.
             ".ic-whatif-numbers-last td:last-child{white-space:nowrap}"
             "</style>")


#: A control's label shown whole ("Steekproe…" was cut off in Dutch, issue 21).
_WHOLE = {"description_width": "initial"}
#: The tabs' titles shown whole ("Regelvarianten verge" was cut off in Dutch, issue 21).
_TABS_CSS = ("<style>.ic-whatif-board .lm-TabBar-tab,.ic-whatif-board .p-TabBar-tab"
             "{flex:0 0 auto !important;max-width:none !important}</style>")


def _conclusions_html(lines: list[str]) -> str:
    """The plain-words conclusions, as a short list under a framed heading."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<div style="border-left:4px solid #4c78a8;padding-left:8px;line-height:1.35">'
            f"<ul style='margin:4px 0'>{items}</ul></div>")


def _table_html(rows: list[dict[str, str]], numbers_last: bool = False) -> str:
    """Rows of text (dicts with the same keys, the column headers) as an HTML table;
    ``numbers_last``: the last column holds numbers, kept on one line."""
    columns = list(rows[0]) if rows else []
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in columns)
                   + "</tr>" for r in rows)
    css = "ic-whatif-grid ic-whatif-numbers-last" if numbers_last else "ic-whatif-grid"
    return (f'{_GRID_CSS}<table class="{css}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


class RulesetComparison(widgets.VBox):
    """Compare two rulesets or variant settings by simulation (see the module docstring).

    ``a`` and ``b`` are preset names; ``games``, ``players`` and ``bots`` the initial
    choices. :meth:`run` does what the *Run* button does and returns True on success.
    """

    def __init__(self, a: str | None = None, b: str | None = None, games: int = 200,
                 players: int = 4, bots: str | None = None, seed: int = 0,
                 lang: str = DEFAULT_LANGUAGE, game: str | None = None,
                 seconds: int = 20) -> None:
        super().__init__()
        warm_charts()
        self.lang = lang
        self.game = game or default_game()
        spec = get_game(self.game)
        bots = spec.rollout_policy if bots is None else bots
        self.players_range = (spec.min_players, spec.max_players)
        self.seed = _whole(seed, *SEED_RANGE, "seed", lang)
        names = list(presets(self.game))
        if not names:
            raise ValueError(f"{spec.title} has no what-if presets to compare")
        a = names[0] if a is None else a
        b = names[min(1, len(names) - 1)] if b is None else b
        options = [(preset_label(name, lang, self.game), name) for name in names]
        wide = widgets.Layout(width="460px")  # the preset labels are long
        self.choice_a = widgets.Dropdown(options=options, value=_choice(
            a, names, "setting_a", lang), description=t("explore.ui.setting_a", lang),
            layout=wide)
        self.choice_b = widgets.Dropdown(options=options, value=_choice(
            b, names, "setting_b", lang), description=t("explore.ui.setting_b", lang),
            layout=wide)
        # Bots named by what they do, in the reader's language (issue 21: "random").
        self.bots = widgets.Dropdown(options=[(bot_words(b, lang), b) for b in COMPARE_BOTS],
                                     value=_choice(bots, COMPARE_BOTS, "bots", lang),
                                     description=t("explore.ui.bots", lang))
        self.players = widgets.BoundedIntText(
            value=_whole(players, *self.players_range, "players", lang),
            min=self.players_range[0], max=self.players_range[1],
            description=t("explore.ui.players", lang))
        self.games = widgets.BoundedIntText(
            value=_whole(games, *GAMES_RANGE, "games", lang), min=GAMES_RANGE[0],
            max=GAMES_RANGE[1], description=t("explore.ui.games", lang))
        self.seconds = time_limit(seconds, lang)
        self.seconds.add_class("ic-compare-seconds")
        self.run_button = widgets.Button(description=t("explore.ui.run_compare", lang),
                                         button_style="primary")
        self.runner = BudgetRunner(seconds, lang, unit="games")
        self.status = _html("ic-compare-status")
        self.table = _html("ic-compare-table")
        self.conclusions = _html("ic-compare-conclusions")
        self.rules = _html("ic-compare-rules")
        self.chart = widgets.Box()
        for w, css in ((self.choice_a, "ic-compare-a"), (self.choice_b, "ic-compare-b"),
                       (self.bots, "ic-compare-bots"), (self.players, "ic-compare-players"),
                       (self.games, "ic-compare-games"), (self.run_button, "ic-compare-run"),
                       (self.chart, "ic-compare-chart")):
            w.add_class(css)
        #: The last :class:`~icecream.explore.compare.Comparison` shown, if any.
        self.comparison: Comparison | None = None
        self.figure = None
        self.run_button.on_click(lambda _button: self.run(background=work_in_background()))
        self.add_class("ic-whatif")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        # One column: at 1024 px a table beside the rules was squeezed to a few words a
        # line (a page 4,100 px tall); the rules come under the numbers they explain.
        self.children = [
            widgets.HBox([self.choice_a, self.choice_b], layout=wrap),
            widgets.HBox([self.bots, self.players, self.games, self.seconds, self.run_button],
                         layout=wrap),
            self.runner, self.status, self.conclusions, self.table, self.rules, self.chart,
        ]

    def run(self, background: bool = False) -> bool:
        """Check the choices, simulate both settings within the time limit and show the
        results; ``background`` runs it in a thread (what a click on the page does).
        True when the run was started (and, in the foreground, finished)."""
        lang = self.lang
        try:
            names = list(presets(self.game))
            a = _choice(self.choice_a.value, names, "setting_a", lang)
            b = _choice(self.choice_b.value, names, "setting_b", lang)
            bots = _choice(self.bots.value, COMPARE_BOTS, "bots", lang)
            players = _whole(self.players.value, *self.players_range, "players", lang)
            games = _whole(self.games.value, *GAMES_RANGE, "games", lang)
            seconds = _whole(self.seconds.value, 1, 300, "time_limit", lang)
        except WhatIfRefused as e:
            self.status.value = f"<b>{e}</b>"
            return False
        if self.runner.running:
            return False
        self.status.value = html.escape(t("explore.ui.running", lang))
        self.run_button.disabled = True
        start = time.perf_counter()
        table = presets(self.game)
        ok = []

        def steps(budget: Any) -> Any:
            return compare_steps(table[a], table[b], games=games, players=players, bots=bots,
                                 seed=self.seed, label_a=preset_label(a, lang, self.game),
                                 label_b=preset_label(b, lang, self.game), lang=lang,
                                 game=self.game, budget=budget)

        def done(c: Comparison | None, error: BaseException | None) -> None:
            self.run_button.disabled = False
            if error is not None:
                self.status.value = f"<b>{html.escape(str(error))}</b>"
                return
            self.comparison = c
            self.table.value = _table_html(comparison_table(c, lang))
            self.conclusions.value = _conclusions_html(comparison_conclusion(c, lang))
            self.rules.value = self._rules_html(c)
            secs = round(time.perf_counter() - start, 1)
            text = t("explore.ui.done_compare", lang, games=c.games, secs=secs)
            if c.partial:
                text = t(f"widgets.whatif.partial_compare.{c.reason}", lang, games=c.games,
                         requested=c.requested, secs=secs)
            # The status says the numbers are done as they are shown, not after the chart
            # (whose first drawing waits for plotly's import: "Simulating…" stayed under
            # finished results for seconds).
            self.status.value = html.escape(text)
            self.figure, self.chart.children = _draw(
                lambda: c.figure(lang), lambda: comparison_panels(c, lang),
                t("explore.chart.compare_title", lang, a=c.label_a, b=c.label_b), lang)
            ok.append(True)

        self.runner.start(None, done, seconds=seconds, background=background, steps=steps)
        return background or bool(ok)

    def _rules_html(self, c: Comparison) -> str:
        lang = self.lang
        if not c.rule_list:
            return f"<p>{html.escape(t('explore.ui.same_rules', lang))}</p>"
        parts = [f"<h4>{html.escape(t('explore.ui.rules_differ', lang))}</h4>"]
        for r in c.rule_list:
            parts.append(
                f"<p><b>{html.escape(r.rule)} {html.escape(r.title)}</b><br>"
                f"{html.escape(r.text)}<br>"
                f"<i>{html.escape(c.label_a)}</i>: "
                f"{html.escape(readable_setting(r.setting_a, self.game, lang))}<br>"
                f"<i>{html.escape(c.label_b)}</i>: "
                f"{html.escape(readable_setting(r.setting_b, self.game, lang))}</p>")
        return '<div style="line-height:1.4">' + "".join(parts) + "</div>"


def tidy(value: float) -> str:
    """A number as a person writes it: three significant digits, never e-notation, and
    0 for what is zero but for rounding (an interval's bound of 2.8e-17 reads 0)."""
    if not math.isfinite(value):
        return "\u2013"
    if abs(value) < 5e-4:
        return "0"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def comparison_table(c: Comparison, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, str]]:
    """The metrics of a comparison for people, one dict of texts per metric (keyed by the
    column headers): each value with its 95% interval, rates as percentages, and the
    difference B - A with its interval (:func:`~icecream.teach.conclusions.
    metric_difference`: the two estimates' intervals combined as if independent; the runs
    share their game seeds, so this errs on the wide side). A difference whose shown
    interval holds 0 reads "no measurable difference" beside it, as the sentences say."""
    rows = []
    for r in c.table_rows():
        rate = r["range_high"] == 1.0
        said = metric_difference(r, lang).cell
        rows.append({
            t("explore.col.metric", lang): r["name"],
            c.label_a: show_interval(r["value_a"], r["low_a"], r["high_a"], rate, lang),
            c.label_b: show_interval(r["value_b"], r["low_b"], r["high_b"], rate, lang),
            t("widgets.whatif.difference", lang): said,
            t("explore.col.description", lang): r["description"],
        })
    return rows


def comparison_panels(c: Comparison, lang: str = DEFAULT_LANGUAGE) -> list[Panel]:
    """The comparison's chart as panels (as :meth:`Comparison.figure` draws them): shares,
    per-game amounts, and game length."""
    nan = float("nan")
    groups = ((t("explore.chart.shares", lang), [m for m in c.metrics if m.rate], True),
              (t("explore.chart.amounts", lang),
               [m for m in c.metrics if not m.rate and m.metric != "game_length"], False),
              (t("explore.chart.length", lang),
               [m for m in c.metrics if m.metric == "game_length"], False))
    panels = []
    for title, part, percent in groups:
        series = []
        for side, label, colour in (("a", c.label_a, "#4c78a8"), ("b", c.label_b, "#f58518")):
            ests = [getattr(m, side) for m in part]
            series.append(Series(label, colour, tuple(e.value if e else nan for e in ests),
                                 tuple(e.low if e else nan for e in ests),
                                 tuple(e.high if e else nan for e in ests)))
        panels.append(Panel(title, tuple(m.name for m in part), tuple(series), percent))
    return panels


def _draw(figure: Any, panels: Any, title: str, lang: str, plotly: bool = True
          ) -> tuple[Any, list]:
    """(the plotly figure or None, the chart box's children): plotly's chart where plotly
    is installed and the page draws it (``plotly``), else the same bars as SVG (the static
    site, and a server page that loads no plotly front end: a student waits for no plotly
    import, and the page fetches no script)."""
    if plotly and plotly_available():
        fig = figure()
        return fig, [chart(fig)]
    return None, [svg_box(panels(), title, lang)]


def readable_setting(text: str, game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``"close=scoop, ruleset=rulebook"`` in words from the catalog (``setting.<game>.*``):
    "Close cone (IC-10): one scoop missing (rulebook); Ruleset: Rulebook (English)"."""
    words = catalog(lang)
    parts = []
    for item in text.split(", "):
        name, _, value = item.partition("=")
        key = f"setting.{game}.{name}"
        label = t(key, lang) if key in words else name
        value_key = f"{key}.{value}"
        parts.append(f"{label}: {t(value_key, lang) if value_key in words else value}")
    return "; ".join(parts)


class PositionWhatIf(widgets.VBox):
    """The options of the player to act in ``state``, compared by Monte Carlo.

    Samples only what the player to act cannot see (their view), so the answer is the
    one that player could work out. :meth:`set_state` shows another position;
    :meth:`run` does what the *Run* button does and returns True on success.
    """

    def __init__(self, state: Any, samples: int = WHAT_IF_SAMPLES, policy: str | None = None,
                 seed: int = 0, lang: str = DEFAULT_LANGUAGE, seconds: int = 10,
                 plotly: bool = True) -> None:
        super().__init__()
        #: Whether the page draws plotly's charts; the play page loads no plotly front end
        #: (voila.json's ClassroomVoila.page_extensions), so its chart is SVG.
        self.plotly = plotly
        if plotly:
            warm_charts()
        self.lang = lang
        self.state = state
        if policy is None:  # the game's own rollout bots: games of table length
            policy = getattr(getattr(state, "game", None), "rollout_policy", "random")
        self.samples = widgets.BoundedIntText(
            value=_whole(samples, *SAMPLES_RANGE, "samples", lang), min=SAMPLES_RANGE[0],
            max=SAMPLES_RANGE[1], description=t("explore.ui.samples", lang), style=_WHOLE)
        self.policy = widgets.Dropdown(options=[(bot_words(b, lang), b) for b in POLICIES],
                                       value=_choice(policy, POLICIES, "policy", lang),
                                       description=t("explore.ui.policy", lang), style=_WHOLE)
        self.seed = widgets.BoundedIntText(value=_whole(seed, *SEED_RANGE, "seed", lang),
                                           min=SEED_RANGE[0], max=SEED_RANGE[1],
                                           description=t("explore.ui.seed", lang), style=_WHOLE)
        self.seconds = time_limit(seconds, lang)
        self.seconds.add_class("ic-position-seconds")
        self.run_button = widgets.Button(description=t("explore.ui.run_position", lang),
                                         button_style="primary")
        self.runner = BudgetRunner(seconds, lang, unit="samples")
        self.status = _html("ic-position-status")
        self.conclusion = _html("ic-position-conclusion")
        self.table = _html("ic-position-table")
        self.chart = widgets.Box()
        for w, css in ((self.samples, "ic-position-samples"), (self.policy, "ic-position-policy"),
                       (self.seed, "ic-position-seed"), (self.run_button, "ic-position-run"),
                       (self.chart, "ic-position-chart")):
            w.add_class(css)
        #: The last options compared (:class:`~icecream.explore.position.OptionComparison`).
        self.result = None
        self.figure = None
        self.run_button.on_click(lambda _button: self.run(background=work_in_background()))
        self.add_class("ic-whatif")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.children = [
            widgets.HBox([self.samples, self.policy, self.seed, self.seconds, self.run_button],
                         layout=wrap),
            self.runner, self.status, self.conclusion, self.table, self.chart,
        ]
        self.set_state(state)

    def set_state(self, state: Any) -> None:
        """Show ``state`` (clears the previous results)."""
        self.state = state
        self.result = None
        self.table.value = ""
        self.conclusion.value = ""
        self.chart.children = []
        if self.runner.running:
            self.runner.stop()  # its result is for the old position: it is dropped
        if getattr(state, "current_player", None) is None:
            self.status.value = html.escape(t("explore.ui.no_decision", self.lang))
        else:
            p = state.current_player
            self.status.value = html.escape(t("explore.ui.position_ready", self.lang,
                                              player=seat_name(state.names, p, self.lang),
                                              count=len(state.legal_actions())))

    def run(self, background: bool = False) -> bool:
        """Check the choices, compare the options within the time limit and show them;
        ``background`` runs it in a thread (what a click on the page does). True when
        the run was started (and, in the foreground, finished)."""
        lang = self.lang
        state = self.state
        try:
            if getattr(state, "current_player", None) is None:
                raise _refuse("no_decision", lang)
            n = _whole(self.samples.value, *SAMPLES_RANGE, "samples", lang)
            policy = _choice(self.policy.value, POLICIES, "policy", lang)
            seed = _whole(self.seed.value, *SEED_RANGE, "seed", lang)
            seconds = _whole(self.seconds.value, 1, 300, "time_limit", lang)
        except WhatIfRefused as e:
            self.status.value = f"<b>{e}</b>"
            return False
        if self.runner.running:
            return False
        self.run_button.disabled = True
        self.status.value = html.escape(t("explore.ui.running", lang))
        start = time.perf_counter()
        ok = []

        def steps(budget: Any) -> Any:
            # One sample of every option even when the time limit comes first (only Stop
            # cuts it): a table of nothing helps nobody.
            return compare_options_steps(state, n=n, policy=policy, seed=seed, lang=lang,
                                         budget=budget, min_samples=1)

        def done(result: Any, error: BaseException | None) -> None:
            self.run_button.disabled = False
            if state is not self.state:
                return  # another position is shown now
            if isinstance(error, NoSamples):
                self.status.value = "<b>" + html.escape(t("widgets.whatif.no_samples", lang))\
                    + "</b>"
                return
            if error is not None:
                self.status.value = f"<b>{html.escape(str(error))}</b>"
                return
            self.result = result
            self.table.value = _table_html(self._display(result), numbers_last=True)
            self.conclusion.value = _conclusions_html([position_conclusion(result, state, lang)])
            secs = round(time.perf_counter() - start, 1)
            player = seat_name(state.names, state.current_player, lang)
            if result.partial:
                text = t(f"widgets.whatif.partial_position.{result.reason}", lang,
                         player=player, samples=result.samples, requested=result.requested,
                         secs=secs)
            else:
                text = t("explore.ui.done_position", lang, player=player,
                         samples=result.samples, secs=secs)
            # Said with the numbers, before the chart is drawn (see RulesetComparison).
            self.status.value = html.escape(text)
            self.figure, self.chart.children = _draw(
                lambda: self._figure(result), lambda: self._panels(result),
                t("explore.chart.position_title", lang, player=player), lang, self.plotly)
            ok.append(True)

        self.runner.start(None, done, seconds=seconds, background=background, steps=steps)
        return background or bool(ok)

    def _display(self, result: OptionComparison) -> list[dict[str, str]]:
        """The options as rows of text, keyed by the column headers: the best option's
        score against the best reads "best", the others their paired difference as the
        conclusion says it (:func:`~icecream.teach.conclusions.option_difference`)."""
        lang = self.lang
        rows = []
        best = ranked_options(result.rows(), result)[0]
        for k, o in enumerate(result.options):
            sc, win = o.score, o.win
            rows.append({
                t("explore.col.option", lang): o.label,
                t("explore.col.rule", lang): o.rule,
                t("explore.col.mean_score", lang): show_interval(sc.value, sc.low, sc.high,
                                                                 False, lang),
                t("explore.col.vs_best", lang): option_difference(o.row(), lang,
                                                                  best=k == best).text,
                t("explore.col.win_rate", lang): show_interval(win.value, win.low, win.high,
                                                               True, lang),
            })
        return rows

    def _panels(self, result: OptionComparison) -> list[Panel]:
        """The chart as panels: each option's mean final score and win rate."""
        lang = self.lang
        names = tuple(_short_action(o.label).replace("<br>", " ") for o in result.options)
        panels = []
        for title, attr, colour, percent in (
                (t("explore.col.mean_score", lang), "score", "#4c78a8", False),
                (t("explore.col.win_rate", lang), "win", "#54a24b", True)):
            ests = [getattr(o, attr) for o in result.options]
            panels.append(Panel(title, names, (Series(title, colour,
                                                      tuple(e.value for e in ests),
                                                      tuple(e.low for e in ests),
                                                      tuple(e.high for e in ests)),),
                                percent))
        return panels

    def _figure(self, result: OptionComparison):
        import plotly.graph_objects as go
        from plotly.subplots import make_subplots

        lang = self.lang
        labels = [o.label for o in result.options]
        names = [_short_action(label) for label in labels]
        fig = make_subplots(rows=1, cols=2, subplot_titles=(
            t("explore.col.mean_score", lang), t("explore.col.win_rate", lang)))
        for col, (attr, colour) in enumerate((("score", "#4c78a8"), ("win", "#54a24b")),
                                             start=1):
            ests = [getattr(o, attr) for o in result.options]
            fig.add_trace(go.Bar(
                x=names, y=[e.value for e in ests], marker_color=colour, showlegend=False,
                hovertext=labels,
                error_y={"type": "data", "symmetric": False,
                         "array": [e.high - e.value for e in ests],
                         "arrayminus": [e.value - e.low for e in ests]}), row=1, col=col)
        fig.update_yaxes(tickformat=".0%", row=1, col=2)  # rates as percentages everywhere
        fig.update_layout(height=380, margin={"t": 50, "b": 40},
                          title=t("explore.chart.position_title", lang,
                                  player=seat_name(self.state.names, result.seat, lang)))
        return fig


def _short_action(label: str, width: int = 22) -> str:
    """An option's words made short for a chart axis: the part before its explanation
    (a colon) and without its rule citation, wrapped onto lines of about ``width``."""
    text = _RULE_CITE.sub("", label.split(":")[0]).strip().rstrip(".")
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


_RULE_CITE = re.compile(r"\s*\([A-Z]{1,4}-\d+\)")


__all__ = ["PositionWhatIf", "RulesetComparison", "WhatIfBoard", "WhatIfRefused"]


class WhatIfBoard(widgets.VBox):
    """The what-if dashboard: a game picker, then two tabs for that game: its rulesets
    compared (:class:`RulesetComparison`) and a position's options (:class:`PositionWhatIf`)
    from the start of one of its rulebook examples, drawn as the player to act sees it.

    Picking another game rebuilds both tabs for it; a game without presets or examples
    says so in place of the tab.
    """

    def __init__(self, game: str | None = None, games: int = 200,
                 samples: int = WHAT_IF_SAMPLES,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang
        self.games = games
        self.samples = samples
        self.game_box = widgets.Dropdown(options=hooks.game_choices(),
                                         value=game or default_game(),
                                         description=t("widgets.form.game", lang),
                                         style={"description_width": "initial"})
        self.game_box.add_class("ic-game-select")
        self.game_box.observe(self._game_changed, names="value")
        self.tabs = widgets.Tab()
        self.add_class("ic-whatif-board")
        self.children = [_html("ic-whatif-style", _TABS_CSS), self.game_box,
                         _html("ic-plugin-note", hooks.plugin_notice(lang)), self.tabs]
        self.show_game(self.game_box.value)

    def show_game(self, game: Any) -> bool:
        """Rebuild both tabs for ``game``; False (nothing changed) for an unknown game."""
        if not isinstance(game, str) or game not in [g for _t, g in hooks.game_choices()]:
            return False
        lang = self.lang
        spec = get_game(game)
        self.game = game
        players = min(max(4, spec.min_players), spec.max_players)
        if presets_labelled(game, lang):
            self.comparison = RulesetComparison(games=self.games, players=players, lang=lang,
                                                game=game)
            compare_tab: widgets.Widget = self.comparison
        else:
            self.comparison = None
            compare_tab = _html("ic-whatif-none", html.escape(
                t("widgets.whatif.no_presets", lang, game=spec.title)))
        self.positions = {eid: ex.start() for eid, ex in spec.examples().items()}
        self.picture = _html("ic-position-picture")
        self.picture.layout = widgets.Layout(max_width="800px")
        if self.positions:
            first = next(iter(self.positions))
            self.position = PositionWhatIf(self.positions[first], samples=self.samples,
                                           lang=lang)
            self.position_select = widgets.Dropdown(
                options=[(ex.title(lang), eid) for eid, ex in spec.examples().items()],
                value=first, description=t("widgets.whatif.position_from", lang),
                style={"description_width": "initial"}, layout=widgets.Layout(width="640px"))
            self.position_select.add_class("ic-position-select")
            self.position_select.observe(lambda c: self.show_position(c["new"]), names="value")
            self.show_position(first)
            position_tab: widgets.Widget = widgets.VBox(
                [self.position_select, self.picture, self.position])
        else:
            self.position = None
            position_tab = _html("ic-whatif-none", html.escape(
                t("widgets.whatif.no_examples", lang, game=spec.title)))
        self.tabs.children = [compare_tab, position_tab]
        self.tabs.titles = (t("widgets.whatif.compare", lang),
                            t("widgets.whatif.position", lang))
        return True

    def show_position(self, example_id: Any) -> bool:
        """Explore the start of example ``example_id`` (only known ids count)."""
        if not isinstance(example_id, str) or example_id not in self.positions:
            return False
        state = self.positions[example_id]
        self.position.set_state(state)
        # Shown, not played: the options stay marked but a click does nothing here.
        # The table is drawn for a wide window: scale it to the tab's box so nothing is cut.
        self.picture.value = ('<style>.ic-position-picture svg{max-width:100%;height:auto}'
                              '</style><div style="pointer-events:none;max-width:100%">'
                              + hooks.render(state, state.current_player, self.lang) + "</div>")
        return True

    def _game_changed(self, change: dict) -> None:
        if not self.show_game(change["new"]):
            self.game_box.value = self.game
