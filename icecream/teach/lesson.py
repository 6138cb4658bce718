"""The words a lesson opens with, and narrations: goal, players, components, glossary, the
full rule texts, a printable one-page summary, and a round of play told step by step.

Generic over games: the texts are the game's catalog keys under ``teach.<game>.`` (see
:func:`icecream.teach.quiz.game_key`): ``goal``, ``component.<n>``, ``term.<word>`` with
``define.<word>``, ``round.<n>`` (the steps of a round, in order). Player counts come
from the :class:`~icecream.core.protocol.GameSpec`, flavours from its ``flavour_codes``,
rule texts from its rules registry.

>>> html = overview_html("ice-cream")
>>> "Serve the most ice cream" in html and "pistachio" in html
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, catalog, flavour_name, join_words, seat_name, t
from ..core.protocol import GameSpec, State, get_game
from .quiz import action_label, game_key


def _keys(spec: GameSpec, part: str, lang: str) -> list[str]:
    """The catalog keys ``teach.<game>.<part>.*`` in catalog order."""
    prefix = f"teach.{game_key(spec)}.{part}."
    return [k for k in catalog(lang) if k.startswith(prefix)]


def goal(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The goal of the game, said first."""
    return t(f"teach.{game_key(get_game(game))}.goal", lang)


def game_title(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The game's name in ``lang`` (catalog ``teach.<game>.title``; in Dutch Ice Cream is
    *IJs*), the registry's title when the catalog has none."""
    spec = get_game(game)
    key = f"teach.{game_key(spec)}.title"
    return t(key, lang) if key in catalog(lang) else spec.title


def players_text(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """How many can play, naming the house variant's counts and rule when there is one."""
    spec = get_game(game)
    low = spec.min_rulebook_players or spec.min_players
    text = t("teach.lesson.players", lang, low=low, high=spec.max_players)
    if low > spec.min_players and spec.house_variant_rule:
        text += " " + t("teach.lesson.house_variant", lang, count=spec.min_players,
                        rule=spec.house_variant_rule)
    return text


def components(game: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The components, one line each."""
    spec = get_game(game)
    return [t(k, lang) for k in _keys(spec, "component", lang)]


def flavours(game: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The names of the game's ``flavour_codes`` (empty for a game without them), from
    ``flavour.<code>`` or the game's own ``<game>.flavour.<code>``."""
    spec = get_game(game)
    words = catalog(lang)
    out = []
    for code in spec.flavour_codes:
        own = f"{game_key(spec)}.flavour.{code}"
        out.append(t(own, lang) if own in words else flavour_name(code, lang))
    return out


def glossary(game: str, lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """(term, meaning) pairs in the catalog's order."""
    spec = get_game(game)
    g = game_key(spec)
    out = []
    for key in _keys(spec, "term", lang):
        word = key.rsplit(".", 1)[1]
        out.append((t(key, lang), t(f"teach.{g}.define.{word}", lang)))
    return out


def round_steps(game: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The steps of one round of play, in order (a day's four phases...)."""
    return [t(k, lang) for k in _keys(get_game(game), "round", lang)]


def rule_texts(game: str, rule_ids: Iterable[str] | None = None,
               lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """(``"IC-8 Held flavours"``, full text) of ``rule_ids`` (default: every rule)."""
    rules = get_game(game).rules
    ids = list(rules) if rule_ids is None else list(rule_ids)
    return [(rules[r].cite(lang), rules[r].text(lang)) for r in ids]


def rules_html(game: str, rule_ids: Iterable[str] | None = None,
               lang: str = DEFAULT_LANGUAGE) -> str:
    """The rules' ids, titles and full texts as HTML paragraphs, then the settings that
    touch them (for whoever sets a game up: the rule texts are for players)."""
    rules = get_game(game).rules
    ids = list(rules) if rule_ids is None else list(rule_ids)
    html = "".join(f"<p><b>{escape(cite)}.</b> {escape(text)}</p>"
                   for cite, text in rule_texts(game, ids, lang))
    notes = [(r, rules[r].settings_note(lang)) for r in ids if rules[r].settings_note(lang)]
    if notes:
        html += (f'<p class="ic-settings-notes"><i>{escape(t("teach.lesson.settings", lang))}'
                 f"</i></p><ul>" + "".join(f"<li><b>{escape(r)}</b>: {escape(n)}</li>"
                                           for r, n in notes) + "</ul>")
    return html


def overview_html(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Goal, players, components, flavours and glossary: what a lesson opens with."""
    spec = get_game(game)
    parts = [f"<h3>{escape(t('teach.lesson.goal', lang))}</h3>",
             f"<p><b>{escape(goal(game, lang))}</b></p>",
             f"<h3>{escape(t('teach.lesson.players_title', lang))}</h3>",
             f"<p>{escape(players_text(game, lang))}</p>",
             f"<h3>{escape(t('teach.lesson.components', lang))}</h3>",
             "<ul>" + "".join(f"<li>{escape(c)}</li>" for c in components(game, lang)) + "</ul>"]
    if spec.flavour_codes:
        # A game whose codes are more than flavours names the list itself.
        own = f"teach.{game_key(spec)}.flavours_heading"
        heading = t(own, lang) if own in catalog(lang) else t("teach.lesson.flavours", lang)
        parts += [f"<h3>{escape(heading)}</h3>",
                  f"<p>{escape(join_words(flavours(game, lang), lang))}</p>"]
    parts += [f"<h3>{escape(t('teach.lesson.glossary', lang))}</h3>",
              "<ul>" + "".join(f"<li><b>{escape(term)}</b>: {escape(text)}</li>"
                               for term, text in glossary(game, lang)) + "</ul>"]
    return "".join(parts)


def summary_html(game: str, lang: str = DEFAULT_LANGUAGE, title: bool = True,
                 all_rules: bool = False) -> str:
    """A printable one-page summary: goal, players, components, flavours, glossary and one
    round of play, in small type and two columns. ``all_rules`` adds every rule in full
    (two more pages); ``title`` the heading (a notebook may have its own)."""
    steps = "".join(f"<li>{escape(s)}</li>" for s in round_steps(game, lang))
    heading = t("teach.lesson.summary_title", lang, title=game_title(game, lang))
    head = f"<h2>{escape(heading)}</h2>" if title else ""
    rules = (f"<h3>{escape(t('teach.lesson.all_rules', lang))}</h3>"
             f"{rules_html(game, None, lang)}" if all_rules else "")
    return (f'<div class="ic-summary" style="font-size:9.5pt;line-height:1.25">'
            f"<style>.ic-summary h3{{margin:6px 0 2px}} .ic-summary p,.ic-summary ul,"
            f".ic-summary ol,.ic-summary dl{{margin:2px 0}} .ic-summary ul{{padding-left:16px}}"
            f" @media print{{.ic-summary{{font-size:8.5pt}}}}</style>{head}"
            f'<div style="columns:2;column-gap:24px">{overview_html(game, lang)}'
            f"<h3>{escape(t('teach.lesson.round', lang))}</h3><ol>{steps}</ol>{rules}"
            f"</div></div>")


def summaries_html(games: Sequence[str] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """One printable page per game (every registered game by default, the default game
    first), each with its title, separated by page breaks."""
    from ..core.protocol import default_game, list_games

    if games is None:
        first = default_game()
        games = [first] + [g for g in list_games() if g != first]
    page_break = '<div style="break-after:page;page-break-after:always"></div>'
    return page_break.join(summary_html(g, lang) for g in games)


@dataclass(frozen=True)
class Beat:
    """One step of a narration: the position before, who did what, and what followed."""

    step: int
    phase: str
    player: str
    action: str
    events: tuple[str, ...]


def narrate(start: State, actions: Sequence[Any], seat: int | None = None,
            lang: str = DEFAULT_LANGUAGE) -> list[Beat]:
    """Tell ``actions`` played from ``start``, step by step, as ``seat`` may read it
    (``None``: the teacher, every card): a private event (a card dealt face down) shows
    only to its seat. Each action is checked by the engine (an illegal one raises)."""
    beats = []
    state = start
    phases = catalog(lang)
    for k, action in enumerate(actions, start=1):
        p = state.current_player
        key = state.game.catalog_key(f"phase.{state.phase}")
        phase = t(key, lang) if key in phases else state.phase
        label = action_label(state, action, lang)
        state = state.apply(action)
        beats.append(Beat(k, phase, seat_name(start.names, p, lang), label,
                          tuple(state.event_texts(seat, lang))))
    return beats


def narration_text(beats: Sequence[Beat], lang: str = DEFAULT_LANGUAGE) -> str:
    """A narration as plain text: a heading per phase, a line per step."""
    lines: list[str] = []
    phase = None
    for b in beats:
        if b.phase != phase:
            phase = b.phase
            lines.append(f"\n{phase}")
        lines.append(t("teach.lesson.beat", lang, step=b.step, player=b.player,
                       action=b.action, events=" ".join(b.events)))
    return "\n".join(lines).strip()


__all__ = [
    "Beat", "components", "flavours", "game_title", "glossary", "goal", "narrate", "narration_text",
    "overview_html", "players_text", "round_steps", "rule_texts", "rules_html", "summaries_html",
    "summary_html",
]
