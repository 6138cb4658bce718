"""Screenshots of issue 17's page features on every game at 1024x640 (PNG files to look at).

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_pages.py [--out DIR]
[--size 1024x640]`` (default ``/tmp/shots-pages``). It starts its own Voila with
``ICECREAM_QUICK=1`` (small default sample sizes) and writes, per game:

* ``WxH_<game>_compare.png`` (the window) and ``..._compare_full.png`` (the whole page):
  the default ruleset comparison after *Run*: status, conclusions, table, rules, chart;
* ``WxH_<game>_position.png``: the position what-if after *Run*;
* ``WxH_<game>_running.png``: a long comparison while it runs (progress and Stop);
* ``WxH_<game>_hint.png``: the play page with the hint switched on;
* ``WxH_<game>_example.png``: the game's longest rulebook example at its last step.
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
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    close_page,
    fill_number,
    new_context,
    open_dashboard,
    python_errors,
    select_in,
    start_new_game,
    wait_kernel_idle,
)

from icecream import get_game, list_games  # noqa: E402
from icecream.core.messages import t  # noqa: E402


def shoot(page: Any, out: Path, name: str, full: bool = False) -> None:
    """The window as a student sees it (or the whole page)."""
    wait_kernel_idle(page, timeout=120)
    page.wait_for_timeout(400)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    print(f"  {path}")


def what_if(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
            tag: str) -> Any:
    from icecream.explore.compare import preset_label, presets

    page = open_dashboard(ctx, server, "what_if", watch)
    select_in(page, ".ic-game-select", label=get_game(game).title)
    page.wait_for_function(  # the tabs are rebuilt for the game
        "(text) => (document.querySelector('.ic-compare-a select')?.options[0]?.text || '')"
        ".replace(/\\u00a0/g, ' ') === text",
        arg=preset_label(next(iter(presets(game))), "en", game), timeout=60_000)
    wait_kernel_idle(page, settle_ms=300, timeout=60)
    page.click(".ic-compare-run")
    page.wait_for_selector(".ic-compare-chart .js-plotly-plot .trace", state="attached",
                           timeout=120_000)
    shoot(page, out, f"{tag}_{game}_compare")
    shoot(page, out, f"{tag}_{game}_compare_full", full=True)
    fill_number(page, ".ic-compare-games", 5000)
    page.click(".ic-compare-run")
    page.locator(".ic-whatif .ic-budget-stop").first.wait_for(state="visible")
    page.wait_for_timeout(1500)
    page.screenshot(path=str(out / f"{tag}_{game}_running.png"))
    print(f"  {out / f'{tag}_{game}_running.png'}")
    page.click(".ic-whatif .ic-budget-stop")
    page.locator(".ic-whatif .ic-budget").first.wait_for(state="hidden", timeout=30_000)
    wait_kernel_idle(page, timeout=120)
    page.get_by_text(t("widgets.whatif.position"), exact=True).click()
    page.click(".ic-position-run")
    page.wait_for_selector(".ic-position-chart .js-plotly-plot .trace", state="attached",
                           timeout=120_000)
    page.locator(".ic-position-status").scroll_into_view_if_needed()
    shoot(page, out, f"{tag}_{game}_position")
    return page


def hint(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
         tag: str) -> Any:
    page = open_dashboard(ctx, server, "play", watch)
    start_new_game(page, get_game(game).title, players=3, seed=1)
    page.click(f"{PLAY} .ic-hint-toggle")
    page.wait_for_function("(sel) => /%/.test(document.querySelector(sel)?.innerText || '')",
                           arg=f"{PLAY} .ic-hint", timeout=120_000)
    page.locator(f"{PLAY} .ic-hint").scroll_into_view_if_needed()
    shoot(page, out, f"{tag}_{game}_hint")
    return page


def example(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
            tag: str) -> Any:
    page = open_dashboard(ctx, server, "rulebook_examples", watch)
    box = ".ic-example-explorer"
    if page.locator(f"{box} .ic-game-select").count():
        select_in(page, f"{box} .ic-game-select", label=get_game(game).title)
        wait_kernel_idle(page, settle_ms=300, timeout=60)
    ex = max(get_game(game).examples().values(), key=lambda e: len(e.steps))
    select_in(page, f"{box} .ic-example-select", label=ex.title())
    wait_kernel_idle(page, settle_ms=300)
    for _ in ex.steps:
        page.click(f"{box} .ic-example-next")
        wait_kernel_idle(page, settle_ms=200)
    page.locator(f"{box} .ic-example-note").scroll_into_view_if_needed()
    shoot(page, out, f"{tag}_{game}_example")
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots-pages"))
    parser.add_argument("--size", default="1024x640", help="window WxH")
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--only", choices=("what_if", "hint", "example"), action="append")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in args.size.split("x"))
    failed = False
    makers = [m for m in (what_if, hint, example) if not args.only or m.__name__ in args.only]
    with VoilaServer(env={"ICECREAM_QUICK": "1"}) as server, chromium_session() as browser:
        for game in args.game or list_games():
            for make in makers:
                watch = PageWatch()
                print(f"{args.size} {game} {make.__name__}:")
                ctx = new_context(browser, watch, viewport={"width": width, "height": height})
                page = make(ctx, server, args.out, watch, game, args.size)
                problems = watch.problems() + python_errors(page)
                if problems:
                    failed = True
                    print(f"  ERRORS: {problems}")
                close_page(page, server)
                ctx.close()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
