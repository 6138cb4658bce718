"""Screenshots of every tutorial (issue 20) played by clicks in a real Chromium.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_tutorials.py [--out DIR]
[--size 1024x640]`` (default ``/tmp/shots/tutorial``). It starts its own Voila, opens
``tutorial.ipynb?tutorial=<id>&lang=<lang>`` for each tutorial in the language it is
written for first (IJs in Dutch, the others in English), clicks the highlighted option of
every step (or Next), and writes ``<id>_<lang>_step<k>.png`` for four steps: the first
move, a move after a wrong click (its explanation shown), the last move and the last step;
then ``<id>_<lang>_quiz.png`` and ``<id>_<lang>_quiz2.png`` (its first two questions).
``--lang en nl`` shoots every tutorial in each language named instead. It prints the
number of steps and moves of each tutorial, and how long the page took to answer its
clicks (what a learner waits for, the screenshots left out).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    MAIN_WIDGET,
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    close_page,
    new_context,
    python_errors,
    wait_kernel_idle,
    watch_page,
)

from icecream.teach.tutorial import all_tutorials  # noqa: E402

T = ".ic-tutorial"
#: The language each tutorial is shot in (the one its ruleset is written for).
LANGUAGE = {"ijs": "nl"}


def open_tutorial(ctx: Any, server: VoilaServer, watch: PageWatch, tid: str,
                  lang: str) -> Any:
    """The tutorial page opened on ``tid`` in ``lang``."""
    page = ctx.new_page()
    watch_page(page, watch)
    page.goto(f"{server.dashboard_url('tutorial')}?tutorial={tid}&lang={lang}",
              wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_selector(MAIN_WIDGET["tutorial"], state="visible", timeout=120_000)
    wait_kernel_idle(page, settle_ms=300)
    return page


def progress(page: Any) -> str:
    return page.inner_text(f"{T} .ic-tutorial-progress")


def advance(page: Any) -> float:
    """Click the highlighted option (or Next on a step to read); wait for the next step.

    Returns the seconds from the click to the next step shown and the kernel idle."""
    start = time.perf_counter()
    before = progress(page)
    target = page.locator(f"{T} .ic-target")
    if target.count():
        target.first.click()
    else:
        page.click(f"{T} .ic-tutorial-next")
    page.wait_for_function(
        "([sel, old]) => (document.querySelector(sel)?.innerText || '') !== old",
        arg=[f"{T} .ic-tutorial-progress", before], timeout=60_000)
    wait_kernel_idle(page, settle_ms=200)
    return time.perf_counter() - start


def wrong_click(page: Any) -> bool:
    """Click an option that is not highlighted, if the table has one; wait for the reply."""
    other = page.locator(f"{T} .ic-option:not(.ic-target)")
    if not other.count():
        return False
    other.first.click()
    page.wait_for_function(
        "(sel) => (document.querySelector(sel)?.innerText || '').trim().length > 0",
        arg=f"{T} .ic-tutorial-reply", timeout=60_000)
    wait_kernel_idle(page, settle_ms=200)
    return True


def shoot(tut: Any, page: Any, out: Path, lang: str) -> tuple[list[Path], list[float]]:
    """Click through ``tut``, shooting three steps and the quiz; the paths and each
    step's answer time."""
    moves = [k for k, s in enumerate(tut.steps) if not s.reading]
    middle = moves[len(moves) // 2]
    shots, waits = [], []
    for k in range(len(tut.steps)):
        # The last step too: the count at the end (Gelato Mio's served balls, issue 31).
        if k in (moves[0], middle, moves[-1], len(tut.steps) - 1):
            if k == middle:
                wrong_click(page)
            path = out / f"{tut.id}_{lang}_step{k + 1}.png"
            page.screenshot(path=str(path))
            shots.append(path)
        waits.append(advance(page))
    path = out / f"{tut.id}_{lang}_quiz.png"
    page.screenshot(path=str(path))
    shots.append(path)
    # The second question too: the first asks about setup, the next about a position met
    # (its picture is the learner's own view, with no move marked).
    before = page.inner_text(f"{T} .ic-quiz-progress")
    page.click(f"{T} .ic-quiz-next")
    page.wait_for_function(
        "([sel, old]) => (document.querySelector(sel)?.innerText || '') !== old",
        arg=[f"{T} .ic-quiz-progress", before], timeout=60_000)
    wait_kernel_idle(page, settle_ms=200)
    path = out / f"{tut.id}_{lang}_quiz2.png"
    page.screenshot(path=str(path))
    shots.append(path)
    return shots, waits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots/tutorial"))
    parser.add_argument("--size", default="1024x640", help="window WxH")
    parser.add_argument("--only", nargs="*", default=None, help="tutorial ids to shoot")
    parser.add_argument("--lang", nargs="*", default=None,
                        help="languages to shoot every tutorial in (default: its own)")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in args.size.split("x"))
    problems: list[str] = []
    with VoilaServer() as server, chromium_session() as browser:
        watch = PageWatch()
        ctx = new_context(browser, watch, viewport={"width": width, "height": height})
        for tut in all_tutorials():
            if args.only and tut.id not in args.only:
                continue
            for lang in args.lang or [LANGUAGE.get(tut.id, "en")]:
                print(f"{tut.id} ({lang}): {len(tut.steps)} steps, {tut.moves} moves, "
                      f"{len(tut.quiz)} quiz questions")
                page = open_tutorial(ctx, server, watch, tut.id, lang)
                shots, waits = shoot(tut, page, args.out, lang)
                for path in shots:
                    print(f"  {path}")
                print(f"  answers to {len(waits)} clicks: {sum(waits):.1f} s in all, "
                      f"median {sorted(waits)[len(waits) // 2]:.2f} s, "
                      f"slowest {max(waits):.2f} s")
                problems += watch.problems() + python_errors(page)
                close_page(page, server)
    if problems:
        print(f"  ERRORS: {problems}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
