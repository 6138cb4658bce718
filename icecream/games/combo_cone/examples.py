"""The rulebook's examples as named scenarios, each with the moves the rulebook tells,
plus the worked combo chain the notebook draws.

Each example is data (``examples/<id>.json``: the scenario, the rules it shows, and the
steps as plain actions); its words (title, the rulebook's text, the outcome, a note per
step) come from the catalog (``ccp.example.<id>.*``).

>>> ex = EXAMPLES["scoop_groups"]
>>> [a.to_dict()["cards"] for a in ex.start().legal_actions() if a.type == "scoop"][:6]
[(0,), (1,), (2,), (3,), (0, 2), (1, 2)]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, t

#: Example ids in the order a player meets them in the rulebook.
EXAMPLE_IDS = ("scoop_groups", "serve_combo", "fill_height", "combo_chain")


@dataclass(frozen=True)
class Example:
    """A rulebook example: a scenario, the rules it shows, and its steps."""

    id: str
    rules: tuple[str, ...]
    scenario: dict[str, Any]
    steps: tuple[dict[str, Any], ...]

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The example's title in ``lang``."""
        return t(f"ccp.example.{self.id}.title", lang)

    def rulebook_text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The rulebook's own words for this example (the worked chain is the project's)."""
        return t(f"ccp.example.{self.id}.rulebook", lang)

    def outcome(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What happens, as the engine shows it."""
        return t(f"ccp.example.{self.id}.outcome", lang)

    def step_note(self, k: int, lang: str = DEFAULT_LANGUAGE) -> str:
        """The note for step ``k`` (0-based)."""
        return t(f"ccp.example.{self.id}.step.{k + 1}", lang)

    def start(self):
        """The example's starting state."""
        from .scenario import load_scenario

        return load_scenario(self.scenario)

    def play(self, upto: int | None = None) -> list:
        """The states from the start through step ``upto`` (all steps by default)."""
        states = [self.start()]
        for action in self.steps[:upto]:
            states.append(states[-1].apply(action))
        return states


def _load() -> dict[str, Example]:
    out = {}
    folder = resources.files(__package__).joinpath("examples")
    for eid in EXAMPLE_IDS:
        data = json.loads(folder.joinpath(f"{eid}.json").read_text("utf-8"))
        out[eid] = Example(eid, tuple(data["rules"]), data["scenario"], tuple(data["steps"]))
    return out


EXAMPLES: dict[str, Example] = _load()
