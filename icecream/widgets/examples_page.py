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
from .sharing import PageAddress


def _params(raw: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(raw[: 2 * MAX_FILE_TOKEN]).items() if v}


def _language(params: dict[str, str]) -> str:
    try:
        return resolve_language(params.get("lang", DEFAULT_LANGUAGE))
    except UnknownLanguage:
        return DEFAULT_LANGUAGE


def _open_link(explorer: ExampleExplorer, params: dict[str, str]) -> None:
    for kind in ("lesson", "example"):
        if kind in params:
            explorer.open_link(kind, params[kind])
            return


def examples_page(query: str | None = None, header: str = "dashboard.examples"
                  ) -> widgets.Widget:
    """The examples dashboard: a language switch over an :class:`ExampleExplorer`.

    ``query`` is the page's query string (default: the page's own,
    :func:`.learn.page_query`): ``lang=<code>``, ``game=<name>``, and a teacher's
    ``example=<token>`` or ``lesson=<token>`` (``docs/lessons.md``), opened on the page;
    a bad link is refused with one line in the message line, over the first example.
    When Python cannot see the page's address (the static site's web worker), the page
    holds a :class:`~icecream.widgets.sharing.PageAddress` and opens what the browser
    sends, as the play page does.
    """
    raw = page_query() if query is None else query
    params = _params(raw)
    lang = _language(params)
    game = params.get("game")
    if game not in [g for _t, g in example_games()]:
        game = None
    explorer = ExampleExplorer(lang=lang, game=game)
    _open_link(explorer, params)
    switch = LanguageSwitch(explorer, header=header, lang=lang)
    if query is None and not raw:
        address = PageAddress()

        def sent(query: str) -> None:
            late = _params(query)
            if "lang" in late:
                switch.set_language(_language(late))
            _open_link(switch.widget, late)

        address.when_sent(sent)
        switch.children = (*switch.children, address)
        switch.address = address  # kept, so tests and the page can find it
    return switch


__all__ = ["examples_page"]
