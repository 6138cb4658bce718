"""The play dashboard's address: ``?position=<token>`` opens a shared position,
``&puzzle=1`` as "What would you do?", ``&lang=nl`` in Dutch (issue 32; docs/sharing.md).

In Voila the query is read as the tutorial page reads its own (:func:`.learn.page_query`,
a preheated kernel waiting for the request); on the static site, whose Python runs in a
web worker and cannot see the page's address, the play page's
:class:`~icecream.widgets.sharing.PageAddress` reads it in the browser and sends it, and
the position opens then. A link that cannot be opened is refused with one line on the
play page, whose own game is kept.

>>> from icecream.widgets import GameExplorer
>>> from icecream.widgets.language import LanguageSwitch
>>> page = open_address(LanguageSwitch(GameExplorer(players=3)), "position=1.x.y&lang=nl")
>>> page.app.lang, page.app.widget.message_is_error
('nl', True)
>>> from icecream.core.messages import set_language
>>> previous = set_language("en")  # the kernel's language, set by the Dutch link, back
"""

from __future__ import annotations

import ipywidgets as widgets

from ..core.messages import UnknownLanguage, resolve_language, t
from ..core.share import SharedPosition, ShareLinkError, decode_position
from ..teach.puzzle import PuzzleError
from .language import LanguageSwitch
from .learn import page_query
from .playstate import Control
from .puzzle import PuzzleWidget
from .sharing import page_params


class PlayPage(widgets.VBox):
    """The play dashboard: its language switch over the play page (:attr:`app`), or a
    puzzle opened from the address (:attr:`puzzle`), which *Play this position* turns
    back into the play page at the puzzle's position."""

    def __init__(self, app: LanguageSwitch) -> None:
        super().__init__()
        self.app = app
        self.puzzle: LanguageSwitch | None = None
        self._opened = False
        self.add_class("ic-play-page")
        self.children = [app]

    def open_query(self, query: str) -> bool:
        """Open what the address ``query`` asks for (once); False when it asks for nothing
        or was refused (the play page then says why)."""
        if self._opened or not query or query == "&":
            return False
        self._opened = True
        explorer = self.app.widget
        try:
            params = page_params(query)
        except ShareLinkError as e:
            explorer._say(t("widgets.share.link_refused", self.app.lang, reason=str(e)),
                          error=True)
            return False
        if "lang" in params:
            try:
                self.app.set_language(resolve_language(params["lang"]))
            except UnknownLanguage:
                pass  # an unknown language is ignored, as on the tutorial page
        explorer = self.app.widget
        token = params.get("position")
        if not token:
            return False
        if params.get("puzzle") != "1":
            return explorer.open_link(token)
        lang = self.app.lang
        try:
            shared = decode_position(token)
            puzzle = PuzzleWidget(shared, lang, on_play=self._play)
        except (ShareLinkError, PuzzleError) as e:
            explorer._say(t("widgets.puzzle.bad_link", lang, reason=str(e)), error=True)
            return False
        self.puzzle = LanguageSwitch(puzzle, lang=lang,
                                     rebuild=lambda w, new: w.in_language(new))
        self.children = [self.puzzle]
        return True

    def _play(self, shared: SharedPosition) -> None:
        """*Play this position*: the play page, in the puzzle's language, at its position."""
        if self.puzzle is not None and self.puzzle.lang != self.app.lang:
            self.app.set_language(self.puzzle.lang)
        explorer = self.app.widget
        explorer._command(Control.LOAD, explorer._open_shared, shared, say_events=False,
                          note=lambda: explorer._opened_note)
        self.children = [self.app]


def open_address(app: LanguageSwitch, query: str | None = None) -> PlayPage:
    """The play dashboard around ``app``, opened at what the page's address asks for:
    ``query`` (default: the page's own, :func:`.learn.page_query`); when Python cannot
    see it (the static site), when the browser sends it."""
    page = PlayPage(app)
    raw = page_query() if query is None else query
    if raw:
        page.open_query(raw)
    elif query is None:
        app.widget.share_bar.page.when_sent(page.open_query)
    return page


__all__ = ["PlayPage", "open_address"]
