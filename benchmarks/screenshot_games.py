"""Screenshots of every registered game in the play dashboard, in a real Chromium.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_games.py [--out DIR]
[--size 1280x800 --size 1024x640] [--game combo-cone] [--lang nl]`` (default ``/tmp/shots``,
both sizes, every game, English; another language is chosen on the page first and named
in the file names). It starts its own Voila on 127.0.0.1 and a free port with
./voila.json and, per window size ``WxH`` and game, opens ``play.ipynb``, starts a
2-player game of that game from the new-game form (seat 1 human, seat 2 a heuristic bot,
seat 1's view), and writes what a student sees without scrolling (the window only):

* ``WxH_<game>_start.png``: the first decision of seat 1;
* ``WxH_<game>_mid.png``: seat 1's decision after about a third of its usual clicks;
* ``WxH_<game>_score.png``: the first scoring moment met on the way (a round's summary,
  or the first click after which a score changed);
* ``WxH_<game>_over.png``: the game-over summary after "Play to the end".

It also prints, per shot, where the table ends against the window's height, the smallest
text's drawn height in px, and whether every option is inside the window.
"""

from __future__ import annotations

import argparse
import random
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
    start_new_game,
    wait_kernel_idle,
)

import icecream  # noqa: E402
from icecream.core.messages import t  # noqa: E402
from icecream.widgets.controls import game_title, kind_label  # noqa: E402

#: Number settings that keep a game short enough to reach its end quickly.
SHORT = {"ice-cream": {"days": 2}}
#: Seat 1's clicks before the mid-game shot.
MID_CLICKS = 12


def shoot(page: Any, out: Path, name: str, size: dict) -> None:
    """The window as a student sees it, without scrolling; and what lies outside it."""
    wait_kernel_idle(page)
    page.wait_for_timeout(300)
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    boxes = page.eval_on_selector_all(
        f"{TABLE} .ic-option", "els => els.map(e => e.getBoundingClientRect().toJSON())")
    outside = [b for b in boxes if b["top"] < 0 or b["bottom"] > size["height"]
               or b["left"] < 0 or b["right"] > size["width"]]
    table = page.eval_on_selector(f"{TABLE} svg", "e => e.getBoundingClientRect().toJSON()")
    # The smallest text as drawn on screen (the table is scaled to its box; issue 11).
    smallest = page.eval_on_selector_all(
        f"{TABLE} svg text", "els => Math.min(...els.filter(e => e.textContent.trim())"
        ".map(e => e.getBoundingClientRect().height))")
    print(f"  {path}: table {table['width']:.0f}x{table['height']:.0f} at y={table['y']:.0f}"
          f" (bottom {table['bottom']:.0f} of {size['height']}), smallest text "
          f"{smallest:.1f} px high, {len(boxes)} options, {len(outside)} outside the window")


def to_top(page: Any) -> None:
    """Scroll back to the top, where a student starts (Voila scrolls an inner box)."""
    page.evaluate("() => { window.scrollTo(0, 0);"
                  " for (const e of document.querySelectorAll('*')) e.scrollTop = 0; }")


def continue_if_scored(page: Any) -> None:
    """Close a round's scoring summary with its Continue button, as a student does."""
    button = page.locator(f"{PLAY} .ic-continue")
    if button.count() and button.first.is_visible():
        button.first.click()
        page.wait_for_selector(f"{PLAY} .ic-summary-box", state="hidden")
        wait_kernel_idle(page)


def scores_text(page: Any) -> str:
    """The scores panel's text (a change means somebody scored)."""
    return page.inner_text(f"{PLAY} .ic-scores")


def visible_summary(page: Any) -> bool:
    """Whether a round's scoring summary is shown."""
    box = page.locator(f"{PLAY} .ic-summary-box")
    return box.count() > 0 and box.first.is_visible()


def play(browser: Any, server: VoilaServer, out: Path, watch: PageWatch, size: dict,
         tag: str, game: str, lang: str = "en") -> Any:
    ctx = new_context(browser, watch, viewport=size)
    page = open_dashboard(ctx, server, "play", watch)
    if lang != "en":
        select_in(page, ".ic-language", label=t(f"language.{lang}", lang))
        wait_kernel_idle(page, settle_ms=500)
        tag = f"{tag}_{lang}"
    select_in(page, f"{PLAY} .ic-seat-1", label=kind_label("heuristic", lang))
    wait_kernel_idle(page)
    start_new_game(page, game_title(game, lang), players=2, seed=3,
                   numbers=SHORT.get(game, {}))
    page.wait_for_selector(f"{PLAY} .ic-settings", state="hidden")  # it closes on its own
    wait_kernel_idle(page)
    to_top(page)
    shoot(page, out, f"{tag}_{game}_start", size)
    rng = random.Random(1)
    clicks = 0
    scored = mid = False
    while clicks < 4 * MID_CLICKS and (clicks < MID_CLICKS or not scored):
        if not scored and visible_summary(page):
            to_top(page)
            shoot(page, out, f"{tag}_{game}_score", size)
            scored = True
        continue_if_scored(page)
        if clicks >= MID_CLICKS and not mid:
            to_top(page)
            shoot(page, out, f"{tag}_{game}_mid", size)
            mid = True
        actions = option_actions(page)
        if not actions:
            break
        before = scores_text(page)
        click_option(page, rng.randrange(len(actions)))
        clicks += 1
        wait_kernel_idle(page)
        if not scored and scores_text(page) != before and not visible_summary(page):
            to_top(page)
            shoot(page, out, f"{tag}_{game}_score", size)
            scored = True
    if not mid:
        continue_if_scored(page)
        to_top(page)
        shoot(page, out, f"{tag}_{game}_mid", size)
    if page.locator(f"{PLAY} .ic-play-to-end").is_enabled():
        page.click(f"{PLAY} .ic-play-to-end")
    page.wait_for_selector(f"{PLAY} .ic-summary-new-game:visible", timeout=120_000)
    to_top(page)
    shoot(page, out, f"{tag}_{game}_over", size)
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--size", action="append", help="window WxH (default: both)")
    parser.add_argument("--game", choices=icecream.list_games(), action="append")
    parser.add_argument("--lang", default="en", choices=icecream.languages())
    args = parser.parse_args(argv)
    sizes = args.size or ["1024x640", "1280x800"]
    games = args.game or icecream.list_games()
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    failed = False
    with VoilaServer() as server, chromium_session() as browser:
        for tag in sizes:
            width, height = (int(x) for x in tag.split("x"))
            for game in games:
                watch = PageWatch()
                print(f"{tag} {game}:")
                page = play(browser, server, args.out, watch,
                            {"width": width, "height": height}, tag, game, args.lang)
                problems = watch.problems() + python_errors(page)
                if problems:
                    failed = True
                    print(f"  ERRORS: {problems}")
                close_page(page, server)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
