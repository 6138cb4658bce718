"""Issue 32 in a real Chromium, in English and in Dutch: a teacher's example written on the
play page, exported (a download) and opened on the examples page from its link; a lesson
file uploaded and read as chapters; texts from strangers shown as text.

The hostile strings put a ``<script>``, an ``<img onerror>`` and a ``javascript:`` link
into a title, a caption and a lesson's notes: each must show as those characters, no
dialog may open, and no element may be made of them (no ``img[src=x]``, no ``script``
holding them, no link to ``javascript:``), and ``window.icXss`` stays unset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from voila_harness import PLAY, VoilaServer, click_option, select_in, wait_kernel_idle

from icecream.core.lesson_file import Chapter, Lesson, lesson_to_json
from icecream.core.messages import t
from icecream.core.share import encode_position

EX = ".ic-example-explorer"
XSS = ('<script>window.icXss = 1; alert("s")</script> <img src=x onerror="window.icXss=2;'
       'alert(2)"> <a href="javascript:window.icXss=3">javascript:alert(3)</a>')
LANGUAGE = {"en": "English", "nl": "Nederlands"}


def _guard(page: Any) -> list[str]:
    """Collect every dialog the page opens (and dismiss it)."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return dialogs


def _nothing_ran(page: Any, dialogs: list[str]) -> None:
    """The hostile strings made no element and ran nothing."""
    assert dialogs == []
    assert page.evaluate("() => window.icXss === undefined")
    assert page.locator("img[src='x']").count() == 0
    assert page.locator("a[href^='javascript:']").count() == 0
    assert page.evaluate("() => [...document.scripts].every(s => !s.text.includes('icXss'))")


def _wait_text(page: Any, selector: str, text: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)].some("
        "e => (e.innerText || '').includes(text))", arg=[selector, text], timeout=timeout)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_an_example_written_on_the_play_page_opens_on_the_examples_page(
        open_page: Any, context: Any, voila_server: VoilaServer, check: Any,
        tmp_path: Path, lang: str) -> None:
    page = open_page("play")
    dialogs = _guard(page)
    if lang != "en":
        select_in(page, ".ic-language", label=LANGUAGE[lang])
        _wait_text(page, f"{PLAY} .ic-author-toggle", t("lessons.button.author", lang))
    wait_kernel_idle(page)
    click_option(page, 0)
    wait_kernel_idle(page)
    page.click(f"{PLAY} .ic-author-toggle")
    page.wait_for_selector(".ic-authoring", state="visible")
    page.fill(".ic-author-title-en input", XSS)
    page.fill(f".ic-author-caption-{lang} textarea", XSS)
    page.click(".ic-author-mark")
    _wait_text(page, ".ic-author-status", XSS)  # the caption is listed, as text
    page.click(".ic-author-export")
    link = page.locator(".ic-author-result .ic-author-download")
    link.wait_for(state="visible", timeout=60_000)
    with page.expect_download() as info:
        link.click()
    saved = tmp_path / "example.json"
    info.value.save_as(saved)
    data = json.loads(saved.read_text("utf-8"))
    assert data["words"]["en"]["title"] == XSS and data["steps"]
    _nothing_ran(page, dialogs)
    check(page)
    href = page.get_attribute(".ic-author-result .ic-author-link", "href")
    assert href.startswith("rulebook_examples.ipynb?example=1.")
    # The link opens the example on the examples page, in the reader's language.
    examples = context.new_page()
    seen = _guard(examples)
    examples.goto(f"{voila_server.url}/voila/render/{href}&lang={lang}",
                  wait_until="domcontentloaded")
    examples.wait_for_selector(EX, state="visible", timeout=60_000)
    _wait_text(examples, f"{EX} .ic-example-rulebook h4", XSS)
    assert examples.inner_text(f"{EX} .ic-example-rulebook h4") == XSS
    label = t("lessons.teacher_example", lang, title=XSS)
    chosen = examples.eval_on_selector(f"{EX} .ic-example-select select",
                                       "s => s.options[s.selectedIndex].text")
    assert chosen.replace("\xa0", " ") == label  # the dropdown keeps spaces with nbsp
    wait_kernel_idle(examples)
    for _ in data["steps"]:
        note = examples.inner_text(f"{EX} .ic-example-note")
        examples.click(f"{EX} .ic-example-next")
        examples.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerText !== old",
            arg=[f"{EX} .ic-example-note", note])
        wait_kernel_idle(examples)
    assert XSS in examples.inner_text(f"{EX} .ic-example-note")  # the marked step's caption
    _nothing_ran(examples, seen)
    check(examples)


def _upload(page: Any, path: Path) -> None:
    """Choose ``path`` with the page's "Open a file" button, as a teacher does (the
    widget's file input is not in the document: the button opens the file chooser)."""
    with page.expect_file_chooser() as chooser:
        page.click(f"{EX} .ic-example-upload")
    chooser.value.set_files(str(path))


def _lesson_file(tmp_path: Path) -> Path:
    import icecream

    game = icecream.default_game()
    state = icecream.new_game(game, players=3, seed=5)
    lesson = Lesson(XSS, "Read me first.", (
        Chapter("puzzle", "What would you do?", XSS, position=encode_position(state, 0)),
        Chapter("position", XSS, "Play on from here.", position=encode_position(state, None)),
    ))
    path = tmp_path / "lesson.json"
    path.write_text(lesson_to_json(lesson), "utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_lesson_file_opens_as_chapters_with_its_texts_as_text(
        open_page: Any, check: Any, tmp_path: Path, lang: str) -> None:
    page = open_page("rulebook_examples")
    dialogs = _guard(page)
    if lang != "en":
        select_in(page, ".ic-language", label=LANGUAGE[lang])
        _wait_text(page, f"{EX} .ic-example-upload", t("lessons.button.upload", lang))
    wait_kernel_idle(page)
    # A damaged file first: one line says what is wrong, the page keeps its example.
    bad = tmp_path / "bad.json"
    bad.write_text(_lesson_file(tmp_path).read_text("utf-8").replace("Read me", "Read us"))
    shown = page.inner_text(f"{EX} .ic-example-rulebook h4")
    _upload(page, bad)
    _wait_text(page, f"{EX} .ic-message", "digest")
    assert page.inner_text(f"{EX} .ic-example-rulebook h4") == shown
    assert page.locator(f"{EX} .ic-lesson-bar").is_hidden()
    # The real file: chapter 1, a puzzle for seat 0, with its notes as text.
    _upload(page, _lesson_file(tmp_path))
    heading = t("lessons.chapter", lang, number=1, count=2, title="What would you do?")
    _wait_text(page, f"{EX} .ic-lesson-chapter", heading)
    assert XSS in page.inner_text(f"{EX} .ic-lesson-chapter")  # the lesson's title
    assert XSS in page.inner_text(f"{EX} .ic-lesson-notes")
    puzzle = page.get_attribute(f"{EX} .ic-lesson-puzzle", "href")
    assert puzzle.startswith("play.ipynb?position=1.") and puzzle.endswith("&puzzle=1")
    page.locator(f"{EX} .ic-lesson-next").wait_for(state="visible")
    page.wait_for_function(f"() => !document.querySelector('{EX} .ic-lesson-next').disabled")
    page.click(f"{EX} .ic-lesson-next")
    _wait_text(page, f"{EX} .ic-lesson-chapter",
               t("lessons.chapter", lang, number=2, count=2, title=XSS))
    _wait_text(page, f"{EX} .ic-example-note", t("lessons.position_ready", lang))
    page.wait_for_function(f"() => document.querySelector('{EX} .ic-lesson-next').disabled")
    assert "Play on from here." in page.inner_text(f"{EX} .ic-lesson-notes")
    _nothing_ran(page, dialogs)
    check(page)
