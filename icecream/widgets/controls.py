"""Small ipywidgets controls the explorers are built from: buttons with stable CSS classes,
the perspective selector, a human-or-bot selector per seat, and the new-game form.

Labels come from the translation catalog (``widgets.*`` keys). A selector's value set by a
browser is only a request: the explorer checks it and puts the old value back if refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..bots import bot_names
from ..core.messages import DEFAULT_LANGUAGE, t
from ..games.ice_cream.settings import CLOSE_RULES, RULESETS
from .validate import HUMAN, MAX_SEED, max_players

#: The perspective selector's value for the teacher's view (``None`` is not used, so a
#: browser that clears the selection does not land on the teacher's view by accident).
TEACHER = -1


def button(key: str, css: str, on_click: Callable[[], Any], lang: str = DEFAULT_LANGUAGE,
           **kwargs: Any) -> widgets.Button:
    """A button labelled ``widgets.button.<key>`` with CSS class ``css``."""
    b = widgets.Button(description=t(f"widgets.button.{key}", lang),
                       tooltip=t(f"widgets.tip.{key}", lang), **kwargs)
    b.add_class(css)
    b.on_click(lambda _b: on_click())
    return b


def perspective_options(names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> list:
    """(label, value) pairs: the teacher's view, then each seat's."""
    return [(t("widgets.label.teacher_view", lang), TEACHER)] + [
        (t("widgets.label.seat_view", lang, player=name), k) for k, name in enumerate(names)]


def perspective_selector(names: Sequence[str], lang: str = DEFAULT_LANGUAGE
                         ) -> widgets.Dropdown:
    d = widgets.Dropdown(options=perspective_options(names, lang), value=TEACHER,
                         description=t("widgets.label.perspective", lang),
                         style={"description_width": "initial"})
    d.add_class("ic-perspective")
    return d


def kind_options(lang: str = DEFAULT_LANGUAGE) -> list:
    """(label, value) pairs: a human, then every registered bot."""
    return [(t("widgets.label.human", lang), HUMAN)] + [
        (t("widgets.label.bot", lang, name=name), name) for name in bot_names()]


def seat_selector(seat: int, name: str, kind: str, lang: str = DEFAULT_LANGUAGE
                  ) -> widgets.Dropdown:
    """Who plays ``seat``: a human or a bot."""
    d = widgets.Dropdown(options=kind_options(lang), value=kind, description=name,
                         layout=widgets.Layout(width="210px"),
                         style={"description_width": "initial"})
    d.add_class("ic-seat-player")
    d.add_class(f"ic-seat-{seat}")
    return d


class SettingsForm(widgets.VBox):
    """The new-game form: players, names, seed, ruleset, close rule, days, first dealer."""

    def __init__(self, on_new_game: Callable[[dict], Any], lang: str = DEFAULT_LANGUAGE,
                 players: int = 4, seed: int = 0) -> None:
        def label(key: str) -> dict:
            return {"description": t(f"widgets.form.{key}", lang),
                    "style": {"description_width": "initial"}}

        self.players = widgets.BoundedIntText(value=players, min=2, max=5, **label("players"))
        self.names = widgets.Text(value="", placeholder=t("widgets.form.names_hint", lang),
                                  **label("names"))
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED, **label("seed"))
        self.ruleset = widgets.Dropdown(options=list(RULESETS), value="rulebook",
                                        **label("ruleset"))
        self.close_rule = widgets.Dropdown(
            options=[(t(f"widgets.form.close_{c}", lang), c) for c in CLOSE_RULES],
            value=RULESETS["rulebook"]["close"], **label("close"))
        self.days = widgets.BoundedIntText(value=4, min=1, max=50, **label("days"))
        self.first_dealer = widgets.Dropdown(**label("first_dealer"))
        self._lang = lang
        self._seat_options()
        self.players.observe(lambda _c: self._seat_options(), names="value")
        self.ruleset.observe(self._ruleset_changed, names="value")
        go = button("new_game", "ic-new-game", lambda: on_new_game(self.values()), lang,
                    button_style="primary")
        for w in (self.players, self.names, self.seed, self.ruleset, self.close_rule, self.days,
                  self.first_dealer):
            w.add_class("ic-setting")
        super().__init__([
            widgets.HBox([self.players, self.names, self.seed]),
            widgets.HBox([self.ruleset, self.close_rule, self.days, self.first_dealer]),
            go,
        ])
        self.add_class("ic-settings")

    def values(self) -> dict[str, Any]:
        """The settings as ``new_game`` keyword arguments (checked again by the explorer)."""
        names = [n.strip() for n in self.names.value.split(",") if n.strip()]
        first = self.first_dealer.value
        return {"players": names if names else self.players.value, "seed": self.seed.value,
                "ruleset": self.ruleset.value, "close": self.close_rule.value,
                "days": self.days.value, "first_dealer": 0 if first is None else first}

    def _seat_options(self) -> None:
        # A browser can raise the field's max and value past any game: cap on the server.
        n = max(0, min(self.players.value, max_players()))
        self.first_dealer.options = [(t("ui.seat", self._lang, seat=k + 1), k) for k in range(n)]
        self.first_dealer.value = 0

    def _ruleset_changed(self, change: dict) -> None:
        close = RULESETS.get(change["new"], {}).get("close")
        if close in CLOSE_RULES:
            self.close_rule.value = close
