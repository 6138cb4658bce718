"""What a quiz question is, and the neutral words of an action: shared by the teaching
layer (:mod:`icecream.teach.quiz`, which makes and grades quizzes) and by the games that
add question kinds of their own (``GameSpec.quiz_kinds``), so a game needs only core.

A :class:`Question` is asked about one position and offers :class:`Choice` answers; the
engine decides which are right and says why, citing the rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .messages import DEFAULT_LANGUAGE, counted_names, flavour_name, join_words, seat_name, t
from .protocol import Action, GameSpec, State

#: Action fields that name a seat: shown as the player's name.
_SEAT_FIELDS = frozenset({"player", "seat", "opponent"})
#: The most choices a question offers (a longer list is sampled, keeping right and wrong ones).
MAX_CHOICES = 6


@dataclass(frozen=True)
class Choice:
    """One answer offered: its words, whether it is right, and why (citing ``rule``).

    ``value`` is the answer as plain data, for checks against the engine: an action's
    plain form, a seat (``None``: nobody, the game is over), a tuple of scores, a number.
    """

    label: str
    correct: bool
    why: str
    rule: str | None
    value: Any


@dataclass(frozen=True)
class Question:
    """A quiz question about ``state``, seen as ``seat`` sees it (``None``: the teacher).

    ``multiple``: pick every right choice (several may be right), else exactly one.
    ``action`` is the plain form of the action the question is about, if any.
    """

    kind: str
    prompt: str
    state: State
    seat: int | None
    choices: tuple[Choice, ...]
    multiple: bool
    action: dict | None = None
    lang: str = DEFAULT_LANGUAGE

    @property
    def answer(self) -> tuple[int, ...]:
        """The indexes of the right choices."""
        return tuple(i for i, c in enumerate(self.choices) if c.correct)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the choices cite, in order, each once."""
        return tuple(dict.fromkeys(c.rule for c in self.choices if c.rule))

    @property
    def instruction(self) -> str:
        """How to answer: pick one, or pick every right one."""
        return t("teach.quiz.pick_all" if self.multiple else "teach.quiz.pick_one", self.lang)


def game_key(spec: GameSpec) -> str:
    """The segment of a game's own teaching keys: ``teach.<game_key>.*``."""
    return (spec.catalog_prefix or spec.name).replace("-", "_").rstrip(".")


def action_label(state: State, action: Action | Mapping[str, Any],
                 lang: str = DEFAULT_LANGUAGE) -> str:
    """An action in neutral words that do not say whether it is allowed (``"Serve cone 2"``).

    From the catalog key ``teach.action.<game>.<type>``, with the action's fields as
    parameters (a seat by its player's name, a list joined in words; ``<field>_1`` is a
    whole number or list counted from 1, for positions counted from 0 in the data); a field
    that is ``None`` selects ``teach.action.<game>.<type>.none``.
    """
    act = state.game.parse_action(action)
    plain = act.to_dict()
    kind = plain.pop("type")
    key = f"teach.action.{game_key(state.game)}.{kind}"
    if any(v is None for v in plain.values()):
        key += ".none"
    params = {}
    for k, v in plain.items():
        if v is None:
            continue
        if k in _SEAT_FIELDS and isinstance(v, int) and not isinstance(v, bool):
            v = seat_name(state.names, v, lang) if 0 <= v < len(state.names) else v
        elif isinstance(v, str) and (code := _card_code(state, v)) is not None:
            v = flavour_name(code, lang)  # a card's code, in words
        elif isinstance(v, list | tuple) and v and None not in (
                codes := [_card_code(state, x) if isinstance(x, str) else None for x in v]):
            v = counted_names(codes, lang)
        if isinstance(plain[k], list | tuple):
            params[f"{k}_count"] = len(plain[k])  # for a plural entry's "param"
        if isinstance(v, list | tuple):
            if all(isinstance(x, int) for x in v):  # positions: also counted from 1
                params[f"{k}_1"] = join_words([str(x + 1) for x in v], lang)
            v = join_words([str(x) for x in v], lang)
        elif isinstance(v, int) and not isinstance(v, bool):
            params[f"{k}_1"] = v + 1  # a position counted from 0 in data, from 1 in words
        params[k] = v
    words = getattr(state.game, "action_words", None)
    if words is not None:
        params.update(words(state, act, lang))
    return t(key, lang, **params)


def _card_code(state: State, value: str) -> str | None:
    """The game's flavour (card) code an action field names, if it names one: a game
    may keep its codes under its own prefix (``"gm.wafer"`` for the field ``"wafer"``)."""
    for code in state.game.flavour_codes:
        if code == value or code.rsplit(".", 1)[-1] == value:
            return code
    return None


def cap_choices(rng: random.Random, choices: list[Choice],
                limit: int = MAX_CHOICES) -> list[Choice]:
    """At most ``limit`` choices in their order, keeping at least one right and one wrong."""
    if len(choices) <= limit:
        return choices
    right = [c for c in choices if c.correct]
    wrong = [c for c in choices if not c.correct]
    keep = set()
    if right:
        keep.add(id(rng.choice(right)))
    if wrong:
        keep.add(id(rng.choice(wrong)))
    rest = [c for c in choices if id(c) not in keep]
    keep.update(id(c) for c in rng.sample(rest, limit - len(keep)))
    return [c for c in choices if id(c) in keep]



def asked_by_name(maker: Any) -> Any:
    """Mark a question maker as a kind a random quiz leaves out: it is asked only where it
    is named (a tutorial's quiz, or ``make_quiz(kinds=...)``). A question about a game's
    setup is the same at every position, so a quiz of bot positions would repeat it."""
    maker.asked_by_name = True
    return maker


def without_picture(maker: Any) -> Any:
    """Mark a question maker whose questions are shown without a picture: a question about
    a new game's setup asks about no position on the table, and the table it is asked
    beside may show the answer (Ice Cream's says how many scoops were removed)."""
    maker.without_picture = True
    return maker


def fresh_game(state: State, players: Any = None) -> State:
    """A new game set up as ``state``'s game was (its players and settings), or for
    ``players`` (a count) with only its ruleset: the engine's own setup, for questions
    about it."""
    args = state.setup_args()
    if players is None:
        return state.game.new_state(players=list(state.names), seed=0, **args)
    keep = {"ruleset": args["ruleset"]} if args.get("ruleset") else {}
    return state.game.new_state(players=players, seed=0, **keep)


def number_question(kind: str, prompt: str, state: State, right: int, wrong: list[int],
                    label_key: str, why: str, rule: str, rng: random.Random,
                    lang: str = DEFAULT_LANGUAGE) -> Question:
    """A one-answer question whose answer is a number (``right``, from the engine): up to
    three of the ``wrong`` numbers beside it, smallest first, each labelled with the plural
    entry ``label_key`` (its ``count``) and explained by ``why`` (the engine's words)."""
    others = sorted({w for w in wrong if w != right and w >= 0})
    picked = sorted(rng.sample(others, min(3, len(others))) + [right])
    choices = []
    for v in picked:
        label = t(label_key, lang, count=v)
        text = why if v == right else t("teach.quiz.number.wrong", lang, given=label, why=why)
        choices.append(Choice(label, v == right, text, rule, v))
    return Question(kind, prompt, state, None, tuple(choices), False, None, lang)


__all__ = ["MAX_CHOICES", "Choice", "Question", "action_label", "asked_by_name",
           "cap_choices", "fresh_game", "game_key", "number_question", "without_picture"]
