"""The play page's "Learn this game" link to the tutorial page (issue 20), and how a page
reads its own address (:func:`page_query`, the link's other end).

Its own module, so the play page (:mod:`icecream.widgets.explorer`) needs nothing of the
tutorial widget, which itself builds on the language switch over the play page.

>>> "game=combo-cone" in learn_link_html("combo-cone")
True
"""

from __future__ import annotations

import os
import sys
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
    Voila's ``get_query_string`` waits until the request comes and then returns it (the cell
    calling this must carry the tag ``voila-waits-for-request``, so that the wait in the pool
    is not cut by the cell timeout: scripts/serve_dashboards.py). Voila is imported only then:
    it costs a kernel tens of MB, and the static site's Pyodide has no Voila."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


__all__ = ["learn_link_html", "page_query"]
