"""GameExplorer: a whole game of any registered game with every control, for notebooks
and Voila.

The table (click an option to play it), controls to step through the game (one step,
finish the phase, finish the round (the game's own word: Ice Cream's day), play to the
end, undo, redo, a scrubber over the steps, fork a branch from the step shown), a new-game
form with a game picker, a perspective selector (each seat's
view or the teacher's), a human-or-bot selector per seat, the options of the decision with
their rules, the event log and a message line. It holds no rules: the engine decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.errors import SettingsError
from ..core.history import History
from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import default_game, get_game, list_games
from . import controls, hooks, validate
from .base import ExplorerBase
from .session import Session
from .validate import HUMAN, Refused, refuse


class GameExplorer(ExplorerBase):
    """Explore a game: ``GameExplorer(game="ice-cream", players=["Ann", "Bob", "Cy"], seed=3,
    bots=["human", "random", "random"])``, or ``GameExplorer(history)``.

    ``game`` is a registered game's name (:func:`icecream.list_games`; default
    :func:`~icecream.core.protocol.default_game`); a ``history``
    brings its own game.
    ``bots`` gives each seat ``"human"`` or a bot name (a list, or a dict seat -> name;
    default: every seat human). ``perspective`` is a seat or ``None`` (the teacher's view).
    ``variant`` holds game settings (``ruleset``, ``close``, ``days``, ...). When some seats
    are human and some bots, the bots move on their own until a human is to act.
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
        super().__init__(session, lang)
        self.add_class("ic-explorer")
        self._build_controls(history, seed)
        self.children = self._layout()
        session.autoplay()
        self.refresh()

    # -- commands (also what the buttons do) -------------------------------------------------
    def step(self) -> bool:
        """The seat to act plays once (its bot, or a random bot for a human seat)."""
        return self._do(self.session.step)

    def finish_phase(self) -> bool:
        """Play on to the end of the phase."""
        return self._do(self.session.finish_phase)

    def finish_round(self) -> bool:
        """Play on to the start of the game's next round (Ice Cream's next day)."""
        return self._do(self.session.finish_round)

    def play_to_end(self) -> bool:
        """Play on until the game is over."""
        return self._do(self.session.play_to_end)

    def fork(self) -> bool:
        """Keep the current line and continue on a new branch from the step shown."""
        return self._do(self.session.fork, say_events=False,
                        note=lambda: t("widgets.msg.forked", self.lang,
                                       branch=len(self.session.branches),
                                       step=self.history.cursor))

    def switch_branch(self, index: Any) -> bool:
        """Show branch ``index`` (0: the first line of play)."""
        return self._do(self.session.switch_branch, index, say_events=False,
                        note=lambda: t("widgets.msg.branch", self.lang, branch=index + 1))

    def set_bot(self, seat: Any, kind: Any) -> bool:
        """Seat ``seat`` is played by ``kind``: ``"human"`` or a registered bot's name."""
        return self._do(self.session.set_bot, seat, kind, say_events=False,
                        note=lambda: t("widgets.msg.player_set", self.lang,
                                       player=self.session.names[seat],
                                       kind=self._kind_label(kind)))

    def new_game(self, **settings: Any) -> bool:
        """Start a new game: ``game`` (default: the one shown) and its ``new_game`` settings
        (players, seed, and the game's own, such as Ice Cream's ruleset or close rule)."""
        return self._do(self._new_game, settings, say_events=False,
                        note=lambda: t("widgets.msg.new_game", self.lang,
                                       players=", ".join(self.session.names)))

    # -- building --------------------------------------------------------------------------
    def _build_controls(self, history: History, seed: int) -> None:
        lang = self.lang
        self.step_button = controls.button("step", "ic-step", self.step, lang)
        self.finish_phase_button = controls.button("finish_phase", "ic-finish-phase",
                                                   self.finish_phase, lang)
        self.finish_round_button = controls.button(
            "finish_round", "ic-finish-round", self.finish_round, lang,
            params={"round": hooks.round_text(history.state, lang)})
        self.play_to_end_button = controls.button("play_to_end", "ic-play-to-end",
                                                  self.play_to_end, lang)
        self.undo_button = controls.button("undo", "ic-undo", self.undo, lang)
        self.redo_button = controls.button("redo", "ic-redo", self.redo, lang)
        self.fork_button = controls.button("fork", "ic-fork", self.fork, lang)
        self.scrubber = widgets.IntSlider(min=0, max=0, value=0, continuous_update=False,
                                          description=t("widgets.label.step", lang),
                                          layout=widgets.Layout(width="100%"))
        self.scrubber.add_class("ic-scrubber")
        self.scrubber.observe(self._scrubbed, names="value")
        self.branch = widgets.Dropdown(description=t("widgets.label.branch", lang),
                                       style={"description_width": "initial"})
        self.branch.add_class("ic-branch")
        self.branch.observe(self._branch_changed, names="value")
        self.form = controls.SettingsForm(self._form_new_game, lang, game=history.game,
                                          players=history.state.num_players, seed=seed)
        self.seats = widgets.HBox()
        self.seats.add_class("ic-seats")
        self._build_seats()

    def _layout(self) -> list:
        settings = widgets.Accordion(children=[self.form],
                                     titles=(t("widgets.label.new_game", self.lang),))
        buttons = widgets.HBox([self.step_button, self.finish_phase_button,
                                self.finish_round_button, self.play_to_end_button,
                                self.undo_button, self.redo_button, self.fork_button,
                                self.branch], layout=widgets.Layout(flex_flow="row wrap"))
        side = widgets.VBox([self.scores, self.explain],
                            layout=widgets.Layout(flex="1 1 320px", min_width="280px"))
        middle = widgets.HBox([self.table, side], layout=widgets.Layout(flex_flow="row wrap"))
        return [settings, widgets.HBox([self.perspective, self.seats],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                buttons, self.scrubber, self.message_line, middle, self.log_panel]

    def _build_seats(self) -> None:
        self.seat_selectors = []
        for seat, name in enumerate(self.session.names):
            d = controls.seat_selector(seat, name, self.session.players[seat], self.lang)
            d.observe(lambda change, seat=seat: self._seat_changed(seat, change), names="value")
            self.seat_selectors.append(d)
        self.seats.children = self.seat_selectors

    # -- handlers for values a browser sets -------------------------------------------------
    def _scrubbed(self, change: dict) -> None:
        if not self._updating:
            self.jump(change["new"])

    def _branch_changed(self, change: dict) -> None:
        if not self._updating and change["new"] is not None:
            self.switch_branch(change["new"])
        elif not self._updating:
            self.refresh(force=True)

    def _seat_changed(self, seat: int, change: dict) -> None:
        if not self._updating:
            self.set_bot(seat, change["new"])

    def _form_new_game(self, form: controls.SettingsForm) -> None:
        self._do(lambda: self._new_game(form.values()), say_events=False,
                 note=lambda: t("widgets.msg.new_game", self.lang,
                                players=", ".join(self.session.names)))

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
        bots = {k: kind for k, kind in enumerate(old.players[:n]) if kind != HUMAN}
        view = old.perspective if old.perspective is None or old.perspective < n else None
        try:
            self.session = Session(history, bots=bots, perspective=view, lang=self.lang,
                                   bot_seed=seed)
        except Refused:
            self.session = Session(history, lang=self.lang, bot_seed=seed)
        self._build_seats()
        self.session.autoplay()

    def _kind_label(self, kind: Any) -> str:
        if kind == HUMAN:
            return t("widgets.label.human", self.lang)
        return t("widgets.label.bot", self.lang, name=str(kind))

    # -- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        super()._redraw()
        h = self.history
        self.scrubber.max = len(h)
        self.scrubber.value = h.cursor
        branches = self.session.branches
        if self._changed("branches", (len(branches), h, len(h))):
            self.branch.options = [
                (t("widgets.label.branch_item", self.lang, branch=k + 1, steps=len(b)), k)
                for k, b in enumerate(branches)]
        self.branch.value = next(k for k, b in enumerate(branches) if b is h)
        over = self.state.is_over
        for b in (self.step_button, self.finish_phase_button, self.finish_round_button,
                  self.play_to_end_button):
            b.disabled = over
        rnd = hooks.round_text(self.state, self.lang)
        self.finish_round_button.layout.display = "" if rnd else "none"
        if rnd and self._changed("round_label", rnd):
            self.finish_round_button.description = t("widgets.button.finish_round", self.lang,
                                                     round=rnd)
            self.finish_round_button.tooltip = t("widgets.tip.finish_round", self.lang,
                                                 round=rnd)
        self.undo_button.disabled = h.cursor == 0
        self.redo_button.disabled = h.cursor >= len(h)
        for seat, d in enumerate(self.seat_selectors):
            d.value = self.session.players[seat]
