"""The Combo Cone Paradise table in a real Chromium at 1024x640: it fits the width, every
clickable option is on screen with room to hit, card texts do not spill out of their
cards, every text is at least 13 units and the own hand fits a 1024x640 play
dashboard. The SVG is loaded as a static page (no kernel), so this runs in seconds."""

from __future__ import annotations

from typing import Any

import pytest
from voila_harness import new_context

import icecream
from icecream.bots import make_bot
from icecream.games.combo_cone import EXAMPLES, render_svg
from icecream.games.combo_cone.render import WIDTH


def positions() -> list[tuple[str, Any]]:
    """A few positions of every phase: the examples and a heuristic game's early turns."""
    out = [(f"{eid}-{k}", s) for eid, ex in EXAMPLES.items()
           for k, s in enumerate(ex.play()) if not s.is_over]
    bot = make_bot("heuristic", seed=3)
    s = icecream.new_game("combo-cone", players=4, seed=21)
    for step in range(120):
        if step % 15 == 0:
            out.append((f"game-{step}-{s.phase}", s))
        s = s.apply(bot.choose(s.view(s.current_player)))
    return out


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_ccp_table_is_readable_and_clickable_at_1024(browser, lang):
    context = new_context(browser, viewport={"width": 1024, "height": 640})
    page = context.new_page()
    try:
        for name, state in positions():
            seat = state.current_player
            page.set_content(f'<html><body style="margin:0">{render_svg(state, seat, lang)}'
                             "</body></html>")
            svg = page.eval_on_selector("svg", "e => e.getBoundingClientRect().toJSON()")
            assert svg["width"] <= 1024, name
            boxes = page.eval_on_selector_all(
                ".ic-option", "els => els.map(e => e.getBoundingClientRect().toJSON())")
            assert boxes, f"{name}: the actor's picture shows its options"
            for b in boxes:
                assert b["width"] >= 18 and b["height"] >= 14, (name, b)
                assert b["left"] >= 0 and b["right"] <= 1024, (name, b)
            # Card and chip texts stay inside their card or chip.
            spills = page.eval_on_selector_all(
                "g.ccp-card, g.ccp-chip",
                """els => els.flatMap(g => {
                    const r = g.querySelector('rect').getBoundingClientRect();
                    return [...g.querySelectorAll('text')].filter(t => {
                        const b = t.getBoundingClientRect();
                        return b.left < r.left - 1 || b.right > r.right + 1;
                    }).map(t => t.textContent);
                })""")
            assert not spills, (name, spills)
            # issue 11: in the play dashboard the table is drawn ~703 px wide from ~206 px
            # down: every text stays >= 9 px and the own hand is inside the 640 px window.
            small = page.eval_on_selector_all(
                "svg text", "els => els.filter(e => parseFloat(getComputedStyle(e).fontSize)"
                " < 13).map(e => e.textContent)")
            assert not small, (name, small)
            hand = page.eval_on_selector_all(
                ".ccp-hand-card",  # face up only in the seat's own panel (CCPN-7)
                "els => els.map(e => e.getBoundingClientRect().bottom)")
            assert max(hand, default=0) * 703 / WIDTH + 206 <= 640, (name, max(hand))
    finally:
        context.close()
