"""Screenshots of the pages on every game, in both languages, at 1024x640 (PNG files to look at).

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_pages.py [--out DIR]
[--size 1024x640] [--lang en --lang nl] [--game NAME] [--only play]`` (default
``/tmp/shots-pages``, both languages). It starts its own Voila with ``ICECREAM_QUICK=1``
(small default sample sizes) and writes, per game and language (``TAG`` is ``WxH`` in
English, ``WxH_nl`` in Dutch), what a student sees without scrolling unless said:

* ``TAG_<game>_play.png``: the play page mid-game (seat 1 has played a dozen moves: the
  table, what happened since, the options);
* ``TAG_<game>_compare.png`` (the window) and ``..._compare_full.png`` (the whole page):
  the default ruleset comparison after *Run*: status, conclusions, table, rules, chart;
* ``TAG_<game>_running.png``: a long comparison while it runs (progress and Stop);
* ``TAG_<game>_position.png``: the position what-if after *Run*;
* ``TAG_<game>_hint.png``: the play page with the hint switched on;
* ``TAG_<game>_quiz.png``: the quiz with a question answered and its feedback;
* ``TAG_<game>_example.png``: the game's longest rulebook example at its last step, with
  its caption (the script fails when a caption is empty).
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
    answer_first_choice,
    chromium_missing_reason,
    chromium_session,
    click_option,
    close_page,
    fill_number,
    new_context,
    open_dashboard,
    python_errors,
    select_in,
    start_new_game,
    text_of,
    visible,
    wait_kernel_idle,
)

from icecream import get_game, languages, list_games  # noqa: E402
from icecream.core.messages import t  # noqa: E402
from icecream.widgets.hooks import game_title  # noqa: E402

Q = ".ic-quiz"
EX = ".ic-example-explorer"


def shoot(page: Any, out: Path, name: str, full: bool = False) -> None:
    """The window as a student sees it (or the whole page)."""
    wait_kernel_idle(page, timeout=120)
    page.wait_for_timeout(400)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    print(f"  {path}")


def open_in(ctx: Any, server: VoilaServer, name: str, watch: PageWatch, lang: str) -> Any:
    """Open dashboard ``name`` and switch it to ``lang`` (its language picker)."""
    page = open_dashboard(ctx, server, name, watch)
    if lang != "en":
        select_in(page, ".ic-language", label=t(f"language.{lang}", lang))
        wait_kernel_idle(page, settle_ms=500, timeout=60)
    return page


def what_if(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
            tag: str, lang: str) -> Any:
    from icecream.explore.compare import preset_label, presets

    page = open_in(ctx, server, "what_if", watch, lang)
    select_in(page, ".ic-game-select", label=game_title(game, lang))
    page.wait_for_function(  # the tabs are rebuilt for the game
        "(text) => (document.querySelector('.ic-compare-a select')?.options[0]?.text || '')"
        ".replace(/\\u00a0/g, ' ') === text",
        arg=preset_label(next(iter(presets(game))), lang, game), timeout=60_000)
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
    page.get_by_text(t("widgets.whatif.position", lang), exact=True).click()
    page.click(".ic-position-run")
    page.wait_for_selector(".ic-position-chart .js-plotly-plot", state="attached",
                           timeout=120_000)
    # The result at the top of the window: status, conclusions, table.
    page.eval_on_selector(".ic-position-status", "e => e.scrollIntoView({block: 'start'})")
    shoot(page, out, f"{tag}_{game}_position")
    return page


def play(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
         tag: str, lang: str) -> Any:
    page = open_in(ctx, server, "play", watch, lang)
    start_new_game(page, game_title(game, lang), players=3, seed=1)
    for _ in range(12):  # seat 1's moves (the bots answer), past a day's scoring
        if visible(page, f"{PLAY} .ic-continue"):
            page.click(f"{PLAY} .ic-continue")
        else:
            click_option(page, 0)
        wait_kernel_idle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, f"{tag}_{game}_play")
    return page


def hint(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
         tag: str, lang: str) -> Any:
    page = open_in(ctx, server, "play", watch, lang)
    start_new_game(page, game_title(game, lang), players=3, seed=1)
    page.click(f"{PLAY} .ic-hint-toggle")
    page.wait_for_function("(sel) => /%/.test(document.querySelector(sel)?.innerText || '')",
                           arg=f"{PLAY} .ic-hint", timeout=120_000)
    page.locator(f"{PLAY} .ic-hint").scroll_into_view_if_needed()
    shoot(page, out, f"{tag}_{game}_hint")
    return page


def quiz(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
         tag: str, lang: str) -> Any:
    page = open_in(ctx, server, "quiz", watch, lang)
    select_in(page, f"{Q} .ic-quiz-game", label=game_title(game, lang))
    wait_kernel_idle(page, settle_ms=500, timeout=120)
    answer_first_choice(page, Q)
    shoot(page, out, f"{tag}_{game}_quiz")
    return page


def example(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, game: str,
            tag: str, lang: str) -> Any:
    page = open_in(ctx, server, "rulebook_examples", watch, lang)
    if page.locator(f"{EX} .ic-game-select").count():
        select_in(page, f"{EX} .ic-game-select", label=game_title(game, lang))
        wait_kernel_idle(page, settle_ms=300, timeout=60)
    ex = max(get_game(game).examples().values(), key=lambda e: len(e.steps))
    select_in(page, f"{EX} .ic-example-select", label=ex.title(lang))
    wait_kernel_idle(page, settle_ms=300)
    for _ in ex.steps:
        page.click(f"{EX} .ic-example-next")
        wait_kernel_idle(page, settle_ms=200)
    caption = text_of(page, f"{EX} .ic-example-note").strip()
    print(f"  caption: {caption}")
    if caption.endswith(":") or not caption:  # "Step 3 of 3:" and nothing after it
        raise AssertionError(f"{game} ({lang}): the step caption is empty: {caption!r}")
    page.locator(f"{EX} .ic-example-note").scroll_into_view_if_needed()
    shoot(page, out, f"{tag}_{game}_example")
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots-pages"))
    parser.add_argument("--size", default="1024x640", help="window WxH")
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--lang", action="append", choices=languages(),
                        help="only these languages (default: all)")
    parser.add_argument("--only", choices=("play", "what_if", "hint", "quiz", "example"),
                        action="append")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in args.size.split("x"))
    failed = False
    makers = [m for m in (play, what_if, hint, quiz, example)
              if not args.only or m.__name__ in args.only]
    with VoilaServer(env={"ICECREAM_QUICK": "1"}) as server, chromium_session() as browser:
        for lang in args.lang or languages():
            tag = args.size if lang == "en" else f"{args.size}_{lang}"
            for game in args.game or list_games():
                for make in makers:
                    watch = PageWatch()
                    print(f"{tag} {game} {make.__name__}:")
                    ctx = new_context(browser, watch,
                                      viewport={"width": width, "height": height})
                    try:
                        page = make(ctx, server, args.out, watch, game, tag, lang)
                    except Exception as e:  # shoot what the page shows, and go on
                        failed = True
                        print(f"  FAILED: {str(e).splitlines()[0]}")
                        page = ctx.pages[-1]
                        shoot(page, args.out, f"{tag}_{game}_{make.__name__}_FAILED")
                    problems = watch.problems() + python_errors(page)
                    if problems:
                        failed = True
                        print(f"  ERRORS: {problems}")
                    close_page(page, server)
                    ctx.close()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
