"""tutorial.ipynb in a real Chromium (issue 20): every tutorial completed by clicks, in
English and in Dutch, one page per game and language (Ice Cream's page plays both its
tutorials, the second chosen from the picker).

On the way: a click on a forbidden option gets the rule, a legal but different click is
explained and taken back (the step stays), Back shows the position before and Next goes
over the step again, and the quiz at the end is answered right, so the score says so
(with the wrong clicks counted as moves taken back).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from voila_harness import (
    MAIN_WIDGET,
    PageWatch,
    VoilaServer,
    select_in,
    text_of,
    tick_choices,
    wait_kernel_idle,
    watch_page,
)

from icecream.core.messages import t
from icecream.core.protocol import get_game, list_games
from icecream.teach.tutorial import TutorialRun, find_tutorial, game_tutorial, tutorials
from icecream.widgets.controls import language_ruleset

T = ".ic-tutorial"


def _open(context: Any, server: VoilaServer, watch: PageWatch, query: str) -> Any:
    page = context.new_page()
    watch_page(page, watch)
    page.set_viewport_size({"width": 1024, "height": 640})
    page.goto(f"{server.dashboard_url('tutorial')}?{query}", wait_until="domcontentloaded",
              timeout=120_000)
    page.wait_for_selector(MAIN_WIDGET["tutorial"], state="visible", timeout=120_000)
    wait_kernel_idle(page, settle_ms=200)
    return page


def _progress(page: Any) -> str:
    return text_of(page, f"{T} .ic-tutorial-progress")


def _wait_progress(page: Any, before: str) -> str:
    page.wait_for_function(
        "([sel, old]) => (document.querySelector(sel)?.innerText || '') !== old",
        arg=[f"{T} .ic-tutorial-progress", before], timeout=60_000)
    wait_kernel_idle(page)
    return _progress(page)


def _reply_after(page: Any, click: Any, old: str = "") -> str:
    """Click (``click()``), then the tutorial's reply, once it shows (and differs from
    ``old``)."""
    click()
    wait_kernel_idle(page, settle_ms=200)
    page.wait_for_function(
        "([sel, old]) => { const s = (document.querySelector(sel)?.innerText || '').trim();"
        " return s.length > 0 && s !== old; }",
        arg=[f"{T} .ic-tutorial-reply", old], timeout=60_000)
    return text_of(page, f"{T} .ic-tutorial-reply")


def _wrong_clicks(page: Any, lang: str, seen: set[str]) -> int:
    """A forbidden option and a legal but different one (each kind until ``seen`` has it),
    where the table has them: each is explained and the step stays. Returns the mistakes
    they count: one if any was tried, as only the first try at a new step counts (issue 31)."""
    before = _progress(page)
    tried = 0
    forbidden = page.locator(f"{T} .ic-option.ic-forbidden")
    if "illegal" not in seen and forbidden.count():
        text = _reply_after(page, lambda: forbidden.first.click(force=True),
                            text_of(page, f"{T} .ic-tutorial-reply").strip())
        assert text.split(" ", 1)[1].startswith(t("tutorial.ui.illegal", lang, reason="")[:8])
        assert "(" in text and "-" in text  # the rule's id
        seen.add("illegal")
        tried += 1
    other = page.locator(f"{T} .ic-option:not(.ic-target):not(.ic-forbidden)")
    if "also" not in seen and other.count():
        text = _reply_after(page, lambda: other.first.click(),
                            text_of(page, f"{T} .ic-tutorial-reply").strip())
        assert t("tutorial.ui.also", lang, reason="", why="")[:12] in text
        seen.add("also")
        tried += 1
    assert _progress(page) == before, "a wrong click does not move the tutorial on"
    return min(tried, 1)


def _back_and_next(page: Any) -> None:
    """Back shows the step before (another table); Next goes over the step again."""
    before, svg = _progress(page), page.inner_html(f"{T} .ic-table-box")
    page.click(f"{T} .ic-tutorial-back")
    back = _wait_progress(page, before)
    assert back != before and page.inner_html(f"{T} .ic-table-box") != svg
    page.click(f"{T} .ic-tutorial-next")
    assert _wait_progress(page, back) == before


def _play(page: Any, tid: str, lang: str) -> dict[str, int]:
    """Play tutorial ``tid`` (shown) to its quiz by clicks; answer the quiz right."""
    tut = find_tutorial(tid)
    figures = {"steps": len(tut.steps), "wrong": 0}
    seen: set[str] = set()
    first_move = next(k for k, s in enumerate(tut.steps) if s.expect)
    for k, step in enumerate(tut.steps):
        assert _progress(page) == t("tutorial.ui.step_of", lang, step=k + 1,
                                    steps=len(tut.steps))
        before = _progress(page)
        if step.reading:
            page.click(f"{T} .ic-tutorial-next")
        else:
            if len(seen) < 2:
                figures["wrong"] += _wrong_clicks(page, lang, seen)
            if k == first_move + 2:
                _back_and_next(page)
            target = page.locator(f"{T} .ic-target")
            assert target.count() >= 1, f"{tid} step {k + 1}: nothing marked to click"
            target.first.click()
        _wait_progress(page, before)
    # The quiz, made from the tutorial's own positions: the same questions as in-process.
    questions = TutorialRun(tut, lang).questions
    for n, q in enumerate(questions):
        page.wait_for_selector(f"{T} .ic-quiz-choices input", timeout=60_000)
        tick_choices(page, q.answer, q.multiple, T)
        page.click(f"{T} .ic-quiz-check")
        page.wait_for_function(
            "(sel) => (document.querySelector(sel)?.innerText || '').trim().length > 0",
            arg=f"{T} .ic-quiz-feedback", timeout=60_000)
        wait_kernel_idle(page)
        assert t("teach.quiz.right", lang) in text_of(page, f"{T} .ic-quiz-feedback")
        if n + 1 < len(questions):
            old = text_of(page, f"{T} .ic-quiz-prompt")
            page.click(f"{T} .ic-quiz-next")
            page.wait_for_function(
                "([sel, old]) => (document.querySelector(sel)?.innerText || '') !== old",
                arg=[f"{T} .ic-quiz-prompt", old], timeout=60_000)
            wait_kernel_idle(page)
    score = t("tutorial.ui.score", lang, right=len(questions), count=len(questions),
              mistakes=figures["wrong"])
    # The score, and under it what counts as a mistake.
    assert text_of(page, f"{T} .ic-tutorial-score b") == score
    assert text_of(page, f"{T} .ic-tutorial-counting") == t("tutorial.ui.counting", lang)
    return figures


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("game", list_games())
def test_every_tutorial_is_completed_by_clicks(game: str, lang: str, context: Any,
                                               voila_server: VoilaServer, watch: PageWatch,
                                               check: Any, report: Any) -> None:
    start = time.monotonic()
    page = _open(context, voila_server, watch, f"game={game}&lang={lang}")
    opened = game_tutorial(game, language_ruleset(get_game(game), lang))
    shown = page.input_value(f"{T} .ic-tutorial-choose select")
    assert shown == f"{opened.title(lang)} ({t('tutorial.ui.moves', lang, count=opened.moves)})"
    order = [opened] + [x for x in tutorials(game) if x.id != opened.id]
    for tut in order:
        if tut is not opened:
            label = (f"{tut.title(lang)} "
                     f"({t('tutorial.ui.moves', lang, count=tut.moves)})")
            before = _progress(page)
            select_in(page, f"{T} .ic-tutorial-choose", label=label)
            _wait_progress(page, before)
        figures = _play(page, tut.id, lang)
        report(f"tutorial {tut.id} ({lang}): {figures['steps']} steps, {tut.moves} moves, "
               f"{figures['wrong']} wrong clicks explained")
    report(f"tutorial page {game} ({lang}): {time.monotonic() - start:.0f} s")
    check(page)
