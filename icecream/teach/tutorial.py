"""Tutorials: a guided first game, played by the learner from one seat, as data.

A game lists its tutorials through ``GameSpec.tutorial_package``: every
``tutorials/<id>.json`` of that package is one tutorial::

    {"id": "first_game", "game": "<game name>", "learner": 0,
     "scenario": {...},                       # the game's scenario format, seeded
     "steps": [
       {"text": "tutorial.<id>.<name>",       # one or two sentences: what to do and why
        "expect": [{"type": ...}, ...],       # the move(s) the step asks for; [] = read
        "highlight": [...],                   # options to point at (default: expect)
        "rules": ["XX-1"],                    # the rules the step teaches
        "also": "tutorial.<id>.<name>.also",  # optional: why the expected move, not another
        "then": [{"type": ...}, ...]},        # the opponents' moves after it, scripted
       ...],
     "quiz": [{"step": 3, "kind": "allowed_options"}, ...]}

When a step expects several moves, the first is the one the game goes on with (the others
are taught as equally right). :func:`load_tutorial` checks the whole file with the engine:
every expected, highlighted and scripted move must be legal where it is played, every text
key must be in every language's catalog and every rule in the game's rulebook; a wrong
file is refused with a :class:`TutorialError` naming the file and the step.

:class:`TutorialRun` is one learner's progress (kept while the page is open): a click is
the expected move (the game goes on, the opponents answer), a legal but different move
(taken back, with the engine's words for it and the step's reason), or an illegal one
(refused with the rule, as in play). Steps already played can be gone over again (back and
next). Only the first click at a step not played before counts as a mistake when it is
not the move asked: exploring (other moves on a step gone back to, or more tries after
the first) is never punished. The tutorial ends with a quiz about its own positions and
its game's setup (the generic and the game's own question kinds,
:mod:`icecream.teach.quiz`), each question pictured as the learner sees the table, with
no move marked; and the score.

>>> from icecream.core.protocol import list_games
>>> runs = [TutorialRun(tut) for game in list_games() for tut in tutorials(game)]
>>> all(run.tutorial.steps for run in runs)
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from ..core.errors import IcecreamError
from ..core.messages import DEFAULT_LANGUAGE, has_message, languages, t
from ..core.protocol import State, get_game, list_games, parse_json
from ..core.questions import Question
from .quiz import Grade, grade, question_kinds

#: The fields a tutorial file and each of its steps and quiz items may have.
TUTORIAL_FIELDS = frozenset({"id", "game", "learner", "scenario", "steps", "quiz"})
STEP_FIELDS = frozenset({"text", "expect", "highlight", "rules", "also", "then"})
QUIZ_FIELDS = frozenset({"step", "kind"})


class TutorialError(IcecreamError, ValueError):
    """A tutorial file that is not right: the message names the file and the step."""


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (``number`` counts from 1, as the file's authors do)."""

    number: int
    text: str
    expect: tuple[Mapping[str, Any], ...]
    highlight: tuple[Mapping[str, Any], ...]
    rules: tuple[str, ...]
    also: str | None
    then: tuple[Mapping[str, Any], ...]

    @property
    def reading(self) -> bool:
        """True for a step the learner only reads (no move asked; Next goes on)."""
        return not self.expect


@dataclass(frozen=True)
class QuizItem:
    """A quiz question of ``kind`` about the position before step ``step``."""

    step: int
    kind: str


@dataclass(frozen=True)
class Tutorial:
    """A checked tutorial: its steps, and the positions before each of them
    (``positions[k]`` before step ``k + 1``; the last one is where the tutorial ends)."""

    id: str
    game: str
    source: str
    learner: int
    steps: tuple[Step, ...]
    quiz: tuple[QuizItem, ...]
    positions: tuple[State, ...]

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The tutorial's title (``tutorial.<id>.title``)."""
        return t(f"tutorial.{self.id}.title", lang)

    def intro(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What the learner will play, and against whom (``tutorial.<id>.intro``)."""
        return t(f"tutorial.{self.id}.intro", lang)

    @property
    def end(self) -> State:
        """The position the tutorial ends in."""
        return self.positions[-1]

    @property
    def ruleset(self) -> str | None:
        """The named ruleset the tutorial's game plays (``None``: the game has none)."""
        return self.positions[0].setup_args().get("ruleset")

    @property
    def moves(self) -> int:
        """How many moves the learner makes (the clicks it takes on the table)."""
        return sum(1 for s in self.steps if not s.reading)


# -- loading -------------------------------------------------------------------------------
def _refuse(source: str, where: str, problem: str) -> TutorialError:
    return TutorialError(f"tutorial {source}: {where}: {problem}")


def _actions(value: Any, source: str, where: str) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(value, list) or not all(isinstance(a, Mapping) for a in value):
        raise _refuse(source, where, "must be a list of actions (objects with a 'type')")
    return tuple(value)


def _key(value: Any, source: str, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise _refuse(source, where, f"must be a catalog key, not {value!r}")
    missing = [lang for lang in languages() if not has_message(value, lang)]
    if missing:
        raise _refuse(source, where, f"text key {value!r} is missing from the "
                      f"{', '.join(missing)} catalog")
    return value


def _legal(state: State, action: Mapping[str, Any], source: str, where: str) -> Any:
    """``action`` parsed, or a refusal naming the step and the rule that forbids it."""
    try:
        act = state.game.parse_action(action)
    except IcecreamError as e:
        raise _refuse(source, where, f"{json.dumps(action)} is not an action: {e}") from None
    if state.is_over:
        raise _refuse(source, where, f"{json.dumps(action)} comes after the game is over")
    opt = state.why_not(act)
    if not opt.allowed:
        reason = opt.reason.text(DEFAULT_LANGUAGE, state.names, state.game.flavour_codes)
        raise _refuse(source, where, f"{json.dumps(action)} is illegal at this point: "
                      f"{reason} ({opt.rule})")
    return act


def load_tutorial(data: Mapping[str, Any] | str, source: str = "<data>") -> Tutorial:
    """A tutorial from its plain data (or JSON text), checked with the engine.

    ``source`` names the file in every error. Raises :class:`TutorialError` naming the
    file, the step and what is wrong (an illegal move, a missing text key, an unknown
    rule, a step that is not the learner's to play).
    """
    if isinstance(data, str | bytes):
        data = parse_json(data, TutorialError, f"tutorial {source}")
    if not isinstance(data, Mapping):
        raise _refuse(source, "the file", "must be an object with 'game', 'scenario' and "
                      "'steps'")
    extra = sorted(set(data) - TUTORIAL_FIELDS)
    if extra:
        raise _refuse(source, "the file", f"unknown field(s) {extra}; a tutorial has "
                      f"{sorted(TUTORIAL_FIELDS)}")
    tid = data.get("id")
    if not isinstance(tid, str) or not tid.isidentifier():
        raise _refuse(source, "id", f"must be a name of letters, digits and _, not {tid!r}")
    try:
        spec = get_game(data.get("game"))
    except IcecreamError as e:
        raise _refuse(source, "game", str(e)) from None
    try:
        state = spec.from_scenario(data.get("scenario"))
    except IcecreamError as e:
        raise _refuse(source, "scenario", str(e)) from None
    learner = data.get("learner", 0)
    if isinstance(learner, bool) or not isinstance(learner, int) \
            or not 0 <= learner < state.num_players:
        raise _refuse(source, "learner", f"must be a seat from 0 to {state.num_players - 1}, "
                      f"not {learner!r}")
    for part in ("title", "intro", "done"):
        _key(f"tutorial.{tid}.{part}", source, "the file")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise _refuse(source, "steps", "must be a non-empty list of steps")
    steps: list[Step] = []
    positions: list[State] = [state]
    for n, raw in enumerate(raw_steps, 1):
        where = f"step {n}"
        if not isinstance(raw, Mapping):
            raise _refuse(source, where, "must be an object with 'text' and 'expect'")
        extra = sorted(set(raw) - STEP_FIELDS)
        if extra:
            raise _refuse(source, where, f"unknown field(s) {extra}; a step has "
                          f"{sorted(STEP_FIELDS)}")
        text = _key(raw.get("text"), source, where)
        also = raw.get("also")
        if also is not None:
            _key(also, source, f"{where} (also)")
        expect = _actions(raw.get("expect", []), source, f"{where} (expect)")
        highlight = _actions(raw.get("highlight", list(expect)), source,
                             f"{where} (highlight)")
        then = _actions(raw.get("then", []), source, f"{where} (then)")
        rules = raw.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise _refuse(source, where, "rules must be a list of rule ids")
        unknown = [r for r in rules if r not in spec.rules]
        if unknown:
            raise _refuse(source, where, f"the game has no rule(s) {unknown}")
        if expect and state.current_player != learner:
            raise _refuse(source, where, f"asks the learner (seat {learner}) to move, but it "
                          f"is seat {state.current_player}'s turn"
                          if state.current_player is not None else
                          "asks for a move, but the game is over")
        for k, action in enumerate(expect):
            act = _legal(state, action, source, f"{where} (expect {k + 1})")
            if k and state.apply(act).to_dict() != state.apply(expect[0]).to_dict():
                raise _refuse(source, f"{where} (expect {k + 1})", f"{json.dumps(action)} "
                              "leads to another position than the first expected move; "
                              "several expected moves must lead to the same position")
        for k, action in enumerate(highlight):
            _legal(state, action, source, f"{where} (highlight {k + 1})")
        if expect:
            state = state.apply(expect[0])
        for k, action in enumerate(then):
            act = _legal(state, action, source, f"{where} (then {k + 1})")
            if state.current_player == learner:
                raise _refuse(source, f"{where} (then {k + 1})", "scripts a move of the "
                              "learner's own seat")
            state = state.apply(act)
        steps.append(Step(n, text, expect, highlight, tuple(rules), also, then))
        positions.append(state)
    quiz = []
    for k, raw in enumerate(data.get("quiz", []), 1):
        where = f"quiz item {k}"
        if not isinstance(raw, Mapping) or set(raw) - QUIZ_FIELDS:
            raise _refuse(source, where, "must be an object with 'step' and 'kind'")
        step, kind = raw.get("step"), raw.get("kind")
        if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= len(steps):
            raise _refuse(source, where, f"step must be 1 to {len(steps)}, not {step!r}")
        kinds = question_kinds(spec.name)
        if kind not in kinds:
            raise _refuse(source, where, f"unknown question kind {kind!r}; kinds: "
                          f"{', '.join(kinds)}")
        if kinds[kind](positions[step - 1], random.Random(step), DEFAULT_LANGUAGE) is None:
            raise _refuse(source, where, f"a {kind!r} question cannot be asked before step "
                          f"{step}")
        quiz.append(QuizItem(step, kind))
    return Tutorial(tid, spec.name, source, learner, tuple(steps), tuple(quiz),
                    tuple(positions))


def quiz_questions(tutorial: Tutorial, lang: str = DEFAULT_LANGUAGE) -> list[Question]:
    """The questions of ``tutorial``'s quiz in ``lang``, each seen from the learner's seat:
    a quiz shows the learner's own view (never the teacher's, which shows the other
    players' hidden cards), and its picture is drawn without marks (issue 31)."""
    kinds = question_kinds(tutorial.game)
    out = []
    for item in tutorial.quiz:
        q = kinds[item.kind](tutorial.positions[item.step - 1], random.Random(item.step), lang)
        out.append(replace(q, seat=tutorial.learner))
    return out


_CACHE: dict[str, tuple[Tutorial, ...]] = {}


def tutorials(game: str) -> tuple[Tutorial, ...]:
    """Every tutorial of ``game`` (``GameSpec.tutorial_package``), by file name; each
    checked with the engine once (a wrong file raises :class:`TutorialError`)."""
    spec = get_game(game)
    if spec.name in _CACHE:
        return _CACHE[spec.name]
    found: list[Tutorial] = []
    if spec.tutorial_package:
        folder = resources.files(spec.tutorial_package).joinpath("tutorials")
        files = sorted((p for p in folder.iterdir() if p.name.endswith(".json")),
                       key=lambda p: p.name) if folder.is_dir() else []
        for path in files:
            source = f"{spec.tutorial_package}/tutorials/{path.name}"
            tut = load_tutorial(path.read_text("utf-8"), source)
            if tut.game != spec.name:
                raise _refuse(source, "game", f"is {tut.game!r}, but the file is in "
                              f"{spec.name!r}'s package")
            found.append(tut)
    _CACHE[spec.name] = tuple(found)
    return _CACHE[spec.name]


def all_tutorials() -> tuple[Tutorial, ...]:
    """The tutorials of every registered game."""
    return tuple(tut for game in list_games() for tut in tutorials(game))


def find_tutorial(tid: str) -> Tutorial:
    """The tutorial with id ``tid``; a :class:`TutorialError` lists the known ones."""
    every = all_tutorials()
    for tut in every:
        if tut.id == tid:
            return tut
    raise TutorialError(f"no tutorial {tid!r}; tutorials: {', '.join(x.id for x in every)}")


def game_tutorial(game: str, ruleset: str | None = None) -> Tutorial | None:
    """The tutorial to open for ``game``: the first that plays ``ruleset`` (the ruleset
    written in the reader's language, say), else the game's first; ``None`` if it has none."""
    found = tutorials(game)
    for tut in found:
        if ruleset is not None and tut.ruleset == ruleset:
            return tut
    return found[0] if found else None


# -- a learner's progress ------------------------------------------------------------------
@dataclass(frozen=True)
class Reply:
    """What the tutorial says to a click: ``kind`` is ``"right"`` (the game went on),
    ``"also"`` (legal, but taken back), ``"illegal"`` (refused with the rule) or
    ``"not_now"`` (nothing to click now); ``text`` in words, ``rule`` the id cited;
    ``counted`` is True when the click counted as a mistake (a wrong first try at a step
    not played before)."""

    kind: str
    text: str
    rule: str | None = None
    events: tuple[str, ...] = ()
    counted: bool = False


class TutorialRun:
    """One learner's way through ``tutorial``: the step shown, the steps done, the
    mistakes, and the quiz at the end. Holds no rules: the engine judges every click."""

    def __init__(self, tutorial: Tutorial, lang: str = DEFAULT_LANGUAGE) -> None:
        self.tutorial = tutorial
        self.lang = lang
        #: The step shown (0-based); ``len(steps)`` is the quiz.
        self.index = 0
        #: How far the learner has come (steps done).
        self.reached = 0
        #: Wrong first clicks at steps not played before (exploring does not count).
        self.mistakes = 0
        #: The steps (0-based) where the learner has clicked once already.
        self.tried: set[int] = set()
        self.questions: list[Question] = []
        self.answers: dict[int, Grade] = {}
        self.question_index = 0
        self.set_language(lang)

    # -- what is shown -----------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step shown, or ``None`` at the quiz."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def state(self) -> State:
        """The position shown: before the step shown (after a step already done, the
        position it led to is the next step's)."""
        return self.tutorial.positions[self.index]

    @property
    def done(self) -> bool:
        """True when the step shown was already played (Next goes on to the next)."""
        return self.index < self.reached

    @property
    def at_quiz(self) -> bool:
        """True when every step is done and the quiz is shown."""
        return self.index >= len(self.tutorial.steps)

    @property
    def finished(self) -> bool:
        """True when every quiz question is answered."""
        return self.at_quiz and len(self.answers) == len(self.questions)

    @property
    def score(self) -> int:
        """Quiz questions answered right at the first try."""
        return sum(1 for g in self.answers.values() if g.correct)

    def text(self) -> str:
        """What the step shown asks, in words."""
        step = self.step
        return "" if step is None else t(step.text, self.lang)

    def set_language(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (the quiz's words are made again; its
        answers so far are kept)."""
        self.lang = lang
        self.questions = quiz_questions(self.tutorial, lang)
        self.answers = {k: grade(self.questions[k], g.picked)
                        for k, g in self.answers.items()}

    # -- moving --------------------------------------------------------------------------
    def back(self) -> bool:
        """Go back one step (the position before it); False at the first step."""
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def next(self) -> bool:
        """Go on one step: over a step already done, or past a step to read. False when the
        step shown waits for a move."""
        step = self.step
        if step is None or not (self.done or step.reading):
            return False
        self.index += 1
        self.reached = max(self.reached, self.index)
        return True

    def click(self, action: Mapping[str, Any]) -> Reply:
        """The learner clicked ``action`` (its plain form): judged by the engine."""
        lang = self.lang
        state = self.state
        step = self.step
        spec = state.game
        if step is None or step.reading:
            return Reply("not_now", t("tutorial.ui.not_now", lang))
        try:
            act = spec.parse_action(action)
        except IcecreamError as e:  # no move of this game (a forged click): no try either
            return Reply("illegal", t("tutorial.ui.not_an_action", lang, reason=str(e)))
        opt = state.why_not(act)
        words = opt.reason.text(lang, state.names, spec.flavour_codes).rstrip(". ")
        if opt.rule and opt.rule not in words:
            words = f"{words} ({opt.rule})"
        expected = [spec.parse_action(a) for a in step.expect]
        # Only the first try at a new step may count as a mistake: a step gone back to on
        # purpose, and further tries, are exploring (issue 31).
        counts = not self.done and self.index not in self.tried
        self.tried.add(self.index)
        if act in expected:
            if self.done:  # going over a step already played: the same move again
                after = self.tutorial.positions[self.index + 1]
            else:
                after = None
            return self._went_on(act, after)
        self.mistakes += counts
        if not opt.allowed:
            return Reply("illegal", t("tutorial.ui.illegal", lang, reason=words), opt.rule,
                         counted=counts)
        why = t(step.also, lang) if step.also else t(step.text, lang)
        return Reply("also", t("tutorial.ui.also", lang, reason=words, why=why), opt.rule,
                     counted=counts)

    def _went_on(self, act: Any, after: State | None) -> Reply:
        lang = self.lang
        tut = self.tutorial
        step = self.step
        assert step is not None
        state = self.state
        learner = tut.learner
        events: list[str] = []
        s = state.apply(act)
        events += s.event_texts(learner, lang)
        for action in step.then:
            s = s.apply(action)
            events += s.event_texts(learner, lang)
        self.index += 1
        self.reached = max(self.reached, self.index)
        if act != state.game.parse_action(step.expect[0]):
            # Another of the expected moves: right too, and the game goes on as scripted.
            events.insert(0, t("tutorial.ui.also_right", lang))
        return Reply("right", t("tutorial.ui.right", lang), None, tuple(events))

    # -- the quiz ------------------------------------------------------------------------
    @property
    def question(self) -> Question | None:
        """The quiz question shown (at the quiz), or ``None``."""
        if not self.at_quiz or not self.questions:
            return None
        return self.questions[min(self.question_index, len(self.questions) - 1)]

    def answer(self, picks: Sequence[int]) -> Grade:
        """Grade ``picks`` for the question shown; the first answer counts for the score."""
        q = self.question
        if q is None:
            raise TutorialError(t("tutorial.ui.no_question", self.lang))
        g = grade(q, picks)
        self.answers.setdefault(self.question_index, g)
        return g

    def next_question(self) -> bool:
        """Show the next quiz question; False at the last."""
        if self.question_index + 1 >= len(self.questions):
            return False
        self.question_index += 1
        return True


__all__ = ["QuizItem", "Reply", "Step", "Tutorial", "TutorialError", "TutorialRun",
           "all_tutorials", "find_tutorial", "game_tutorial", "load_tutorial", "quiz_questions",
           "tutorials"]
