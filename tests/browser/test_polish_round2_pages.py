"""Issue 21, round 2, in a real Chromium: Ice Cream's scored day stays on the table until
Continue, the Dan and Larry outcome is in view at 1024x640, Combo Cone's table reads at
>= 11 px on the play page and in the quiz (numbered row cards, a brand legend) and its
texts stay inside their cards and panels at 5 players on 1366x768, Gelato Mio's too (in
both languages), a move sent while the scored day waits is refused until Continue, and no
two texts of a Dutch table run into each other ("Hoorntje 1" over "Nieuw hoorntje")."""

from __future__ import annotations

from typing import Any

from voila_harness import (
    PLAY,
    TABLE,
    click_option,
    forge,
    new_context,
    option_actions,
    play_to_the_end,
    press_until_disabled,
    select_in,
    start_new_game,
    text_of,
    visible,
    wait_kernel_idle,
)

import icecream
from icecream.core.messages import t
from icecream.games.combo_cone import render as ccp_render
from icecream.widgets.hooks import game_title

SMALL = {"width": 1024, "height": 640}
WIDE = {"width": 1366, "height": 768}
EX = ".ic-example-explorer"
Q = ".ic-quiz"
#: The smallest text of an SVG as shown, in px: its font size times the picture's scale.
MIN_PX = """svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll('text')].map(
        e => parseFloat(getComputedStyle(e).fontSize) * scale);
    return Math.min(...sizes);
}"""
#: Texts inside an element that stick out of its first rect (more than 1 px).
SPILLS = """els => els.flatMap(g => {
    const r = g.querySelector('rect').getBoundingClientRect();
    return [...g.querySelectorAll('text')].filter(t => {
        const b = t.getBoundingClientRect();
        return b.left < r.left - 1 || b.right > r.right + 1;
    }).map(t => t.textContent);
})"""
#: Pairs of texts whose boxes overlap by more than 2 px across and more than half the
#: smaller one's height (a box is a line's height: lines set close touch, not overlap).
OVERLAPS = """svg => {
    const boxes = [...svg.querySelectorAll('text')].map(e => [e.textContent,
        e.getBoundingClientRect()]).filter(([s, b]) => s.trim() && b.width > 0);
    const out = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [s, a] = boxes[i], [u, b] = boxes[j];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 0.5 * Math.min(a.height, b.height)) out.push(s + ' / ' + u);
    }
    return out;
}"""


def _before(text: str, key: str, **params: Any) -> str:
    """The words of ``key`` up to its ``{dealer}`` (unknown to the test)."""
    return t(key, **params, dealer="\x00").split("\x00")[0]


def test_ic13_day_end_shows_the_scored_table_until_continue_then_combo_cone_reads(
        open_page: Any, check: Any) -> None:
    page = open_page("play")
    page.set_viewport_size(SMALL)
    wait_kernel_idle(page)
    for _ in range(300):
        if visible(page, f"{PLAY} .ic-continue"):
            break
        if option_actions(page):
            click_option(page, 0)
        wait_kernel_idle(page)
    svg = f"{TABLE} svg"
    page.wait_for_selector(f"{svg}[data-scoring='1']", timeout=20_000)
    # The day as scored: no options, each player's breakdown, the cards handed in.
    assert page.locator(f"{TABLE} .ic-option").count() == 0
    assert page.locator(f"{TABLE} .ic-last-day").count() == 4
    assert page.locator(f"{TABLE} .ic-handed-in").count() > 0
    day2 = _before("", "ic.event.day", day=2)
    assert day2 not in text_of(page, f"{PLAY} .ic-message")
    assert day2 not in text_of(page, f"{PLAY} .ic-round-summary")
    # A move sent now (as a stale or forged click would) is refused: Continue first, and
    # the scored table stays (issue 21).
    forge(page, {"kind": "action", "action": {"type": "keep"}})
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[f"{PLAY} .ic-message", t("widgets.msg.continue_first",
                                      button=t("widgets.button.continue"))], timeout=20_000)
    assert page.locator(f"{svg}[data-scoring='1']").count() == 1
    page.evaluate("() => window.scrollTo(0, 0)")
    for sel in (f"{PLAY} .ic-continue", f"{TABLE} .ic-phase"):  # in view, no scrolling
        box = page.eval_on_selector(sel, "e => e.getBoundingClientRect().toJSON()")
        assert 0 <= box["top"] and box["bottom"] <= SMALL["height"], (sel, box)
    page.click(f"{PLAY} .ic-continue")
    page.wait_for_selector(f"{svg}:not([data-scoring])", timeout=20_000)
    wait_kernel_idle(page)
    assert day2 in text_of(page, f"{PLAY} .ic-message")  # the next day's deal, now
    check(page)

    # Combo Cone at 1024x640: every text >= 11 px, the row cards numbered as the chips
    # count, and the brands named with their icons.
    start_new_game(page, game_title("combo-cone"), players=4, seed=3)
    assert page.eval_on_selector(svg, MIN_PX) >= 11
    numbers = page.eval_on_selector_all(f"{TABLE} .ccp-pos-label",
                                        "els => els.map(e => e.textContent)")
    assert numbers == ["1", "2", "3", "4"], numbers
    legend = text_of(page, f"{TABLE} .ccp-legend")
    for brand, icon in ccp_render.BRAND_ICONS.items():
        assert f"{icon} {t(f'ccp.brand.{brand}')}" in legend, legend

    # 5 players on 1366x768, played to the end (reserved orders and all): no order text
    # spills out of its card, and no two texts run together ("to act0 coins").
    page.set_viewport_size(WIDE)
    start_new_game(page, game_title("combo-cone"), players=5, seed=4)
    play_to_the_end(page, presses=12)
    page.locator(f"{PLAY} .ic-summary-new-game").wait_for(state="visible")
    assert page.locator(f"{TABLE} .ccp-reserved").count() > 0
    assert page.eval_on_selector_all(f"{TABLE} g.ccp-order-card", SPILLS) == []
    assert page.eval_on_selector(svg, OVERLAPS) == []

    # Gelato Mio at 1024x640, in both languages: every text >= 11 px, none overlapping.
    page.set_viewport_size(SMALL)
    start_new_game(page, game_title("gelato-mio"), players=4, seed=2)
    for _ in range(30):  # into the game: ball cards, customers served, hands
        click_option(page, 0)
        wait_kernel_idle(page)
    for lang in ("en", "nl"):
        if lang == "nl":
            select_in(page, ".ic-language", label=t("language.nl", "nl"))
            page.wait_for_function(
                "(text) => [...document.querySelectorAll('.ic-table svg text')]"
                ".some(e => e.textContent.includes(text))",
                arg=t("gm.ui.objectives", "nl"), timeout=20_000)
            wait_kernel_idle(page, settle_ms=300)
        assert page.eval_on_selector(svg, MIN_PX) >= 11, lang
        assert page.eval_on_selector(svg, OVERLAPS) == [], lang
    check(page)


def test_dan_larry_outcome_is_in_view_at_1024x640(open_page: Any, check: Any) -> None:
    page = open_page("rulebook_examples")
    page.set_viewport_size(SMALL)
    example = icecream.get_game("ice-cream").examples()["dan_larry_scoring"]
    select_in(page, f"{EX} .ic-example-select", label=example.title())
    wait_kernel_idle(page)
    press_until_disabled(page, f"{EX} .ic-example-next", len(example.steps) + 1)
    page.wait_for_function("sel => document.querySelector(sel)?.textContent.trim()",
                           arg=f"{EX} .ic-example-outcome")
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.eval_on_selector(f"{EX} .ic-example-outcome",
                                "e => e.getBoundingClientRect().toJSON()")
    assert box["top"] >= 0 and box["bottom"] <= SMALL["height"], box
    assert example.outcome() in text_of(page, f"{EX} .ic-example-outcome")
    check(page)


def test_combo_cone_and_gelato_mio_quiz_pictures_read_at_11px(open_page: Any,
                                                              check: Any) -> None:
    page = open_page("quiz")
    page.set_viewport_size(SMALL)
    wait_kernel_idle(page)
    for game in ("combo-cone", "gelato-mio"):
        select_in(page, f"{Q} .ic-quiz-game", label=game_title(game))
        wait_kernel_idle(page, settle_ms=300)
        pic = f"{Q} .ic-quiz-picture svg" + ("" if game == "combo-cone" else
                                              ":not(.ccp-table)")
        for _ in range(6):  # a question with a picture of the table
            if page.locator(pic).count():
                break
            page.click(f"{Q} .ic-quiz-next")
            wait_kernel_idle(page)
        assert page.eval_on_selector(pic, MIN_PX) >= 11, game
        # Every choice's words whole, none cut to "…" (three Gelato Mio choices read
        # "Take the display card at row 1, co…" alike).
        cut = page.eval_on_selector_all(
            f"{Q} .ic-quiz-choices label, {Q} .ic-quiz-choices span",
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1)"
            ".map(e => e.textContent)")
        assert cut == [], (game, cut)
    check(page)


def test_dutch_tables_have_no_texts_running_into_each_other(browser: Any) -> None:
    """Rendered as the pages draw them, without a server: an IJs table in phase 2 (the
    cones with "Nieuw hoorntje"), a Gelato Mio and a Combo Cone table mid-game."""
    tables = []
    s = icecream.new_game("ice-cream", players=4, seed=1, ruleset="ijs")
    while s.phase != "cones" or len(s.view(None).cones) < 3:
        s = s.apply(s.legal_actions()[0])
    tables.append(("ijs", s))
    for game in ("gelato-mio", "combo-cone"):
        s = icecream.new_game(game, players=4, seed=2)
        bot = icecream.bots.make_bot("heuristic", seed=1)
        for _ in range(40):
            s = s.apply(bot.choose(s.view(s.current_player)))
        tables.append((game, s))
    context = new_context(browser, viewport=SMALL)
    page = context.new_page()
    try:
        for name, state in tables:
            for seat in (None, state.current_player):
                svg = state.game.render_svg(state, seat, "nl")
                page.set_content(f'<html><body style="margin:0">{svg}</body></html>')
                assert page.eval_on_selector("svg", OVERLAPS) == [], (name, seat)
    finally:
        context.close()
