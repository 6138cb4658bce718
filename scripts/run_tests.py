"""Run the whole test suite as a few pytest processes at once; fail if any part fails.

``make test`` calls this. The suite is about two thirds browser tests, which wait on
Voila kernels and Chromium between bursts of work, so three parts side by side finish
sooner than one run (on CI's two cores: 874 s against 1,084 s):

* ``units``: the doctests of ``icecream``, ``tests/`` without ``tests/browser`` and the
  notebooks (nbval);
* ``browser-1`` and ``browser-2``: the files of ``tests/browser``, shared out by the time
  each took (:data:`SECONDS`), each part with its own Voila server and Chromium.

The first part prints as it goes; the others are written to ``build/test-logs/`` and
printed, whole, when they end (so their figures and failures are never interleaved).
Then the tests marked ``alone`` (they assert a response time, such as "Stop answers
within a second") run by themselves, with the machine to themselves.
Every part's exit code counts: "no tests ran" (5) is a failure like any other.

Usage: ``python scripts/run_tests.py [--browser-parts N] [extra pytest arguments...]``
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "build" / "test-logs"
COMMON = ["-p", "no:cacheprovider", "--durations=25"]
#: The tests marked ``alone``, run after the others (see the module's docstring).
ALONE = ("alone", ["tests"])
#: What :func:`run` returns when stopped with Ctrl-C.
INTERRUPTED = 130


#: Seconds each browser test file took in the latest loaded fresh-clone run (2026-12-02),
#: the three parts side by side (its tests marked ``alone`` left out), to share them out
#: evenly; every run prints them at its end ("seconds per browser test file", from each
#: part's JUnit report in ``build/test-logs``).
#: A file not listed counts one second per kilobyte. Only the balance depends on these.
SECONDS = {
    "test_static_site.py": 159, "test_serving.py": 123, "test_tutorial_pages.py": 82,
    "test_play.py": 63, "test_every_game.py": 50, "test_classroom.py": 48, "test_sharing.py": 40,
    "test_lessons.py": 30, "test_dutch.py": 26, "test_budgets_in_browser.py": 24,
    "test_a11y.py": 23, "test_polish_round2_pages.py": 22, "test_dashboards.py": 15,
    "test_keyboard.py": 14, "test_examples_whatif.py": 13, "test_quiz.py": 13,
    "test_issue21.py": 9, "test_dashboard_files.py": 8, "test_gm_table.py": 6,
    "test_ice_cream_text.py": 5, "test_ccp_table.py": 4,
}


def browser_files() -> list[Path]:
    """The test files of ``tests/browser``."""
    return list((ROOT / "tests" / "browser").glob("test_*.py"))


def _seconds(path: Path) -> float:
    return SECONDS.get(path.name, path.stat().st_size / 1000)


def browser_shards(count: int) -> list[list[str]]:
    """The browser test files in ``count`` lists of about equal expected time (longest
    file first, each to the list with the least so far)."""
    files = sorted(browser_files(), key=lambda p: (-_seconds(p), p.name))
    shards: list[list[str]] = [[] for _ in range(count)]
    totals = [0.0] * count
    for path in files:
        k = totals.index(min(totals))
        shards[k].append(str(path.relative_to(ROOT)))
        totals[k] += _seconds(path)
    return [s for s in shards if s]


def parts(browser_parts: int) -> list[tuple[str, list[str]]]:
    """(name, pytest arguments) of each part."""
    units = ["--doctest-modules", "--nbval-lax", "--nbval-current-env", "icecream", "tests",
             "--ignore=tests/browser"]
    if (ROOT / "notebooks").is_dir():
        units.append("notebooks")
    out = [("units", units)]
    for k, files in enumerate(browser_shards(browser_parts), 1):
        out.append((f"browser-{k}", files))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--browser-parts", type=int, default=2,
                    help="how many pytest processes share the browser tests (default 2)")
    args, extra = ap.parse_known_args(argv)
    if args.browser_parts < 1:
        ap.error("--browser-parts must be at least 1")
    together = run(parts(args.browser_parts), [*extra, "-m", "not alone"])
    if together == INTERRUPTED:
        return together
    alone = run([ALONE], [*extra, "-m", "alone"])
    return together or alone


def run(todo: list[tuple[str, list[str]]], extra: list[str]) -> int:
    """Runs the parts side by side; 0 when every part passed, 1 otherwise
    (:data:`INTERRUPTED` on Ctrl-C)."""
    LOGS.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    procs = []
    for k, (name, targets) in enumerate(todo):
        cmd = [sys.executable, "-m", "pytest", *COMMON, f"--junitxml={LOGS / name}.xml",
               *extra, *targets]
        if k == 0:
            out = None  # printed as it goes
        else:
            out = open(LOGS / f"{name}.log", "w", encoding="utf-8")  # noqa: SIM115
        print(f"[run_tests] {name}: pytest {' '.join(targets)}", flush=True)
        procs.append((name, subprocess.Popen(cmd, cwd=ROOT, stdout=out,
                                             stderr=subprocess.STDOUT), out))
    codes = {}
    try:
        for name, proc, out in procs:
            codes[name] = proc.wait()
            if out is not None:
                out.close()
                print(f"\n[run_tests] ===== {name} (exit {codes[name]}) =====", flush=True)
                sys.stdout.write((LOGS / f"{name}.log").read_text("utf-8", errors="replace"))
    except KeyboardInterrupt:
        for _, proc, _ in procs:
            proc.terminate()
        for _, proc, _ in procs:
            proc.wait()
        return INTERRUPTED
    took = time.monotonic() - started
    summary = ", ".join(f"{name} exit {code}" for name, code in codes.items())
    failed = [name for name, code in codes.items() if code != 0]
    print(f"\n[run_tests] {len(codes)} parts in {took:.0f} s: {summary}"
          + (f"; FAILED: {', '.join(failed)}" if failed else "; all passed"), flush=True)
    names = {p.name for p in browser_files()}
    browser = {name: secs for name, secs in file_seconds(
        [LOGS / f"{name}.xml" for name, _ in todo]).items() if name in names}
    if browser:  # what SECONDS should say, for the next person who balances the parts
        print("[run_tests] seconds per browser test file in these parts: " + ", ".join(
            f"{name} {secs:.0f}" for name, secs in browser.items()), flush=True)
    return 1 if failed else 0


def file_seconds(reports: list[Path]) -> dict[str, float]:
    """Seconds per test file (its base name), setup and teardown included, summed from
    pytest's JUnit XML ``reports`` (those missing or unreadable are skipped); longest first.
    """
    total: Counter[str] = Counter()
    for path in reports:
        try:
            cases = ET.parse(path).getroot().iter("testcase")
        except (OSError, ET.ParseError):
            continue
        for case in cases:
            # classname "tests.browser.test_play" (or "tests.browser.test_play.TestX")
            parts = case.get("classname", "").split(".")
            name = next((f"{p}.py" for p in parts if p.startswith("test_")), None)
            if name:
                total[name] += float(case.get("time") or 0)
    return dict(total.most_common())


if __name__ == "__main__":
    sys.exit(main())
