"""BudgetRunner: run a page's computation within a time budget, with progress and Stop.

A computation started by a button (a hint, a position what-if, a comparison) would block
the kernel: while it runs, no click reaches Python, so a Stop button could never work.
The runner therefore plays the work in a background thread and returns at once; the
kernel keeps answering (Stop, the other buttons) and widget updates from the thread reach
the page as usual. The work gets a :class:`~icecream.core.budget.Budget`: it stops at
the time limit or when Stop is pressed, with a partial result that says so.

``background=False`` runs the work in the caller's thread (tests, doctests, notebooks that
want the result on the next line); the budget still applies.

A page in the browser (the static site: Pyodide) has one thread and cannot start another.
There the work is given as *steps* (``start(..., steps=...)``: a generator that yields
every few dozen decisions, :data:`~icecream.core.budget.Steps`), and the runner advances it
:data:`SLICE` seconds at a time in an asyncio task, handing the browser back its event loop
in between: the click on Stop (a widget message) is handled within a slice, and the work
sees it at its next look at the budget.

Stable CSS classes: ``ic-budget`` (the row), ``ic-budget-bar``, ``ic-budget-note``,
``ic-budget-stop``.

>>> r = BudgetRunner(seconds=5)
>>> out = []
>>> r.start(lambda budget: 6 * 7, lambda result, error: out.append(result), background=False)
True
>>> out, r.running
([42], False)
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.budget import Budget, finish
from ..core.messages import DEFAULT_LANGUAGE, format_number, t

#: The longest time limit a page may set, in seconds.
MAX_SECONDS = 300
#: Seconds of work between two returns to the browser's event loop, where there are no
#: threads (Pyodide): short enough for Stop to answer well within a second.
SLICE = 0.05


def threads_available() -> bool:
    """False in a browser's Python (Pyodide: WebAssembly, one thread), True elsewhere."""
    return sys.platform != "emscripten"


class BudgetRunner(widgets.HBox):
    """A progress bar, a line of text and a Stop button, shown while work runs.

    ``seconds`` is the default time limit; :meth:`start` may give another.
    """

    def __init__(self, seconds: float = 10.0, lang: str = DEFAULT_LANGUAGE,
                 unit: str = "samples") -> None:
        super().__init__()
        self.lang = lang
        self.seconds = seconds
        #: The time limit of the work running now (or last run), in seconds.
        self.limit: float | None = seconds
        self.unit = unit
        self.bar = widgets.FloatProgress(value=0.0, min=0.0, max=1.0,
                                         layout=widgets.Layout(width="160px"))
        self.bar.add_class("ic-budget-bar")
        self.note = widgets.HTML()
        self.note.add_class("ic-budget-note")
        self.stop_button = widgets.Button(description=t("widgets.budget.stop", lang),
                                          tooltip=t("widgets.budget.stop_tip", lang),
                                          button_style="warning", icon="stop",
                                          layout=widgets.Layout(width="auto"))
        self.stop_button.add_class("ic-budget-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.add_class("ic-budget")
        self.layout = widgets.Layout(align_items="center", display="none",
                                     flex_flow="row wrap")
        self.children = [self.bar, self.stop_button, self.note]
        #: The budget of the work running now (or last run).
        self.budget: Budget | None = None
        self._thread: threading.Thread | None = None
        self._busy = False
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        """True while work runs."""
        return self._busy

    def start(self, work: Callable[[Budget], Any] | None,
              done: Callable[[Any, BaseException | None], None],
              seconds: float | None = None, background: bool = True,
              steps: Callable[[Budget], Any] | None = None) -> bool:
        """Run ``work(budget)`` and then ``done(result, error)`` (in the same thread);
        False, doing nothing, when work is already running.

        ``steps(budget)``, a generator returning the result, may stand for ``work``: in
        the background without threads it is advanced slice by slice (see the module)."""
        if work is None and steps is None:
            raise ValueError("BudgetRunner.start needs work or steps")
        if work is None:
            def work(budget: Budget) -> Any:
                return finish(steps(budget))
        if background and steps is None and not threads_available():
            background = False  # no thread to run it in: here, as before
        cooperative = background and steps is not None and not threads_available()
        with self._lock:
            if self._busy:
                return False
            self._busy = True
            limit = self.seconds if seconds is None else seconds
            self.budget = Budget.for_page(limit, progress=self._progress)
            self.limit = limit
            self.bar.value = 0.0
            self.stop_button.disabled = False
            self.note.value = escape(t("widgets.budget.started", self.lang,
                                       limit=_secs(limit, self.lang)))
            self.layout.display = ""

            budget = self.budget

            def body() -> None:
                result: Any = None
                error: BaseException | None = None
                try:
                    result = work(budget)
                except Exception as e:  # shown by ``done``; the thread must not die silent
                    error = e
                finally:
                    self._busy = False  # ``done`` may start the next piece of work
                    self.layout.display = "none"
                done(result, error)

            if cooperative:
                self._thread = None
                self._task = _in_slices(steps, budget, self._ended, done)
            elif background:
                self._thread = threading.Thread(target=body, daemon=True,
                                                name="icecream-budget")
                self._thread.start()
            else:
                self._thread = None
        if not background:
            body()
        return True

    def _ended(self) -> None:
        self._busy = False  # ``done`` may start the next piece of work
        self.layout.display = "none"

    def stop(self) -> None:
        """Ask the running work to stop (it ends within about a game's time)."""
        if self.budget is not None:
            self.budget.stop()
        self.stop_button.disabled = True
        self.note.value = escape(t("widgets.budget.stopping", self.lang))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the work (and its ``done``) to end; True when it has."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        return not self.running

    def _progress(self, done: int, total: int) -> None:
        budget = self.budget
        if budget is None or budget.stopped:
            return  # "Stopping…" stays until the work has ended
        elapsed = budget.elapsed()
        share = done / total if total else 0.0
        if budget.seconds:
            share = max(share, min(1.0, elapsed / budget.seconds))
        limit = self.limit or 0
        self.bar.value = min(1.0, share)
        self.note.value = escape(t(f"widgets.budget.progress.{self.unit}", self.lang,
                                   done=done, total=total, secs=_secs(elapsed, self.lang),
                                   limit=_secs(limit, self.lang)))


def _in_slices(steps: Callable[[Budget], Any], budget: Budget, ended: Callable[[], None],
               done: Callable[[Any, BaseException | None], None]) -> Any:
    """An asyncio task that advances ``steps(budget)`` :data:`SLICE` seconds at a time,
    giving the event loop back in between, then calls ``ended()`` and ``done``."""
    import asyncio

    async def run() -> None:
        result: Any = None
        error: BaseException | None = None
        try:
            gen = steps(budget)
            while True:
                until = time.monotonic() + SLICE
                try:
                    while time.monotonic() < until:
                        next(gen)
                except StopIteration as end:
                    result = end.value
                    break
                await asyncio.sleep(0)  # the browser handles its messages (Stop) here
        except Exception as e:  # shown by ``done``; the task must not die silent
            error = e
        finally:
            ended()
        done(result, error)

    return asyncio.ensure_future(run())


def _secs(value: float, lang: str) -> str:
    return format_number(float(value), lang, ".0f" if value >= 10 else ".1f")


def work_in_background() -> bool:
    """Whether a page's button should start its budgeted work in the background: when the
    kernel handles a click (:func:`from_page`), and always in a browser's Python
    (Pyodide), whose kernel keeps no parent message to ask and whose work then runs in
    slices (:meth:`BudgetRunner.start` with ``steps``)."""
    return not threads_available() or from_page()


def time_limit(value: int, lang: str = DEFAULT_LANGUAGE) -> widgets.BoundedIntText:
    """A field for a time limit in whole seconds (CSS class ``ic-budget-seconds``)."""
    w = widgets.BoundedIntText(value=value, min=1, max=MAX_SECONDS,
                               description=t("widgets.budget.limit", lang),
                               style={"description_width": "initial"},
                               layout=widgets.Layout(width="150px"))
    w.add_class("ic-budget-seconds")
    return w




def from_page() -> bool:
    """True while the kernel handles a message from a page's widget (a click in Voila or
    a notebook's output): work started now should run in the background, so the kernel
    stays free for the next click (Stop). False in plain Python and in a cell's code."""
    try:
        from ipykernel.kernelbase import Kernel

        if not Kernel.initialized():
            return False
        parent = Kernel.instance().get_parent()
    except Exception:  # no kernel, or one without parents: run in the caller's thread
        return False
    return bool(parent) and parent.get("header", {}).get("msg_type") == "comm_msg"


__all__ = ["MAX_SECONDS", "SLICE", "BudgetRunner", "from_page", "threads_available",
           "time_limit", "work_in_background"]
