"""HTML for the explorer's text panels: the options of the decision with their rules, the
event log with rule citations, the scores, and the message line.

Each function turns engine data into HTML and nothing more; every word comes from the
translation catalog or the engine's messages, and every name is escaped.

>>> import icecream
>>> s = icecream.new_game("ice-cream", players=["Ann", "Bob", "Cy"], seed=1)
>>> "IC-5" in explain_html(s, None)
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, seat_name, t
from . import hooks

#: A rule id as the rulings write them: IC-5, ICN-1, CCP-8, GMN-2...
_RULE_ID = re.compile(r"\b([A-Z]{1,4}-\d+)\b")


def explain_html(state: Any, perspective: int | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """Every option of the current decision, allowed or not, with the rule that says so.

    Shown to the seat to act and in the teacher's view; other seats read whose turn it is.
    """
    if state.is_over:
        return _p(t("widgets.explain.over", lang))
    to_act = state.current_player
    phase = escape(t(state.game.catalog_key(f"phase.{state.phase}"), lang))
    if perspective is not None and perspective != to_act:
        return _p(t("widgets.explain.not_yours", lang, player=seat_name(state.names, to_act, lang)))
    rules = hooks.rules(state)
    allowed, forbidden = [], []
    for opt in state.options():
        reason = opt.reason.text(lang, state.names, state.game.flavour_codes)
        mark = t("widgets.explain.allowed" if opt.allowed else "widgets.explain.forbidden", lang)
        rule = rules[opt.rule]
        cls = "ic-allowed" if opt.allowed else "ic-forbidden"
        (allowed if opt.allowed else forbidden).append(
            f'<li class="{cls}"><b>{escape(mark)}</b> {_cite(reason, rules, lang)}'
            f'<details><summary>{escape(rule.cite(lang))}</summary>'
            f'{escape(rule.text(lang))}</details></li>')
    head = escape(t("widgets.explain.head", lang, player=seat_name(state.names, to_act, lang)))
    ul = '<ul style="padding-left:1.2em;margin:4px 0">'
    # The forbidden options, each with its rule, are one click away (issue 21: listed
    # in full they pushed the seats and the log a page down).
    more = ""
    if forbidden:
        words = escape(t("widgets.explain.show_forbidden", lang, count=len(forbidden)))
        more = (f'<details class="ic-forbidden-list"><summary>{words}</summary>'
                f'{ul}{"".join(forbidden)}</ul></details>')
    # A long list of allowed options (Combo Cone's Scoops) scrolls in its own box, so the
    # seats under the table stay within two screens at 1024x640 (issue 21).
    allowed_ul = ('<ul class="ic-allowed-list" style="padding-left:1.2em;margin:4px 0;'
                  'max-height:45vh;overflow-y:auto">')
    return (f'<div style="line-height:1.35"><b>{head}</b> <small>({phase})</small>'
            f'{allowed_ul}{"".join(allowed)}</ul>{more}</div>')


def log_html(lines: Sequence[tuple[int, str]], rules: Any, lang: str = DEFAULT_LANGUAGE,
             limit: int = 400) -> str:
    """The event log, newest first, each rule id with its title on hover."""
    if not lines:
        return _p(t("widgets.log.empty", lang))
    shown = list(lines)[-limit:][::-1]
    rows = [f'<li value="{k}"><small>{escape(t("widgets.log.step", lang, step=k))}</small> '
            f'{_cite(text, rules, lang)}</li>' for k, text in shown]
    head = escape(t("widgets.log.head", lang))
    # A list that scrolls takes the focus, so the keyboard can scroll it (WCAG 2.1.1, axe
    # scrollable-region-focusable).
    return (f'<div><b>{head}</b><ul tabindex="0" aria-label="{head}" style="max-height:260px;'
            f'overflow-y:auto;padding-left:1.2em;margin:4px 0">{"".join(rows)}</ul></div>')


def scores_html(state: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """The players' scores (public in every game), who is to act and who won."""
    rows = []
    for p in range(len(state.names)):
        name = seat_name(state.names, p, lang)
        marks = []
        if p == state.current_player:
            marks.append(t("widgets.scores.to_act", lang))
        if state.is_over and p in state.winners:
            marks.append(t("widgets.scores.winner", lang))
        rows.append(f"<tr><td>{escape(name)}</td><td><b>{state.scores[p]}</b></td>"
                    f"<td>{escape(', '.join(marks))}</td></tr>")
    return (f'<table style="border-collapse:collapse;line-height:1.3" cellpadding="2"><tr>'
            f'<th>{escape(t("widgets.scores.player", lang))}</th>'
            f'<th>{escape(t("widgets.scores.total", lang))}</th>'
            # The third column's head is for screen readers (axe td-has-header): the
            # marks ("to act", "winner") speak for themselves on screen.
            f'<th><span style="{_SCREEN_READER_ONLY}">'
            f'{escape(t("widgets.scores.status", lang))}</span></th></tr>'
            f'{"".join(rows)}</table>')


#: Inline style that hides a text from the eye but not from assistive technology.
_SCREEN_READER_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;"
                       "overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0")


def prompt_html(text: str, strong: bool = False, state: str | None = None) -> str:
    """The prompt line: what happens now and what to do (``strong``: the viewer's turn or
    the game's end, drawn to catch the eye); ``state``, the page's state
    (docs/play-page.md), is carried as ``data-page-state`` for tests to wait on."""
    style = ("background:#FFF3C4;border-left:6px solid #B8860B;font-weight:bold"
             if strong else "background:#F1F1F1;border-left:6px solid #888888")
    mark = f' data-page-state="{escape(state)}"' if state else ""
    return (f'<div role="status" aria-live="polite"{mark} style="{style};padding:2px 10px;'
            f'font-size:15px;line-height:1.5em;min-height:1.5em">{escape(text)}</div>')


def summary_html(history: Any, step: int, perspective: int | None,
                 lang: str = DEFAULT_LANGUAGE) -> str:
    """The scoring of the round that step ``step`` ended (or the game's end): each
    player's points this round and total, then what the engine says happened (each
    player's scoring, the cards and scoops that go back, who won and why), with rules."""
    states = history.states
    after, before = states[step], states[step - 1]
    start = before
    for state in reversed(states[:step]):  # the first state of the round just scored
        if hooks.round_number(state) != hooks.round_number(before):
            break
        start = state
    names = [seat_name(after.names, p, lang) for p in range(len(after.names))]
    if after.is_over:
        head = t("widgets.summary.over", lang)
    else:
        head = t("widgets.summary.round", lang,
                 round=hooks.round_text(before, lang, inline=True))
    # A round's points mean something only in a game that scores each round (Ice Cream's
    # day); a game that scores at its end showed "+0" for everyone there (issue 21).
    per_round = after.game.pause_after_round
    rows = []
    for p, name in enumerate(names):
        won = after.is_over and p in after.winners
        mark = f' <b>{escape(t("widgets.scores.winner", lang))}</b>' if won else ""
        gained = f"<td>{after.scores[p] - start.scores[p]:+d}</td>" if per_round else ""
        rows.append(f"<tr><td>{escape(name)}{mark}</td>{gained}"
                    f"<td><b>{after.scores[p]}</b></td></tr>")
    gained_head = (f'<th>{escape(t("widgets.summary.this_round", lang))}</th>'
                   if per_round else "")
    table = (f'<table style="border-collapse:collapse;line-height:1.3" cellpadding="2"><tr>'
             f'<th>{escape(t("widgets.scores.player", lang))}</th>{gained_head}'
             f'<th>{escape(t("widgets.scores.total", lang))}</th></tr>{"".join(rows)}</table>')
    rules = hooks.rules(after)
    # The scoring's own events: the next round's deal waits for "Continue" (issue 21).
    texts = hooks.split_round_texts(after, perspective, lang)[0]
    lead = ""
    if after.is_over and texts:  # the game's end (who won, and why) is its last event
        lead = f'<p style="margin:6px 0;font-weight:bold">{_cite(texts[-1], rules, lang)}</p>'
        texts = texts[:-1]
    events = "".join(f"<li>{_cite(text, rules, lang)}</li>" for text in texts)
    return (f'<div role="region" aria-label="{escape(head)}" style="border:3px solid #B8860B;'
            f'border-radius:8px;padding:6px 10px;background:#FFFBEA;line-height:1.35">'
            f'<h3 style="margin:2px 0 6px 0">{escape(head)}</h3>{table}{lead}'
            f'<ul tabindex="0" aria-label="{escape(head)}" '
            f'style="padding-left:1.2em;margin:6px 0;max-height:40vh;overflow-y:auto">'
            f'{events}</ul></div>')


#: The most events the message line lists after one command (a whole game played on
#: lists only its last ones; the log below has them all).
MAX_EVENTS = 40


def message_html(text: str | Sequence[str], error: bool = False,
                 events: Sequence[str] = (), lang: str = DEFAULT_LANGUAGE) -> str:
    """The message line: an error (refused input), or notes on what just happened and
    every event since the player's last decision, one a line (issue 21: the bots'
    answers are read here, not only in the log below the table).

    Nothing is cut: a long list scrolls inside its box, whose height follows its text up
    to half the window."""
    notes = [text] if isinstance(text, str) else [p for p in text if p]
    box = "line-height:1.35em;font-size:13px;padding:0 10px;min-height:1.35em"
    if not notes and not events:
        return f'<div style="{box}"></div>'
    if error:
        words = escape(" ".join(notes))
        return (f'<div role="alert" style="{box};color:#A30000;font-weight:bold">'
                f'\u26a0 {words}</div>')
    events = list(events)
    hidden = max(0, len(events) - MAX_EVENTS)
    lines = [escape(p) for p in notes]
    if hidden:
        lines.append(f"<i>{escape(t('widgets.msg.more_events', lang, count=hidden))}</i>")
    items = "".join(f"<li>{escape(e)}</li>" for e in events[hidden:])
    head = "".join(f"<div>{line}</div>" for line in lines)
    listed = (f'<ul style="margin:0;padding-left:1.2em">{items}</ul>' if items else "")
    return (f'<div role="status" style="{box};color:#0B4F8A;max-height:50vh;'
            f'overflow-y:auto">{head}{listed}</div>')


def rules_html(rule_ids: Sequence[str], rules: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """The rules' titles and texts, one foldable paragraph each."""
    return "".join(f"<details><summary>{escape(rules[r].cite(lang))}</summary>"
                   f"{escape(rules[r].text(lang))}</details>" for r in rule_ids)


def _cite(text: str, rules: Any, lang: str) -> str:
    """Escape ``text`` and give each rule id in it its title as a tooltip."""
    def abbr(m: re.Match) -> str:
        rid = m.group(1)
        if rid not in rules:
            return rid
        return f'<abbr title="{escape(rules[rid].cite(lang))}">{rid}</abbr>'

    return _RULE_ID.sub(abbr, escape(text))


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"
