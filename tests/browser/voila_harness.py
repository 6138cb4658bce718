"""Serve the dashboards with Voila and drive them with Debian's Chromium through Playwright.

Shared by the browser tests (``tests/browser``) and the dashboard benchmarks
(``benchmarks/bench_dashboards.py``), so both measure the same thing:

* :class:`VoilaServer` starts ONE ``voila dashboards/`` from the repo root (so the repo's
  ``voila.json`` is read) as ``make dashboard`` does (``scripts/serve_dashboards.py``)
  on 127.0.0.1 and a free port, waits until it answers, reports the
  memory of the server and its kernels, and stops them all.
* :func:`launch_chromium` starts ``/usr/bin/chromium`` (never a downloaded browser).
* :func:`new_context` makes a browser context that aborts every request not to 127.0.0.1 and
  records it: such a request fails the test (:data:`OUTSIDE_REQUESTS`, checked by
  ``conftest.py`` after every test, and :meth:`PageWatch.problems`).
* :class:`PageWatch` collects page errors, console errors and the errors a kernel reports
  (an exception in a widget callback), and :func:`python_errors` finds error outputs.
* :func:`open_dashboard` opens a dashboard and waits for its own widget CSS class.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
#: Where Voila finds the project's template (``voila.json`` names it): an editable install
#: does not install data files, so the server is told, as ``make`` does.
JUPYTER_PATH = str(ROOT / "share" / "jupyter")
#: What ``make dashboard`` runs: Voila, after checking ``voila.json`` (README "Serving a class").
LAUNCHER = ROOT / "scripts" / "serve_dashboards.py"
#: Every request a test's browser tried to send anywhere but 127.0.0.1 (then aborted).
OUTSIDE_REQUESTS: list[str] = []
CHROMIUM = Path(os.environ.get("ICECREAM_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: The CSS class of each dashboard's main widget (added with ipywidgets ``add_class``).
MAIN_WIDGET = {
    "play": ".ic-explorer",
    "rulebook_examples": ".ic-example-explorer",
    "what_if": ".ic-whatif",
    "quiz": ".ic-quiz",
    "tutorial": ".ic-tutorial",
}
#: Console messages that are not errors of ours: requests we aborted ourselves (anything not to
#: 127.0.0.1: each already fails the test, see OUTSIDE_REQUESTS) and the favicon Voila does
#: not serve.
_BENIGN_CONSOLE = ("net::ERR_FAILED", "favicon.ico")
#: Text Voila and ipywidgets put in the page when Python code failed.
ERROR_SELECTORS = (
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
    ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']",
    ".jp-OutputArea-output .ansi-red-fg",
    ".voila-error",
    ".jupyter-widgets-error-widget",  # "Error displaying widget" (a model failed to render)
)


#: A kernel message reporting an exception (``error`` content) or writing to stderr.
_KERNEL_ERROR = re.compile(r'"ename"\s*:|"name"\s*:\s*"stderr"')
_CONTROL_COMM = re.compile(r'"comm_id"\s*:\s*"([^"]+)"\s*,\s*"target_name"\s*:\s*'
                           r'"jupyter\.widget\.control"')
_NO_SUCH_COMM = re.compile(r"No such comm: ([0-9a-f-]+)")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    if not CHROMIUM.exists():
        return (f"BROWSER TESTS SKIPPED: {CHROMIUM} is missing. Install Debian's chromium "
                "(`sudo apt-get install chromium`, or `make test` as root); never run "
                "`playwright install`.")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "BROWSER TESTS SKIPPED: the playwright package is not installed"
    return None


class VoilaServer:
    """``voila dashboards/`` run from the repo root, on 127.0.0.1 and a free port.

    Use as a context manager, or call :meth:`start` and :meth:`stop`. The server's output
    goes to ``log_path`` (read it with :meth:`log_text` when something fails).
    """

    def __init__(self, port: int | None = None, log_path: Path | None = None,
                 env: dict[str, str] | None = None, notebooks: Path | None = None,
                 cwd: Path | None = None, args: list[str] | None = None,
                 launcher: bool = True) -> None:
        #: The folder served (``dashboards/``, or another one for a benchmark's yardstick)
        #: and the folder Voila starts in (it reads ``voila.json`` from there).
        self.notebooks = notebooks or ROOT / "dashboards"
        self.cwd = cwd or ROOT
        self.args = list(args or [])
        #: Start it as ``make dashboard`` does (scripts/serve_dashboards.py: Voila with the
        #: settings checked, per-page extensions and a connect grace) or as plain ``voila``.
        self.launcher = launcher
        self.port = port or free_port()
        self._port_chosen = port is None  # ours to change if another process takes it first
        self.log_path = log_path or Path(f"/tmp/icecream-voila-{self.port}.log")
        paths = [JUPYTER_PATH, *filter(None, [os.environ.get("JUPYTER_PATH")])]
        self.env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths), **(env or {})}
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def dashboard_url(self, name: str) -> str:
        """The address of ``dashboards/<name>.ipynb`` rendered as an app."""
        return f"{self.url}/voila/render/{name}.ipynb"

    def command(self) -> list[str]:
        """The command that starts this server."""
        start = [str(LAUNCHER)] if self.launcher else ["-m", "voila"]
        return [sys.executable, *start, str(self.notebooks), "--no-browser",
                f"--port={self.port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
                *self.args]

    def start(self, timeout: float = 60.0) -> VoilaServer:
        cmd = self.command()
        self._log = open(self.log_path, "w", encoding="utf-8")
        self.proc = subprocess.Popen(cmd, cwd=self.cwd, env=self.env, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = self.log_text()
                if self._port_chosen and "already in use" in log:
                    # Two test processes started side by side can be handed one free
                    # port; the one that lost takes another.
                    self._log.close()
                    self.port = free_port()
                    return self.start(timeout=deadline - time.monotonic())
                raise RuntimeError(f"voila exited with code {self.proc.returncode}:\n{log}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as r:
                    if r.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        self.stop()
        raise TimeoutError(f"voila did not answer on {self.url} in {timeout:.0f} s:\n"
                           f"{self.log_text()}")

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def processes(self) -> list[Any]:
        """psutil processes of the server and everything it started (its kernels)."""
        import psutil

        if self.proc is None or self.proc.poll() is not None:
            return []
        try:
            root = psutil.Process(self.proc.pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kernel_processes(self) -> dict[str, Any]:
        """The server's kernel processes by kernel id (read from their connection file)."""
        found = {}
        for p in self.processes()[1:]:
            match = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(_cmdline(p)))
            if match:
                found[match.group(1)] = p
        return found

    def kernel_rss_mb(self, kid: str) -> float | None:
        """Resident memory of kernel ``kid`` in MB (``None`` when it is not running)."""
        import psutil

        proc = self.kernel_processes().get(kid)
        try:
            return proc.memory_info().rss / 2**20 if proc is not None else None
        except psutil.NoSuchProcess:
            return None

    def kernel_count(self) -> int:
        """How many kernel processes the server runs now."""
        return sum(1 for p in self.processes()[1:] if "ipykernel" in " ".join(_cmdline(p)))

    def rss_mb(self) -> float:
        """Resident memory of the server plus its kernels, in MB."""
        import psutil

        total = 0
        for p in self.processes():
            try:
                total += p.memory_info().rss
            except psutil.NoSuchProcess:
                pass
        return total / 2**20

    def stop(self) -> None:
        """Stop the server and its kernels (the whole process group)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
            except ProcessLookupError:
                pass
        self._log.close()
        self.proc = None

    def __enter__(self) -> VoilaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _cmdline(p: Any) -> list[str]:
    try:
        return p.cmdline()
    except Exception:  # process gone or not ours to read
        return []


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium, headless, with nothing phoning home."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                      headless=True)


@dataclass
class PageWatch:
    """Everything that went wrong in one page: JS errors, console errors, errors the kernel
    reported on its websocket (an exception in a widget callback reaches the page only
    there: Voila shows it nowhere), and the requests aborted for leaving 127.0.0.1 (each one a
    problem: the dashboards must ask nothing of the internet)."""

    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    kernel_errors: list[str] = field(default_factory=list)
    aborted: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return ([f"pageerror: {e}" for e in self.page_errors]
                + [f"console: {e}" for e in self.console_errors]
                + [f"kernel: {e}" for e in self.kernel_errors]
                + [f"request left 127.0.0.1: {u}" for u in self.aborted])

    def clear(self) -> None:
        """Forget what was recorded (a page kept for the next test starts clean)."""
        for found in (self.page_errors, self.console_errors, self.kernel_errors, self.aborted):
            found.clear()


def new_context(browser: Any, watch: PageWatch | None = None,
                viewport: dict[str, int] | None = None) -> Any:
    """A browser context whose requests to anywhere but 127.0.0.1 are aborted and recorded
    (in ``watch`` and :data:`OUTSIDE_REQUESTS`), so that they fail the test."""
    context = browser.new_context(viewport=viewport or {"width": 1400, "height": 1000})

    def only_localhost(route: Any) -> None:
        host = urlparse(route.request.url).hostname
        if host == "127.0.0.1":
            route.continue_()
        else:
            OUTSIDE_REQUESTS.append(route.request.url)
            if watch is not None:
                watch.aborted.append(route.request.url)
            route.abort()

    context.route("**/*", only_localhost)
    return context


def watch_page(page: Any, watch: PageWatch) -> PageWatch:
    """Record ``page``'s errors into ``watch``."""
    page.on("pageerror", lambda exc: watch.page_errors.append(str(exc)))

    def on_console(msg: Any) -> None:
        if msg.type == "error" and not any(b in msg.text for b in _BENIGN_CONSOLE):
            watch.console_errors.append(msg.text)

    page.on("console", on_console)

    def on_websocket(ws: Any) -> None:
        control: set[str] = set()  # comm ids of the widget manager's control comm

        def on_sent(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            control.update(_CONTROL_COMM.findall(text))

        def on_frame(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            error = _KERNEL_ERROR.search(text)
            if not error:
                return
            # The manager closes its state-request comm after the kernel already did, so
            # ipykernel logs "No such comm" for it: ipywidgets' own noise, not ours.
            gone = _NO_SUCH_COMM.search(text)
            if gone and gone.group(1) in control:
                return
            watch.kernel_errors.append(text[error.start():error.start() + 600])

        ws.on("framesent", on_sent)
        ws.on("framereceived", on_frame)

    page.on("websocket", on_websocket)
    return watch


def python_errors(page: Any) -> list[str]:
    """Error outputs (tracebacks, stderr) Voila or ipywidgets show in the page."""
    found = []
    for sel in ERROR_SELECTORS:
        for el in page.query_selector_all(sel):
            found.append(f"{sel}: {el.inner_text()[:500]}")
    return found


def open_dashboard(context: Any, server: VoilaServer, name: str, watch: PageWatch,
                   timeout: float = 60.0) -> Any:
    """Open ``dashboards/<name>.ipynb`` in a new page; wait for its main widget."""
    page = context.new_page()
    watch_page(page, watch)
    page.goto(server.dashboard_url(name), wait_until="domcontentloaded",
              timeout=timeout * 1000)
    try:
        page.wait_for_selector(MAIN_WIDGET[name], state="visible", timeout=timeout * 1000)
    except Exception as e:
        raise AssertionError(
            f"{name}: {MAIN_WIDGET[name]} did not appear in {timeout:.0f} s; page errors: "
            f"{watch.problems() + python_errors(page)}; server log tail:\n"
            f"{server.log_text()[-3000:]}") from e
    return page


def kernel_id(page: Any) -> str | None:
    """The id of the kernel behind a Voila page (from its widget manager)."""
    try:
        return page.evaluate("() => window.jupyterapp?.widgetManager?.kernel?.id ?? null")
    except Exception:  # page closed or not a Voila page
        return None


def shutdown_kernel(server: VoilaServer, kid: str) -> bool:
    """Ask Voila to shut kernel ``kid`` down, as the page's beforeunload beacon does.

    voila 0.5.13 rejects that beacon for want of an XSRF token (voila#1458), so here the
    request carries the double-submitted token (same value as cookie and header) that
    tornado checks. Returns whether the server accepted it.
    """
    req = urllib.request.Request(
        f"{server.url}/voila/api/shutdown/{kid}", data=b"", method="POST",
        headers={"Cookie": "_xsrf=icecream-test", "X-XSRFToken": "icecream-test"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status in (200, 204)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def close_page(page: Any, server: VoilaServer | None = None) -> None:
    """Close a page the way a user does (``run_before_unload``), then, with ``server``,
    shut its kernel down (the beacon Voila sends on unload is dropped, voila#1458; the
    served config also culls idle kernels)."""
    kid = kernel_id(page) if server is not None else None
    try:
        page.close(run_before_unload=True)
    except Exception:  # already closed with its context
        pass
    if server is not None and kid:
        shutdown_kernel(server, kid)


@contextmanager
def chromium_session() -> Iterator[Any]:
    """A started Playwright with Debian's Chromium, closed at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            yield browser
        finally:
            browser.close()


# -- driving the dashboards ----------------------------------------------------------------
PLAY = ".ic-explorer"
TABLE = f"{PLAY} .ic-table"
OPTIONS = f"{TABLE} .ic-option:not(.ic-forbidden)"  # allowed: a forbidden one only explains


def table_html(page: Any, scope: str = PLAY) -> str:
    """The table's SVG markup as the browser shows it now."""
    return page.eval_on_selector(f"{scope} .ic-table svg", "el => el.outerHTML")


def wait_table_change(page: Any, before: str, scope: str = PLAY,
                      timeout: float = 20.0) -> str:
    """Wait until the table's SVG differs from ``before``; the new markup."""
    page.wait_for_function(
        "([sel, old]) => { const el = document.querySelector(sel);"
        " return el !== null && el.outerHTML !== old; }",
        arg=[f"{scope} .ic-table svg", before], timeout=timeout * 1000)
    return table_html(page, scope)


def option_actions(page: Any, scope: str = PLAY) -> list[dict[str, Any]]:
    """The plain actions of the options the table offers now, in document order."""
    texts = page.eval_on_selector_all(
        f"{scope} .ic-table .ic-option:not(.ic-forbidden)",
        "els => els.map(e => e.getAttribute('data-action'))")
    return [json.loads(x) for x in texts]


def click_option(page: Any, index: int, scope: str = PLAY, timeout: float = 20.0) -> str:
    """Really click the ``index``-th option of the table; wait for the picture to change."""
    before = table_html(page, scope)
    page.locator(f"{scope} .ic-table .ic-option:not(.ic-forbidden)").nth(index).click(
        timeout=timeout * 1000)
    return wait_table_change(page, before, scope, timeout)


def text_of(page: Any, selector: str) -> str:
    """The text of the first element matching ``selector`` (HTML or SVG); "" if none."""
    loc = page.locator(selector)
    return loc.first.text_content() or "" if loc.count() else ""


def select_in(page: Any, selector: str, *, label: str | None = None,
              value: str | None = None, index: int | None = None) -> None:
    """Choose in the ``<select>`` of an ipywidgets Dropdown carrying CSS class ``selector``."""
    sel = f"{selector} select"
    if label is not None:
        page.select_option(sel, label=label)
    elif value is not None:
        page.select_option(sel, value=value)
    else:
        page.select_option(sel, index=index)


def results_days(page: Any, scope: str = PLAY) -> int:
    """How many days are scored, as the table says (``data-results`` of its SVG)."""
    return int(page.eval_on_selector(
        f"{scope} .ic-table svg", "el => el.getAttribute('data-results')"))


def set_view(page: Any, label: str, scope: str = PLAY) -> None:
    """Choose whose eyes the table is seen through, by the label in the View selector."""
    before = table_html(page, scope)
    select_in(page, f"{scope} .ic-perspective", label=label)
    wait_table_change(page, before, scope)


def set_seat(page: Any, seat: int, label: str, scope: str = PLAY) -> None:
    """Choose who plays ``seat`` (0-based) by its label ("human", "bot: random", ...)."""
    select_in(page, f"{scope} .ic-seat-{seat}", label=label)
    page.wait_for_function(
        "([sel, label]) => { const s = document.querySelector(sel);"
        " return s && s.options[s.selectedIndex].text === label; }",
        arg=[f"{scope} .ic-seat-{seat} select", label])
    wait_kernel_idle(page)


def wait_kernel_idle(page: Any, settle_ms: int = 30, timeout: float = 30.0) -> None:
    """Wait until the page's kernel reports idle (after a short settle time)."""
    page.wait_for_timeout(settle_ms)
    page.wait_for_function(
        "() => window.jupyterapp?.widgetManager?.kernel?.status === 'idle'",
        timeout=timeout * 1000)


#: JS prefix: ``displayed(cls)`` resolves to the widget model whose view, carrying CSS
#: class ``cls``, is in the page now (old explorers' models may linger in the manager).
_DISPLAYED_JS = """
const displayed = async (cls) => {
  const wm = window.jupyterapp.widgetManager;
  const all = wm._models instanceof Map ? [...wm._models.values()] : Object.values(wm._models);
  for (const p of all) {
    const m = await p;
    if (!(m.get('_dom_classes') || []).includes(cls)) continue;
    for (const vp of Object.values(m.views || {})) {
      const v = await vp;
      if (v && v.el && v.el.isConnected) return m;
    }
  }
  return null;
};
"""

#: JS: send ``content`` as an anywidget custom message from the displayed table's model,
#: exactly as the table's own click handler does (``model.send``).
FORGE_JS = "async (content) => {" + _DISPLAYED_JS + """
  const m = await displayed('ic-table');
  if (m === null) return false;
  m.send(content);
  return true;
}"""

#: JS: set synced trait ``name`` of the displayed widget with class ``cls`` and sync it to
#: the kernel, as any browser can.
SET_TRAIT_JS = "async ([cls, name, value]) => {" + _DISPLAYED_JS + """
  const m = await displayed(cls);
  if (m === null) return false;
  m.set(name, value);
  m.save_changes();
  return true;
}"""


def forge(page: Any, content: Any) -> None:
    """Send a hand-made widget message from the page, as a hostile client could."""
    assert page.evaluate(FORGE_JS, content), "no displayed ic-table model found in the page"


def set_trait(page: Any, css: str, name: str, value: Any) -> None:
    """Set a synced trait from the page (``model.set`` + ``save_changes``)."""
    assert page.evaluate(SET_TRAIT_JS, [css, name, value]), f"no displayed {css} model"

def play_day_by_clicking(page: Any, rng: Any, max_clicks: int = 400,
                         scope: str = PLAY) -> list[dict[str, Any]]:
    """Click random offered options until the scores table shows a finished day.

    Returns the actions clicked. Fails if no option is offered before the day ends."""
    clicked: list[dict[str, Any]] = []
    start_days = results_days(page, scope)
    while results_days(page, scope) == start_days:
        actions = option_actions(page, scope)
        assert actions, f"no option offered mid-day after {clicked[-5:]}"
        assert len(clicked) < max_clicks, "the day did not end"
        k = rng.randrange(len(actions))
        click_option(page, k, scope)
        clicked.append(actions[k])
    return clicked


def tick_choices(page: Any, picks: Any, multiple: bool, scope: str = ".ic-quiz") -> None:
    """Tick ``picks`` (choice indexes): checkboxes for a pick-all question (``multiple``),
    a radio button for a one-answer question. The question says which, not the page: the
    page may still show the previous question's inputs, and each click waits for its own
    kind to appear."""
    for k in picks:
        if multiple:
            page.click(f"{scope} .ic-quiz-choice-{k} input")
        else:
            page.locator(f"{scope} .ic-quiz-radio input[type=radio]").nth(k).click()
        wait_kernel_idle(page)


def answer_first_choice(page: Any, scope: str = ".ic-quiz") -> None:
    """Ticks the quiz's first choice, presses *Check* and waits for the feedback."""
    page.locator(f"{scope} .ic-quiz-choices input").first.click()
    wait_kernel_idle(page)
    page.click(f"{scope} .ic-quiz-check")
    page.wait_for_function(
        "(sel) => (document.querySelector(sel)?.innerText || '').trim().length > 0",
        arg=f"{scope} .ic-quiz-feedback")


# -- any game: the new-game form and the moments between moves ------------------------------
def open_settings(page: Any, scope: str = PLAY) -> None:
    """Show the new-game form (its toggle button), as a user does; no-op when shown.

    Only a click on the toggle shows or hides the form, and the kernel answers it: once
    the kernel is idle the form's state holds until the next click, so it is read then.
    """
    go = page.locator(f"{scope} .ic-settings .ic-new-game")
    wait_kernel_idle(page)
    if not page.evaluate(SHOWN_JS, f"{scope} .ic-settings .ic-new-game"):
        page.click(f"{scope} .ic-settings-toggle")
    go.wait_for(state="visible")


def fill_number(page: Any, css: str, value: int) -> None:
    """Type ``value`` in the number box with CSS class ``css`` and leave it (Tab syncs it)."""
    page.fill(f"{css} input", str(value))
    page.keyboard.press("Tab")
    wait_kernel_idle(page, settle_ms=200)


def start_new_game(page: Any, title: str, players: int, seed: int,
                   numbers: dict[str, int] | None = None, scope: str = PLAY) -> str:
    """Start a game from the new-game form: pick the game by its ``title`` in the game
    picker, type the number of players, the seed and the game's number settings
    (``numbers``: setting name -> value), click "New game". The table's new markup."""
    open_settings(page, scope)
    select_in(page, f"{scope} .ic-game-select", label=title)
    wait_kernel_idle(page, settle_ms=300)  # the form rebuilds the game's own settings
    fill_number(page, f"{scope} .ic-setting-players", players)
    fill_number(page, f"{scope} .ic-setting-seed", seed)
    for name, value in (numbers or {}).items():
        fill_number(page, f"{scope} .ic-setting-{name}", value)
    before = table_html(page, scope)
    page.click(f"{scope} .ic-settings .ic-new-game")
    try:
        after = wait_table_change(page, before, scope, timeout=60)
    except Exception as e:
        raise AssertionError(f"no new {title} game; the message line says "
                             f"{text_of(page, f'{scope} .ic-message')!r}") from e
    wait_kernel_idle(page)
    page.wait_for_function(  # one "who plays" selector per seat of the new table
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[f"{scope} .ic-seat-player", players], timeout=20_000)
    return after


#: JS: whether the first element matching a selector is shown (laid out) now.
SHOWN_JS = "(sel) => (document.querySelector(sel)?.getClientRects().length || 0) > 0"

#: JS: the state a test may act on *Play to the end* in, for the explorer ``scope``:
#: ``"over"`` (its button disabled: the game ended), ``"ready"`` (enabled), or null while
#: a run goes on (its progress bar shows) or the kernel is busy.
PLAY_TO_END_STATE_JS = """(scope) => {
  const shown = (el) => !!el && el.getClientRects().length > 0;
  if (shown(document.querySelector(scope + ' .ic-toolbar .ic-budget'))) return null;
  if (window.jupyterapp?.widgetManager?.kernel?.status !== 'idle') return null;
  const button = document.querySelector(scope + ' .ic-play-to-end');
  return button ? (button.disabled ? 'over' : 'ready') : null;
}"""


def play_to_the_end(page: Any, scope: str = PLAY, presses: int = 20,
                    timeout: float = 90.0) -> None:
    """Press *Play to the end* until the game is over: a long run pauses after a while
    (issue 17), so it may take a few presses.

    Each press waits for a state to act in (no run going, the kernel idle) rather than
    checking the button and then clicking it: the button could disable itself in between
    on a loaded machine, and a plain click then waits 30 s for it. The click is forced, so
    a button disabled since the wait (a run just begun) ignores it, as a person's would.
    """
    for _ in range(presses):
        state = page.wait_for_function(PLAY_TO_END_STATE_JS, arg=scope,
                                       timeout=timeout * 1000).json_value()
        if state == "over":
            return
        page.locator(f"{scope} .ic-play-to-end").click(force=True)
        page.wait_for_timeout(300)  # the run shows its progress bar, or is over at once
    raise AssertionError(f"the game is not over after {presses} presses of Play to the end")


def press_until_disabled(page: Any, selector: str, presses: int) -> int:
    """Press the button ``selector`` (a step that the kernel answers, such as an example's
    *Next*) until it is disabled; how many presses that took. The button changes only when
    the kernel answers a press, so its state is read once the kernel is idle."""
    for k in range(presses + 1):
        wait_kernel_idle(page)
        if page.evaluate("(sel) => document.querySelector(sel).disabled", selector):
            return k
        page.locator(selector).click(force=True)
    raise AssertionError(f"{selector} is still enabled after {presses} presses")


def visible(page: Any, selector: str) -> bool:
    """Whether the first element matching ``selector`` is shown now."""
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def svg_texts(page: Any, scope: str = PLAY) -> list[str]:
    """The text of every ``<text>`` of the table's SVG, in document order."""
    return page.eval_on_selector_all(f"{scope} .ic-table svg text",
                                     "els => els.map(e => e.textContent)")
