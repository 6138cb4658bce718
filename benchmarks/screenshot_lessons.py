"""Screenshots of issue 32's teacher material at 1024x640, per language.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_lessons.py --out DIR
[--lang en --lang nl]``. It starts its own Voila with ``ICECREAM_QUICK=1`` and writes
(``L`` is the language):

* ``L_authoring.png``: the play page's "Author an example" panel after a step is marked
  and the example exported (the download and the link);
* ``L_teacher_example.png``: the examples page opened from a teacher's example link,
  its first captioned step played;
* ``L_lesson_chapter.png``: a lesson file's puzzle chapter, with the notes and the link
  to the play page;
* ``L_xss_caption.png``: a teacher's example whose title and caption hold ``<script>``,
  ``<img onerror>`` and ``javascript:``, shown as those characters.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from screenshot_a11y import shoot_main  # noqa: E402
from voila_harness import (  # noqa: E402
    PLAY,
    PageWatch,
    VoilaServer,
    click_option,
    open_dashboard,
    select_in,
    wait_kernel_idle,
)

import icecream  # noqa: E402
from icecream.core.examples import example_from_history, read_example  # noqa: E402
from icecream.core.history import History  # noqa: E402
from icecream.core.lesson_file import (  # noqa: E402
    Chapter,
    Lesson,
    encode_link,
    lesson_to_dict,
)
from icecream.core.messages import t  # noqa: E402
from icecream.core.share import encode_position  # noqa: E402

EX = ".ic-example-explorer"
XSS = '<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3)'


def shoot(page: Any, out: Path, name: str) -> None:
    wait_kernel_idle(page, timeout=120)
    page.wait_for_timeout(600)
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"  {path}")


def _example(lang: str, hostile: bool) -> dict:
    game = icecream.default_game()
    rng = random.Random(4)
    h = History.new(game, players=3, seed=4)
    for _ in range(5):
        h = h.play(rng.choice(h.state.legal_actions()))
    title = XSS if hostile else {"en": "Our class game: the first cones",
                                 "nl": "Ons spel in de klas: de eerste hoorntjes"}[lang]
    caption = XSS if hostile else {"en": "Look at what the first player chose, and why.",
                                   "nl": "Kijk wat de eerste speler koos, en waarom."}[lang]
    return example_from_history(h, 1, 5, eid="class_game",
                                words={lang: {"title": title, "step.1": caption}})


def _open(ctx: Any, server: VoilaServer, query: str, watch: PageWatch) -> Any:
    from voila_harness import watch_page

    page = ctx.new_page()
    watch_page(page, watch)
    page.goto(f"{server.url}/voila/render/rulebook_examples.ipynb?{query}",
              wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_selector(EX, state="visible", timeout=120_000)
    wait_kernel_idle(page, settle_ms=300, timeout=120)
    return page


def authoring(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    page = open_dashboard(ctx, server, "play", watch)
    wait_kernel_idle(page, settle_ms=300, timeout=120)
    if lang != "en":
        select_in(page, ".ic-language", label=t(f"language.{lang}", lang))
        wait_kernel_idle(page, settle_ms=500, timeout=60)
    click_option(page, 0, timeout=60)
    wait_kernel_idle(page, timeout=60)
    page.click(f"{PLAY} .ic-author-toggle")
    page.wait_for_selector(".ic-authoring", state="visible")
    page.fill(f".ic-author-title-{lang} input", {"en": "Our first cone",
                                                 "nl": "Ons eerste hoorntje"}[lang])
    page.fill(f".ic-author-caption-{lang} textarea",
              {"en": "The first player takes the cone that fits best.",
               "nl": "De eerste speler neemt het hoorntje dat het best past."}[lang])
    page.click(".ic-author-mark")
    page.click(".ic-author-export")
    page.wait_for_selector(".ic-author-download", state="visible", timeout=60_000)
    page.locator(".ic-authoring").scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('.ic-author-result').scrollIntoView("
                  "{block: 'end'})")
    shoot(page, out, f"{lang}_authoring")


def teacher_example(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch,
                    lang: str) -> None:
    token = encode_link("example", _example(lang, hostile=False))
    page = _open(ctx, server, urlencode({"example": token, "lang": lang}), watch)
    page.click(f"{EX} .ic-example-next")
    shoot(page, out, f"{lang}_teacher_example")


def xss_caption(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch, lang: str) -> None:
    token = encode_link("example", _example(lang, hostile=True))
    page = _open(ctx, server, urlencode({"example": token, "lang": lang}), watch)
    page.click(f"{EX} .ic-example-next")
    shoot(page, out, f"{lang}_xss_caption")


def lesson_chapter(ctx: Any, server: VoilaServer, out: Path, watch: PageWatch,
                   lang: str) -> None:
    game = icecream.default_game()
    state = icecream.new_game(game, players=3, seed=5)
    words = {"en": ("Tuesday: serving", "What would you do?",
                    "You are the first player. Which cone do you take, and why?"),
             "nl": ("Dinsdag: bedienen", "Wat zou jij doen?",
                    "Jij bent de eerste speler. Welk hoorntje neem je, en waarom?")}[lang]
    example = read_example(_example(lang, hostile=False))
    lesson = Lesson(words[0], "", (
        Chapter("puzzle", words[1], words[2], position=encode_position(state, 0)),
        Chapter("example", example.title(lang), "", example=example)))
    token = encode_link("lesson", lesson_to_dict(lesson))
    page = _open(ctx, server, urlencode({"lesson": token, "lang": lang}), watch)
    shoot(page, out, f"{lang}_lesson_chapter")


MAKERS = (authoring, teacher_example, lesson_chapter, xss_caption)


def main(argv: list[str] | None = None) -> int:
    return shoot_main(MAKERS, __doc__, None, argv)


if __name__ == "__main__":
    raise SystemExit(main())
