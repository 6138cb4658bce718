"""A game's rulebook examples as named scenarios, each with the moves the rulebook tells.

Each example is data in the game package (``examples/<id>.json``: the scenario, the rules
it shows, and the steps as plain actions); its words (title, the rulebook's own text, the
outcome, a note per step) come from the translation catalog under the game's prefix
(``<prefix>.<id>.title``, ``.rulebook``, ``.outcome``, ``.step.<k>``). Every game loads
its examples with :func:`load_examples`, so they all behave alike in the widgets.

A teacher's example (issue 32) is a file in the same format, with two more fields: the
``game`` it belongs to and its ``words`` (the same parts, per language, written in the
file instead of the catalog). :func:`read_example` checks such a file, from a stranger,
with the very checks :func:`load_examples` puts the rulebook's own files through
(:func:`check_example`): the scenario is loaded like a scenario file, every step must be
legal in turn, rule ids must be the game's, texts are bounded and kept as the characters
they are (a page shows them as text, never as markup). ``docs/lessons.md`` has the format.

>>> import icecream
>>> first = next(iter(icecream.get_game(icecream.default_game()).examples().values()))
>>> data = example_to_dict(first,
...                        words={"en": {"title": "<b>Dan</b>", "step.1": "Cone 1"}})
>>> ex = read_example(data)
>>> ex.title("en"), ex.title("nl"), ex.step_note(0, "en"), len(ex.play()) == len(ex.steps) + 1
('<b>Dan</b>', '<b>Dan</b>', 'Cone 1', True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .errors import IcecreamError, quote
from .messages import DEFAULT_LANGUAGE, has_message, languages, t

#: Limits on a teacher's example file (a stranger's file: bounded before it is read).
MAX_EXAMPLE_BYTES = 1_000_000
#: The most steps an example plays (a whole game of any built-in game is fewer).
MAX_STEPS = 3000
#: The longest title, caption or other text in a file, in characters.
MAX_TEXT = 2000
#: An example's id: short, plain, and safe as a file name.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,60}")
#: The words of an example besides its step captions (``step.<k>``, 1-based).
PARTS = ("title", "rulebook", "outcome")
#: The fields of an example file; ``game`` and ``words`` only in a teacher's file.
FIELDS = frozenset({"id", "rules", "scenario", "steps", "game", "words"})


class ExampleFileError(IcecreamError, ValueError):
    """An example file that cannot be read; the message is one line naming the problem."""


@dataclass(frozen=True)
class Example:
    """A rulebook example: a scenario, the rules it shows, and its steps.

    ``prefix`` is the catalog prefix of its words (``"example"``, ``"ccp.example"``...);
    ``loader`` turns the scenario into a state (the game's scenario loader).
    """

    id: str
    rules: tuple[str, ...]
    scenario: dict[str, Any]
    steps: tuple[dict[str, Any], ...]
    prefix: str = "example"
    loader: Callable[[Mapping[str, Any]], Any] | None = field(default=None, compare=False,
                                                               repr=False)
    #: A teacher's example: the game's name, and its words per language (``{"en":
    #: {"title": ..., "step.1": ...}}``), used instead of the catalog.
    game: str | None = None
    words: Mapping[str, Mapping[str, str]] | None = field(default=None, compare=False)

    def _own(self, part: str, lang: str) -> str:
        """A teacher's word ``part`` in ``lang``, else in English, else in any language
        the file has (a file written in one language is read in the other too)."""
        words = self.words or {}
        for code in (lang, DEFAULT_LANGUAGE, *sorted(words)):
            if part in words.get(code, {}):
                return words[code][part]
        return ""

    def _text(self, part: str, lang: str) -> str:
        if self.words is not None:
            return self._own(part, lang)
        return t(f"{self.prefix}.{self.id}.{part}", lang)

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The example's title in ``lang``."""
        return self._text("title", lang)

    def rulebook_text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The rulebook's own words for this example (or the ruling's)."""
        return self._text("rulebook", lang)

    def outcome(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What the rulebook says happens, as the engine shows it."""
        return self._text("outcome", lang)

    def step_note(self, k: int, lang: str = DEFAULT_LANGUAGE) -> str:
        """The note for step ``k`` (0-based); empty when the example has none for it."""
        if self.words is not None:
            return self._own(f"step.{k + 1}", lang)
        key = f"{self.prefix}.{self.id}.step.{k + 1}"
        return t(key, lang) if has_message(key, lang) else ""

    def start(self) -> Any:
        """The example's starting state."""
        if self.loader is None:
            raise ValueError(f"example {self.id!r} has no scenario loader")
        return self.loader(self.scenario)

    def play(self, upto: int | None = None) -> list:
        """The states from the start through step ``upto`` (all steps by default)."""
        states = [self.start()]
        for action in self.steps[:upto]:
            states.append(states[-1].apply(action))
        return states


def load_examples(package: str, ids: Sequence[str], prefix: str,
                  loader: Callable[[Mapping[str, Any]], Any]) -> dict[str, Example]:
    """The examples ``ids`` of the game package ``package`` (files ``examples/<id>.json``),
    in that order."""
    folder = resources.files(package).joinpath("examples")
    out = {}
    for eid in ids:
        data = json.loads(folder.joinpath(f"{eid}.json").read_text("utf-8"))
        data.setdefault("id", eid)  # a game's own file is named by its id
        # The game is not registered yet while its package loads, so its steps are played
        # by the tests (and by read_example for a teacher's copy), not here.
        out[eid] = check_example(data, loader, prefix=prefix, what=f"example {eid}.json",
                                 play=False)
    return out


def _fail(what: str, problem: str) -> ExampleFileError:
    return ExampleFileError(f"{what}: {problem}")


def _texts(words: Any, steps: int, what: str) -> dict[str, dict[str, str]]:
    """The ``words`` of a file, checked: known languages, known parts, bounded text."""
    if not isinstance(words, dict) or not words:
        raise _fail(what, "words must map a language (en, nl) to the example's texts")
    known = languages()
    parts = set(PARTS) | {f"step.{k}" for k in range(1, steps + 1)}
    out = {}
    for lang, texts in words.items():
        if lang not in known:
            raise _fail(what, f"words: {quote(lang)} is not a language of this program "
                              f"({', '.join(known)})")
        if not isinstance(texts, dict):
            raise _fail(what, f"words.{lang} must map parts (title, step.1...) to texts")
        for part, text in texts.items():
            if part not in parts:
                raise _fail(what, f"words.{lang}: {quote(part)} is not a part of this example "
                                  f"(title, rulebook, outcome, step.1 to step.{steps})")
            if not isinstance(text, str):
                raise _fail(what, f"words.{lang}.{part} must be text, not {quote(text)}")
            if len(text) > MAX_TEXT:
                raise _fail(what, f"words.{lang}.{part}: {len(text)} characters is more than "
                                  f"the {MAX_TEXT} a text may have")
        out[lang] = dict(texts)
    if not any(t_.get("title", "").strip() for t_ in out.values()):
        raise _fail(what, "the example has no title (words.<language>.title)")
    return out


def check_example(data: Any, loader: Callable[[Mapping[str, Any]], Any], *,
                  prefix: str = "example", game: str | None = None,
                  rules: Mapping[str, Any] | None = None,
                  what: str = "example file", play: bool = True) -> Example:
    """``data`` (an example file's JSON) as an :class:`Example`, every field checked.

    The scenario is loaded with ``loader`` (the game's scenario loader, with its checks),
    each step must be legal after the ones before, rule ids must be keys of ``rules``
    (when given); ``words`` (a teacher's file) are checked by language and part and
    bounded. ``play=False`` leaves the steps unplayed (a game's own files, read while
    the game is not yet registered). A problem raises :class:`ExampleFileError` with one
    line naming it.
    """
    from .protocol import check_plain

    check_plain(data, ExampleFileError, what)
    if not isinstance(data, dict):
        raise _fail(what, "expected an object with id, rules, scenario and steps")
    missing = [k for k in ("id", "rules", "scenario", "steps") if k not in data]
    if missing:
        raise _fail(what, f"missing field {missing[0]}")
    extra = sorted(set(data) - FIELDS)
    if extra:
        raise _fail(what, f"unknown field {quote(extra[0])} (fields are "
                          f"{', '.join(sorted(FIELDS))})")
    eid = data["id"]
    if not isinstance(eid, str) or not ID_PATTERN.fullmatch(eid):
        raise _fail(what, f"id must be 1-60 letters, digits, - or _, not {quote(eid)}")
    ids = data["rules"]
    if not isinstance(ids, list) or not all(isinstance(r, str) for r in ids):
        raise _fail(what, "rules must be a list of rule ids (such as IC-5)")
    steps = data["steps"]
    if not isinstance(steps, list) or not all(isinstance(a, dict) for a in steps):
        raise _fail(what, "steps must be a list of actions (objects with a type)")
    if len(steps) > MAX_STEPS:
        raise _fail(what, f"{len(steps)} steps is more than the {MAX_STEPS} an example may have")
    scenario = data["scenario"]
    if not isinstance(scenario, dict):
        raise _fail(what, "scenario must be an object (a position, as in a scenario file)")
    if game is not None and scenario.get("game", game) != game:
        raise _fail(what, f"its scenario is a {quote(scenario.get('game'))} position, though "
                          f"the file says {quote(game)}")
    if rules is not None:  # after the game: a file claiming another game is told so first
        unknown = [r for r in ids if r not in rules]
        if unknown:
            raise _fail(what, f"rules: {quote(unknown[0])} is not a rule of this game")
    try:
        state = loader(scenario)
    except (IcecreamError, ValueError, KeyError, TypeError) as e:
        raise _fail(what, f"scenario: {e}") from None
    for k, action in enumerate(steps if play else (), start=1):
        try:
            state = state.apply(action)
        except (IcecreamError, ValueError, KeyError, TypeError) as e:
            raise _fail(what, f"step {k} ({quote(action)}): {e}") from None
    words = _texts(data["words"], len(steps), what) if "words" in data else None
    return Example(eid, tuple(ids), scenario, tuple(steps), prefix, loader, game, words)


def read_example(source: Any, game: str | None = None) -> Example:
    """A teacher's example file (its JSON text, bytes, or the parsed object), checked like
    the rulebook's own (:func:`check_example`) for the game it names (``game``: the one it
    must name). Raises :class:`ExampleFileError` with one line naming the problem."""
    from .protocol import get_game, parse_json

    what = "example file"
    if isinstance(source, str | bytes | bytearray):
        if len(source) > MAX_EXAMPLE_BYTES:
            raise _fail(what, f"{len(source)} bytes is more than the {MAX_EXAMPLE_BYTES} an "
                              "example file may have")
        source = parse_json(source, ExampleFileError, what)
    if not isinstance(source, dict):
        raise _fail(what, "expected an object with game, id, rules, scenario, steps and words")
    name = source.get("game")
    if not isinstance(name, str):
        raise _fail(what, "it names no game (field game: a registered game's name)")
    if game is not None and name != game:
        raise _fail(what, f"it is for {quote(name)}, not {quote(game)}")
    if "words" not in source:
        raise _fail(what, "it has no words (a title, and captions for its steps)")
    try:
        spec = get_game(name)
    except IcecreamError as e:
        raise _fail(what, str(e)) from None
    return check_example(source, spec.from_dict, prefix=spec.catalog_key("example"),
                         game=spec.name, rules=spec.rules, what=what)


def example_to_dict(example: Example, words: Mapping[str, Mapping[str, str]] | None = None,
                    game: str | None = None) -> dict[str, Any]:
    """``example`` as a teacher's example file (the JSON :func:`read_example` reads):
    its words are ``words``, or its own, or (a rulebook example) the catalog's in every
    language."""
    if words is None:
        words = example.words
    if words is None:
        words = {}
        for lang in languages():
            texts = {p: example._text(p, lang) for p in PARTS}
            texts.update({f"step.{k + 1}": example.step_note(k, lang)
                          for k in range(len(example.steps))})
            words[lang] = {p: v for p, v in texts.items() if v}
    if game is None:
        game = example.game or example.start().game.name
    return {"id": example.id, "game": game, "rules": list(example.rules),
            "scenario": example.scenario, "steps": [dict(a) for a in example.steps],
            "words": {lang: dict(w) for lang, w in words.items()}}


def example_from_history(history: Any, start: int, end: int, *, eid: str,
                         words: Mapping[str, Mapping[str, str]],
                         rules: Sequence[str] = ()) -> dict[str, Any]:
    """A teacher's example file made of a played game: the position at step ``start`` of
    ``history`` (a :class:`~icecream.core.history.History`), the actions up to step
    ``end``, and ``words`` (per language: title, captions ``step.<k>`` counted from the
    example's start). Check it with :func:`read_example` before handing it out."""
    if not 0 <= start < end <= len(history):
        raise _fail("example", f"steps {start} to {end} are not a stretch of this game of "
                               f"{len(history)} steps")
    state = history.states[start]
    data = {"id": eid, "game": state.game.name, "rules": list(rules),
            "scenario": state.to_dict(),
            "steps": [a.to_dict() for a in history.actions[start:end]],
            "words": {lang: dict(w) for lang, w in words.items()}}
    return json.loads(json.dumps(data))  # as JSON holds it (lists, not tuples): reads back equal


__all__ = ["MAX_EXAMPLE_BYTES", "MAX_STEPS", "MAX_TEXT", "Example", "ExampleFileError",
           "check_example", "example_from_history", "example_to_dict", "load_examples",
           "read_example"]
