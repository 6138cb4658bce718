"""The play page's "Learn this game" link to the tutorial page (issue 20), and how a page
reads its own address (:func:`page_query`, the link's other end).

Its own module, so the play page (:mod:`icecream.widgets.explorer`) needs nothing of the
tutorial widget, which itself builds on the language switch over the play page.

>>> "game=combo-cone" in learn_link_html("combo-cone")
True
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from html import escape
from urllib.parse import urlencode

from ..core.messages import DEFAULT_LANGUAGE, t
from ..teach.tutorial import tutorials


def learn_link_html(game: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A "Learn this game" link to the tutorial dashboard for ``game`` (opens a new tab);
    empty when the game has no tutorial. Voila serves the dashboards side by side (the
    static site names them ``.html``)."""
    if not tutorials(game):
        return ""
    page = "tutorial.html" if sys.platform == "emscripten" else "tutorial.ipynb"
    href = f"{page}?{urlencode({'game': game, 'lang': lang})}"
    return (f'<a class="ic-learn-link" href="{escape(href)}" target="_blank" '
            f'rel="noopener" title="{escape(t("tutorial.ui.learn_tip", lang))}" '
            f'style="white-space:nowrap;font-weight:bold;margin:0 8px">'
            f'{escape(t("tutorial.ui.learn", lang))}</a>')


def page_query() -> str:
    """The query string of the page this kernel serves (``game=combo-cone&lang=nl``); ""
    outside Voila (a notebook, the static site).

    A kernel Voila starts for a request has it from the start (``QUERY_STRING``). A
    preheated kernel was started, and its notebook run, before anyone asked for the page:
    it waits until the request comes (:func:`wait_for_request`) and then reads it. The cell
    calling this must carry the tag ``voila-waits-for-request``, so that the wait in the pool
    is not cut by the cell timeout (scripts/serve_dashboards.py)."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def request_info_url() -> str:
    """The address where a preheated kernel receives its page's request (Voila's
    ``/voila/query/<kernel id>`` socket), from the variables Voila gives the kernel; built
    as ``voila.utils.wait_for_request`` builds it (tests/test_serve_dashboards.py checks)."""
    env = os.environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID')}"


def wait_for_request(url: str | None = None) -> None:
    """Wait for the request of the page this preheated kernel was handed to, and put what
    Voila sends (``QUERY_STRING``, ``SCRIPT_NAME``, ... as a JSON object) in the
    environment, as Voila's own ``voila.utils.wait_for_request`` does.

    Voila's function is not called because importing ``voila.utils`` brings Jupyter Server
    and JupyterLab's server into the kernel: 35-45 MB more per tutorial page (measured with
    benchmarks/bench_open.py). This one needs only ``websockets``, which Voila itself uses
    for this socket. Not in a preheated kernel, the request is already in the environment
    and nothing is waited for."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    try:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect
    except ImportError:  # websockets before 11 (Voila asks only >= 9): Voila's own, heavier
        from voila.utils import wait_for_request as voilas

        voilas(url)
        return
    address = url or request_info_url()
    try:
        # No timeout on the receive: the kernel may wait in the pool for hours; the socket
        # closes (and this raises) if Voila stops.
        with connect(address, open_timeout=5, max_size=2**20) as socket:
            info = socket.recv()
    except (OSError, TimeoutError, WebSocketException) as e:
        # As Voila's: the page is then built without its address (the default tutorial).
        warnings.warn(f"no request from {address}: {e}", stacklevel=2)
        return
    for key, value in json.loads(info).items():
        os.environ[key] = value


__all__ = ["learn_link_html", "page_query", "request_info_url", "wait_for_request"]
