"""Rules quizzes generated and graded by the engine, from real positions of seeded bot games.

A :class:`Question` is asked about one position (a :class:`~icecream.core.protocol.State`)
and offers :class:`Choice` answers. The engine decides which answers are right, and says
in words (with the rule) why every answer is right or wrong; nothing here knows a game's
rules. The question kinds every game gets come from the protocol:

* ``allowed_options``: "which of these options may this player take now?" from
  ``state.options()``, each forbidden one explained by its ``reason`` and rule;
* ``scores_after``: "what will the scores be after this action?" from ``apply()``;
* ``next_player``: "who acts after this action?" from ``apply()``.

A game adds its own kinds with the optional ``GameSpec.quiz_kinds`` hook (kind name ->
maker with the signature of :func:`allowed_options`). :func:`make_quiz` plays seeded bot
games, asks every kind at every position, and picks a varied set; :func:`grade` marks an
answer and explains each wrong or missed pick with the rule's words.

>>> quiz = make_quiz("ice-cream", count=3, seed=1)
>>> len(quiz), all(q.answer for q in quiz)
(3, True)
>>> grade(quiz[0], quiz[0].answer).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..core.errors import IcecreamError
from ..core.messages import (
    DEFAULT_LANGUAGE,
    join_words,
    seat_name,
    t,
)
from ..core.protocol import Action, State, get_game
from ..core.questions import (
    MAX_CHOICES,
    Choice,
    Question,
    action_label,
    cap_choices,
    game_key,
)


class QuizError(IcecreamError, ValueError):
    """A quiz request or an answer is not valid (unknown kind, a pick out of range...)."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one choice: ``"right"`` (picked and right), ``"wrong"`` (picked but
    wrong) or ``"missed"`` (right but not picked), with the reason."""

    index: int
    label: str
    verdict: str
    why: str
    rule: str | None


@dataclass(frozen=True)
class Grade:
    """The result of :func:`grade`: right or not, and a line for every choice that matters."""

    correct: bool
    picked: tuple[int, ...]
    feedback: tuple[Feedback, ...]
    lang: str = DEFAULT_LANGUAGE

    @property
    def mistakes(self) -> tuple[Feedback, ...]:
        """The wrong and missed picks."""
        return tuple(f for f in self.feedback if f.verdict != "right")

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules the mistakes broke (to show in full), each once."""
        return tuple(dict.fromkeys(f.rule for f in self.mistakes if f.rule))

    def lines(self) -> list[str]:
        """The verdict, then one line per choice picked or missed, in words."""
        head = t("teach.quiz.right" if self.correct else "teach.quiz.wrong", self.lang)
        return [head] + [t(f"teach.quiz.verdict.{f.verdict}", self.lang, label=f.label,
                           why=f.why) for f in self.feedback]


def grade(question: Question, picks: Iterable[int]) -> Grade:
    """Mark ``picks`` (indexes into ``question.choices``) and explain every mistake.

    Raises :class:`QuizError` naming the bad pick (not a whole number, out of range,
    given twice, or several picks for a one-answer question); nothing is marked then.
    """
    lang = question.lang
    if isinstance(picks, str | bytes) or not isinstance(picks, Iterable):
        raise QuizError(t("teach.error.picks", lang, picks=repr(picks)))
    chosen = list(picks)
    n = len(question.choices)
    for p in chosen:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n:
            raise QuizError(t("teach.error.pick", lang, pick=repr(p), count=n))
    if len(set(chosen)) != len(chosen):
        raise QuizError(t("teach.error.pick_twice", lang, picks=repr(chosen)))
    if not question.multiple and len(chosen) != 1:
        raise QuizError(t("teach.error.pick_one", lang, given=len(chosen)))
    picked = set(chosen)
    feedback = []
    for i, c in enumerate(question.choices):
        if i in picked:
            feedback.append(Feedback(i, c.label, "right" if c.correct else "wrong", c.why, c.rule))
        elif c.correct and question.multiple:
            feedback.append(Feedback(i, c.label, "missed", c.why, c.rule))
    right = picked == set(question.answer)
    return Grade(right, tuple(sorted(picked)), tuple(feedback), lang)


# -- words ---------------------------------------------------------------------------------
def rule_cite(state: State, rule: str | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """``"IC-9 Serving (phase 3)"``, or the bare id of a rule the game does not list."""
    if rule is None:
        return ""
    rules = state.game.rules
    return rules[rule].cite(lang) if rule in rules else rule


def _player(state: State, seat: int | None, lang: str) -> str:
    return t("teach.quiz.nobody", lang) if seat is None else seat_name(state.names, seat, lang)


def _scores_label(state: State, scores: Sequence[int], lang: str) -> str:
    return join_words([t("teach.quiz.score_of", lang, player=seat_name(state.names, k, lang),
                         score=s) for k, s in enumerate(scores)], lang)


def _events_about(after: State, seats: set[int], lang: str) -> tuple[str, str | None]:
    """The step's public events naming one of ``seats`` (all public events if none does),
    and the rule of the last of them. A card dealt face down stays out (IC-6 keeps it
    private; it never explains a score or a turn)."""
    every = list(after.events)
    texts = after.event_texts(None, lang)  # one text per event: the teacher reads them all
    public = [k for k, e in enumerate(every) if e.visible_to is None]
    picked = [k for k in public
              if any(every[k].params.get(name) in seats for name in ("player", "dealer", "seat"))]
    picked = picked or public
    events = [every[k] for k in picked]
    texts = [texts[k] for k in picked]
    rule = next((e.rule for e in reversed(events) if e.rule), None)
    return " ".join(texts), rule


def _shuffled(rng: random.Random, choices: list[Choice]) -> tuple[Choice, ...]:
    out = list(choices)
    rng.shuffle(out)
    return tuple(out)


# -- generic kinds -------------------------------------------------------------------------
def allowed_options(state: State, rng: random.Random,
                    lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"Which of these options may <player> take now?": right are the allowed options.

    Asked when the decision has at least one allowed and one forbidden option; the
    picture is the deciding player's view (they decide from it alone). Each choice is
    explained by the engine's reason and rule for that option.
    """
    p = state.current_player
    if p is None or state.is_over:
        return None
    options = state.options()
    if not any(o.allowed for o in options) or all(o.allowed for o in options):
        return None
    choices = [Choice(action_label(state, o.action, lang), o.allowed,
                      o.reason.text(lang, state.names, state.game.flavour_codes), o.rule,
                      o.action.to_dict()) for o in options]
    return Question("allowed_options",
                    t("teach.quiz.allowed.prompt", lang, player=seat_name(state.names, p, lang)),
                    state, p, tuple(cap_choices(rng, choices)), True, None, lang)


def _scoring_steps(state: State) -> list[tuple[Action, State]]:
    out = []
    for a in state.legal_actions():
        after = state.apply(a)
        if tuple(after.scores) != tuple(state.scores):
            out.append((a, after))
    return out


def scores_after(state: State, rng: random.Random,
                 lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"<Action> is played: what will the scores be?" from ``apply()``.

    Asked only where some legal action changes the scores (a scoring step). Wrong
    choices: the scores unchanged, the scores after another action, and the right
    scores with one player's total off by one; each explained by the step's events.
    """
    p = state.current_player
    if p is None or state.is_over:
        return None
    steps = _scoring_steps(state)
    if not steps:
        return None
    action, after = rng.choice(steps)
    right = tuple(after.scores)
    label = action_label(state, action, lang)
    candidates: dict[tuple[int, ...], str] = {}
    candidates[tuple(state.scores)] = "unchanged"
    for other in state.legal_actions():
        if other != action:
            candidates.setdefault(tuple(state.apply(other).scores), "other:" + str(other))
    changed = [q for q in range(state.num_players) if right[q] != state.scores[q]]
    q = rng.choice(changed)
    for delta in (1, -1):
        wrong = tuple(s + delta if k == q else s for k, s in enumerate(right))
        if min(wrong) >= 0:
            candidates.setdefault(wrong, "off")
    candidates.pop(right, None)
    picks = rng.sample(sorted(candidates), min(3, len(candidates)))
    choices = []
    for scores in [right, *picks]:
        seats = {k for k in range(state.num_players) if scores[k] != right[k]} or set(changed)
        events, rule = _events_about(after, seats, lang)
        if scores == right:
            why = t("teach.quiz.scores.right", lang, action=label, events=events)
        else:
            k = min(seats)
            why = t("teach.quiz.scores.wrong", lang, player=seat_name(state.names, k, lang),
                    given=scores[k], right=right[k], action=label, events=events)
        choices.append(Choice(_scores_label(state, scores, lang), scores == right, why, rule,
                              scores))
    prompt = t("teach.quiz.scores.prompt", lang, player=seat_name(state.names, p, lang),
               action=label,
               scores=_scores_label(state, state.scores, lang))
    return Question("scores_after", prompt, state, None, _shuffled(rng, choices), False,
                    action.to_dict(), lang)


def next_player(state: State, rng: random.Random,
                lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"After <action>, who acts next?" from ``apply()``.

    Asked only where the answer is not simply the next seat in turn order (the same
    player goes on, a round's new first player, a rule that changes turns, the game's
    end), so the question teaches a rule: "the next seat" after a new phase was a
    trivial question (issue 21). The choices are every player, and "nobody" when the
    game ends.
    """
    p = state.current_player
    if p is None or state.is_over:
        return None
    n = state.num_players
    steps = []
    for a in state.legal_actions():
        after = state.apply(a)
        if after.current_player != (p + 1) % n:
            steps.append((a, after))
    if not steps:
        return None
    action, after = rng.choice(steps)
    right = after.current_player
    label = action_label(state, action, lang)
    events, rule = _events_about(after, set() if right is None else {right}, lang)
    if rule is None:
        rule = state.why_not(action).rule
    seats: list[int | None] = list(range(n)) + ([None] if after.is_over else [])
    choices = []
    for seat in seats:
        if right is None:  # the game ends: "nobody" is right, said as a sentence
            key = "teach.quiz.next.right_over" if seat is None else "teach.quiz.next.wrong_over"
            why = t(key, lang, player=_player(state, seat, lang), action=label, events=events)
        elif seat == right:
            why = t("teach.quiz.next.right", lang, player=_player(state, seat, lang),
                    action=label, events=events)
        else:
            why = t("teach.quiz.next.wrong", lang, player=_player(state, seat, lang),
                    right=_player(state, right, lang), action=label, events=events)
        choices.append(Choice(_player(state, seat, lang), seat == right, why, rule, seat))
    prompt = t("teach.quiz.next.prompt", lang, player=seat_name(state.names, p, lang), action=label)
    return Question("next_player", prompt, state, None, tuple(choices), False,
                    action.to_dict(), lang)


def _same(question: Question) -> tuple:
    """What makes two questions the same to a student: the same words, or for "who
    decides next?" the same kind of action (its answer follows the same rule)."""
    if question.kind == "next_player" and question.action:
        return (question.kind, question.action.get("type"))
    return (question.kind, question.prompt)


#: The kinds every game gets, by name.
GENERIC_KINDS: dict[str, Callable[..., Question | None]] = {
    "allowed_options": allowed_options,
    "scores_after": scores_after,
    "next_player": next_player,
}


def question_kinds(game: str) -> dict[str, Callable[..., Question | None]]:
    """Every question kind of ``game``: its own (``GameSpec.quiz_kinds``) first, then the
    generic ones."""
    spec = get_game(game)
    own = dict(getattr(spec, "quiz_kinds", None) or {})
    return {**own, **{k: v for k, v in GENERIC_KINDS.items() if k not in own}}


# -- positions and quizzes -----------------------------------------------------------------
def positions(game: str, players: int | Sequence[str] | None = None, seed: int = 0,
              bot: str | None = None) -> Iterator[State]:
    """Every position of one game of ``game`` played by ``bot`` bots from ``seed``;
    ``players`` is a count or the players' names (a lesson's quiz uses the lesson's).

    ``bot`` defaults to the game's ``rollout_policy``: the bot under which its games last
    as long as a table's do, so a quiz never asks about a position no table would reach
    (random play can drag a game on for hundreds of rounds).
    """
    from ..bots import decide, make_bot

    spec = get_game(game)
    if bot is None:
        bot = spec.rollout_policy
    n = players if players is not None else max(spec.min_players, min(3, spec.max_players))
    state = spec.new_state(players=n, seed=seed)
    bots = [make_bot(bot, seed=seed * 10 + k) for k in range(state.num_players)]
    yield state
    while not state.is_over:
        p = state.current_player
        state = state.apply(decide(bots[p], state, p))
        yield state


def make_quiz(game: str, count: int = 5, seed: int = 0, kinds: Sequence[str] | None = None,
              players: int | Sequence[str] | None = None, lang: str = DEFAULT_LANGUAGE,
              max_games: int = 6) -> list[Question]:
    """``count`` questions about real positions of seeded bot games of ``game``.

    The kinds take turns (in an order drawn from ``seed``), so a quiz mixes them; the
    same arguments give the same quiz. ``kinds`` limits the kinds asked (names from
    :func:`question_kinds`; by default every kind but those marked
    :func:`~icecream.core.questions.asked_by_name`). ``players`` is a count or the names a
    lesson uses. Raises
    :class:`QuizError` for a bad count or an unknown kind, or when the games played offer
    no position for the kinds asked.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
        raise QuizError(t("teach.error.count", lang, count=repr(count)))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise QuizError(t("teach.error.seed", lang, seed=repr(seed)))
    available = question_kinds(game)
    # A kind marked asked_by_name (a game's setup) is asked only where named.
    chosen = [k for k, maker in available.items() if not getattr(maker, "asked_by_name", False)
              ] if kinds is None else list(kinds)
    unknown = [k for k in chosen if k not in available]
    if unknown or not chosen:
        raise QuizError(t("teach.error.kind", lang, kinds=", ".join(map(str, unknown)) or "-",
                          known=", ".join(available), count=max(1, len(unknown))))
    rng = random.Random(seed)
    found: dict[str, list[Question]] = {k: [] for k in chosen}
    asked: set[tuple] = set()  # the same question twice in one quiz teaches nothing
    for g in range(max_games):
        for k, state in enumerate(positions(game, players, seed * 1000 + g)):
            for kind in chosen:
                # Each kind asks at most one question per few positions: a varied quiz.
                if (k + len(kind)) % 3 == 0 and len(found[kind]) < count:
                    q = available[kind](state, rng, lang)
                    if q is not None and _same(q) not in asked:
                        asked.add(_same(q))
                        found[kind].append(q)
        if all(len(v) >= count for v in found.values()):
            break
    if not any(found.values()):
        raise QuizError(t("teach.error.no_positions", lang, kinds=", ".join(chosen)))
    order = [k for k in chosen if found[k]]
    rng.shuffle(order)
    for pool in found.values():
        rng.shuffle(pool)
    quiz: list[Question] = []
    while len(quiz) < count and any(found[k] for k in order):
        for kind in order:
            if found[kind] and len(quiz) < count:
                quiz.append(found[kind].pop())
    return quiz


__all__ = [
    "Choice", "Feedback", "GENERIC_KINDS", "Grade", "MAX_CHOICES", "Question", "QuizError",
    "action_label", "allowed_options", "game_key", "grade", "make_quiz", "next_player",
    "cap_choices", "positions", "question_kinds", "rule_cite", "scores_after",
]
