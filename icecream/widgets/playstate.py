"""The play page's state machine: which state the page is in, and what each control and
a language switch does in each state (allowed, queued or refused).

The page (:class:`~icecream.widgets.explorer.GameExplorer`) is always in exactly one
:class:`PageState`. A click is handled in the kernel one message at a time, but a run of
moves ("Play to the end") plays in a background thread; both read and write the page's
state only while holding :attr:`PlayMachine.lock`, so no click or language switch can
arrive "between" two states. The table of verdicts (:data:`VERDICTS`) is the whole policy;
docs/play-page.md shows it as a table.

A control the machine refuses is disabled or hidden on the page, so a click on it that
still reaches the kernel was aimed at an earlier state (the second click of a double
click, or a click sent before the page redrew): the page drops it and changes nothing.
A call from Python code gets the refusal's words instead.

>>> VERDICTS[PageState.RUNNING][Control.STOP], VERDICTS[PageState.RUNNING][Control.OPTION]
('allow', 'refuse')
>>> VERDICTS[PageState.RUNNING][Control.LANGUAGE]
'queue'
"""

from __future__ import annotations

import threading
from enum import StrEnum

#: The command runs (the engine's rules may still refuse a move, with their reason).
ALLOW = "allow"
#: The command waits for the state to end, then runs (a language switch during a run:
#: the current move ends, the page is built in the new language, and the run goes on).
QUEUE = "queue"
#: The command is refused: its control is disabled or hidden in this state.
REFUSE = "refuse"


class PageState(StrEnum):
    """Where the play page is. The first four are resting states, read from the game
    after each command (:func:`resting_state`); the others last while moves are made."""

    #: The viewer may click an option on the table (its own seat, or the teacher's view).
    YOUR_TURN = "your_turn"
    #: The game goes on, but not by the viewer's click: another human seat is to act,
    #: or a bot waits at a past step for "Let the bots play on".
    IDLE = "idle"
    #: A round's scoring (Ice Cream's day) is on the table until "Continue".
    SCORING = "scoring"
    #: The game is over: the summary and "New game".
    OVER = "over"
    #: The bots answer a move (in the kernel: clicks wait in its queue until they are done).
    BOTS_MOVING = "bots_moving"
    #: A run of moves plays in the background with progress and Stop.
    RUNNING = "running"
    #: Stop was pressed: the run ends after the move being chosen.
    STOPPING = "stopping"


class Control(StrEnum):
    """Everything on the play page that asks for a change."""

    OPTION = "option"            # an option on the table (allowed or forbidden)
    STEP = "step"                # Step / Step for <player>
    RUN = "run"                  # Finish the phase / day / Play to the end
    STOP = "stop"                # the run's Stop
    UNDO = "undo"
    REDO = "redo"
    JUMP = "jump"                # the step scrubber
    BRANCH = "branch"            # the line-of-play selector
    FORK = "fork"
    CONTINUE = "continue"        # close a round's scoring
    RESUME = "resume"            # let the bots play on from a past step
    NEW_GAME = "new_game"        # the form's New game, the summary's New game
    SEAT = "seat"                # who plays a seat
    VIEW = "view"                # whose eyes the table is seen through
    WHAT_IF = "what_if"
    SAVE = "save"                # Save: the game as a file to download (issue 32)
    LOAD = "load"                # Load: a saved game, scenario or position file
    SHARE = "share"              # Share link: the position as an address (or a file)
    LANGUAGE = "language"        # the language selector above the page


_RESTING = {
    Control.OPTION: ALLOW, Control.STEP: ALLOW, Control.RUN: ALLOW, Control.STOP: REFUSE,
    Control.UNDO: ALLOW, Control.REDO: ALLOW, Control.JUMP: ALLOW, Control.BRANCH: ALLOW,
    Control.FORK: ALLOW, Control.CONTINUE: REFUSE, Control.RESUME: ALLOW,
    Control.NEW_GAME: ALLOW, Control.SEAT: ALLOW, Control.VIEW: ALLOW,
    Control.WHAT_IF: ALLOW, Control.SAVE: ALLOW, Control.LOAD: ALLOW, Control.SHARE: ALLOW,
    Control.LANGUAGE: ALLOW,
}
_MOVING = {control: REFUSE for control in Control}

#: state -> control -> ALLOW, QUEUE or REFUSE. RESUME is allowed only while a bot waits
#: at a past step (:meth:`PlayMachine.verdict` checks; the teacher, who may also click an
#: option for that bot, is then in YOUR_TURN); BOTS_MOVING never meets a
#: click (the kernel finishes the bots' answers before it reads the next message), so
#: every control is "queued" there by the kernel itself and judged in the state after.
VERDICTS: dict[PageState, dict[Control, str]] = {
    PageState.YOUR_TURN: dict(_RESTING),
    PageState.IDLE: dict(_RESTING),
    # Step would play the next round unseen (issue 21); a run may close the scoring.
    PageState.SCORING: {**_RESTING, Control.OPTION: REFUSE, Control.STEP: REFUSE,
                        Control.CONTINUE: ALLOW, Control.RESUME: REFUSE},
    PageState.OVER: {**_RESTING, Control.OPTION: REFUSE, Control.STEP: REFUSE,
                     Control.RUN: REFUSE, Control.WHAT_IF: REFUSE, Control.RESUME: REFUSE},
    PageState.BOTS_MOVING: {**_MOVING, Control.LANGUAGE: QUEUE},
    PageState.RUNNING: {**_MOVING, Control.STOP: ALLOW, Control.LANGUAGE: QUEUE},
    PageState.STOPPING: {**_MOVING, Control.LANGUAGE: QUEUE},
}

#: The states in which moves are being made: the table shows no options then.
MOVING = frozenset({PageState.BOTS_MOVING, PageState.RUNNING, PageState.STOPPING})


def resting_state(over: bool, scoring: bool, clickable: bool) -> PageState:
    """The state the page rests in once no move is being made: the game's end, a round's
    scoring, the viewer's turn (``clickable``: the table offers the viewer options), or
    idle."""
    if over:
        return PageState.OVER
    if scoring:
        return PageState.SCORING
    return PageState.YOUR_TURN if clickable else PageState.IDLE


class PlayMachine:
    """The page's one state, with the lock both threads hold to read or change it.

    The lock is re-entrant: a command run while holding it may redraw (which reads the
    state) without letting the run's thread in between.
    """

    def __init__(self, state: PageState = PageState.IDLE) -> None:
        self.state = state
        self.lock = threading.RLock()
        #: The run under way or last run ("finish_phase", "finish_round", "play_to_end").
        self.run_kind: str | None = None
        #: True once Stop (or a language switch) asked the run under way to end.
        self.stop_asked = False

    def verdict(self, control: Control, bots_waiting: bool = True) -> str:
        """ALLOW, QUEUE or REFUSE for ``control`` in the current state (RESUME only while
        ``bots_waiting``)."""
        verdict = VERDICTS[self.state][control]
        if control is Control.RESUME and verdict == ALLOW and not bots_waiting:
            return REFUSE
        return verdict

    @property
    def moving(self) -> bool:
        """True while moves are being made (bots answering, a run, a run stopping)."""
        return self.state in MOVING

    def enter(self, state: PageState) -> None:
        """Change to ``state`` (the caller holds :attr:`lock`)."""
        self.state = state


__all__ = ["ALLOW", "MOVING", "QUEUE", "REFUSE", "VERDICTS", "Control", "PageState",
           "PlayMachine", "resting_state"]
