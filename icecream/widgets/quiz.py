"""QuizWidget: a rules quiz about real positions, generated and graded by the engine.

Each question shows a position (drawn as the asked player sees it, without the option
marks that would give the answer away), a prompt and its choices. *Check* grades the
picks with :func:`icecream.teach.quiz.grade`: every wrong or missed pick is explained in
words with its rule, and the full text of each rule broken is shown below. *Next
question* moves on; *New quiz* draws another set from another seed. The widget holds no
rules: questions, answers and reasons all come from the engine and the catalog.

Stable CSS classes, for browser tests: ``ic-quiz`` (the widget), ``ic-quiz-progress``,
``ic-quiz-kind``, ``ic-quiz-prompt``, ``ic-quiz-picture``, ``ic-quiz-choices`` (the box),
``ic-quiz-choice`` (each checkbox of a pick-all question; also ``ic-quiz-choice-<k>``),
``ic-quiz-radio`` (the radio buttons of a one-answer question), ``ic-quiz-check``,
``ic-quiz-next``, ``ic-quiz-new``, ``ic-quiz-game`` (the game picker), ``ic-quiz-feedback``,
``ic-quiz-rules``, ``ic-quiz-message``, ``ic-quiz-end`` (the closing message with the score,
after the last question is checked) and ``ic-quiz-result`` (message, closing, feedback
and rules: brought into the window after *Check*).

>>> quiz = QuizWidget(count=2, seed=1)
>>> grade = quiz.answer(quiz.question.answer)
>>> grade.correct, quiz.right
(True, 1)
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE, seat_name, t
from ..core.protocol import default_game, list_games
from ..teach.quiz import (
    Grade,
    Question,
    QuizError,
    grade,
    make_quiz,
    question_kinds,
    rule_cite,
)
from .controls import game_options, plugin_note
from .scroll import ScrollIntoView

#: Seeds a browser may ask for with *New quiz*.
SEED_RANGE = (0, 2**31 - 1)


def picture(question: Question, lang: str = DEFAULT_LANGUAGE) -> str:
    """The question's position as SVG, as ``question.seat`` sees it, with no option marked
    (the marks would give the answer away). Empty for a game without a renderer, or whose
    renderer cannot leave the marks out (no ``highlight`` parameter), and for a kind marked
    :func:`~icecream.core.questions.without_picture` (a new game's setup)."""
    draw = question.state.game.render_svg
    if draw is None or "highlight" not in inspect.signature(draw).parameters:
        return ""  # a picture with the options marked would answer the question
    maker = question_kinds(question.state.game.name).get(question.kind)
    if getattr(maker, "without_picture", False):
        return ""  # about a new game's setup: the table shown could give the answer
    return draw(question.state, question.seat, lang, highlight=False)


#: A choice's words wrap onto more lines instead of ending in "…" (issue 21: three
#: choices read "De kaart uit de uitstalling nemen …" alike at 1024x640).
CHOICES_CSS = """<style>
.ic-quiz .ic-quiz-choices .widget-checkbox, .ic-quiz .ic-quiz-choices label,
.ic-quiz .ic-quiz-choices .widget-radio-box label { height: auto !important;
  white-space: normal !important; overflow: visible !important; line-height: 1.3; }
.ic-quiz .ic-quiz-choices span { white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; }
</style>"""


class QuizWidget(widgets.VBox):
    """A quiz of ``count`` questions about seeded bot games of ``game`` (default: the
    default game, :func:`~icecream.core.protocol.default_game`).

    ``kinds`` limits the question kinds (:func:`icecream.teach.quiz.question_kinds`);
    ``questions`` gives the questions directly (a lesson's own). Bad settings raise
    :class:`~icecream.teach.quiz.QuizError` naming the problem.
    """

    def __init__(self, game: str | None = None, count: int = 5, seed: int = 0,
                 kinds: Sequence[str] | None = None,
                 players: int | Sequence[str] | None = None,
                 questions: Sequence[Question] | None = None,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self._updating = False
        game = default_game() if game is None else game
        self.lang = lang
        self.game = game
        self.count = count
        self.kinds = kinds
        self.players = players
        self.seed = seed
        self.questions = list(questions) if questions is not None else make_quiz(
            game, count=count, seed=seed, kinds=kinds, players=players, lang=lang)
        if not self.questions:
            raise QuizError(t("teach.error.count", lang, count=0))
        self.add_class("ic-quiz")
        self.progress = _html("ic-quiz-progress")
        self.kind = _html("ic-quiz-kind")
        self.prompt = _html("ic-quiz-prompt")
        self.picture = _html("ic-quiz-picture")
        # Wide enough at 1024x640 that a table's smallest text reads >= 11 px (issue 21:
        # Combo Cone's legend was 6-7 px here).
        self.picture.layout = widgets.Layout(flex="1 1 700px", max_width="720px")
        self.choices_box = widgets.VBox()
        self.choices_box.add_class("ic-quiz-choices")
        self.check_button = _button("teach.ui.check", "ic-quiz-check", self._check_clicked,
                                    lang, "primary")
        self.next_button = _button("teach.ui.next", "ic-quiz-next", self._next_clicked, lang)
        self.new_button = _button("teach.ui.new_quiz", "ic-quiz-new", self._new_clicked, lang)
        self.game_select = widgets.Dropdown(
            options=game_options(lang), value=game,
            description=t("teach.ui.game", lang), layout=widgets.Layout(width="auto"))
        self.game_select.add_class("ic-quiz-game")
        self.game_select.observe(self._game_chosen, names="value")
        self.message = _html("ic-quiz-message")
        self.feedback = _html("ic-quiz-feedback")
        self.rules = _html("ic-quiz-rules")
        self.end = _html("ic-quiz-end")
        # What *Check* says, brought into the window: under a long list of choices it
        # starts below 640 px, and nothing visible changed (issue 33).
        self.result = widgets.VBox([self.message, self.end, self.feedback, self.rules])
        self.result.add_class("ic-quiz-result")
        self.scroll = ScrollIntoView(".ic-quiz-result", scope="ic-quiz")
        # The picture beside the choices, so a question fits a laptop screen; they stack
        # on a narrow one.
        answers = widgets.VBox([
            self.choices_box,
            widgets.HBox([self.check_button, self.next_button, self.new_button,
                          self.game_select], layout=widgets.Layout(flex_flow="row wrap")),
            self.result, self.scroll, plugin_note(lang),
        ], layout=widgets.Layout(flex="1 1 240px", min_width="240px", padding="0 0 0 12px"))
        self.children = [
            self.progress, self.kind, self.prompt,
            widgets.HBox([self.picture, answers],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
        ]
        self._start()

    # -- what tests and notebooks read ---------------------------------------------------------
    @property
    def question(self) -> Question:
        """The question shown now."""
        return self.questions[self.index]

    @property
    def picks(self) -> tuple[int, ...]:
        """The choices ticked now (the one chosen, for a one-answer question)."""
        if self.radio is not None:
            value = self.radio.value
            return () if value is None else (value,)
        return tuple(k for k, box in enumerate(self.boxes) if box.value is True)

    # -- commands (also what the buttons do) ---------------------------------------------------
    def answer(self, picks: Any) -> Grade | None:
        """Grade ``picks`` (choice indexes) for the question shown; ``None`` if refused
        (the reason is shown, nothing is marked)."""
        if self.graded is not None:
            self._say(t("teach.ui.already_checked", self.lang), error=True)
            return None
        try:
            result = grade(self.question, picks)
        except QuizError as e:
            self._say(str(e), error=True)
            return None
        self.graded = result
        self.right += result.correct
        self.answered += 1
        self._say("")
        self._show_grade(result)
        if self.index + 1 >= len(self.questions):  # the last one: the quiz's closing words
            self.end.value = (
                '<div role="status" style="border:3px solid #B8860B;border-radius:8px;'
                'background:#FFFBEA;padding:4px 12px;margin:6px 0">'
                f'<h3 style="margin:4px 0">{escape(t("teach.ui.finished_title", self.lang))}'
                f'</h3><p style="margin:4px 0">{escape(self._finished())}</p></div>')
        self.scroll.show()
        return result

    def next_question(self) -> bool:
        """Show the next question; False (with a message) after the last one."""
        if self.index + 1 >= len(self.questions):
            self._say(self._finished())
            return False
        self.index += 1
        self._show_question()
        return True

    def new_quiz(self, seed: Any = None, game: Any = None) -> bool:
        """Start a new quiz from ``seed`` (default: the next seed), of ``game`` (default:
        the same game; its own question kinds are dropped for another game); False, with
        the reason shown, if refused."""
        seed = self.seed + 1 if seed is None else seed
        game = self.game if game is None else game
        if game not in list_games():
            self._say(t("teach.ui.bad_game", self.lang, game=repr(game)[:40],
                        known=", ".join(list_games())), error=True)
            return False
        lo, hi = SEED_RANGE
        if isinstance(seed, bool) or not isinstance(seed, int) or not lo <= seed <= hi:
            self._say(t("teach.error.seed", self.lang, seed=repr(seed)[:40]), error=True)
            return False
        kinds = self.kinds if game == self.game else None
        questions = make_quiz(game, count=self.count, seed=seed, kinds=kinds,
                              players=self.players, lang=self.lang)
        self.seed = seed
        self.kinds = kinds
        if game != self.game:
            self.game = game
            self._updating = True
            self.game_select.value = game
            self._updating = False
        self.questions = questions
        self._start()
        return True

    # -- drawing -------------------------------------------------------------------------------
    def _finished(self) -> str:
        """The closing words: the score out of every question."""
        return t("teach.ui.finished", self.lang, right=self.right, count=len(self.questions))

    def _start(self) -> None:
        self.index = 0
        self.right = 0
        self.answered = 0
        self._show_question()
        self._say("")

    def _show_question(self) -> None:
        q = self.question
        lang = self.lang
        self.graded: Grade | None = None
        self.kind.value = (f"<h3 style='margin:4px 0'>"
                           f"{escape(t(f'teach.quiz.kind.{q.kind}', lang))}</h3>")
        view = (t("teach.ui.teacher_view", lang) if q.seat is None
                else t("teach.ui.seat_view", lang, player=seat_name(q.state.names, q.seat, lang)))
        self.prompt.value = (CHOICES_CSS + f"<p><b>{escape(q.prompt)}</b></p>"
                             f"<p><i>{escape(q.instruction)}</i></p>")
        svg = picture(q, lang)
        # No picture, no room kept for it (the choices take the line).
        self.picture.layout.display = "" if svg else "none"
        self.picture.value = (f"<style>.ic-quiz-picture svg {{max-width:100%;height:auto}}"
                              f"</style><div>{svg}</div>"
                              f"<p style='color:#555'>{escape(view)}</p>" if svg else "")
        self.boxes: list[widgets.Checkbox] = []
        self.radio: widgets.RadioButtons | None = None
        if q.multiple:
            for k, c in enumerate(q.choices):
                box = widgets.Checkbox(value=False, description=c.label, indent=False,
                                       layout=widgets.Layout(width="auto"))
                box.add_class("ic-quiz-choice")
                box.add_class(f"ic-quiz-choice-{k}")
                box.observe(lambda change, k=k: self._ticked(k, change), names="value")
                self.boxes.append(box)
            self.choices_box.children = self.boxes
        else:
            # One answer: radio buttons, which say so by their look (issue 21: checkboxes
            # suggested several could be ticked).
            self.radio = widgets.RadioButtons(
                options=[(c.label, k) for k, c in enumerate(q.choices)], value=None,
                layout=widgets.Layout(width="auto"))
            self.radio.add_class("ic-quiz-radio")
            self.choices_box.children = [self.radio]
        self.feedback.value = ""
        self.rules.value = ""
        self.end.value = ""
        self.check_button.disabled = False
        self.next_button.disabled = self.index + 1 >= len(self.questions)
        self._progress()

    def _progress(self) -> None:
        self.progress.value = escape(t("teach.ui.progress", self.lang, number=self.index + 1,
                                       count=len(self.questions), right=self.right,
                                       answered=self.answered))

    def _show_grade(self, result: Grade) -> None:
        q = self.question
        lines = result.lines()
        colour = "#006400" if result.correct else "#A30000"
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[1:])
        self.feedback.value = (f'<div role="status"><p style="color:{colour};font-weight:bold">'
                               f"{escape(lines[0])}</p><ul>{items}</ul></div>")
        rules = q.state.game.rules
        shown = [r for r in (result.rules or q.rules) if r in rules]
        self.rules.value = "".join(
            f'<div style="border-left:4px solid #0072B2;padding-left:8px">'
            f"<p><b>{escape(rule_cite(q.state, r, self.lang))}</b><br>"
            f"{escape(rules[r].text(self.lang))}</p></div>" for r in shown)
        for box in self.boxes:
            box.disabled = True
        if self.radio is not None:
            self.radio.disabled = True
        self.check_button.disabled = True
        self._progress()

    def _say(self, text: str, error: bool = False) -> None:
        style = "color:#A30000;font-weight:bold" if error else "color:#0B4F8A"
        self.message.value = f'<p style="{style}">{escape(text)}</p>' if text else ""

    # -- handlers for values a browser sets ----------------------------------------------------
    def _ticked(self, k: int, change: dict) -> None:
        if not isinstance(change["new"], bool):  # any client can set any trait: refuse
            self._say(t("teach.ui.bad_tick", self.lang, value=repr(change["new"])[:40]),
                      error=True)
            self.boxes[k].value = False
            return
    def _check_clicked(self) -> None:
        self.answer(self.picks)

    def _next_clicked(self) -> None:
        self.next_question()

    def _new_clicked(self) -> None:
        self.new_quiz()

    def _game_chosen(self, change: dict) -> None:
        if self._updating:
            return
        if not self.new_quiz(seed=self.seed, game=change["new"]):
            self._updating = True  # a refused value: show the game still being asked
            self.game_select.value = self.game
            self._updating = False


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML()
    w.add_class(css)
    return w


def _button(key: str, css: str, action: Any, lang: str, style: str = "") -> widgets.Button:
    b = widgets.Button(description=t(key, lang), button_style=style,
                       layout=widgets.Layout(width="auto"))
    b.add_class(css)
    b.on_click(lambda _: action())
    return b


__all__ = ["QuizWidget", "picture"]
