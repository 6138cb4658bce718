"""The puzzle page: a shared position asked as "What would you do?" (issue 32).

The play dashboard opens ``?position=<token>&puzzle=1`` as a :class:`PuzzleWidget`: the
table as the puzzle's seat sees it, one button per allowed move, and, once the student
has picked one, what the hint and the position what-if say about every move, with their
intervals, and the rule behind each (:mod:`icecream.teach.puzzle`). The work runs within
a time budget with a Stop button (in slices on the static site). Every text from the
link (the players' names) is escaped or put in a widget's text value.

>>> import icecream
>>> from icecream.core.share import decode_position, encode_position
>>> s = icecream.new_game("ice-cream", players=3, seed=2)
>>> w = PuzzleWidget(decode_position(encode_position(s, 0), seed=1), samples=4)
>>> w.choose(0), w.answer.chosen.label
(True, 'Keep the dealt card')
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.share import SharedPosition
from ..teach.puzzle import (
    PUZZLE_SAMPLES,
    PuzzleAnswer,
    PuzzleError,
    answer_steps,
    make_puzzle,
    score_text,
    win_text,
)
from . import hooks
from .budget import BudgetRunner, work_in_background

#: Seconds the answer may take (the hint and the what-if share them).
PUZZLE_SECONDS = 20.0


class PuzzleWidget(widgets.VBox):
    """"What would you do?" on ``shared``'s position, for its seat (the teacher's view:
    the player to act, every card shown). ``on_play(shared)``, if given, is what *Play
    this position* does (the play page opens it). Raises
    :class:`~icecream.teach.puzzle.PuzzleError` for a position with no decision for its
    seat."""

    def __init__(self, shared: SharedPosition, lang: str = DEFAULT_LANGUAGE,
                 samples: int = PUZZLE_SAMPLES, seconds: float = PUZZLE_SECONDS,
                 on_play: Callable[[SharedPosition], Any] | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.shared = shared
        self.samples = samples
        self.seconds = seconds
        self.on_play = on_play
        self.puzzle = make_puzzle(shared.state, shared.seat, lang)
        #: The answer once computed (``None`` before the student picks a move).
        self.answer: PuzzleAnswer | None = None
        #: The index of the move picked (into ``puzzle.choices``), or ``None``.
        self.picked: int | None = None
        state, seat = shared.state, shared.seat
        player = self.puzzle.player
        ask = (t("widgets.puzzle.ask", lang, player=player) if seat is not None else
               t("widgets.puzzle.ask_teacher", lang, player=player))
        note = (t("widgets.puzzle.resampled", lang, player=player) if shared.resampled else
                t("widgets.puzzle.teacher", lang))
        self.header = widgets.HTML(
            f"<h3 style='margin:0'>{escape(t('widgets.puzzle.title', lang))}</h3>"
            f"<p style='margin:2px 0'><b>{escape(ask)}</b></p>"
            f"<p style='margin:2px 0;color:#444'>{escape(note)}</p>")
        self.header.add_class("ic-puzzle-header")
        self.table = widgets.HTML(hooks.render(state, seat, lang, highlight=False))
        self.table.add_class("ic-puzzle-table")
        self.table.layout = widgets.Layout(flex="2 1 560px", min_width="0")
        self.buttons = []
        for k, option in enumerate(self.puzzle.choices):
            b = widgets.Button(description=option.label, tooltip=option.label,
                               layout=widgets.Layout(width="auto", max_width="100%"))
            b.add_class("ic-puzzle-option")
            b.on_click(lambda _b, k=k: self.choose(k))
            self.buttons.append(b)
        self.runner = BudgetRunner(seconds, lang, unit="games")
        self.status = widgets.HTML()
        self.status.add_class("ic-puzzle-status")
        self.result = widgets.HTML()
        self.result.add_class("ic-puzzle-result")
        self.play_button = widgets.Button(description=t("widgets.puzzle.play_on", lang),
                                          tooltip=t("widgets.puzzle.play_on_tip", lang),
                                          layout=widgets.Layout(width="auto"))
        self.play_button.add_class("ic-puzzle-play")
        self.play_button.on_click(lambda _b: self.play_on())
        self.play_button.layout.display = "" if on_play is not None else "none"
        side = widgets.VBox([*self.buttons, self.runner, self.status, self.play_button],
                            layout=widgets.Layout(flex="1 1 260px", min_width="240px"))
        side.add_class("ic-puzzle-choices")
        self.add_class("ic-puzzle")
        self.children = [self.header,
                         widgets.HBox([self.table, side], layout=widgets.Layout(
                             flex_flow="row wrap", align_items="flex-start")),
                         self.result]

    def choose(self, index: Any) -> bool:
        """Pick move ``index`` (into the allowed moves); then the hint and the what-if are
        computed and shown. False, with a line, when it is not a move or one was picked."""
        if self.picked is not None or self.runner.running:
            return False
        try:
            steps_for = self._steps(index)
        except PuzzleError as e:
            self._line(str(e), error=True)
            return False
        self.picked = index
        for k, b in enumerate(self.buttons):
            b.disabled = True
            b.button_style = "info" if k == index else ""
        self._line(t("widgets.puzzle.chosen", self.lang,
                     option=self.puzzle.choices[index].label))

        def done(answer: PuzzleAnswer | None, error: BaseException | None) -> None:
            if error is not None:
                self._line(" ".join(str(error).split())[:300], error=True)
                return
            self.answer = answer
            self._line("")
            self.result.value = answer_html(answer)

        self.runner.start(None, done, seconds=self.seconds, background=work_in_background(),
                          steps=steps_for)
        return True

    def _steps(self, index: Any) -> Callable[[Any], Any]:
        """The answer's work for move ``index``, checked now (a generator checks its
        arguments only when it starts)."""
        choices = self.puzzle.choices
        if isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < len(choices):
            raise PuzzleError(f"puzzle: choice must be a move 0..{len(choices) - 1}, "
                              f"not {str(index)[:40]}")
        return lambda budget: answer_steps(self.puzzle, index, self.samples, budget=budget)

    def play_on(self) -> bool:
        """Open the position on the play page (``on_play``); False without one."""
        if self.on_play is None:
            return False
        self.on_play(self.shared)
        return True

    def in_language(self, lang: str) -> PuzzleWidget:
        """The same puzzle in ``lang`` (unanswered: its words were made for the old one)."""
        return PuzzleWidget(self.shared, lang, self.samples, self.seconds, self.on_play)

    def _line(self, text: str, error: bool = False) -> None:
        style = "color:#A30000;font-weight:bold" if error else "color:#333"
        self.status.value = f'<p style="{style}">{escape(text)}</p>' if text else ""


def answer_html(answer: PuzzleAnswer) -> str:
    """The answer as an HTML table (every text escaped): the pick, the best move, and for
    each move the hint's games won, the what-if's mean final score and the rule."""
    lang = answer.puzzle.lang
    head = [t(f"widgets.puzzle.head.{k}", lang) for k in ("option", "hint", "score", "rule")]
    rows = []
    for row in answer.rows:
        o = row.option
        mark = "font-weight:bold;background:#E8F1FB" if o.action == answer.chosen.action else ""
        if not o.allowed:
            mark = "color:#777"
        cells = [o.label, win_text(row, lang), score_text(row, lang), f"{o.rule}: {o.reason}"]
        rows.append(f'<tr style="{mark}">'
                    + "".join(f"<td style='padding:2px 6px'>{escape(c)}</td>" for c in cells)
                    + "</tr>")
    verdict = (t("widgets.puzzle.same", lang) if answer.chose_best else
               t("widgets.puzzle.best", lang, option=answer.best))
    player = answer.puzzle.player
    method = t("widgets.puzzle.method", lang, player=player, samples=answer.hint.samples)
    if answer.partial:
        method += " " + t("widgets.puzzle.partial", lang)
    th = "".join(f"<th style='text-align:left;padding:2px 6px'>{escape(h)}</th>" for h in head)
    return (f"<div style='border-left:4px solid #E69F00;padding-left:8px'>"
            f"<p><b>{escape(t('widgets.puzzle.answer_title', lang, option=answer.chosen.label))}"
            f"</b> {escape(verdict)}</p>"
            f"<table class='ic-puzzle-answers' style='border-collapse:collapse;font-size:90%'>"
            f"<tr>{th}</tr>"
            f"{''.join(rows)}</table>"
            f"<p style='font-size:85%;color:#555'>{escape(method)}</p></div>")


__all__ = ["PUZZLE_SECONDS", "PuzzleWidget", "answer_html"]
