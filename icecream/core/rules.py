"""The rules registry: rule id -> the words of the rulebook clause or ruling.

Every legal action, event and refusal cites a rule id; a view looks the id up here to
show the text beside the move. Rule texts are shown to players, so their words come
from the translation catalog (``rule.<id>.title`` and ``rule.<id>.text``).

>>> from icecream.games import ice_cream
>>> ice_cream.RULES["IC-10"].title()
'Close cone'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .messages import DEFAULT_LANGUAGE, t


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id, where it comes from (``rulebook``, ``ruling`` or ``project``)."""

    id: str
    source: str

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"rule.{self.id}.title", lang)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"rule.{self.id}.text", lang)

    def cite(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """``"IC-10 Close cone"``."""
        return f"{self.id} {self.title(lang)}"


class RuleBook(Mapping[str, Rule]):
    """An ordered, read-only registry of a game's rules, keyed by id."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self._rules = {r.id: r for r in rules}
        if len(self._rules) != len(rules):
            raise ValueError(f"duplicate rule ids in {game}")

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"{self.game} has no rule {rule_id!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)
