"""Screenshots of the Ice Cream table in headless Chromium, for a human to look at.

Plays a seeded four-player game with random bots and saves PNGs under ``/tmp/shots/``
(or the folder given as the first argument) at a few moments: phase 1 (a seat's view and
the teacher's), the middle of phase 2, phase 3 with highlights, and the end of the game.

    .venv/bin/python benchmarks/screenshot_table.py [folder]

Uses Debian's Chromium through the ``playwright`` package (never ``playwright install``);
every request that is not a local file is aborted.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import icecream
from icecream.bots import make_bot
from icecream.games.ice_cream import EXAMPLES
from icecream.games.ice_cream.render import render_svg

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def moments(seed: int = 3) -> list[tuple[str, str]]:
    """(file stem, SVG) for the moments worth a picture in one seeded game."""
    bot = make_bot("random", seed=seed)
    s = icecream.new_game("ice-cream", players=["Ann", "Bob", "Cy", "Dee"], seed=seed)
    shots = [("1_deliveries_seat1", render_svg(s, 1)),
             ("1_deliveries_teacher", render_svg(s, None)),
             ("1_deliveries_seat0_to_act", render_svg(s, 0))]
    while s.phase != "cones" or len(s.cones) < 5:
        s = s.apply(bot.choose(s.view(s.current_player)))
    shots.append(("2_cones_mid_to_act", render_svg(s, s.current_player)))
    shots.append(("2_cones_mid_other_seat", render_svg(s, (s.current_player + 1) % 4)))
    while s.phase != "serving":
        s = s.apply(bot.choose(s.view(s.current_player)))
    for _ in range(3):
        if s.phase == "serving":
            s = s.apply(bot.choose(s.view(s.current_player)))
    shots.append(("3_serving_teacher", render_svg(s, None)))
    shots.append(("3_serving_to_act", render_svg(s, s.current_player)))
    while not s.is_over:
        s = s.apply(bot.choose(s.view(s.current_player)))
    shots.append(("4_game_over", render_svg(s, 0)))
    joe = EXAMPLES["joe_case_b"].start()  # a close cone (IC-10) and the draw button
    shots.append(("3_close_cone_joe", render_svg(joe, joe.current_player)))
    five = icecream.new_game("ice-cream", players=["Ann", "Bob", "Cy", "Dee", "Eve"], seed=seed)
    while five.day < 3 or five.phase != "serving":
        five = five.apply(bot.choose(five.view(five.current_player)))
    shots.append(("5_five_players_day3", render_svg(five, None)))
    return shots


def main(folder: str = "/tmp/shots") -> None:
    from playwright.sync_api import sync_playwright

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1040, "height": 800})
        page.route("**/*", lambda route: route.continue_()
                   if route.request.url.startswith("file://") else route.abort())
        for stem, svg in moments():
            html = Path(tmp) / f"{stem}.html"
            html.write_text("<!doctype html><meta charset='utf-8'>"
                            f"<body style='margin:10px;background:#fff'>{svg}</body>",
                            encoding="utf-8")
            page.goto(html.as_uri())
            page.locator("svg").first.screenshot(path=str(out / f"{stem}.png"))
            print(out / f"{stem}.png")
        page.close(run_before_unload=True)
        browser.close()


if __name__ == "__main__":
    main(*sys.argv[1:2])
