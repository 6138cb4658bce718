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

import pytest
from voila_harness import (
    MAIN_WIDGET,
    OPTIONS,
    SHOWN_JS,
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

#: Five kernels at once load the machine: make test runs this with the machine to itself.
pytestmark = pytest.mark.alone

SESSIONS = 5
#: Five pages loaded together take ~35 s on a 2-core machine (a kernel start each).
LOAD_SECONDS = 180
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
        _wait_all_loaded(pages, voila_server, t0)
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


def _wait_all_loaded(pages: list[Any], server: VoilaServer, t0: float) -> None:
    """Waits until every page shows its table; if one does not in time, fails with what
    each page shows, the server's processes and the end of its log, so that a hang can
    be told from a slow machine."""
    import psutil

    selector = f"{MAIN_WIDGET['play']} .ic-table svg"
    deadline = t0 + LOAD_SECONDS
    waiting = list(range(len(pages)))
    while waiting and time.perf_counter() < deadline:
        waiting = [k for k in waiting if not pages[k].evaluate(SHOWN_JS, selector)]
        if waiting:
            pages[waiting[0]].wait_for_timeout(500)
    if not waiting:
        return
    seen = []
    for k in waiting:
        try:
            body = pages[k].inner_text("body", timeout=5_000)[-400:]
        except Exception as e:  # noqa: BLE001 - a diagnostic, the failure follows anyway
            body = f"<{type(e).__name__}>"
        seen.append(f"session {k} (url {pages[k].url}) shows: {body!r}")
    procs = []
    for proc in server.processes():
        try:
            procs.append(f"{proc.pid} {proc.status()} cpu={sum(proc.cpu_times()[:2]):.1f}s "
                         f"{' '.join(proc.cmdline())[-80:]}")
        except psutil.Error:
            pass
    raise AssertionError(
        f"{len(waiting)} of {len(pages)} pages showed no table after {LOAD_SECONDS} s; "
        f"load average {psutil.getloadavg()}\n" + "\n".join(seen) + "\nprocesses:\n"
        + "\n".join(procs) + "\nend of the Voila log:\n" + server.log_text()[-3000:])
