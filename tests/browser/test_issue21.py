"""play.ipynb at 1024x640 in a real Chromium, for the defects of issue 21 a test can see:
what happened since your move is on screen, the forbidden options are one click away, the
new-game form opens in view, shows every field and closes once the game starts, a game
that scores at its end has no "This round" column, and in Dutch the bots are named by what
they do, the game is "IJs" with its own rules, and the hint survives the language switch.
"""

from __future__ import annotations

from typing import Any

from voila_harness import (
    PLAY,
    VoilaServer,
    click_option,
    close_page,
    open_settings,
    option_actions,
    select_in,
    start_new_game,
    text_of,
    wait_kernel_idle,
)

from icecream.bots import bot_names
from icecream.core.messages import t
from icecream.widgets import GameExplorer
from icecream.widgets.controls import game_title, kind_label

SMALL = {"width": 1024, "height": 640}
#: ipywidgets shows an option's spaces as no-break spaces: read them as spaces.
NBSP = ".replace(/\\u00a0/g, ' ')"
#: The play dashboard's own game (dashboards/play.ipynb), to know what its bots do.
PAGE_GAME = {"players": 4, "seed": 1, "bots": ["human", "heuristic", "heuristic", "heuristic"],
             "perspective": 0}


def _box(page: Any, selector: str) -> dict:
    return page.eval_on_selector(selector, "e => e.getBoundingClientRect().toJSON()")


def test_play_page_shows_what_happened_and_keeps_the_panels_short(
        open_page: Any, check: Any, voila_server: VoilaServer) -> None:
    page = open_page("play")
    page.set_viewport_size(SMALL)
    wait_kernel_idle(page)
    # The same game in-process: the page's first option, then the bots' answers.
    twin = GameExplorer(**PAGE_GAME)
    actions = option_actions(page)  # the allowed ones
    before = twin.history.cursor
    assert twin.click(actions[0]), twin.message
    events = twin.session.events_since(before)
    assert twin.history.cursor - before > 1 and len(events) > 1, "the bots answered"
    click_option(page, 0)
    wait_kernel_idle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shown = text_of(page, f"{PLAY} .ic-message")
    for text in events:  # every bot's move, not only the last one
        assert text in shown, (text, shown)
    box = _box(page, f"{PLAY} .ic-message")
    assert box["top"] >= 0 and box["bottom"] <= SMALL["height"], box  # on screen
    clamp = page.eval_on_selector(f"{PLAY} .ic-message div",
                                  "e => getComputedStyle(e).webkitLineClamp")
    assert clamp in ("none", "", None), clamp  # nothing cut with "…"

    # Forbidden options are one click away, so the seats stay near the table.
    start_new_game(page, game_title("combo-cone"), players=2, seed=3)
    forbidden = page.locator(f"{PLAY} .ic-explain li.ic-forbidden")
    assert forbidden.count() > 0 and not forbidden.first.is_visible()
    assert _box(page, f"{PLAY} .ic-seats")["top"] < 2 * SMALL["height"]
    page.click(f"{PLAY} .ic-forbidden-list summary")
    assert forbidden.first.is_visible()

    # The form closed when the game started; opened again it is in view, every field filled.
    assert not page.locator(f"{PLAY} .ic-settings").is_visible()
    open_settings(page)
    assert _box(page, f"{PLAY} .ic-settings")["top"] < SMALL["height"] / 2
    limit = page.eval_on_selector(f"{PLAY} .ic-setting-rainbow_hand_limit select",
                                  "s => (s.selectedIndex >= 0 ? s.options[s.selectedIndex].text"
                                  f" : ''){NBSP}")
    assert limit == t("setting.combo-cone.rainbow_hand_limit.None")
    page.click(f"{PLAY} .ic-settings-toggle")

    # A game that scores at its end: the summary has no "This round" column.
    page.click(f"{PLAY} .ic-play-to-end")
    page.wait_for_selector(f"{PLAY} .ic-summary-new-game:visible", timeout=180_000)
    summary = text_of(page, f"{PLAY} .ic-round-summary")
    assert t("widgets.summary.over") in summary
    assert t("widgets.summary.this_round") not in summary
    check(page)
    close_page(page, voila_server)


def test_dutch_play_page_names_bots_and_game_and_keeps_the_hint(
        open_page: Any, check: Any, voila_server: VoilaServer) -> None:
    page = open_page("play")
    page.set_viewport_size(SMALL)
    wait_kernel_idle(page)
    page.click(f"{PLAY} .ic-hint-toggle")
    wait_kernel_idle(page)
    select_in(page, ".ic-language", label="Nederlands")
    page.wait_for_function(
        "(text) => document.querySelector('.ic-header')?.innerText.includes(text)",
        arg=t("dashboard.play.title", "nl"))
    wait_kernel_idle(page, settle_ms=300)
    # The hint is still on (a ToggleButton that is on has the class mod-active).
    assert "mod-active" in page.get_attribute(f"{PLAY} .ic-hint-toggle", "class")
    # Seats: bots named by what they do, in Dutch.
    labels = page.eval_on_selector_all(f"{PLAY} .ic-seat-1 option",
                                       f"os => os.map(o => o.text{NBSP})")
    assert labels == [kind_label(k, "nl") for k in ["human", *bot_names()]]
    assert not any(label.endswith(name) for label in labels for name in ("greedy", "ismcts"))
    # The game is IJs, played by the Dutch summary's rules, and the form offers them first.
    open_settings(page)
    game = page.eval_on_selector(f"{PLAY} .ic-game-select select",
                                 f"s => s.options[s.selectedIndex].text{NBSP}")
    assert game == "IJs"
    ruleset = page.eval_on_selector(f"{PLAY} .ic-setting-ruleset select",
                                    f"s => s.options[s.selectedIndex].text{NBSP}")
    assert ruleset == t("setting.ice-cream.ruleset.ijs", "nl")
    check(page)
    close_page(page, voila_server)
