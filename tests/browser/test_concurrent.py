"""Five browser sessions play play.ipynb at once against ONE Voila server.

Each session has its own browser context (its own cookies) and so its own kernel. Their
clicks are sent together, so the five kernels work at the same time; each session plays
its seat until its first day is scored, with no error in any page. The memory of the
server and its kernels is measured (psutil) and reported in the summary.
"""

from __future__ import annotations

import random
import time
from typing import Any

from voila_harness import (
    MAIN_WIDGET,
    OPTIONS,
    PageWatch,
    VoilaServer,
    close_page,
    new_context,
    option_actions,
    python_errors,
    results_days,
    table_html,
    wait_table_change,
    watch_page,
)

SESSIONS = 5
#: Generous bound: a kernel with pandas + plotly + anywidget is ~170 MB (ARCHITECTURE.md).
MAX_MB_PER_KERNEL = 400


def test_five_sessions_each_play_a_day(browser: Any, voila_server: VoilaServer,
                                       report: Any) -> None:
    kernels_before = voila_server.kernel_count()
    rss_before = voila_server.rss_mb()
    watches = [PageWatch() for _ in range(SESSIONS)]
    contexts = [new_context(browser, w) for w in watches]
    pages = []
    t0 = time.perf_counter()
    try:
        for ctx, w in zip(contexts, watches, strict=True):
            page = ctx.new_page()
            watch_page(page, w)
            page.goto(voila_server.dashboard_url("play"), wait_until="commit")
            pages.append(page)
        for page in pages:
            page.wait_for_selector(f"{MAIN_WIDGET['play']} .ic-table svg", timeout=120_000)
        loaded = time.perf_counter() - t0
        assert voila_server.kernel_count() == kernels_before + SESSIONS
        rss_loaded = voila_server.rss_mb()
        rngs = [random.Random(k) for k in range(SESSIONS)]
        clicks = [0] * SESSIONS
        busy = list(range(SESSIONS))
        while busy:
            before = {}
            for k in busy:  # click in every session, then wait for all of them
                actions = option_actions(pages[k])
                assert actions, f"session {k}: no option offered mid-day"
                before[k] = table_html(pages[k])
                pages[k].locator(OPTIONS).nth(rngs[k].randrange(len(actions))).click()
                clicks[k] += 1
            for k in busy:
                wait_table_change(pages[k], before[k], timeout=60)
            busy = [k for k in busy if results_days(pages[k]) == 0]
            assert max(clicks) < 200, "a day did not end"
        played = time.perf_counter() - t0 - loaded
        rss_peak = voila_server.rss_mb()
        for k, (page, w) in enumerate(zip(pages, watches, strict=True)):
            problems = w.problems() + python_errors(page)
            assert not problems, f"session {k}: {problems}"
        per_kernel = (rss_peak - rss_before) / SESSIONS
        report(f"{SESSIONS} sessions: loaded together in {loaded:.1f} s, each played a day "
               f"({sum(clicks)} clicks, {min(clicks)}-{max(clicks)} per session) in "
               f"{played:.1f} s")
        report(f"server memory (voila + kernels, RSS): {rss_before:.0f} MB with "
               f"{kernels_before} kernel(s) before, {rss_loaded:.0f} MB with "
               f"{SESSIONS} more loaded, {rss_peak:.0f} MB after playing "
               f"(~{per_kernel:.0f} MB per session)")
        assert per_kernel < MAX_MB_PER_KERNEL, per_kernel
    finally:
        for page in pages:
            close_page(page, voila_server)
        for ctx in contexts:
            ctx.close()
    # The kernels were shut down (see close_page: the unload beacon is dropped, voila#1458).
    deadline = time.monotonic() + 20
    while voila_server.kernel_count() > kernels_before and time.monotonic() < deadline:
        time.sleep(0.2)
    assert voila_server.kernel_count() == kernels_before
