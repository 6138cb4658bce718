"""Save, load and share the play page's game (issue 32): the files and addresses, and the
toolbar row that offers them.

* **Save** writes the game as the engine saves it (:meth:`History.to_json`: the history,
  its settings and data files, and a digest) into a download link (a ``data:`` address,
  so it works in Voila and on the static site alike).
* **Load** opens such a file, a scenario file (``docs/scenarios.md``) or a position file
  (:data:`POSITION_KIND`: a shared position too long for a link). The loaders check every
  field; a bad file gets one line naming what is wrong and the game on the page is kept.
* **Share link** gives an address ``play.ipynb?position=<token>`` (``play.html`` on the
  static site; ``docs/sharing.md`` for Binder's form) that opens the same position for
  the same seat (:mod:`icecream.core.share` hides what the seat cannot see); with
  *Puzzle* it opens as "What would you do?" (``&puzzle=1``). A token longer than
  :data:`~icecream.core.share.MAX_LINK` goes into a position file instead, and the page
  says so.

Everything read from a file or an address is shown as text: the widgets here put it in
``Text`` values or escape it.

>>> params = page_params("position=1.abc.def&puzzle=1&lang=nl")
>>> params["position"], params["puzzle"], params["lang"]
('1.abc.def', '1', 'nl')
"""

from __future__ import annotations

import base64
import json
import sys
from collections.abc import Callable, Mapping
from html import escape
from typing import Any
from urllib.parse import parse_qs, urlencode

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.errors import IcecreamError, SaveFileError, quote
from ..core.history import SAVE_KIND, History, load_history
from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import check_plain, get_game, parse_json
from ..core.share import MAX_FILE_TOKEN, SharedPosition, ShareLinkError, decode_position

#: The ``kind`` of a position file: a shared position's token, kept in a file when it is
#: too long for an address.
POSITION_KIND = "icecream-position"
#: The largest file the page opens (bytes): a saved game of a long match is a few hundred
#: kB; anything larger is refused before it is read.
MAX_UPLOAD = 4_000_000
#: The longest page address query read (characters): a token at most as long as a file's.
MAX_QUERY = MAX_FILE_TOKEN + 200


class PageFileError(IcecreamError, ValueError):
    """A file the page cannot open; the message is one line naming what is wrong."""


def page_name(dashboard: str = "play") -> str:
    """A dashboard's file name as the page's address has it (the static site names its
    pages ``.html``)."""
    return f"{dashboard}.html" if sys.platform == "emscripten" else f"{dashboard}.ipynb"


def page_params(query: str) -> dict[str, str]:
    """The page address's parameters (the first value of each). A query longer than
    :data:`MAX_QUERY` raises :class:`~icecream.core.share.ShareLinkError`: sizes are bounded."""
    if not isinstance(query, str):
        raise ShareLinkError(f"page address: must be text, not {type(query).__name__}")
    query = query.lstrip("?")
    if len(query) > MAX_QUERY:
        raise ShareLinkError(f"page address: {len(query)} characters is longer than the "
                             f"{MAX_QUERY} a shared position may have")
    return {k: v[0] for k, v in parse_qs(query).items() if v}


def share_address(token: str, puzzle: bool = False, lang: str = DEFAULT_LANGUAGE,
                  href: str = "") -> str:
    """The play page's address that opens ``token`` (``href``: the page's own address
    without its query; empty: relative to the dashboards' folder); ``puzzle`` opens it as
    "What would you do?"."""
    params = {"position": token}
    if puzzle:
        params["puzzle"] = "1"
    if lang != DEFAULT_LANGUAGE:
        params["lang"] = lang
    # A dashboard's own address (Voila's and the static site's are ``.../render/<page>``);
    # a notebook's (JupyterLab) would open the notebook, not the dashboard.
    base = href if "/render/" in href else page_name()
    return f"{base}?{urlencode(params)}"


def download_html(text: str, filename: str, label: str, css: str,
                  style: str = "font-weight:bold;margin:0 8px") -> str:
    """A link that downloads ``text`` as ``filename`` (a ``data:`` address: no server is
    asked, so it works on the static site too). The contents are base64, the name and
    label escaped: nothing in them can become markup."""
    b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="{escape(css)}" download="{escape(filename)}" '
            f'href="data:application/json;charset=utf-8;base64,{b64}" '
            f'style="{style}">{escape(label)}</a>')


def position_file(token: str) -> str:
    """A position file's JSON text: the token of a shared position too long for a link."""
    return json.dumps({"kind": POSITION_KIND, "format_version": 1, "token": token})


def uploaded(value: Any) -> tuple[str, bytes]:
    """(file name, bytes) of the one file in an ipywidgets ``FileUpload`` value."""
    files = list(value.values()) if isinstance(value, Mapping) else list(value or ())
    if len(files) != 1:
        raise PageFileError(f"choose one file, not {len(files)}")
    item = files[0]
    name = str(item.get("name", ""))[:120]
    content = item.get("content", b"")
    return name, bytes(content)


def open_file(raw: bytes) -> History | SharedPosition:
    """A saved game, a scenario (a game at its position, nothing played yet) or a position
    file's shared position, from a file's bytes. :class:`PageFileError`, one line naming
    what is wrong, for anything else."""
    if len(raw) > MAX_UPLOAD:
        raise PageFileError(f"the file has {len(raw)} bytes, more than the {MAX_UPLOAD} "
                            "a game file may have")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PageFileError("not a game file: it is not UTF-8 text") from None
    try:
        data = parse_json(text, SaveFileError, "not a game file")
        check_plain(data, SaveFileError, "not a game file")
        if not isinstance(data, dict):
            raise PageFileError("not a game file: expected a JSON object")
        kind = data.get("kind")
        if kind == SAVE_KIND:
            return load_history(data)
        if kind == POSITION_KIND:
            if set(data) != {"kind", "format_version", "token"} or data["format_version"] != 1:
                raise PageFileError("position file: expected kind, format_version 1 and token")
            return decode_position(data["token"])
        if kind is not None:
            raise PageFileError(f"not a game file: kind {quote(kind)} is neither "
                                f"{quote(SAVE_KIND)} nor {quote(POSITION_KIND)}")
        if "game" not in data:
            raise PageFileError("not a game file: neither a saved game (kind "
                                f"{quote(SAVE_KIND)}) nor a scenario (it names no game)")
        spec = get_game(data["game"])
        return History(spec.from_scenario(data))
    except PageFileError:
        raise
    except (IcecreamError, ValueError, TypeError) as e:
        raise PageFileError(" ".join(str(e).split())[:500]) from None


def shared_note(shared: SharedPosition, names: tuple[str, ...] | list[str],
                lang: str = DEFAULT_LANGUAGE) -> str:
    """What the page says about a position opened from a link: whose view, and that the
    unseen cards were dealt again (or that the teacher's view shows everything)."""
    if shared.seat is None:
        return t("widgets.share.opened_teacher", lang)
    return t("widgets.share.opened_seat", lang, player=names[shared.seat])


#: Reads the page's own address in the browser and sends its query to Python: the static
#: site's Python runs in a web worker, which cannot see the page's address.
ADDRESS_ESM = r"""
function render({ model, el }) {
  el.style.display = "none";  // takes no room: it only reads the address
  if (!model.get("query")) {
    model.set("href", window.location.href.split(/[?#]/)[0]);
    model.set("query", window.location.search.replace(/^\?/, "") || "&");
    model.save_changes();
  }
}
export default { render };
"""


class PageAddress(anywidget.AnyWidget):
    """The query of the page's address, as the browser has it (``query``; ``"&"`` for a
    page without one), sent once when the widget is first shown."""

    _esm = ADDRESS_ESM
    query = traitlets.Unicode("").tag(sync=True)
    #: The page's address without its query (to write whole addresses to copy).
    href = traitlets.Unicode("").tag(sync=True)

    def when_sent(self, act: Callable[[str], Any]) -> None:
        """Call ``act(query)`` once, when the browser sends the page's query."""
        def seen(change: dict[str, Any]) -> None:
            self.unobserve(seen, names="query")
            act(change["new"])

        self.observe(seen, names="query")


class ShareBar(widgets.VBox):
    """The play page's row "Save · Load · Share link · Puzzle" and the line under it
    where the download link, the address or a refusal appears (CSS ``ic-share-*``).

    ``on_save()``, ``on_load(name, raw)`` and ``on_share(teacher, puzzle)`` are the
    explorer's commands; the bar only draws.
    """

    def __init__(self, on_save: Callable[[], Any], on_load: Callable[[str, bytes], Any],
                 on_share: Callable[[bool, bool], Any], lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang
        auto = widgets.Layout(width="auto")
        self.save_button = widgets.Button(description=t("widgets.button.save", lang),
                                          tooltip=t("widgets.tip.save", lang), icon="download",
                                          layout=auto)
        self.save_button.add_class("ic-save")
        self.save_button.on_click(lambda _b: on_save())
        self.load_button = widgets.FileUpload(accept=".json", multiple=False,
                                              description=t("widgets.button.load", lang),
                                              tooltip=t("widgets.tip.load", lang),
                                              layout=widgets.Layout(width="auto"))
        self.load_button.add_class("ic-load")
        self._on_load = on_load
        self.load_button.observe(self._loaded, names="value")
        self.share_button = widgets.Button(description=t("widgets.button.share", lang),
                                           tooltip=t("widgets.tip.share", lang), icon="link",
                                           layout=auto)
        self.share_button.add_class("ic-share")
        self.share_button.on_click(lambda _b: on_share(self.teacher.value, self.puzzle.value))
        self.teacher = widgets.Checkbox(value=False, description=t("widgets.label.share_teacher",
                                                                   lang),
                                        tooltip=t("widgets.tip.share_teacher", lang),
                                        indent=False, layout=auto)
        self.teacher.add_class("ic-share-teacher")
        self.puzzle = widgets.Checkbox(value=False, description=t("widgets.label.share_puzzle",
                                                                  lang),
                                       tooltip=t("widgets.tip.share_puzzle", lang),
                                       indent=False, layout=auto)
        self.puzzle.add_class("ic-share-puzzle")
        #: The download link, or the address's words (HTML made here, escaped).
        self.output = widgets.HTML()
        self.output.add_class("ic-share-out")
        #: The page's own address, read in the browser (the static site's Python cannot).
        self.page = PageAddress()
        row = widgets.HBox([self.save_button, self.load_button, self.share_button,
                            self.teacher, self.puzzle, self.output, self.page],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        row.add_class("ic-share-row")
        #: The shared address, as text to copy (a Text widget: never markup).
        self.address = widgets.Text(value="", description=t("widgets.label.share_address",
                                                            lang),
                                    style={"description_width": "initial"},
                                    layout=widgets.Layout(width="100%", display="none"))
        self.address.add_class("ic-share-url")
        self.add_class("ic-share-bar")
        self.children = [row, self.address]

    @property
    def controls(self) -> tuple[widgets.Widget, ...]:
        """The bar's controls (disabled together while moves are made)."""
        return (self.save_button, self.load_button, self.share_button)

    def _loaded(self, change: dict) -> None:
        value = change["new"]
        if not value:
            return
        try:
            name, raw = uploaded(value)
        except PageFileError as e:
            self.show_text(str(e), error=True)
            return
        finally:
            # The same file chosen again must reach us again (and the bytes not linger).
            self.load_button.unobserve(self._loaded, names="value")
            self.load_button.value = ()
            self.load_button.observe(self._loaded, names="value")
        self._on_load(name, raw)

    def clear(self) -> None:
        """Nothing under the row."""
        self.output.value = ""
        self.address.value = ""
        self.address.layout.display = "none"

    def show_download(self, text: str, filename: str, note: str) -> None:
        """A download link for ``text`` as ``filename``, and ``note`` beside it."""
        self.clear()
        self.output.value = (download_html(text, filename, t("widgets.share.download",
                                                              self.lang, file=filename),
                                           "ic-share-download")
                             + f'<span class="ic-share-note">{escape(note)}</span>')

    def show_address(self, address: str, note: str) -> None:
        """The shared address as a link and as text to copy, with ``note``."""
        self.clear()
        self.output.value = (f'<a class="ic-share-link" href="{escape(address)}" '
                             f'target="_blank" rel="noopener" style="font-weight:bold;'
                             f'margin:0 8px">{escape(t("widgets.share.open_link", self.lang))}'
                             f'</a><span class="ic-share-note">{escape(note)}</span>')
        self.address.value = address
        self.address.layout.display = ""

    def show_text(self, text: str, error: bool = False) -> None:
        """One line under the row (a refusal in red)."""
        self.clear()
        style = "color:#A30000;font-weight:bold" if error else "color:#333"
        css = "ic-share-error" if error else "ic-share-note"
        self.output.value = f'<span class="{css}" style="{style}">{escape(text)}</span>'


__all__ = ["MAX_QUERY", "MAX_UPLOAD", "POSITION_KIND", "PageAddress", "PageFileError",
           "ShareBar", "download_html", "open_file", "page_name", "page_params",
           "position_file", "share_address", "shared_note", "uploaded"]
