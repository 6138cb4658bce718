"""The static site (``make site``) in Chromium, served by ``python -m http.server``.

The site is built once per session into a temporary folder (about a minute: the wheels come
from PyPI and the Pyodide runtime from the npm registry; ``ICECREAM_SITE=path`` uses a site
already built). The play page must start Python in the page, show the table and play a move
when a highlighted option is clicked, with every request answered by the site itself:
nothing leaves 127.0.0.1 (``conftest.py`` fails the test otherwise), no file of the site is
missing (no HTTP error), no JavaScript error and no Python traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from voila_harness import (
    OPTIONS,
    PLAY,
    ROOT,
    PageWatch,
    click_option,
    free_port,
    new_context,
    python_errors,
)

#: Python starts in the page: the runtime, then the project and its dependencies (all from
#: the site). About 50 s on the 2-core machine under load; far less on a laptop.
KERNEL_TIMEOUT_S = 600


@pytest.fixture(scope="module")
def static_site() -> Iterator[Path]:
    given = os.environ.get("ICECREAM_SITE")
    if given:
        yield Path(given)
        return
    if shutil.which("npm") is None:
        pytest.skip("SITE TEST SKIPPED: npm is missing, so the Pyodide runtime cannot be "
                    "fetched from the npm registry (Debian: apt-get install npm; "
                    "`make site` installs it when root)")
    base = Path(tempfile.mkdtemp(prefix="icecream-site-"))
    # The build's work folder (the npm package, the wheels) is kept between runs.
    work = Path(tempfile.gettempdir()) / "icecream-site-work"
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"),
                           "--output", str(base / "site"), "--work", str(work)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"make site failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    try:
        yield base / "site"
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def site_url(static_site: Path) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                             "127.0.0.1", "--directory", str(static_site)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/voici/render/play.html", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert time.monotonic() < deadline, "http.server did not answer"
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_site_has_the_four_dashboards_and_no_cdn(static_site: Path):
    render = static_site / "voici" / "render"
    assert sorted(p.name for p in render.glob("*.html")) == [
        "play.html", "quiz.html", "rulebook_examples.html", "tutorial.html"]
    runtime = static_site / "static" / "pyodide"
    for name in ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (runtime / name).is_file(), name
    assert list(runtime.glob("icecream_tabletop-*.whl")), "the project's wheel is shipped"
    assert not list(runtime.glob("pandas-*")) and not list(runtime.glob("numpy-*"))
    for page in render.glob("*.html"):
        text = page.read_text("utf-8")
        assert "cdn.jsdelivr" not in text and "cdnjs" not in text, page.name


def test_static_play_page_loads_and_plays_a_move(browser: Any, site_url: str):
    watch = PageWatch()
    context = new_context(browser, watch, viewport={"width": 1024, "height": 640})
    http_errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: watch.page_errors.append(str(exc)))
    page.on("response", lambda r: http_errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("favicon.ico") else None)
    try:
        t0 = time.perf_counter()
        page.goto(site_url + "/voici/render/play.html", wait_until="domcontentloaded")
        try:
            page.wait_for_selector(PLAY, state="visible", timeout=KERNEL_TIMEOUT_S * 1000)
        except Exception as e:
            raise AssertionError(
                f"the play table did not appear in {KERNEL_TIMEOUT_S} s; page errors "
                f"{watch.problems()}; HTTP errors {http_errors}; python {python_errors(page)};"
                f" page text: {page.inner_text('body')[:500]!r}") from e
        started = time.perf_counter() - t0
        assert page.locator(OPTIONS).count() > 0, "the human's first options are offered"
        click_option(page, 0, timeout=120)  # the table changes: the engine played the move
        print(f"\nstatic play page: Python and the table after {started:.1f} s; "
              f"a move played after {time.perf_counter() - t0:.1f} s")
        page.wait_for_timeout(500)
        assert not http_errors, f"files of the site did not load: {http_errors}"
        assert not python_errors(page), python_errors(page)
        assert not watch.page_errors, watch.page_errors
        assert "Traceback" not in page.inner_text("body")
    finally:
        context.close()
