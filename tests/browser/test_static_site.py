"""The static site (``make site``) in Chromium, served by ``python -m http.server``.

The site is built once per session into a temporary folder (about a minute: the wheels come
from PyPI and the Pyodide runtime from the npm registry; ``ICECREAM_SITE=path`` uses a site
already built). Every page must answer with every request served by the site itself:
nothing leaves 127.0.0.1 (``conftest.py`` fails the test otherwise), no file of the site is
missing (no HTTP error), no JavaScript error and no Python traceback.

* the play page starts Python in the page, shows the table and plays a move when a
  highlighted option is clicked; its *Hint* shows win rates, and its *What if?* compares
  the options with a table and an SVG chart;
* the what-if page's default ruleset comparison finishes within its budget with its chart,
  and says what the same comparison says in Python here (same seed, same games);
* Stop ends a long comparison: the page answers within a second, though Python in the page
  has one thread (the work runs in slices, ``icecream.widgets.budget``);
* in Dutch too. Screenshots at 1024x640 go to /tmp/shots/static-*.png.
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
    fill_number,
    free_port,
    new_context,
    python_errors,
    select_in,
    text_of,
)

from icecream.core.messages import t
from icecream.core.protocol import get_game

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


def test_site_has_every_dashboard_and_no_cdn(static_site: Path):
    render = static_site / "voici" / "render"
    assert sorted(p.name for p in render.glob("*.html")) == [
        "play.html", "quiz.html", "rulebook_examples.html", "tutorial.html", "what_if.html"]
    runtime = static_site / "static" / "pyodide"
    for name in ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (runtime / name).is_file(), name
    assert list(runtime.glob("icecream_tabletop-*.whl")), "the project's wheel is shipped"
    for name in ("pandas", "numpy", "plotly"):  # the site computes and draws without them
        assert not list(runtime.glob(f"{name}-*")), name
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


class StaticPage:
    """One page of the site, kept open for the tests of a module (Python starts in each page
    once: about a minute on a busy machine), with its HTTP errors and page errors."""

    def __init__(self, browser: Any, url: str, lang: str = "en") -> None:
        self.watch = PageWatch()
        self.context = new_context(browser, self.watch, viewport={"width": 1024, "height": 640})
        self.http_errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda exc: self.watch.page_errors.append(str(exc)))
        self.page.on("response", lambda r: self.http_errors.append(f"{r.status} {r.url}")
                     if r.status >= 400 and not r.url.endswith("favicon.ico") else None)
        t0 = time.perf_counter()
        self.page.goto(url, wait_until="domcontentloaded")
        self.page.wait_for_selector(".ic-language-switch", state="visible",
                                    timeout=KERNEL_TIMEOUT_S * 1000)
        self.started = time.perf_counter() - t0
        if lang != "en":
            select_in(self.page, ".ic-language", label="Nederlands")
            self.page.wait_for_function(
                "(text) => document.body.innerText.includes(text)",
                arg=t("widgets.label.language", lang), timeout=60_000)

    def check(self) -> None:
        """No missing file, no JavaScript error, no Python traceback."""
        assert not self.http_errors, f"files of the site did not load: {self.http_errors}"
        assert not python_errors(self.page), python_errors(self.page)
        assert not self.watch.page_errors, self.watch.page_errors
        assert "Traceback" not in self.page.inner_text("body")

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def pages(browser: Any, site_url: str) -> Iterator[dict[tuple[str, str], StaticPage]]:
    """The site's pages opened so far, by (dashboard, language); closed at the end."""
    opened: dict[tuple[str, str], StaticPage] = {}
    yield opened
    for p in opened.values():
        p.close()


def _open(pages: dict, browser: Any, site_url: str, name: str, lang: str = "en") -> StaticPage:
    if (name, lang) not in pages:
        pages[(name, lang)] = StaticPage(browser, f"{site_url}/voici/render/{name}.html", lang)
    return pages[(name, lang)]


SHOTS = Path("/tmp/shots")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_static_hint_shows_win_rates(browser: Any, site_url: str, pages: dict, lang: str):
    p = _open(pages, browser, site_url, "play", lang)
    page = p.page
    page.wait_for_selector(PLAY, state="visible", timeout=KERNEL_TIMEOUT_S * 1000)
    start = time.perf_counter()
    page.click(f"{PLAY} .ic-hint-toggle")
    page.wait_for_function("(sel) => /%/.test(document.querySelector(sel)?.innerText || '')",
                           arg=f"{PLAY} .ic-hint", timeout=120_000)
    print(f"\nstatic hint ({lang}): shown {time.perf_counter() - start:.1f} s after the click")
    text = text_of(page, f"{PLAY} .ic-hint")
    method = t("teach.hint.intro_counted", lang, samples=0, player="", policy="")
    assert method.split(" ")[0] in text, text  # the hint says how it was made, in lang
    SHOTS.mkdir(exist_ok=True)
    page.locator(f"{PLAY} .ic-hint").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"static-hint-{lang}.png"))
    page.click(f"{PLAY} .ic-hint-toggle")  # off again
    page.wait_for_function("(sel) => !(document.querySelector(sel)?.innerText || '').trim()",
                           arg=f"{PLAY} .ic-hint", timeout=30_000)
    p.check()


def test_static_what_if_button_compares_the_options(browser: Any, site_url: str, pages: dict):
    p = _open(pages, browser, site_url, "play")
    page = p.page
    page.wait_for_selector(PLAY, state="visible", timeout=KERNEL_TIMEOUT_S * 1000)
    page.click(f"{PLAY} .ic-what-if")
    box = f"{PLAY} .ic-what-if-box"
    page.wait_for_selector(f"{box} .ic-position-run", state="visible", timeout=60_000)
    fill_number(page, f"{box} .ic-position-samples", 20)
    start = time.perf_counter()
    page.click(f"{box} .ic-position-run")
    page.wait_for_selector(f"{box} .ic-position-chart svg .ic-bar", state="attached",
                           timeout=120_000)
    print(f"\nstatic What if? (20 samples): chart {time.perf_counter() - start:.1f} s "
          "after the click")
    assert page.locator(f"{box} .ic-position-chart svg .ic-error-bar").count() > 0
    assert text_of(page, f"{box} .ic-position-table").strip()
    assert text_of(page, f"{box} .ic-position-conclusion").strip()
    assert t("explore.ui.running") not in text_of(page, f"{box} .ic-position-status")
    p.check()


def _comparison_in_python(lang: str) -> list[str]:
    """The what-if page's default comparison computed here with no time limit (every game
    played): its plain-words conclusions."""
    from icecream.explore.compare import compare, preset_label, presets
    from icecream.teach.conclusions import comparison_conclusion
    from icecream.widgets.whatif import WhatIfBoard

    w = WhatIfBoard(lang=lang).comparison  # the page's defaults (no ICECREAM_QUICK there)
    a, b, game = w.choice_a.value, w.choice_b.value, w.game
    c = compare(presets(game)[a], presets(game)[b], games=w.games.value,
                players=w.players.value, bots=w.bots.value, seed=w.seed,
                label_a=preset_label(a, lang, game), label_b=preset_label(b, lang, game),
                lang=lang, game=game)
    return comparison_conclusion(c, lang)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_static_comparison_draws_its_chart_and_agrees_with_python(
        browser: Any, site_url: str, pages: dict, lang: str):
    p = _open(pages, browser, site_url, "what_if", lang)
    page = p.page
    page.wait_for_selector(".ic-compare-run", state="visible", timeout=120_000)
    start = time.perf_counter()
    page.click(".ic-compare-run")
    page.wait_for_selector(".ic-compare-chart svg .ic-bar", state="attached", timeout=120_000)
    took = time.perf_counter() - start
    status = text_of(page, ".ic-compare-status")
    print(f"\nstatic comparison ({lang}): chart {took:.1f} s after the click; {status}")
    assert page.locator(".ic-compare-chart svg .ic-error-bar").count() > 0
    assert t("explore.ui.running", lang) not in status  # says done, not "Simulating…"
    assert "<script" not in page.inner_html(".ic-compare-chart")
    # Every game played in the page (the default 200 within the budget): the page says
    # what Python says here for the same seed, word for word and number for number.
    assert status.startswith(t("explore.ui.done_compare", lang, games=200, secs=0)[:12]), status
    shown = page.locator(".ic-compare-conclusions li").all_inner_texts()
    assert [line.strip() for line in shown] == _comparison_in_python(lang), shown
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"static-compare-{lang}.png"))
    page.locator(".ic-compare-chart").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"static-compare-chart-{lang}.png"))
    page.get_by_text(t("widgets.whatif.position", lang), exact=True).click()
    page.wait_for_selector(".ic-position-picture svg", state="visible", timeout=60_000)
    fill_number(page, ".ic-position-samples", 20)
    start = time.perf_counter()
    page.click(".ic-position-run")
    page.wait_for_selector(".ic-position-chart svg .ic-bar", state="attached", timeout=120_000)
    print(f"static position what-if ({lang}, 20 samples): {time.perf_counter() - start:.1f} s")
    page.screenshot(path=str(SHOTS / f"static-whatif-{lang}.png"))
    page.locator(".ic-position-table").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"static-whatif-chart-{lang}.png"))
    page.get_by_text(t("widgets.whatif.compare", lang), exact=True).click()
    p.check()


def _pick_game(page: Any, game: str) -> None:
    """Pick ``game`` on the what-if page and wait until its comparison is rebuilt (its
    first setting offers the game's own presets)."""
    from icecream.explore.compare import preset_label, presets

    select_in(page, ".ic-game-select", label=get_game(game).title)
    first = preset_label(next(iter(presets(game))), "en", game)
    page.wait_for_function(
        "(label) => [...document.querySelectorAll('.ic-compare-a option')]"  # nbsp for spaces
        ".some(o => o.textContent.replace(/\\s/g, ' ') === label)", arg=first, timeout=60_000)
    page.wait_for_selector(".ic-compare-run", state="visible", timeout=60_000)


def test_static_stop_ends_a_long_comparison_within_a_second(browser: Any, site_url: str,
                                                            pages: dict):
    p = _open(pages, browser, site_url, "what_if")
    page = p.page
    _pick_game(page, "gelato-mio")
    fill_number(page, ".ic-compare-games", 5000)
    fill_number(page, ".ic-compare-seconds", 300)
    page.click(".ic-compare-run")
    stop = page.locator(".ic-whatif .ic-budget-stop").first
    stop.wait_for(state="visible", timeout=60_000)
    page.wait_for_function(
        "() => /5000/.test(document.querySelector('.ic-whatif .ic-budget-note')?.innerText"
        " || '')", timeout=60_000)  # progress shows while Python works in the page
    page.wait_for_timeout(1500)
    start = time.perf_counter()
    stop.click()
    page.wait_for_function(
        "(text) => (document.querySelector('.ic-whatif .ic-budget-note')?.innerText || '')"
        ".includes(text) || !document.querySelector('.ic-whatif .ic-budget')?.offsetParent",
        arg=t("widgets.budget.stopping"), timeout=30_000)
    answered = time.perf_counter() - start
    page.locator(".ic-whatif .ic-budget").first.wait_for(state="hidden", timeout=30_000)
    ended = time.perf_counter() - start
    stopped = t("widgets.whatif.partial_compare.stopped").split("{")[0]
    page.wait_for_function(
        "(text) => (document.querySelector('.ic-compare-status')?.innerText || '')"
        ".includes(text)", arg=stopped, timeout=60_000)
    print(f"\nstatic Stop: answered after {answered:.2f} s, work ended after {ended:.2f} s")
    assert answered < 1.0, answered
    # The work ends at its next look at the budget (a few dozen decisions), then its table
    # of the games played is made: one core, shared with the browser.
    assert ended < 5.0, ended
    # The games played so far are charted (drawn just after the status says so).
    page.wait_for_selector(".ic-compare-chart svg .ic-bar", state="attached", timeout=60_000)
    p.check()


def test_static_puzzle_link(browser: Any, site_url: str):
    """A puzzle link (issue 32) opens on the static site, in Dutch, and is answered: the
    page's address is read in the browser (Python runs in a web worker), the answer is
    computed in slices in the page."""
    import icecream
    from icecream.core.share import encode_position

    state = icecream.new_game("ice-cream", players=3, seed=4)
    url = (f"{site_url}/voici/render/play.html?position={encode_position(state, 0)}"
           "&puzzle=1&lang=nl")
    watch = PageWatch()
    context = new_context(browser, watch, viewport={"width": 1024, "height": 640})
    page = context.new_page()
    page.on("pageerror", lambda exc: watch.page_errors.append(str(exc)))
    try:
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector(".ic-puzzle", state="visible", timeout=KERNEL_TIMEOUT_S * 1000)
        assert t("widgets.puzzle.title", "nl") in text_of(page, ".ic-puzzle-header")
        page.locator(".ic-puzzle-option").first.click()
        page.wait_for_selector(".ic-puzzle-answers", state="visible", timeout=180_000)
        answer = text_of(page, ".ic-puzzle-result")
        assert t("widgets.puzzle.head.hint", "nl") in answer and "IC-5" in answer
        SHOTS.mkdir(exist_ok=True)
        page.locator(".ic-puzzle-result").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "static-puzzle-nl.png"))
        assert not python_errors(page), python_errors(page)
        assert not watch.page_errors, watch.page_errors
    finally:
        context.close()
