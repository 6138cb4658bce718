"""The six rulebook examples as named scenarios, each with the moves the rulebook tells.

Each example is data (``examples/<id>.json``: the scenario, the rules it shows, and the
steps as plain actions); its words (title, the rulebook's text, the stated outcome, a note
per step) come from the translation catalog.

>>> ex = EXAMPLES["dan_case_a"]
>>> s = ex.start()
>>> [a.to_dict() for a in s.legal_actions()]
[{'type': 'serve', 'cone': 1}, {'type': 'serve', 'cone': 2}]
>>> ex.play()[-1].served[0][:3]   # two strawberry, one chocolate chip scoop on Dan's cards
(2, 0, 1)
"""

from __future__ import annotations

from ...core.examples import Example, load_examples
from .scenario import load_scenario

#: Example ids in the rulebook's order.
EXAMPLE_IDS = (
    "joe_delivery_swap",
    "david_chocolate_scoop",
    "dan_four_scoop_limit",
    "dan_case_a",
    "joe_case_b",
    "dan_larry_scoring",
)


EXAMPLES: dict[str, Example] = load_examples(__package__, EXAMPLE_IDS, "ic.example",
                                              load_scenario)

__all__ = ["EXAMPLES", "EXAMPLE_IDS", "Example"]
