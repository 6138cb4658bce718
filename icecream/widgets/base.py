"""What both explorers share: a session, the clickable table, the perspective selector,
the options panel, the event log, the scores and the message line, and the redraw.

Redrawing is incremental: each part remembers what it last showed (the state object,
the perspective, the cursor) and is rebuilt only when that changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ..core.history import History
from ..core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ..core.protocol import State
from . import controls, hooks, panels
from .session import Session
from .table import TableWidget
from .validate import Refused, refuse


class ExplorerBase(widgets.VBox):
    """The parts of an explorer around one :class:`Session`; subclasses lay them out."""

    def __init__(self, session: Session, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang
        self.session = session
        self._updating = False
        self._drawn: dict[str, Any] = {}
        self._message = ("", False)
        self.table = TableWidget(self._table_click, self._refused, lang,
                                 layout=widgets.Layout(flex="2 1 640px", min_width="0"))
        self.explain = _html("ic-explain")
        self.log_panel = _html("ic-log")
        self.scores = _html("ic-scores")
        self.message_line = _html("ic-message")
        self.message_line.value = panels.message_html("")
        self.perspective = controls.perspective_selector(session.names, lang)
        self.perspective.observe(self._perspective_changed, names="value")

    # -- what tests and notebooks read -----------------------------------------------------
    @property
    def history(self) -> History:
        """The timeline being shown."""
        return self.session.history

    @property
    def state(self) -> State:
        """The state at the history's cursor."""
        return self.session.state

    @property
    def message(self) -> str:
        """The text of the message line (empty when there is none)."""
        return self._message[0]

    @property
    def scoring_shown(self) -> bool:
        """True while a round's scoring is shown (not the game's end): the table is drawn
        as it was scored, and the next round waits for "Continue"."""
        at = self.session.summary
        return (at is not None and at > 0 and at == self.history.cursor
                and not self.state.is_over)

    @property
    def message_is_error(self) -> bool:
        return self._message[1]

    # -- commands ------------------------------------------------------------------------
    def click(self, action: Mapping[str, Any] | Any) -> bool:
        """Play ``action`` as the perspective's click on the table; False if refused."""
        return self._do(self.session.click, action)

    def undo(self) -> bool:
        """Step back one action."""
        return self._do(self.session.undo, say_events=False,
                        note=lambda: t("widgets.msg.at_step", self.lang,
                                       step=self.history.cursor, steps=len(self.history)))

    def redo(self) -> bool:
        """Step forward again after :meth:`undo`."""
        return self._do(self.session.redo)

    def jump(self, step: Any) -> bool:
        """Look at step ``step`` of the history (0: the start)."""
        return self._do(self.session.jump, step, say_events=False,
                        note=lambda: t("widgets.msg.at_step", self.lang,
                                       step=self.history.cursor, steps=len(self.history)))

    def set_perspective(self, seat: Any) -> bool:
        """See the table as ``seat`` does, or as the teacher (``None``)."""
        ok = self._do(self.session.set_perspective, seat, say_events=False,
                      note=lambda: self._perspective_note())
        return ok

    # -- plumbing ------------------------------------------------------------------------
    def _do(self, command: Callable, *args: Any, say_events: bool = True,
            note: Callable[[], str] | None = None,
            first_events: list[str] | None = None) -> bool:
        """Run a session command; show its refusal, or what happened, then redraw.

        What happened is every event since the step shown before the command (the
        player's own move and all the bots' answers up to the next decision), not only
        the last step's; ``first_events`` come before them. While a round's scoring is
        shown, the step that scored it is left to the summary."""
        before = (self.session.history, self.history.cursor)
        try:
            result = command(*args)
        except Refused as e:
            self._say(str(e), error=True)
            self.refresh()
            return False
        parts = []
        forked = self.session.forked_at
        if forked is not None:  # a move at a past step started a new branch
            self.session.forked_at = None
            parts.append(t("widgets.msg.forked", self.lang, branch=len(self.session.branches),
                           step=forked))
        stand_in = getattr(self.session, "stand_in", [])
        if stand_in and say_events:  # never play a human's move silently
            names = self.session.names
            who = join_words([seat_name(names, p, self.lang) for p in stand_in], self.lang)
            parts.append(t("widgets.msg.stand_in", self.lang, players=who,
                           count=len(stand_in)))
        if getattr(self.session, "paused", False):  # a long run stopped to keep the page alive
            parts.append(t("widgets.msg.paused", self.lang))
        if note is not None and forked is None:
            parts.append(note())
        elif say_events:
            summary = self.session.summary
            if isinstance(result, int) and result > 1:
                parts.append(t("widgets.msg.ran", self.lang, steps=result))
            history, cursor = before
            if history is self.history and cursor < self.history.cursor:
                # (the step that scored a round is read in its summary)
                events = [text for k, text in self.session.log(since=cursor) if k != summary]
            elif first_events is not None and history is self.history:
                events = []  # nobody moved since: only what was held back
            elif summary is None:  # another line of play or a step back: the step shown
                events = self.state.event_texts(self.session.perspective, self.lang)
            else:
                events = []
            self._say(parts, list(first_events or []) + events)
            self.refresh()
            return True
        self._say(parts)
        self.refresh()
        return True

    def _say(self, text: str | list[str], events: list[str] | None = None,
             error: bool = False) -> None:
        """Show ``text`` (notes, or a refusal when ``error``) and ``events``, one a line."""
        notes = [text] if isinstance(text, str) else list(text)
        events = list(events or [])
        self._message = (" ".join(p for p in notes + events if p), error)
        self.message_line.value = panels.message_html(notes, error, events, self.lang)

    def _refused(self, text: str) -> None:
        self._say(text, error=True)

    def _table_click(self, action: Mapping[str, Any]) -> None:
        self.click(action)

    def _perspective_note(self) -> str:
        p = self.session.perspective
        if p is None:
            return t("widgets.msg.teacher_view", self.lang)
        return t("widgets.msg.seat_view", self.lang,
                 player=seat_name(self.session.names, p, self.lang))

    def _perspective_changed(self, change: dict) -> None:
        if self._updating:
            return
        value = change["new"]
        if value is None or isinstance(value, bool) or not isinstance(value, int):
            self._say(str(refuse("bad_seat", self.lang, seat=repr(value),
                                 players=self.state.num_players)), error=True)
            self.refresh(force=True)
            return
        self.set_perspective(None if value == controls.TEACHER else value)

    def refresh(self, force: bool = False) -> None:
        """Redraw the parts whose inputs changed (all of them when ``force``)."""
        if force:
            self._drawn.clear()
        self._updating = True
        try:
            self._redraw()
        finally:
            self._updating = False

    def _highlight(self) -> bool:
        """Whether the table marks the options (a page making moves shows none)."""
        return True

    def _changed(self, part: str, key: Any) -> bool:
        if self._drawn.get(part) == key:
            return False
        self._drawn[part] = key
        return True

    def _redraw(self) -> None:
        s = self.state
        p = self.session.perspective
        key = (s, p)  # the state itself: compared by identity, and kept alive
        scoring = self.scoring_shown
        highlight = self._highlight()
        if self._changed("table", (s, p, scoring, highlight)):
            if scoring:  # the round as scored; the next round's deal waits (issue 21)
                before = self.history.states[self.history.cursor - 1]
                self.table.show(hooks.render_scoring(before, s, p, self.lang))
            else:
                self.table.show(hooks.render(s, p, self.lang, highlight))
        if self._changed("explain", key):
            self.explain.value = panels.explain_html(s, p, self.lang)
        if self._changed("scores", key):
            self.scores.value = panels.scores_html(s, self.lang)
        if self._changed("log", (key, self.history, len(self.history))):
            self.log_panel.value = panels.log_html(self.session.log(), hooks.rules(s), self.lang)
        names = self.session.names  # as shown in the page's language
        if self._changed("perspective_options", names):
            self.perspective.options = controls.perspective_options(names, self.lang)
        self.perspective.value = controls.TEACHER if p is None else p


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML()
    w.add_class(css)
    return w
