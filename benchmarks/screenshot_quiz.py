"""Screenshots of the quiz dashboard for every registered game, in a real Chromium.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_quiz.py [--out DIR]
[--size 1024x640] [--lang nl]`` (default ``/tmp/shots``, 1024x640, English). It starts its
own Voila, opens ``quiz.ipynb``, chooses the language, and per game (from the quiz's game
picker) writes ``WxH[_lang]_<game>_quiz.png`` (a question) and
``WxH[_lang]_<game>_quiz_checked.png`` (its first choice checked and explained), as a
student sees the window without scrolling.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    PageWatch,
    VoilaServer,
    answer_first_choice,
    chromium_missing_reason,
    chromium_session,
    close_page,
    new_context,
    open_dashboard,
    python_errors,
    select_in,
    wait_kernel_idle,
)

import icecream  # noqa: E402
from icecream.core.messages import t  # noqa: E402
from icecream.widgets.controls import game_title  # noqa: E402

Q = ".ic-quiz"


def _prompt(page: Any) -> str:
    return page.inner_text(f"{Q} .ic-quiz-prompt")


def shoot_quiz(page: Any, out: Path, tag: str, game: str, lang: str) -> None:
    """Pick ``game`` in the quiz, shoot the question, check the first choice, shoot."""
    before = _prompt(page)
    select_in(page, f"{Q} .ic-quiz-game", label=game_title(game, lang))
    page.wait_for_function(
        "([sel, old]) => (document.querySelector(sel)?.innerText || '') !== old",
        arg=[f"{Q} .ic-quiz-prompt", before], timeout=900_000)
    wait_kernel_idle(page, settle_ms=300)
    page.screenshot(path=str(out / f"{tag}_{game}_quiz.png"))
    answer_first_choice(page, Q)
    wait_kernel_idle(page, settle_ms=300)
    page.screenshot(path=str(out / f"{tag}_{game}_quiz_checked.png"))
    print(f"  {out / f'{tag}_{game}_quiz.png'} and _checked")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--size", default="1024x640", help="window WxH")
    parser.add_argument("--lang", default="en", choices=icecream.languages())
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    width, height = (int(x) for x in args.size.split("x"))
    tag = args.size if args.lang == "en" else f"{args.size}_{args.lang}"
    with VoilaServer() as server, chromium_session() as browser:
        watch = PageWatch()
        ctx = new_context(browser, watch, viewport={"width": width, "height": height})
        page = open_dashboard(ctx, server, "quiz", watch)
        if args.lang != "en":
            select_in(page, ".ic-language", label=t(f"language.{args.lang}", args.lang))
            wait_kernel_idle(page, settle_ms=500)
        games = icecream.list_games()
        # The quiz opens on the default game: pick another first, so every pick changes it.
        for game in games[1:] + games[:1]:
            shoot_quiz(page, args.out, tag, game, args.lang)
        problems = watch.problems() + python_errors(page)
        close_page(page, server)
    if problems:
        print(f"  ERRORS: {problems}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
