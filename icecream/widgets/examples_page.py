"""The examples dashboard (``dashboards/rulebook_examples.ipynb``): a language switch over
an :class:`~icecream.widgets.example_explorer.ExampleExplorer`, opening what the page's
address asks for: a language, a game, a teacher's example or lesson link (issue 32,
``docs/lessons.md``).

>>> page = examples_page("lang=nl&example=1.nonsense.x")
>>> page.lang, page.widget.message_is_error
('nl', True)
"""

from __future__ import annotations

from urllib.parse import parse_qs

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE, UnknownLanguage, resolve_language
from ..core.share import MAX_FILE_TOKEN
from .example_explorer import ExampleExplorer, example_games
from .language import LanguageSwitch
from .learn import page_query


def examples_page(query: str | None = None, header: str = "dashboard.examples"
                  ) -> widgets.Widget:
    """The examples dashboard: a language switch over an :class:`ExampleExplorer`.

    ``query`` is the page's query string (default: the page's own,
    :func:`.learn.page_query`): ``lang=<code>``, ``game=<name>``, and a teacher's
    ``example=<token>`` or ``lesson=<token>`` (``docs/lessons.md``), opened on the page;
    a bad link is refused with one line in the message line, over the first example.
    """
    raw = page_query() if query is None else query
    params = {k: v[0] for k, v in parse_qs(raw[: 2 * MAX_FILE_TOKEN]).items() if v}
    try:
        lang = resolve_language(params.get("lang", DEFAULT_LANGUAGE))
    except UnknownLanguage:
        lang = DEFAULT_LANGUAGE
    game = params.get("game")
    if game not in [g for _t, g in example_games()]:
        game = None
    explorer = ExampleExplorer(lang=lang, game=game)
    for kind in ("lesson", "example"):
        if kind in params:
            explorer.open_link(kind, params[kind])
            break
    return LanguageSwitch(explorer, header=header, lang=lang)


__all__ = ["examples_page"]
