"""The play page's state machine (issue 33, docs/play-page.md): double clicks, a click on a
forbidden option, a language switch during "Play to the end" and what the page says while
moves are made, then random interleavings of everything a student can do, checking after
each that the page and the game agree.

Clicks are sent as the page sends them: a table click names the table it was made on
(``TableWidget.token``), a button click runs the button's handlers (``Button.click``).
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Callable, Iterator
from html import escape, unescape
from typing import Any

import pytest

import icecream
from icecream.core.messages import join_words, set_language, t
from icecream.widgets import GameExplorer, hooks
from icecream.widgets import explorer as explorer_module
from icecream.widgets import session as session_module
from icecream.widgets.language import LanguageSwitch
from icecream.widgets.playstate import MOVING, VERDICTS, Control, PageState, resting_state
from icecream.widgets.session import bot_words

SLOW_BOTS = ["human", "ismcts", "ismcts", "ismcts"]  # "thinks ahead (slow)"
#: ``make test`` runs with ICECREAM_QUICK=1: fewer random steps.
QUICK = bool(os.environ.get("ICECREAM_QUICK"))


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")  # a language switch sets the kernel's language


@pytest.fixture
def on_a_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs of moves start in the background, as they do when clicked on a page."""
    monkeypatch.setattr(explorer_module, "from_page", lambda: True)


def page_click(g: GameExplorer, action: Any, table: int | None = None) -> None:
    """What the page sends for a click on ``action`` on table ``table`` (default: the one
    shown now)."""
    content: dict[str, Any] = {"kind": "action", "action": dict(action)}
    if hasattr(g.table, "token"):  # (a page before issue 33 sent no table)
        content["table"] = g.table.token if table is None else table
    g.table._received(g.table, content, [])


def allowed(g: GameExplorer) -> list[dict]:
    return [o.action.to_dict() for o in g.state.options() if o.allowed]


def forbidden(g: GameExplorer) -> list[dict]:
    return [o.action.to_dict() for o in g.state.options() if not o.allowed]


def wait_until(test: Callable[[], bool], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.05)


def refused_prefix(lang: str) -> str:
    return t("widgets.msg.refused", lang, reason="").strip()


# -- the page agrees with the game -------------------------------------------------------------
def prompt_keys(state: PageState) -> tuple[str, ...]:
    """The prompts the page may show in ``state``."""
    return {
        PageState.YOUR_TURN: ("your_turn", "teacher", "bot_waiting", "bot"),  # the teacher
        PageState.IDLE: ("bot_waiting", "bot", "other_human", "teacher"),
        PageState.SCORING: ("summary",),
        PageState.OVER: ("over",),
        PageState.BOTS_MOVING: ("bots_moving",),
        PageState.RUNNING: ("running",),
        PageState.STOPPING: ("stopping",),
    }[state]


def assert_agrees(g: GameExplorer) -> None:
    """The page shows the game as it is, in the state the machine says."""
    with g.machine.lock:
        state, lang, s, h = g.page_state, g.lang, g.state, g.history
        assert state not in MOVING, state  # every command has ended
        assert state is resting_state(s.is_over, g.scoring_shown, g._clickable())
        p = g.session.perspective
        if g.scoring_shown:
            svg = hooks.render_scoring(h.states[h.cursor - 1], s, p, lang)
        else:
            svg = hooks.render(s, p, lang, state is PageState.YOUR_TURN)
        assert g.table.svg == svg, "the table shows the history's current state"
        assert g._tables[g.table.token] == (s, state is PageState.YOUR_TURN)
        prompt = unescape(re.sub(r"<[^>]+>", "", g.prompt.value))
        who = g.session.names[s.current_player] if not s.is_over else ""
        kind = g.session.players[s.current_player] if not s.is_over else "human"
        names = join_words([g.session.names[k] for k in s.winners], lang) if s.is_over else ""
        words = [t(f"widgets.prompt.{k}", lang, player=who, bot=bot_words(kind, lang),
                   count=len(s.winners) if s.is_over else 1, names=names)
                 for k in prompt_keys(state)]
        assert prompt in words, (state, prompt, words)
        assert (g.scrubber.value, g.scrubber.max) == (h.cursor, len(h))
        assert [d.value for d in g.seat_selectors] == g.session.players
        # every event of the history up to the step shown is in the log (its last 400)
        log = unescape(re.sub(r"<[^>]+>", "", g.log_panel.value))
        for _k, text in g.session.log()[-400:]:
            assert text in log, text
        for button, control in ((g.step_button, Control.STEP), (g.play_to_end_button,
                                Control.RUN), (g.fork_button, Control.FORK)):
            assert button.disabled is (VERDICTS[state][control] != "allow"), (state, control)


def _game(bots: list[str] | None = None, **kwargs: Any) -> GameExplorer:
    return GameExplorer(players=4, seed=1, bots=bots or ["human"] + ["heuristic"] * 3,
                        perspective=0, **kwargs)


# -- the faults of issue 33 --------------------------------------------------------------------
def test_a_double_click_on_keep_plays_it_once_and_keeps_the_list_of_the_bots_moves() -> None:
    g = _game()
    table = getattr(g.table, "token", 0)
    page_click(g, {"type": "keep"}, table)
    message, cursor = g.message, g.history.cursor
    assert not g.message_is_error and cursor > 1
    assert all(text in message for text in g.session.events_since(0))
    page_click(g, {"type": "keep"}, table)  # the double click's second: the same table
    assert g.message == message and not g.message_is_error, g.message
    assert refused_prefix("en") not in g.message
    assert g.history.cursor == cursor and g.page_state is PageState.YOUR_TURN
    assert_agrees(g)


def test_a_double_click_on_continue_deals_the_next_day_once_ic13() -> None:
    g = _game()
    for _ in range(400):
        if g.scoring_shown:
            break
        page_click(g, allowed(g)[0])
    assert g.scoring_shown
    deal = hooks.split_round_texts(g.state, 0, "en")[1]  # day 2's deal, held back
    scored = g.history.cursor
    g.continue_button.click()
    message, cursor = g.message, g.history.cursor
    bots = g.session.events_since(scored)  # the other players' moves since
    assert deal and bots and all(text in message for text in deal + bots), message
    assert g.state.current_player == 0
    g.continue_button.click()  # the second click of the double click
    assert g.message == message and g.history.cursor == cursor
    stand_in = t("widgets.msg.stand_in", players=g.session.names[0], count=1)
    assert stand_in not in g.message
    assert g.page_state is PageState.YOUR_TURN
    assert_agrees(g)


def test_a_click_on_a_forbidden_option_keeps_the_list_and_does_not_repeat_the_reason() -> None:
    g = GameExplorer(game="combo-cone", players=3, seed=3, bots=["human", "random", "random"],
                     perspective=0)
    rng = random.Random(1)
    for _ in range(200):
        if forbidden(g) and g.message and not g.message_is_error:
            break
        page_click(g, rng.choice(allowed(g)))
    why = forbidden(g)
    assert why
    message, cursor, html = g.message, g.history.cursor, g.message_line.value
    page_click(g, why[0])
    # The page shows the rule's reason under the option (the table's own box): the
    # message line keeps the list of moves, and the reason is not shown a second time.
    assert (g.message, g.message_line.value) == (message, html)
    assert g.history.cursor == cursor and not g.message_is_error
    # Called from Python (no page to show the box), the same click says why not.
    assert g.click(why[0]) is False and g.message.startswith(refused_prefix("en"))


def test_while_playing_to_the_end_the_page_says_so_and_offers_no_options(
        on_a_page: None) -> None:
    g = _game(SLOW_BOTS)
    page_click(g, {"type": "keep"})
    start = g.history.cursor
    g.play_to_end_button.click()
    try:
        wait_until(lambda: g.history.cursor >= start + 3)
        time.sleep(1.0)  # the table is drawn a few times a second while moves are made
        lock = getattr(g, "machine", None)
        with lock.lock if lock else g.hold_sync():
            assert t("widgets.prompt.your_turn") not in unescape(g.prompt.value)
            assert escape(t("widgets.prompt.running")) in g.prompt.value
            assert "ic-option" not in g.table.svg  # nothing highlighted, nothing to click
            assert g.page_state is PageState.RUNNING
            assert g._tables[g.table.token][0] in g.history.states[start + 1:]
            assert g.run_box.layout.display == "" and not g.run_box.stop_button.disabled
            assert g.step_button.disabled and g.undo_button.disabled
            assert all(d.disabled for d in g.seat_selectors) and g.scrubber.disabled
    finally:
        g.run_box.stop_button.click()
        assert g.run_box.wait(60)
    assert g.page_state is not PageState.RUNNING
    assert t("widgets.msg.run_stopped") in g.message
    assert_agrees(g)


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_language_switch_during_play_to_the_end_keeps_the_run_in_sight(
        on_a_page: None, english_afterwards: None, lang: str) -> None:
    first = "en" if lang == "nl" else "nl"
    switch = LanguageSwitch(_game(SLOW_BOTS, lang=first))
    old = switch.widget
    page_click(old, {"type": "keep"})
    start = old.history.cursor
    old.play_to_end_button.click()
    wait_until(lambda: old.history.cursor >= start + 2)
    switch.selector.value = lang  # within 2-3 s of Play to the end
    new = switch.widget
    try:
        assert new is not old and new.lang == lang
        assert not old.run_box.running, "the old page's run plays on unseen"
        # The run goes on here, in sight: the Stop bar, the words, the table.
        assert new.run_box.layout.display == "" and new.run_box.running
        with new.machine.lock:
            assert new.page_state is PageState.RUNNING
            assert escape(t("widgets.prompt.running", lang)) in new.prompt.value
            assert t("widgets.msg.language_during_run", lang) in new.message
        shown = new.table.token
        at = new.history.cursor
        wait_until(lambda: new.table.token > shown and new.history.cursor > at)
        assert old.history.cursor == at or old.history is new.history
    finally:
        for page in (new, old):
            page.run_box.stop_button.click()
            assert page.run_box.wait(60)
    cursor = new.history.cursor
    time.sleep(0.5)
    assert new.history.cursor == cursor, "no move is played unseen after Stop"
    assert t("widgets.msg.run_stopped", lang) in new.message
    assert_agrees(new)


def test_a_leftover_click_on_a_control_the_machine_refuses_changes_nothing() -> None:
    g = _game()
    message, svg = g.message, g.table.svg
    for button in (g.continue_button, g.resume_button, g.run_box.stop_button):
        button.click()  # hidden now: the click was aimed at an earlier state
        assert (g.message, g.table.svg) == (message, svg)
    page_click(g, {"type": "keep"}, table=g.table.token - 1)  # an older table
    assert g.history.cursor == 0 and g.message == message
    # From Python the same commands say why not.
    assert g.stop() is False
    assert_agrees(g)


# -- random interleavings ----------------------------------------------------------------------
GAMES = [name for name in icecream.list_games()]
KINDS = ["human", "random", "heuristic"]


class Monkey:
    """Random clicks, double clicks, language switches, Stop, new games and view changes
    on a play page in Python, each followed by the check that page and game agree."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.switch = LanguageSwitch(_game())
        self.done: dict[str, int] = {}

    @property
    def g(self) -> GameExplorer:
        return self.switch.widget

    def act(self) -> None:
        rng, g = self.rng, self.g
        kinds = [self.click, self.double_click, self.forbidden_click, self.stale_click,
                 self.button, self.button, self.language, self.view, self.seat,
                 self.new_game, self.jump, self.stop]
        weights = [10, 5, 2, 2, 6, 3, 2, 2, 2, 1, 2, 1]
        action = rng.choices(kinds, weights)[0]
        self.done[action.__name__] = self.done.get(action.__name__, 0) + 1
        before = (g.history, g.history.cursor, g.message)
        legal_when_clicked = action(g)
        g = self.g
        assert_agrees(g)
        if legal_when_clicked:  # never "not allowed" for a move that was allowed
            assert not (g.message_is_error and refused_prefix(g.lang) in g.message), \
                g.message
        if action in (self.stale_click, self.stop, self.forbidden_click):
            assert (g.history, g.history.cursor, g.message) == before, action.__name__

    def click(self, g: GameExplorer) -> bool:
        options = allowed(g) if g.page_state is PageState.YOUR_TURN else []
        if options:
            history, cursor = g.history, g.history.cursor
            page_click(g, self.rng.choice(options))
            if g.history is history:  # the list holds the move and every answer since
                scored = g.session.summary
                for k, text in g.session.log(since=cursor)[-40:]:
                    assert k == scored or text in g.message, text
        return bool(options)

    def double_click(self, g: GameExplorer) -> bool:
        options = allowed(g) if g.page_state is PageState.YOUR_TURN else []
        if options:
            action, table = self.rng.choice(options), g.table.token
            page_click(g, action, table)
            message = g.message
            page_click(g, action, table)
            assert g.message == message
        return bool(options)

    def forbidden_click(self, g: GameExplorer) -> bool:
        options = forbidden(g) if g.page_state is PageState.YOUR_TURN else []
        if options:
            page_click(g, self.rng.choice(options))
        return False

    def stale_click(self, g: GameExplorer) -> bool:
        if g.table.token > 1:
            old = self.rng.randrange(1, g.table.token)
            if g._tables.get(old, (None,))[0] is not g.state:
                page_click(g, {"type": "keep"}, old)
        return False

    def button(self, g: GameExplorer) -> bool:
        buttons = [g.step_button, g.finish_phase_button, g.undo_button, g.redo_button,
                   g.continue_button, g.continue_button, g.resume_button, g.fork_button,
                   g.finish_round_button]
        if self.rng.random() < 0.05:
            buttons.append(g.play_to_end_button)
        b = self.rng.choice(buttons)
        b.click()
        if self.rng.random() < 0.3:
            b.click()  # a double click
        return False

    def language(self, g: GameExplorer) -> bool:
        self.switch.selector.value = "nl" if self.switch.lang == "en" else "en"
        assert self.g.lang == self.switch.lang
        return False

    def view(self, g: GameExplorer) -> bool:
        g.perspective.value = self.rng.choice([v for _label, v in g.perspective.options])
        return False

    def seat(self, g: GameExplorer) -> bool:
        d = self.rng.choice(g.seat_selectors)
        d.value = self.rng.choice([k for k in KINDS if k in {v for _, v in d.options}])
        return False

    def new_game(self, g: GameExplorer) -> bool:
        game = self.rng.choice(GAMES)
        g.form.game.value = game
        spec = icecream.get_game(game)
        g.form.players.value = self.rng.randint(spec.min_players, min(spec.max_players, 4))
        g.form.seed.value = self.rng.randrange(50)
        g.form.go.click()
        return False

    def jump(self, g: GameExplorer) -> bool:
        g.scrubber._received(g.scrubber, {"kind": "jump",
                                          "step": self.rng.randint(0, len(g.history))}, [])
        return False

    def stop(self, g: GameExplorer) -> bool:
        g.run_box.stop_button.click()  # nothing runs: a leftover
        return False


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_interleavings_keep_page_and_game_in_agreement(
        seed: int, english_afterwards: None) -> None:
    monkey = Monkey(seed)
    steps = 60 if QUICK else 200
    for _ in range(steps):
        monkey.act()
    assert len(monkey.done) >= 8, monkey.done


#: What a student may press while a run plays.
KINDS_DURING_RUN = ["table", "button", "view", "seat", "language", "scrub", "stop", "wait"]


@pytest.mark.parametrize("seed", [7] if QUICK else [7, 8])
def test_random_presses_during_background_runs_are_refused_or_queued(
        seed: int, on_a_page: None, english_afterwards: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs of moves in the background, started, stopped and switched to another language
    at random: stale table clicks, buttons, view and seat changes meanwhile are dropped
    (their values put back), a language switch hands the run over, Stop ends it. While
    moves are made the page says so and offers no options; at rest it agrees with the game."""
    # A run pauses after 2 s instead of 15 (pressing again goes on): more runs, less time.
    monkeypatch.setattr(session_module, "RUN_SECONDS", 2.0)
    rng = random.Random(seed)
    switch = LanguageSwitch(GameExplorer(game="gelato-mio", players=3, seed=1,
                                         bots=["human", "random", "random"], perspective=0))
    seen: dict[str, int] = {}
    presses: list[str] = []
    for _ in range(60 if QUICK else 120):
        g = switch.widget
        with g.machine.lock:
            moving = g.machine.moving
            if not moving:
                assert_agrees(g)
        if not moving:
            if g.state.is_over:
                g.form.seed.value = rng.randrange(100)
                g.form.go.click()
            else:  # (a run pauses after 2 s here: a phase may end at once)
                rng.choice([g.play_to_end_button, g.play_to_end_button,
                            g.finish_phase_button]).click()
            seen["run"] = seen.get("run", 0) + 1
            continue
        if not presses:  # every kind of press in turn, in a random order each round
            presses = rng.sample(KINDS_DURING_RUN, len(KINDS_DURING_RUN))
        what = presses.pop()
        seen[what] = seen.get(what, 0) + 1
        players = list(g.session.players)
        view = g.perspective.value
        if what == "table":
            page_click(g, {"type": "take"}, rng.randrange(1, g.table.token + 1))
        elif what == "button":
            rng.choice([g.step_button, g.undo_button, g.continue_button, g.fork_button,
                        g.play_to_end_button]).click()
        elif what == "view":
            g.perspective.value = rng.choice([v for _l, v in g.perspective.options])
        elif what == "seat":
            rng.choice(g.seat_selectors).value = "heuristic"
        elif what == "scrub":
            g.scrubber._received(g.scrubber, {"kind": "jump", "step": 0}, [])
        elif what == "stop":
            g.run_box.stop_button.click()
        elif what == "language":
            switch.selector.value = "nl" if switch.lang == "en" else "en"
            assert not g.run_box.running  # the old page's run has ended
            g = switch.widget
        with g.machine.lock:
            if g.machine.moving:
                assert g.session.players == players
                if what != "language":
                    assert g.perspective.value == view
                assert "ic-option" not in g.table.svg
                assert any(escape(t(f"widgets.prompt.{k}", g.lang)) in g.prompt.value
                           for k in ("running", "stopping")), g.prompt.value
                assert not g.message_is_error, g.message
        time.sleep(0.05)
    g = switch.widget
    g.run_box.stop_button.click()
    assert g.run_box.wait(60)
    assert_agrees(g)
    assert seen.get("run", 0) > 2 and all(seen.get(k) for k in KINDS_DURING_RUN), seen


def test_the_docs_table_is_the_machine() -> None:
    """docs/play-page.md's table of controls says what VERDICTS says, state by state."""
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "play-page.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ")]
    head = next(r for r in rows if r.startswith("| Control |"))
    states = [PageState(c.strip()) for c in head.strip("|").split("|")[1:]]
    controls = {  # the table's row -> the controls it stands for
        "an option on the table": [Control.OPTION], "Step": [Control.STEP],
        "Finish the phase / day, Play to the end": [Control.RUN], "Stop": [Control.STOP],
        "Undo, Redo, the step slider, the line of play, Fork": [
            Control.UNDO, Control.REDO, Control.JUMP, Control.BRANCH, Control.FORK],
        "Continue (the scoring)": [Control.CONTINUE],
        "Let the bots play on from here": [Control.RESUME],
        "New game (the form, the summary's button)": [Control.NEW_GAME],
        "who plays a seat, View": [Control.SEAT, Control.VIEW],
        "What if…?": [Control.WHAT_IF],
        "Save, Load (a file), Share link, a shared link opened": [
            Control.SAVE, Control.LOAD, Control.SHARE],
        "the language": [Control.LANGUAGE],
    }
    letters = {"A": "allow", "Q": "queue", "R": "refuse"}
    seen = set()
    for row in rows[rows.index(head) + 2:]:
        cells = [c.strip().strip("*").rstrip("¹²") for c in row.strip("|").split("|")]
        if cells[0] not in controls:
            break
        for control in controls[cells[0]]:
            seen.add(control)
            for state, cell in zip(states, cells[1:], strict=True):
                assert letters[cell] == VERDICTS[state][control], (cells[0], state)
    assert seen == set(Control)
