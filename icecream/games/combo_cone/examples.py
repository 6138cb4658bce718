"""The rulebook's examples as named scenarios, each with the moves the rulebook tells,
plus the worked combo chain the notebook draws and a Rainbow on a card filling a reserved
order (no diagram of the rulebook shows those).

Each example is data (``examples/<id>.json``: the scenario, the rules it shows, and the
steps as plain actions); its words (title, the rulebook's text, the outcome, a note per
step) come from the catalog (``ccp.example.<id>.*``).

>>> ex = EXAMPLES["scoop_groups"]
>>> [a.to_dict()["cards"] for a in ex.start().legal_actions() if a.type == "scoop"][:6]
[(0,), (1,), (2,), (3,), (0, 2), (1, 2)]
"""

from __future__ import annotations

from ...core.examples import Example, load_examples
from .scenario import load_scenario

#: Example ids in the order a player meets them in the rulebook.
EXAMPLE_IDS = ("scoop_groups", "serve_combo", "fill_height", "combo_chain", "rainbow_reserved")


EXAMPLES: dict[str, Example] = load_examples(__package__, EXAMPLE_IDS, "ccp.example",
                                             load_scenario)

__all__ = ["EXAMPLES", "EXAMPLE_IDS", "Example"]
