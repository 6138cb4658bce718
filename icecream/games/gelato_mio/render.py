"""The Gelato Mio table as an SVG picture, drawn from what one seat may see.

:func:`render_svg` draws ``state.view(seat)`` (never the hidden state: another player's
hand is drawn as card backs) and, when the picture is for the seat to act or for the
teacher, marks the options of the current decision from ``state.options()``: display
cards to take (GM-4), customers to serve and balls to make (GM-6), the cards and balls
to give up for Quality Control (GM-5), and passing. Clickable elements carry
``class="ic-option"`` and ``data-action`` holding the plain action as JSON; a forbidden
option also has ``ic-forbidden``, so a click can say why not. Clickable things have a
blue frame (as in Ice Cream), forbidden ones a dashed grey one. Flavours read without
colour: every card shows its name.

The picture is drawn :data:`WIDTH` (880) units wide and shown ~700 px wide beside the
play dashboard's side panel (and in the quiz), so every text is at least :data:`MIN_TEXT`
units, >= 11 px there (issue 21: drawn 1024 wide with 13-unit text it read at ~9 px). The
height follows the content (about 600 units at most) so the whole table, the viewing
seat's hand in a full-width strip at the bottom, fits a 1024x640 window under the play
page's toolbar.

>>> from icecream import new_game
>>> svg = render_svg(new_game("gelato-mio", players=3, seed=1), seat=0)
>>> svg.startswith("<svg") and "ic-option" in svg
True
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ...core.protocol import Option
from ...core.svg import option_attrs

#: Drawn 880 units wide and shown ~700 px wide beside the play dashboard's side panel at
#: 1024x640: every text (at least MIN_TEXT units) is >= 11 px there (issue 21).
WIDTH = 880  # the height follows the content (at most ~600 units)
MIN_TEXT = 14
LINE = 17  # the step between lines of MIN_TEXT text
M = 12  # outer margin
CARD_W, CARD_H, GAP = 82, 42, 5
PILE_W = 108  # a customer card
_FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"
#: Okabe-Ito based colours per card code (colour-blind safe; names are always written).
COLOURS = {
    "sugar": "#FFFFFF", "cream": "#F5EBDC", "strawberry": "#CC79A7", "chocolate": "#8B5A2B",
    "vanilla": "#F0E442", "bowl": "#56B4E9", "cone": "#E69F00", "wafer": "#D9C08C",
    # Quality Control is black with white words: its orange looked like the cone's (#21).
    "qc_hand": "#222222", "qc_balls": "#222222",
}
INK = {"chocolate": "#FFFFFF", "strawberry": "#000000", "qc_hand": "#FFFFFF",
       "qc_balls": "#FFFFFF"}
#: Blue means "clickable" across the app (as in Ice Cream); card backs are brown so the
#: colour keeps one meaning.
CLICK = "#0072B2"
BACK = "#7A5C3E"


def _name(code: str, lang: str) -> str:
    return t(f"flavour.gm.{code}", lang)


def _attrs(opt: Option | None, base: str, label: str) -> str:
    """An element's attributes: a clickable option's (the one helper every game uses), or
    a picture's with its accessible name (``label``, plain text)."""
    if opt is None:
        return f'class="{base}" role="img" aria-label="{escape(label, quote=True)}"'
    return option_attrs(opt, base, label=label)


def _frame(opt: Option | None) -> str:
    """The outline of a clickable thing: blue if allowed, dashed grey if forbidden."""
    if opt is None:
        return ' stroke="#555" stroke-width="1"'
    if opt.allowed:
        return f' stroke="{CLICK}" stroke-width="3.5"'
    return ' stroke="#999" stroke-width="2" stroke-dasharray="5 3"'


def text_width(s: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the drawn width of ``s`` (DejaVu Sans is wide)."""
    return len(s) * size * (0.68 if bold else 0.61)


def wrap(s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``s`` cut at spaces into lines no wider than ``width`` (a long word stays whole)."""
    lines: list[str] = []
    for word in s.split(" "):
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _card(x: float, y: float, code: str | None, lang: str, opt: Option | None = None,
          w: int = CARD_W, h: int = CARD_H, count: int | None = None,
          size: int = MIN_TEXT, empty: bool = False) -> str:
    if code is None:
        return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="none" '
                f'stroke="#bbb" stroke-dasharray="4 3"/>')
    plain = _name(code, lang)
    name = escape(plain)
    face = escape(t(f"gm.ui.face.{code}", lang)) if code.startswith("qc_") else name
    # An empty pile: white with grey words, so it does not look like cards to take.
    fill = "#fff" if empty else COLOURS.get(code, "#eee")
    ink = "#666" if empty else INK.get(code, "#000")
    label = plain if count is None else f"{plain} {count}"
    words = f'<text x="{x + w / 2}" y="{y + h / 2 + size * 0.35:.0f}" font-size="{size}" ' \
            f'text-anchor="middle" fill="{ink}">{face}</text>'
    if count is not None:  # the name, and the count under it
        words = (f'<text x="{x + w / 2}" y="{y + h / 2 - 2}" font-size="{size}" '
                 f'text-anchor="middle" fill="{ink}">{name}</text>'
                 f'<text x="{x + w / 2}" y="{y + h / 2 + size}" font-size="{size}" '
                 f'font-weight="bold" text-anchor="middle" fill="{ink}">{count}</text>')
    return (f'<g {_attrs(opt, "gm-card", label)}>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}"{_frame(opt)}/>'
            f'{words}</g>')


def _bar(x: float, y: float, code: str, count: int, lang: str, opt: Option | None,
         w: float, h: int = 20) -> str:
    """A ball card as a bar: its flavour's colour, its name and the count on one line."""
    plain = f"{_name(code, lang)} {count}"
    ink = INK.get(code, "#000")
    return (f'<g {_attrs(opt, "gm-card", plain)}>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" '
            f'fill="{COLOURS.get(code, "#eee")}"{_frame(opt)}/>'
            f'{_text(x + 8, y + h / 2 + 5, _name(code, lang), fill=ink)}'
            f'{_text(x + w - 8, y + h / 2 + 5, str(count), bold=True, anchor="end", fill=ink)}'
            f'</g>')


def _back(x: float, y: float, lang: str, w: int = 16, h: int = 24) -> str:
    label = escape(t("gm.ui.card_back", lang))
    return (f'<g class="ic-card-back" role="img" aria-label="{label}"><rect x="{x}" y="{y}" '
            f'width="{w}" height="{h}" rx="3" fill="{BACK}" stroke="#fff"/></g>')


def _text(x: float, y: float, s: str, size: int = MIN_TEXT, bold: bool = False,
          anchor: str = "start", fill: str = "#000") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}"{weight} text-anchor="{anchor}" '
            f'fill="{fill}">{escape(s)}</text>')


def _lines(x: float, y: float, s: str, width: float, size: int = MIN_TEXT,
           bold: bool = False, step: int = LINE) -> tuple[list[str], float]:
    """``s`` wrapped into ``width`` from baseline ``y``; the texts and the next baseline."""
    out = []
    for line in wrap(s, size, width, bold):
        out.append(_text(x, y, line, size, bold))
        y += step
    return out, y


def render_svg(state: Any, seat: int | None = None, lang: str = DEFAULT_LANGUAGE,
               highlight: bool = True) -> str:
    """The table as ``seat`` sees it (``None``: the teacher), in ``lang``; ``highlight``
    False leaves the options unmarked (a quiz's picture must not give the answer away)."""
    v = state.view(seat)
    mine = v.teacher or seat == v.to_act
    opts: dict[str, Option] = {}
    if mine and not v.is_over and highlight:
        for o in state.options():
            opts[json.dumps(o.action.to_dict(), sort_keys=True)] = o

    def opt(action: dict[str, Any]) -> Option | None:
        return opts.get(json.dumps(action, sort_keys=True))

    n = len(v.names)
    o: list[str] = []
    # Header: round, phase, who acts; the teacher's picture says it shows everything.
    head = [state.game.title, t("gm.ui.round", lang, n=v.round),
            t(f"gm.phase.{v.phase}", lang)]
    if v.to_act is not None:
        head.append(t("gm.ui.to_act", lang, player=seat_name(v.names, v.to_act, lang)))
    o.append(_text(M, 22, " \u00b7 ".join(head), 17, bold=True))
    sub = t("gm.ui.teacher", lang) if v.teacher else t("gm.ui.seat_view", lang,
                                                        player=seat_name(v.names, seat, lang))
    if v.last_round_left:
        sub += " \u00b7 " + t("gm.ui.last_round", lang, count=v.last_round_left)
    if v.quality_control is not None:  # who answers Quality Control, and how much is left
        who, left = v.quality_control["pending"][0]
        sub += " \u00b7 " + t(f"gm.ui.qc_left.{v.quality_control['card']}", lang,
                               player=seat_name(v.names, who, lang), count=left)
    sub_lines, _ = _lines(M, 41, sub, WIDTH - 2 * M)
    o += sub_lines[:1]
    # Three columns: the 3x3 display (GM-4) and under it the ball piles (GM-6); the deck,
    # discard and passing; the customers (GM-3) and under them the objectives.
    y0 = 50
    x1 = M + 3 * CARD_W + 2 * GAP + 10
    x2 = WIDTH - M - 4 * PILE_W - 3 * 6
    mid_w = x2 - 10 - x1
    # The display's heading may run over the middle column, which has none.
    part, cy = _lines(M, y0 + 14, t("gm.ui.display", lang), x2 - 10 - M, MIN_TEXT, True)
    o += part
    cy -= LINE - 6
    for r in range(3):
        for c in range(3):
            code = v.display[r][c]
            o.append(_card(M + c * (CARD_W + GAP), cy + r * (CARD_H + GAP), code, lang,
                           opt({"type": "take", "row": r, "col": c}) if code else None))
    ys = cy + 3 * CARD_H + 2 * GAP + 20
    o.append(_text(M, ys, t("gm.ui.supply", lang), bold=True))
    for i, (f, k) in enumerate(v.supply.items()):
        # An empty pile is drawn empty (no flavour colour): a full card at 0 read as a ball
        # still to be made (issue 31); the engine refuses it (GMN-6), and a click says so.
        o.append(_card(M + i * (CARD_W + GAP), ys + 6, f, lang,
                       opt({"type": "make_ball", "flavour": f}), CARD_W, 40, count=k,
                       empty=k == 0))
    y_left = ys + 6 + 40 + 14
    # Middle: the deck and its count, the top discard and its count, Pass, a ball's recipe.
    o.append(_back(x1, cy, lang, 28, 40) if v.deck_size else _card(x1, cy, None, lang,
                                                                   w=28, h=40))
    part, _ = _lines(x1 + 34, cy + 15, t("gm.ui.deck", lang, count=v.deck_size), mid_w - 34)
    o += part
    top = v.discard[-1] if v.discard else None
    o.append(_card(x1, cy + 48, top, lang, w=min(CARD_W, mid_w), h=40))
    part, ym = _lines(x1, cy + 48 + 40 + 16, t("gm.ui.discard", lang, count=len(v.discard)),
                      mid_w)
    o += part
    pass_opt = opt({"type": "pass"})
    if pass_opt is not None:
        word = t("gm.ui.pass", lang)
        o.append(f'<g {option_attrs(pass_opt, "ic-button", label=word)}>'
                 f'<rect x="{x1}" y="{ym - 8}" width="{min(104, mid_w)}" height="30" rx="6" '
                 f'fill="#eef5fb"{_frame(pass_opt)}/>'
                 f'{_text(x1 + min(104, mid_w) / 2, ym + 12, word, 15, bold=True, anchor="middle")}'
                 f'</g>')
        ym += 40
    hint, y_mid = _lines(x1, ym + 4, t("gm.ui.make_ball_hint", lang), mid_w)
    o += hint
    # Right: customers (GM-3), the display customer and the three piles; a top is served.
    o.append(_text(x2, y0 + 14, t("gm.ui.customers", lang), bold=True))
    shown = []
    for cid in v.pile_tops:
        if cid is None:
            shown.append(None)
            continue
        c = v.recipes[cid]
        kind = wrap(t(f"gm.ui.kind.{c['kind']}", lang), MIN_TEXT, PILE_W - 12, bold=True)
        shown.append((c, kind))
    rows = max([len(k) + 1 + len(c["cards"] + c["balls"]) for c, k in filter(None, shown)],
               default=6)
    cust_h = LINE * rows + 10
    for i, item in enumerate(shown):
        x = x2 + i * (PILE_W + 6)
        # The first pile is the customer on show from the start (GM-3), named apart from
        # the 3x3 card grid (issue 21: both were "display"); piles are counted from 1 as
        # every message of the engine counts them ("serve the customer on pile 4").
        label = (t("gm.ui.showcase", lang) if i == 0 else
                 t("gm.ui.pile", lang, number=i + 1, count=v.pile_sizes[i]))
        # One text (its words whole for a screen reader), wrapped onto two lines.
        spans = "".join(f'<tspan x="{x}" dy="{0 if k == 0 else LINE}">{escape(w)}'
                        f'{" " if k < 1 else ""}</tspan>'
                        for k, w in enumerate(wrap(label, MIN_TEXT, PILE_W)[:2]))
        o.append(f'<text x="{x}" y="{cy + cust_h + 16}" font-size="{MIN_TEXT}">{spans}</text>')
        if item is None:
            o.append(_card(x, cy, None, lang, w=PILE_W, h=cust_h))
            continue
        c, kind = item
        name = t(f"gm.customer.{c['kind']}", lang, points=c["points"])
        op = opt({"type": "serve", "pile": i})
        o.append(f'<g {_attrs(op, "gm-customer", name)}>'
                 f'<rect x="{x}" y="{cy}" width="{PILE_W}" height="{cust_h}" rx="8" '
                 f'fill="#fff"{_frame(op)}/>')
        lines = [(w, True) for w in kind]
        lines.append((t("gm.ui.points", lang, count=c["points"]), True))
        lines += [("\u2022 " + _name(code, lang), False) for code in c["cards"] + c["balls"]]
        for j, (line, bold) in enumerate(lines):
            o.append(_text(x + 5, cy + 17 + j * LINE, line, bold=bold))
        o.append("</g>")
    # Objectives (GM-7, GM-8), under the customers: the heading and the three customer
    # objectives left, the end-of-game ball objectives right.
    y3 = cy + cust_h + 16 + LINE + 22
    o.append(_text(x2, y3, t("gm.ui.objectives", lang), bold=True))
    left_w = (WIDTH - M - x2) * 0.56
    yl = y3 + LINE
    for j, who in enumerate(v.claimed):
        kind = ("bowl", "two_ball_cone", "one_ball_cone")[j]
        holder = "" if who is None else " \u2192 " + seat_name(v.names, who, lang)
        part, yl = _lines(x2, yl, t(f"gm.ui.objective.{kind}", lang) + holder, left_w - 8)
        o += part
    # (from the heading's line: the heading stays in the left part)
    part, yr = _lines(x2 + left_w, y3, t("gm.ui.ball_objectives", lang),
                      WIDTH - M - x2 - left_w)
    o += part
    top_end = max(yl, yr, y_left, y_mid) - 6
    # The hand shown big at the bottom: the seat's own (the teacher's: the player to act).
    strip_seat = seat if seat is not None else (v.to_act if v.to_act is not None else 0)
    # Players: balls on the table, served customers, and the hands not in the strip.
    py = top_end
    pw = (WIDTH - 2 * M - 8 * (n - 1)) / n
    ph = 0
    panels: list[tuple[float, list[str]]] = []
    for p in range(n):
        x = M + p * (pw + 8)
        inner = pw - 16
        g: list[str] = []
        head = t("gm.ui.player", lang, player=seat_name(v.names, p, lang), points=v.scores[p])
        if p in v.winners:
            head += " \u2605"
        g.append(_text(x + 8, py + 19, head, 15 if pw > 240 else MIN_TEXT, bold=True))
        # The ball cards: three cards side by side under their total where they fit with
        # their names, else three full-width bars (a 4-player panel is ~200 units wide).
        bw = (pw - 12 - 8) / 3
        side = bw >= CARD_W
        if side:
            g.append(_text(x + 8, py + 37, t("gm.ui.balls", lang,
                                             count=sum(v.table[p].values()))))
        for i, (f, k) in enumerate(v.table[p].items()):
            ret = opt({"type": "return_ball", "flavour": f}) if p == v.to_act else None
            if side:
                g.append(_card(x + 6 + i * (bw + 4), py + 44, f, lang, ret if k else None,
                               min(bw, CARD_W + 10), 40, count=k))
            else:
                g.append(_bar(x + 6, py + 27 + i * 22, f, k, lang, ret if k else None,
                              pw - 12))
        yy = py + (102 if side else 110)
        # Served customers by kind: what the objectives count (GM-7); points are in the head.
        kinds = [v.recipes[c]["kind"] for c in v.served[p]]
        g.append(_text(x + 8, yy, t("gm.ui.served", lang, count=len(kinds)), bold=True))
        yy += LINE
        if kinds:
            served = " \u00b7 ".join(f"{t(f'gm.ui.kind.{k}', lang)} \u00d7{kinds.count(k)}"
                                      for k in dict.fromkeys(kinds))
            part, yy = _lines(x + 8, yy, served, inner)
            g += part
            # The balls of the customers served count for the ball objectives (GM-8):
            # shown when the game is over, so the final count can be checked (issue 31);
            # during play the line would push a 4-player table past a 1024x640 window.
            balls = [b for c in v.served[p] for b in v.recipes[c]["balls"]]
            if balls and v.is_over:
                words = join_words([f"{_name(f, lang)} {balls.count(f)}"
                                    for f in v.table[p] if f in balls], lang)
                part, yy = _lines(x + 8, yy, t("gm.ui.served_balls", lang, balls=words),
                                  inner)
                g += part
        if p != strip_seat:
            yy += 2
            g.append(_text(x + 8, yy, t("gm.ui.hand", lang, count=v.hand_sizes[p]), bold=True))
            hand = v.hands[p]
            if hand is None:  # face down: one row of backs, the count is in the label
                per_row = max(1, int(inner // 18))
                for j in range(min(v.hand_sizes[p], per_row)):
                    g.append(_back(x + 8 + j * 18, yy + 6, lang))
                yy += 36
            else:  # the teacher sees it: the kinds and counts in words
                yy += LINE
                xx = x + 8
                for code in dict.fromkeys(hand):
                    word = f"{_name(code, lang)} {hand.count(code)}"
                    wd = text_width(word, MIN_TEXT) + 10
                    if xx + wd > x + 8 + inner and xx > x + 8:
                        xx, yy = x + 8, yy + LINE
                    g.append(f'<g class="gm-hand-word" role="img" aria-label="{escape(word)}">'
                             f'{_text(xx, yy, word)}</g>')
                    xx += wd
                yy += 8
        ph = max(ph, yy - py)
        panels.append((x, g))
    for p, (x, g) in enumerate(panels):
        active = p == v.to_act
        o.append(f'<rect x="{x}" y="{py}" width="{pw}" height="{ph}" rx="8" '
                 f'fill="{"#E8F1F8" if active else "#f4f4f4"}" stroke="#888"/>')
        o += g
    # The big hand: one card per kind with its count, at most 8 kinds in one row.
    hy = py + ph + 20
    o.append(_text(M, hy, t("gm.ui.hand", lang, count=v.hand_sizes[strip_seat]) + " \u00b7 "
                   + seat_name(v.names, strip_seat, lang), 14, bold=True))
    hand = v.hands[strip_seat]
    hw = min(110, (WIDTH - 2 * M - 7 * GAP) / 8)
    bottom = hy + 8
    if hand:  # (an empty hand leaves no empty row)
        for j, code in enumerate(dict.fromkeys(hand)):
            dis = opt({"type": "discard", "card": code}) if strip_seat == v.to_act else None
            o.append(_card(M + j * (hw + GAP), hy + 6, code, lang, dis, hw, 42,
                           count=hand.count(code)))
        bottom = hy + 6 + 42
    height = int(bottom + 10)
    # The game's name is a proper name, the same in every language.
    title = escape(state.game.title)
    o.insert(0, f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
                f'viewBox="0 0 {WIDTH} {height}" role="group" aria-label="{title}" '
                f'style="{_FONT};background:#fffaf3">')
    o.append("</svg>")
    return "".join(o)
