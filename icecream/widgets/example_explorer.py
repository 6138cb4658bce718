"""ExampleExplorer: the rulebook's six examples, played out click by click.

Pick an example; read the rulebook's own words and the rules it shows; press "Next step"
to play the move the rulebook tells, with a note on each step; at the end the outcome the
rulebook states is shown beside the table. The table can be clicked too, to try another
move; "Restart" goes back to the example's start.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.history import History
from ..core.messages import DEFAULT_LANGUAGE, t
from ..games.ice_cream import EXAMPLES
from ..games.ice_cream.examples import EXAMPLE_IDS
from . import controls, panels
from .base import ExplorerBase
from .session import Session
from .validate import refuse


class ExampleExplorer(ExplorerBase):
    """Walk through a rulebook example (``example_id``: one of ``EXAMPLE_IDS``; default the
    first). Every seat is played by hand; the view starts as the teacher's."""

    def __init__(self, example_id: str | None = None, lang: str = DEFAULT_LANGUAGE) -> None:
        example_id = EXAMPLE_IDS[0] if example_id is None else example_id
        if example_id not in EXAMPLES:
            raise ValueError(f"unknown example {example_id!r}; examples are "
                             f"{', '.join(EXAMPLE_IDS)}")
        self.example = EXAMPLES[example_id]
        super().__init__(Session(History(self.example.start()), lang=lang), lang)
        self.add_class("ic-example-explorer")
        self.select_box = widgets.Dropdown(
            options=[(EXAMPLES[e].title(lang), e) for e in EXAMPLE_IDS], value=example_id,
            description=t("widgets.label.example", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="480px"))
        self.select_box.add_class("ic-example-select")
        self.select_box.observe(self._selected, names="value")
        self.next_button = controls.button("example_next", "ic-example-next", self.next_step,
                                           lang, button_style="primary")
        self.restart_button = controls.button("example_restart", "ic-example-restart",
                                              self.restart, lang)
        self.undo_button = controls.button("undo", "ic-undo", self.undo, lang)
        self.rulebook = _html("ic-example-rulebook")
        self.note = _html("ic-example-note")
        self.outcome = _html("ic-example-outcome")
        side = widgets.VBox([self.rulebook, self.note, self.outcome, self.explain],
                            layout=widgets.Layout(flex="1 1 320px", min_width="280px"))
        self.children = [
            widgets.HBox([self.select_box, self.perspective],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.next_button, self.restart_button, self.undo_button]),
            self.message_line,
            widgets.HBox([self.table, side], layout=widgets.Layout(flex_flow="row wrap")),
            self.log_panel,
        ]
        self.refresh()

    # -- where we are in the rulebook's steps ----------------------------------------------
    @property
    def position(self) -> int | None:
        """How many of the example's steps are played, or ``None`` once the moves played
        differ from the rulebook's."""
        played = self.history.actions[: self.history.cursor]
        steps = self.example.steps
        if len(played) > len(steps):
            return None
        parse = self.state.game.parse_action
        if any(a != parse(s) for a, s in zip(played, steps, strict=False)):
            return None
        return len(played)

    @property
    def finished(self) -> bool:
        """True when every step of the example has been played as the rulebook tells."""
        return self.position == len(self.example.steps)

    # -- commands ------------------------------------------------------------------------
    def select(self, example_id: Any) -> bool:
        """Show example ``example_id`` from its start."""
        return self._do(self._select, example_id, say_events=False,
                        note=lambda: self.example.title(self.lang))

    def next_step(self) -> bool:
        """Play the rulebook's next move, with its note."""
        return self._do(self._next)

    def restart(self) -> bool:
        """Back to the example's start."""
        return self._do(self._select, self.example.id, say_events=False,
                        note=lambda: t("widgets.msg.restarted", self.lang))

    def _select(self, example_id: Any) -> None:
        if not isinstance(example_id, str) or example_id not in EXAMPLES:
            raise refuse("bad_example", self.lang, example=repr(example_id)[:40])
        self.example = EXAMPLES[example_id]
        self.session = Session(History(self.example.start()),
                               perspective=self.session.perspective, lang=self.lang)

    def _next(self) -> None:
        k = self.position
        if k is None:
            raise refuse("off_script", self.lang)
        if k >= len(self.example.steps):
            raise refuse("example_done", self.lang)
        step = self.state.game.parse_action(self.example.steps[k])
        h = self.history
        if h.cursor < len(h) and h.actions[h.cursor] == step:  # the step was undone: redo it
            self.session.redo()
        else:
            self.session.play(step)

    # -- drawing ---------------------------------------------------------------------------
    def _selected(self, change: dict) -> None:
        if not self._updating:
            self.select(change["new"])

    def _redraw(self) -> None:
        super()._redraw()
        ex, lang = self.example, self.lang
        if self._changed("rulebook", ex.id):
            self.rulebook.value = (
                f"<h4>{escape(ex.title(lang))}</h4>"
                f"<blockquote>{escape(ex.rulebook_text(lang))}</blockquote>"
                f"<b>{escape(t('widgets.example.rules', lang))}</b>"
                + panels.rules_html(ex.rules, self.state.game.rules, lang))
        self.select_box.value = ex.id
        k = self.position
        steps = len(ex.steps)
        if k is None:
            note = t("widgets.example.off_script", lang)
        elif k == 0:
            note = t("widgets.example.ready", lang, steps=steps)
        else:
            note = t("widgets.example.step_note", lang, step=k, steps=steps,
                     note=ex.step_note(k - 1, lang))
        self.note.value = f"<p>{escape(note)}</p>"
        if self.finished:
            self.outcome.value = (
                f'<div style="border:2px solid #009E73;padding:6px">'
                f"<b>{escape(t('widgets.example.outcome', lang))}</b> "
                f"{escape(ex.outcome(lang))}</div>")
        else:
            self.outcome.value = ""
        self.next_button.disabled = k is None or k >= steps
        self.undo_button.disabled = self.history.cursor == 0


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML()
    w.add_class(css)
    return w
