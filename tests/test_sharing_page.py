"""The play page's Save, Load, Share link and puzzles (issue 32), in Python: every game,
bad files and links from strangers, and the page's state machine (docs/play-page.md,
docs/sharing.md). The browser tests are in tests/browser/test_sharing.py."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import zlib
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

import icecream
from icecream.core.share import decode_position, encode_position
from icecream.teach.puzzle import PuzzleError, answer_steps, finish, make_puzzle
from icecream.widgets import GameExplorer
from icecream.widgets.language import LanguageSwitch
from icecream.widgets.playpage import open_address
from icecream.widgets.playstate import MOVING, REFUSE, VERDICTS, Control, PageState
from icecream.widgets.sharing import MAX_QUERY, MAX_UPLOAD, page_params

ROOT = Path(__file__).resolve().parent.parent
GAMES = icecream.list_games()
EVIL = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "javascript:alert(3)"]


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    """A page opened in Dutch makes Dutch the kernel's language: English again after."""
    yield
    icecream.set_language("en")


def _played(game: str, moves: int, seed: int = 3, players: Any = 3) -> GameExplorer:
    e = GameExplorer(game=game, players=players, seed=seed)  # every seat human
    rng = random.Random(seed)
    for _ in range(moves):
        if e.state.is_over:
            break
        if e.scoring_shown:
            e.carry_on()
            continue
        e.click(rng.choice(e.state.legal_actions()).to_dict())
    return e


def _kept(e: GameExplorer, action: Any) -> None:
    """The refusal is one line and changed nothing."""
    before = (e.history, e.history.cursor, len(e.history))
    ok = action()
    assert ok is False
    assert e.message_is_error and "\n" not in e.message and e.message.strip(), e.message
    assert (e.history, e.history.cursor, len(e.history)) == before


@pytest.mark.parametrize("game", GAMES)
def test_save_then_load_gives_the_same_game_and_undo_works(game: str) -> None:
    e = _played(game, 12)
    e.undo()  # saved at a past step: the cursor is kept
    assert e.save() and e.saved_text
    assert f"icecream-{game}-" in e.share_bar.output.value and "data:application/json" in \
        e.share_bar.output.value
    other = GameExplorer(players=2, seed=9, bots=["human", "random"], perspective=0)
    assert other.load(e.saved_text.encode(), "game.json"), other.message
    assert other.history.to_dict() == e.history.to_dict()
    assert other.state.to_dict() == e.state.to_dict()
    assert "game.json" in other.message and not other.message_is_error
    assert other.page_state not in MOVING
    steps = len(other.history)
    if other.history.cursor:
        assert other.undo() and other.history.cursor < e.history.cursor
    assert other.jump(steps) and other.history.cursor == steps  # the scrubber


def test_a_scenario_file_opens_at_its_position() -> None:
    path = ROOT / "docs" / "scenarios" / "close_cone_choice.json"
    e = GameExplorer(players=3)
    assert e.load(path.read_bytes(), path.name), e.message
    data = json.loads(path.read_text())
    want = icecream.get_game(data["game"]).from_scenario(data)
    assert e.state.to_dict() == want.to_dict() and len(e.history) == 0


BAD_FILES = {
    "not json": b"hello",
    "not UTF-8": b"\xff\xfe\x00<",
    "a list": b"[1, 2]",
    "no game": b'{"players": 3}',
    "unknown kind": b'{"kind": "icecream-lesson", "game": "ice-cream"}',
    "unknown game": b'{"game": "chess", "players": 2}',
    "bad players": b'{"game": "ice-cream", "players": 99}',
    "too deep": b"[" * 200 + b"]" * 200,
    "too large": b" " * (MAX_UPLOAD + 1),
    "bad position file": b'{"kind": "icecream-position", "format_version": 1, "token": "1.x.y"}',
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_is_refused_in_one_line_and_the_game_is_kept(name: str) -> None:
    e = _played("ice-cream", 5)
    _kept(e, lambda: e.load(BAD_FILES[name], "bad.json"))
    assert "bad.json" in e.message


def test_a_changed_save_is_refused_by_its_digest() -> None:
    e = _played("ice-cream", 6)
    e.save()
    data = json.loads(e.saved_text)
    data["actions"] = data["actions"][:-1]
    _kept(e, lambda: e.load(json.dumps(data), "changed.json"))
    assert "digest" in e.message


@pytest.mark.parametrize("control", [Control.SAVE, Control.LOAD, Control.SHARE])
def test_save_load_share_rest_on_a_resting_page(control: Control) -> None:
    for state in PageState:
        want = REFUSE if state in MOVING else "allow"
        assert VERDICTS[state][control] == want, (state, control)


def test_load_and_share_are_refused_while_moves_are_made() -> None:
    e = _played("ice-cream", 3)
    saved = e.history.to_json()
    with e.machine.lock:
        e.machine.enter(PageState.RUNNING)
        _kept(e, lambda: e.load(saved, "x.json"))
        _kept(e, e.share)
        _kept(e, e.save)
        e._settle()
    assert e.load(saved, "x.json")


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_link_opens_the_same_view_with_the_unseen_cards_dealt_again(game: str) -> None:
    e = _played(game, 9, seed=5)
    if e.state.is_over:  # a short game (Tub's) is over by then: a position before its end
        e = _played(game, 3, seed=5)
    seat = e.state.current_player
    assert seat is not None and e.set_perspective(seat)
    assert e.share(), e.message
    assert e.shared.startswith("play.ipynb?position=1.")
    assert e.share_bar.address.value == e.shared
    token = page_params(e.shared.split("?", 1)[1])["position"]
    page = open_address(LanguageSwitch(GameExplorer(players=2)), e.shared.split("?", 1)[1])
    opened = page.app.widget
    assert opened.session.perspective == seat
    assert opened.state.view(seat) == e.state.view(seat)
    assert set(opened.session.players) == {"human"}  # nothing moves before one looks
    assert "dealt again" in opened.message and not opened.message_is_error
    assert decode_position(token).seat == seat


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_link_opens_the_whole_position(game: str) -> None:
    e = _played(game, 7, seed=2)
    assert e.share(teacher=True)
    page = open_address(LanguageSwitch(GameExplorer(players=2)), e.shared.split("?", 1)[1])
    opened = page.app.widget
    assert opened.state.to_dict() == e.state.to_dict()
    assert opened.session.perspective is None
    assert "teacher" in opened.message


def test_a_link_the_browser_sends_opens_once(monkeypatch) -> None:
    # The static site's Python cannot see the page's address (page_query() is ""): the
    # play page opens the position when the browser's PageAddress sends the query.
    import icecream.widgets.playpage as playpage

    monkeypatch.setattr(playpage, "page_query", lambda: "")
    e = _played(GAMES[0], 7, seed=2)
    assert e.share(teacher=True)
    page = open_address(LanguageSwitch(GameExplorer(players=2)))
    opened = page.app.widget
    assert opened.state.to_dict() != e.state.to_dict()
    opened.share_bar.page.query = e.shared.split("?", 1)[1]
    assert opened.state.to_dict() == e.state.to_dict() and "teacher" in opened.message
    opened.share_bar.page.query = "position=1.x.y"  # sent once: a later change opens nothing
    assert opened.state.to_dict() == e.state.to_dict() and not opened.message_is_error


def test_a_link_too_long_becomes_a_position_file_that_load_opens(monkeypatch) -> None:
    import icecream.widgets.explorer as explorer_module

    e = _played("combo-cone", 4)
    monkeypatch.setattr(explorer_module, "fits_in_link", lambda token: False)
    assert e.share(teacher=True)
    assert "Too long for a link" in e.message
    assert "icecream-combo-cone-position.json" in e.share_bar.output.value
    data = json.loads(e.shared)
    assert data["kind"] == "icecream-position"
    other = GameExplorer(players=3)
    assert other.load(e.shared, "position.json"), other.message
    assert other.state.to_dict() == e.state.to_dict()


def test_a_puzzle_link_needs_the_seat_to_act() -> None:
    e = _played("ice-cream", 4)
    other = (e.state.current_player + 1) % e.state.num_players
    e.set_perspective(other)
    _kept(e, lambda: e.share(puzzle=True))
    assert e.share(puzzle=True, teacher=True)
    assert "&puzzle=1" in e.shared


def _token(payload: dict) -> str:
    raw = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")  # noqa: E731
    return f"1.{b64(zlib.compress(raw))}.{b64(hashlib.sha256(raw).digest()[:6])}"


def _claims() -> dict[str, str]:
    s = icecream.new_game("ice-cream", players=3, seed=1)
    state = s.to_dict()
    return {
        "another game": _token({"game": "combo-cone", "seat": None, "state": state}),
        "a seat the game has not": _token({"game": "ice-cream", "seat": 7, "state": state}),
        "a ruleset that is not one": _token({"game": "ice-cream", "seat": None, "state": {
            **state, "settings": {**state.get("settings", {}), "ruleset": "<b>x</b>"}}}),
        "an extra field": _token({"game": "ice-cream", "seat": None, "state": state, "x": 1}),
        "tampered": encode_position(s, None)[:-2] + "AA",
        "cut short": encode_position(s, None)[:40],
    }


@pytest.mark.parametrize("claim", sorted(_claims()))
def test_a_strangers_link_that_claims_too_much_is_refused_in_one_line(claim: str) -> None:
    token = _claims()[claim]
    e = _played("gelato-mio", 3)
    _kept(e, lambda: e.open_link(token))
    assert e.message.startswith("This link cannot be opened")


def test_an_address_too_long_is_refused() -> None:
    app = LanguageSwitch(GameExplorer(players=3))
    page = open_address(app, "position=" + "A" * MAX_QUERY)
    assert app.widget.message_is_error and "longer than" in app.widget.message
    assert page.children == (app,)


def _html_values(w: Any) -> list[str]:
    out = []
    if isinstance(w, widgets.HTML):
        out.append(w.value)
    if hasattr(w, "svg"):
        out.append(w.svg)
    for child in getattr(w, "children", ()):
        out.extend(_html_values(child))
    return out


@pytest.mark.parametrize("puzzle", [False, True])
def test_names_from_a_link_are_shown_as_text_never_markup(puzzle: bool) -> None:
    s = icecream.new_game("ice-cream", players=EVIL, seed=4)
    query = f"position={encode_position(s, None)}" + ("&puzzle=1" if puzzle else "")
    page = open_address(LanguageSwitch(GameExplorer(players=3)), query)
    shown = page.puzzle if puzzle else page.app
    if puzzle:
        shown.widget.samples = 3
        assert shown.widget.choose(0)
    html = "\n".join(_html_values(shown))
    for bad in ("<script", "<img", 'href="javascript', "src=\"javascript"):
        assert bad not in html, bad
    assert "&lt;script&gt;" in html


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_puzzle_answered_shows_the_hint_and_the_what_if_and_the_rules(
        game: str, lang: str) -> None:
    e = _played(game, 6, seed=7)
    seat = e.state.current_player
    token = encode_position(e.state, seat)
    page = open_address(LanguageSwitch(GameExplorer(players=2)),
                        f"position={token}&puzzle=1&lang={lang}")
    assert page.puzzle is not None and page.puzzle.lang == lang
    w = page.puzzle.widget
    w.samples = 4
    assert not w.choose(len(w.puzzle.choices))  # not a move: refused with a line
    assert w.choose(0)
    a = w.answer
    assert a is not None and a.chosen == w.puzzle.choices[0]
    assert len(a.rows) == len(e.state.options())
    played = [r for r in a.rows if r.score is not None]
    assert played and all(r.option.allowed for r in played)
    for r in played:
        value, low, high = r.score
        assert low <= value <= high
    assert all(r.option.rule and r.option.reason for r in a.rows)
    html = w.result.value
    assert a.rows[0].option.rule in html
    assert not w.choose(1)  # one answer per puzzle
    assert w.play_on()  # back to the play page at the puzzle's position
    assert page.children == (page.app,)
    assert page.app.widget.state.view(seat) == e.state.view(seat)


def test_a_puzzle_of_a_finished_game_is_refused() -> None:
    e = _played("gelato-mio", 10_000, players=2)
    assert e.state.is_over
    with pytest.raises(PuzzleError):
        make_puzzle(e.state, None)
    app = LanguageSwitch(GameExplorer(players=3))
    page = open_address(app, f"position={encode_position(e.state, None)}&puzzle=1")
    assert page.puzzle is None and app.widget.message_is_error


def test_answer_steps_refuse_a_bad_choice() -> None:
    p = make_puzzle(icecream.new_game("ice-cream", players=3, seed=1), 0)
    for bad in (-1, 99, "0", True, None):
        with pytest.raises(PuzzleError):
            finish(answer_steps(p, bad, samples=1))


def test_the_play_dashboard_reads_its_address() -> None:
    nb = json.loads((ROOT / "dashboards" / "play.ipynb").read_text())
    waiting = [c for c in nb["cells"] if "voila-waits-for-request" in
               c["metadata"].get("tags", [])]
    assert len(waiting) == 1 and "open_address(app)" in "".join(waiting[0]["source"])
    assert all(not c.get("outputs") for c in nb["cells"])
