"""A box with the text of some rules, to put beside a table in a lesson.

>>> box = RulesBox(["IC-5", "IC-6"])
>>> "Deliveries (phase 1)" in box.value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE
from ..core.protocol import default_game, get_game


class RulesBox(widgets.HTML):
    """The titles and texts of ``rule_ids`` (e.g. ``["IC-9", "IC-10"]``) of ``game``
    (default :func:`~icecream.core.protocol.default_game`).

    An unknown rule id is refused with a ``KeyError`` naming it (a lesson's typo shows at once).
    """

    def __init__(self, rule_ids: Sequence[str], lang: str = DEFAULT_LANGUAGE,
                 game: str | None = None) -> None:
        game = game or default_game()
        rules = get_game(game).rules
        missing = [r for r in rule_ids if r not in rules]
        if missing:
            raise KeyError(f"{game} has no rule(s) {missing}")
        parts = [f"<p><b>{escape(rules[r].cite(lang))}</b><br>{escape(rules[r].text(lang))}</p>"
                 for r in rule_ids]
        super().__init__(value='<div style="border-left:4px solid #0072B2;padding-left:8px">'
                         + "".join(parts) + "</div>")
        self.add_class("ic-rules")
