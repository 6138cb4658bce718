"""Ice Cream's table text fits and reads at 1024x640 (issue 33), measured in Chromium.

The play dashboard shows the table about 700 px wide at 1024x640 (``test_a11y`` checks
the page), the quiz 720 px. Chromium lays out the SVG of many moments of 3-, 4- and
5-player games in English and Dutch (each seat's view, the teacher's, the day's scoring)
at that width, with the dashboards' font, and measures what a student sees: every text
is at least 11 px tall on screen, no text of a player's panel runs out of the panel
("Dag 1: +5 (4 bolletjes, 1 dubbele ka…" did), no text runs off the picture, the phase
and the player to act do not overlap, and a cone's words stay in its slot.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from icecream import History
from icecream.games.ice_cream.render import SLOT_W, render_scoring, render_svg

#: How wide the play page shows the table at 1024x640 (the narrowest place it is shown).
SHOWN_WIDTH = 700
MIN_PX = 11

MEASURE_JS = """() => {
  const svg = document.querySelector("svg");
  const vb = svg.viewBox.baseVal;
  const scale = svg.getBoundingClientRect().width / vb.width;
  const out = {min: 1e9, smallest: "", problems: []};
  const box = (el) => el.getBBox();
  for (const el of svg.querySelectorAll("text")) {
    const words = el.textContent.trim();
    if (!words) continue;
    const px = parseFloat(getComputedStyle(el).fontSize) * scale;
    if (px < out.min) { out.min = px; out.smallest = words; }
    const b = box(el);
    if (b.x < -0.5 || b.x + b.width > vb.width + 0.5)
      out.problems.push(`off the picture: ${words}`);
  }
  for (const g of svg.querySelectorAll(".ic-player")) {
    const r = g.querySelector("rect");
    const x0 = r.x.baseVal.value, x1 = x0 + r.width.baseVal.value;
    for (const el of g.querySelectorAll("text")) {
      const words = el.textContent.trim();
      const b = box(el);
      if (words && (b.x < x0 || b.x + b.width > x1))
        out.problems.push(`out of its panel (${x0}-${x1}): ${words} (${b.x.toFixed(0)}-` +
                          `${(b.x + b.width).toFixed(0)})`);
    }
  }
  for (const el of svg.querySelectorAll(".ic-cone-name, .ic-tag")) {
    if (box(el).width > SLOT_W + 0.5) out.problems.push(`wider than a cone: ${el.textContent}`);
  }
  const phase = svg.querySelector(".ic-phase"), act = svg.querySelector(".ic-to-act");
  if (phase && act && act.textContent.trim() && box(phase).x + box(phase).width > box(act).x)
    out.problems.push(`the phase runs into the player to act: ${phase.textContent}`);
  return out;
}""".replace("SLOT_W", str(SLOT_W))


def moments(players: int, lang: str, seed: int) -> list[tuple[str, str]]:
    """(what, SVG) for moments of a random game: day 1's deal, mid-phase 2, the day's
    scoring, day 2's deal (the last day's points under each name), the game's end."""
    rng = random.Random(seed)
    h = History.new("ice-cream", players=players, seed=seed)
    out = []
    seen_phase2 = False
    while not h.state.is_over:
        s = h.state
        if s.phase == "cones" and not seen_phase2 and len(s.view(None).cones) >= 2:
            seen_phase2 = True
            out.append(("phase 2, teacher", render_svg(s, None, lang)))
            out.append(("phase 2, seat to act", render_svg(s, s.to_act, lang)))
        day = s.day
        h.play(rng.choice(s.legal_actions()))
        if not h.state.is_over and h.state.day != day:
            out.append((f"day {day} scored", render_scoring(h.states[-2], h.state, 0, lang)))
            out.append((f"day {h.state.day} dealt, seat to act",
                        render_svg(h.state, h.state.to_act, lang)))
            out.append((f"day {h.state.day} dealt, another seat",
                        render_svg(h.state, (h.state.to_act + 1) % players, lang)))
    out.append(("the end", render_svg(h.state, 0, lang)))
    return out


@pytest.fixture(scope="module")
def svg_page(browser: Any) -> Any:
    page = browser.new_page(viewport={"width": 1024, "height": 640})
    yield page
    page.close()


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_ice_cream_text_is_11px_and_stays_in_its_box(svg_page: Any, players: int,
                                                     lang: str) -> None:
    failures = []
    smallest = (1e9, "")
    for what, svg in moments(players, lang, seed=players):
        shown = svg.replace('style="font-family', f'style="width:{SHOWN_WIDTH}px;height:auto;'
                            'font-family', 1)
        svg_page.set_content(f'<html><body style="margin:0">{shown}</body></html>')
        found = svg_page.evaluate(MEASURE_JS)
        smallest = min(smallest, (found["min"], found["smallest"]))
        failures += [f"{what}: {p}" for p in found["problems"]]
        if found["min"] < MIN_PX:
            failures.append(f"{what}: {found['smallest']!r} is {found['min']:.1f} px")
    assert not failures, "\n".join(failures[:20])
    assert smallest[0] >= MIN_PX
