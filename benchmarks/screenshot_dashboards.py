"""Screenshots of every dashboard in a real Chromium, to look at (PNG files).

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_dashboards.py [--out DIR]
[--size 1280x800 --size 1024x640]`` (default ``/tmp/shots``, both sizes). It starts its
own Voila on 127.0.0.1 and a free port with ./voila.json, and writes, per window size
``WxH`` (what a student sees without scrolling, the window only):

* ``WxH_play_start.png``: play.ipynb as it opens (seat 1's view, bots on the other seats);
* ``WxH_play_serving.png``: seat 1's view in phase 3 (serving), or its first decision there;
* ``WxH_play_scoring.png``: the end of day 1: the scoring summary beside the table;
* ``WxH_play_over.png``: the game over summary after "Play to the end";
* ``WxH_play_forbidden.png``: a forbidden option clicked: its reason shown in place;
* ``WxH_examples_start.png`` / ``WxH_examples_outcome.png``: Dan and Larry's scoring
  example before and after every "next step";
* ``WxH_what_if_compare.png``, ``WxH_what_if_position.png``: the what-if tabs after "run".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    PLAY,
    TABLE,
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    click_option,
    close_page,
    new_context,
    open_dashboard,
    option_actions,
    python_errors,
    select_in,
    text_of,
    wait_kernel_idle,
)

from icecream.core.messages import t  # noqa: E402
from icecream.games.ice_cream import EXAMPLES  # noqa: E402


def shoot(page: Any, out: Path, name: str) -> None:
    """The window as a student sees it, without scrolling."""
    wait_kernel_idle(page)
    page.wait_for_timeout(400)  # let plotly finish its transitions
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"  {path}")


def seat1() -> str:
    return t("widgets.label.seat_view", player=t("ui.default_name", seat=1))


def play(browser: Any, server: VoilaServer, out: Path, watch: PageWatch, size: dict,
         tag: str) -> Any:
    ctx = new_context(browser, watch, viewport=size)
    page = open_dashboard(ctx, server, "play", watch)
    page.wait_for_selector(f"{TABLE} .ic-option")
    shoot(page, out, f"{tag}_play_start")
    phase3 = t("phase.serving")
    for _ in range(80):  # seat 1 plays its first option; the bots answer
        if phase3 in text_of(page, f"{TABLE} .ic-phase") and option_actions(page):
            break
        click_option(page, 0)
    shoot(page, out, f"{tag}_play_serving")
    forbidden = page.locator(f"{TABLE} .ic-forbidden")
    if forbidden.count():
        forbidden.first.click(force=True)  # aria-disabled: it explains, not plays
        page.wait_for_selector(f"{TABLE} .ic-why-not:not([hidden])")
        shoot(page, out, f"{tag}_play_forbidden")
    for _ in range(80):
        if page.locator(f"{PLAY} .ic-round-summary h3").count():
            break
        click_option(page, 0)
    shoot(page, out, f"{tag}_play_scoring")
    page.click(f"{PLAY} .ic-continue")
    wait_kernel_idle(page)
    page.click(f"{PLAY} .ic-play-to-end")
    page.wait_for_selector(f"{PLAY} .ic-summary-new-game:visible", timeout=60_000)
    shoot(page, out, f"{tag}_play_over")
    return page


def examples(browser: Any, server: VoilaServer, out: Path, watch: PageWatch, size: dict,
             tag: str) -> Any:
    ctx = new_context(browser, watch, viewport=size)
    page = open_dashboard(ctx, server, "rulebook_examples", watch)
    ex = EXAMPLES["dan_larry_scoring"]
    select_in(page, ".ic-example-select", label=ex.title())
    page.wait_for_function(
        "(text) => (document.querySelector('.ic-example-rulebook')?.innerText || '')"
        ".includes(text)", arg=ex.title())
    shoot(page, out, f"{tag}_examples_start")
    while not page.locator(".ic-example-next").is_disabled():
        page.click(".ic-example-next")
        wait_kernel_idle(page)
    page.wait_for_function(
        "() => (document.querySelector('.ic-example-outcome')?.innerText || '').trim()")
    shoot(page, out, f"{tag}_examples_outcome")
    return page


def what_if(browser: Any, server: VoilaServer, out: Path, watch: PageWatch, size: dict,
            tag: str) -> Any:
    ctx = new_context(browser, watch, viewport=size)
    page = open_dashboard(ctx, server, "what_if", watch)
    page.fill(".ic-compare-games input", "60")  # a few seconds even on a busy machine
    page.keyboard.press("Tab")
    page.click(".ic-compare-run")
    page.wait_for_selector(".ic-compare-chart .js-plotly-plot .trace", timeout=90_000)
    shoot(page, out, f"{tag}_what_if_compare")
    page.get_by_text(t("widgets.whatif.position"), exact=True).click()
    page.fill(".ic-position-samples input", "60")
    page.keyboard.press("Tab")
    page.click(".ic-position-run")
    page.wait_for_selector(".ic-position-chart .js-plotly-plot .trace", timeout=90_000)
    shoot(page, out, f"{tag}_what_if_position")
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--size", action="append", help="window WxH (default: both)")
    parser.add_argument("--only", choices=("play", "examples", "what_if"), action="append")
    args = parser.parse_args(argv)
    sizes = args.size or ["1280x800", "1024x640"]
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    failed = False
    makers = [m for m in (play, examples, what_if)
              if not args.only or m.__name__ in args.only]
    with VoilaServer() as server, chromium_session() as browser:
        for tag in sizes:
            width, height = (int(x) for x in tag.split("x"))
            for make in makers:
                watch = PageWatch()
                print(f"{tag} {make.__name__}:")
                page = make(browser, server, args.out, watch,
                            {"width": width, "height": height}, tag)
                problems = watch.problems() + python_errors(page)
                if problems:
                    failed = True
                    print(f"  ERRORS: {problems}")
                close_page(page, server)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
