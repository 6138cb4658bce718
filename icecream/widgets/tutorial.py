"""TutorialWidget: learn a game by playing a prepared first game, move by move.

The learner plays one seat of a tutorial (:mod:`icecream.teach.tutorial`: a scenario and
its steps, checked by the engine). Each step says in a sentence or two what to do and why,
the table (the clickable :class:`~icecream.widgets.table.TableWidget`) points at the
option(s) to click, and the widget waits. A legal but different click is taken back with
the engine's words for it and the step's reason; an illegal one gets the rule, as in play.
*Back* and *Next* go over the steps again; the rules of each step are one click away. After
the last step comes a short quiz about the tutorial's own positions
(:class:`~icecream.widgets.quiz.QuizWidget`), and the score. Progress is kept in the
widget (every tutorial's, while the page is open); a language switch keeps it.

Stable CSS classes, for browser tests: ``ic-tutorial`` (the widget), ``ic-tutorial-choose``
(the tutorial picker), ``ic-tutorial-progress``, ``ic-tutorial-text`` (the step's words),
``ic-tutorial-reply`` (what the tutorial says to a click), ``ic-tutorial-rules``,
``ic-tutorial-events``, ``ic-tutorial-back``, ``ic-tutorial-next``, ``ic-tutorial-restart``,
``ic-tutorial-score``, ``ic-tutorial-counted`` (whether a wrong click counted) and
``ic-tutorial-counting`` (what is counted, under the score); on the table, ``ic-target``
marks the option(s) to click.

>>> w = TutorialWidget("ice_cream")
>>> w.next(), w.run.index
(True, 1)
>>> w.click({"type": "keep"}).kind   # allowed, but the lesson swaps: taken back
'also'
>>> w.click({"type": "swap"}).kind, w.run.index
('right', 2)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE, resolve_language, t
from ..core.questions import action_label
from ..core.svg import action_json
from ..teach.tutorial import (
    Reply,
    Tutorial,
    TutorialRun,
    all_tutorials,
    find_tutorial,
    game_tutorial,
)
from . import hooks, panels
from .controls import language_ruleset, plugin_note
from .learn import learn_link_html
from .quiz import QuizWidget
from .table import CSS as TABLE_CSS
from .table import TableWidget

#: How the option(s) to click stand out: a warm glow that pulses (and a thicker outline
#: for those who cannot see the colour change).
TARGET_CSS = """
.ic-table-box .ic-target { filter: drop-shadow(0 0 3px #D55E00) drop-shadow(0 0 7px #E69F00);
  animation: ic-target-pulse 1.1s ease-in-out infinite alternate; }
.ic-table-box .ic-target .ic-frame, .ic-table-box .ic-target > rect {
  stroke: #D55E00 !important; stroke-width: 4px !important; }
@keyframes ic-target-pulse { from { opacity: 1; } to { opacity: .72; } }
@media (prefers-reduced-motion: reduce) { .ic-table-box .ic-target { animation: none; } }
"""
#: The same for a move the table does not draw (shown as a button beside the text).
MOVE_CSS = """<style>
.ic-tutorial-move.ic-target { box-shadow: 0 0 0 3px #D55E00, 0 0 10px #E69F00; }
.ic-tutorial .ic-quiz-choices .widget-checkbox, .ic-tutorial .ic-quiz-choices label,
.ic-tutorial .ic-quiz-choices .widget-radio-box label { height: auto !important;
  white-space: normal !important; overflow: visible !important; line-height: 1.3; }
.ic-tutorial .ic-quiz-choices span { white-space: normal !important; overflow: visible !important;
  text-overflow: clip !important; }
</style>"""


class TutorialTable(TableWidget):
    """The clickable table, with the tutorial's marks for the option(s) to click."""

    _css = TABLE_CSS + TARGET_CSS


def mark_targets(svg: str, actions: Any, state: Any) -> str:
    """``svg`` with class ``ic-target`` added to each option element whose action is one of
    ``actions`` (plain forms): the option(s) the learner should click."""
    for action in actions:
        data = re.escape(action_json(state.game.parse_action(action)))
        svg = re.sub(r'class="([^"]*)"(\s+data-action=\'' + data + r'\')',
                     lambda m: f'class="{m.group(1)} ic-target"{m.group(2)}', svg)
    return svg


class TutorialQuiz(QuizWidget):
    """The quiz at a tutorial's end: its questions, graded as every quiz is; each grade is
    also reported to ``on_grade(index, grade)`` (the tutorial keeps the score)."""

    def __init__(self, run: TutorialRun, on_grade: Any, lang: str) -> None:
        super().__init__(game=run.tutorial.game, questions=run.questions, lang=lang)
        self._on_grade = on_grade
        # A tutorial's quiz is its own positions: no new quiz, no other game.
        self.new_button.layout.display = "none"
        self.game_select.layout.display = "none"

    def answer(self, picks: Any) -> Any:
        result = super().answer(picks)
        if result is not None:
            self._on_grade(self.index, result)
        return result


class TutorialWidget(widgets.VBox):
    """The tutorial ``tutorial`` (an id such as ``"ice_cream"``, default the first), with
    a picker of every game's tutorials. ``runs`` carries progress over (a language switch
    passes the old widget's)."""

    def __init__(self, tutorial: str | None = None, lang: str = DEFAULT_LANGUAGE,
                 runs: dict[str, TutorialRun] | None = None) -> None:
        super().__init__()
        self.lang = resolve_language(lang)
        self.tutorials: list[Tutorial] = list(all_tutorials())
        if not self.tutorials:
            raise ValueError(t("tutorial.ui.none", self.lang))
        tut = find_tutorial(tutorial) if tutorial is not None else self.tutorials[0]
        self.runs: dict[str, TutorialRun] = runs if runs is not None else {}
        self.reply: Reply | None = None
        self.add_class("ic-tutorial")
        lang = self.lang
        self.chooser = widgets.Dropdown(
            options=[(self._choice_label(x), x.id) for x in self.tutorials], value=tut.id,
            description=t("tutorial.ui.choose", lang), tooltip=t("tutorial.ui.choose_tip", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.chooser.add_class("ic-tutorial-choose")
        self.chooser.observe(self._chosen, names="value")
        self.progress = _html("ic-tutorial-progress")
        self.text = _html("ic-tutorial-text")
        self.reply_box = _html("ic-tutorial-reply")
        self.rules = _html("ic-tutorial-rules")
        self.events = _html("ic-tutorial-events")
        # Moves the table does not draw (a game may leave some out): buttons, marked alike.
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.moves.add_class("ic-tutorial-moves")
        style = widgets.HTML(MOVE_CSS)
        style.layout.display = "none"
        self.back_button = _button("back", "ic-tutorial-back", self.back, lang)
        self.next_button = _button("next", "ic-tutorial-next", self.next, lang, "primary")
        self.restart_button = _button("restart", "ic-tutorial-restart", self.restart, lang)
        self.table = TutorialTable(self._clicked, self._refused, lang)
        self.score = _html("ic-tutorial-score")
        self.quiz_box = widgets.VBox()
        self.quiz: TutorialQuiz | None = None
        buttons = widgets.HBox([self.back_button, self.next_button, self.restart_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        top = widgets.HBox([self.chooser, self.progress],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        # The words beside the table, so step, table and buttons fit a 1024x640 screen.
        side = widgets.VBox([self.text, self.moves, buttons, self.reply_box, self.events,
                             self.rules, style],
                            layout=widgets.Layout(flex="1 1 300px", min_width="280px",
                                                  max_width="420px", padding="0 0 0 10px"))
        self.table.layout = widgets.Layout(flex="2 1 560px", min_width="0")
        self.play_box = widgets.HBox([self.table, side], layout=widgets.Layout(
            flex_flow="row wrap", align_items="flex-start"))
        # An installed game plug-in that failed to load is named under the picker, once.
        self.children = [top, plugin_note(lang), self.play_box, self.quiz_box]
        self.show(tut.id)

    # -- what tests and notebooks read -------------------------------------------------------
    @property
    def run(self) -> TutorialRun:
        """The learner's progress in the tutorial shown."""
        return self.runs[self.chooser.value]

    # -- commands (also what the buttons and the table do) -----------------------------------
    def show(self, tid: str) -> None:
        """Show tutorial ``tid`` where the learner left it (from its start the first time)."""
        if tid not in self.runs:
            self.runs[tid] = TutorialRun(find_tutorial(tid), self.lang)
        elif self.runs[tid].lang != self.lang:
            self.runs[tid].set_language(self.lang)
        if self.chooser.value != tid:
            self.chooser.value = tid
        self.reply = None
        self.quiz = None
        self._draw()

    def click(self, action: Mapping[str, Any]) -> Reply:
        """The learner clicked ``action`` on the table: judged by the engine."""
        self.reply = self.run.click(action)
        self._draw()
        return self.reply

    def back(self) -> bool:
        """One step back."""
        moved = self.run.back()
        self.reply = None
        self._draw()
        return moved

    def next(self) -> bool:
        """One step on (past a text to read, or over a step already played)."""
        moved = self.run.next()
        if moved:
            self.reply = None
        self._draw()
        return moved

    def restart(self) -> None:
        """Back to the first step; what was played is kept (Next goes over it)."""
        self.run.index = 0
        self.reply = None
        self._draw()

    def in_language(self, lang: str) -> TutorialWidget:
        """The same tutorials, at the same steps, in ``lang`` (for the language switch)."""
        return TutorialWidget(self.chooser.value, lang=lang, runs=self.runs)

    # -- drawing ---------------------------------------------------------------------------
    def _choice_label(self, tut: Tutorial) -> str:
        return f"{tut.title(self.lang)} ({t('tutorial.ui.moves', self.lang, count=tut.moves)})"

    def _draw(self) -> None:
        run, lang = self.run, self.lang
        tut = run.tutorial
        steps = len(tut.steps)
        self.back_button.disabled = run.index == 0
        if run.at_quiz:
            self.progress.value = _p(t("tutorial.ui.quiz_step", lang), bold=True)
            self.play_box.layout.display = "none"
            self._draw_quiz()
            return
        self.play_box.layout.display = ""
        self.quiz_box.children = []
        step = run.step
        assert step is not None
        self.progress.value = _p(t("tutorial.ui.step_of", lang, step=run.index + 1, steps=steps))
        state = run.state
        if run.index == 0:
            intro = f"<p style='margin:0 0 6px 0'><i>{escape(tut.intro(lang))}</i></p>"
        else:
            intro = ""
        if step.reading:
            status = t("tutorial.ui.read", lang)
        elif run.done:
            status = t("tutorial.ui.played", lang)
        else:
            status = t("tutorial.ui.your_move", lang)
        self.text.value = (f'<div role="status" aria-live="polite" style="background:#FFF3C4;'
                           f'border-left:6px solid #B8860B;padding:6px 10px;line-height:1.4">'
                           f'{intro}<p style="margin:0;font-size:15px">'
                           f'{_cite(run.text(), state, lang)}</p>'
                           f'<p style="margin:6px 0 0 0;color:#555"><small>{escape(status)}'
                           f'</small></p></div>')
        self.next_button.disabled = not (run.done or step.reading)
        self.next_button.button_style = "primary" if not self.next_button.disabled else ""
        draw = state.game.render_svg
        svg = draw(state, tut.learner, lang) if draw is not None else ""
        off_table = []
        if not step.reading:
            svg = mark_targets(svg, step.highlight, state)
            off_table = [a for a in step.highlight
                         if action_json(state.game.parse_action(a)) not in svg]
        self.table.show(svg)
        self.moves.children = [self._move_button(state, a) for a in off_table]
        rules = hooks.rules(state)
        shown = [r for r in step.rules if r in rules]
        # Its own line height: the widget's 28 px left a gap where the Dutch line wraps.
        self.rules.value = (f"<div style='margin-top:6px'>"
                            f"<div style='font-size:85%;line-height:1.3'>"
                            f"{escape(t('tutorial.ui.rules', lang))}</div>"
                            f"{panels.rules_html(shown, rules, lang)}</div>" if shown else "")
        self._draw_reply()

    def _move_button(self, state: Any, action: Mapping[str, Any]) -> widgets.Button:
        b = widgets.Button(description=action_label(state, action, self.lang),
                           layout=widgets.Layout(width="auto", margin="6px 4px 2px 0"))
        b.add_class("ic-tutorial-move")
        b.add_class("ic-target")
        b.on_click(lambda _b: self.click(action))
        return b

    def _draw_reply(self) -> None:
        reply, lang = self.reply, self.lang
        if reply is None:
            self.reply_box.value = ""
            self.events.value = ""
            return
        colour = {"right": "#006400", "also": "#8A4B00"}.get(reply.kind, "#A30000")
        mark = {"right": "\u2714", "also": "\u21ba"}.get(reply.kind, "\u26a0")
        # Say whether the click counted, so exploring is seen to be free (issue 31).
        if reply.kind in ("also", "illegal"):
            key = "tutorial.ui.counted" if reply.counted else "tutorial.ui.not_counted"
            counted = (f'<div class="ic-tutorial-counted" style="color:#555;font-size:90%">'
                       f'{escape(t(key, lang))}</div>')
        else:
            counted = ""
        self.reply_box.value = (f'<div role="alert" style="color:{colour};padding:4px 0;'
                                f'line-height:1.35"><b>{mark}</b> '
                                f'{_cite(reply.text, self.run.state, lang)}{counted}</div>')
        if reply.events:
            items = "".join(f"<li>{escape(e)}</li>" for e in reply.events)
            self.events.value = (f"<div style='font-size:13px;color:#0B4F8A'>"
                                 f"<b>{escape(t('tutorial.ui.happened', lang))}</b>"
                                 f"<ul style='margin:2px 0;padding-left:1.2em;max-height:180px;"
                                 f"overflow-y:auto;line-height:1.3'>{items}</ul></div>")
        else:
            self.events.value = ""

    def _draw_quiz(self) -> None:
        run, lang = self.run, self.lang
        if self.quiz is None and run.questions:
            self.quiz = TutorialQuiz(run, self._graded, lang)
        intro = _html("ic-tutorial-done")
        intro.value = (f"<p style='margin:2px 8px'><b>"
                       f"{escape(t(f'tutorial.{run.tutorial.id}.done', lang))}</b> "
                       f"{escape(t('tutorial.ui.quiz_head', lang, count=len(run.questions)))}"
                       f"</p>")
        intro.layout = widgets.Layout(flex="1 1 auto")
        for b in (self.back_button, self.restart_button):
            b.layout = widgets.Layout(width="auto", flex="0 0 auto")
        head = widgets.HBox([intro, self.back_button, self.restart_button],
                            layout=widgets.Layout(align_items="center"))
        # The score above the quiz, where a small screen shows it.
        self.quiz_box.children = [head, self.score] + ([self.quiz] if self.quiz else [])
        self._draw_score()

    def _graded(self, index: int, grade: Any) -> None:
        self.run.answers.setdefault(index, grade)
        self._draw_score()

    def _draw_score(self) -> None:
        run, lang = self.run, self.lang
        # A score of "0 of 3" before the first answer reads as a failed quiz.
        key = "tutorial.ui.score" if run.finished else "tutorial.ui.score_pending"
        text = t(key, lang, right=run.score, count=len(run.questions),
                 mistakes=run.mistakes)
        self.score.value = (f'<div style="border:3px solid #B8860B;border-radius:8px;'
                            f'padding:2px 10px;background:#FFFBEA;margin:2px 0">'
                            f'<b>{escape(text)}</b><br><small class="ic-tutorial-counting">'
                            f'{escape(t("tutorial.ui.counting", lang))}</small></div>')

    # -- handlers for what a browser sends ---------------------------------------------------
    def _clicked(self, action: Mapping[str, Any]) -> None:
        self.click(action)

    def _refused(self, text: str) -> None:
        self.reply = Reply("illegal", text)
        self._draw_reply()

    def _chosen(self, change: dict) -> None:
        if change["new"] in {x.id for x in self.tutorials}:
            self.show(change["new"])


def tutorial_page(query: str | None = None, header: str = "tutorial.ui") -> widgets.Widget:
    """The tutorial dashboard: a language switch over a :class:`TutorialWidget`.

    ``query`` is the page's query string (by default the page's own, read with Voila's
    request utilities even in a preheated kernel: :func:`.learn.page_query`):
    ``game=<name>`` opens that game's tutorial (the one in the reader's ruleset if it has
    several), ``tutorial=<id>`` one tutorial, ``lang=<code>`` the language. Unknown values
    are ignored: the page opens with its first tutorial, in English.
    """
    from ..core.errors import IcecreamError
    from ..core.messages import UnknownLanguage
    from ..core.protocol import get_game
    from .language import LanguageSwitch
    from .learn import page_query

    raw = page_query() if query is None else query
    params = {k: v[0] for k, v in parse_qs(raw[:400]).items() if v}
    try:
        lang = resolve_language(params.get("lang", DEFAULT_LANGUAGE))
    except UnknownLanguage:
        lang = DEFAULT_LANGUAGE
    tid = None
    try:
        spec = get_game(params["game"]) if "game" in params else None
    except IcecreamError:
        spec = None
    if spec is not None:
        found = game_tutorial(spec.name, language_ruleset(spec, lang))
        tid = found.id if found is not None else None
    if params.get("tutorial") in {x.id for x in all_tutorials()}:
        tid = params["tutorial"]
    return LanguageSwitch(TutorialWidget(tid, lang=lang), header=header, lang=lang,
                          rebuild=lambda w, new: w.in_language(new))


def _cite(text: str, state: Any, lang: str) -> str:
    """``text`` escaped, each rule id with its title on hover."""
    return panels._cite(text, hooks.rules(state), lang)


def _p(text: str, bold: bool = False) -> str:
    inner = f"<b>{escape(text)}</b>" if bold else escape(text)
    return f"<p style='margin:2px 8px'>{inner}</p>"


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML()
    w.add_class(css)
    return w


def _button(key: str, css: str, action: Any, lang: str, style: str = "") -> widgets.Button:
    b = widgets.Button(description=t(f"tutorial.ui.{key}", lang),
                       tooltip=t(f"tutorial.ui.{key}_tip", lang), button_style=style,
                       layout=widgets.Layout(width="auto"))
    b.add_class(css)
    b.on_click(lambda _b: action())
    return b


__all__ = ["TutorialQuiz", "TutorialTable", "TutorialWidget", "learn_link_html",
           "mark_targets", "tutorial_page"]
