"""AuthoringPanel: a teacher turns a game played on the play page into an example file.

She plays (or steps back to) the position the example should start from and presses
"Start here"; she plays on, and at each step worth a word writes a caption, in one or
every language of the catalogs, and presses "Mark this step". "Export" makes a teacher's
example file (:func:`icecream.core.examples.example_from_history`), in the rulebook
examples' format, checks it with the same loader (:func:`~icecream.core.examples.read_example`)
and offers it as a download (a ``data:`` link, which works in Voila and on the static site
alike) and, when short enough, as a link to the examples page (``?example=<token>``).

The panel reads the game through ``source`` (the explorer's history at the moment a button
is pressed) and holds no rules: the loader checks every step.

>>> from icecream.core.history import History
>>> from icecream.core.protocol import default_game
>>> h = History.new(default_game(), players=3, seed=1)
>>> for _ in range(2):
...     h = h.play(h.state.legal_actions()[0])
>>> panel = AuthoringPanel(lambda: h)
>>> panel.title_boxes["en"].value = "My first example"
>>> panel.caption_boxes["en"].value = "<script>alert(1)</script>"
>>> panel.mark()
True
>>> panel.export()
True
>>> panel.exported["words"]["en"]["step.2"], "&lt;script&gt;" in panel.status.value
('<script>alert(1)</script>', True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.errors import IcecreamError
from ..core.examples import ExampleFileError, example_from_history, read_example
from ..core.history import History
from ..core.lesson_file import Chapter, Lesson, encode_link, lesson_to_dict, lesson_to_json
from ..core.messages import DEFAULT_LANGUAGE, languages, t
from ..core.share import MAX_LINK, encode_position
from .sharing import download_html, page_name


def examples_page_link(query: str) -> str:
    """The examples dashboard's address with ``query``, beside the page linking to it
    (Voila serves dashboards side by side; the static site names them ``.html``)."""
    return f"{page_name('rulebook_examples')}?{query}"


#: A link that looks like one (the page's stylesheet draws anchors as plain text).
LINK_STYLE = "color:#0B4F8A;text-decoration:underline;font-weight:bold"


def _slug(title: str) -> str:
    """A file name made of a title's plain letters (``example`` when none is left)."""
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")[:40] or "example"


class AuthoringPanel(widgets.VBox):
    """Mark steps of the game that ``source()`` returns, caption them, and export the
    result as a teacher's example file (CSS class ``ic-authoring``)."""

    def __init__(self, source: Callable[[], History], lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.add_class("ic-authoring")
        self.source = source
        self.lang = lang
        #: The step the example starts from (0: the game's start).
        self.start = 0
        #: Captions by the step they follow (1-based, counted from the game's start).
        self.marks: dict[int, dict[str, str]] = {}
        #: The last file exported (its JSON object) and its page link (None: too long).
        self.exported: dict[str, Any] | None = None
        self.link: str | None = None
        wide = widgets.Layout(width="48%", min_width="260px")
        self.title_boxes = {
            code: widgets.Text(description=t("lessons.author.title", lang,
                                             language=t(f"language.{code}", lang)),
                               style={"description_width": "initial"}, layout=wide)
            for code in languages()}
        self.caption_boxes = {
            code: widgets.Textarea(description=t("lessons.author.caption", lang,
                                                 language=t(f"language.{code}", lang)),
                                   placeholder=t("lessons.author.caption_hint", lang),
                                   style={"description_width": "initial"},
                                   layout=widgets.Layout(width="48%", min_width="260px",
                                                         height="52px"))
            for code in languages()}
        for code, box in self.title_boxes.items():
            box.add_class(f"ic-author-title-{code}")
        for code, box in self.caption_boxes.items():
            box.add_class(f"ic-author-caption-{code}")
        self.rules_box = widgets.Text(description=t("lessons.author.rules", lang),
                                      placeholder=t("lessons.author.rules_hint", lang),
                                      style={"description_width": "initial"},
                                      layout=widgets.Layout(width="48%", min_width="260px"))
        self.rules_box.add_class("ic-author-rules")
        self.start_button = self._button("start", "ic-author-start", self.start_here)
        self.mark_button = self._button("mark", "ic-author-mark", self.mark, "info")
        self.clear_button = self._button("clear", "ic-author-clear", self.clear)
        self.export_button = self._button("export", "ic-author-export", self.export,
                                          "success")
        # A lesson: chapters gathered from this game, in order (docs/lessons.md).
        self.chapters: list[Chapter] = []
        self.lesson_title = widgets.Text(description=t("lessons.author.lesson_title", lang),
                                         style={"description_width": "initial"}, layout=wide)
        self.lesson_title.add_class("ic-author-lesson-title")
        self.chapter_notes = widgets.Textarea(
            description=t("lessons.author.chapter_notes", lang),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="48%", min_width="260px", height="52px"))
        self.chapter_notes.add_class("ic-author-chapter-notes")
        self.add_position = self._button("add_position", "ic-author-add-position",
                                         lambda: self.add_chapter("position"))
        self.add_puzzle = self._button("add_puzzle", "ic-author-add-puzzle",
                                       lambda: self.add_chapter("puzzle"))
        self.add_example = self._button("add_example", "ic-author-add-example",
                                        lambda: self.add_chapter("example"))
        self.lesson_button = self._button("lesson", "ic-author-lesson", self.export_lesson,
                                          "success")
        self.lesson_result = widgets.HTML()
        self.lesson_result.add_class("ic-author-lesson-result")
        self.status = widgets.HTML()
        self.status.add_class("ic-author-status")
        self.result = widgets.HTML()
        self.result.add_class("ic-author-result")
        self.message = widgets.HTML()
        self.message.add_class("ic-author-message")
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.children = [
            widgets.HTML(f"<b>{escape(t('lessons.author.heading', lang))}</b> "
                         f"{escape(t('lessons.author.how', lang))}"),
            widgets.HBox(list(self.title_boxes.values()), layout=row),
            widgets.HBox(list(self.caption_boxes.values()), layout=row),
            widgets.HBox([self.start_button, self.mark_button, self.clear_button,
                          self.rules_box, self.export_button], layout=row),
            self.message, self.status, self.result,
            widgets.HBox([self.lesson_title, self.chapter_notes], layout=row),
            widgets.HBox([self.add_position, self.add_puzzle, self.add_example,
                          self.lesson_button], layout=row),
            self.lesson_result]
        self._draw()

    def _button(self, key: str, css: str, action: Callable[[], Any],
                style: str = "") -> widgets.Button:
        b = widgets.Button(description=t(f"lessons.button.{key}", self.lang),
                           tooltip=t(f"lessons.tip.{key}", self.lang),
                           button_style=style, layout=widgets.Layout(width="auto"))
        b.add_class(css)
        b.on_click(lambda _b: action())
        return b

    # -- commands --------------------------------------------------------------------------
    def start_here(self) -> bool:
        """The example starts from the step shown; marks before it are dropped."""
        self.start = self.source().cursor
        self.marks = {k: v for k, v in self.marks.items() if k > self.start}
        return self._done(t("lessons.author.started", self.lang, step=self.start))

    def mark(self) -> bool:
        """Caption the step just played (the one that led to the position shown) with the
        caption boxes' texts; refused before the example's start or with no caption."""
        step = self.source().cursor
        if step <= self.start:
            return self._refuse("lessons.author.mark_before", step=self.start)
        captions = {code: box.value.strip() for code, box in self.caption_boxes.items()
                    if box.value.strip()}
        if not captions:
            return self._refuse("lessons.author.no_caption")
        self.marks[step] = captions
        for box in self.caption_boxes.values():
            box.value = ""
        return self._done(t("lessons.author.marked", self.lang, step=step))

    def clear(self) -> bool:
        """Forget the marks and the start (the texts typed stay)."""
        self.start, self.marks, self.exported, self.link = 0, {}, None, None
        self.result.value = ""
        return self._done(t("lessons.author.cleared", self.lang))

    def export(self) -> bool:
        """Make the example file (from the start through the last mark, or through the
        step shown when nothing is marked), check it with the rulebook examples' loader,
        and offer the download and the link. A refusal is one line; nothing changes."""
        history = self.source()
        end = max(self.marks) if self.marks else history.cursor
        if end <= self.start or end > len(history):
            return self._refuse("lessons.author.nothing", step=self.start)
        words: dict[str, dict[str, str]] = {}
        for code, box in self.title_boxes.items():
            if box.value.strip():
                words.setdefault(code, {})["title"] = box.value.strip()
        for step, captions in self.marks.items():
            for code, text in captions.items():
                words.setdefault(code, {})[f"step.{step - self.start}"] = text
        title = next((w["title"] for w in words.values() if "title" in w), "")
        if not title:
            return self._refuse("lessons.author.no_title")
        rules = [r for r in re.split(r"[\s,;]+", self.rules_box.value) if r]
        try:
            data = example_from_history(history, self.start, end, eid=_slug(title),
                                        words=words, rules=rules)
            read_example(data)  # the very checks the rulebook's own examples pass
        except ExampleFileError as e:
            return self._refuse("lessons.author.refused", problem=str(e))
        self.exported = data
        token = encode_link("example", data)
        self.link = examples_page_link(f"example={token}") if len(token) <= MAX_LINK else None
        self.result.value = self._offer(
            json.dumps(data, ensure_ascii=False, indent=1), f"{data['id']}.json", self.link,
            "ic-author", "lessons.author.download", "lessons.author.too_long")
        return self._done(t("lessons.author.exported", self.lang, count=end - self.start))

    def add_chapter(self, kind: str) -> bool:
        """Add a chapter to the lesson: the position shown (``"position"``: the teacher's
        view; ``"puzzle"``: as the seat to act sees it, its unseen cards hidden) or the
        example last exported (``"example"``), with the notes typed."""
        title = self.chapter_notes.value.strip().split("\n", 1)[0][:80]
        notes = self.chapter_notes.value.strip()
        try:
            if kind == "example":
                if self.exported is None:
                    return self._refuse("lessons.author.no_example")
                example = read_example(self.exported)
                chapter = Chapter(kind, example.title(self.lang), notes, example=example)
            else:
                state = self.source().state
                seat = state.current_player if kind == "puzzle" else None
                if not isinstance(seat, int) or isinstance(seat, bool):
                    seat = None
                chapter = Chapter(kind, title or t(f"lessons.kind.{kind}", self.lang), notes,
                                  position=encode_position(state, seat))
        except IcecreamError as e:
            return self._refuse("lessons.author.refused", problem=" ".join(str(e).split()))
        self.chapters.append(chapter)
        self.chapter_notes.value = ""
        return self._done(t("lessons.author.chapter_added", self.lang,
                            count=len(self.chapters)))

    def export_lesson(self) -> bool:
        """Offer the lesson file (its chapters in the order added) as a download and,
        when short enough, as a link to the examples page."""
        if not self.chapters:
            return self._refuse("lessons.author.no_chapters")
        lesson = Lesson(self.lesson_title.value.strip(), "", tuple(self.chapters))
        token = encode_link("lesson", lesson_to_dict(lesson))
        link = examples_page_link(f"lesson={token}") if len(token) <= MAX_LINK else None
        self.lesson_result.value = self._offer(
            lesson_to_json(lesson), "lesson.json", link, "ic-author-lesson",
            "lessons.author.download_lesson", "lessons.author.lesson_too_long")
        return self._done(t("lessons.author.lesson_ready", self.lang,
                            count=len(self.chapters)))

    # -- drawing ---------------------------------------------------------------------------
    def _offer(self, text: str, filename: str, link: str | None, css: str, download: str,
               too_long: str) -> str:
        """A file offered as a download (``<css>-download``) and, when it fits in an
        address, as a link to the examples page (``<css>-link``); else the words
        ``too_long`` say why there is no link."""
        parts = [download_html(text, filename, t(download, self.lang), f"{css}-download",
                               style=LINK_STYLE)]
        if link is not None:
            parts.append(f'<a class="{css}-link" href="{escape(link)}" target="_blank" '
                         f'rel="noopener" style="{LINK_STYLE}">'
                         f'{escape(t("lessons.author.open_link", self.lang))}</a>')
        else:
            parts.append(escape(t(too_long, self.lang)))
        return '<p style="line-height:1.5;margin:2px 0">' + " &nbsp; ".join(parts) + "</p>"

    def _done(self, text: str) -> bool:
        self.message.value = f'<p style="margin:2px 0">{escape(text)}</p>'
        self._draw()
        return True

    def _refuse(self, key: str, **params: Any) -> bool:
        self.message.value = (f'<p style="margin:2px 0;color:#b00020">'
                              f"{escape(t(key, self.lang, **params))}</p>")
        return False

    def _draw(self) -> None:
        lines = [t("lessons.author.status", self.lang, step=self.start,
                   count=len(self.marks))]
        for step, captions in sorted(self.marks.items()):
            text = captions.get(self.lang) or next(iter(captions.values()))
            lines.append(t("lessons.author.mark_line", self.lang, step=step, caption=text))
        # Captions are the teacher's own words, but they go into files for strangers too:
        # text, never markup, here as everywhere.
        self.status.value = ('<div style="white-space:pre-wrap;line-height:1.4">'
                             + "\n".join(escape(x) for x in lines) + "</div>")


def authoring_row(source: Callable[[], History], lang: str = DEFAULT_LANGUAGE
                  ) -> widgets.VBox:
    """The play page's "Author an example" toggle (CSS class ``ic-author-toggle``) over
    an :class:`AuthoringPanel`, built the first time it is opened (most players never
    open it) and kept while the page lives."""
    toggle = widgets.ToggleButton(value=False, description=t("lessons.button.author", lang),
                                  tooltip=t("lessons.tip.author", lang),
                                  layout=widgets.Layout(width="auto"))
    toggle.add_class("ic-author-toggle")
    box = widgets.VBox(layout=widgets.Layout(width="100%", display="none"))

    def toggled(change: dict) -> None:
        if change["new"] and not box.children:
            box.children = [AuthoringPanel(source, lang)]
        box.layout.display = "" if change["new"] else "none"

    toggle.observe(toggled, names="value")
    # The toggle as wide as its words, the panel as wide as the page.
    row = widgets.VBox([toggle, box], layout=widgets.Layout(align_items="flex-start"))
    row.add_class("ic-author-row")
    return row


__all__ = ["AuthoringPanel", "authoring_row", "download_html", "examples_page_link"]
