"""The Python side of an explorer, without any widget: a game's timeline, who plays each
seat (a human or a bot), and whose eyes the table is seen through.

Every change goes through the engine: a click is parsed by ``parse_action`` and applied by
``History.play``, whose rules refuse an illegal action (:class:`IllegalAction`) and change
nothing. Methods raise :class:`~icecream.widgets.validate.Refused` with a translated text
when an input is refused, so the explorer can show it and carry on.

>>> import icecream
>>> s = Session(icecream.History.new("ice-cream", players=3, seed=1))
>>> s.click({"type": "keep"}); s.history.cursor
1
>>> s.click({"type": "serve", "cone": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
icecream.widgets.validate.Refused: Not allowed: 'serve' belongs to Phase 3: Serve customers; ...
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..bots import make_bot
from ..core.errors import ActionFormatError, IcecreamError, IllegalAction
from ..core.history import History
from ..core.messages import DEFAULT_LANGUAGE, has_message, seat_name, t
from ..core.protocol import State
from . import validate
from .hooks import round_number
from .validate import HUMAN, Refused, refuse

#: The most steps one "play on" command takes (a whole game is a few hundred).
MAX_RUN = 10_000
#: Seconds a run of moves (finish the phase, play to the end, the bots' answers) may take
#: before it pauses, so the page never stops answering; pressing again goes on.
RUN_SECONDS = 15.0
#: Options for the bots a page plays with: a search bot thinks for a fraction of a second
#: a move, so a whole game stays a matter of seconds or minutes, not hours.
PAGE_BOT_OPTIONS: dict[str, dict[str, Any]] = {"ismcts": {"playouts": 400, "time_limit": 0.25}}
#: The bot that moves for a human seat when asked to ("Step", "Play to the end").
STAND_IN = "heuristic"
#: How many steps' log texts are remembered before the memo starts afresh.
LOG_CACHE = 20_000


def bot_words(name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a bot does, in words a student understands (``widgets.bot.<name>``: "plays at
    random"); a bot without such words is called by its name."""
    key = f"widgets.bot.{name}"
    return t(key, lang) if has_message(key, lang) else name


class Session:
    """A history, a player kind per seat (``"human"`` or a bot name) and a perspective.

    ``perspective`` is a seat, or ``None`` for the teacher, who sees every hidden card.
    ``branches`` keeps every line of play made by :meth:`fork`, or by playing while looking
    at a past step (the later steps are never dropped: play goes on in a new branch, and
    ``forked_at`` says from which step until a view has reported it); ``history`` is the
    one shown.

    A step that ends a round (Ice Cream's day is scored) or the game sets ``summary``
    to that step: the bots wait there until :meth:`carry_on` (the explorer shows the
    scoring first), so no scoring goes by unseen. ``stand_in`` names the human seat a
    bot just moved for (by :meth:`step` or a "play on" command), so a view can say so.
    """

    def __init__(self, history: History, bots: Sequence[str] | Mapping[int, str] | None = None,
                 perspective: int | None = None, lang: str = DEFAULT_LANGUAGE,
                 bot_seed: int = 0) -> None:
        self.lang = lang
        self.history = history
        self.branches: list[History] = [history]
        self.forked_at: int | None = None
        self.bot_seed = bot_seed
        n = history.state.num_players
        self.perspective = validate.seat_or_teacher(perspective, n, lang)
        self.players: list[str] = [HUMAN] * n
        self._bots: dict[int, Any] = {}
        # A human seat a bot plays for ("Step", "Play to the end") plays sensibly: a
        # random stand-in lost every game for its student and kept a Gelato Mio game
        # going for 200 rounds. A game without that policy gets the random one.
        self._stand_ins = {name: make_bot(name, seed=bot_seed) for name in (STAND_IN, "random")}
        for seat, kind in _seat_kinds(bots, n, lang).items():
            self.set_bot(seat, kind, autoplay=False)
        self._log_cache: dict[tuple[int, int | None], tuple[State, list[str]]] = {}
        #: The step whose move ended a round or the game, shown until carried on.
        self.summary: int | None = None
        #: Human seats a bot moved for in the last command (a view says so).
        self.stand_in: list[int] = []
        #: True when the last run of moves stopped at RUN_SECONDS rather than its goal.
        self.paused = False
        #: Set from any thread (a page's Stop) to end the run of moves under way.
        self.stop_run = threading.Event()
        #: Called with the steps taken so far after each step of a run (a page's progress).
        self.on_step: Callable[[int], None] | None = None

    # -- looking -----------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.history.state

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as shown in the session's language (a default name such as
        "Player 2" reads "Speler 2" in Dutch; the state keeps it language-neutral)."""
        names = self.state.names
        return tuple(seat_name(names, k, self.lang) for k in range(len(names)))

    def log(self, since: int = -1) -> list[tuple[int, str]]:
        """(step, text) of every event after step ``since`` (default: all) up to the
        cursor that the perspective may read."""
        out = []
        seat = self.perspective
        first = max(0, since + 1)
        for k, state in enumerate(self.history.states[first: self.history.cursor + 1], first):
            key = (id(state), seat)
            hit = self._log_cache.get(key)
            if hit is None or hit[0] is not state:
                if len(self._log_cache) > LOG_CACHE:
                    self._log_cache.clear()
                hit = self._log_cache[key] = (state, state.event_texts(seat, self.lang))
            out.extend((k, text) for text in hit[1])
        return out

    def events_since(self, step: int) -> list[str]:
        """The event texts of every step after ``step`` up to the cursor that the
        perspective may read: what happened since a player's last decision."""
        return [text for _k, text in self.log(since=step)]

    # -- choosing who plays and who looks ------------------------------------------------
    def set_perspective(self, seat: Any) -> None:
        """Look through ``seat``'s eyes, or the teacher's (``None``)."""
        self.perspective = validate.seat_or_teacher(seat, self.state.num_players, self.lang)

    def set_bot(self, seat: Any, kind: Any, autoplay: bool = True) -> None:
        """Seat ``seat`` is played by ``kind``: ``"human"`` or a registered bot's name."""
        seat = validate.seat(seat, self.state.num_players, self.lang)
        kind = validate.player_kind(kind, self.lang)
        self.players[seat] = kind
        if kind == HUMAN:
            self._bots.pop(seat, None)
        else:
            self._bots[seat] = make_bot(kind, seed=self.bot_seed * 101 + seat,
                                        **PAGE_BOT_OPTIONS.get(kind, {}))
        if autoplay:
            self.autoplay()

    # -- playing -------------------------------------------------------------------------
    def click(self, action: Any, answer: bool = True) -> None:
        """A human's choice from the table. Refused unless the perspective may act now:
        from a seat's view only that seat, when it is to act and played by a human; the
        teacher may act for whoever is to act. Then the engine's rules decide, and (unless
        ``answer`` is false: a page draws the move first) the bots answer."""
        state = self.state
        if state.is_over:
            raise refuse("game_over", self.lang)
        try:
            act = state.game.parse_action(action)
        except ActionFormatError:
            raise refuse("bad_action", self.lang) from None
        to_act = state.current_player
        if self.perspective is not None:
            if self.perspective != to_act:
                raise refuse("not_your_turn", self.lang, player=self.names[to_act])
            if self.players[to_act] != HUMAN:
                raise refuse("bot_seat", self.lang, player=self.names[to_act],
                             bot=bot_words(self.players[to_act], self.lang))
        self.stand_in = []
        self.play(act)
        if answer:
            self.autoplay()

    def step(self) -> int:
        """The seat to act plays once: its bot, or a bot standing in for a human
        (the seat is then listed in ``stand_in``, so the view can say a bot chose); then
        the bots answer until a human decides. The steps taken."""
        self.stand_in = []
        self._step()
        return 1 + self.autoplay()

    def _step(self) -> None:
        state = self.state
        if state.is_over:
            raise refuse("game_over", self.lang)
        seat = state.current_player
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._stand_ins[STAND_IN if STAND_IN in state.game.policies else "random"]
            if seat not in self.stand_in:
                self.stand_in.append(seat)
        try:
            choice = bot.choose(state.view(seat))
        except (IcecreamError, ValueError):
            # (t() names the bot by what it does: "the bot that plays sensibly")
            raise refuse("bot_failed", self.lang, bot=self.players[seat]) from None
        self.play(choice)

    def human_to_act(self) -> bool:
        """True when the game goes on and the seat to act is played by a human."""
        state = self.state
        return not state.is_over and self.players[state.current_player] == HUMAN

    def bots_to_move(self) -> bool:
        """True when :meth:`autoplay` would move a bot now (a human seat waits for them)."""
        state = self.state
        return (HUMAN in self.players and bool(self._bots) and not state.is_over
                and self.history.cursor >= len(self.history) and self.summary is None
                and self.players[state.current_player] != HUMAN)

    def bots_waiting(self) -> bool:
        """True when a bot is to act but does not move on its own: at a past step (moving
        there starts a new branch) or while a round's scoring is shown."""
        state = self.state
        if state.is_over or self.players[state.current_player] == HUMAN:
            return False
        return self.summary is not None or self.history.cursor < len(self.history)

    def carry_on(self) -> int:
        """Close the round's scoring and let the bots play on (from a past step too: a
        new branch); the steps they took."""
        self.summary = None
        self.stand_in = []  # a bot chose for nobody here (issue 33: an old note came back)
        return self.autoplay(here=True)

    def run(self, until: Callable[[State, State], bool]) -> int:
        """Step until ``until(start, now)`` holds or the game is over; the steps taken."""
        start = self.state
        if start.is_over:
            raise refuse("game_over", self.lang)
        self.stand_in = []
        self.paused = False
        steps = 0
        deadline = time.monotonic() + RUN_SECONDS
        self.stop_run.clear()
        while not self.state.is_over and steps < MAX_RUN:
            self._step()
            steps += 1
            if self.on_step is not None:
                self.on_step(steps)
            if until(start, self.state):
                break
            if time.monotonic() > deadline or self.stop_run.is_set():
                self.paused = True  # the explorer says so; pressing again goes on
                break
        return steps

    def finish_phase(self) -> int:
        """Play on until the phase changes (or the game ends)."""
        return self.run(lambda a, b: b.phase != a.phase or round_number(b) != round_number(a))

    def finish_round(self) -> int:
        """Play on until the game's next round (Ice Cream's day) begins, or the game ends."""
        return self.run(lambda a, b: round_number(b) != round_number(a))

    def play_to_end(self) -> int:
        """Play on until the game is over."""
        return self.run(lambda a, b: False)

    def autoplay(self, here: bool = False) -> int:
        """Let the bots move until a human seat is to act; only when some seat is human.

        They wait while a round's scoring is shown (``summary``), and at a past step
        unless ``here`` (moving there starts a new branch, so only on request)."""
        if HUMAN not in self.players or not self._bots:
            return 0
        if not here and self.history.cursor < len(self.history):
            return 0
        steps = 0
        self.paused = False
        deadline = time.monotonic() + RUN_SECONDS
        while (not self.state.is_over and self.players[self.state.current_player] != HUMAN
               and self.summary is None and steps < MAX_RUN):
            self._step()
            steps += 1
            if self.on_step is not None:  # a page draws the bots' moves as they come
                self.on_step(steps)
            if time.monotonic() > deadline:
                self.paused = True
                break
        return steps

    def play(self, action: Any) -> None:
        """Apply ``action`` for whoever is to act (no perspective check); the engine decides.

        At a past step the later steps are kept: the move starts a new branch.
        """
        history = self.history
        if history.cursor < len(history):
            history = history.fork()
        before = history.state
        try:
            history.play(action)
        except IllegalAction as e:
            reason = e.reason.text(self.lang, self.names, self.state.game.flavour_codes) \
                if e.reason is not None else t("widgets.msg.not_allowed", self.lang)
            raise refuse("refused", self.lang, reason=reason) from None
        except ActionFormatError:
            raise refuse("bad_action", self.lang) from None
        if history is not self.history:
            self.branches.append(history)
            self.history = history
            self.forked_at = history.cursor - 1
        after = history.state
        # The game's end, or a round that scores (GameSpec.pause_after_round), is a moment
        # to read before play goes on.
        ended = after.is_over or (after.game.pause_after_round
                                  and round_number(after) != round_number(before))
        self.summary = history.cursor if ended else None

    # -- travelling in time --------------------------------------------------------------
    def undo(self) -> int:
        """Step back to the previous human decision (past the bots' moves since; one step
        when no seat is a bot); the steps taken back."""
        h = self.history
        if h.cursor == 0:
            raise refuse("nothing_to_undo", self.lang)
        self.summary = None
        h.undo()
        steps = 1
        while h.cursor > 0 and self._bots and HUMAN in self.players and not self.human_to_act():
            h.undo()
            steps += 1
        return steps

    def redo(self) -> int:
        """Step forward again, through the bots' recorded moves to the next human decision;
        at the latest step the bots then play on. The steps taken."""
        h = self.history
        if h.cursor >= len(h):
            raise refuse("nothing_to_redo", self.lang)
        self.summary = None
        h.redo()
        steps = 1
        while h.cursor < len(h) and self._bots and HUMAN in self.players \
                and not self.human_to_act():
            h.redo()
            steps += 1
        return steps + self.autoplay()

    def jump(self, step: Any) -> None:
        """Look at step ``step`` (0: the start; ``len(history)``: the latest, where the bots
        play on if one is to act)."""
        self.history.jump(validate.step_index(step, len(self.history), self.lang))
        self.summary = None
        self.autoplay()

    def fork(self) -> int:
        """Start a new branch from the step looked at, keeping the old line; its index."""
        self.history = self.history.fork()
        self.branches.append(self.history)
        return len(self.branches) - 1

    def switch_branch(self, index: Any) -> None:
        """Show branch ``index`` (0 is the first line of play)."""
        if not validate.is_int(index) or not 0 <= index < len(self.branches):
            raise refuse("bad_branch", self.lang, branch=validate._short(index))
        self.history = self.branches[index]
        self.summary = None


def _seat_kinds(bots: Any, n: int, lang: str) -> dict[int, str]:
    """``bots`` as seat -> kind: a list (one per seat), a mapping, or ``None`` (all human)."""
    if bots is None:
        return {}
    if isinstance(bots, Mapping):
        return {validate.seat(k, n, lang): validate.player_kind(v, lang) for k, v in bots.items()}
    if isinstance(bots, list | tuple) and len(bots) == n:
        return {k: validate.player_kind(v, lang) for k, v in enumerate(bots)}
    raise Refused(t("widgets.msg.bad_bots", lang, players=n))
