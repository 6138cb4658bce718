"""Serving a class (issue 30), in a real Chromium against Voila started as ``make dashboard``
starts it (``scripts/serve_dashboards.py`` with ``voila.json``):

* a closed page's kernel ends within 60 s (Jupyter Server's culler: no connection left,
  idle past ``cull_idle_timeout``), while a page left open, unclicked all that time, keeps
  its kernel and its game;
* a preheated tutorial page (its kernel taken from Voila's pool, started before the request)
  honours ``?game=`` and ``?lang=``, even after its kernel waited in the pool longer than the
  cell timeout;
* the play page works without plotly's front-end bundle, which the what-if page still gets
  (its chart is drawn in test_examples_whatif.py::test_ruleset_comparison_draws_its_chart);
  the extensions' files it loads may be kept by the browser (their names carry their
  content's hash).

The module has its own server: small pools (the tutorial's and the play page's), and a short
cell timeout, so that a pooled kernel outwaits it while the other tests run.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from voila_harness import (
    MAIN_WIDGET,
    OPTIONS,
    PageWatch,
    VoilaServer,
    click_option,
    kernel_id,
    new_context,
    open_dashboard,
    python_errors,
    watch_page,
)

from icecream.core.messages import t
from icecream.core.protocol import get_game
from icecream.teach.tutorial import game_tutorial
from icecream.widgets.controls import language_ruleset

#: The cell timeout of this module's server: a pooled tutorial kernel waits longer than this.
CELL_TIMEOUT = 40
#: voila.json's culling, as served: a closed page's kernel must end within this.
CLOSED_PAGE_ENDS = 60
POOLS = {"default": {"pool_size": 0}, "tutorial.ipynb": {"pool_size": 1},
         "play.ipynb": {"pool_size": 1}}
PLOTLY = "/labextensions/jupyterlab-plotly/"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    log = tmp_path_factory.mktemp("serving") / "voila.log"
    srv = VoilaServer(log_path=log, env={"ICECREAM_QUICK": "1"}, args=[
        f"--VoilaExecutor.timeout={CELL_TIMEOUT}",
        f"--VoilaKernelManager.kernel_pools_config={json.dumps(POOLS)}"])
    srv.start(timeout=120)
    try:
        yield srv
    finally:
        srv.stop()


def wait_pool_ready(server: VoilaServer, notebook: str, timeout: float = 180.0) -> float:
    """Wait until ``notebook``'s pool holds a ready kernel; the time its last fill ended
    (time.monotonic(), as seen by this poll). Voila logs each filled pool and each kernel
    taken from it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = server.log_text()
        filled = log.count(f"Kernel pool of {notebook} is filled")
        used = log.count(f"for {notebook}\n")
        if filled > used:
            return time.monotonic()
        time.sleep(0.5)
    raise AssertionError(f"the pool of {notebook} was not filled in {timeout:.0f} s:\n"
                         f"{server.log_text()[-2000:]}")


def running(server: VoilaServer, kid: str) -> bool:
    """Whether kernel ``kid``'s process still runs."""
    return kid in server.kernel_processes()


def scripts_loaded(page: Any) -> list[str]:
    return page.evaluate("() => performance.getEntriesByType('resource')"
                         ".map(e => e.name).filter(n => /\\.m?js(\\?|$)/.test(n))")


def test_closed_page_kernel_ends_and_an_open_page_keeps_its_game(browser: Any,
                                                                  server: VoilaServer) -> None:
    watch = PageWatch()
    kept_ctx, closed_ctx = new_context(browser, watch), new_context(browser, watch)
    kept = open_dashboard(kept_ctx, server, "play", watch, timeout=120)
    closed = open_dashboard(closed_ctx, server, "play", watch, timeout=120)
    kept.wait_for_selector(OPTIONS, timeout=120_000)
    closed.wait_for_selector(OPTIONS, timeout=120_000)
    kept_id, closed_id = kernel_id(kept), kernel_id(closed)
    assert kept_id and closed_id and kept_id != closed_id
    click_option(kept, 0)  # the open page's game has begun
    # The student closes the tab; the page's own shutdown request is dropped by this Voila
    # (voila#1458), so only the culler ends the kernel.
    closed.close(run_before_unload=True)
    closed_ctx.close()
    shut = time.monotonic()
    while running(server, closed_id) and time.monotonic() - shut < CLOSED_PAGE_ENDS + 30:
        time.sleep(1)
    ended = time.monotonic() - shut
    assert not running(server, closed_id), f"the closed page's kernel still runs {ended:.0f} s on"
    assert ended <= CLOSED_PAGE_ENDS, f"the closed page's kernel ended after {ended:.0f} s"
    assert f"Culling 'idle' kernel 'python3' ({closed_id})" in server.log_text()
    # The open page was left alone all that time (no click since), and was not culled.
    assert running(server, kept_id)
    click_option(kept, 0)
    problems = watch.problems() + python_errors(kept)
    kept_ctx.close()
    assert not problems, problems


@pytest.mark.parametrize(("game", "lang"), [("combo-cone", "nl")])
def test_preheated_tutorial_page_honours_game_and_lang(browser: Any, server: VoilaServer,
                                                       game: str, lang: str) -> None:
    ready = wait_pool_ready(server, "tutorial.ipynb")
    # Its kernel has been waiting for a request in the pool: longer than the cell timeout.
    time.sleep(max(0.0, CELL_TIMEOUT + 5 - (time.monotonic() - ready)))
    watch = PageWatch()
    ctx = new_context(browser, watch)
    page = ctx.new_page()
    watch_page(page, watch)
    page.goto(f"{server.dashboard_url('tutorial')}?game={game}&lang={lang}",
              wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_selector(MAIN_WIDGET["tutorial"], state="visible", timeout=120_000)
    kid = kernel_id(page)
    assert re.search(rf"Using pre-heated kernel: {kid} for tutorial\.ipynb", server.log_text())
    opened = game_tutorial(game, language_ruleset(get_game(game), lang))
    label = f"{opened.title(lang)} ({t('tutorial.ui.moves', lang, count=opened.moves)})"
    assert page.input_value(".ic-tutorial .ic-tutorial-choose select") == label
    assert t("tutorial.ui.choose", lang) in page.inner_text(".ic-tutorial")
    problems = watch.problems() + python_errors(page)
    ctx.close()
    assert not problems, problems


def test_play_page_without_plotly_bundle_what_if_with_it(browser: Any,
                                                         server: VoilaServer) -> None:
    watch = PageWatch()
    ctx = new_context(browser, watch)
    page = open_dashboard(ctx, server, "play", watch, timeout=120)
    page.wait_for_selector(OPTIONS, timeout=120_000)
    click_option(page, 0)  # the table answers a click
    loaded = scripts_loaded(page)
    assert loaded and not [u for u in loaded if PLOTLY in u]
    table_js = [u for u in loaded if "/labextensions/anywidget/" in u]  # the table's own
    assert table_js
    for url in table_js:  # content-hashed names, kept: no request on the next page
        with urllib.request.urlopen(url, timeout=60) as r:
            assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
    problems = watch.problems() + python_errors(page)
    ctx.close()
    assert not problems, problems
    # The what-if page is configured with plotly's extension (its chart's renderer).
    with urllib.request.urlopen(server.dashboard_url("what_if"), timeout=180) as r:
        html = r.read().decode("utf-8")
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html,
                                  re.S).group(1))
    names = {x["name"] for x in config["federated_extensions"]}
    assert "jupyterlab-plotly" in names and "@jupyterlite/pyodide-kernel-extension" not in names
