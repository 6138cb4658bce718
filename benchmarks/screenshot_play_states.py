"""Screenshots of issue 33's play-page fixes (double clicks, runs, language switches), 1024x640.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_play_states.py [--out DIR]
[--lang en --lang nl]`` (default ``/tmp/shots-play-states``, both languages). It starts its
own Voila with ``ICECREAM_QUICK=1`` and writes, as a student sees the window (``L`` is the
language the page is in when the shot is taken):

* ``L_keep_double.png``: Ice Cream, Keep double-clicked: played once, the bots' moves
  listed, no "Not allowed";
* ``L_continue_double.png``: the day's end, Continue double-clicked: day 2 dealt once, the
  deal and the bots' moves listed, Player 1 to act;
* ``L_forbidden.png``: Combo Cone, a forbidden option clicked: its reason once, under it,
  and the list of moves kept;
* ``L_running.png``: Play to the end with bots that think ahead: the Stop bar, the prompt
  saying moves are being played, no option highlighted;
* ``L2_switched.png``: the same run after a language switch within 2 s (``L2`` is the other
  language): the run goes on in sight, its Stop bar and a message saying so;
* ``L2_stopped.png``: after Stop: the step count is the last step, nothing played unseen.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from screenshot_a11y import open_in, shoot, shoot_main  # noqa: E402
from voila_harness import (  # noqa: E402
    OPTIONS,
    PLAY,
    TABLE,
    PageWatch,
    VoilaServer,
    close_page,
    select_in,
    start_new_game,
    table_html,
    wait_kernel_idle,
    wait_table_change,
)

from icecream import languages  # noqa: E402
from icecream.core.messages import t  # noqa: E402
from icecream.widgets.controls import kind_label  # noqa: E402
from icecream.widgets.hooks import game_title  # noqa: E402

PROMPT = f"{PLAY} .ic-prompt [data-page-state]"
KEEP = f"{TABLE} .ic-option[data-action='{{\"type\":\"keep\"}}']"


def wait_state(page: Any, *states: str, timeout: float = 180.0) -> None:
    """Wait until the page's state machine is in one of ``states`` and the kernel idle."""
    page.wait_for_function(
        "([sel, states]) => states.includes(document.querySelector(sel)?.dataset.pageState)",
        arg=[PROMPT, list(states)], timeout=timeout * 1000)
    wait_kernel_idle(page, timeout=timeout)


def double_clicks(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch,
                  lang: str) -> None:
    page = open_in(ctx, server, "play", watch, lang)
    wait_state(page, "your_turn")
    page.locator(KEEP).dblclick()
    wait_state(page, "your_turn")
    shoot(page, out, f"{lang}_keep_double")
    page.click(f"{PLAY} .ic-finish-round")
    wait_state(page, "scoring")
    page.locator(f"{PLAY} .ic-continue").dblclick()
    wait_state(page, "your_turn")
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, f"{lang}_continue_double")
    close_page(page, server)


def forbidden(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    page = open_in(ctx, server, "play", watch, lang)
    start_new_game(page, game_title("combo-cone", lang), 3, 3)
    wait_state(page, "your_turn")
    before = table_html(page)
    page.locator(OPTIONS).first.click()
    wait_table_change(page, before, timeout=60)
    wait_state(page, "your_turn")
    option = page.locator(f"{TABLE} .ic-option.ic-forbidden").first
    option.click(force=True)  # (aria-disabled: Playwright would wait for it to enable)
    page.locator(f"{TABLE} .ic-why-not").wait_for(state="visible")
    option.scroll_into_view_if_needed()
    shoot(page, out, f"{lang}_forbidden")
    close_page(page, server)


def run_and_switch(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch,
                   lang: str) -> None:
    other = next(code for code in languages() if code != lang)
    page = open_in(ctx, server, "play", watch, lang)
    slow = kind_label("ismcts", lang)
    for seat in (1, 2, 3):  # (ipywidgets shows a label's spaces as no-break spaces)
        select_in(page, f"{PLAY} .ic-seat-{seat}", label=slow.replace(" ", "\xa0"))
        wait_state(page, "your_turn")
    before = table_html(page)
    page.locator(KEEP).click()
    wait_table_change(page, before, timeout=120)
    wait_state(page, "your_turn")
    page.click(f"{PLAY} .ic-play-to-end")
    page.wait_for_selector(f"{PLAY} .ic-prompt [data-page-state='running']", timeout=60_000)
    page.wait_for_timeout(1500)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"{lang}_running.png"))  # no idle kernel to wait for
    print(f"  {out / f'{lang}_running.png'}")
    select_in(page, ".ic-language", label=t(f"language.{other}", other))
    page.wait_for_function(
        "([sel, words]) => (document.querySelector(sel)?.innerText || '').includes(words)",
        arg=[f"{PLAY} .ic-prompt", t("widgets.prompt.running", other)], timeout=120_000)
    shown = table_html(page)
    wait_table_change(page, shown, timeout=60)  # the moves are drawn as they come
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"{other}_switched.png"))
    print(f"  {out / f'{other}_switched.png'}")
    page.click(f"{PLAY} .ic-budget-stop")
    wait_state(page, "your_turn", "idle", "scoring", "over")
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, f"{other}_stopped")
    close_page(page, server)


MAKERS = (double_clicks, forbidden, run_and_switch)


def main(argv: list[str] | None = None) -> int:
    return shoot_main(MAKERS, __doc__, Path("/tmp/shots-play-states"), argv)


if __name__ == "__main__":
    raise SystemExit(main())
