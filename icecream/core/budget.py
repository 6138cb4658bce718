"""A time budget for a computation: a deadline, a Stop request and progress reports.

Simulations that a page starts (hints, position what-ifs, comparisons) take a
:class:`Budget` and check it between games (and inside a long game); when the time is up
or Stop was asked for they stop and return what they have, marked as partial with the
number of samples used. A budget is thread-safe: a page runs the work in a thread and
calls :meth:`Budget.stop` from its Stop button.

Where there are no threads (a page in the browser: Pyodide has one), the work is written
as *steps*: a generator that yields every :data:`CHECK_EVERY` decisions and returns its
result (:func:`play_out_steps`). A page advances it a slice of time at a time and lets the
browser handle messages (a click on Stop) in between; :func:`finish` runs it through.

>>> b = Budget(seconds=None)
>>> b.expired(), b.stop(), b.expired(), b.reason
(False, None, True, 'stopped')
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from typing import Any, TypeVar

T = TypeVar("T")
#: Work written as steps: a generator that yields now and then and returns its result.
Steps = Generator[None, None, T]

#: How many decisions a rollout takes between two looks at the clock.
CHECK_EVERY = 64
#: The share of a page's time limit the games may use; the rest is for the tables, the
#: conclusions and the chart made from them (seconds on a busy 2-core machine).
PLAY_SHARE = 0.75


class Budget:
    """``seconds`` of wall time from now (``None``: no limit), a Stop request and an
    optional ``progress(done, total)`` callback, called at most every ``every`` seconds
    (and always for the last report)."""

    def __init__(self, seconds: float | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 every: float = 0.2) -> None:
        if seconds is not None and (isinstance(seconds, bool)
                                    or not isinstance(seconds, int | float) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
        self.seconds = seconds
        self.start = time.monotonic()
        self.deadline = None if seconds is None else self.start + seconds
        self._stop = threading.Event()
        self._progress = progress
        self._every = every
        self._last = 0.0
        #: Why the work stopped early: ``"time"``, ``"stopped"``, or ``None``.
        self.reason: str | None = None

    @classmethod
    def for_page(cls, seconds: float | None,
                 progress: Callable[[int, int], None] | None = None) -> Budget:
        """A budget for games whose results a page shows within ``seconds`` in all: the
        games get :data:`PLAY_SHARE` of it."""
        return cls(None if seconds is None else seconds * PLAY_SHARE, progress)

    def stop(self) -> None:
        """Ask the work to stop as soon as it next looks (any thread may call this)."""
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def expired(self) -> bool:
        """True when Stop was asked for or the time is up (and says which in ``reason``)."""
        if self._stop.is_set():
            self.reason = "stopped"
            return True
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.reason = "time"
            return True
        return False

    def part(self, share: float = 1.0) -> Budget:
        """A budget for a part of this work: ``share`` of the time left now (at least a
        twentieth of a second of it), reporting to the same progress callback, and
        stopped when this one is (two computations that share a page's time)."""
        return _Part(self, share)

    def elapsed(self) -> float:
        """Seconds since the budget was made."""
        return time.monotonic() - self.start

    def report(self, done: int, total: int, force: bool = False) -> None:
        """Tell the progress callback ``done`` of ``total`` (throttled)."""
        if self._progress is None:
            return
        now = time.monotonic()
        if force or now - self._last >= self._every:
            self._last = now
            self._progress(done, total)


class _Part(Budget):
    """:meth:`Budget.part`: ``share`` of what is left of ``parent``'s time, stopped when
    the parent is."""

    def __init__(self, parent: Budget, share: float) -> None:
        left = None if parent.deadline is None \
            else max(0.05, parent.deadline - time.monotonic()) * share
        super().__init__(left, parent._progress)
        self.parent = parent

    @property
    def stopped(self) -> bool:
        return self.parent.stopped or super().stopped

    def expired(self) -> bool:
        if self.parent.stopped:
            self.reason = "stopped"
            return True
        return super().expired()


def finish(steps: Generator[Any, Any, T]) -> T:
    """Run work written as steps to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def play_out_steps(state: object, choose: Callable[[object, int], object],
                   budget: Any) -> Steps[bool]:
    """Play ``state`` to its end in place, ``choose(state, seat)`` deciding, yielding every
    :data:`CHECK_EVERY` decisions; returns False when the budget ran out first (the state is
    then left part-played)."""
    step = state.apply_in_place  # type: ignore[attr-defined]
    k = 0
    while not state.is_over:  # type: ignore[attr-defined]
        p = state.current_player  # type: ignore[attr-defined]
        step(choose(state, p))
        k += 1
        if k % CHECK_EVERY == 0:
            if budget is not None and budget.expired():
                return False
            yield
    return True


def play_out_within(state: object, choose: Callable[[object, int], object],
                    budget: Any) -> bool:
    """:func:`play_out_steps` run through: False when the budget ran out first."""
    return finish(play_out_steps(state, choose, budget))


__all__ = ["CHECK_EVERY", "PLAY_SHARE", "Budget", "Steps", "finish", "play_out_steps",
           "play_out_within"]
