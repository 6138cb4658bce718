"""A class on one server: N students open the play page, play a few moves and close it
(prints figures; not a test).

One Chromium, one browser context per student (its own cookies and cache, as separate
laptops), the students starting evenly over T seconds. Each opens the play page, waits
until the table offers an option, clicks a few options (waiting each time for the table to
change), and closes the page. Voila is started as ``make dashboard`` starts it
(``scripts/serve_dashboards.py`` with ``voila.json``), and its kernel pools are filled first.

Printed:

* first interactive: seconds from navigation to the first clickable option, p50 and p95;
* click-to-table: ms from a click to the table's first change, measured in the page (a
  MutationObserver), p95 over every student's clicks, and p95 for one student alone on the
  idle server afterwards (the "no click gets slower" figure);
* blank or failed pages: pages that never offered an option, or showed an error;
* peak server RSS: Voila plus all its kernels, sampled every half second;
* kernels left 60 s after the last page closed, next to the pools' own kernels.

Run from the repo root: ``.venv/bin/python benchmarks/classroom.py [--students 30]
[--over 60] [--moves 3]``. ``--voila-json FILE`` serves with plain ``voila`` and that
configuration instead (for instance the one before the class settings, to compare), and
``--voila-arg=--X.y=z`` (repeatable) adds a Voila option (for instance
``--ClassroomKernelManager.kernel_nice=10``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    ERROR_SELECTORS,
    OPTIONS,
    TABLE,
    VoilaServer,
    chromium_missing_reason,
)

#: In-page probe: the time of the last click on the table and of the table's first change
#: after it (performance.now(), ms).
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
CHANGED_JS = ("([sel, old]) => { const el = document.querySelector(sel);"
              " return el !== null && el.outerHTML !== old; }")


@dataclass
class Student:
    """What one student's page did."""

    number: int
    first_interactive: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, by linear interpolation."""
    s = sorted(values)
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


async def new_context(browser: Any) -> Any:
    """A context whose requests anywhere but 127.0.0.1 are aborted (the pages ask none)."""
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})

    async def only_localhost(route: Any) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            await route.continue_()
        else:
            await route.abort()

    await ctx.route("**/*", only_localhost)
    return ctx


async def click_and_time(page: Any, rng: random.Random, timeout_ms: float) -> float:
    """Click a random allowed option; the in-page ms until the table changed."""
    options = page.locator(OPTIONS)
    count = await options.count()
    before = await page.eval_on_selector(f"{TABLE} svg", "el => el.outerHTML")
    await options.nth(rng.randrange(count)).click(timeout=timeout_ms)
    await page.wait_for_function(CHANGED_JS, arg=[f"{TABLE} svg", before],
                                 timeout=timeout_ms)
    probe = await page.evaluate("window.__ic")
    return probe["changed"] - probe["clicked"]


async def play(browser: Any, url: str, student: Student, moves: int, timeout: float) -> None:
    """One student: open the play page, click ``moves`` options, close the page."""
    ctx = await new_context(browser)
    page = await ctx.new_page()
    page.on("pageerror", lambda e: student.problems.append(f"pageerror: {e}"))
    rng = random.Random(student.number)
    try:
        t0 = time.perf_counter()
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        await page.wait_for_selector(OPTIONS, state="visible", timeout=timeout * 1000)
        student.first_interactive = time.perf_counter() - t0
        await page.evaluate(PROBE_JS, TABLE)
        for _ in range(moves):
            # A scored day stops the game on its summary until Continue (the bots may have
            # played on to it after the student's last click).
            offered = page.locator(f"{OPTIONS}, .ic-explorer .ic-continue:visible").first
            await offered.wait_for(state="visible", timeout=timeout * 1000)
            if not await page.locator(OPTIONS).count():
                await page.click(".ic-explorer .ic-continue", timeout=timeout * 1000)
                await page.wait_for_selector(OPTIONS, state="visible", timeout=timeout * 1000)
            student.clicks_ms.append(await click_and_time(page, rng, timeout * 1000))
        for sel in ERROR_SELECTORS:
            if await page.locator(sel).count():
                student.problems.append(f"error shown: {sel}")
    except Exception as e:  # a blank or failed page: count it, say why
        student.problems.append(f"{type(e).__name__}: {str(e).splitlines()[0][:200]}")
    finally:
        await page.close(run_before_unload=True)
        await ctx.close()


async def sample(server: VoilaServer, stop: asyncio.Event, peaks: dict[str, float]) -> None:
    """Record the peak RSS (MB, Voila + kernels) and kernel count until ``stop``."""
    while not stop.is_set():
        peaks["rss"] = max(peaks.get("rss", 0.0), server.rss_mb())
        peaks["kernels"] = max(peaks.get("kernels", 0), len(server.kernel_processes()))
        try:
            await asyncio.wait_for(stop.wait(), 0.5)
        except TimeoutError:
            pass


def pool_total(server: VoilaServer) -> int:
    """The kernels Voila keeps preheated, from its log ("pool of X is filled with N")."""
    pools = dict(re.findall(r"Kernel pool of (\S+) is filled with (\d+) kernel", server.log_text()))
    return sum(int(n) for n in pools.values())


async def wait_pools(server: VoilaServer, timeout: float = 300.0) -> None:
    """Wait until every notebook's pool is filled (nothing to wait for without preheating)."""
    deadline = time.monotonic() + timeout
    expected = len(list((ROOT / "dashboards").glob("*.ipynb")))
    while time.monotonic() < deadline and "preheat" in server.log_text():
        if len(set(re.findall(r"Kernel pool of (\S+) is filled", server.log_text()))) >= expected:
            return
        await asyncio.sleep(1)


async def run(args: argparse.Namespace, server: VoilaServer) -> int:
    from playwright.async_api import async_playwright

    url = server.dashboard_url("play")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                           headless=True)
        await wait_pools(server)
        pool = pool_total(server)
        print(f"{args.students} students over {args.over:.0f} s, {args.moves} moves each; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; "
              f"preheated kernels at start: {len(server.kernel_processes())} "
              f"(pools: {pool}); server RSS {server.rss_mb():.0f} MB"
              + (f"; Voila options {' '.join(args.voila_arg)}" if args.voila_arg else ""),
              flush=True)
        stop, peaks = asyncio.Event(), {}
        sampler = asyncio.create_task(sample(server, stop, peaks))
        students = [Student(i) for i in range(args.students)]
        start = time.perf_counter()

        async def student_at(s: Student) -> None:
            await asyncio.sleep(s.number * args.over / max(1, args.students))
            await play(browser, url, s, args.moves, args.timeout)

        await asyncio.gather(*(student_at(s) for s in students))
        closed = time.perf_counter()
        print(f"all {args.students} pages closed {closed - start:.0f} s after the first "
              f"opened; peak {peaks.get('kernels', 0)} kernels", flush=True)
        left_at: dict[int, int] = {}
        while time.perf_counter() - closed < args.after:
            await asyncio.sleep(5)
            left_at[round(time.perf_counter() - closed)] = len(server.kernel_processes())
        stop.set()
        await sampler
        left = len(server.kernel_processes())
        alone = Student(-1)
        await play(browser, url, alone, args.alone_clicks, args.timeout)
        await browser.close()

    interactive = [s.first_interactive for s in students if s.first_interactive is not None]
    clicks = [ms for s in students for ms in s.clicks_ms]
    failed = [s for s in students if s.first_interactive is None or s.problems]
    print("first interactive (s):  "
          + (f"p50 {statistics.median(interactive):.1f}  p95 {percentile(interactive, 0.95):.1f}"
             f"  max {max(interactive):.1f}" if interactive else "none"))
    if clicks:
        print(f"click-to-table (ms), {len(clicks)} clicks of the class:  "
              f"p50 {statistics.median(clicks):.0f}  p95 {percentile(clicks, 0.95):.0f}")
    if alone.clicks_ms:
        print(f"click-to-table (ms), one student alone afterwards, {len(alone.clicks_ms)} "
              f"clicks:  p50 {statistics.median(alone.clicks_ms):.0f}  "
              f"p95 {percentile(alone.clicks_ms, 0.95):.0f}")
    if alone.problems or len(alone.clicks_ms) < args.alone_clicks:
        print(f"  the student alone stopped: {alone.problems[:2]}")
    print(f"blank or failed pages: {len(failed)} of {args.students}")
    for s in failed[:5]:
        print(f"  student {s.number}: {s.problems[:2] or ['never interactive']}")
    print(f"peak server RSS (Voila + kernels): {peaks.get('rss', 0) / 1024:.2f} GB")
    trail = ", ".join(f"{t} s: {n}" for t, n in sorted(left_at.items()))
    print(f"kernels left {args.after:.0f} s after the last page closed: {left} "
          f"(the pools keep {pool}); kernels after closing: {trail}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--over", type=float, default=60.0,
                        help="seconds over which the students start")
    parser.add_argument("--moves", type=int, default=3, help="clicks per student")
    parser.add_argument("--after", type=float, default=60.0,
                        help="seconds to wait after the last page closed before counting")
    parser.add_argument("--timeout", type=float, default=240.0,
                        help="seconds a page may take to become interactive")
    parser.add_argument("--alone-clicks", type=int, default=30,
                        help="clicks of the one student alone at the end")
    parser.add_argument("--voila-json", type=Path,
                        help="serve with plain voila and this voila.json instead")
    parser.add_argument("--voila-arg", action="append", default=[],
                        help="one more option for Voila (repeatable)")
    args = parser.parse_args(argv)
    if args.students < 1 or args.over < 0 or args.moves < 0 or args.after < 0:
        parser.error("--students must be at least 1; --over, --moves, --after at least 0")
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        kwargs: dict[str, Any] = {"log_path": Path(tmp) / "voila.log", "args": args.voila_arg}
        if args.voila_json:
            shutil.copy(args.voila_json, Path(tmp) / "voila.json")
            kwargs.update(cwd=Path(tmp), launcher=False)
        with VoilaServer(**kwargs) as server:
            return asyncio.run(run(args, server))


if __name__ == "__main__":
    raise SystemExit(main())
