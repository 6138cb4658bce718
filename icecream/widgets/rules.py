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
from ..games.ice_cream import RULES


class RulesBox(widgets.HTML):
    """The titles and texts of ``rule_ids`` (e.g. ``["IC-9", "IC-10"]``), all shown."""

    def __init__(self, rule_ids: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> None:
        parts = [f"<p><b>{escape(RULES[r].cite(lang))}</b><br>{escape(RULES[r].text(lang))}</p>"
                 for r in rule_ids]
        super().__init__(value='<div style="border-left:4px solid #0072B2;padding-left:8px">'
                         + "".join(parts) + "</div>")
        self.add_class("ic-rules")
