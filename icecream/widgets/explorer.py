"""GameExplorer: a whole game of any registered game with every control, for notebooks
and Voila.

Laid out for a classroom: a compact toolbar (step, finish the phase, finish the round in
the game's own word, play to the end, undo, redo, the step scrubber), a row with Save,
Load and Share link (issue 32, :mod:`~icecream.widgets.sharing`), the new-game form
under it when opened (it closes once the game starts), a line with the prompt that says
whose turn it is, the view and "New game…", then the table (click an option to play it) with,
beside it, what happened since the player's last move (every bot's answer), the scores
and the allowed options of the decision (the forbidden ones one click away). When a round
is scored (Ice Cream's day) or the game ends, a summary takes the options' place until
"Continue" (or "New game"). Below: who plays each seat, a what-if on the position shown,
and the event log. It holds no rules: the engine decides.

The page is always in one state of :mod:`~icecream.widgets.playstate` (your turn, idle,
scoring, over, bots moving, running, stopping): every control and a language switch asks
it first (docs/play-page.md), so no click can arrive between two states.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..bots import bot_names
from ..core.errors import ActionFormatError, IcecreamError, SettingsError
from ..core.history import History
from ..core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ..core.protocol import State, default_game, get_game, list_games
from ..core.share import (
    SharedPosition,
    ShareLinkError,
    decode_position,
    encode_position,
    fits_in_link,
)
from . import controls, hooks, panels, validate
from .authoring import authoring_row
from .base import ExplorerBase
from .budget import BudgetRunner, from_page
from .hints import HintPanel
from .learn import learn_link_html
from .playstate import ALLOW, Control, PageState, PlayMachine, resting_state
from .scrubber import Scrubber
from .session import RUN_SECONDS, Session, bot_words
from .sharing import PageFileError, ShareBar, open_file, position_file, share_address, shared_note
from .validate import HUMAN, Refused, refuse

#: Seconds between two drawings of the table while moves are made (each move is not drawn:
#: a fast bot makes hundreds a second).
REDRAW_SECONDS = 0.4


class GameExplorer(ExplorerBase):
    """Explore a game: ``GameExplorer(game="ice-cream", players=["Ann", "Bob", "Cy"], seed=3,
    bots=["human", "random", "random"])``, or ``GameExplorer(history)``.

    ``game`` is a registered game's name (:func:`icecream.list_games`; default
    :func:`~icecream.core.protocol.default_game`); a ``history`` brings its own game.
    ``bots`` gives each seat ``"human"`` or a bot name (a list, or a dict seat -> name;
    default: every seat human). ``perspective`` is a seat or ``None`` (the teacher's view).
    ``variant`` holds game settings (``ruleset``, ``close``, ``days``, ...). When some seats
    are human and some bots, the bots move on their own until a human is to act, and
    wait while a round's scoring is shown.
    """

    def __init__(self, history: History | None = None, *, game: str | None = None,
                 players: int | Sequence[str] = 4,
                 seed: int = 0, bots: Sequence[str] | Mapping[int, str] | None = None,
                 perspective: int | None = None, lang: str = DEFAULT_LANGUAGE,
                 **variant: Any) -> None:
        if history is None:
            history = History.new(game or default_game(), players=players, seed=seed,
                                  **variant)
        elif not isinstance(history, History):
            raise TypeError(f"history must be an icecream.History, not {type(history).__name__}")
        session = Session(history, bots=bots, perspective=perspective, lang=lang, bot_seed=seed)
        #: The page's one state (docs/play-page.md): every control asks it first.
        self.machine = PlayMachine()
        # table token -> (the state it showed, whether its options could be clicked)
        self._tables: dict[int, tuple[State, bool]] = {}
        self._drawn_at = 0.0
        self._run_thread: threading.Thread | None = None
        self._budget: Any = None
        self._said: tuple[list[str], list[str], bool] = ([], [], False)
        super().__init__(session, lang)
        self.add_class("ic-explorer")
        self._build_controls(history, seed)
        self.children = self._layout()
        with self.machine.lock:
            self._attach(session)
            session.autoplay()
            self._settle()
            self.refresh()

    # -- the state machine -------------------------------------------------------------------
    @property
    def page_state(self) -> PageState:
        """The state the page is in (:class:`~icecream.widgets.playstate.PageState`)."""
        return self.machine.state

    def _attach(self, session: Session) -> None:
        """Make ``session`` the page's: its bots' moves are drawn as they come."""
        self.session = session
        session.on_step = self._stepped

    def _clickable(self) -> bool:
        """True when the table offers the viewer options: the game goes on, no scoring is
        shown, and the view is the teacher's or the human seat to act."""
        s, session = self.state, self.session
        if s.is_over or self.scoring_shown:
            return False
        p = session.perspective
        return p is None or (p == s.current_player and session.players[p] == HUMAN)

    def _settle(self) -> None:
        """Rest in the state the game is now in (the caller holds the machine's lock)."""
        self.machine.enter(resting_state(self.state.is_over, self.scoring_shown,
                                         self._clickable()))

    def _verdict(self, control: Control) -> str:
        return self.machine.verdict(control, self.session.bots_waiting())

    def _refusal(self, control: Control) -> str:
        """Why ``control`` does nothing in the page's state, for a call from Python."""
        state, lang = self.machine.state, self.lang
        if self.machine.moving:
            return t("widgets.msg.running", lang)
        if state is PageState.SCORING:
            return t("widgets.msg.continue_first", lang, button=t("widgets.button.continue", lang))
        if state is PageState.OVER:
            return t("widgets.msg.game_over", lang)
        return t("widgets.msg.not_now", lang)

    def _command(self, control: Control, command: Callable, *args: Any, **kwargs: Any) -> bool:
        """Run ``command`` if the machine allows ``control`` now; else say why not."""
        with self.machine.lock:
            if self._verdict(control) != ALLOW:
                self._say(self._refusal(control), error=True)
                self.refresh()
                return False
            return self._do(command, *args, **kwargs)

    def _press(self, control: Control, command: Callable[[], Any]) -> None:
        """A control clicked on the page. The page disables or hides a control the machine
        refuses, so such a click was aimed at an earlier state (the second click of a
        double click, or one sent before the page redrew): it is dropped, and nothing on
        the page changes but a selector's value, put back."""
        with self.machine.lock:
            if self._verdict(control) == ALLOW:
                command()
            else:
                self.refresh()

    def _stepped(self, steps: int) -> None:
        """After each move the bots (or a run) make: progress, and now and then the table."""
        with self.machine.lock:
            if not self.machine.moving:
                self.machine.enter(PageState.BOTS_MOVING)
                self._draw_controls()
            if self.machine.state is PageState.BOTS_MOVING:
                return  # one kernel message: the table is drawn once, when they are done
            if self.machine.stop_asked:  # (asked before the run cleared the session's flag)
                self.session.stop_run.set()
            if self._budget is not None:
                self._budget.report(steps, 0)
            now = time.monotonic()
            if now - self._drawn_at >= REDRAW_SECONDS:
                self._drawn_at = now
                self.refresh()

    def _draw_controls(self) -> None:
        """Say the bots are moving and disable what they refuse; the table stays as it was
        until they are done (a page's click on it then names an older table: dropped)."""
        self._updating = True
        try:
            self._redraw_controls()
        finally:
            self._updating = False

    def _highlight(self) -> bool:
        return self.machine.state is PageState.YOUR_TURN

    def refresh(self, force: bool = False) -> None:
        """Redraw what changed, holding the machine's lock (the run's thread redraws too)."""
        with self.machine.lock:
            super().refresh(force)

    # -- commands (also what the buttons do) -------------------------------------------------
    def click(self, action: Mapping[str, Any] | Any) -> bool:
        """Play ``action`` as the perspective's click on the table; False if refused (also
        while a round's scoring is shown: *Continue* first)."""
        return self._command(Control.OPTION, self._click_and_answer, action)

    def _click_and_answer(self, action: Any) -> None:
        self.session.click(action, answer=False)
        if self.session.bots_to_move():  # the page says so at once, then the bots answer
            self.machine.enter(PageState.BOTS_MOVING)
            self._draw_controls()
        self.session.autoplay()

    def step(self) -> bool:
        """The seat to act plays once: its bot, or (said so) a bot choosing for a human.
        Refused while a round's scoring is shown: *Continue* deals the next round first."""
        return self._command(Control.STEP, self.session.step)

    def finish_phase(self) -> bool:
        """Play on to the end of the phase (bots choose for human seats too, said so)."""
        return self._run("finish_phase")

    def finish_round(self) -> bool:
        """Play on to the start of the game's next round (Ice Cream's next day)."""
        return self._run("finish_round")

    def play_to_end(self) -> bool:
        """Play on until the game is over."""
        return self._run("play_to_end")

    def stop(self) -> bool:
        """Stop the run of moves under way after the move being chosen; False if none."""
        with self.machine.lock:
            if self._verdict(Control.STOP) != ALLOW:
                return False
            self.machine.stop_asked = True
            self.session.stop_run.set()
            self.run_box.stop()
            self.machine.enter(PageState.STOPPING)
            self.refresh()
            return True

    def _run(self, kind: str, note: str | None = None) -> bool:
        """A run of moves (``kind``: a Session method); clicked on a page it runs in the
        background within ``RUN_SECONDS``, with the moves drawn, progress and a Stop button
        (issue 17); the page is RUNNING until it ends (docs/play-page.md)."""
        with self.machine.lock:
            if self._verdict(Control.RUN) != ALLOW:
                self._say(self._refusal(Control.RUN), error=True)
                self.refresh()
                return False
            self.machine.run_kind = kind
            self.machine.stop_asked = False
            command = getattr(self.session, kind)
            self.session.stop_run.clear()
            self.machine.enter(PageState.RUNNING)
            self._drawn_at = time.monotonic()
            if not from_page():  # in Python: at once, in the caller's thread
                return self._do(command)
            if note is not None:
                self._say(note)
            self.refresh()
            if self.run_box.running:  # the last run's thread has reported: it is ending
                self.run_box.wait(10.0)
            return self.run_box.start(lambda budget: self._run_in_background(command, budget),
                                      lambda _r, _e: None, seconds=RUN_SECONDS)

    def _run_in_background(self, command: Callable[[], int], budget: Any) -> None:
        """The run's thread: the moves without the lock (so Stop and a language switch get
        in), then, holding it, the page settles, says what happened and redraws in one go:
        no click can arrive between the run's end and its report."""
        self._run_thread = threading.current_thread()
        self._budget = budget
        session = self.session
        held = False

        def moves_then_lock() -> int:
            nonlocal held
            try:
                steps = command()
                if session.bots_to_move():  # the run ended at a bot's turn: the bots answer,
                    paused = session.paused  # so the page rests at a human's decision
                    steps += session.autoplay()
                    session.paused = paused or session.paused
                return steps
            finally:
                self.machine.lock.acquire()
                held = True
                self._budget = None
                self._run_thread = None
                self._settle()

        try:
            ExplorerBase._do(self, moves_then_lock)
            if self.machine.stop_asked:  # say it stopped on request, not by itself
                notes, events, error = self._said
                paused = t("widgets.msg.paused", self.lang)
                stopped = t("widgets.msg.run_stopped", self.lang)
                notes = [stopped if n == paused else n for n in notes]
                if stopped not in notes:
                    notes.append(stopped)
                self._say(notes, events, error)  # the moves' list stays
        finally:
            if held:
                self.machine.lock.release()

    def _say(self, text: str | list[str], events: list[str] | None = None,
             error: bool = False) -> None:
        notes = [text] if isinstance(text, str) else list(text)
        self._said = (notes, list(events or []), error)
        super()._say(notes, events, error)

    def hand_over(self, timeout: float = 60.0) -> tuple[bool, str | None]:
        """Before the page is built again (a language switch): end a run under way after
        its current move. (False, None) if it did not end within ``timeout`` seconds (the
        switch then waits for another try); else (True, the run to go on with, or None)."""
        with self.machine.lock:
            if self.machine.state not in (PageState.RUNNING, PageState.STOPPING):
                return True, None
            going_on = self.machine.state is PageState.RUNNING
            kind = self.machine.run_kind
            self.machine.stop_asked = True
            self.session.stop_run.set()
        if not self.run_box.wait(timeout):
            return False, None
        with self.machine.lock:
            goes_on = going_on and not self.state.is_over and not self.scoring_shown
            return True, kind if goes_on else None

    def _do(self, command: Callable, *args: Any, **kwargs: Any) -> bool:
        """Run a command holding the machine's lock; the page settles in the game's state
        before it says what happened and redraws."""
        with self.machine.lock:
            if (self.machine.state in (PageState.RUNNING, PageState.STOPPING)
                    and self._run_thread is not None
                    and threading.current_thread() is not self._run_thread):
                self._say(t("widgets.msg.running", self.lang), error=True)
                return False

            def settled(*a: Any, **k: Any) -> Any:
                try:
                    return command(*a, **k)
                finally:
                    self._settle()

            return super()._do(settled, *args, **kwargs)

    def carry_on(self) -> bool:
        """Close the round's scoring (or, at a past step, let the bots play on from there:
        a new branch) and let the bots move until a human decides."""
        with self.machine.lock:
            if self.machine.moving:
                self._say(self._refusal(Control.CONTINUE), error=True)
                return False
            opening: list[str] | None = None
            if self.scoring_shown:  # the next round's deal, held back while the scoring showed
                opening = hooks.split_round_texts(self.state, self.session.perspective,
                                                  self.lang)[1]
            return self._do(self.session.carry_on, first_events=opening)

    def undo(self) -> bool:
        """Go back to the previous human decision (one step when no seat is a bot)."""
        return self._command(Control.UNDO, self.session.undo, say_events=False,
                             note=lambda: t("widgets.msg.at_step", self.lang,
                                            step=self.history.cursor, steps=len(self.history)))

    def redo(self) -> bool:
        """Step forward again after :meth:`undo` (the bots' answers too)."""
        return self._command(Control.REDO, self.session.redo)

    def jump(self, step: Any) -> bool:
        """Look at step ``step`` of the history (0: the start)."""
        return self._command(Control.JUMP, self.session.jump, step, say_events=False,
                             note=lambda: t("widgets.msg.at_step", self.lang,
                                            step=self.history.cursor, steps=len(self.history)))

    def set_perspective(self, seat: Any) -> bool:
        """See the table as ``seat`` does, or as the teacher (``None``)."""
        return self._command(Control.VIEW, self.session.set_perspective, seat,
                             say_events=False, note=lambda: self._perspective_note())

    def fork(self) -> bool:
        """Keep the current line and continue on a new line of play from the step shown."""
        return self._command(Control.FORK, self.session.fork, say_events=False,
                             note=lambda: t("widgets.msg.forked", self.lang,
                                            branch=len(self.session.branches),
                                            step=self.history.cursor))

    def switch_branch(self, index: Any) -> bool:
        """Show line of play ``index`` (0: the first)."""
        return self._command(Control.BRANCH, self.session.switch_branch, index,
                             say_events=False,
                             note=lambda: t("widgets.msg.branch", self.lang, branch=index + 1))

    def set_bot(self, seat: Any, kind: Any) -> bool:
        """Seat ``seat`` is played by ``kind``: ``"human"`` or a registered bot's name."""
        return self._command(Control.SEAT, self.session.set_bot, seat, kind, say_events=False,
                             note=lambda: t("widgets.msg.player_set", self.lang,
                                            player=seat_name(self.session.names, seat,
                                                             self.lang),
                                            kind=self._kind_label(kind)))

    def new_game(self, **settings: Any) -> bool:
        """Start a new game: ``game`` (default: the one shown) and its ``new_game`` settings
        (players, seed, and the game's own, such as Ice Cream's ruleset or close rule)."""
        return self._command(Control.NEW_GAME, self._new_game, settings, say_events=False,
                             note=lambda: t("widgets.msg.new_game", self.lang,
                                            players=join_words(self.session.names, self.lang)))

    def what_if(self) -> bool:
        """Send the position shown to the what-if panel (the options of the player to act,
        compared over what that player cannot see). From a seat's view only that seat's own
        decision may be sent: the others' hands are not its to know."""
        return self._command(Control.WHAT_IF, self._what_if, say_events=False,
                             note=lambda: t("widgets.msg.what_if_sent", self.lang,
                                            player=seat_name(self.state.names,
                                                             self.state.current_player,
                                                             self.lang)))

    # -- save, load, share (issue 32; docs/sharing.md) -------------------------------------
    def save(self) -> bool:
        """Offer the line of play shown as a file to download (``History.to_json``: its
        actions, settings, data files and digest; the cursor too). Its text is
        :attr:`saved_text`."""
        return self._command(Control.SAVE, self._save, say_events=False,
                             note=lambda: t("widgets.share.saved", self.lang,
                                            step=self.history.cursor,
                                            steps=len(self.history)))

    def _save(self) -> None:
        h = self.history
        self.saved_text = h.to_json(indent=1)
        name = f"icecream-{h.game}-{h.cursor}.json"
        self.share_bar.show_download(self.saved_text, name,
                                     t("widgets.share.download_note", self.lang))

    def _load_pressed(self, name: str, raw: bytes) -> None:
        self._press(Control.LOAD, lambda: self.load(raw, name))

    def load(self, data: bytes | str, name: str = "") -> bool:
        """Open a saved game, a scenario or a position file (its bytes or text; ``name``:
        the file's name, for the messages). A bad file is refused with one line naming
        what is wrong, and the game on the page is kept."""
        return self._command(Control.LOAD, self._load, data, name, say_events=False,
                             note=lambda: self._opened_note)

    def _load(self, data: bytes | str, name: str) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        try:
            opened = open_file(raw)
        except PageFileError as e:
            self.share_bar.clear()
            raise Refused(t("widgets.share.load_refused", self.lang,
                            file=name[:80] or "?", reason=str(e))) from None
        if isinstance(opened, SharedPosition):
            self._open_shared(opened)
            return
        view = self.session.perspective
        if view is not None and view >= opened.state.num_players:
            view = None
        self._adopt(opened, self._bots_for(opened.state.num_players), view)
        self._opened_note = t("widgets.share.loaded", self.lang, file=name[:80] or "?",
                              step=opened.cursor, steps=len(opened))

    def open_link(self, token: str) -> bool:
        """Open a shared position's token (``?position=``): the same position, seen by the
        seat it was shared for, its unseen cards dealt again (the page says so). A bad
        token is refused with one line; the game on the page is kept."""
        return self._command(Control.LOAD, self._open_link, token, say_events=False,
                             note=lambda: self._opened_note)

    def _open_link(self, token: str) -> None:
        try:
            shared = decode_position(token)
        except ShareLinkError as e:
            raise Refused(t("widgets.share.link_refused", self.lang, reason=str(e))) from None
        self._open_shared(shared)

    def _open_shared(self, shared: SharedPosition) -> None:
        """A shared position becomes the page's game: every seat human (nothing moves
        before the reader has looked), seen as shared."""
        self._adopt(History(shared.state), {}, shared.seat)
        self._opened_note = shared_note(shared, self.session.names, self.lang)

    def share(self, teacher: bool = False, puzzle: bool = False) -> bool:
        """The position shown as an address (:attr:`shared`) that opens it for the seat
        whose view the page shows, or everything with ``teacher``; with ``puzzle`` it opens
        as "What would you do?". Too long for an address, it becomes a position file to
        download, and the page says so."""
        return self._command(Control.SHARE, self._share, teacher, puzzle, say_events=False,
                             note=lambda: self._shared_note)

    def _share(self, teacher: bool, puzzle: bool) -> None:
        s, lang = self.state, self.lang
        seat = None if teacher else self.session.perspective
        if puzzle:
            if s.is_over:
                raise refuse("game_over", lang)
            if seat is not None and seat != s.current_player:
                raise Refused(t("widgets.share.puzzle_not_yours", lang,
                                player=seat_name(s.names, seat, lang),
                                other=seat_name(s.names, s.current_player, lang)))
        try:
            token = encode_position(s, seat)
        except ShareLinkError as e:
            raise Refused(t("widgets.share.share_refused", lang, reason=str(e))) from None
        who = (t("widgets.share.for_teacher", lang) if seat is None else
               t("widgets.share.for_seat", lang, player=seat_name(s.names, seat, lang)))
        if fits_in_link(token):
            self.shared = share_address(token, puzzle, lang, self.share_bar.page.href)
            self._shared_note = t("widgets.share.link_made", lang, who=who,
                                  count=len(self.shared))
            self.share_bar.show_address(self.shared, self._shared_note)
        else:
            self.shared = position_file(token)
            self._shared_note = t("widgets.share.too_long", lang, who=who, count=len(token))
            self.share_bar.show_download(self.shared, f"icecream-{s.game.name}-position.json",
                                         self._shared_note)

    def _bots_for(self, n: int) -> dict[int, str]:
        """Who plays the seats of a new table of ``n`` players: the old table's bots, and
        the seats beyond it like the old bot seats (a human seat nobody looks after would
        leave the game waiting for ever)."""
        old = self.session
        bots = {k: kind for k, kind in enumerate(old.players[:n]) if kind != HUMAN}
        old_bots = [kind for kind in old.players if kind != HUMAN]
        if old_bots:
            common = max(old_bots, key=old_bots.count)
            bots.update({k: common for k in range(len(old.players), n)})
        return bots

    def _adopt(self, history: History, bots: dict[int, str], view: int | None) -> None:
        """Make ``history`` the page's game (a new game, a loaded file, a shared position);
        the bots move on if one is to act at its latest step."""
        seed = self.session.bot_seed
        # A bot the game has no policy for (a plug-in without a heuristic) gives way to the
        # random bot, which plays every game.
        playable = set(bot_names(history.state.game.name))
        bots = {k: kind if kind in playable else "random" for k, kind in bots.items()}
        try:
            session = Session(history, bots=bots, perspective=view, lang=self.lang,
                              bot_seed=seed)
        except Refused:
            session = Session(history, lang=self.lang, bot_seed=seed)
        self._attach(session)
        self._tables.clear()
        self._build_seats()
        self.what_if_box.children = []
        self.what_if_panel = None
        self.session.autoplay()

    # -- what the page's table sends -----------------------------------------------------------
    def _table_click(self, action: Mapping[str, Any]) -> None:
        """A click on the table. One made on an older table than the one shown now (the
        second click of a double click) or while moves are made is dropped; a forbidden
        option's reason is shown under it by the page, so the list of moves stays. A
        message that names no table (not the page's own) is judged like a call."""
        token = self.table.clicked_on
        with self.machine.lock:
            if token is not None:
                shown = self._tables.get(token)
                if (shown is None or shown[0] is not self.state or not shown[1]
                        or self.machine.state is not PageState.YOUR_TURN):
                    return
                if self._forbidden(action):
                    return
            self.click(action)

    def _forbidden(self, action: Mapping[str, Any]) -> bool:
        """True when ``action`` is one of the decision's forbidden options."""
        state = self.state
        try:
            act = state.game.parse_action(action)
        except (ActionFormatError, IcecreamError, ValueError, TypeError):
            return False
        return any(not opt.allowed and opt.action == act for opt in state.options())

    # -- building --------------------------------------------------------------------------
    def _build_controls(self, history: History, seed: int) -> None:
        lang = self.lang
        press = self._pressed
        self.step_button = controls.button("step", "ic-step", press(Control.STEP, self.step),
                                           lang)
        self.finish_phase_button = controls.button(
            "finish_phase", "ic-finish-phase", press(Control.RUN, self.finish_phase), lang)
        self.finish_round_button = controls.button(
            "finish_round", "ic-finish-round", press(Control.RUN, self.finish_round), lang,
            params={"round": hooks.round_text(history.state, lang)})
        self.play_to_end_button = controls.button(
            "play_to_end", "ic-play-to-end", press(Control.RUN, self.play_to_end), lang)
        self.run_box = BudgetRunner(RUN_SECONDS, lang, unit="moves")
        self.run_box.stop_button.on_click(lambda _b: self._press(Control.STOP, self.stop))
        self.undo_button = controls.button("undo", "ic-undo", press(Control.UNDO, self.undo),
                                           lang)
        self.redo_button = controls.button("redo", "ic-redo", press(Control.REDO, self.redo),
                                           lang)
        self.fork_button = controls.button("fork", "ic-fork", press(Control.FORK, self.fork),
                                           lang)
        self.scrubber = Scrubber(self._scrubbed, t("widgets.label.scrubber", lang))
        self.branch = widgets.Dropdown(description=t("widgets.label.branch", lang),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto"))
        self.branch.add_class("ic-branch")
        self.branch.observe(self._branch_changed, names="value")
        self.perspective.layout = widgets.Layout(width="auto")
        self.prompt = _html("ic-prompt")
        self.learn_link = _html("ic-learn")  # "Learn this game": the tutorial page (issue 20)
        self.summary = _html("ic-round-summary")
        self.continue_button = controls.button("continue", "ic-continue",
                                               press(Control.CONTINUE, self.carry_on), lang,
                                               button_style="primary")
        self.summary_new_game = controls.button(
            "new_game", "ic-summary-new-game", lambda: self._form_new_game(self.form), lang,
            button_style="primary")
        # The buttons first: a long summary must not push Continue out of a small window.
        self.summary_box = widgets.VBox([self.continue_button, self.summary_new_game,
                                         self.summary])
        self.summary_box.add_class("ic-summary-box")
        self.resume_button = controls.button("resume", "ic-resume",
                                             press(Control.RESUME, self.carry_on), lang,
                                             button_style="warning")
        self.form = controls.SettingsForm(self._form_new_game, lang, game=history.game,
                                          players=history.state.num_players, seed=seed)
        self.seats = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.seats.add_class("ic-seats")
        self._build_seats()
        self.what_if_button = controls.button("what_if", "ic-what-if",
                                              press(Control.WHAT_IF, self.what_if), lang)
        self.what_if_box = widgets.VBox()
        self.what_if_box.add_class("ic-what-if-box")
        # Hints from bot statistics: off until the player switches them on (issue 14).
        self.hints = HintPanel(lang=lang)
        self.what_if_panel = None
        self.settings_toggle = widgets.ToggleButton(
            value=False, description=t("widgets.label.new_game", lang),
            tooltip=t("widgets.tip.settings", lang), icon="")
        self.settings_toggle.add_class("ic-settings-toggle")
        self.settings_toggle.observe(self._toggle_settings, names="value")
        self.form.layout.display = "none"
        # Save, Load, Share link (issue 32): one row under the toolbar.
        self.share_bar = ShareBar(press(Control.SAVE, self.save), self._load_pressed,
                                  lambda teacher, puzzle: self._press(
                                      Control.SHARE, lambda: self.share(teacher, puzzle)),
                                  lang)
        #: The last saved game's JSON text, the last shared address (or position file).
        self.saved_text: str | None = None
        self.shared: str | None = None
        self._opened_note = ""
        self._shared_note = ""

    def _layout(self) -> list:
        compact = widgets.Layout(flex_flow="row wrap", align_items="center")
        for b in (self.step_button, self.finish_phase_button, self.finish_round_button,
                  self.play_to_end_button, self.undo_button, self.redo_button,
                  self.fork_button, self.resume_button):
            b.layout = widgets.Layout(width="auto")
        # Never squeezed by a long prompt (the Dutch one takes two lines at 1024 wide).
        self.settings_toggle.layout = widgets.Layout(width="auto", flex="0 0 auto")
        toolbar = widgets.HBox([self.step_button, self.finish_phase_button,
                                self.finish_round_button, self.play_to_end_button,
                                self.undo_button, self.redo_button, self.scrubber,
                                self.resume_button, self.run_box], layout=compact)
        toolbar.add_class("ic-toolbar")
        self.perspective.layout = widgets.Layout(width="210px")
        status = widgets.HBox([widgets.VBox([self.prompt],
                                            layout=widgets.Layout(flex="1 1 auto")),
                               self.learn_link, self.perspective, self.settings_toggle],
                              layout=widgets.Layout(align_items="center"))
        status.add_class("ic-status")
        # What happened since the player's last decision heads the column beside the
        # table: on screen however many bots moved, and it never pushes the table down.
        side = widgets.VBox([self.summary_box, self.message_line, self.scores, self.hints,
                             self.explain],
                            layout=widgets.Layout(flex="1 1 260px", min_width="240px"))
        side.add_class("ic-side")
        middle = widgets.HBox([self.table, side],
                              layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        lines = widgets.HBox([self.fork_button, self.branch], layout=compact)
        below = widgets.HBox([self.seats, self.what_if_button, lines], layout=compact)
        # A teacher turns this game into an example file (issue 32: icecream.widgets.authoring).
        self.author_row = authoring_row(lambda: self.history, self.lang)
        # The new-game form opens under the toolbar that opens it, not below the fold.
        return [toolbar, self.share_bar, self.form, status, middle, below, self.author_row,
                self.what_if_box,
                self.log_panel]

    def _build_seats(self) -> None:
        self.seat_selectors = []
        for seat, name in enumerate(self.session.names):
            d = controls.seat_selector(seat, name, self.session.players[seat], self.lang,
                                       self.state.game.name)
            d.observe(lambda change, seat=seat: self._seat_changed(seat, change), names="value")
            self.seat_selectors.append(d)
        self.seats.children = self.seat_selectors

    # -- handlers for values a browser sets -------------------------------------------------
    def _pressed(self, control: Control, command: Callable[[], Any]) -> Callable[[], None]:
        """What a page's button does: :meth:`_press` ``command`` as ``control``."""
        return lambda: self._press(control, command)

    def _scrubbed(self, step: Any) -> None:
        self._press(Control.JUMP, lambda: self.jump(step))

    def _branch_changed(self, change: dict) -> None:
        if self._updating:
            return
        if change["new"] is not None:
            self._press(Control.BRANCH, lambda: self.switch_branch(change["new"]))
        else:
            self.refresh(force=True)

    def _seat_changed(self, seat: int, change: dict) -> None:
        if not self._updating:
            self._press(Control.SEAT, lambda: self.set_bot(seat, change["new"]))

    def _perspective_changed(self, change: dict) -> None:
        if not self._updating:
            self._press(Control.VIEW, lambda: super(GameExplorer, self)._perspective_changed(
                change))

    def _toggle_settings(self, change: dict) -> None:
        self.form.layout.display = "" if change["new"] is True else "none"

    def _form_new_game(self, form: controls.SettingsForm) -> None:
        self._press(Control.NEW_GAME, lambda: self._form_go(form))

    def _form_go(self, form: controls.SettingsForm) -> None:
        started = self._do(lambda: self._new_game(form.values()), say_events=False,
                           note=lambda: t("widgets.msg.new_game", self.lang,
                                          players=join_words(self.session.names, self.lang)))
        if started:  # the form has done its job: the new table takes its place
            self.settings_toggle.value = False

    def _new_game(self, settings: dict) -> None:
        settings = dict(settings)
        game = settings.pop("game", self.history.game)
        if not isinstance(game, str) or game not in list_games():
            raise refuse("bad_game", self.lang, game=validate._short(game),
                         games=", ".join(list_games()))
        spec = get_game(game)
        clean = validate.game_settings(settings, spec, self.lang)
        players = clean.pop("players", self.state.num_players)
        seed = clean.pop("seed", 0)
        try:
            history = History.new(game, players=players, seed=seed, **clean)
        except SettingsError as e:
            raise refuse("bad_settings", self.lang, reason=str(e)) from None
        old = self.session
        n = history.state.num_players
        view = old.perspective if old.perspective is None or old.perspective < n else None
        old.bot_seed = seed  # the new game's bots are seeded by its seed, as before
        self._adopt(history, self._bots_for(n), view)

    def _what_if(self) -> None:
        state = self.state
        if state.is_over:
            raise refuse("game_over", self.lang)
        p = self.session.perspective
        if p is not None and p != state.current_player:
            raise refuse("what_if_not_yours", self.lang,
                         player=seat_name(state.names, state.current_player, self.lang))
        from .whatif import PositionWhatIf

        if self.what_if_panel is None:
            # SVG: the play page loads no plotly front end (voila.json, issue 30)
            self.what_if_panel = PositionWhatIf(state, samples=100, lang=self.lang,
                                                plotly=False)
            self.what_if_box.children = [self.what_if_panel]
        else:
            self.what_if_panel.set_state(state)

    def _kind_label(self, kind: Any) -> str:
        return controls.kind_label(str(kind), self.lang)

    # -- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        with self.machine.lock:
            super()._redraw()
            self._redraw_controls()
            self._tables[self.table.token] = (self.state, self._highlight())
            if len(self._tables) > 32:  # only the last tables can still be clicked on
                for token in sorted(self._tables)[:-16]:
                    del self._tables[token]

    def _redraw_controls(self) -> None:
        lang = self.lang
        h = self.history
        s = self.state
        session = self.session
        moving = self.machine.moving
        if not moving and self._changed("hints", (s, session.perspective)):
            self.hints.set_state(s, session.perspective)  # computes only when switched on
        if self.machine.state is not PageState.BOTS_MOVING:  # with the table, not before it
            self.scrubber.show(h.cursor, len(h), t("widgets.label.step_of", lang,
                                                     step=h.cursor, steps=len(h)))
        branches = session.branches
        if self._changed("branches", (len(branches), h, len(h))):
            self.branch.options = [
                (t("widgets.label.branch_item", lang, branch=k + 1, steps=len(b)), k)
                for k, b in enumerate(branches)]
        self.branch.value = next(k for k, b in enumerate(branches) if b is h)
        self.branch.layout.display = "" if len(branches) > 1 else "none"
        over = s.is_over

        def refused(control: Control) -> bool:
            return self._verdict(control) != ALLOW

        # What the machine refuses now cannot be clicked (docs/play-page.md).
        self.step_button.disabled = refused(Control.STEP)
        for b in (self.finish_phase_button, self.finish_round_button, self.play_to_end_button):
            b.disabled = refused(Control.RUN)
        rnd = hooks.round_text(s, lang)
        self.finish_round_button.layout.display = "" if rnd else "none"
        if rnd and self._changed("round_label", rnd):
            self.finish_round_button.description = t("widgets.button.finish_round", lang,
                                                     round=rnd)
            self.finish_round_button.tooltip = t("widgets.tip.finish_round", lang,
                                                 round=hooks.round_text(s, lang, inline=True))
        to_act = s.current_player
        human = not over and session.players[to_act] == HUMAN
        step_key = "step_for" if human else "step"
        if not over and self._changed("step_label", (step_key, to_act, s.names)):
            params = {"player": seat_name(s.names, to_act, lang)} if human else {}
            self.step_button.description = t(f"widgets.button.{step_key}", lang, **params)
            self.step_button.tooltip = t(f"widgets.tip.{step_key}", lang, **params)
        self.undo_button.disabled = h.cursor == 0 or refused(Control.UNDO)
        self.redo_button.disabled = h.cursor >= len(h) or refused(Control.REDO)
        self.fork_button.disabled = refused(Control.FORK)
        self.what_if_button.disabled = refused(Control.WHAT_IF)
        bar = self.share_bar
        bar.save_button.disabled = refused(Control.SAVE)
        bar.load_button.disabled = refused(Control.LOAD)
        bar.share_button.disabled = refused(Control.SHARE)
        self.scrubber.disabled = refused(Control.JUMP)
        self.branch.disabled = refused(Control.BRANCH)
        self.perspective.disabled = refused(Control.VIEW)
        new_game = refused(Control.NEW_GAME)
        self.settings_toggle.disabled = self.form.go.disabled = new_game
        self.summary_new_game.disabled = new_game
        waiting = session.bots_waiting() and session.summary is None
        self.resume_button.layout.display = "" if waiting else "none"
        self.resume_button.disabled = refused(Control.RESUME)
        self.continue_button.disabled = refused(Control.CONTINUE)
        seat_refused = refused(Control.SEAT)
        for seat, d in enumerate(self.seat_selectors):
            d.value = session.players[seat]
            d.disabled = seat_refused
        self._draw_summary()
        strong = self.machine.state in (PageState.YOUR_TURN, PageState.OVER) and (
            over or self._your_turn())
        self.prompt.value = panels.prompt_html(self._prompt(), strong, self.machine.state.value)
        if self._changed("learn", (s.game.name, lang)):
            self.learn_link.value = learn_link_html(s.game.name, lang)

    def _your_turn(self) -> bool:
        s, session = self.state, self.session
        return (not s.is_over and session.perspective == s.current_player
                and session.players[s.current_player] == HUMAN and session.summary is None)

    def _prompt(self) -> str:
        """The one line that says what happens now and what to do: the machine's state,
        then whose turn it is."""
        s, session, lang = self.state, self.session, self.lang
        state = self.machine.state
        if state is PageState.RUNNING:
            return t("widgets.prompt.running", lang)
        if state is PageState.STOPPING:
            return t("widgets.prompt.stopping", lang)
        if state is PageState.BOTS_MOVING:
            return t("widgets.prompt.bots_moving", lang)
        if s.is_over:
            return t("widgets.prompt.over", lang, count=len(s.winners),
                     names=join_words([seat_name(s.names, p, lang) for p in s.winners], lang))
        if session.summary is not None:
            return t("widgets.prompt.summary", lang)
        who = seat_name(s.names, s.current_player, lang)
        kind = session.players[s.current_player]
        if kind != HUMAN:
            if session.bots_waiting():
                return t("widgets.prompt.bot_waiting", lang, player=who,
                         bot=bot_words(kind, lang))
            return t("widgets.prompt.bot", lang, player=who, bot=bot_words(kind, lang))
        if self._your_turn():
            return t("widgets.prompt.your_turn", lang)
        if session.perspective is None:
            return t("widgets.prompt.teacher", lang, player=who)
        return t("widgets.prompt.other_human", lang, player=who)

    def _draw_summary(self) -> None:
        session = self.session
        at = session.summary
        shown = at is not None and at == self.history.cursor
        key = (at, self.history, session.perspective) if shown else None
        if self._changed("summary", key):
            if shown:
                self.summary.value = panels.summary_html(self.history, at, session.perspective,
                                                         self.lang)
            else:
                self.summary.value = ""
        over = self.state.is_over
        self.summary_box.layout.display = "" if shown else "none"
        self.continue_button.layout.display = "" if shown and not over else "none"
        self.summary_new_game.layout.display = "" if shown and over else "none"
        self.explain.layout.display = "none" if shown else ""


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML()
    w.add_class(css)
    return w
