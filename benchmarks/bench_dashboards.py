"""Dashboard benchmarks in a real Chromium (prints figures; not a test).

1. Time to first interactive widget: from starting to open each dashboard (a fresh
   browser context, so a fresh kernel) until its main widget can be used (play: the
   table offers an option; examples: "next step" is enabled; what-if: "run" is shown).
   Aim: < 5 s.
2. Click-to-updated-table latency on play.ipynb, every seat human in the teacher's view (so
   no bot moves are included): measured in the page, from the click event to the first
   change of the table's DOM (a MutationObserver), over ~50 clicks. Aim: p95 < 250 ms.
   The round trip seen by the test driver (click, then poll until the SVG differs) is
   printed too.
3. Server memory (voila + kernels, RSS via psutil) with 5 sessions of each dashboard.
4. ``--computations``: what a page computes, per game, with the page's own defaults and
   time limits, in a fresh process each (killed at ``--timeout``): a hint from a position
   of a game between heuristic bots (aim <= 2 s), a position what-if from the start of the
   game's first rulebook example (aim <= 10 s) and the default ruleset comparison (aim
   <= 20 s). Run it with another ``PYTHONPATH`` to time another checkout (code without
   budgets runs unbounded until the timeout). No browser needed.

Run from the repo root: ``.venv/bin/python benchmarks/bench_dashboards.py [--runs 3]
[--clicks 50]``. It starts its own Voila on 127.0.0.1 and a free port, with ./voila.json.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    MAIN_WIDGET,
    OPTIONS,
    PLAY,
    TABLE,
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    close_page,
    new_context,
    option_actions,
    python_errors,
    select_in,
    set_seat,
    wait_kernel_idle,
    watch_page,
)

from icecream.core.messages import t  # noqa: E402

#: What "interactive" means for each dashboard: a selector that is there only then.
READY = {
    "play": f"{TABLE} .ic-option",
    "rulebook_examples": ".ic-example-explorer .ic-example-next:not([disabled])",
    "what_if": ".ic-compare-run",
}

#: In-page probe: the time of the last click on the table, and of the first change of
#: the table's DOM after it.
PROBE_JS = """
(sel) => {
  const box = document.querySelector(sel);
  window.__ic = { clicked: null, changed: null };
  box.addEventListener('click', () => { window.__ic.clicked = performance.now();
                                        window.__ic.changed = null; }, true);
  new MutationObserver(() => {
    if (window.__ic.clicked !== null && window.__ic.changed === null)
      window.__ic.changed = performance.now();
  }).observe(box, { childList: true, subtree: true });
}
"""


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by linear interpolation."""
    s = sorted(values)
    if len(s) == 1:
        return s[0]
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def time_to_interactive(browser: Any, server: VoilaServer, name: str, runs: int
                        ) -> list[float]:
    times = []
    for _ in range(runs):
        watch = PageWatch()
        ctx = new_context(browser, watch)
        page = ctx.new_page()
        watch_page(page, watch)
        t0 = time.perf_counter()
        page.goto(server.dashboard_url(name), wait_until="commit")
        page.wait_for_selector(MAIN_WIDGET[name], state="visible", timeout=120_000)
        page.wait_for_selector(READY[name], state="attached", timeout=120_000)
        times.append(time.perf_counter() - t0)
        problems = watch.problems() + python_errors(page)
        if problems:
            print(f"  WARNING {name}: {problems}")
        close_page(page, server)
        ctx.close()
    return times


def click_latency(browser: Any, server: VoilaServer, clicks: int, seed: int = 7
                  ) -> tuple[list[float], list[float]]:
    """(in-page click->DOM change ms, driver click->SVG differs ms) over ``clicks``."""
    watch = PageWatch()
    ctx = new_context(browser, watch)
    page = ctx.new_page()
    watch_page(page, watch)
    page.goto(server.dashboard_url("play"))
    page.wait_for_selector(f"{TABLE} svg", timeout=120_000)
    select_in(page, f"{PLAY} .ic-perspective", label=t("widgets.label.teacher_view"))
    for seat in range(1, 4):
        set_seat(page, seat, t("widgets.label.human"))
    wait_kernel_idle(page)
    page.evaluate(PROBE_JS, TABLE)
    rng = random.Random(seed)
    in_page, driver = [], []
    while len(in_page) < clicks:
        actions = option_actions(page)
        if not actions:  # the game is over (a game is ~180 clicks)
            break
        before = page.eval_on_selector(f"{TABLE} svg", "el => el.outerHTML")
        t0 = time.perf_counter()
        page.locator(OPTIONS).nth(rng.randrange(len(actions))).click()
        page.wait_for_function(
            "([sel, old]) => { const el = document.querySelector(sel);"
            " return el && el.outerHTML !== old; }", arg=[f"{TABLE} svg", before],
            polling="raf")
        driver.append((time.perf_counter() - t0) * 1000)
        probe = page.evaluate("window.__ic")
        in_page.append(probe["changed"] - probe["clicked"])
    problems = watch.problems() + python_errors(page)
    if problems:
        print(f"  WARNING play clicks: {problems}")
    close_page(page, server)
    ctx.close()
    return in_page, driver


def memory_per_session(browser: Any, server: VoilaServer, name: str, sessions: int = 5
                       ) -> tuple[float, float]:
    """(server RSS MB with ``sessions`` pages of ``name`` open, MB per session)."""
    before = server.rss_mb()
    contexts = [new_context(browser) for _ in range(sessions)]
    pages = [ctx.new_page() for ctx in contexts]
    for page in pages:
        page.goto(server.dashboard_url(name), wait_until="commit")
    for page in pages:
        page.wait_for_selector(READY[name], state="attached", timeout=120_000)
    total = server.rss_mb()
    for page, ctx in zip(pages, contexts, strict=True):
        close_page(page, server)
        ctx.close()
    return total, (total - before) / sessions


#: One measurement in a child process: prints "seconds|what it used".
_COMPUTE = r"""
import inspect, sys, time
import icecream
from icecream.bots import decide, make_bot
game, what = sys.argv[1], sys.argv[2]
spec = icecream.get_game(game)
try:
    from icecream.explore.budget import Budget
except ImportError:
    Budget = None
def bounded(fn, seconds):
    if not Budget or "budget" not in inspect.signature(fn).parameters:
        return {}
    page = getattr(Budget, "for_page", None)  # what the page's runner gives the work
    return {"budget": page(seconds) if page else Budget(seconds)}
if what == "hint":
    from icecream.teach.hints import hint
    s = icecream.new_game(game, players=3, seed=5)
    bots = [make_bot("heuristic", seed=q) for q in range(3)]
    for _ in range(40 if game != "gelato-mio" else 60):  # a plausible position
        s = s.apply(decide(bots[s.current_player], s, s.current_player))
    while len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    start = time.perf_counter()
    h = hint(s, samples=100, **bounded(hint, 2.0))
    used = f"{h.samples} games/option of {len(h.options)} options" + (
        " (partial)" if getattr(h, "partial", False) else "")
elif what == "position":
    from icecream.explore.position import what_if
    s = next(iter(spec.examples().values())).start()
    start = time.perf_counter()
    extra = {"min_samples": 1} if "min_samples" in inspect.signature(what_if).parameters else {}
    table = what_if(s, n=200, **bounded(what_if, 10.0), **extra)
    used = f"{int(table['samples'].iloc[0])} samples of {len(table)} options" + (
        " (partial)" if table.attrs.get("partial") else "")
else:
    from icecream.explore.compare import compare, presets
    names = list(presets(game))
    players = min(max(4, spec.min_players), spec.max_players)
    kw = bounded(compare, 20.0)
    bots = getattr(spec, "rollout_policy", "random")
    start = time.perf_counter()
    c = compare(presets(game)[names[0]], presets(game)[names[1]], games=200,
                players=players, bots=bots, game=game, **kw)
    used = f"{getattr(c, 'games', 200)} games of each of {names[0]}, {names[1]}" + (
        " (partial)" if getattr(c, "partial", False) else "")
print(f"{time.perf_counter() - start:.2f}|{used}")
"""

#: The aims of issue 17, in seconds.
COMPUTE_AIMS = {"hint": 2.0, "position": 10.0, "comparison": 20.0}


def computations(timeout: float) -> None:
    """Print section 4: each game's hint, position what-if and default comparison."""
    import os
    import subprocess
    import tempfile

    from icecream import list_games

    where = subprocess.run([sys.executable, "-c", "import icecream; print(icecream.__file__)"],
                           capture_output=True, text=True, cwd=tempfile.gettempdir(),
                           check=False).stdout.strip()
    print(f"icecream from {where}")
    print(f"page computations with the page defaults (a fresh process each, killed at "
          f"{timeout:.0f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          f"CPUs):")
    for game in list_games():
        for what, aim in COMPUTE_AIMS.items():
            try:
                out = subprocess.run([sys.executable, "-c", _COMPUTE, game, what],
                                     capture_output=True, text=True, timeout=timeout,
                                     cwd=tempfile.gettempdir(), check=False)
                line = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
                if "|" not in line:
                    print(f"  {game:11s} {what:10s} failed: {out.stderr.strip()[-300:]}")
                    continue
                secs, used = line.split("|", 1)
                verdict = "OK" if float(secs) <= aim else f"over the {aim:.0f} s aim"
                print(f"  {game:11s} {what:10s} {float(secs):7.2f} s  {verdict:16s} {used}")
            except subprocess.TimeoutExpired:
                print(f"  {game:11s} {what:10s} > {timeout:.0f} s (killed)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads per dashboard")
    parser.add_argument("--clicks", type=int, default=50, help="clicks for the latency")
    parser.add_argument("--computations", action="store_true",
                        help="only time what the pages compute (section 4), no browser")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds before a computation is killed (section 4)")
    args = parser.parse_args(argv)
    if args.computations:
        computations(args.timeout)
        return 0
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    with VoilaServer() as server, chromium_session() as browser:
        print(f"voila at {server.url}; chromium; {args.runs} loads per dashboard")
        # Warm the OS file cache (first import of the stack), not counted.
        time_to_interactive(browser, server, "play", 1)
        print("time to first interactive widget (s):")
        for name in MAIN_WIDGET:
            times = time_to_interactive(browser, server, name, args.runs)
            print(f"  {name:18s} median {statistics.median(times):5.2f}  "
                  f"min {min(times):5.2f}  max {max(times):5.2f}  "
                  f"{'OK' if max(times) < 5 else 'over the 5 s aim'}")
        in_page, driver = click_latency(browser, server, args.clicks)
        p95 = percentile(in_page, 0.95)
        print(f"click -> updated table on play.ipynb, {len(in_page)} clicks (ms):")
        print(f"  in the page : median {statistics.median(in_page):6.1f}  "
              f"p95 {p95:6.1f}  max {max(in_page):6.1f}  "
              f"{'OK' if p95 < 250 else 'over the 250 ms aim'}")
        print(f"  driver round trip: median {statistics.median(driver):6.1f}  "
              f"p95 {percentile(driver, 0.95):6.1f}  max {max(driver):6.1f}")
        print("server memory (voila + kernels, RSS) with 5 sessions of one dashboard:")
        for name in MAIN_WIDGET:
            total, each = memory_per_session(browser, server, name)
            print(f"  {name:18s} {total:5.0f} MB in all, ~{each:.0f} MB per session")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
