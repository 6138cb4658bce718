"""A game's rulebook examples as named scenarios, each with the moves the rulebook tells.

Each example is data in the game package (``examples/<id>.json``: the scenario, the rules
it shows, and the steps as plain actions); its words (title, the rulebook's own text, the
outcome, a note per step) come from the translation catalog under the game's prefix
(``<prefix>.<id>.title``, ``.rulebook``, ``.outcome``, ``.step.<k>``). Every game loads
its examples with :func:`load_examples`, so they all behave alike in the widgets.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .messages import DEFAULT_LANGUAGE, has_message, t


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

    def _text(self, part: str, lang: str) -> str:
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
        out[eid] = Example(eid, tuple(data["rules"]), data["scenario"], tuple(data["steps"]),
                           prefix, loader)
    return out
