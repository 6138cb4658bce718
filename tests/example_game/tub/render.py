"""Tub's table as SVG: the tub with its top scoop, each player's points, and a button per
option (``core.svg.option_attrs``: blue if allowed, forbidden ones say why when clicked)."""

from __future__ import annotations

from html import escape
from typing import Any

from icecream.core.messages import DEFAULT_LANGUAGE, flavour_name, seat_name, t
from icecream.core.svg import option_attrs


def render_svg(state: Any, seat: int | None = None, lang: str = DEFAULT_LANGUAGE,
               highlight: bool = True) -> str:
    """The table as ``seat`` sees it (``None``: the teacher), drawn from its view only."""
    v = state.view(seat)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" '
           'viewBox="0 0 480 200" role="img" font-family="sans-serif">']
    top = flavour_name(f"tub.{v.top}", lang) if v.top else "-"
    out.append(f'<text x="16" y="32" font-size="18">'
               f'{escape(t("tub.table.tub", lang, count=v.left, top=top))}</text>')
    for p, score in enumerate(v.scores):
        out.append(f'<text x="16" y="{70 + 24 * p}" font-size="15">'
                   f'{escape(seat_name(v.names, p, lang))}: {score}</text>')
    if highlight and not v.is_over and v.legal_actions is not None:
        for k, opt in enumerate(state.options() if seat in (None, v.to_act) else []):
            label = t("tub.table.take", lang, count=opt.action.count)
            out.append(f'<g {option_attrs(opt, "tub-take", label)}>'
                       f'<rect x="{260 + 70 * k}" y="60" width="60" height="36" rx="6" '
                       f'fill="#fff" stroke="{"#1f6feb" if opt.allowed else "#999"}"/>'
                       f'<text x="{290 + 70 * k}" y="83" font-size="15" text-anchor="middle">'
                       f'{escape(label)}</text></g>')
    out.append("</svg>")
    return "".join(out)
