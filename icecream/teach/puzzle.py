""""What would you do?": a shared position asked as a puzzle (issue 32).

A teacher shares a position (:mod:`icecream.core.share`) as a puzzle; the student picks
one of the moves of the player to act, and the page then reveals, for every move, what
the hint (:mod:`icecream.teach.hints`: games won, with a 95% interval) and the position
what-if (:func:`icecream.explore.position.compare_options`: the mean final score, with
its interval) say, and the rule behind each move (the engine's ``Option.rule`` and
``reason``: why it is allowed or not). Both are computed from the puzzle's position as
its player sees it, over the cards they cannot see, by any game, through the protocol.
Pandas-free: the static site's Python runs it too.

>>> import icecream
>>> p = make_puzzle(icecream.new_game("ice-cream", players=3, seed=2), None)
>>> [o.label for o in p.choices]
['Keep the dealt card', 'Swap the dealt card for the top card of the deck']
>>> a = finish(answer_steps(p, 0, samples=4))
>>> a.chosen.label, len(a.rows) == len(p.options), a.best in [o.label for o in p.choices]
('Keep the dealt card', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.budget import Budget, Steps, finish
from ..core.errors import IcecreamError
from ..core.messages import DEFAULT_LANGUAGE, seat_name, t
from ..core.protocol import State
from ..explore.position import OptionComparison, compare_options_steps
from .hints import Hint, hint_steps
from .quiz import action_label

#: Games per move a puzzle's answer plays (each for the hint and for the what-if).
PUZZLE_SAMPLES = 60


class PuzzleError(IcecreamError, ValueError):
    """A position that cannot be asked as a puzzle, or an answer that is not one of its
    moves; the message is one line."""


@dataclass(frozen=True)
class PuzzleOption:
    """One move of the puzzle's decision: its words, whether the rules allow it, and the
    rule that says so (its id and reason, in the puzzle's language)."""

    action: dict
    label: str
    allowed: bool
    rule: str
    reason: str


@dataclass(frozen=True)
class Puzzle:
    """The position, the seat asked (``None``: the teacher's view, the player to act is
    asked and sees everything) and every option of the decision."""

    state: State
    seat: int | None
    options: tuple[PuzzleOption, ...]
    lang: str = DEFAULT_LANGUAGE

    @property
    def player(self) -> str:
        """The name of the player to act, in the puzzle's language."""
        return seat_name(self.state.names, self.state.current_player, self.lang)

    @property
    def choices(self) -> tuple[PuzzleOption, ...]:
        """The moves the student may pick: the allowed ones, in the engine's order."""
        return tuple(o for o in self.options if o.allowed)


def make_puzzle(state: State, seat: int | None, lang: str = DEFAULT_LANGUAGE) -> Puzzle:
    """The puzzle of ``state`` for ``seat`` (``None``: the teacher's view). Refused
    (:class:`PuzzleError`) when the game is over or ``seat`` is not to act."""
    if state.is_over or state.current_player is None:
        raise PuzzleError("puzzle: the game is over, there is no move to choose")
    if seat is not None and seat != state.current_player:
        raise PuzzleError(f"puzzle: it is shared for seat {seat}, but seat "
                          f"{state.current_player} is to act")
    names, flavours = state.names, state.game.flavour_codes
    options = tuple(PuzzleOption(o.action.to_dict(), action_label(state, o.action, lang),
                                 o.allowed, o.rule, o.reason.text(lang, names, flavours))
                    for o in state.options())
    return Puzzle(state, seat, options, lang)


@dataclass(frozen=True)
class PuzzleRow:
    """One move in the answer: the hint's win rate and the what-if's mean final score,
    each with its 95% interval (``None`` for a move they did not play out: a forbidden
    one, or one the hint left out as clearly worse), and the move's rule."""

    option: PuzzleOption
    win: tuple[float, float, float] | None
    score: tuple[float, float, float] | None


@dataclass(frozen=True)
class PuzzleAnswer:
    """The student's pick and what the hint and the what-if say about every move."""

    puzzle: Puzzle
    chosen: PuzzleOption
    rows: tuple[PuzzleRow, ...]
    hint: Hint
    comparison: OptionComparison

    @property
    def best(self) -> str:
        """The move that won most often (the hint's best)."""
        return self.hint.best.label

    @property
    def chose_best(self) -> bool:
        """True when the student picked the hint's best move."""
        return self.hint.best.action == self.chosen.action

    @property
    def partial(self) -> bool:
        """True when the time ran out before every game was played."""
        return self.hint.partial or self.comparison.partial


def answer_steps(puzzle: Puzzle, choice: Any, samples: int = PUZZLE_SAMPLES, seed: int = 0,
                 budget: Budget | None = None) -> Steps[PuzzleAnswer]:
    """The answer to ``choice`` (an index into :attr:`Puzzle.choices`), as steps: the
    hint, then the what-if, each given half of ``budget``'s time (a page without threads
    advances it a slice at a time)."""
    choices = puzzle.choices
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(choices):
        raise PuzzleError(f"puzzle: choice must be a move 0..{len(choices) - 1}, "
                          f"not {str(choice)[:40]}")
    state, lang = puzzle.state, puzzle.lang
    first = None if budget is None else budget.part(0.5)
    h = yield from hint_steps(state, samples=samples, seed=seed, lang=lang, budget=first)
    second = None if budget is None else budget.part()
    c = yield from compare_options_steps(state, samples, seed=seed, lang=lang, budget=second,
                                         min_samples=1)
    wins = {_key(o.action): (o.win_rate, o.win_low, o.win_high) for o in h.options}
    scores = {_key(o.plain): (o.score.value, o.score.low, o.score.high) for o in c.options}
    rows = tuple(PuzzleRow(o, wins.get(_key(o.action)), scores.get(_key(o.action)))
                 for o in puzzle.options)
    return PuzzleAnswer(puzzle, choices[choice], rows, h, c)


def _key(action: dict) -> str:
    return repr(sorted(action.items()))


def answer_lines(answer: PuzzleAnswer) -> list[str]:
    """The answer in plain words, one line per move (for a notebook or a test)."""
    lang = answer.puzzle.lang
    out = [t("widgets.puzzle.answer_title", lang, option=answer.chosen.label),
           t("widgets.puzzle.same", lang) if answer.chose_best else
           t("widgets.puzzle.best", lang, option=answer.best)]
    for row in answer.rows:
        out.append(f"{row.option.label}: {win_text(row, lang)}; {score_text(row, lang)}; "
                   f"{row.option.rule}: {row.option.reason}")
    return out


def win_text(row: PuzzleRow, lang: str = DEFAULT_LANGUAGE) -> str:
    """The hint's games won for ``row``'s move, with its interval, in words."""
    if row.win is None:
        return t("widgets.puzzle.forbidden" if not row.option.allowed
                 else "widgets.puzzle.not_played", lang)
    value, low, high = (round(100 * x) for x in row.win)
    return t("widgets.puzzle.pct", lang, value=value, low=low, high=high)


def score_text(row: PuzzleRow, lang: str = DEFAULT_LANGUAGE) -> str:
    """The what-if's mean final score for ``row``'s move, with its interval, in words."""
    if row.score is None:
        return t("widgets.puzzle.forbidden" if not row.option.allowed
                 else "widgets.puzzle.not_played", lang)
    value, low, high = (float(round(x, 1)) for x in row.score)
    return t("widgets.puzzle.range", lang, value=value, low=low, high=high)


__all__ = ["PUZZLE_SAMPLES", "Puzzle", "PuzzleAnswer", "PuzzleError", "PuzzleOption",
           "PuzzleRow", "answer_lines", "answer_steps", "finish", "make_puzzle", "score_text",
           "win_text"]
