"""A list that scrolls can be scrolled with the keyboard (issue 33, WCAG 2.1.1; axe's
scrollable-region-focusable found the play page's event log and a day's scoring summary
at the day's end): each takes the focus and has a name."""

from __future__ import annotations

import re

import pytest

from icecream import History
from icecream.core.messages import t
from icecream.widgets.panels import log_html, summary_html


def _scrolling_lists(html: str) -> list[str]:
    return [m for m in re.findall(r"<ul[^>]*>", html) if "overflow-y:auto" in m]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_log_and_the_day_summary_take_the_focus_ic13(lang: str) -> None:
    h = History.new("ice-cream", players=3, seed=1)
    while h.state.day == 1:
        h.play(h.state.legal_actions()[0])
    step = next(k for k, s in enumerate(h.states) if s.day == 2)
    lists = (_scrolling_lists(summary_html(h, step, 0, lang))
             + _scrolling_lists(log_html([(1, "x"), (2, "y")], h.state.game.rules, lang)))
    assert len(lists) == 2
    for tag in lists:
        assert 'tabindex="0"' in tag and 'aria-label="' in tag, tag
    assert f'aria-label="{t("widgets.log.head", lang)}"' in lists[1]
