"""Screenshots of every dashboard in a real Chromium, to look at (PNG files).

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_dashboards.py [--out DIR]``
(default ``/tmp/shots``). It starts its own Voila on 127.0.0.1 and a free port with
./voila.json, and writes:

* ``play_start.png``: play.ipynb as it opens (seat 1's view, bots on the other seats);
* ``play_cones.png``: the teacher's view in phase 2, after some scoops are placed;
* ``play_serving.png``: the teacher's view in phase 3 (serving);
* ``play_day2.png``: after the first day is scored;
* ``examples_start.png`` / ``examples_outcome.png``: Dan and Larry's scoring example before
  and after "next step";
* ``what_if_compare.png`` (and ``what_if_compare_chart.png``, the chart alone): the ruleset
  comparison after "run";
* ``what_if_position.png`` (and ``what_if_position_chart.png``): the position what-if tab
  after "run".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
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
    results_days,
    select_in,
    set_view,
    text_of,
    wait_kernel_idle,
)

from icecream.core.messages import t  # noqa: E402
from icecream.games.ice_cream import EXAMPLES  # noqa: E402


def shoot(page: Any, out: Path, name: str) -> None:
    wait_kernel_idle(page)
    page.wait_for_timeout(300)  # let plotly finish its transitions
    # Voila's lab template scrolls inside the page, so a full-page shot is the viewport:
    # make the viewport as tall as the tallest scrolling content instead.
    height = page.evaluate(
        "() => Math.max(document.body.scrollHeight, ...[...document.querySelectorAll('*')]"
        ".filter(e => /auto|scroll/.test(getComputedStyle(e).overflowY))"
        ".map(e => e.getBoundingClientRect().top + e.scrollHeight))")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": int(min(max(height, 600), 4000))})
    page.wait_for_timeout(300)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
    print(f"  {path}")


def shoot_element(page: Any, selector: str, out: Path, name: str) -> None:
    """A close-up of one element (a chart, say)."""
    path = out / f"{name}.png"
    page.locator(selector).first.screenshot(path=str(path))
    print(f"  {path}")


def play(browser: Any, server: VoilaServer, out: Path, watch: PageWatch) -> Any:
    ctx = new_context(browser, watch)
    page = open_dashboard(ctx, server, "play", watch)
    page.wait_for_selector(f"{TABLE} .ic-option")
    shoot(page, out, "play_start")
    click_option(page, 0)  # keep: the bots decide, then phase 2
    set_view(page, t("widgets.label.teacher_view"))
    for _ in range(3):
        if any(a["type"] == "place" for a in option_actions(page)):
            click_option(page, 0)
    shoot(page, out, "play_cones")
    # Play on (our seat's first option each time) until serving.
    phase3 = t("phase.serving")
    for _ in range(60):
        if phase3 in text_of(page, f"{TABLE} .ic-phase") or not option_actions(page):
            break
        set_view(page, t("widgets.label.seat_view", player=t("ui.default_name", seat=1)))
        click_option(page, 0)
        set_view(page, t("widgets.label.teacher_view"))
    shoot(page, out, "play_serving")
    for _ in range(60):
        if results_days(page) > 0 or not option_actions(page):
            break
        click_option(page, 0)
    shoot(page, out, "play_day2")
    return page


def examples(browser: Any, server: VoilaServer, out: Path, watch: PageWatch) -> Any:
    ctx = new_context(browser, watch)
    page = open_dashboard(ctx, server, "rulebook_examples", watch)
    ex = EXAMPLES["dan_larry_scoring"]
    select_in(page, ".ic-example-select", label=ex.title())
    page.wait_for_function(
        "(text) => (document.querySelector('.ic-example-rulebook')?.innerText || '')"
        ".includes(text)", arg=ex.title())
    shoot(page, out, "examples_start")
    while not page.locator(".ic-example-next").is_disabled():
        page.click(".ic-example-next")
        wait_kernel_idle(page)
    page.wait_for_function(
        "() => (document.querySelector('.ic-example-outcome')?.innerText || '').trim()")
    shoot(page, out, "examples_outcome")
    return page


def what_if(browser: Any, server: VoilaServer, out: Path, watch: PageWatch) -> Any:
    ctx = new_context(browser, watch)
    page = open_dashboard(ctx, server, "what_if", watch)
    page.click(".ic-compare-run")
    page.wait_for_selector(".ic-compare-chart .js-plotly-plot .trace", timeout=60_000)
    shoot(page, out, "what_if_compare")
    shoot_element(page, ".ic-compare-chart", out, "what_if_compare_chart")
    page.get_by_text(t("dashboard.whatif.position"), exact=True).click()
    page.click(".ic-position-run")
    page.wait_for_selector(".ic-position-chart .js-plotly-plot .trace", timeout=60_000)
    shoot(page, out, "what_if_position")
    shoot_element(page, ".ic-position-chart", out, "what_if_position_chart")
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    failed = False
    with VoilaServer() as server, chromium_session() as browser:
        for make in (play, examples, what_if):
            watch = PageWatch()
            print(f"{make.__name__}:")
            page = make(browser, server, args.out, watch)
            problems = watch.problems() + python_errors(page)
            if problems:
                failed = True
                print(f"  ERRORS: {problems}")
            close_page(page, server)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
