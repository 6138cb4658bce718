"""Fixtures for the real-browser tests: one Voila server and one Chromium per session.

Every test in this folder is marked ``browser`` (except those of a module that sets
``NEEDS_BROWSER = False``). When Debian's ``/usr/bin/chromium`` (or the playwright package)
is missing, they are skipped with a reason saying how to install it; ``make test``
installs chromium when it runs as root.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from voila_harness import (
    OUTSIDE_REQUESTS,
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    close_page,
    new_context,
    open_dashboard,
    python_errors,
)

HERE = Path(__file__).parent


def pytest_configure(config: pytest.Config) -> None:
    # Registered in pyproject.toml too; registering here keeps the folder self-contained.
    config.addinivalue_line(
        "markers", "browser: drives a real Chromium through Playwright")
    config.addinivalue_line(
        "markers", "alone: asserts a response time, so make test runs it by itself")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = chromium_missing_reason()
    for item in items:
        module = getattr(item, "module", None)
        if Path(str(item.fspath)).parent != HERE or not getattr(module, "NEEDS_BROWSER", True):
            continue
        item.add_marker(pytest.mark.browser)
        if reason:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(autouse=True)
def no_request_leaves_localhost() -> Iterator[None]:
    """Fail any test whose browser asked for anything not on 127.0.0.1 (a CDN, say): the
    request was aborted, so the page may look fine, but a class offline would miss it."""
    OUTSIDE_REQUESTS.clear()
    yield
    outside = sorted(set(OUTSIDE_REQUESTS))
    OUTSIDE_REQUESTS.clear()
    assert not outside, f"requests that left 127.0.0.1: {outside}"


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """ONE ``voila dashboards/`` for the whole session, from the repo root (so it reads
    ``voila.json``), on 127.0.0.1 and a free port."""
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    server = VoilaServer(log_path=log, env={"ICECREAM_QUICK": "1"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright's sync API."""
    with chromium_session() as b:
        yield b


@pytest.fixture
def watch() -> PageWatch:
    return PageWatch()


@pytest.fixture
def context(browser: Any, watch: PageWatch, voila_server: VoilaServer) -> Iterator[Any]:
    """A fresh browser context (its own cookies) that aborts requests not to 127.0.0.1.
    Its pages left open at the end are closed and their kernels shut down."""
    ctx = new_context(browser, watch)
    try:
        yield ctx
    finally:
        for page in ctx.pages:
            close_page(page, voila_server)
        ctx.close()


@pytest.fixture
def open_page(context: Any, voila_server: VoilaServer,
              watch: PageWatch) -> Callable[[str], Any]:
    """``open_page("play")`` opens a dashboard and waits for its main widget."""

    def _open(name: str) -> Any:
        return open_dashboard(context, voila_server, name, watch)

    return _open


class KeptPages:
    """Dashboards opened once and kept open for the tests of one module that each pick their
    game on the page (a page load costs about 10 CPU-seconds on the 2-core machine: a new
    kernel and Voila's frontend). One browser context and one error watch for them all."""

    def __init__(self, browser: Any, server: VoilaServer) -> None:
        self.server = server
        self.watch = PageWatch()
        self.context = new_context(browser, self.watch)
        self.pages: dict[str, Any] = {}

    def open(self, name: str) -> Any:
        """The kept page of ``dashboards/<name>.ipynb``, opened on first use."""
        page = self.pages.get(name)
        if page is None or page.is_closed():
            page = self.pages[name] = open_dashboard(self.context, self.server, name,
                                                     self.watch)
        return page

    def check(self, page: Any) -> None:
        """No error of any kind since this test began (see :func:`assert_clean`)."""
        assert_clean(page, self.watch)

    def drop(self) -> None:
        """Close every kept page (and shut its kernel down): the next test opens fresh ones."""
        for page in self.pages.values():
            close_page(page, self.server)
        self.pages.clear()


@pytest.fixture(scope="module")
def _kept_pages(browser: Any, voila_server: VoilaServer) -> Iterator[KeptPages]:
    kept = KeptPages(browser, voila_server)
    try:
        yield kept
    finally:
        kept.drop()
        kept.context.close()


#: Set on a test's item when any of its phases failed (read by :func:`kept`).
_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    report = yield
    if report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture
def kept(_kept_pages: KeptPages, request: pytest.FixtureRequest) -> Iterator[KeptPages]:
    """``kept.open("what_if")`` opens a dashboard, or returns the one this module's previous
    test left open; ``kept.check(page)`` asserts no error since this test began. A test that
    fails closes the kept pages, so that the next one starts on fresh pages."""
    _kept_pages.watch.clear()
    yield _kept_pages
    if request.node.stash.get(_FAILED, False):
        _kept_pages.drop()


def assert_clean(page: Any, watch: PageWatch) -> None:
    """No JS error, no console error and no Python error output in ``page``."""
    problems = watch.problems() + python_errors(page)
    assert not problems, "\n".join(problems)


@pytest.fixture
def check(watch: PageWatch) -> Callable[[Any], None]:
    """``check(page)`` asserts the page shows no error of any kind."""
    return lambda page: assert_clean(page, watch)


_REPORT: list[str] = []


@pytest.fixture
def report() -> Callable[[str], None]:
    """``report(line)`` adds a line to the browser tests' summary at the end of the run."""
    return _REPORT.append


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _REPORT:
        terminalreporter.section("browser tests: figures")
        for line in _REPORT:
            terminalreporter.write_line(line)
