"""What the widgets ask of a game, through its :class:`~icecream.core.protocol.GameSpec`.

The widgets name no game: a state's ``game`` spec says how to draw the table
(``render_svg``), what its big steps are called (``round_attr``, ``round_label``), which
settings a new-game form offers (``settings_form``) and whether a player count is a house
variant. A game without a renderer is drawn by :func:`plain_svg`: its options as buttons,
so a new game is playable in the explorers before it has a picture of its own.

>>> import icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=1)
>>> round_text(s)
'Day 1'
>>> ("Ice Cream", "ice-cream") in game_choices()
True
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, get_language, has_message, seat_name, t
from ..core.protocol import GameSpec, SettingField, State, get_game, list_games, plugin_problems

_FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"


def game_title(game: str, lang: str | None = None) -> str:
    """A game's title as its players know it in ``lang`` (default: the kernel's language;
    catalog ``widgets.game.<name>``: Ice Cream is *IJs* in Dutch), else the spec's title."""
    lang = get_language() if lang is None else lang
    key = f"widgets.game.{game}"
    return t(key, lang) if has_message(key, lang) else get_game(game).title


def game_choices(lang: str | None = None) -> list[tuple[str, str]]:
    """(title in ``lang``, name) of every registered game, for a game picker (``lang``
    defaults to the kernel's language)."""
    return [(game_title(name, lang), name) for name in list_games()]


def plugin_notice(lang: str | None = None) -> str:
    """One line of HTML per installed game plug-in that could not be loaded (empty when
    every game loaded), shown beside a game picker: the other games still play."""
    lang = get_language() if lang is None else lang
    lines = [t("games.plugin_problem", lang, name=p.entry_point, error=p.error)
             for p in plugin_problems()]
    return "".join(f'<div class="ic-plugin-problem">{escape(line)}</div>' for line in lines)


def rules(state: State) -> Any:
    """The game's rules worded by the ruleset ``state`` is played by (the IJs game reads
    the Dutch summary's words), for the panels that show rule texts."""
    return state.game.rules.for_ruleset(state.setup_args().get("ruleset"))


def render(state: State, seat: int | None, lang: str = DEFAULT_LANGUAGE,
           highlight: bool = True) -> str:
    """The table as SVG, drawn by the game's renderer (or :func:`plain_svg`); with
    ``highlight`` false no option is marked or clickable (moves are being made)."""
    draw = state.game.render_svg
    if draw is None:
        return plain_svg(state, seat, lang, highlight)
    if not highlight:
        return draw(state, seat, lang, highlight=False)
    return draw(state, seat, lang)


def render_scoring(before: State, after: State, seat: int | None,
                   lang: str = DEFAULT_LANGUAGE) -> str:
    """The table at the moment a round is scored, before the next round is set up
    (``GameSpec.render_scoring``); a game without that picture shows ``after``."""
    draw = after.game.render_scoring
    if draw is None:
        return render(after, seat, lang)
    return draw(before, after, seat, lang)


def split_round_texts(state: State, seat: int | None,
                      lang: str = DEFAULT_LANGUAGE) -> tuple[list[str], list[str]]:
    """The texts of the step that made ``state``, as ``seat`` reads them, split where the
    next round opens (``GameSpec.round_start_event``): what the scoring showed, and the
    next round's setup, shown once the player carries on."""
    k = state.round_split()
    events = state.events
    return (state.event_texts(seat, lang, events[:k]),
            state.event_texts(seat, lang, events[k:]))


def round_number(state: State) -> int | None:
    """The game's round counter (Ice Cream's day), or ``None`` if it has none."""
    value = getattr(state, state.game.round_attr, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def round_text(state: State, lang: str = DEFAULT_LANGUAGE, inline: bool = False) -> str:
    """The current round in the game's own words (``"Day 2"``); empty without rounds.
    ``inline``: the words for the middle of a sentence (``"day 2"``, ``"dag 2"``), from the
    game's ``<round_label>.inline`` key when its catalog has one."""
    n = round_number(state)
    if n is None:
        return ""
    key = state.game.round_label
    if inline and has_message(f"{key}.inline", lang):
        key = f"{key}.inline"
    return t(key, lang, n=n)


def setting_label(spec: GameSpec, name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A setting's label, from the catalog key ``setting.<game>.<name>``."""
    return t(f"setting.{spec.name}.{name}", lang)


def choice_label(spec: GameSpec, name: str, choice: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """The words for one choice of a setting: ``setting.<game>.<name>.<choice>``."""
    return t(f"setting.{spec.name}.{name}.{choice}", lang)


def form_fields(spec: GameSpec) -> tuple[SettingField, ...]:
    """The settings a new-game form offers for ``spec``."""
    return tuple(spec.settings_form)


def plain_svg(state: State, seat: int | None, lang: str = DEFAULT_LANGUAGE,
              highlight: bool = True) -> str:
    """A plain table for a game without a renderer: title, scores, and the options of the
    decision as buttons (class ``ic-option``; forbidden ones ``ic-forbidden``).

    Options are shown only to the seat to act and to the teacher, as a renderer must.
    """
    width, row = 700, 44
    names = [seat_name(state.names, p, lang) for p in range(len(state.names))]
    lines = [f'<text x="20" y="34" font-size="20" font-weight="bold" fill="#FFFFFF">'
             f'{escape(state.game.title)} {escape(round_text(state, lang))}</text>']
    y = 80
    for p, name in enumerate(names):
        mark = ""
        if state.is_over and p in state.winners:
            mark = t("widgets.svg.winner", lang)
        elif p == state.current_player:
            mark = t("widgets.svg.acting", lang)
        lines.append(f'<g class="ic-player" data-seat="{p}"><text x="20" y="{y}" font-size="16">'
                     f'{escape(name)}: {state.scores[p]} {escape(mark)}</text></g>')
        y += 26
    to_act = state.current_player
    if highlight and to_act is not None and (seat is None or seat == to_act):
        y += 10
        for opt in state.options():
            words = escape(opt.reason.text(lang, names, state.game.flavour_codes))
            data = escape(json.dumps(opt.action.to_dict(), separators=(",", ":")), quote=False)
            data = data.replace("'", "&#x27;")
            cls = "ic-option" + ("" if opt.allowed else " ic-forbidden")
            fill = "#FFFFFF" if opt.allowed else "#EEEEEE"
            lines.append(
                f"<g class=\"{cls} ic-button\" data-action='{data}' aria-label=\"{words}\">"
                f'<rect x="20" y="{y}" width="{width - 40}" height="{row - 8}" rx="6" '
                f'fill="{fill}" stroke="#0B4F8A" stroke-width="2"/>'
                f'<text x="32" y="{y + 23}" font-size="14">{words}</text></g>')
            y += row
    height = y + 20
    title = escape(state.game.title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="ic-table-svg" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label="{title}" style="{_FONT}"><title>{title}</title>'
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#FBF8F1"/>'
            f'<rect x="0" y="0" width="{width}" height="50" fill="#3B2F2F"/>'
            + "".join(lines) + "</svg>")
