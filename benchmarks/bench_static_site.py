"""The static site against the server, in one run: a hint, a position what-if, a comparison.

Issue 28's targets, in Chromium on this machine: a hint on the static play page is ready
within 3x the server page's time for the same position and budget, and the what-if page's
default ruleset comparison finishes within its budget with the same verdict as the server's
for the same seed. Both pages open at their defaults (the same game, players and seed: the
same first position, and the same comparison), one after the other:

* the play page: the time from the click on *Hint* to its win rates (budget 2 s, at most
  100 games per option), ``--repeat`` times, each on a newly opened page (the widget
  keeps a position's hint, so a second click on the same page would time its cache);
* the play page's *What if?* with 20 samples (budget 10 s): the time to its chart;
* the what-if page's default comparison (200 games per setting, budget 20 s): the time to
  its chart, its status, and whether its conclusions are word for word the server's.

Run (a built site, ``make site``, or ``--site`` another folder)::

    .venv/bin/python benchmarks/bench_static_site.py [--site _site] [--repeat 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    PLAY,
    VoilaServer,
    chromium_session,
    fill_number,
    free_port,
    new_context,
    text_of,
)

#: Python starting in a static page: about a minute on a busy 2-core machine.
START_S = 600


def open_page(browser: Any, url: str, ready: str) -> tuple[Any, Any, float]:
    context = new_context(browser, viewport={"width": 1024, "height": 640})
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_selector(ready, state="visible", timeout=START_S * 1000)
    return context, page, time.perf_counter() - t0


def time_hint(page: Any) -> tuple[float, str]:
    start = time.perf_counter()
    page.click(f"{PLAY} .ic-hint-toggle")
    page.wait_for_function("(sel) => /%/.test(document.querySelector(sel)?.innerText || '')",
                           arg=f"{PLAY} .ic-hint", timeout=120_000)
    took = time.perf_counter() - start
    return took, text_of(page, f"{PLAY} .ic-hint")


def time_what_if(page: Any) -> float:
    page.click(f"{PLAY} .ic-what-if")
    box = f"{PLAY} .ic-what-if-box"
    page.wait_for_selector(f"{box} .ic-position-run", state="visible", timeout=60_000)
    fill_number(page, f"{box} .ic-position-samples", 20)
    start = time.perf_counter()
    page.click(f"{box} .ic-position-run")
    page.wait_for_selector(f"{box} .ic-position-chart .ic-bar, {box} .ic-position-chart "
                           ".js-plotly-plot .point", state="attached", timeout=120_000)
    return time.perf_counter() - start


def comparison(page: Any) -> tuple[float, str, str]:
    page.wait_for_selector(".ic-compare-run", state="visible", timeout=120_000)
    start = time.perf_counter()
    page.click(".ic-compare-run")
    page.wait_for_selector(".ic-compare-chart .ic-bar, .ic-compare-chart .js-plotly-plot "
                           ".trace", state="attached", timeout=180_000)
    took = time.perf_counter() - start
    return took, text_of(page, ".ic-compare-status"), text_of(page, ".ic-compare-conclusions")


def measure(browser: Any, name: str, play_url: str, what_if_url: str,
            repeat: int) -> dict[str, Any]:
    out: dict[str, Any] = {"hints": []}
    for _ in range(repeat):
        context, page, started = open_page(browser, play_url, PLAY)
        out.setdefault("start", started)
        took, words = time_hint(page)
        out["hints"].append(took)
        out["hint_words"] = words
        if "what_if" not in out:
            out["what_if"] = time_what_if(page)
        context.close()
    context, page, _ = open_page(browser, what_if_url, ".ic-compare-run")
    out["compare"], out["compare_status"], out["conclusions"] = comparison(page)
    context.close()
    print(f"{name}: page ready {out['start']:.1f} s; hint "
          f"{', '.join(f'{x:.2f}' for x in out['hints'])} s; What if? (20 samples) "
          f"{out['what_if']:.1f} s; comparison {out['compare']:.1f} s "
          f"({out['compare_status']})", flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not (args.site / "voici" / "render" / "what_if.html").exists():
        sys.exit(f"no built site at {args.site}: run `make site` first")
    port = free_port()
    http = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                             "127.0.0.1", "--directory", str(args.site)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    site = f"http://127.0.0.1:{port}/voici/render"
    for _ in range(100):
        try:
            with urllib.request.urlopen(f"{site}/play.html", timeout=2):
                break
        except OSError:
            time.sleep(0.2)
    server = VoilaServer()  # the page defaults: no ICECREAM_QUICK
    try:
        server.start()
        with chromium_session() as browser:
            served = measure(browser, "server", server.dashboard_url("play"),
                             server.dashboard_url("what_if"), args.repeat)
            static = measure(browser, "static", f"{site}/play.html", f"{site}/what_if.html",
                             args.repeat)
    finally:
        server.stop()
        http.terminate()
        http.wait(10)
    ratio = min(static["hints"]) / min(served["hints"])
    same = static["conclusions"] == served["conclusions"]
    print(f"hint: static {min(static['hints']):.2f} s vs server {min(served['hints']):.2f} s "
          f"(best of {args.repeat}): {ratio:.1f}x (target within 3x)")
    same_hint = static["hint_words"] == served["hint_words"]
    print(f"hint words the same: {same_hint}")
    if not same_hint:  # a hint has a time budget: how many games each played is its last line
        print(f"  static: {static['hint_words'].splitlines()[-1]!r}\n"
              f"  server: {served['hint_words'].splitlines()[-1]!r}")
    print(f"What if? (20 samples): static {static['what_if']:.1f} s vs server "
          f"{served['what_if']:.1f} s")
    print(f"comparison: static {static['compare']:.1f} s vs server {served['compare']:.1f} s;"
          f" the same conclusions: {same}")
    if not same:
        print(f"  static: {static['conclusions']!r}\n  server: {served['conclusions']!r}")
    return 0 if ratio <= 3 and same else 1


if __name__ == "__main__":
    sys.exit(main())
