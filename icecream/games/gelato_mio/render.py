"""The Gelato Mio table as an SVG picture, drawn from what one seat may see.

:func:`render_svg` draws ``state.view(seat)`` (never the hidden state: another player's
hand is drawn as card backs) and, when the picture is for the seat to act or for the
teacher, marks the options of the current decision from ``state.options()``: display
cards to take (GM-4), customers to serve and balls to make (GM-6), the cards and balls
to give up for Quality Control (GM-5), and passing. Clickable elements carry
``class="ic-option"`` and ``data-action`` holding the plain action as JSON; a forbidden
option also has ``ic-forbidden``, so a click can say why not. Flavours read without
colour: every card shows its name.

>>> from icecream import new_game
>>> svg = render_svg(new_game("gelato-mio", players=3, seed=1), seat=0)
>>> svg.startswith("<svg") and "ic-option" in svg
True
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, t
from ...core.protocol import Option

WIDTH, HEIGHT = 1024, 640
CARD_W, CARD_H, GAP = 66, 84, 8
_FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"
#: Okabe-Ito based colours per card code (colour-blind safe; names are always written).
COLOURS = {
    "sugar": "#FFFFFF", "cream": "#F5EBDC", "strawberry": "#CC79A7", "chocolate": "#8B5A2B",
    "vanilla": "#F0E442", "bowl": "#56B4E9", "cone": "#E69F00", "wafer": "#D9C08C",
    "qc_hand": "#D55E00", "qc_balls": "#D55E00",
}
INK = {"chocolate": "#FFFFFF", "strawberry": "#000000"}


def _name(code: str, lang: str) -> str:
    return t(f"flavour.gm.{code}", lang)


def _action_json(action: Any) -> str:
    return escape(json.dumps(action.to_dict()), quote=True)


def _opt_attrs(opt: Option | None, base: str) -> str:
    if opt is None:
        return f'class="{base}"'
    cls = f"{base} ic-option" + ("" if opt.allowed else " ic-forbidden")
    return (f'class="{cls}" data-action="{_action_json(opt.action)}" '
            f'style="cursor:pointer" tabindex="0"')


def _card(x: float, y: float, code: str | None, lang: str, opt: Option | None = None,
          w: int = CARD_W, h: int = CARD_H, count: int | None = None, size: int = 12) -> str:
    if code is None:
        return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="none" '
                f'stroke="#bbb" stroke-dasharray="4 3"/>')
    name = escape(_name(code, lang))
    face = escape(t(f"gm.ui.face.{code}", lang)) if code.startswith("qc_") else name
    fill = COLOURS.get(code, "#eee")
    ink = INK.get(code, "#000")
    glow = ""
    if opt is not None and opt.allowed:
        glow = ' stroke="#009E73" stroke-width="3"'
    else:
        glow = ' stroke="#555" stroke-width="1"'
    label = name if count is None else f"{name} {count}"
    words = f'<text x="{x + w / 2}" y="{y + h / 2 + 4}" font-size="{size}" ' \
            f'text-anchor="middle" fill="{ink}">{face}</text>'
    if count is not None:  # the name, and the count under it
        words = (f'<text x="{x + w / 2}" y="{y + h / 2 - 2}" font-size="{size}" '
                 f'text-anchor="middle" fill="{ink}">{name}</text>'
                 f'<text x="{x + w / 2}" y="{y + h / 2 + size}" font-size="{size}" '
                 f'font-weight="bold" text-anchor="middle" fill="{ink}">{count}</text>')
    return (f'<g {_opt_attrs(opt, "gm-card")} role="img" aria-label="{label}">'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}"{glow}/>'
            f'{words}</g>')


def _back(x: float, y: float, lang: str, w: int = 22, h: int = 30) -> str:
    label = escape(t("gm.ui.card_back", lang))
    return (f'<g class="ic-card-back" role="img" aria-label="{label}"><rect x="{x}" y="{y}" '
            f'width="{w}" height="{h}" rx="3" fill="#0072B2" stroke="#fff"/></g>')


def _text(x: float, y: float, s: str, size: int = 13, bold: bool = False,
          anchor: str = "start") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}"{weight} text-anchor="{anchor}">'
            f'{escape(s)}</text>')


def render_svg(state: Any, seat: int | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The table as ``seat`` sees it (``None``: the teacher), in ``lang``."""
    v = state.view(seat)
    mine = v.teacher or seat == v.to_act
    opts: dict[str, Option] = {}
    if mine and not v.is_over:
        for o in state.options():
            opts[json.dumps(o.action.to_dict(), sort_keys=True)] = o

    def opt(action: dict[str, Any]) -> Option | None:
        return opts.get(json.dumps(action, sort_keys=True))

    n = len(v.names)
    o: list[str] = []
    # The game's name is a proper name, the same in every language.
    title = escape(state.game.title)
    o.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}" '
             f'style="{_FONT};background:#fffaf3">')
    # Header: round, phase, who acts; the teacher's picture says it shows everything.
    head = [state.game.title, t("gm.ui.round", lang, n=v.round),
            t(f"gm.phase.{v.phase}", lang)]
    if v.to_act is not None:
        head.append(t("gm.ui.to_act", lang, player=v.names[v.to_act]))
    o.append(_text(20, 26, " \u00b7 ".join(head), 16, bold=True))
    sub = t("gm.ui.teacher", lang) if v.teacher else t("gm.ui.seat_view", lang,
                                                        player=v.names[seat])
    if v.last_round_left:
        sub += " \u00b7 " + t("gm.ui.last_round", lang, count=v.last_round_left)
    if v.quality_control is not None:  # who answers Quality Control, and how much is left
        who, left = v.quality_control["pending"][0]
        sub += " \u00b7 " + t(f"gm.ui.qc_left.{v.quality_control['card']}", lang,
                               player=v.names[who], count=left)
    o.append(_text(20, 44, sub, 12))
    # The 3x3 display (GM-4).
    x0, y0 = 20, 56
    o.append(_text(x0, y0 + 10, t("gm.ui.display", lang), 12, bold=True))
    for r in range(3):
        for c in range(3):
            code = v.display[r][c]
            o.append(_card(x0 + c * (CARD_W + GAP), y0 + 18 + r * (CARD_H + GAP), code, lang,
                           opt({"type": "take", "row": r, "col": c}) if code else None))
    # Deck, discard, ball supply and the make-a-ball buttons.
    x1 = 260
    o.append(_back(x1, y0 + 18, lang, 44, 58) if v.deck_size else _card(x1, y0 + 18, None,
                                                                        lang, w=44, h=58))
    o.append(_text(x1, y0 + 90, t("gm.ui.deck", lang, count=v.deck_size), 10))
    top = v.discard[-1] if v.discard else None
    o.append(_card(x1 + 100, y0 + 18, top, lang, w=66, h=58))
    o.append(_text(x1 + 100, y0 + 90, t("gm.ui.discard", lang, count=len(v.discard)), 10))
    o.append(_text(x1, y0 + 112, t("gm.ui.supply", lang), 12, bold=True))
    for i, (f, k) in enumerate(v.supply.items()):
        x = x1 + i * 66
        o.append(_card(x, y0 + 120, f, lang, opt({"type": "make_ball", "flavour": f}), 60, 50,
                       count=k, size=11))
    o.append(_text(x1, y0 + 186, t("gm.ui.make_ball_hint", lang), 10))
    pass_opt = opt({"type": "pass"})
    if pass_opt is not None:
        word = t("gm.ui.pass", lang)
        o.append(f'<g {_opt_attrs(pass_opt, "ic-button")} role="button" '
                 f'aria-label="{escape(word)}">'
                 f'<rect x="{x1}" y="{y0 + 200}" width="90" height="28" rx="5" fill="#eee" '
                 f'stroke="#555"/>{_text(x1 + 45, y0 + 219, word, 13, anchor="middle")}</g>')
    # Customers (GM-3): the display customer and the three piles; the top can be served.
    x2 = 480
    o.append(_text(x2, y0 + 10, t("gm.ui.customers", lang), 12, bold=True))
    for i, cid in enumerate(v.pile_tops):
        x = x2 + i * 134
        y = y0 + 18
        label = t("gm.ui.pile", lang, number=i + 1, count=v.pile_sizes[i])
        o.append(_text(x, y + 164, label, 11))
        if cid is None:
            o.append(_card(x, y, None, lang, w=126, h=150))
            continue
        c = v.recipes[cid]
        name = t(f"gm.customer.{c['kind']}", lang, points=c["points"])
        kind = t(f"gm.ui.kind.{c['kind']}", lang)
        points = t("gm.ui.points", lang, count=c["points"])
        op = opt({"type": "serve", "pile": i})
        stroke = ' stroke="#009E73" stroke-width="3"' if op is not None and op.allowed \
            else ' stroke="#555"'
        o.append(f'<g {_opt_attrs(op, "gm-customer")} role="img" aria-label="{escape(name)}">'
                 f'<rect x="{x}" y="{y}" width="126" height="150" rx="8" fill="#fff"{stroke}/>')
        o.append(_text(x + 8, y + 18, kind, 11, bold=True))
        o.append(_text(x + 8, y + 34, points, 11, bold=True))
        for j, code in enumerate(c["cards"] + c["balls"]):
            o.append(_text(x + 8, y + 54 + j * 16, "\u2022 " + _name(code, lang), 11))
        o.append("</g>")
    # Objectives (GM-7, GM-8).
    y3 = y0 + 212
    o.append(_text(x2, y3, t("gm.ui.objectives", lang), 12, bold=True))
    for j, who in enumerate(v.claimed):
        kind = ("bowl", "two_ball_cone", "one_ball_cone")[j]
        holder = "" if who is None else " \u2192 " + v.names[who]
        o.append(_text(x2, y3 + 18 + j * 16, t(f"gm.ui.objective.{kind}", lang) + holder, 11))
    o.append(_text(x2, y3 + 18 + 3 * 16, t("gm.ui.ball_objectives", lang), 11))
    # Players (bottom): balls on the table, served customers, hands.
    py = 350
    pw = (WIDTH - 40) / n
    for p in range(n):
        x = 20 + p * pw
        active = p == v.to_act
        o.append(f'<rect x="{x}" y="{py}" width="{pw - 8}" height="{HEIGHT - py - 12}" rx="8" '
                 f'fill="{"#E8F6EF" if active else "#f4f4f4"}" stroke="#888"/>')
        head = t("gm.ui.player", lang, player=v.names[p], points=v.scores[p])
        if p in v.winners:
            head += " \u2605"
        o.append(_text(x + 8, py + 18, head, 13, bold=True))
        o.append(_text(x + 8, py + 36, t("gm.ui.balls", lang, count=sum(v.table[p].values())),
                       11))
        for i, (f, k) in enumerate(v.table[p].items()):
            ret = opt({"type": "return_ball", "flavour": f}) if p == v.to_act else None
            o.append(_card(x + 8 + i * 66, py + 42, f, lang, ret if k else None, 62, 36,
                           count=k, size=10))
        served = [t(f"gm.customer.{v.recipes[c]['kind']}", lang,
                    points=v.recipes[c]["points"]) for c in v.served[p]]
        o.append(_text(x + 8, py + 92, t("gm.ui.served", lang, count=len(served)), 11))
        for j, s in enumerate(served[:5]):
            o.append(_text(x + 8, py + 108 + j * 14, s, 10))
        hy = py + 185
        o.append(_text(x + 8, hy, t("gm.ui.hand", lang, count=v.hand_sizes[p]), 11, bold=True))
        hand = v.hands[p]
        if hand is None:  # face down: at most two rows of backs, the count is in the label
            per_row = max(1, int((pw - 24) // 24))
            for j in range(min(v.hand_sizes[p], 2 * per_row)):
                o.append(_back(x + 8 + (j % per_row) * 24, hy + 8 + (j // per_row) * 34, lang))
        else:  # face up, one card per kind with its count (at most 8 kinds: two rows)
            per_row = max(1, int((pw - 24) // 52))
            kinds = list(dict.fromkeys(hand))
            for j, code in enumerate(kinds):
                dis = opt({"type": "discard", "card": code}) if p == v.to_act else None
                o.append(_card(x + 8 + (j % per_row) * 52, hy + 8 + (j // per_row) * 40, code,
                               lang, dis, 48, 36, count=hand.count(code), size=9))
    o.append("</svg>")
    return "".join(o)
