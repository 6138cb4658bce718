"""A student who thinks for a long time: does an open, unclicked page keep its game?
(prints what happened; not a test: it takes as long as the student thinks).

Serves the dashboards as ``make dashboard`` does, opens the play page in Chromium, clicks one
option, then leaves the page open and untouched for ``--minutes`` (default 20) while the
culler runs, next to a page closed at the start (whose kernel must end within a minute).
Then it clicks again and prints whether the kernel lived and the table answered.

Run from the repo root: ``.venv/bin/python benchmarks/idle_page.py [--minutes 20]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    OPTIONS,
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    click_option,
    kernel_id,
    new_context,
    open_dashboard,
    python_errors,
    results_days,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    with VoilaServer() as server, chromium_session() as browser:
        watch = PageWatch()
        ctx, gone_ctx = new_context(browser, watch), new_context(browser, watch)
        page = open_dashboard(ctx, server, "play", watch, timeout=180)
        gone = open_dashboard(gone_ctx, server, "play", watch, timeout=180)
        page.wait_for_selector(OPTIONS, timeout=180_000)
        gone.wait_for_selector(OPTIONS, timeout=180_000)
        kid, gone_id = kernel_id(page), kernel_id(gone)
        click_option(page, 0)
        table_before = page.eval_on_selector(".ic-explorer .ic-table svg", "el => el.outerHTML")
        gone.close(run_before_unload=True)
        gone_ctx.close()
        start = time.monotonic()
        gone_after = None
        while time.monotonic() - start < args.minutes * 60:
            if gone_after is None and gone_id not in server.kernel_processes():
                gone_after = time.monotonic() - start
            time.sleep(5)
        alive = kid in server.kernel_processes()
        same = page.eval_on_selector(".ic-explorer .ic-table svg",
                                     "el => el.outerHTML") == table_before
        try:
            click_option(page, 0, timeout=60)
            answered = True
        except Exception:
            answered = False
        print(f"page left open {args.minutes:g} min with no click: kernel alive {alive}, "
              f"table unchanged while idle {same}, answers a click afterwards {answered} "
              f"(scored days {results_days(page)})")
        ended = f"{gone_after:.0f} s" if gone_after is not None else "never"
        print(f"page closed at the start: kernel ended after {ended}")
        problems = watch.problems() + python_errors(page)
        if problems:
            print(f"problems: {problems[:3]}")
        ctx.close()
        return 0 if alive and answered and gone_after is not None and not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
