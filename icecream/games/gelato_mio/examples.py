"""The rulebook's examples as named scenarios, each with the moves the rulebook tells.

Each example is data (``examples/<id>.json``: the scenario, the rules it shows, and the
steps as plain actions); its words (title, the rulebook's text, the outcome) come from the
translation catalog (``gm.example.<id>.*``).

>>> ex = EXAMPLES["take_neighbours"]
>>> ex.play()[-1].hands[0][0]   # the chosen sugar and its two identical neighbours
3
"""

from __future__ import annotations

from ...core.examples import Example, load_examples
from .scenario import load_scenario

#: Example ids in the rulebook's order.
EXAMPLE_IDS = ("take_neighbours", "make_ball", "serve_twelve_point_bowl", "quality_control",
               "claim_objective", "final_scoring")


EXAMPLES: dict[str, Example] = load_examples(__package__, EXAMPLE_IDS, "gm.example", load_scenario)

__all__ = ["EXAMPLES", "EXAMPLE_IDS", "Example"]
