"""Small ipywidgets controls the explorers are built from: buttons with stable CSS classes,
the perspective selector, a human-or-bot selector per seat, and the new-game form (a game
picker, then the chosen game's own settings, from its ``GameSpec.settings_form``).

Labels come from the translation catalog (``widgets.*`` keys). A selector's value set by a
browser is only a request: the explorer checks it and puts the old value back if refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..bots import bot_names
from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import GameSpec, SettingField, default_game, get_game, list_games
from . import hooks
from .numbers import CheckedIntText
from .session import bot_words
from .validate import HUMAN, MAX_SEED, distinct_names, refuse

#: The perspective selector's value for the teacher's view (``None`` is not used, so a
#: browser that clears the selection does not land on the teacher's view by accident).
TEACHER = -1
#: A choice field's value for the setting's ``None`` choice ("no limit"): a Dropdown
#: whose value is ``None`` shows a blank field (issue 21), so the form uses this instead.
NO_CHOICE = "\u2205"
#: The form's dropdowns as wide as their chosen words (issue 33: ipywidgets' fixed width cut
#: "one scoop missing (ruleb…" and "no:"), never wider than the page.
FORM_CSS = ("<style>.ic-settings .widget-dropdown { width: auto !important; max-width: 100%; }"
            ".ic-settings .widget-dropdown > select { flex: 0 1 auto !important;"
            " width: auto !important; max-width: 100%; }</style>")


def button(key: str, css: str, on_click: Callable[[], Any], lang: str = DEFAULT_LANGUAGE,
           params: dict[str, Any] | None = None, **kwargs: Any) -> widgets.Button:
    """A button labelled ``widgets.button.<key>`` (tooltip ``widgets.tip.<key>``, both
    filled with ``params``) with CSS class ``css``."""
    params = params or {}
    b = widgets.Button(description=t(f"widgets.button.{key}", lang, **params),
                       tooltip=t(f"widgets.tip.{key}", lang, **params), **kwargs)
    b.add_class(css)
    b.on_click(lambda _b: on_click())
    return b


#: A game's title in a language (Ice Cream is *IJs* in Dutch).
game_title = hooks.game_title


def game_options(lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """(title in ``lang``, name) of every registered game, for a game picker."""
    return hooks.game_choices(lang)


def plugin_note(lang: str = DEFAULT_LANGUAGE) -> widgets.HTML:
    """The installed game plug-ins that could not be loaded, one line each in ``lang``
    (:func:`hooks.plugin_notice`), for every page that lists games: a game missing from
    its picker is explained there. Hidden when every game loaded."""
    note = widgets.HTML(hooks.plugin_notice(lang))
    note.add_class("ic-plugin-note")
    if not note.value:
        note.layout.display = "none"
    return note


def language_ruleset(spec: GameSpec, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The ruleset written in ``lang``, if exactly one ruleset's label names that language
    (the catalog's ``setting.<game>.ruleset.<r>`` naming ``language.<lang>``: the Dutch
    summary for a Dutch reader); else ``None``. Generic: the catalog says it, not code."""
    field = next((f for f in hooks.form_fields(spec) if f.name == "ruleset"), None)
    if field is None:
        return None
    language = t(f"language.{lang}", lang).lower()
    found = [r for r in field.choices
             if language in hooks.choice_label(spec, "ruleset", r, lang).lower()]
    return found[0] if len(found) == 1 else None


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


def kind_label(kind: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A seat's player kind in words: a human, or a bot named by what it does
    ("bot: plays at random"; issue 21: "bot: ismcts" meant nothing to a student)."""
    if kind == HUMAN:
        return t("widgets.label.human", lang)
    return t("widgets.label.bot", lang, name=bot_words(kind, lang))


def kind_options(lang: str = DEFAULT_LANGUAGE, game: str | None = None) -> list:
    """(label, value) pairs: a human, then every registered bot (with ``game``, every
    bot that can play it: a game without a heuristic offers no "plays sensibly")."""
    return [(kind_label(kind, lang), kind) for kind in [HUMAN, *bot_names(game)]]


def seat_selector(seat: int, name: str, kind: str, lang: str = DEFAULT_LANGUAGE,
                  game: str | None = None) -> widgets.Dropdown:
    """Who plays ``seat`` of ``game``: a human or a bot that can play it."""
    d = widgets.Dropdown(options=kind_options(lang, game), value=kind, description=name,
                         layout=widgets.Layout(width="auto"),
                         style={"description_width": "initial"})
    d.add_class("ic-seat-player")
    d.add_class(f"ic-seat-{seat}")
    return d


class SettingsForm(widgets.VBox):
    """The new-game form: the game, players, names, seed, then the game's own settings.

    Picking another game rebuilds the settings part from that game's ``settings_form``;
    the field named by ``first_player_setting`` chooses a seat; picking a ruleset sets
    the fields it implies (``GameSpec.rulesets``).
    """

    def __init__(self, on_new_game: Callable[[SettingsForm], Any],
                 lang: str = DEFAULT_LANGUAGE, game: str | None = None, players: int = 4,
                 seed: int = 0) -> None:
        self._lang = lang
        game = game or default_game()
        self.game = widgets.Dropdown(options=game_options(lang), value=game,
                                     **self._label("game"))
        self.game.add_class("ic-game-select")
        spec = get_game(game)
        # A number out of range is set in range and the form says so (issue 33: players 99
        # became 5 silently).
        self.note = widgets.HTML()
        self.note.add_class("ic-form-note")
        self.players = CheckedIntText(value=players, min=spec.min_players,
                                      max=spec.max_players, **self._number("players"))
        self.names = widgets.Text(value="", placeholder=t("widgets.form.names_hint", lang),
                                  **self._label("names"))
        self.seed = CheckedIntText(value=seed, min=0, max=MAX_SEED, **self._number("seed"))
        self.variant_note = widgets.HTML()
        self.variant_note.add_class("ic-variant-note")
        # An installed game plug-in that failed to load is named here, once.
        self.plugin_note = plugin_note(lang)
        self.fields: dict[str, widgets.Widget] = {}
        self.field_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        for w, name in ((self.game, "game"), (self.players, "players"), (self.names, "names"),
                        (self.seed, "seed")):
            w.add_class("ic-setting")
            w.add_class(f"ic-setting-{name}")
        self.go = button("new_game", "ic-new-game", lambda: on_new_game(self), lang,
                         button_style="primary")
        self.players.observe(lambda _c: self._players_changed(), names="value")
        self.game.observe(lambda _c: self._build_fields(), names="value")
        self._build_fields()
        super().__init__([
            widgets.HTML(FORM_CSS),
            widgets.HBox([self.game, self.players, self.names, self.seed],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.field_box, self.variant_note, self.note, self.plugin_note, self.go,
        ])
        self.add_class("ic-settings")

    @property
    def spec(self) -> GameSpec:
        """The game picked (an unknown value from a browser falls back to the first game)."""
        name = self.game.value
        return get_game(name if name in list_games() else list_games()[0])

    def values(self) -> dict[str, Any]:
        """The settings as ``new_game`` keyword arguments plus ``game`` (the explorer checks
        them again). Names that do not match the number of players are refused."""
        names = distinct_names([n.strip() for n in self.names.value.split(",") if n.strip()],
                               self._lang)
        count = self.players.value
        if names and len(names) != count:
            raise refuse("names_mismatch", self._lang, names=len(names), players=count)
        out: dict[str, Any] = {"game": self.game.value, "players": names if names else count,
                               "seed": self.seed.value}
        for name, w in self.fields.items():
            out[name] = None if w.value == NO_CHOICE else w.value
        return out

    # -- building the game's part -------------------------------------------------------
    def _label(self, key: str) -> dict:
        return {"description": t(f"widgets.form.{key}", self._lang),
                "style": {"description_width": "initial"}}

    def _number(self, key: str, label: str | None = None) -> dict:
        """A number field's label, and what it says when it sets a value in range."""
        label = t(f"widgets.form.{key}", self._lang) if label is None else label
        return {"description": label, "style": {"description_width": "initial"},
                "label": label, "on_clamped": self._clamped, "lang": self._lang}

    def _clamped(self, text: str) -> None:
        self.note.value = f'<span role="status" style="color:#8A4B00">{escape(text)}</span>'

    def _build_fields(self) -> None:
        spec = self.spec
        self.players.min, self.players.max = 0, 1_000  # widen first: min must stay <= max
        self.players.min, self.players.max = spec.min_players, spec.max_players
        self.fields = {}
        for f in hooks.form_fields(spec):
            w = self._field(spec, f)
            w.add_class("ic-setting")
            w.add_class(f"ic-setting-{f.name}")
            self.fields[f.name] = w
        ruleset = self.fields.get("ruleset")
        if ruleset is not None:
            ruleset.observe(self._ruleset_changed, names="value")
            # A reader's own language's ruleset first (issue 21: a Dutch page offered the
            # English rulebook); the fields it implies follow.
            own = language_ruleset(spec, self._lang)
            if own is not None:
                ruleset.value = own
        self.field_box.children = list(self.fields.values())
        self._players_changed()

    def _field(self, spec: GameSpec, f: SettingField) -> widgets.Widget:
        lang = self._lang
        style = {"description": hooks.setting_label(spec, f.name, lang),
                 "style": {"description_width": "initial"}}
        if f.name == spec.first_player_setting:
            return widgets.Dropdown(options=self._seats(), value=0, **style)
        if f.kind == "choice":
            return widgets.Dropdown(
                options=[(hooks.choice_label(spec, f.name, c, lang), _choice_value(c))
                         for c in f.choices], value=_choice_value(f.default), **style)
        label = hooks.setting_label(spec, f.name, lang)
        return CheckedIntText(value=f.default, min=f.low, max=f.high,
                              **self._number(f.name, label))

    def _seats(self) -> list:
        # A browser can raise the field's max and value past any game: cap on the server.
        n = max(0, min(self.players.value, self.spec.max_players))
        return [(t("ui.seat", self._lang, seat=k + 1), k) for k in range(n)]

    def _players_changed(self) -> None:
        spec = self.spec
        first = self.fields.get(spec.first_player_setting)
        if first is not None:
            first.options = self._seats()
            first.value = 0
        n = self.players.value
        if spec.house_variant_rule and spec.is_house_variant(n):
            words = t("widgets.form.house_variant", self._lang, players=n,
                      rule=spec.house_variant_rule)
            self.variant_note.value = f'<span class="ic-house-variant">{escape(words)}</span>'

        else:
            self.variant_note.value = ""

    def _ruleset_changed(self, change: dict) -> None:
        implied = self.spec.rulesets.get(change["new"], {})
        for name, value in implied.items():
            w = self.fields.get(name)
            if isinstance(w, widgets.Dropdown):
                if _choice_value(value) in [v for _label, v in w.options]:
                    w.value = _choice_value(value)
            elif w is not None and isinstance(value, int):
                w.value = value


def _choice_value(choice: Any) -> Any:
    """A setting's choice as a Dropdown value (``None`` as :data:`NO_CHOICE`)."""
    return NO_CHOICE if choice is None else choice
