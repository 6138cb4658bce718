"""quiz.ipynb in a real Chromium: answer the engine's questions by clicking.

The dashboard's quiz is made from seed 0, so this test makes the same quiz in-process and
knows the right answers. A wrong answer is explained with the rule broken (its full text
shown); a right one is marked right; the progress line counts them. Screenshots at
1024x640 are saved (``ICECREAM_SCREENSHOTS`` names a folder to keep them in).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from voila_harness import (
    VoilaServer,
    close_page,
    select_in,
    text_of,
    tick_choices,
    wait_kernel_idle,
)

from icecream.core.messages import t
from icecream.teach.quiz import make_quiz

Q = ".ic-quiz"
SMALL = {"width": 1024, "height": 640}


def _shot(page: Any, tmp_path: Path, name: str) -> Path:
    folder = Path(os.environ.get("ICECREAM_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"quiz_{name}.png"
    page.screenshot(path=str(path), full_page=False)
    assert path.stat().st_size > 10_000, "a screenshot with something on it"
    return path


def _choice_count(page: Any) -> int:
    return page.locator(f"{Q} .ic-quiz-choices input").count()


def _check(page: Any) -> str:
    page.click(f"{Q} .ic-quiz-check")
    page.wait_for_function(
        "(sel) => (document.querySelector(sel)?.innerText || '').trim().length > 0",
        arg=f"{Q} .ic-quiz-feedback")
    wait_kernel_idle(page)
    return text_of(page, f"{Q} .ic-quiz-feedback")


def test_quiz_dashboard_grades_clicks_and_explains_with_the_rule(
        open_page: Any, check: Any, voila_server: VoilaServer, tmp_path: Path,
        report: Any) -> None:
    quiz = make_quiz("ice-cream", count=8, seed=0)  # the dashboard's own quiz
    page = open_page("quiz")
    page.set_viewport_size(SMALL)
    first = quiz[0]
    assert first.prompt in text_of(page, f"{Q} .ic-quiz-prompt")
    assert _choice_count(page) == len(first.choices)
    # A one-answer question has radio buttons, a pick-all one checkboxes (issue 21).
    kind = "checkbox" if first.multiple else "radio"
    assert page.locator(f"{Q} .ic-quiz-choices input[type={kind}]").count() == len(first.choices)
    if first.state.game.render_svg is not None:
        assert page.locator(f"{Q} .ic-quiz-picture svg").count() == 1
        assert page.locator(f"{Q} .ic-quiz-picture .ic-option").count() == 0  # no give-away
    _shot(page, tmp_path, "1_question")

    # A wrong answer: explained choice by choice, and the rule broken shown in full.
    wrong = [k for k, c in enumerate(first.choices) if not c.correct]
    tick_choices(page, wrong if first.multiple else wrong[:1], first.multiple, Q)
    feedback = _check(page)
    assert t("teach.quiz.wrong") in feedback
    shown_wrong = first.choices[wrong[0]]
    assert shown_wrong.why in feedback
    rules = text_of(page, f"{Q} .ic-quiz-rules")
    broken = shown_wrong.rule
    assert first.state.game.rules[broken].text() in rules, rules
    assert page.locator(f"{Q} .ic-quiz-check").is_disabled()
    _shot(page, tmp_path, "2_wrong")

    # The next question, answered right.
    page.click(f"{Q} .ic-quiz-next")
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[f"{Q} .ic-quiz-prompt", quiz[1].prompt[:60]])
    wait_kernel_idle(page)
    tick_choices(page, list(quiz[1].answer), quiz[1].multiple, Q)
    feedback = _check(page)
    assert t("teach.quiz.right") in feedback, feedback
    progress = text_of(page, f"{Q} .ic-quiz-progress")
    assert progress == t("teach.ui.progress", number=2, count=8, right=1, answered=2)
    _shot(page, tmp_path, "3_right")
    # Another game from the picker: a new quiz about that game's positions.
    other = make_quiz("combo-cone", count=8, seed=0)
    select_in(page, f"{Q} .ic-quiz-game", label=other[0].state.game.title)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[f"{Q} .ic-quiz-prompt", other[0].prompt[:60]], timeout=60_000)
    wait_kernel_idle(page)
    assert _choice_count(page) == len(other[0].choices)
    assert page.locator(f"{Q} .ic-quiz-picture .ic-option").count() == 0
    _shot(page, tmp_path, "4_other_game")
    report(f"quiz dashboard: 2 questions answered in Chromium ({quiz[0].kind}, "
           f"{quiz[1].kind}); screenshots in {os.environ.get('ICECREAM_SCREENSHOTS', tmp_path)}")
    check(page)
    close_page(page, voila_server)


#: JS: where an element's top is on the page (px from the page's top, whatever the scroll).
_TOP_JS = "(sel) => document.querySelector(sel).getBoundingClientRect().top + window.scrollY"


def _in_window(page: Any, selector: str) -> None:
    """Wait until the element's top is inside the window (the scroll is smooth)."""
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return r.top >= 0 && r.top < window.innerHeight - 40; }",
        arg=selector, timeout=30_000)  # the scroll follows the kernel's answer


def test_quiz_feedback_comes_into_view_and_the_quiz_ends_with_its_score(
        open_page: Any, check: Any, voila_server: VoilaServer, tmp_path: Path) -> None:
    """Issue 33: Combo Cone's "Which options are allowed?" lists its choices so long that
    *Check*'s feedback began below 640 px (nothing visible changed); and the quiz had no
    closing words. Every checked answer's feedback comes into the window, and after the
    last question the quiz says it is finished, with the score."""
    quiz = make_quiz("combo-cone", count=8, seed=0)
    page = open_page("quiz")
    page.set_viewport_size(SMALL)
    select_in(page, f"{Q} .ic-quiz-game", label=quiz[0].state.game.title)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[f"{Q} .ic-quiz-prompt", quiz[0].prompt[:60]], timeout=60_000)
    wait_kernel_idle(page)
    long_ones = 0
    for k, question in enumerate(quiz):
        if k:
            page.click(f"{Q} .ic-quiz-next")
            page.wait_for_function(
                "([sel, text]) => (document.querySelector(sel)?.innerText || '')"
                ".includes(text)", arg=[f"{Q} .ic-quiz-prompt", question.prompt[:60]])
            wait_kernel_idle(page)
            page.evaluate("() => window.scrollTo({top: 0, behavior: 'instant'})")
        assert page.locator(f"{Q} .ic-quiz-end").inner_text().strip() == ""
        wrong = k == 2  # one wrong answer: the score says 7 of 8
        picks = ([c for c in range(len(question.choices)) if c not in question.answer][:1]
                 if wrong else list(question.answer))
        tick_choices(page, picks, question.multiple, Q)
        # Where the feedback will start: below the first window's last 40 px, unseen there.
        top = page.evaluate(_TOP_JS, f"{Q} .ic-quiz-result")
        if top <= SMALL["height"] - 40 and not long_ones and k == len(quiz) - 1:
            # No question's list ran that long (the words and positions may change): a
            # window ending above the feedback makes the last check the case to test.
            # (its top 20 px above the window's end: "below the last 40 px", and room left
            # for the feedback once the result is scrolled in)
            page.set_viewport_size({"width": SMALL["width"], "height": max(300, int(top) + 20)})
            top = SMALL["height"]
        long_ones += top > SMALL["height"] - 40
        _check(page)
        _in_window(page, f"{Q} .ic-quiz-feedback")
        if question.kind == "allowed_options":
            _shot(page, tmp_path, f"feedback_in_view_{k}")
    assert long_ones, "no question's feedback started below the window: nothing was tested"
    _in_window(page, f"{Q} .ic-quiz-end")
    end = text_of(page, f"{Q} .ic-quiz-end")
    assert t("teach.ui.finished_title") in end
    assert t("teach.ui.finished", right=7, count=8) in end, end
    _shot(page, tmp_path, "end")
    check(page)
    close_page(page, voila_server)
