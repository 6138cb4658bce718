"""A whole game on the play page with the keyboard alone (issue 33, WCAG 2.1.1).

No mouse: Tab moves the focus, Enter or Space presses what has it, digits are typed into
the new-game form. The shortest game the form allows: Ice Cream for 2 players (a house
variant, IC-1) over 2 days (``days``), seat 1 human against a bot. The test opens the form,
types the settings, starts the game, then plays every decision of seat 1 from the table's
options (Enter and Space in turn) and presses *Continue* at the day's end, until the game
is over and the page says who won. After a move the focus stays in the table, so the next
option is a Tab or two away, not a walk from the page's top: the test counts the Tabs,
also after *Continue*, which hides itself (the next day's table takes the focus).
"""

from __future__ import annotations

from typing import Any

from voila_harness import PLAY, table_html, visible, wait_kernel_idle

from icecream.core.messages import t

SMALL = {"width": 1024, "height": 640}
#: Tabs from anywhere to anything on the page (the form open, every control): a bound,
#: so that a control the focus never reaches fails the test instead of looping.
MAX_TABS = 80

#: JS: whether the focused element is (inside) what ``sel`` matches.
FOCUSED_JS = "(sel) => !!(document.activeElement && document.activeElement.closest(sel))"


def tab_to(page: Any, selector: str) -> int:
    """Press Tab until the focus is on (or inside) ``selector``; the Tabs it took."""
    for tabs in range(MAX_TABS + 1):
        if page.evaluate(FOCUSED_JS, selector):
            return tabs
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} not reached with {MAX_TABS} Tabs; the focus is on "
                         + page.evaluate("() => document.activeElement?.outerHTML?.slice(0, 200)"))


def type_number(page: Any, selector: str, value: int) -> None:
    """Tab to the number field ``selector`` and type ``value`` over what it holds."""
    tab_to(page, f"{selector} input")
    page.keyboard.press("Control+A")
    page.keyboard.type(str(value))


def test_a_whole_game_is_played_with_tab_enter_and_space(open_page: Any, check: Any,
                                                        report: Any) -> None:
    page = open_page("play")
    page.set_viewport_size(SMALL)
    wait_kernel_idle(page, settle_ms=300, timeout=60)
    page.evaluate("() => document.activeElement?.blur()")
    # The new-game form, by keyboard: 2 players, seed 5, 2 days (a Continue between them).
    tab_to(page, f"{PLAY} .ic-settings-toggle")
    page.keyboard.press("Enter")
    page.locator(f"{PLAY} .ic-settings .ic-new-game").wait_for(state="visible")
    type_number(page, f"{PLAY} .ic-setting-players", 2)
    type_number(page, f"{PLAY} .ic-setting-seed", 5)
    type_number(page, f"{PLAY} .ic-setting-days", 2)
    tab_to(page, f"{PLAY} .ic-settings .ic-new-game")
    wait_kernel_idle(page, settle_ms=300)
    before = table_html(page)
    page.keyboard.press("Enter")
    page.wait_for_function(  # a 2-player table
        "([sel, old]) => { const s = document.querySelector(sel);"
        " return s && s.outerHTML !== old && s.querySelectorAll('.ic-player').length === 2; }",
        arg=[f"{PLAY} .ic-table svg", before], timeout=60_000)
    wait_kernel_idle(page)
    assert "1" in page.eval_on_selector(f"{PLAY} .ic-table .ic-phase", "e => e.textContent")

    moves, tabs_after_a_move, keys, continued = 0, [], ("Enter", " "), False
    after_continue: list[int] = []
    while not visible(page, f"{PLAY} .ic-summary-new-game"):
        assert moves < 60, "the game did not end"
        if visible(page, f"{PLAY} .ic-continue"):  # the day is scored: Continue
            tab_to(page, f"{PLAY} .ic-continue")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(sel) => !document.querySelector(sel)?.offsetParent",
                arg=f"{PLAY} .ic-continue", timeout=30_000)
            # Continue hid itself; the focus goes on in the next day's table, not at the
            # page's top (the table looks for the lost focus after it is drawn).
            page.wait_for_function(FOCUSED_JS, arg=f"{PLAY} .ic-table", timeout=10_000)
            continued = True
        else:
            tabs = tab_to(page, f"{PLAY} .ic-table .ic-option:not(.ic-forbidden)")
            if moves or continued:  # after a move or Continue the focus stays near
                tabs_after_a_move.append(tabs)
                if continued:
                    after_continue.append(tabs)
            continued = False
            before = table_html(page)
            page.keyboard.press(keys[moves % 2])  # Enter and Space both choose
            page.wait_for_function(
                "([sel, old]) => document.querySelector(sel)?.outerHTML !== old",
                arg=[f"{PLAY} .ic-table svg", before], timeout=30_000)
            moves += 1
        wait_kernel_idle(page, settle_ms=100)
    summary = page.locator(f"{PLAY} .ic-round-summary").inner_text()
    assert t("widgets.summary.over") in summary, summary
    # The focus stayed in the table: the next option was never a long walk away.
    assert moves >= 5 and max(tabs_after_a_move) <= 3, str(tabs_after_a_move)
    assert after_continue, "no day was continued into"
    report(f"keyboard-only game: Ice Cream, 2 players, 2 days: {moves} moves by Enter/Space, "
           f"at most {max(tabs_after_a_move)} Tabs to the next option "
           f"({after_continue} after Continue)")
    check(page)
