"""ExampleExplorer: a game's rulebook examples, played out click by click.

Pick a game (every registered game with examples) and one of its examples; read the
rulebook's own words and the rules it shows; press "Next step" to play the move the
rulebook tells, with a note on each step; at the end the outcome the rulebook states is
shown beside the table. The table can be clicked too, to try another move; "Restart" goes
back to the example's start.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.history import History
from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import default_game, get_game
from . import controls, hooks, panels
from .base import ExplorerBase
from .session import Session
from .validate import refuse


def example_games() -> list[tuple[str, str]]:
    """(title, name) of every registered game that has rulebook examples."""
    return [(title, g) for title, g in hooks.game_choices() if get_game(g).examples()]


class ExampleExplorer(ExplorerBase):
    """Walk through a rulebook example of ``game`` (default :func:`default_game`;
    ``example_id``: one of
    ``get_game(game).examples()``; default the first). Every seat is played by hand; the
    view starts as the teacher's. The game picker switches to another game's examples."""

    def __init__(self, example_id: str | None = None, lang: str = DEFAULT_LANGUAGE,
                 game: str | None = None) -> None:
        game = game or default_game()
        self.examples = dict(get_game(game).examples())
        if not self.examples:
            raise ValueError(f"{game} has no rulebook examples")
        example_id = next(iter(self.examples)) if example_id is None else example_id
        if example_id not in self.examples:
            raise ValueError(f"unknown example {example_id!r}; examples are "
                             f"{', '.join(self.examples)}")
        self.example = self.examples[example_id]
        super().__init__(Session(History(self.example.start()), lang=lang), lang)
        self.add_class("ic-example-explorer")
        self.game_box = widgets.Dropdown(
            options=example_games(), value=game, description=t("widgets.form.game", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="250px"))
        self.game_box.add_class("ic-game-select")
        self.game_box.observe(self._game_selected, names="value")
        self.select_box = widgets.Dropdown(
            options=self._example_options(), value=example_id,
            description=t("widgets.label.example", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="450px"))
        self.select_box.add_class("ic-example-select")
        # The three in one row at 1024 wide, each choice readable in Dutch too (issue 21:
        # "Een uitgewerkte comboketen" and "Leraar (ziet alle kaarten)" were cut off).
        self.perspective.layout = widgets.Layout(width="270px")
        self.select_box.observe(self._selected, names="value")
        self.next_button = controls.button("example_next", "ic-example-next", self.next_step,
                                           lang, button_style="primary")
        self.restart_button = controls.button("example_restart", "ic-example-restart",
                                              self.restart, lang)
        self.undo_button = controls.button("undo", "ic-undo", self.undo, lang)
        self.rulebook = _html("ic-example-rulebook")
        self.note = _html("ic-example-note")
        self.outcome = _html("ic-example-outcome")
        self.summary = _html("ic-round-summary")
        # The outcome the rulebook states heads the page once the example is played, and
        # the step's note sits beside the buttons: both in view at 1024x640 without
        # scrolling (issue 21: the Dan and Larry outcome was at y ~ 1,270). The rulebook's
        # words and the scoring follow beside the table.
        side = widgets.VBox([self.summary, self.rulebook, self.explain],
                            layout=widgets.Layout(flex="1 1 320px", min_width="280px"))
        self.note.layout = widgets.Layout(flex="1 1 300px", margin="0 0 0 8px")
        self.children = [
            widgets.HBox([self.game_box, self.select_box, self.perspective],
                         layout=widgets.Layout(flex_flow="row wrap")),
            controls.plugin_note(lang),  # a game plug-in that failed to load, named once
            widgets.HBox([self.next_button, self.restart_button, self.undo_button, self.note],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.outcome,
            self.message_line,
            widgets.HBox([self.table, side], layout=widgets.Layout(flex_flow="row wrap")),
            self.log_panel,
        ]
        self.refresh()

    def _example_options(self) -> list[tuple[str, str]]:
        return [(ex.title(self.lang), eid) for eid, ex in self.examples.items()]

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

    def select_game(self, game: Any) -> bool:
        """Show the first example of ``game`` (a registered game with examples)."""
        return self._do(self._select_game, game, say_events=False,
                        note=lambda: self.example.title(self.lang))

    def _select_game(self, game: Any) -> None:
        if not isinstance(game, str) or game not in [g for _t, g in example_games()]:
            raise refuse("bad_game", self.lang, game=repr(game)[:40],
                         games=", ".join(g for _t, g in example_games()))
        examples = dict(get_game(game).examples())
        first = next(iter(examples))
        self.examples = examples
        self._updating = True
        try:
            self.select_box.options = self._example_options()
            self.select_box.value = first
        finally:
            self._updating = False
        self._select(first)

    def _select(self, example_id: Any) -> None:
        if not isinstance(example_id, str) or example_id not in self.examples:
            raise refuse("bad_example", self.lang, example=repr(example_id)[:40])
        self.example = self.examples[example_id]
        start = self.example.start()
        seat = self.session.perspective
        keep = seat if seat is not None and seat < start.num_players else None
        self.session = Session(History(start), perspective=keep, lang=self.lang)

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

    def _game_selected(self, change: dict) -> None:
        if not self._updating:
            self.select_game(change["new"])

    def _redraw(self) -> None:
        super()._redraw()
        ex, lang = self.example, self.lang
        if self._changed("rulebook", ex.id):
            self.rulebook.value = (
                f'<div style="line-height:1.4"><h4>{escape(ex.title(lang))}</h4>'
                f"<blockquote>{escape(ex.rulebook_text(lang))}</blockquote>"
                f"<b>{escape(t('widgets.example.rules', lang))}</b>"
                + panels.rules_html(ex.rules, hooks.rules(self.state), lang) + "</div>")
        self.select_box.value = ex.id
        self.game_box.value = self.state.game.name
        k = self.position
        steps = len(ex.steps)
        if k is None:
            note = t("widgets.example.off_script", lang)
        elif k == 0:
            note = t("widgets.example.ready", lang, steps=steps)
        else:
            note = t("widgets.example.step_note", lang, step=k, steps=steps,
                     note=ex.step_note(k - 1, lang))
        self.note.value = f'<p style="line-height:1.4;margin:2px 0">{escape(note)}</p>'
        at = self.session.summary  # a round (or the game) just scored: show its breakdown
        shown = at is not None and at == self.history.cursor
        if self._changed("summary", (at, self.history, self.session.perspective) if shown
                         else None):
            self.summary.value = panels.summary_html(
                self.history, at, self.session.perspective, lang) if shown else ""
        if self.finished:
            self.outcome.value = (
                f'<div style="border:2px solid #009E73;padding:6px;line-height:1.4">'
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
