"""A plotly chart on a page, drawn by plotly's own renderer for its MIME type; or the same
bars as SVG where plotly is not installed (the static site, :func:`svg_chart`).

Why not plotly's ``FigureWidget``: it is an anywidget whose model carries plotly's whole
4.8 MB script bundle, sent to the browser and evaluated again for every chart. anywidget
gives a model 2 s to load its script; on a busy 2-core classroom machine that was not
enough, the page logged ``[anywidget] Failed to initialize model.`` and anywidget dropped
every later message to that chart. A chart here never changes after it is drawn, so it
needs no live model: :func:`chart` puts plotly's own MIME bundle of the figure (the one
its ``plotly_mimetype`` renderer makes) in an ``Output`` widget, and the page's plotly
renderer (the ``jupyterlab-plotly`` extension installed with plotly, its script loaded
once per page) draws it.

>>> import plotly.graph_objects as go
>>> box = chart(go.Figure(go.Bar(x=["a"], y=[1]), {"title": "one bar"}))
>>> data = box.outputs[0]["data"]
>>> sorted(data), data[MIME]["data"][0]["type"], data["text/plain"]
(['application/vnd.plotly.v1+json', 'text/plain'], 'bar', 'one bar')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

#: The MIME type plotly's renderer draws.
MIME = "application/vnd.plotly.v1+json"


def chart(figure: Any) -> widgets.Output:
    """An ``Output`` widget that shows ``figure``, a plotly figure.

    A page without plotly's renderer shows the figure's title instead (``text/plain``).
    """
    import plotly.io as pio

    data = pio.renderers["plotly_mimetype"].to_mimebundle(figure.to_dict())
    data[MIME]["config"] = {"displaylogo": False, "responsive": True}
    data["text/plain"] = figure.layout.title.text or ""
    box = widgets.Output()
    box.outputs = ({"output_type": "display_data", "metadata": {}, "data": data},)
    return box


# -- the same charts as SVG, where plotly is not installed (the static site) -----------------

@dataclass(frozen=True)
class Series:
    """One set of bars: a legend label, a colour, and per category a value with its 95%
    interval (NaN: no bar)."""

    label: str
    colour: str
    values: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]


@dataclass(frozen=True)
class Panel:
    """One chart panel: a title, the categories along its axis, its series side by side,
    and whether the values are shares (shown as percentages)."""

    title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    percent: bool = False


#: Size of an SVG chart, in pixels (it scales down to its box).
SVG_WIDTH, PANEL_HEIGHT = 900, 230


def plotly_available() -> bool:
    """True when plotly can be imported (a server's kernel); the static site's Python has
    no plotly, and its charts are drawn as SVG (:func:`svg_chart`)."""
    import importlib.util

    return importlib.util.find_spec("plotly") is not None


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering ``low..high``."""
    span = high - low
    if span <= 0:
        span = abs(high) or 1.0
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    k = 0
    while first + k * step <= high + step * 1e-9:
        ticks.append(round(first + k * step, 10))
        k += 1
    return ticks


def _tick_text(value: float, percent: bool, lang: str) -> str:
    from ..core.messages import format_number

    if percent:
        return format_number(value, lang, ".0%")
    return format_number(value, lang, ".0f" if abs(value) >= 10 or value == int(value)
                         else ".1f")


def svg_chart(panels: list[Panel], title: str, lang: str = "en") -> str:
    """Panels of grouped bars with 95% error bars as one SVG (no script): a title, a legend
    of the first panel's series, then each panel with its axis and category names."""
    legend_h, title_h, label_h = 24, 30, 44
    height = title_h + legend_h + len(panels) * (PANEL_HEIGHT + label_h)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ic-svg-chart" role="img" '
           f'viewBox="0 0 {SVG_WIDTH} {height}" width="{SVG_WIDTH}" height="{height}" '
           f'style="max-width:100%;height:auto;font-family:sans-serif">',
           f"<title>{escape(title)}</title>",
           f'<text x="4" y="20" font-size="16" font-weight="bold">{escape(title)}</text>']
    x = 60
    for s in (panels[0].series if panels else ()):
        if len(panels[0].series) < 2:
            break
        out.append(f'<rect x="{x}" y="{title_h + 6}" width="12" height="12" '
                   f'fill="{s.colour}"/><text x="{x + 16}" y="{title_h + 16}" '
                   f'font-size="13">{escape(s.label)}</text>')
        x += 30 + 8 * len(s.label)
    top = title_h + legend_h
    left, right = 60, SVG_WIDTH - 10
    for panel in panels:
        y0, y1 = top + 22, top + PANEL_HEIGHT - 8  # plot area
        out.append(f'<text x="{left}" y="{top + 14}" font-size="13" '
                   f'font-weight="bold">{escape(panel.title)}</text>')
        ends = [v for s in panel.series for v in (*s.values, *s.lows, *s.highs)
                if math.isfinite(v)]
        low, high = min([0.0, *ends]), max([0.0, *ends]) or 1.0
        ticks = _ticks(low, high)
        low, high = min(low, ticks[0]), max(high, ticks[-1])

        def ypos(v: float, y0: float = y0, y1: float = y1, low: float = low,
                 high: float = high) -> float:
            return y1 - (v - low) / (high - low) * (y1 - y0)

        for tick in ticks:
            y = ypos(tick)
            out.append(f'<line x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}" '
                       f'stroke="{"#888" if tick == 0 else "#e5e5e5"}"/>'
                       f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" '
                       f'text-anchor="end">{escape(_tick_text(tick, panel.percent, lang))}'
                       f"</text>")
        cats = len(panel.categories) or 1
        slot = (right - left) / cats
        width = min(60.0, slot * 0.7 / max(1, len(panel.series)))
        for c, name in enumerate(panel.categories):
            centre = left + slot * (c + 0.5)
            for k, s in enumerate(panel.series):
                v, lo, hi = s.values[c], s.lows[c], s.highs[c]
                if not math.isfinite(v):
                    continue
                bx = centre + (k - len(panel.series) / 2) * width
                ya, yb = sorted((ypos(v), ypos(0.0)))
                shown = _tick_text(v, panel.percent, lang) if panel.percent else \
                    f"{v:.3g}"
                tip = f"{s.label}: {name}: {shown}"
                out.append(f'<rect class="ic-bar" x="{bx:.1f}" y="{ya:.1f}" '
                           f'width="{width - 2:.1f}" height="{max(yb - ya, 0.5):.1f}" '
                           f'fill="{s.colour}"><title>{escape(tip)}</title></rect>')
                if math.isfinite(lo) and math.isfinite(hi):
                    mx = bx + (width - 2) / 2
                    out.append(f'<path class="ic-error-bar" d="M{mx:.1f} {ypos(lo):.1f}'
                               f"V{ypos(hi):.1f}M{mx - 5:.1f} {ypos(lo):.1f}h10"
                               f'M{mx - 5:.1f} {ypos(hi):.1f}h10" stroke="#333" '
                               f'stroke-width="1.2" fill="none"/>')
            for line, text in enumerate(_wrap(name, max(8, int(slot / 7)))[:3]):
                out.append(f'<text x="{centre:.1f}" y="{y1 + 14 + 13 * line:.1f}" '
                           f'font-size="11" text-anchor="middle">{escape(text)}</text>')
        top += PANEL_HEIGHT + label_h
    out.append("</svg>")
    return "".join(out)


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.replace("<br>", " ").split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def svg_box(panels: list[Panel], title: str, lang: str = "en") -> widgets.HTML:
    """An HTML widget showing :func:`svg_chart` of ``panels``."""
    return widgets.HTML(svg_chart(panels, title, lang))
