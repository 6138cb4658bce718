"""play.ipynb in Dutch, in a real Chromium: the language switch, a new game with the IJs
ruleset, a whole day played by clicks, and no English catalog text anywhere on the page.

"No English" is checked against the English catalog: every literal piece of an English
text (placeholders cut out) that no Dutch text contains must not appear in the page's
text, its tooltips, its SVG titles or its selectors' options.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from voila_harness import (
    PLAY,
    TABLE,
    VoilaServer,
    click_option,
    close_page,
    option_actions,
    select_in,
    set_seat,
    set_view,
    text_of,
    wait_kernel_idle,
)

from icecream.core.messages import catalog, t

NL = "nl"
SCREENSHOT = Path("/tmp/icecream-dutch-day.png")


def _forms(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else [v for k, v in value.items() if k != "param"]


def english_only_fragments(min_len: int = 4) -> set[str]:
    """Literal pieces of English catalog texts that no Dutch catalog text contains."""
    en, nl = catalog("en"), catalog(NL)
    dutch = " ".join(text for value in nl.values() for text in _forms(value))
    out = set()
    for key, value in en.items():
        if nl.get(key) == value:  # the same in both languages (a language's own name)
            continue
        for text in _forms(value):
            for piece in re.split(r"\{[^}]*\}", text):
                piece = piece.strip(" .,:;()'\"-–—")
                if len(piece) >= min_len and piece not in dutch:
                    out.add(piece)
    return out


FRAGMENTS = english_only_fragments()

PAGE_TEXTS_JS = """() => {
  const out = [document.body.innerText];
  for (const el of document.querySelectorAll('title')) out.push(el.textContent);
  for (const el of document.querySelectorAll('[title]')) out.push(el.getAttribute('title'));
  for (const el of document.querySelectorAll('option')) out.push(el.textContent);
  for (const el of document.querySelectorAll('input[placeholder]')) out.push(el.placeholder);
  return out.join('\\n');
}"""


def english_on_page(page: Any) -> list[str]:
    text = page.evaluate(PAGE_TEXTS_JS)
    return sorted(p for p in FRAGMENTS if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text))


def wait_for_text(page: Any, selector: str, text: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel);"
        " return el && el.textContent.includes(text); }",
        arg=[selector, text], timeout=timeout)


def summary_shown(page: Any) -> bool:
    return bool(page.evaluate(
        "(sel) => { const el = document.querySelector(sel);"
        " return !!el && el.innerText.trim().length > 0; }", f"{PLAY} .ic-round-summary"))


def play_day(page: Any, rng: random.Random, max_clicks: int = 400) -> list[dict[str, Any]]:
    """Click random offered options until the day's scoring is shown (IC-13)."""
    clicked: list[dict[str, Any]] = []
    while not summary_shown(page):
        actions = option_actions(page)
        assert actions, f"no option offered mid-day after {clicked[-5:]}"
        assert len(clicked) < max_clicks, "the day did not end"
        k = rng.randrange(len(actions))
        click_option(page, k)
        clicked.append(actions[k])
        wait_kernel_idle(page)  # the summary is another widget: it may follow the table
    return clicked


def test_the_check_finds_english_on_an_english_page(open_page: Any, check: Any,
                                                    voila_server: VoilaServer) -> None:
    """The leak check can fail: the English page is full of English catalog pieces."""
    page = open_page("play")
    wait_kernel_idle(page)
    leaks = english_on_page(page)
    assert t("widgets.button.undo") in leaks and len(leaks) > 20, leaks
    check(page)
    close_page(page, voila_server)


def test_a_day_of_ijs_played_in_dutch(open_page: Any, check: Any,
                                      voila_server: VoilaServer, report: Any) -> None:
    page = open_page("play")
    wait_kernel_idle(page)
    select_in(page, ".ic-language", label="Nederlands")
    wait_for_text(page, ".ic-header", t("dashboard.play.title", NL))
    wait_for_text(page, f"{TABLE} .ic-phase", t("ic.phase.deliveries", NL))
    wait_kernel_idle(page)
    assert english_on_page(page) == []

    # A new game with the Dutch summary's rules (IJs), from the new-game form.
    page.click(f"{PLAY} .ic-settings-toggle")
    select_in(page, f"{PLAY} .ic-setting-ruleset",
              label=t("setting.ice-cream.ruleset.ijs", NL))
    wait_kernel_idle(page)
    page.click(f"{PLAY} .ic-new-game")
    wait_for_text(page, f"{PLAY} .ic-message", t("widgets.msg.new_game", NL, players="")[:10])
    wait_kernel_idle(page)
    set_view(page, t("widgets.label.teacher_view", NL))
    for seat in (1, 2, 3):
        set_seat(page, seat, t("widgets.label.human", NL))
    assert english_on_page(page) == []

    clicked = play_day(page, random.Random(11))
    wait_kernel_idle(page)
    assert any(a["type"] in ("serve", "draw") for a in clicked)
    summary = text_of(page, f"{PLAY} .ic-round-summary")
    assert t("widgets.summary.round", NL, round=t("ui.day_n.inline", NL, n=1)) in summary, summary
    assert "Speler 1" in summary and "scoort" in summary  # default names are Dutch too
    log = text_of(page, f"{PLAY} .ic-log")
    assert "scoort" in log and "startspeler" in log, log[:400]
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    leaks = english_on_page(page)
    assert leaks == [], leaks
    report(f"Dutch day: {len(clicked)} clicks, no English catalog text; screenshot {SCREENSHOT}")
    check(page)
    close_page(page, voila_server)


def test_examples_and_what_if_dashboards_in_dutch(open_page: Any, check: Any,
                                                  voila_server: VoilaServer) -> None:
    """The other two dashboards switch too: a rulebook example stepped through in Dutch,
    and the what-if board's controls, with no English catalog text on either page."""
    page = open_page("rulebook_examples")
    wait_kernel_idle(page)
    select_in(page, ".ic-language", label="Nederlands")
    wait_for_text(page, ".ic-header", t("dashboard.examples.title", NL))
    wait_kernel_idle(page)
    page.click(".ic-example-explorer .ic-example-next")  # the first example has one step
    wait_kernel_idle(page)
    wait_for_text(page, ".ic-example-note", t("widgets.example.step_note", NL, step=1,
                                                steps=1, note="")[:6])
    wait_for_text(page, ".ic-example-outcome", t("widgets.example.outcome", NL))
    page.screenshot(path="/tmp/icecream-dutch-examples.png", full_page=True)
    assert english_on_page(page) == []
    check(page)
    close_page(page, voila_server)

    page = open_page("what_if")
    wait_kernel_idle(page)
    select_in(page, ".ic-language", label="Nederlands")
    wait_for_text(page, ".ic-header", t("dashboard.what_if.title", NL))
    wait_kernel_idle(page)
    page.screenshot(path="/tmp/icecream-dutch-whatif.png", full_page=True)
    assert english_on_page(page) == []
    check(page)
    close_page(page, voila_server)


def test_quiz_dashboard_in_dutch(open_page: Any, check: Any, voila_server: VoilaServer) -> None:
    """The quiz switches too: its questions come back in Dutch, with no English on the page."""
    page = open_page("quiz")
    wait_kernel_idle(page)
    select_in(page, ".ic-language", label="Nederlands")
    wait_for_text(page, ".ic-header", t("teach.dashboard.title", NL))
    wait_for_text(page, ".ic-quiz-progress", t("teach.ui.progress", NL, number=1, count=8,
                                                 right=0, answered=0)[:5])
    wait_kernel_idle(page)
    page.screenshot(path="/tmp/icecream-dutch-quiz.png", full_page=True)
    assert english_on_page(page) == []
    check(page)
    close_page(page, voila_server)
