"""The rules registry: rule id -> the words of the rulebook clause or ruling.

Every legal action, event and refusal cites a rule id; a view looks the id up here to
show the text beside the move. Rule texts are shown to players, so their words come
from the translation catalog (``rule.<id>.title`` and ``rule.<id>.text``).

A ruleset (a named text of the rules, such as a game's summary in another language) may
word a rule its own way: the catalog key ``rule.<id>.text.<ruleset>`` (and
``rule.<id>.title.<ruleset>``) is looked up first when ``ruleset=`` is given, and the
general text is the fallback. A ruleset's name for players is the new-game form's choice
``setting.<game>.ruleset.<name>``.

>>> book = RuleBook("demo", [Rule("DEMO-1", "rulebook")])
>>> book["DEMO-1"].title()
'Taking scoops'
>>> book["DEMO-1"].title("nl", ruleset="short")
'Neem er één'
>>> book.ruleset_title("short", "nl")
'Kort spel'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from .messages import DEFAULT_LANGUAGE, has_message, t


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id, where it comes from (``rulebook``, ``ruling`` or ``project``).

    ``ruleset`` is the ruleset whose words :meth:`title` and :meth:`text` use when not
    given one (see :meth:`RuleBook.for_ruleset`); ``None``: the general words.
    """

    id: str
    source: str
    ruleset: str | None = None

    def title(self, lang: str = DEFAULT_LANGUAGE, ruleset: str | None = None) -> str:
        """The rule's short name, in ``ruleset``'s own words when it has them."""
        return t(_key(f"rule.{self.id}.title", ruleset or self.ruleset, lang), lang)

    def text(self, lang: str = DEFAULT_LANGUAGE, ruleset: str | None = None) -> str:
        """The rule's words, in ``ruleset``'s own words when it has them."""
        return t(_key(f"rule.{self.id}.text", ruleset or self.ruleset, lang), lang)

    def settings_note(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """How the game's settings touch this rule, for whoever sets a game up (catalog
        ``rule.<id>.settings``; ``""`` when none). Kept out of :meth:`text`, which is
        written for players."""
        key = f"rule.{self.id}.settings"
        return t(key, lang) if has_message(key, lang) else ""

    def worded_by(self, ruleset: str, lang: str = DEFAULT_LANGUAGE) -> bool:
        """True when ``ruleset`` words this rule its own way (its text is its own)."""
        return has_message(f"rule.{self.id}.text.{ruleset}", lang)

    def cite(self, lang: str = DEFAULT_LANGUAGE, ruleset: str | None = None) -> str:
        """``"IC-10 Close cone"``."""
        return f"{self.id} {self.title(lang, ruleset)}"


def _key(base: str, ruleset: str | None, lang: str) -> str:
    if ruleset and has_message(f"{base}.{ruleset}", lang):
        return f"{base}.{ruleset}"
    return base


class RuleBook(Mapping[str, Rule]):
    """An ordered, read-only registry of a game's rules, keyed by id."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self._rules = {r.id: r for r in rules}
        if len(self._rules) != len(rules):
            raise ValueError(f"duplicate rule ids in {game}")
        self._worded: dict[str | None, RuleBook] = {}

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"{self.game} has no rule {rule_id!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def for_ruleset(self, ruleset: str | None) -> RuleBook:
        """The same rules, worded by ``ruleset`` wherever it has its own words.

        A view showing a game played by a named ruleset looks its rules up here, so the
        IJs game reads the Dutch summary's words without passing ``ruleset=`` each time:

        >>> book = RuleBook("demo", [Rule("DEMO-1", "rulebook")])
        >>> book.for_ruleset("short")["DEMO-1"].title("nl")
        'Neem er één'
        """
        book = self._worded.get(ruleset)
        if book is None:  # views ask on every redraw: make each wording once
            book = self._worded[ruleset] = RuleBook(
                self.game, [replace(r, ruleset=ruleset) for r in self._rules.values()])
        return book

    def ruleset_title(self, ruleset: str, lang: str = DEFAULT_LANGUAGE) -> str:
        """A ruleset's name for players, as the new-game form offers it
        (catalog ``setting.<game>.ruleset.<ruleset>``)."""
        return t(f"setting.{self.game}.ruleset.{ruleset}", lang)

    def worded_by(self, ruleset: str, lang: str = DEFAULT_LANGUAGE) -> list[Rule]:
        """The rules ``ruleset`` words its own way, in registry order."""
        return [r for r in self._rules.values() if r.worded_by(ruleset, lang)]
