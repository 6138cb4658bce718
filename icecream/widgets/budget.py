"""BudgetRunner: run a page's computation within a time budget, with progress and Stop.

A computation started by a button (a hint, a position what-if, a comparison) would block
the kernel: while it runs, no click reaches Python, so a Stop button could never work.
The runner therefore plays the work in a background thread and returns at once; the
kernel keeps answering (Stop, the other buttons) and widget updates from the thread reach
the page as usual. The work gets a :class:`~icecream.core.budget.Budget`: it stops at
the time limit or when Stop is pressed, with a partial result that says so.

``background=False`` runs the work in the caller's thread (tests, doctests, notebooks that
want the result on the next line); the budget still applies.

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

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.budget import Budget
from ..core.messages import DEFAULT_LANGUAGE, format_number, t

#: The longest time limit a page may set, in seconds.
MAX_SECONDS = 300


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

    def start(self, work: Callable[[Budget], Any],
              done: Callable[[Any, BaseException | None], None],
              seconds: float | None = None, background: bool = True) -> bool:
        """Run ``work(budget)`` and then ``done(result, error)`` (in the same thread);
        False, doing nothing, when work is already running."""
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

            if background:
                self._thread = threading.Thread(target=body, daemon=True,
                                                name="icecream-budget")
                self._thread.start()
            else:
                self._thread = None
        if not background:
            body()
        return True

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
        if budget is None:
            return
        elapsed = budget.elapsed()
        share = done / total if total else 0.0
        if budget.seconds:
            share = max(share, min(1.0, elapsed / budget.seconds))
        limit = self.limit or 0
        self.bar.value = min(1.0, share)
        self.note.value = escape(t(f"widgets.budget.progress.{self.unit}", self.lang,
                                   done=done, total=total, secs=_secs(elapsed, self.lang),
                                   limit=_secs(limit, self.lang)))


def _secs(value: float, lang: str) -> str:
    return format_number(float(value), lang, ".0f" if value >= 10 else ".1f")


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


__all__ = ["MAX_SECONDS", "BudgetRunner", "from_page", "time_limit"]
