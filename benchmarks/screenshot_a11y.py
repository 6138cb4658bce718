"""Screenshots of issue 33's "text that fits, things in sight" fixes, at 1024x640, per language.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_a11y.py [--out DIR]
[--lang en --lang nl]`` (default ``/tmp/shots-a11y``, both languages). It starts its own
Voila with ``ICECREAM_QUICK=1`` and writes, as a student sees the window (``L`` is the
language):

* ``L_ic5_table.png`` / ``L_ic5_panels.png``: Ice Cream for 5 players mid-game, the table's
  top and its players' panels (every text >= 11 px, none out of its panel);
* ``L_ic_quiz.png``: an Ice Cream quiz question's picture;
* ``L_ccp_quiz_feedback.png``: Combo Cone's "Which options are allowed?" after *Check*
  (the feedback brought into the window), ``L_quiz_end.png``: the quiz's closing words;
* ``L_ccp_big_hand.png``: Combo Cone with a big own hand, the own Cones beside it;
* ``L_form.png``: the new-game form (Gelato Mio's long choices whole), 99 players set in
  range with a note, names given twice refused in words;
* ``L_keyboard.png``: the table after a move made with the keyboard (the focus ring on
  the next option);
* ``L_whatif_tabs.png``: the what-if tabs (inactive titles darker).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
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
    click_option,
    close_page,
    fill_number,
    new_context,
    open_dashboard,
    open_settings,
    select_in,
    start_new_game,
    tick_choices,
    visible,
    wait_kernel_idle,
)

from icecream import languages  # noqa: E402
from icecream.core.messages import t  # noqa: E402
from icecream.teach.quiz import make_quiz  # noqa: E402
from icecream.widgets.hooks import game_title  # noqa: E402

Q = ".ic-quiz"
SIZE = {"width": 1024, "height": 640}


def shoot(page: Any, out: Path, name: str) -> None:
    wait_kernel_idle(page, timeout=120)
    page.wait_for_timeout(600)  # smooth scrolls end
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"  {path}")


def open_in(ctx: Any, server: VoilaServer, name: str, watch: PageWatch, lang: str) -> Any:
    page = open_dashboard(ctx, server, name, watch)
    wait_kernel_idle(page, settle_ms=300, timeout=120)
    if lang != "en":
        select_in(page, ".ic-language", label=t(f"language.{lang}", lang))
        wait_kernel_idle(page, settle_ms=500, timeout=60)
    return page


def play_moves(page: Any, count: int) -> None:
    """Seat 1's first allowed option ``count`` times (Continue at a day's end)."""
    for _ in range(count):
        if visible(page, f"{PLAY} .ic-continue"):
            page.click(f"{PLAY} .ic-continue")
        else:
            click_option(page, 0, timeout=60)
        wait_kernel_idle(page, timeout=120)


def play_page(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    page = open_in(ctx, server, "play", watch, lang)
    start_new_game(page, game_title("ice-cream", lang), players=5, seed=1)
    play_moves(page, 14)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, f"{lang}_ic5_table")
    page.eval_on_selector(f"{PLAY} .ic-table .ic-player",
                          "e => e.scrollIntoView({block: 'center'})")
    shoot(page, out, f"{lang}_ic5_panels")
    # Combo Cone: scoop until the own hand is big.
    start_new_game(page, game_title("combo-cone", lang), players=3, seed=3)
    for _ in range(40):
        if page.locator(f"{PLAY} .ic-table .ccp-hand-card").count() >= 11:
            break
        play_moves(page, 1)
    page.evaluate("() => window.scrollTo(0, 0)")
    tops = page.eval_on_selector_all(  # the own Cones, where the window shows them
        f"{PLAY} .ic-table .ccp-cone[data-seat='0']",
        "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    hand = page.locator(f"{PLAY} .ic-table .ccp-hand-card").count()
    print(f"  {hand} cards in hand; own Cones' tops at y {tops} (window 640 high)")
    shoot(page, out, f"{lang}_ccp_big_hand")
    # The form: long choices, 99 players, names given twice.
    open_settings(page)
    select_in(page, f"{PLAY} .ic-game-select", label=game_title("gelato-mio", lang))
    wait_kernel_idle(page, settle_ms=300)
    fill_number(page, f"{PLAY} .ic-setting-players", 99)
    page.fill(f"{PLAY} .ic-setting-names input", "Ann, Bob, Ann, Bob")
    page.keyboard.press("Tab")
    wait_kernel_idle(page, settle_ms=300)
    page.click(f"{PLAY} .ic-settings .ic-new-game")
    wait_kernel_idle(page, settle_ms=500)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, f"{lang}_form")
    close_page(page, server)


def keyboard(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    page = open_in(ctx, server, "play", watch, lang)
    option = f"{PLAY} .ic-table .ic-option:not(.ic-forbidden)"
    for _ in range(3):
        for _tab in range(80):
            if page.evaluate("(s) => !!document.activeElement?.closest(s)", option):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        wait_kernel_idle(page, settle_ms=500, timeout=60)
    page.evaluate("() => document.activeElement?.scrollIntoView({block: 'center'})")
    shoot(page, out, f"{lang}_keyboard")
    close_page(page, server)


def quiz(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    page = open_in(ctx, server, "quiz", watch, lang)
    shoot(page, out, f"{lang}_ic_quiz")
    questions = make_quiz("combo-cone", count=8, seed=0, lang=lang)
    select_in(page, f"{Q} .ic-quiz-game", label=questions[0].state.game.title)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[f"{Q} .ic-quiz-prompt", questions[0].prompt[:40]], timeout=60_000)
    wait_kernel_idle(page)
    for k, question in enumerate(questions):
        if k:
            page.click(f"{Q} .ic-quiz-next")
            page.wait_for_function(
                "([sel, text]) => (document.querySelector(sel)?.innerText || '')"
                ".includes(text)", arg=[f"{Q} .ic-quiz-prompt", question.prompt[:40]])
            wait_kernel_idle(page)
            page.evaluate("() => window.scrollTo(0, 0)")
        tick_choices(page, question.answer, question.multiple, Q)
        page.click(f"{Q} .ic-quiz-check")
        page.wait_for_function(
            "(sel) => (document.querySelector(sel)?.innerText || '').trim().length > 0",
            arg=f"{Q} .ic-quiz-feedback")
        if question.kind == "allowed_options" and k == 2:
            shoot(page, out, f"{lang}_ccp_quiz_feedback")
    shoot(page, out, f"{lang}_quiz_end")
    close_page(page, server)


def whatif_tabs(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    page = open_in(ctx, server, "what_if", watch, lang)
    shoot(page, out, f"{lang}_whatif_tabs")
    close_page(page, server)


def shoot_each(makers: Sequence[Callable[..., None]], out: Path,
               langs: Sequence[str] | None = None, only: Sequence[str] | None = None) -> int:
    """Run each of ``makers`` (``make(ctx, server, out, watch, lang)``) per language in a
    fresh 1024x640 context of one Chromium, with one Voila (``ICECREAM_QUICK=1``); a
    maker that fails leaves a ``<lang>_<maker>_FAILED.png`` and the others go on. The
    exit code: 1 when a maker failed or its page logged errors (or no Chromium), else 0."""
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    failed = False
    with VoilaServer(env={"ICECREAM_QUICK": "1"}) as server, chromium_session() as browser:
        for lang in langs or languages():
            for make in makers:
                if only and make.__name__ not in only:
                    continue
                print(f"{lang} {make.__name__}:")
                watch = PageWatch()
                ctx = new_context(browser, watch, viewport=SIZE)
                try:
                    make(ctx, server, out, watch, lang)
                except Exception as e:  # shoot what the page shows, and go on
                    failed = True
                    print(f"  FAILED: {str(e).splitlines()[0]}")
                    if ctx.pages:
                        name = f"{lang}_{make.__name__}_FAILED.png"
                        ctx.pages[-1].screenshot(path=str(out / name))
                if watch.problems():
                    failed = True
                    print(f"  ERRORS: {watch.problems()}")
                ctx.close()
    return 1 if failed else 0


MAKERS = (play_page, keyboard, quiz, whatif_tabs)


def shoot_main(makers: Sequence[Callable[..., None]], doc: str, out: Path | None,
               argv: list[str] | None = None) -> int:
    """A screenshot script's command line: ``--out DIR`` (``out`` by default; required
    when ``None``), ``--lang`` and ``--only`` (repeatable), then :func:`shoot_each`."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=out, required=out is None)
    parser.add_argument("--lang", action="append", choices=languages())
    parser.add_argument("--only", action="append", choices=[m.__name__ for m in makers])
    args = parser.parse_args(argv)
    return shoot_each(makers, args.out, args.lang, args.only)


def main(argv: list[str] | None = None) -> int:
    return shoot_main(MAKERS, __doc__, Path("/tmp/shots-a11y"), argv)


if __name__ == "__main__":
    raise SystemExit(main())
