"""The Ice Cream table as an SVG picture, drawn from what one seat may see.

:func:`render_svg` draws ``state.view(seat)`` (never the hidden state, so a seat's
picture cannot show another player's face-down card, IC-6) and, when the picture is for
the seat to act or for the teacher, highlights the options of the current decision from
``state.options()``: the cones that can be served exactly (IC-9) or close (IC-10), the
cones the turned scoop may go on and the new-cone spot (IC-7), and the keep / swap / draw
buttons (IC-5, IC-9). The picture holds no rules: every highlight is an engine option.

Clickable elements carry ``class="ic-option"`` and ``data-action`` holding the plain
action as JSON, which the table widget sends back to Python. Flavours read without colour:
every card and scoop shows the flavour's initial (cards also its name), and the colours
come from the colour-blind-safe Okabe-Ito palette.

>>> from icecream import new_game
>>> svg = render_svg(new_game("ice-cream", players=3, seed=1), seat=1)
>>> svg.startswith("<svg") and 'class="ic-card-back"' in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape, unescape
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, join_words, seat_name, t
from ...core.protocol import Option
from ...core.svg import action_json, option_attrs
from .components import FLAVOURS

#: One colour per flavour in :data:`FLAVOURS` order, like the ice cream (chocolate is
#: brown), far apart in lightness as well as hue; blue is kept for "clickable" only, so
#: no flavour is blue. Every card and scoop also shows the flavour's initial.
FLAVOUR_COLOURS: tuple[str, ...] = (
    "#F2A7C3",  # strawberry: pink
    "#5B2A6E",  # black raspberry: deep purple
    "#E69F00",  # chocolate chip: caramel orange
    "#6B3A1E",  # chocolate: brown
    "#8CC63F",  # pistachio: green
    "#F5E98A",  # vanilla: cream yellow
)
#: Text colour on each flavour's colour, chosen for contrast.
FLAVOUR_INK: tuple[str, ...] = ("#000000", "#FFFFFF", "#000000", "#FFFFFF", "#000000", "#000000")
#: The one colour that means "you can click this".
CLICK = "#0072B2"

#: The picture is shown ~700 px wide beside the play dashboard's side panel at 1024x640
#: (720 in the quiz): drawn 1000 units wide, every text is at least ``MIN_TEXT`` units, so
#: >= 11 px there (issue 33: 11-unit card names read at 7.7 px), like Combo Cone's table.
WIDTH = 1000
MIN_TEXT = 16
#: The line step of wrapped ``MIN_TEXT`` lines.
LINE = 19
MARGIN = 20
PILE_STEP = 150
SLOT_W = 84
SCOOP_STEP = 30
SCOOP_R = 18
CARD_W, CARD_H, CARD_GAP = 70, 98, 4
#: The height of the cone area when there are no cones (a line saying so, or nothing).
NO_CONES_H = 48
PANEL_GAP = 10

_EXACT, _CLOSE, _PLACE, _NO = "exact", "close", "place", "no"
_DOT = " \u00b7 "
_FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"


@dataclass(frozen=True)
class Highlights:
    """The options of the current decision, arranged for drawing (empty: no highlights)."""

    cones: dict[int, tuple[str, Option]]
    new_cone: Option | None
    buttons: tuple[Option, ...]

    @classmethod
    def none(cls) -> Highlights:
        return cls({}, None, ())

    @classmethod
    def of(cls, options: Sequence[Option]) -> Highlights:
        """Sort options: cone ``n`` -> (kind, option); the new-cone option; the buttons."""
        cones: dict[int, tuple[str, Option]] = {}
        new_cone = None
        buttons = []
        for opt in options:
            kind = opt.action.type
            if kind == "serve":
                tag = (_EXACT if opt.rule == "IC-9" else _CLOSE) if opt.allowed else _NO
                cones[opt.action.cone] = (tag, opt)
            elif kind == "place" and opt.action.cone is None:
                new_cone = opt
            elif kind == "place":
                cones[opt.action.cone] = (_PLACE if opt.allowed else _NO, opt)
            else:
                buttons.append(opt)
        return cls(cones, new_cone, tuple(buttons))


def render_svg(state: Any, seat: int | None = None, lang: str = DEFAULT_LANGUAGE,
               highlight: bool = True) -> str:
    """The table as SVG text, as ``seat`` sees it (``None``: the teacher sees everything).

    Options are highlighted (and clickable) only in the picture of the seat to act or the
    teacher's, and only when ``highlight`` is true.
    """
    view = state.view(seat)
    shows_options = highlight and not view.is_over and (view.teacher or seat == view.to_act)
    marks = Highlights.of(state.options()) if shows_options else Highlights.none()
    return render_view(view, marks, lang)


def render_view(view: Any, marks: Highlights, lang: str = DEFAULT_LANGUAGE,
                scoring: Scoring | None = None) -> str:
    """The SVG of an :class:`~icecream.games.ice_cream.view.IceCreamView` with highlights
    (or, with ``scoring``, as the day is scored)."""
    return _Picture(view, marks, lang, scoring).draw()


@dataclass(frozen=True)
class Scoring:
    """What the picture of a day's scoring adds to the table (IC-13): the day, each
    player's scoops and duplicates, the cards each hands in (a count per flavour), and
    the day that "Continue" deals (``None`` at the game's end)."""

    day: int
    points: tuple[tuple[int, int], ...]
    handed_in: tuple[tuple[int, ...], ...]
    next_day: int | None


#: The events of the scoring step that change the table before it is scored.
_SERVES = ("ic.event.serve", "ic.event.serve_close", "ic.event.serve_close_nothing")


def render_scoring(before: Any, after: Any, seat: int | None = None,
                   lang: str = DEFAULT_LANGUAGE) -> str:
    """The table as the day is scored (IC-13), before the next day is dealt (IC-14,
    IC-5): the cones as served (the last one too) and unserved ones still standing, each
    hand with its opened cards and the cards handed in marked, and each player's scoops
    and duplicates. Drawn from ``before`` (the position before the step that scored the
    day), that step's events and ``after`` (the scored position), as ``seat`` sees them;
    it offers no options. The picture holds no rules: the events and the two positions
    say what happened.

    >>> from icecream import History
    >>> h = History.new("ice-cream", players=3, seed=1)
    >>> while h.state.day == 1:
    ...     _ = h.play(h.state.legal_actions()[0])
    >>> svg = render_scoring(h.states[-2], h.state, seat=0)
    >>> "ic-scoring" in svg and "ic-option" not in svg and svg.count('class="ic-last-day"')
    3
    """
    view = before.view(seat)
    n = len(view.names)
    cones = list(view.cones)
    served = [list(row) for row in view.served]
    hands = [list(hand) for hand in view.face_up]
    points = [(0, 0)] * n
    for e in after.events[: after.round_split()]:
        if seat is not None and e.visible_to is not None and e.visible_to != seat:
            continue
        par = e.params
        if e.key in _SERVES:
            cones[par["cone"] - 1] = None
            for f in par["scoops"]:
                served[par["player"]][f] += 1
        elif e.key == "ic.event.draw":
            hands[par["player"]].append(par["flavour"])
        elif e.key == "ic.event.score":
            points[par["player"]] = (par["scoops"], par["dupes"])
    kept = after.view(seat).face_up
    handed = []
    for p in range(n):
        left = [hands[p].count(f) for f in range(len(FLAVOURS))]
        for f in kept[p]:
            left[f] -= 1
        handed.append(tuple(max(0, k) for k in left))
    shown = replace(view, cones=tuple(cones), served=tuple(tuple(r) for r in served),
                    face_up=tuple(tuple(h) for h in hands), scores=after.scores,
                    turned_scoop=None, legal_actions=(), results=after.view(seat).results)
    scoring = Scoring(view.day, tuple(points), tuple(handed),
                      None if after.is_over else getattr(after, "day", None))
    return render_view(shown, Highlights.none(), lang, scoring)


class _Picture:
    """Draws one view; each method draws one part of the table into ``self.out``."""

    def __init__(self, view: Any, marks: Highlights, lang: str,
                 scoring: Scoring | None = None) -> None:
        self.v = view
        self.marks = marks
        self.scoring = scoring
        self.lang = lang
        self.out: list[str] = []
        n = len(view.names)
        self.panel_w = (WIDTH - 2 * MARGIN - PANEL_GAP * (n - 1)) // n
        self.per_row = max(1, (self.panel_w - 12 + CARD_GAP) // (CARD_W + CARD_GAP))
        spc = max([view.settings["scoops_per_cone"]]
                  + [len(c) for c in view.cones if c is not None])
        self.stack_h = spc * SCOOP_STEP
        self.slot_h = self.stack_h + 128  # the cone, its name (two lines) and a note
        slots = view.settings["cones"] + 1
        self.slots_per_row = (WIDTH - 2 * MARGIN) // SLOT_W
        self.cone_rows = -(-slots // self.slots_per_row)
        # Each panel's lines under the name (badges, the last day), wrapped to the panel's
        # width so that no text runs out of it (issue 33); every panel as tall as the most.
        self.panel_lines = [self._panel_lines(p) for p in range(n)]
        self.panel_head = 34 + LINE * max(
            sum(max(1, len(lines)) for _, lines, _ in texts) for texts in self.panel_lines) + 8

    def tr(self, key: str, **params: Any) -> str:
        return escape(t(f"widgets.svg.{key}", self.lang, **params))

    def name(self, seat: int) -> str:
        """The seat's name, shortened, as plain text: :meth:`tr` escapes it with the rest
        of its sentence, so escaping here too would show "&amp;" (escape once). A default
        name ("Player 2") follows the language ("Speler 2")."""
        nm = seat_name(self.v.names, seat, self.lang)
        return nm if len(nm) <= 18 else nm[:17] + "\u2026"

    # -- the whole picture ---------------------------------------------------------
    def draw(self) -> str:
        v = self.v
        y = self.header()
        y += self.supplies(y + 6) + 12
        y += self.cones(y)
        height = y + self.players(y) + MARGIN
        title = self.tr("title", day=v.day)
        scored = ' data-scoring="1"' if self.scoring else ""
        cls = "ic-table-svg ic-scoring" if self.scoring else "ic-table-svg"
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" '
                f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
                f'role="group" aria-label="{title}" data-day="{v.day}" '
                f'data-results="{len(v.results)}"{scored} style="{_FONT}">'
                f'<title>{title}</title>'
                f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#FBF8F1"/>')
        return head + "".join(self.out) + "</svg>"

    def header(self) -> int:
        """Draw the header; its height. The seat banner goes on a line of its own when it
        does not fit beside the rules in play."""
        v, o = self.v, self.out
        phase = escape(t(f"ic.phase.{v.phase}", self.lang))
        if self.scoring is not None:  # the day as scored (IC-13)
            phase = self.tr("day_scored", day=t("ui.day_n.inline", self.lang,
                                                n=self.scoring.day))
        if v.is_over:
            left = phase
        else:
            left = f'{self.tr("day", day=v.day, days=v.settings["days"])}{_DOT}{phase}'
        # The rules in play, in words: the ruleset, and 2 players as a house variant (IC-1).
        rules = escape(t(f"setting.ice-cream.ruleset.{v.settings['ruleset']}", self.lang))
        if len(v.names) < 3:
            rules += _DOT + self.tr("house_variant", players=len(v.names))
        if self.scoring is not None:
            nxt = self.scoring.next_day
            right = "" if nxt is None else self.tr(
                "next_on_continue", day=t("ui.day_n.inline", self.lang, n=nxt))
        elif v.is_over:
            right = self.tr("winners", count=len(v.winners),
                            names=join_words([seat_name(v.names, p, self.lang)
                                                for p in v.winners], self.lang))
        elif not v.teacher and v.seat == v.to_act:
            right = self.tr("your_turn")
        else:
            right = self.tr("to_act", player=self.name(v.to_act))
        # Whose eyes: the teacher's view (every card) stands out in yellow.
        if v.teacher:
            fill, ink, words, cls = "#F0E442", "#000000", self.tr("teacher_banner"), "teacher"
        else:
            fill, ink, cls = "#3B2F2F", "#F5E9D3", "seat"
            words = self.tr("seat_banner", player=self.name(v.seat))
        room = WIDTH - 2 * MARGIN
        banner_w = min(_width(unescape(words), MIN_TEXT), room - 12)
        own_line = _width(unescape(rules), MIN_TEXT) + 30 + banner_w > room
        height = 92 if own_line else 70
        o.append(f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#3B2F2F"/>')
        squeeze = _fit(unescape(left), room - _width(unescape(right), 20) - 20, 20)
        o.append(f'<text class="ic-phase" x="{MARGIN}" y="26" font-size="20" '
                 f'font-weight="bold" fill="#FFFFFF"{squeeze}>{left}</text>')
        o.append(f'<text class="ic-rules-in-play" x="{MARGIN}" y="54" font-size="{MIN_TEXT}" '
                 f'fill="#F5E9D3">{rules}</text>')
        o.append(f'<text class="ic-to-act" x="{WIDTH - MARGIN}" y="26" font-size="20" '
                 f'font-weight="bold" text-anchor="end" fill="#FFD966">{right}</text>')
        by = 76 if own_line else 54
        o.append(f'<g class="ic-banner ic-banner-{cls}"><rect x="{WIDTH - MARGIN - banner_w - 8}"'
                 f' y="{by - 16}" width="{banner_w + 14}" height="22" rx="4" fill="{fill}"/>'
                 f'<text x="{WIDTH - MARGIN}" y="{by}" font-size="{MIN_TEXT}" font-weight="bold" '
                 f'text-anchor="end" fill="{ink}"{_fit(unescape(words), banner_w)}>{words}</text>'
                 f'</g>')
        return height

    # -- decks, the turned scoop, the buttons ----------------------------------------
    def supplies(self, y: int) -> int:
        """Draw the piles, the turned scoop and the buttons from ``y``; the height taken."""
        v, o = self.v, self.out
        tallest = max(len(_wrap(t(f"widgets.svg.{key}", self.lang), PILE_STEP - 8))
                      for key in ("ice_cream_deck", "discard"))
        x = MARGIN + 30
        piles = (("ice_cream_deck", v.ice_cream_deck_size, "ic-deck"),
                 ("discard", v.discard_size, "ic-discard"),
                 ("scoop_deck", v.scoop_deck_size, "ic-scoop-deck"))
        for key, count, cls in piles:
            # A long name ("Stapel roomijskaarten") takes two lines, not its neighbour's room.
            lines = _wrap(t(f"widgets.svg.{key}", self.lang), PILE_STEP - 8)
            words = "".join(
                f'<text x="{x + 22}" y="{y + 82 + LINE * k}" font-size="{MIN_TEXT}" '
                f'text-anchor="middle" fill="#222222"{_fit(line, PILE_STEP - 8)}>'
                f'{escape(line)}</text>' for k, line in enumerate(lines))
            o.append(f'<g class="{cls}" data-count="{count}">'
                     f'<rect x="{x}" y="{y + 4}" width="44" height="60" rx="5" fill="#3D4A5C" '
                     f'stroke="#3B2F2F" stroke-width="2"/>'
                     f'<text x="{x + 22}" y="{y + 40}" font-size="18" font-weight="bold" '
                     f'text-anchor="middle" fill="#FFFFFF">{count}</text>{words}</g>')
            x += PILE_STEP
        removed = t("widgets.svg.removed", self.lang, count=v.removed_count)
        o.append(f'<text class="ic-removed" x="{x - PILE_STEP + 22}" '
                 f'y="{y + 82 + LINE * len(lines)}" '
                 f'font-size="{MIN_TEXT}" text-anchor="middle" fill="#555555"'
                 f'{_fit(removed, PILE_STEP - 8)}>{escape(removed)}</text>')
        x -= 10
        if v.turned_scoop is not None:
            f = v.turned_scoop
            o.append(f'<g class="ic-turned-scoop" data-flavour="{FLAVOURS[f]}">'
                     f'{_scoop(x + 24, y + 34, 24, f, self.lang)}'
                     f'<text x="{x + 58}" y="{y + 30}" font-size="{MIN_TEXT}" fill="#222222">'
                     f'{self.tr("turned_scoop")}</text>'
                     f'<text x="{x + 58}" y="{y + 50}" font-size="17" font-weight="bold" '
                     f'fill="#222222">{escape(_flavour(f, self.lang))}</text></g>')
            x += 58 + max(150, int(_width(t("widgets.svg.turned_scoop", self.lang),
                                          MIN_TEXT)) + 16)
        self.buttons(x, y + 14)
        # Under the scoop deck: its name's lines and the scoops removed (IC-3).
        return 70 + LINE * max(tallest, len(lines) + 1)

    def buttons(self, x: int, y: int) -> None:
        o = self.out
        if not self.marks.buttons:
            if (not self.v.is_over and not self.v.teacher and self.v.seat != self.v.to_act
                    and self.scoring is None):
                o.append(f'<text class="ic-waiting" x="{x}" y="{y + 24}" font-size="{MIN_TEXT}" '
                         f'fill="#555555">{self.tr("waiting", player=self.name(self.v.to_act))}'
                         f'</text>')
            return
        for opt in self.marks.buttons:
            label = self.tr(f"button_{opt.action.type}")
            w = max(96, int(_width(unescape(label), 17)) + 24)
            reason = escape(opt.reason.text(self.lang, self.v.names, FLAVOURS))
            if opt.allowed:
                o.append(f'<g {option_attrs(opt, "ic-button")}><title>{reason}</title>'
                         f'<rect x="{x}" y="{y}" width="{w}" height="40" rx="8" fill="{CLICK}" '
                         f'stroke="#003D66" stroke-width="2"/>'
                         f'<text x="{x + w // 2}" y="{y + 26}" font-size="17" font-weight="bold" '
                         f'text-anchor="middle" fill="#FFFFFF">{label}</text></g>')
            else:
                o.append(f'<g {option_attrs(opt, "ic-button ic-disabled")}><title>{reason}</title>'
                         f'<rect x="{x}" y="{y}" width="{w}" height="40" rx="8" fill="#DDDDDD" '
                         f'stroke="#999999" stroke-width="2" stroke-dasharray="5 3"/>'
                         f'<text x="{x + w // 2}" y="{y + 26}" font-size="17" '
                         f'text-anchor="middle" fill="#555555">{label}</text></g>')
            x += w + 14

    # -- the cones ---------------------------------------------------------------------
    def cones(self, y: int) -> int:
        """Draw the cones from ``y``; the height they take. Phase 1 and the game's end
        have none: the hands, which are what a player decides about then, come up
        instead of sitting below an empty area."""
        v, o = self.v, self.out
        if v.phase == "deliveries":
            o.append(f'<text x="{MARGIN}" y="{y + 30}" font-size="{MIN_TEXT}" fill="#555555">'
                     f'{self.tr("no_cones")}</text>')
            return NO_CONES_H
        if not v.cones and v.phase != "cones":
            return NO_CONES_H
        for i, cone in enumerate(v.cones):
            self.cone(i + 1, cone, *self.slot_xy(i, y))
        if v.phase == "cones":
            self.new_cone_spot(*self.slot_xy(len(v.cones), y))
        return self.cone_rows * self.slot_h + 8

    def slot_xy(self, k: int, y: int) -> tuple[int, int]:
        row, col = divmod(k, self.slots_per_row)
        return MARGIN + col * SLOT_W, y + row * self.slot_h

    def cone(self, n: int, cone: tuple[int, ...] | None, x: int, y: int) -> None:
        o = self.out
        cx = x + SLOT_W // 2
        base = y + self.stack_h + 12
        tag, opt = self.marks.cones.get(n, (None, None))
        served = cone is None
        flavours = "" if served else " ".join(FLAVOURS[f] for f in cone)
        label = self.tr("cone_label", cone=n, scoops=join_words(
            [_flavour(f, self.lang) for f in cone], self.lang)) if cone else \
            self.tr("cone_served_label", cone=n)
        # A forbidden cone is an option too: a click on it says why not, in place.
        classes = "ic-cone ic-served" if served else "ic-cone"
        data = f'data-cone="{n}" data-scoops="{len(cone or ())}" data-flavours="{flavours}"'
        if opt is None:
            o.append(f'<g class="{classes}" {data} aria-label="{label}">')
        else:
            o.append(f'<g {option_attrs(opt, classes, label)} {data}>')
        if opt is not None:
            o.append(f'<title>{escape(opt.reason.text(self.lang, self.v.names, FLAVOURS))}'
                     f'</title>')
        if tag is not None:
            o.append(_frame(x + 3, y, SLOT_W - 6, self.slot_h - 8, tag))
        if served:
            o.append(_cone_shape(cx, base, "#EEEEEE", "#AAAAAA", dashed=True))
            words = t("widgets.svg.served_cone", self.lang)
            o.append(f'<text x="{cx}" y="{base - 12}" font-size="{MIN_TEXT}" '
                     f'text-anchor="middle" fill="#666666"{_fit(words)}>{escape(words)}</text>')
        else:
            o.append(_cone_shape(cx, base, "#E3B778", "#8A5A2B"))
            for k, f in enumerate(cone):
                o.append(_scoop(cx, base - 14 - k * SCOOP_STEP, SCOOP_R, f, self.lang))
        words = t("widgets.svg.cone", self.lang, cone=n)
        o.append(f'<text class="ic-cone-name" x="{cx}" y="{base + 62}" font-size="{MIN_TEXT}" '
                 f'font-weight="bold" text-anchor="middle" fill="#222222"{_fit(words)}>'
                 f'{escape(words)}</text>')
        if tag is not None:
            words = t(f"widgets.svg.tag_{tag}", self.lang)
            o.append(f'<text class="ic-tag ic-tag-{tag}" x="{cx}" y="{base + 82}" '
                     f'font-size="{MIN_TEXT}" font-weight="bold" text-anchor="middle" '
                     f'fill="{_TAG_INK[tag]}"{_fit(words)}>{escape(words)}</text>')
        o.append("</g>")

    def new_cone_spot(self, x: int, y: int) -> None:
        o = self.out
        opt = self.marks.new_cone
        cx = x + SLOT_W // 2
        base = y + self.stack_h + 12
        clickable = opt is not None and opt.allowed
        full = len(self.v.cones) >= self.v.settings["cones"]
        o.append(f'<g {option_attrs(opt, "ic-new-cone", self.tr("new_cone"))}>')
        if opt is not None:
            o.append(f'<title>{escape(opt.reason.text(self.lang, self.v.names, FLAVOURS))}'
                     f'</title>')
            o.append(_frame(x + 3, y, SLOT_W - 6, self.slot_h - 8, _PLACE if clickable else _NO))
        o.append(_cone_shape(cx, base, "#FFFFFF", "#8A5A2B", dashed=True))
        mark = "\u00d7" if full else "+"
        o.append(f'<text x="{cx}" y="{base - 14}" font-size="26" font-weight="bold" '
                 f'text-anchor="middle" fill="#8A5A2B">{mark}</text>')
        # A long name ("Nieuw hoorntje") takes two lines rather than its neighbour's room.
        words = t("widgets.svg.new_cone", self.lang)
        lines = _wrap(words, SLOT_W - 6)
        for k, line in enumerate(lines):
            o.append(f'<text class="ic-cone-name" x="{cx}" y="{base + 62 + LINE * k}" '
                     f'font-size="{MIN_TEXT}" font-weight="bold" text-anchor="middle" '
                     f'fill="#222222"{_fit(line)}>{escape(line)}</text>')
        if full:
            words = t("widgets.svg.cones_used", self.lang, count=self.v.settings["cones"])
            o.append(f'<text x="{cx}" y="{base + 62 + LINE * len(lines)}" '
                     f'font-size="{MIN_TEXT}" text-anchor="middle" fill="#555555"{_fit(words)}>'
                     f'{escape(words)}</text>')
        o.append("</g>")

    # -- the players -------------------------------------------------------------------
    def players(self, y: int) -> int:
        v = self.v
        rows = 1
        for p in range(len(v.names)):
            cards = len(v.face_up[p]) + (1 if v.has_face_down[p] else 0)
            rows = max(rows, -(-cards // self.per_row))
        h = self.panel_head + rows * (CARD_H + CARD_GAP) + 8
        for p in range(len(v.names)):
            self.player(p, MARGIN + p * (self.panel_w + PANEL_GAP), y, h)
        return h

    def player(self, p: int, x: int, y: int, h: int) -> None:
        v, o = self.v, self.out
        acting = p == v.to_act and not v.is_over and self.scoring is None
        me = p == v.seat
        stroke, width = ("#B8860B", 5) if acting else ("#8A7F6A", 2)
        score = t("widgets.svg.score", self.lang, score=v.scores[p])
        score_w = int(_width(score, 17)) + 8
        o.append(f'<g class="ic-player{" ic-acting" if acting else ""}" data-seat="{p}" '
                 f'data-score="{v.scores[p]}">'
                 f'<rect x="{x}" y="{y}" width="{self.panel_w}" height="{h}" rx="10" '
                 f'fill="{"#FFFFFF" if me else "#F4EFE4"}" stroke="{stroke}" '
                 f'stroke-width="{width}"/>'
                 f'<text x="{x + 10}" y="{y + 24}" font-size="17" font-weight="bold" '
                 f'fill="#222222"{_fit(self.name(p), self.panel_w - 20 - score_w, 17)}>'
                 f'{escape(self.name(p))}</text>'
                 f'<text class="ic-score" x="{x + self.panel_w - 10}" y="{y + 24}" '
                 f'font-size="17" font-weight="bold" text-anchor="end" fill="#222222">'
                 f'{escape(score)}</text>')
        # One <text> per kind (the badges, the day's points), a <tspan> per wrapped line.
        room = self.panel_w - 20
        k = 0
        for cls, lines, bold in self.panel_lines[p]:
            weight = ' font-weight="bold"' if bold else ""
            ink = "#5A3A00" if cls == "ic-badges" else "#222222"
            spans = "".join(
                f'<tspan x="{x + 10}" y="{y + 46 + LINE * (k + j)}"{_fit(line, room)}>'
                f'{escape(line)}</tspan>' for j, line in enumerate(lines))
            o.append(f'<text class="{cls}" font-size="{MIN_TEXT}"{weight} fill="{ink}">'
                     f'{spans}</text>')
            k += max(1, len(lines))
        opened: set[int] = set()
        k = 0
        handed = self._handed_in(p)
        for f, out in zip(v.face_up[p], handed, strict=True):
            count = v.served[p][f] if f not in opened else 0
            if count:
                opened.add(f)
            self.card(f, count, *self.card_xy(x, y, k), handed_in=out)
            k += 1
        if v.has_face_down[p]:
            cx, cy = self.card_xy(x, y, k)
            hidden = v.face_down[p]
            if hidden is None:
                self.card_back(cx, cy)
            else:
                self.card(hidden, 0, cx, cy, face_down=True)
        o.append("</g>")

    def _panel_lines(self, p: int) -> list[tuple[str, list[str], bool]]:
        """(class, lines, bold) of each text under seat ``p``'s name: its badges (dealer, to
        act, winner, served today; possibly none) and the day just scored, each wrapped to
        the panel's width."""
        v = self.v
        room = self.panel_w - 20
        acting = p == v.to_act and not v.is_over and self.scoring is None
        badges = []
        if p == v.dealer:
            badges.append(t("widgets.svg.dealer", self.lang))
        if acting:
            badges.append(t("widgets.svg.acting", self.lang))
        if p in v.winners:
            badges.append(t("widgets.svg.winner", self.lang))
        served = sum(v.served[p])
        if served and self.scoring is None:
            badges.append(t("widgets.svg.served_today", self.lang, count=served))
        out = [("ic-badges", _wrap(badges, room, joiner=_DOT), True)]
        if self.scoring is not None:  # this day's scoops and duplicates (IC-13)
            scoops, dupes = self.scoring.points[p]
            words = t("widgets.svg.scored_line", self.lang, points=scoops + dupes,
                      scoops=t("widgets.svg.scoops", self.lang, count=scoops),
                      dupes=t("widgets.svg.dupes", self.lang, count=dupes))
            out.append(("ic-last-day", _wrap(words, room), True))
        elif v.results and (v.phase == "deliveries" or v.is_over):
            # The day just scored, so the scoring stays readable on the next deal (IC-13).
            scoops, dupes = v.results[-1][p]
            words = t("widgets.svg.last_day", self.lang, day=len(v.results),
                      points=scoops + dupes,
                      scoops=t("widgets.svg.scoops", self.lang, count=scoops),
                      dupes=t("widgets.svg.dupes", self.lang, count=dupes))
            out.append(("ic-last-day", _wrap(words, room), False))
        return out

    def _handed_in(self, p: int) -> list[bool]:
        """Which of seat ``p``'s face-up cards the scoring takes (none outside it): the
        opened card of a flavour first, then its last copies."""
        hand = self.v.face_up[p]
        out = [False] * len(hand)
        if self.scoring is None:
            return out
        left = list(self.scoring.handed_in[p])
        opened: set[int] = set()
        for k, f in enumerate(hand):
            if self.v.served[p][f] and f not in opened and left[f]:
                opened.add(f)
                out[k] = True
                left[f] -= 1
        for k in range(len(hand) - 1, -1, -1):
            f = hand[k]
            if left[f] and not out[k]:
                out[k] = True
                left[f] -= 1
        return out

    def card_xy(self, x: int, y: int, k: int) -> tuple[int, int]:
        row, col = divmod(k, self.per_row)
        return x + 8 + col * (CARD_W + CARD_GAP), y + self.panel_head + row * (CARD_H + CARD_GAP)

    def card(self, f: int, served: int, x: int, y: int, face_down: bool = False,
             handed_in: bool = False) -> None:
        name = _flavour(f, self.lang)
        lines = _card_lines(name)
        classes = "ic-card ic-face-down" if face_down else "ic-card"
        if served:
            classes += " ic-opened"
        if handed_in:
            classes += " ic-handed-in"
        dash = ' stroke-dasharray="6 3"' if face_down else ""
        ink = FLAVOUR_INK[f]
        label = self.tr("card_label", flavour=name) if not face_down else \
            self.tr("card_face_down_label", flavour=name)
        parts = [f'<g class="{classes}" data-flavour="{FLAVOURS[f]}" data-served="{served}" '
                 f'role="img" aria-label="{label}">',
                 f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" '
                 f'fill="{FLAVOUR_COLOURS[f]}" stroke="#222222" '
                 f'stroke-width="{3 if served else 1.5}"{dash}/>',
                 f'<text x="{x + CARD_W // 2}" y="{y + 25}" font-size="20" font-weight="bold" '
                 f'text-anchor="middle" fill="{ink}">{_initials(f, self.lang)}</text>']
        for j, line in enumerate(lines):
            parts.append(f'<text x="{x + CARD_W // 2}" y="{y + 46 + (LINE - 2) * j}" '
                         f'font-size="{MIN_TEXT}" text-anchor="middle" fill="{ink}"'
                         f'{_fit(line, CARD_W - 6, MIN_TEXT, bold=False)}>{escape(line)}</text>')
        band = ""
        if face_down:
            band = self.tr("face_down")
        if handed_in:  # the scoring takes it (IC-13): a band across the card says so
            band = self.tr("handed_in")
        if band:
            fit = _fit(unescape(band), CARD_W - 6, MIN_TEXT)
            parts.append(f'<rect x="{x + 1}" y="{y + CARD_H - 21}" width="{CARD_W - 2}" '
                         f'height="20" rx="3" fill="{"#3B2F2F" if handed_in else "#FFFFFF"}"/>'
                         f'<text x="{x + CARD_W // 2}" y="{y + CARD_H - 6}" '
                         f'font-size="{MIN_TEXT}" font-weight="bold" text-anchor="middle" '
                         f'fill="{"#FFFFFF" if handed_in else "#000000"}"{fit}>{band}</text>')
        if served:
            parts.append(f'<title>{self.tr("scoops_on_card", count=served, flavour=name)}</title>'
                         f'<circle cx="{x + CARD_W - 8}" cy="{y - 1}" r="11" fill="#FFFFFF" '
                         f'stroke="#222222" stroke-width="2"/>'
                         f'<text x="{x + CARD_W - 8}" y="{y + 5}" font-size="{MIN_TEXT}" '
                         f'font-weight="bold" text-anchor="middle" fill="#000000">{served}</text>')
        parts.append("</g>")
        self.out.append("".join(parts))

    def card_back(self, x: int, y: int) -> None:
        self.out.append(
            f'<g class="ic-card-back" role="img" aria-label="{self.tr("card_back")}">'
            f'<title>{self.tr("card_back")}</title>'
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#3D4A5C" '
            f'stroke="#222222" stroke-width="1.5"/>'
            f'<rect x="{x + 5}" y="{y + 5}" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
            f'fill="none" stroke="#E3B778" stroke-width="2" stroke-dasharray="4 3"/>'
            f'<text x="{x + CARD_W // 2}" y="{y + CARD_H // 2 + 8}" font-size="22" '
            f'font-weight="bold" text-anchor="middle" fill="#E3B778">?</text></g>')


# Every clickable frame is blue (CLICK); exact and close differ by line and word, so no
# frame shares a colour with a flavour.
_TAG_STYLE = {
    _EXACT: (CLICK, "none", 4),
    _CLOSE: (CLICK, "9 5", 4),
    _PLACE: (CLICK, "none", 3),
    _NO: ("#999999", "2 4", 1.5),
}
_TAG_INK = {_EXACT: "#0B4F8A", _CLOSE: "#0B4F8A", _PLACE: "#0B4F8A", _NO: "#666666"}


def _width(text: str, size: int = MIN_TEXT, bold: bool = True) -> float:
    """About how wide ``text`` is at ``size`` in DejaVu Sans (bold, or a little less for
    regular type; a little generous)."""
    em = sum(0.4 if ch in "ijlt.,:;'!|() f" else 0.95 if ch in "mwMW" else
             0.78 if ch.isupper() or ch.isdigit() else 0.66 for ch in text)
    return em * size * (1.0 if bold else 0.92)


def _fit(text: str, room: float = SLOT_W - 6, size: int = MIN_TEXT, bold: bool = True) -> str:
    """Squeeze ``text`` into ``room`` units when it would overlap its neighbour's (a
    single long word; longer texts are wrapped by :func:`_wrap` first)."""
    if _width(text, size, bold) <= room:
        return ""
    return f' textLength="{int(room)}" lengthAdjust="spacingAndGlyphs"'


def _wrap(text: str | list[str], room: float, size: int = MIN_TEXT, bold: bool = True,
          joiner: str = " ") -> list[str]:
    """``text`` in lines of at most ``room`` units: split at spaces (or, for a list, keep
    each item whole and join items on a line with ``joiner``); a word longer than a line
    has its own line (:func:`_fit` squeezes it).

    >>> _wrap("Dag 1: +5 (4 bolletjes, 1 dubbele kaart)", 160)
    ['Dag 1: +5 (4', 'bolletjes, 1', 'dubbele kaart)']
    >>> _wrap(["Dealer", "To act"], 300, joiner=" · ")
    ['Dealer · To act']
    """
    pieces = text.split(" ") if isinstance(text, str) else list(text)
    lines: list[str] = []
    for piece in pieces:
        if lines and _width(lines[-1] + joiner + piece, size, bold) <= room:
            lines[-1] += joiner + piece
        else:
            lines.append(piece)
    return lines


def _card_lines(name: str, room: int = CARD_W - 6) -> list[str]:
    """A flavour's name on a card: at most two lines; a long single word is hyphenated
    rather than squeezed out of shape, where both languages break a word: between a double
    consonant (strac-ciatella) or before a consonant that starts a syllable (vanil-le).

    >>> _card_lines("stracciatella"), _card_lines("zwarte framboos"), _card_lines("vanille")
    (['strac-', 'ciatella'], ['zwarte', 'framboos'], ['vanille'])
    """
    lines = _wrap(name, room, bold=False)
    if len(lines) == 1 and _width(name, bold=False) > 1.3 * room:
        vowels = "aeiouy"
        cuts = [i for i in range(4, len(name) - 3)
                if (name[i - 1] == name[i] and name[i] not in vowels)
                or (name[i - 1] in vowels and name[i] not in vowels and name[i + 1] in vowels)]
        if cuts:
            cut = min(cuts, key=lambda i: max(i + 1, len(name) - i))
            lines = [name[:cut] + "-", name[cut:]]
    return lines[:2]


def _frame(x: int, y: int, w: int, h: int, tag: str) -> str:
    colour, dash, width = _TAG_STYLE[tag]
    fill = "#FFFFFF" if tag != _NO else "none"
    return (f'<rect class="ic-frame" x="{x}" y="{y}" width="{w}" height="{h}" rx="8" '
            f'fill="{fill}" stroke="{colour}" stroke-width="{width}" stroke-dasharray="{dash}"/>')


def _cone_shape(cx: int, top: int, fill: str, stroke: str, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="5 3"' if dashed else ""
    return (f'<path d="M{cx - 21} {top} L{cx + 21} {top} L{cx} {top + 44} Z" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"{dash}/>')


def _scoop(cx: int, cy: int, r: int, f: int, lang: str) -> str:
    size = MIN_TEXT if r < 20 else 18
    return (f'<g class="ic-scoop" data-flavour="{FLAVOURS[f]}">'
            f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{FLAVOUR_COLOURS[f]}" stroke="#222222" '
            f'stroke-width="1.5"/><text x="{cx}" y="{cy + size // 3 + 1}" font-size="{size}" '
            f'font-weight="bold" text-anchor="middle" fill="{FLAVOUR_INK[f]}">{_initials(f, lang)}'
            f'</text></g>')


def _flavour(f: int, lang: str) -> str:
    return t(f"flavour.{FLAVOURS[f]}", lang)


def _initials(f: int, lang: str) -> str:
    # The letters on a card or scoop are words too: the Dutch read "Ab" for aardbei.
    return escape(t(f"ic.initials.{FLAVOURS[f]}", lang))


__all__ = ["FLAVOUR_COLOURS", "Highlights", "Scoring", "action_json", "render_scoring",
           "render_svg", "render_view"]
