"""The play page's "Learn this game" link to the tutorial page (issue 20).

Its own module, so the play page (:mod:`icecream.widgets.explorer`) needs nothing of the
tutorial widget, which itself builds on the language switch over the play page.

>>> "game=combo-cone" in learn_link_html("combo-cone")
True
"""

from __future__ import annotations

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


__all__ = ["learn_link_html"]
