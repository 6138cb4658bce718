"""The Combo Cone Paradise table as an SVG picture, drawn from what one seat may see.

:func:`render_svg` draws ``state.view(seat)`` only (another Artisan's hand is drawn as
card backs, CCPN-7) and, in the picture of the Artisan to act or the teacher's, every
option of ``state.options()``: a row card is a one-card Scoop, an order in the row is a
Secure, chips name the other options (multi-card Scoops, placements, fills, rewards),
each allowed or forbidden with the option's explanation as its tooltip. The picture holds
no rules: every clickable thing is an engine option.

Cards show their brand by background colour *and* icon (heart, drop, leaf, star), their
flavour by name and initial (hand cards by initial only; a legend under the rows names
the initials), and their Combo Brand by a second icon in a corner (so they read without
colour); every text is at least ``MIN_TEXT`` units, readable when the picture is shown
~700 px wide beside the play dashboard's side panel; cones are stacks of card strips,
bottom first; the own hand comes right under the Artisan's name. Clickable elements
carry ``class="ic-option"`` and ``data-action`` (the plain action as JSON); forbidden
ones also ``ic-forbidden``. Every card has ``role="img"`` and an ``aria-label``.

>>> from icecream import new_game
>>> svg = render_svg(new_game("combo-cone", players=3, seed=1), seat=1)
>>> svg.startswith("<svg") and "ccp-row-card" in svg and "ccp-card-back" not in svg
True
"""

from __future__ import annotations

from html import escape, unescape
from typing import Any

from ...core import svg
from ...core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ...core.protocol import Option
from .components import BRANDS, FLAVOURS
from .words import card_words, flavours_words

#: Brand background colours (Okabe-Ito, colour-blind safe) and icons, by :data:`BRANDS`.
BRAND_COLOURS = {"heart": "#CC79A7", "drop": "#56B4E9", "leaf": "#009E73", "star": "#E69F00"}
BRAND_INK = {"heart": "#000000", "drop": "#000000", "leaf": "#FFFFFF", "star": "#000000"}
BRAND_ICONS = {"heart": "\u2665", "drop": "\u2666", "leaf": "\u2663", "star": "\u2605"}
RAINBOW_STOPS = ("#D55E00", "#E69F00", "#F0E442", "#009E73", "#56B4E9", "#CC79A7")
assert set(BRAND_COLOURS) == set(BRANDS)

#: The picture is shown ~700 px wide beside the play dashboard's side panel at 1024x640:
#: drawn 880 units wide, every text a student must read (MIN_TEXT units) is >= 11 px
#: there (issue 21: drawn 1024 wide, its legend and orders read at 6-7 px).
WIDTH = 880
MIN_TEXT = 14
M = 12
CARD_W, CARD_H = 72, 84
#: Hand cards show brand icon, flavour initial and Combo Brand icon; the flavour names of
#: the initials are in the legend under the rows (a name would not fit at MIN_TEXT).
HAND_W, HAND_H = 50, 62
PLACE_H = 20
STRIP_W, STRIP_H = 64, 19
ORDER_W = 80
#: The narrowest panel of another Artisan: two Cones side by side (reserved orders go
#: one under another, CCP-7), so the own hand gets the room and takes fewer rows.
OTHER_MIN_W = 2 * (STRIP_W + 14) + 8
_FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"


def render_svg(state: Any, seat: int | None = None, lang: str = DEFAULT_LANGUAGE,
               highlight: bool = True) -> str:
    """The table as SVG text, as ``seat`` sees it (``None``: the teacher sees everything)."""
    view = state.view(seat)
    shows = highlight and not view.is_over and (view.teacher or seat == view.to_act)
    options = state.options() if shows else []
    return _Picture(view, options, lang).draw()


class _Picture:
    """Draws one view; each method draws one part of the table into ``self.out``."""

    def __init__(self, view: Any, options: list[Option], lang: str) -> None:
        self.v = view
        self.lang = lang
        self.out: list[str] = []
        self.options = options
        self.used: set[int] = set()

    def tr(self, key: str, **params: Any) -> str:
        return escape(t(f"ccp.svg.{key}", self.lang, **params))

    def name(self, seat: int) -> str:
        nm = seat_name(self.v.names, seat, self.lang)
        return escape(nm if len(nm) <= 16 else nm[:15] + "\u2026")

    def reason(self, opt: Option) -> str:
        return escape(opt.reason.text(self.lang, self.v.names))

    def find(self, pred) -> tuple[int, Option] | None:
        for k, o in enumerate(self.options):
            if k not in self.used and pred(o.action):
                self.used.add(k)
                return k, o
        return None

    def option_attrs(self, opt: Option | None, base: str) -> str:
        """Every game's clickable-option attributes, named by the option's reason."""
        label = None if opt is None else opt.reason.text(self.lang, self.v.names)
        return svg.option_attrs(opt, base, label=label)

    # -- the whole picture ---------------------------------------------------------------
    def draw(self) -> str:
        y = self.header()
        y = self.supply(y + 8)
        y = self.chips(y + 6)
        y = self.players(y + 8)
        y = self.legend(y + 6)
        height = y + M
        title = self.tr("title", round=self.v.round)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="ic-table-svg ccp-table" '
                f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
                f'role="group" aria-label="{title}" style="{_FONT}"><title>{title}</title>'
                f'{_DEFS}<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#FBF8F1"/>'
                + "".join(self.out) + "</svg>")

    def header(self) -> int:
        v, o = self.v, self.out
        # The phase as a header names it ("hoofdactie"), not as a sentence ("de hoofdactie").
        phase = "" if v.is_over else self.tr(f"phase.{v.phase}")
        o.append(f'<rect x="0" y="0" width="{WIDTH}" height="36" fill="#3B2F2F"/>')
        if v.is_over:  # a heading: capitalised, unlike the phase's name in a sentence
            left = self.tr("game_over")
            right = self.tr("winners", names=join_words([self.name(p) for p in v.winners],
                                                             self.lang))
        else:
            last = f" \u00b7 {self.tr('last_round', count=v.final_turns_left)}" \
                if v.last_round else ""
            left = f'{self.tr("round", round=v.round)} \u00b7 {phase}{last}'
            if v.phase == "serving":
                left += f' \u00b7 {self.tr("placements", count=v.placements_left)}'
            right = self.tr("to_act", player=self.name(v.to_act))
        o.append(f'<text class="ic-phase" x="{M}" y="24" font-size="17" font-weight="bold" '
                 f'fill="#FFFFFF">{left}</text>')
        o.append(f'<text class="ic-to-act" x="{WIDTH - M}" y="24" font-size="15" '
                 f'text-anchor="end" fill="#FFFFFF">{right}</text>')
        if v.teacher:
            fill, words, cls = "#F0E442", self.tr("teacher_banner"), "teacher"
        else:
            fill, cls = "#E8E2D4", "seat"
            words = self.tr("seat_banner", player=self.name(v.seat))
        o.append(f'<g class="ic-banner ic-banner-{cls}"><rect x="0" y="36" width="{WIDTH}" '
                 f'height="22" fill="{fill}"/><text x="{WIDTH // 2}" y="52" '
                 f'font-size="{MIN_TEXT}" '
                 f'font-weight="bold" text-anchor="middle" fill="#000000">{words}</text></g>')
        return 58

    # -- piles and the two rows ----------------------------------------------------------------
    def pile(self, x: int, y: int, count: int, label: str, cls: str, colour: str,
             opt: Option | None = None) -> None:
        self.out.append(f'<g {self.option_attrs(opt, cls)} data-count="{count}">'
                        + (f"<title>{self.reason(opt)}</title>" if opt else "")
                        + f'<rect x="{x}" y="{y}" width="52" height="70" rx="6" fill="{colour}" '
                        f'stroke="#3B2F2F" stroke-width="2"/>'
                        f'<text x="{x + 26}" y="{y + 42}" font-size="18" font-weight="bold" '
                        f'text-anchor="middle" fill="#FFFFFF">{count}</text>'
                        f'<text x="{x + 26}" y="{y + 88}" font-size="{MIN_TEXT}" '
                        f'text-anchor="middle" fill="#222222"{_fit(unescape(label), 62)}>'
                        f'{label}</text></g>')

    def supply(self, y: int) -> int:
        v, o = self.v, self.out
        self.pile(M, y, v.pile_size, self.tr("pile"), "ccp-pile", "#6B4E3D")
        self.pile(M + 72, y, v.rainbow_pile, self.tr("rainbows"), "ccp-rainbow-pile",
                  "url(#ccp-rainbow)")
        orders_h = max([order_height(v.order_faces[k], self.lang) for k in v.order_row]
                       + [CARD_H])
        yb = y + 10 + orders_h + 18
        o.append(f'<text class="ccp-box" x="{M}" y="{yb}" font-size="{MIN_TEXT}" '
                 f'fill="#444444">{self.tr("box", count=v.box_size)} \u00b7 '
                 f'{self.tr("discard", count=len(v.ice_cream_discard))} \u00b7 '
                 f'{self.tr("cone_reserve", count=v.cone_reserve)} \u00b7 '
                 f'{self.tr("order_discard", count=len(v.order_discard))}</text>')
        end = yb + 8
        x = M + 72 + 52 + 14
        o.append(f'<text x="{x}" y="{y + 4}" font-size="{MIN_TEXT}" font-weight="bold" '
                 f'fill="#222222">{self.tr("ice_cream_row")}</text>')
        for i, c in enumerate(v.row):
            found = self.find(lambda a, i=i: a.type == "scoop" and a.cards == (i,))
            opt = found[1] if found else None
            self.card(x + i * (CARD_W + 4), y + 10, c, f"ccp-row-card ccp-pos-{i}", opt,
                      number=i + 1)
        x += 4 * (CARD_W + 4) + 10
        o.append(f'<text x="{x}" y="{y + 4}" font-size="{MIN_TEXT}" font-weight="bold" '
                 f'fill="#222222">{self.tr("order_row")}</text>')
        for i, order in enumerate(v.order_row):
            found = self.find(lambda a, i=i: a.type == "secure" and a.order == i)
            self.order(x + i * (ORDER_W + 4), y + 10, order, f"ccp-order ccp-pos-{i}",
                       found[1] if found else None, ORDER_W, orders_h)
        x += 4 * (ORDER_W + 4) + 6
        found = self.find(lambda a: a.type == "secure" and a.order == "deck")
        self.pile(x, y + 10, v.order_deck_size, self.tr("order_deck"), "ccp-order-deck",
                  "#8A5A2B", found[1] if found else None)
        return end

    def legend(self, y: int) -> int:
        """What the icons, initials and cone strips mean, under the Artisans (the hand
        a student clicks keeps its place in a 1024x640 window)."""
        o = self.out
        brands = t("ccp.svg.legend", self.lang, brands=self.brands())
        # The initials' legend: hand cards are too small for the flavour names.
        names = " \u00b7 ".join(
            f'{t(f"ccp.initial.{f}", self.lang)} {t(f"ccp.flavour.{f}", self.lang)}'
            for f in FLAVOURS) + f' \u00b7 \u2731 {t("ccp.svg.rainbow", self.lang)}'
        # A cone's strips read "brand, flavour -> Combo Brand", bottom first (issue 21).
        cones = t("ccp.svg.cone_legend", self.lang)
        for k, (cls, words) in enumerate((("ccp-legend", brands), ("ccp-initials", names),
                                          ("ccp-cone-legend", cones))):
            o.append(f'<text class="{cls}" x="{M}" y="{y + 14 + 18 * k}" '
                     f'font-size="{MIN_TEXT}" fill="#444444"{_fit(words, WIDTH - 2 * M)}>'
                     f'{escape(words)}</text>')
        return y + 3 * 18

    def brands(self) -> str:
        """Each brand's icon with its name: "♥ Heart · ♦ Drop · ♣ Leaf · ★ Star"."""
        return " \u00b7 ".join(f"{BRAND_ICONS[b]} {t(f'ccp.brand.{b}', self.lang)}"
                               for b in BRANDS)

    def card(self, x: int, y: int, card: int, cls: str, opt: Option | None = None,
             small: bool = False, number: int | None = None) -> None:
        face = self.v.card_faces[card]
        label = escape(card_words(face, self.lang))
        attrs = self.option_attrs(opt, f"ccp-card {cls}")
        role = "" if opt else ' role="img"'
        aria = "" if opt else f' aria-label="{label}"'
        tip = self.reason(opt) if opt else label
        w, h = (HAND_W, HAND_H) if small else (CARD_W, CARD_H)
        k = 1.0 if not small else 0.9  # icon scale
        o = self.out
        o.append(f'<g {attrs}{role}{aria} data-card="{card}"><title>{tip}</title>')
        if face[0] == "rainbow":
            o.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
                     f'fill="url(#ccp-rainbow)" stroke="#3B2F2F" stroke-width="1.5"/>'
                     f'<text x="{x + w // 2}" y="{y + h // 2 + 5}" '
                     f'font-size="{22 if small else MIN_TEXT}" font-weight="bold" '
                     f'text-anchor="middle" fill="#000000">'
                     f'{"&#x2731;" if small else self.tr("rainbow")}</text>')
        else:
            flavour, brand, combo = face
            ink = BRAND_INK[brand]
            name = escape(t(f"ccp.flavour.{flavour}", self.lang))
            r = 9 * k + 1
            o.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
                     f'fill="{BRAND_COLOURS[brand]}" stroke="#3B2F2F" stroke-width="1.5"/>'
                     f'<text x="{x + 5}" y="{y + 16 * k + 1:.0f}" '
                     f'font-size="{max(MIN_TEXT, 15 * k):.0f}" '
                     f'fill="{ink}">{BRAND_ICONS[brand]}</text>'
                     f'<text x="{x + w // 2}" y="{y + (0.62 if small else 0.45) * h:.0f}" '
                     f'font-size="{22 if small else 24}" '
                     f'font-weight="bold" text-anchor="middle" fill="{ink}">'
                     f'{escape(t(f"ccp.initial.{flavour}", self.lang))}</text>'
                     + ("" if small else
                        f'<text x="{x + w // 2}" y="{y + 0.64 * h:.0f}" font-size="{MIN_TEXT}" '
                        f'text-anchor="middle" fill="{ink}"{_fit(name, w - 4)}>{name}</text>') +
                     f'<circle cx="{x + w - r - 3:.0f}" cy="{y + h - r - 3:.0f}" r="{r:.0f}" '
                     f'fill="{BRAND_COLOURS[combo]}" stroke="#FFFFFF" stroke-width="1.5"/>'
                     f'<text class="ccp-combo-icon" x="{x + w - r - 3:.0f}" '
                     f'y="{y + h - 0.6 * r - 3:.0f}" font-size="{MIN_TEXT if small else 14}" '
                     f'text-anchor="middle" fill="{BRAND_INK[combo]}">{BRAND_ICONS[combo]}'
                     f'</text>')
        if number is not None:  # the row position the chips ("Scoop 1+3") count by
            o.append(f'<circle class="ccp-pos-number" cx="{x + w - 11}" cy="{y + 11}" r="10" '
                     f'fill="#FFFFFF" stroke="#3B2F2F" stroke-width="1.5"/>'
                     f'<text class="ccp-pos-label" x="{x + w - 11}" y="{y + 16}" '
                     f'font-size="{MIN_TEXT}" font-weight="bold" text-anchor="middle" '
                     f'fill="#000000">{number}</text>')
        if opt is not None and not opt.allowed:
            o.append(_cross(x, y, w, h))
        o.append("</g>")

    def order(self, x: int, y: int, order: int, cls: str, opt: Option | None = None,
              w: int = ORDER_W, h: int = 0) -> None:
        face = self.v.order_faces[order]
        words = escape(flavours_words(face["flavours"], self.lang))
        label = self.tr("order_label", flavours=words, coins=face["coins"])
        attrs = self.option_attrs(opt, f"ccp-order-card {cls}")
        o = self.out
        h = max(h, order_height(face, self.lang))
        o.append(f'<g {attrs} data-order="{order}"'
                 + ("" if opt else f' role="img" aria-label="{label}"')
                 + f'><title>{self.reason(opt) if opt else label}</title>'
                 f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#FFFDF5" '
                 f'stroke="#8A5A2B" stroke-width="1.5"/>')
        reward = face["reward"]
        lines = reward_lines(reward, self.lang)
        top = 16 * len(lines) + (3 if lines else 0)
        if lines:
            o.append(f'<rect class="ccp-reward" x="{x + 1}" y="{y + 1}" width="{w - 2}" '
                     f'height="{top}" rx="5" fill="#B00020"/>')
            for k, line in enumerate(lines):
                o.append(f'<text x="{x + w // 2}" y="{y + 14 + 16 * k}" font-size="{MIN_TEXT}" '
                         f'font-weight="bold" text-anchor="middle" fill="#FFFFFF"'
                         f'{_fit(line, w - 6)}>{escape(line)}</text>')
        for k, f in enumerate(face["flavours"]):
            name = t(f"ccp.flavour.{f}", self.lang)
            o.append(f'<text x="{x + 4}" y="{y + 16 + top + k * 16}" font-size="{MIN_TEXT}" '
                     f'fill="#222222"{_fit(name, w - 8)}>{escape(name)}</text>')
        coins = t("ccp.svg.coins_short", self.lang, count=face["coins"])
        o.append(f'<text x="{x + 5}" y="{y + h - 7}" font-size="{MIN_TEXT}" font-weight="bold" '
                 f'fill="#8A5A2B"{_fit(coins, w - 10)}>{escape(coins)}</text>')
        if opt is not None and not opt.allowed:
            o.append(_cross(x, y, w, h))
        o.append("</g>")

    # -- the options with no place of their own ------------------------------------------------
    def chips(self, y: int) -> int:
        for k, o in enumerate(self.options):
            # A forbidden fill (every cone against every other order) would bury the
            # fills that are allowed; the explanation panel lists them with their reasons.
            if o.action.type == "fill" and not o.allowed:
                self.used.add(k)
        rest = [(k, o) for k, o in enumerate(self.options) if k not in self.used
                and o.action.type != "place"]
        if not rest:
            if not self.v.is_over and not self.v.teacher and self.v.seat != self.v.to_act:
                self.out.append(f'<text class="ic-waiting" x="{M}" y="{y + 16}" '
                                f'font-size="{MIN_TEXT}" '
                                f'fill="#555555">'
                                f'{self.tr("waiting", player=self.name(self.v.to_act))}</text>')
                return y + 24
            return y
        x = M
        for k, opt in rest:
            self.used.add(k)
            label = self.chip_label(opt)
            w = int(text_width(label)) + 18
            if x + w > WIDTH - M:
                x = M
                y += 32
            self.chip(x, y, w, label, opt, "ccp-chip", 26)
            x += w + 6
        return y + 32

    def chip(self, x: int, y: int, w: int, label: str, opt: Option, cls: str,
             h: int = 24) -> None:
        fill, ink = ("#0072B2", "#FFFFFF") if opt.allowed else ("#E0E0E0", "#555555")
        dash = "" if opt.allowed else ' stroke-dasharray="4 3"'
        self.out.append(f'<g {self.option_attrs(opt, cls)}><title>{self.reason(opt)}</title>'
                        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" '
                        f'stroke="#333333"{dash}/><text x="{x + w // 2}" y="{y + h // 2 + 5}" '
                        f'font-size="{MIN_TEXT}" text-anchor="middle" '
                        f'fill="{ink}">{escape(label)}</text></g>')

    def chip_label(self, opt: Option) -> str:
        a = opt.action
        lang = self.lang
        if a.type == "scoop":
            return t("ccp.svg.chip_scoop", lang, cards="+".join(str(i + 1) for i in a.cards))
        if a.type == "fill":
            return t("ccp.svg.chip_fill", lang, cone=a.cone + 1, flavours=flavours_words(
                self.v.order_faces[a.order]["flavours"], lang))
        if a.type == "take_reward":
            if a.kind == "cards":
                return t("ccp.svg.chip_cards", lang, cards="+".join(str(i + 1) for i in a.cards)
                         or "-", pile=a.pile)
            return t(f"ccp.svg.chip_{a.kind}", lang)
        if a.type == "secure":
            return t("ccp.svg.chip_secure", lang)
        return t(f"ccp.svg.chip_{a.type}", lang)

    # -- the Artisans ----------------------------------------------------------------------------
    def players(self, y: int) -> int:
        v = self.v
        widths = panel_widths(len(v.names), v.seat)
        bottoms, x = [], M
        for p, w in enumerate(widths):
            bottoms.append(self.panel(p, x, y, w))
            x += w + 8
        return max(bottoms)

    def panel(self, p: int, x: int, y: int, w: int) -> int:
        v, o = self.v, self.out
        acting = not v.is_over and v.to_act == p
        start = len(o)
        o.append("")  # the frame goes here once the height is known
        badge = ""
        if acting:
            badge = f" \u00b7 {self.tr('acting')}"
        elif p in v.winners:
            badge = f" \u00b7 {self.tr('winner')}"
        # The name (and "to act") has its line, the coins start the next: in a narrow
        # panel they ran together ("to act0 coins", issue 21).
        head = f"{seat_name(v.names, p, self.lang)}{unescape(badge)}"
        o.append(f'<text x="{x + 8}" y="{y + 18}" font-size="{MIN_TEXT}" font-weight="bold" '
                 f'fill="#222222"{_fit(head, w - 16, bold=True)}>{escape(head)}</text>')
        coins = t("ccp.svg.coins", self.lang, count=v.scores[p])
        filled = t("ccp.svg.filled", self.lang, count=v.fills[p])
        cy = y + 44
        if text_width(f"{coins} · {filled}") <= w - 16:
            o.append(f'<text x="{x + 8}" y="{y + 36}" font-size="{MIN_TEXT}" fill="#444444">'
                     f'<tspan class="ccp-coins" fill="#8A5A2B" font-weight="bold">'
                     f'{escape(coins)}</tspan> \u00b7 {escape(filled)}</text>')
        else:  # a narrow panel: a line each, never squeezed
            o.append(f'<text class="ccp-coins" x="{x + 8}" y="{y + 36}" '
                     f'font-size="{MIN_TEXT}" fill="#8A5A2B" font-weight="bold">'
                     f'{escape(coins)}</text>'
                     f'<text x="{x + 8}" y="{y + 53}" font-size="{MIN_TEXT}" fill="#444444"'
                     f'{_fit(filled, w - 16)}>{escape(filled)}</text>')
            cy += 17
        # The hand first, right under the name: own cards face up (with placement chips
        # while serving), others' backs. Cones and orders below it can grow; the hand a
        # student clicks stays inside a 1024x640 window (issue 11). In the own (wide)
        # panel the Cones stand beside the hand, so a big hand no longer pushes them out
        # of the window (issue 33: y 620 at 1024x640 with 12 cards).
        hand = v.hands[p]
        cones = v.cones[p]
        cones_w = len(cones) * (STRIP_W + 14)
        side = (hand is not None and v.seat == p and bool(cones)
                and w - 24 - cones_w >= 4 * (HAND_W + 4))
        hand_w = w - cones_w - 8 if side else w
        top = cy
        o.append(f'<text x="{x + 8}" y="{cy + 11}" font-size="{MIN_TEXT}" fill="#444444">'
                 f'{self.tr("hand", count=v.hand_sizes[p])}</text>')
        cy += 17
        if hand is None:
            shown = min(v.hand_sizes[p], max(1, (w - 16 - 30) // 14 + 1))
            for k in range(shown):
                o.append(f'<rect class="ic-card-back ccp-card-back" x="{x + 8 + k * 14}" '
                         f'y="{cy}" width="30" height="42" rx="4" fill="#6B4E3D" '
                         f'stroke="#FFFFFF" stroke-width="1.5" role="img" '
                         f'aria-label="{self.tr("card_back")}"/>')
            cy += 48 if v.hand_sizes[p] else 4
        else:
            cols = max(1, (hand_w - 8) // (HAND_W + 4))
            serving = any(op.action.type == "place" for op in self.options)
            place_h = 8 + (len(v.cones[p]) * (PLACE_H + 2) if serving else 0)
            for k, c in enumerate(hand):
                r, col = divmod(k, cols)
                hx, hy = x + 8 + col * (HAND_W + 4), cy + r * (HAND_H + place_h)
                self.card(hx, hy, c, "ccp-hand-card", small=True)
                places = [(i, op) for i, op in enumerate(self.options) if i not in self.used
                          and op.action.type == "place" and op.action.card == c]
                for m, (i, op) in enumerate(places):  # one chip per cone, stacked
                    self.used.add(i)
                    self.chip(hx, hy + HAND_H + 3 + m * (PLACE_H + 2), HAND_W,
                              t("ccp.svg.chip_place", self.lang, cone=op.action.cone + 1),
                              op, "ccp-chip ccp-place", PLACE_H)
            rows = -(-len(hand) // cols) if hand else 0
            cy += rows * (HAND_H + place_h) + 4
        # Cones: stacks of card strips, bottom first, with the fill chips under each.
        hand_end = cy
        # The own (wide) panel keeps its reserved orders beside the cones, not under them.
        beside = not side and bool(v.reserved[p]) and v.hands[p] is not None and \
            w - 16 - len(cones) * (STRIP_W + 14) >= len(v.reserved[p]) * (ORDER_W + 4)
        per_row = len(cones) if side else max(1, (w - 8) // (STRIP_W + 14))
        left = x + w - cones_w if side else x + 8
        if side:
            cy = top + 4
        # Room for the tallest stack there is (not more: empty room pushed the hand down,
        # out of a 1024x640 window).
        tallest = max([len(st) for st in cones] + [1])
        step = STRIP_H if tallest <= 8 else max(6, (8 * STRIP_H) // tallest)
        stack_h = min(tallest, 8) * STRIP_H + 8 if tallest <= 8 else 8 * STRIP_H + 8
        for j, stack in enumerate(cones):
            r, c = divmod(j, per_row)
            sx = left + c * (STRIP_W + 14)
            sy = cy + r * (stack_h + 52)
            self.cone(p, j, stack, sx, sy, stack_h, step)
        rows = -(-len(cones) // per_row)
        cones_end = cy + rows * (stack_h + 52)
        if side:  # orders go under the hand and the Cones, whichever is lower
            cones_end = cy = max(cones_end, hand_end)
        # Reserved orders (face up, CCP-7): beside the cones if there is room, else under.
        if v.reserved[p]:
            # Orders keep their width (a narrower one cut "strawber", issue 21): a narrow
            # panel takes them in rows.
            count = len(v.reserved[p])
            ow = min(ORDER_W, w - 16)
            cols = max(1, min(count, (w - 16 + 4) // (ow + 4)))
            rx = x + w - 8 - count * (ow + 4) + 4 if beside else x + 8
            ry = cy if beside else cones_end
            words = t("ccp.svg.reserved", self.lang)
            o.append(f'<text x="{rx}" y="{ry + 12}" font-size="{MIN_TEXT}" fill="#444444"'
                     f'{_fit(words, x + w - 8 - rx)}>{escape(words)}</text>')
            heights = [order_height(v.order_faces[k], self.lang) for k in v.reserved[p]]
            oy = ry + 18
            for r in range(0, count, cols):  # each row as tall as its tallest order
                oh = max(heights[r: r + cols])
                for c, order in enumerate(v.reserved[p][r: r + cols]):
                    self.order(rx + c * (ow + 4), oy, order, "ccp-reserved", None, ow, oh)
                oy += oh + 4
            cy = max(cones_end, oy + 2)
        else:
            cy = cones_end
        height = cy - y + 6
        stroke = "#0072B2" if acting else "#CCBFA8"
        o[start] = (f'<g class="ccp-player ccp-seat-{p}"><rect x="{x}" y="{y}" width="{w}" '
                    f'height="{height}" rx="8" fill="#FFFFFF" stroke="{stroke}" '
                    f'stroke-width="{3 if acting else 1.5}"/></g>')
        return y + height

    def cone(self, p: int, j: int, stack: tuple[int, ...], x: int, y: int, stack_h: int,
             step: int) -> None:
        o = self.out
        v = self.v
        base = y + stack_h
        words = "; ".join(card_words(v.card_faces[c], self.lang) for c in stack)
        label = escape(self.tr("cone_label", cone=j + 1, cards=words or self.tr("empty")))
        o.append(f'<g class="ccp-cone" data-seat="{p}" data-cone="{j}" '
                 f'data-height="{len(stack)}" role="img" aria-label="{label}">'
                 f'<title>{label}</title>'
                 f'<polygon points="{x + 8},{base} {x + STRIP_W - 8},{base} '
                 f'{x + STRIP_W // 2},{base + 30}" fill="#E3B778" stroke="#8A5A2B" '
                 f'stroke-width="1.5"/>')
        for k, c in enumerate(stack):
            sy = base - (k + 1) * step
            face = v.card_faces[c]
            if face[0] == "rainbow":
                o.append(f'<rect x="{x}" y="{sy}" width="{STRIP_W}" height="{step}" rx="3" '
                         f'fill="url(#ccp-rainbow)" stroke="#3B2F2F" stroke-width="0.8"/>')
                text = "\u2731"
                ink = "#000000"
            else:
                flavour, brand, combo = face
                ink = BRAND_INK[brand]
                o.append(f'<rect x="{x}" y="{sy}" width="{STRIP_W}" height="{step}" rx="3" '
                         f'fill="{BRAND_COLOURS[brand]}" stroke="#3B2F2F" '
                         f'stroke-width="0.8"/>')
                initial = t(f"ccp.initial.{flavour}", self.lang)
                text = f"{BRAND_ICONS[brand]} {escape(initial)} \u2192{BRAND_ICONS[combo]}"
            if step >= MIN_TEXT + 4:
                o.append(f'<text x="{x + STRIP_W // 2}" y="{sy + step - 4}" '
                         f'font-size="{MIN_TEXT}" '
                         f'text-anchor="middle" fill="{ink}">{text}</text>')
        o.append(f'<text x="{x + STRIP_W // 2}" y="{base + 44}" font-size="{MIN_TEXT}" '
                 f'text-anchor="middle" fill="#222222"'
                 f'{_fit(t("ccp.svg.cone", self.lang, cone=j + 1), STRIP_W + 2)}>'
                 f'{self.tr("cone", cone=j + 1)}</text>'
                 "</g>")


def text_width(text: str, bold: bool = False) -> float:
    """About how wide ``text`` is at MIN_TEXT in DejaVu Sans (a little generous)."""
    em = 0.0
    for ch in text:
        if ch in "ijlt.,:;'!|() f":
            em += 0.36
        elif ch in "mwMW\u2192\u2605\u2665\u2666\u2663\u25cf":
            em += 0.9
        elif ch.isupper() or ch.isdigit():
            em += 0.68
        else:
            em += 0.6
    return em * MIN_TEXT * (1.08 if bold else 1.0)


def _fit(text: str, room: float, bold: bool = False) -> str:
    """``textLength`` attributes that squeeze ``text`` (at MIN_TEXT) into ``room`` units
    when it would not fit; nothing when it does."""
    if text_width(text, bold) <= room:
        return ""
    return f' textLength="{max(1, int(room))}" lengthAdjust="spacingAndGlyphs"'


def reward_lines(reward: str | None, lang: str) -> list[str]:
    """An order's reward banner cut into lines that fit an order card at MIN_TEXT."""
    if not reward:
        return []
    lines: list[str] = []
    for word in t(f"ccp.svg.or_reward_{reward}", lang).split(" "):
        if lines and len(lines[-1] + " " + word) * MIN_TEXT * 0.68 <= ORDER_W - 6:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def order_height(face: dict, lang: str) -> int:
    """The height an order card needs: banner, one line per flavour, the coins."""
    banner = reward_lines(face["reward"], lang)
    top = 16 * len(banner) + (3 if banner else 0)
    return max(CARD_H, top + 16 * len(face["flavours"]) + 30)


def panel_widths(n: int, seat: int | None) -> list[int]:
    """The width of each Artisan's panel. The seat whose hand is face up (a player's view)
    gets the room the others' panels do not need, so its hand takes fewer rows and shows
    without scrolling; the others keep room for three reserved orders (CCP-7). The
    teacher's view, or a table too crowded for that, gets equal panels."""
    room = WIDTH - 2 * M - 8 * (n - 1)
    equal = [room // n] * n
    if seat is None:
        return equal
    other = max(OTHER_MIN_W, room // (n + 1))
    own = room - (n - 1) * other
    if own < other:
        return equal
    return [own if p == seat else other for p in range(n)]


def _cross(x: int, y: int, w: int, h: int) -> str:
    return (f'<path d="M{x + 4},{y + 4} L{x + w - 4},{y + h - 4} M{x + w - 4},{y + 4} '
            f'L{x + 4},{y + h - 4}" stroke="#B00020" stroke-width="2" opacity="0.6"/>')


_DEFS = ('<defs><linearGradient id="ccp-rainbow" x1="0" y1="0" x2="1" y2="1">'
         + "".join(f'<stop offset="{k / (len(RAINBOW_STOPS) - 1):.2f}" stop-color="{c}"/>'
                   for k, c in enumerate(RAINBOW_STOPS))
         + "</linearGradient></defs>")

__all__ = ["render_svg", "BRAND_COLOURS", "BRAND_ICONS", "FLAVOURS"]
