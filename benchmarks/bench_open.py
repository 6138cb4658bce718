"""How fast each dashboard opens, next to Voila's own floor (prints figures; not a test).

For each dashboard, and for a bare one-button notebook served by a second Voila with
preheated kernels and no extra front-end extension (the *floor*: what Voila itself costs on
this machine), in one run, taking turns so that a slower minute of a shared machine falls on
every page alike:

* **first clickable**: seconds from navigation (a fresh browser context: nothing cached, a
  new kernel) to the first option a student can click (play: an option of the table; quiz: a
  choice; tutorial: a move or Next; examples: Next; what-if: Run; floor: the button);
* **ratio**: that time over the floor's in the same turn (the median of the pairs);
* **scripts**: MB of JavaScript the page loaded (decoded, from the browser's resource
  timing), and which front-end extensions they came from;
* **kernel**: resident memory (RSS, MB) of the page's kernel once the page is interactive.

Run from the repo root: ``.venv/bin/python benchmarks/bench_open.py [--runs 5]``. The
dashboards' Voila is started as ``make dashboard`` starts it (``voila.json``); pass
``--plain`` to serve them with plain ``voila`` and ``voila.json`` alone, as before the
launcher, and ``--voila-arg=--X.y=z`` (repeatable) to add a Voila option.

Before and after in one run: ``--baseline DIR`` serves the dashboards a second time from
another checkout of the project (``git archive main | tar -x -C DIR``: its notebooks, its
``voila.json``, its launcher, and its ``icecream`` package first on the kernels' path), and
opens each of them in the same turns, as ``<page>@before``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from contextlib import nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    MAIN_WIDGET,
    OPTIONS,
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    close_page,
    kernel_id,
    new_context,
    python_errors,
    watch_page,
)

#: The first thing a student can click on each page (a CSS selector, visible).
CLICKABLE = {
    "play": OPTIONS,
    "quiz": ".ic-quiz .ic-quiz-choices input:not([disabled])",
    "tutorial": ".ic-tutorial .ic-tutorial-move:not([disabled]),"
                " .ic-tutorial .ic-tutorial-next:not([disabled])",
    "rulebook_examples": ".ic-example-explorer .ic-example-next:not([disabled])",
    "what_if": ".ic-whatif .ic-compare-run:not([disabled])",
    "floor": ".floor-button:not([disabled])",
}
#: The floor: one button, the least a widget page can be.
FLOOR_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as widgets\n",
                          "button = widgets.Button(description='Click me')\n",
                          "button.add_class('floor-button')\n", "button"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}
#: Voila for the floor: preheated kernels, the project's template (no CDN links), and no
#: front-end extension but the widget managers Voila itself needs (ipywidgets' and Voila's).
FLOOR_ARGS = ["--VoilaConfiguration.preheat_kernel=True",
              "--VoilaConfiguration.default_pool_size=2",
              "--VoilaConfiguration.template=icecream",
              "--VoilaConfiguration.extension_allowlist", "@jupyter-widgets/jupyterlab-manager",
              "--VoilaConfiguration.extension_allowlist", "@voila-dashboards/widgets-manager8"]

#: In-page: every script the page fetched, with its decoded size in bytes.
SCRIPTS_JS = """() => performance.getEntriesByType('resource')
  .filter(e => /\\.m?js(\\?|$)/.test(new URL(e.name).pathname))
  .map(e => [new URL(e.name).pathname, e.decodedBodySize || e.encodedBodySize || 0])"""
_EXTENSION = re.compile(r"/labextensions/(@[^/]+/[^/]+|[^/@]+)/")


def origin(path: str) -> str:
    """Which front-end package a script path belongs to (Voila's own, or an extension)."""
    found = _EXTENSION.search(path)
    return found.group(1) if found else "voila (core)"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by linear interpolation."""
    s = sorted(values)
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def open_once(browser: Any, server: VoilaServer, url: str, name: str
              ) -> tuple[float, dict[str, int], float | None, list[str]]:
    """(seconds to first clickable, script bytes by origin, kernel RSS MB, problems)."""
    watch = PageWatch()
    ctx = new_context(browser, watch)
    ctx.add_init_script("performance.setResourceTimingBufferSize(5000)")
    page = ctx.new_page()
    watch_page(page, watch)
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=180_000)
    page.wait_for_selector(CLICKABLE[name], state="visible", timeout=180_000)
    seconds = time.perf_counter() - t0
    scripts: dict[str, int] = defaultdict(int)
    for path, size in page.evaluate(SCRIPTS_JS):
        scripts[origin(path)] += int(size)
    kid = kernel_id(page)
    rss = server.kernel_rss_mb(kid) if kid else None
    problems = watch.problems() + python_errors(page)
    close_page(page, server)
    ctx.close()
    return seconds, dict(scripts), rss, problems


class BaselineServer(VoilaServer):
    """The dashboards served from another checkout (``--baseline``): its launcher, its
    ``voila.json`` and notebooks, and its ``icecream`` before this one on the kernels' path."""

    def __init__(self, checkout: Path, **kwargs: Any) -> None:
        self.checkout = checkout
        super().__init__(notebooks=checkout / "dashboards", cwd=checkout,
                         env={"PYTHONPATH": str(checkout)}, **kwargs)

    def command(self) -> list[str]:
        cmd = super().command()
        if self.launcher:
            cmd[1] = str(self.checkout / "scripts" / "serve_dashboards.py")
        return cmd


def wait_pool(server: VoilaServer, pools: int, timeout: float = 180.0) -> None:
    """Wait until Voila says its ``pools`` kernel pools are filled (preheated servers)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.log_text().count("is filled with") >= pools:
            return
        time.sleep(0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="turns over every page")
    parser.add_argument("--pages", default=",".join(MAIN_WIDGET),
                        help="dashboards to open, comma-separated")
    parser.add_argument("--plain", action="store_true",
                        help="serve the dashboards with plain voila + voila.json")
    parser.add_argument("--voila-arg", action="append", default=[],
                        help="one more option for the dashboards' Voila (repeatable)")
    parser.add_argument("--baseline", type=Path,
                        help="another checkout whose dashboards are opened in the same turns")
    args = parser.parse_args(argv)
    if args.baseline and not (args.baseline / "dashboards").is_dir():
        parser.error(f"--baseline {args.baseline}: no dashboards/ folder there")
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    names = [n for n in args.pages.split(",") if n]
    with tempfile.TemporaryDirectory() as tmp:
        floor_dir = Path(tmp) / "floor"
        floor_dir.mkdir()
        (floor_dir / "floor.ipynb").write_text(json.dumps(FLOOR_NOTEBOOK), "utf-8")
        floor = VoilaServer(notebooks=floor_dir, cwd=Path(tmp), args=FLOOR_ARGS,
                            log_path=Path(tmp) / "floor.log", launcher=False)
        dashboards = VoilaServer(log_path=Path(tmp) / "dashboards.log",
                                 launcher=not args.plain, args=args.voila_arg)
        before = (BaselineServer(args.baseline.resolve(), log_path=Path(tmp) / "before.log",
                                 launcher=not args.plain)
                  if args.baseline else nullcontext())
        with floor, dashboards, before, chromium_session() as browser:
            wait_pool(floor, 1)
            for server in (dashboards, before) if args.baseline else (dashboards,):
                wait_pool(server, len(names) if "preheat" in server.log_text() else 0,
                          timeout=240)
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; "
                  f"{args.runs} turns; dashboards served by {Path(dashboards.command()[1]).name}")
            targets = {"floor": (floor, f"{floor.url}/voila/render/floor.ipynb")}
            for name in names:
                targets[name] = (dashboards, dashboards.dashboard_url(name))
            if args.baseline:
                names = [m for n in names for m in (n, f"{n}@before")]
                for name in names[1::2]:
                    targets[name] = (before, before.dashboard_url(name.split("@")[0]))
            open_once(browser, *targets["play" if "play" in names else names[0]],
                      "play" if "play" in names else names[0])  # warm the file cache
            seconds: dict[str, list[float]] = defaultdict(list)
            ratios: dict[str, list[float]] = defaultdict(list)
            scripts: dict[str, dict[str, int]] = {}
            rss: dict[str, list[float]] = defaultdict(list)
            order = ["floor", *names]
            for turn in range(args.runs):
                # Take turns, each turn in another order, the floor among them.
                turn_order = order[turn % len(order):] + order[:turn % len(order)]
                turn_seconds = {}
                for name in turn_order:
                    server, url = targets[name]
                    secs, by_origin, mb, problems = open_once(browser, server, url,
                                                              name.split("@")[0])
                    turn_seconds[name] = secs
                    seconds[name].append(secs)
                    scripts[name] = by_origin
                    if mb is not None:
                        rss[name].append(mb)
                    if problems:
                        print(f"  WARNING {name}: {problems[:3]}")
                for name in names:
                    ratios[name].append(turn_seconds[name] / turn_seconds["floor"])
            print("first clickable (s) and ratio to the floor (median of the turn pairs):")
            for name in order:
                s = seconds[name]
                ratio = (f"  x{statistics.median(ratios[name]):.2f} of the floor"
                         if name != "floor" else "")
                print(f"  {name:25s} median {statistics.median(s):5.2f}  min {min(s):5.2f}"
                      f"  max {max(s):5.2f}{ratio}")
            print("scripts loaded per page (MB, decoded), and from where:")
            for name in order:
                total = sum(scripts[name].values()) / 1e6
                parts = ", ".join(f"{k} {v / 1e6:.2f}" for k, v in
                                  sorted(scripts[name].items(), key=lambda kv: -kv[1]))
                print(f"  {name:25s} {total:5.2f} MB  ({parts})")
            print("kernel RSS once the page is interactive (MB, median):")
            for name in order:
                if rss[name]:
                    print(f"  {name:25s} {statistics.median(rss[name]):6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
