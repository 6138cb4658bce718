"""Issue 32: a teacher's example files and lesson files, and their links (docs/lessons.md).

Files come from strangers: every test that refuses checks the refusal is one line naming
the problem; texts are kept verbatim (the pages escape them, checked here on the widgets'
HTML and in tests/browser/test_lessons.py in a real browser).
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import zlib

import pytest

import icecream
from icecream.core.examples import (
    MAX_TEXT,
    ExampleFileError,
    example_from_history,
    example_to_dict,
    read_example,
)
from icecream.core.history import History
from icecream.core.lesson_file import (
    MAX_CHAPTERS,
    MAX_LESSON_BYTES,
    Chapter,
    Lesson,
    LessonFileError,
    decode_link,
    encode_link,
    lesson_to_dict,
    lesson_to_json,
    read_file,
    read_lesson,
)
from icecream.core.share import MAX_FILE_TOKEN, encode_position
from icecream.widgets.authoring import AuthoringPanel
from icecream.widgets.example_explorer import ExampleExplorer
from icecream.widgets.examples_page import examples_page

GAMES = icecream.list_games()
XSS = ('<script>alert("x")</script> <img src=x onerror=alert(1)> '
       '<a href="javascript:alert(2)">javascript:alert(3)</a>')


def _played(game: str, steps: int, seed: int = 3) -> History:
    """A game of ``game`` played ``steps`` random legal actions in (fewer if it ends)."""
    rng = random.Random(seed)
    h = History.new(game, players=icecream.get_game(game).min_players + 1, seed=seed)
    for _ in range(steps):
        if h.state.is_over:
            break
        h = h.play(rng.choice(h.state.legal_actions()))
    return h


def _authored(game: str, start: int = 2, end: int = 7) -> dict:
    h = _played(game, end)
    words = {"en": {"title": "A class game", "step.1": "First", f"step.{end - start}": XSS},
             "nl": {"title": "Een spel van de klas", "step.2": "Tweede"}}
    return example_from_history(h, start, end, eid="class_game", words=words,
                                rules=list(icecream.get_game(game).rules)[:2])


def _one_line(e: pytest.ExceptionInfo) -> str:
    text = str(e.value)
    assert "\n" not in text and text.strip() == text
    return text


# -- example files ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_example_round_trips_through_a_teacher_file(game):
    # A rulebook example written out as a teacher's file is read back by the same loader
    # (check_example) and plays to the very same end.
    for ex in icecream.get_game(game).examples().values():
        data = json.loads(json.dumps(example_to_dict(ex)))
        back = read_example(data, game=game)
        assert (back.scenario, back.steps, back.rules) == (ex.scenario, ex.steps, ex.rules)
        assert back.title("nl") == ex.title("nl") and back.title("en") == ex.title("en")
        assert back.play()[-1].to_dict() == ex.play()[-1].to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_an_example_authored_from_a_played_game_round_trips(game):
    data = _authored(game)
    ex = read_example(json.dumps(data))
    h = _played(game, 7)
    assert len(ex.steps) == 5
    assert ex.start().to_dict() == h.states[2].to_dict()
    assert ex.play()[-1].to_dict() == h.states[7].to_dict()
    assert ex.title("nl") == "Een spel van de klas" and ex.step_note(4, "en") == XSS
    # a caption written in one language is read in the other too
    assert ex.step_note(1, "en") == "Tweede" and ex.step_note(0, "nl") == "First"
    # and through a link
    assert read_example(decode_link(encode_link("example", data), "example")).steps == ex.steps


def test_an_illegal_step_is_refused_naming_it():
    game = GAMES[0]
    data = _authored(game)
    data["steps"][3] = {"type": "no_such_move"}
    with pytest.raises(ExampleFileError) as e:
        read_example(data)
    assert "step 4" in _one_line(e)


@pytest.mark.parametrize("game", GAMES)
def test_an_example_claiming_another_game_is_refused(game):
    data = _authored(game)
    other = next(g for g in GAMES if g != game)
    with pytest.raises(ExampleFileError) as e:
        read_example({**data, "game": other})
    assert other in _one_line(e)
    with pytest.raises(ExampleFileError) as e:
        read_example(data, game=other)
    assert "not" in _one_line(e)
    with pytest.raises(ExampleFileError) as e:
        read_example({**data, "game": "chess"})
    assert "chess" in _one_line(e)


@pytest.mark.parametrize("change,where", [
    (lambda d: d["words"].update(xx={"title": "t"}), "'xx'"),
    (lambda d: d["words"]["en"].update({"step.99": "t"}), "step.99"),
    (lambda d: d["words"]["en"].update(title="x" * (MAX_TEXT + 1)), str(MAX_TEXT)),
    (lambda d: d["words"]["en"].update(title=["a list"]), "title"),
    (lambda d: d.update(rules=["NO-1"]), "NO-1"),
    (lambda d: d.update(id="../../etc/passwd"), "id"),
    (lambda d: d.update(script="x"), "script"),
    (lambda d: d.pop("words"), "words"),
    (lambda d: d.update(steps=[{"type": "x"}] * 3001), "3001"),
])
def test_a_bad_example_file_is_refused_in_one_line(change, where):
    data = _authored(GAMES[0])
    change(data)
    with pytest.raises(ExampleFileError) as e:
        read_example(data)
    assert where in _one_line(e)


def test_an_oversize_example_file_is_refused_before_it_is_read():
    with pytest.raises((ExampleFileError, LessonFileError)) as e:
        read_file(b" " * (MAX_LESSON_BYTES + 1))
    assert "bytes" in _one_line(e)


# -- lesson files -------------------------------------------------------------------------------
def _lesson(game: str, title: str = "Tuesday") -> Lesson:
    h = _played(game, 9)
    example = read_example(_authored(game))
    return Lesson(title, "Read this first.\nThen play.", (
        Chapter("position", "Where we stopped", "Go on from here.",
                position=encode_position(h.state, None)),
        Chapter("puzzle", XSS, XSS, position=encode_position(h.states[5], 0)),
        Chapter("example", "The class game", "Watch step 5.", example=example)))


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_round_trips_through_its_file_and_its_link(game):
    lesson = _lesson(game)
    back = read_lesson(lesson_to_json(lesson))
    assert back == lesson
    assert back.chapters[1].title == XSS and back.chapters[1].notes == XSS
    assert back.chapters[2].example.words["en"]["step.5"] == XSS
    assert read_lesson(decode_link(encode_link("lesson", lesson_to_dict(lesson)),
                                   "lesson")) == lesson
    # the puzzle's position is what seat 0 saw, its unseen cards dealt again
    shared = back.chapters[1].shared(seed=1)
    assert shared.seat == 0 and shared.state.view(0) == _played(game, 9).states[5].view(0)


def test_a_changed_lesson_file_is_refused():
    data = lesson_to_dict(_lesson(GAMES[0]))
    data["chapters"][0]["notes"] = "Ignore the rules."
    with pytest.raises(LessonFileError) as e:
        read_lesson(data)
    assert "digest" in _one_line(e)


def test_a_lesson_with_a_changed_position_is_refused_even_with_a_fresh_digest():
    # The digest tells damage, not forgery: a forged file is checked like a scenario.
    from icecream.core.history import digest

    data = lesson_to_dict(_lesson(GAMES[0]))
    token = data["chapters"][0]["position"]
    data["chapters"][0]["position"] = token[:20] + ("A" if token[20] != "A" else "B") + token[21:]
    body = {k: v for k, v in data.items() if k != "digest"}
    data["digest"] = digest(body)
    with pytest.raises(LessonFileError) as e:
        read_lesson(data)
    assert "chapter 1" in _one_line(e)


def test_a_lesson_whose_example_claims_another_game_is_refused():
    from icecream.core.history import digest

    data = lesson_to_dict(_lesson(GAMES[0]))
    data["chapters"][2]["example"]["game"] = GAMES[1]
    data["digest"] = digest({k: v for k, v in data.items() if k != "digest"})
    with pytest.raises(LessonFileError) as e:
        read_lesson(data)
    assert "chapter 3" in _one_line(e) and GAMES[1] in str(e.value)


@pytest.mark.parametrize("change,where", [
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d.update(format="something"), "not a lesson"),
    (lambda d: d.update(chapters=[]), "at least one"),
    (lambda d: d.update(chapters=d["chapters"] * (MAX_CHAPTERS // 3 + 1)), str(MAX_CHAPTERS)),
    (lambda d: d["chapters"][0].update(kind="video"), "video"),
    (lambda d: d["chapters"][0].update(example={}), "fields"),
    (lambda d: d.update(title="x" * 6000), "6000"),
    (lambda d: d.update(extra=1), "extra"),
])
def test_a_bad_lesson_file_is_refused_in_one_line(change, where):
    from icecream.core.history import digest

    data = lesson_to_dict(_lesson(GAMES[0]))
    change(data)
    data["digest"] = digest({k: v for k, v in data.items() if k != "digest"})
    with pytest.raises(LessonFileError) as e:
        read_lesson(data)
    assert where in _one_line(e)


def test_an_oversize_lesson_file_is_refused():
    text = lesson_to_json(_lesson(GAMES[0]))
    with pytest.raises(LessonFileError) as e:
        read_lesson(text + " " * MAX_LESSON_BYTES)
    assert str(MAX_LESSON_BYTES) in _one_line(e)


# -- links -------------------------------------------------------------------------------------
def test_a_changed_link_is_refused():
    token = encode_link("example", _authored(GAMES[0]))
    version, packed, check = token.split(".")
    changed = f"{version}.{packed[:-3]}{'AAA' if packed[-3:] != 'AAA' else 'BBB'}.{check}"
    with pytest.raises(LessonFileError) as e:
        decode_link(changed, "example")
    _one_line(e)
    with pytest.raises(LessonFileError) as e:
        decode_link(token[: len(token) // 2], "example")
    _one_line(e)


def test_a_link_of_another_kind_or_version_is_refused():
    token = encode_link("example", _authored(GAMES[0]))
    with pytest.raises(LessonFileError) as e:
        decode_link(token, "lesson")
    assert "holds no lesson" in _one_line(e)
    with pytest.raises(LessonFileError) as e:
        decode_link("7" + token[1:], "example")
    assert "version 7" in _one_line(e)


def test_oversize_links_and_packed_bombs_are_refused():
    with pytest.raises(LessonFileError) as e:
        decode_link("1." + "A" * MAX_FILE_TOKEN + ".AAAA", "lesson")
    assert str(MAX_FILE_TOKEN) in _one_line(e)
    raw = b'{"kind":"lesson","lesson":"' + b"x" * 5_000_000 + b'"}'
    b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")  # noqa: E731
    bomb = f"1.{b64(zlib.compress(raw, 9))}.{b64(hashlib.sha256(raw).digest()[:6])}"
    assert len(bomb) < MAX_FILE_TOKEN
    with pytest.raises(LessonFileError) as e:
        decode_link(bomb, "lesson")
    assert "too large" in _one_line(e)


# -- the widgets --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_authoring_panel_exports_what_the_examples_page_opens(game):
    h = _played(game, 6)
    panel = AuthoringPanel(lambda: h, "nl")
    assert not panel.export()  # no title yet: refused, nothing made
    assert panel.exported is None and "titel" in panel.message.value
    panel.title_boxes["en"].value = XSS
    h = h.jump(0)
    assert not panel.export()  # nothing played after the start
    assert panel.exported is None and "stap 0" in panel.message.value
    h = h.jump(2)
    panel.start_here()
    assert not panel.mark()  # at the start: no step to caption yet
    h = h.jump(4)
    panel.caption_boxes["nl"].value = XSS
    assert panel.mark()  # a caption in one language is enough
    assert panel.marks == {4: {"nl": XSS}}
    h = h.jump(6)
    assert panel.export()
    data = panel.exported
    assert len(data["steps"]) == 2 and data["words"]["nl"]["step.2"] == XSS
    assert XSS not in panel.status.value and "&lt;script&gt;" in panel.status.value
    assert 'download="' in panel.result.value and panel.link.startswith("rulebook_examples")
    page = ExampleExplorer(lang="nl")
    assert page.open_file(json.dumps(data).encode())
    assert page.history.game == game and page.example.title("nl") == XSS
    assert page.next_step() and page.next_step() and page.finished


def test_a_refused_file_keeps_the_page_as_it_was():
    page = ExampleExplorer()
    page.next_step()
    shown = (page.example.id, page.history, page.history.cursor)
    assert not page.open_file(b'{"game": "nope"}')
    assert page.message_is_error and "\n" not in page.message
    assert (page.example.id, page.history, page.history.cursor) == shown


def test_a_lesson_opens_as_chapters_with_its_texts_as_text():
    lesson = _lesson(GAMES[-1], title=XSS)
    page = ExampleExplorer()
    assert page.open_file(lesson_to_json(lesson))
    assert page.chapter == 0 and page.prev_chapter.disabled and not page.next_chapter.disabled
    assert page.session.perspective is None  # the teacher's view was shared
    assert page.show_chapter(1)
    assert page.session.perspective == 0  # the puzzle was shared for seat 0
    for html in (page.chapter_title.value, page.lesson_notes.value):
        assert "<script" not in html and "<img" not in html and "&lt;script&gt;" in html
    assert 'class="ic-lesson-puzzle" href="play.ipynb?position=1.' in page.lesson_notes.value
    assert page.show_chapter(2) and page.next_chapter.disabled
    assert page.example.title("en") == "A class game" and len(page.example.steps) == 5
    assert not page.show_chapter(3) and page.chapter == 2
    nl = page.in_language("nl")
    assert nl.chapter == 2 and "Hoofdstuk 3 van 3" in nl.chapter_title.value


def test_the_examples_page_opens_links_and_refuses_bad_ones():
    token = encode_link("lesson", lesson_to_dict(_lesson(GAMES[0])))
    page = examples_page(f"lang=nl&lesson={token}")
    assert page.lang == "nl" and page.widget.lesson is not None
    assert not page.widget.message_is_error
    page = examples_page(f"example={token}")
    assert page.widget.message_is_error and page.widget.lesson is None
    assert "holds no example" in page.widget.message


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_made_on_the_play_page_opens_as_its_chapters(game):
    h = _played(game, 6)
    panel = AuthoringPanel(lambda: h)
    assert not panel.export_lesson() and panel.chapters == []  # no chapter yet
    assert not panel.add_chapter("example")  # nothing exported yet: refused
    panel.chapter_notes.value = XSS
    assert panel.add_chapter("puzzle")
    assert panel.add_chapter("position")
    panel.title_boxes["en"].value = "Ours"
    assert panel.export() and panel.add_chapter("example")
    panel.lesson_title.value = XSS
    assert panel.export_lesson()
    html = panel.lesson_result.value
    assert "ic-author-lesson-download" in html and "<script" not in html
    href = html.split('class="ic-author-lesson-link" href="', 1)[1].split('"', 1)[0]
    token = href.split("lesson=", 1)[1]
    lesson = read_lesson(decode_link(token, "lesson"))
    assert lesson.title == XSS and [c.kind for c in lesson.chapters] == [
        "puzzle", "position", "example"]
    assert lesson.chapters[0].notes == XSS
    puzzle = lesson.chapters[0].shared(seed=2)
    assert puzzle.seat == h.state.current_player
    assert puzzle.state.view(puzzle.seat) == h.state.view(puzzle.seat)
    assert lesson.chapters[1].shared().seat is None
    assert lesson.chapters[2].example.steps == tuple(panel.exported["steps"])


def test_the_examples_page_opens_a_link_the_browser_sends(monkeypatch):
    # The static site's Python cannot see the page's address (page_query() is ""): the page
    # holds a PageAddress, and opens the lesson when the browser sends the query.
    import icecream.widgets.examples_page as examples

    monkeypatch.setattr(examples, "page_query", lambda: "")
    token = encode_link("lesson", lesson_to_dict(_lesson(GAMES[0])))
    page = examples.examples_page()
    assert page.address in page.children and page.widget.lesson is None
    page.address.query = f"lang=nl&lesson={token}"
    assert page.lang == "nl" and page.widget.lesson is not None
    assert not page.widget.message_is_error
    page.address.query = "lesson=1.x.y"  # sent once: a later change opens nothing
    assert page.widget.lesson is not None and not page.widget.message_is_error
    from icecream.core.messages import set_language
    set_language("en")  # the kernel's language, set by the Dutch link, back
