"""ExampleExplorer: a game's rulebook examples, played out click by click.

Pick a game (every registered game with examples) and one of its examples; read the
rulebook's own words and the rules it shows; press "Next step" to play the move the
rulebook tells, with a note on each step; at the end the outcome the rulebook states is
shown beside the table. The table can be clicked too, to try another move; "Restart" goes
back to the example's start.

A teacher's own material opens here too (issue 32): "Open a file" reads a teacher's
example file (shown next to the rulebook's own examples, in the example picker) or a
lesson file (its chapters one after another, with "Previous chapter" and "Next chapter"
and the teacher's notes); the examples dashboard
(:func:`icecream.widgets.examples_page.examples_page`) opens ``?example=<token>`` and
``?lesson=<token>`` links. Files and links come from strangers: every title, caption and
note is shown as text (escaped), never as markup, and a refusal is one line in the
message line while the page keeps what it showed.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from html import escape
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from ..core.errors import IcecreamError
from ..core.examples import Example, read_example
from ..core.history import History
from ..core.lesson_file import Chapter, Lesson, decode_link, read_file, read_lesson
from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import default_game, get_game
from . import controls, hooks, panels
from .base import ExplorerBase
from .session import Session
from .validate import refuse


def example_games() -> list[tuple[str, str]]:
    """(title, name) of every registered game that has rulebook examples."""
    return [(title, g) for title, g in hooks.game_choices() if get_game(g).examples()]


class ExampleExplorer(ExplorerBase):
    """Walk through a rulebook example of ``game`` (default :func:`default_game`;
    ``example_id``: one of
    ``get_game(game).examples()``; default the first). Every seat is played by hand; the
    view starts as the teacher's. The game picker switches to another game's examples."""

    def __init__(self, example_id: str | None = None, lang: str = DEFAULT_LANGUAGE,
                 game: str | None = None) -> None:
        game = game or default_game()
        self.examples = dict(get_game(game).examples())
        if not self.examples:
            raise ValueError(f"{game} has no rulebook examples")
        example_id = next(iter(self.examples)) if example_id is None else example_id
        if example_id not in self.examples:
            raise ValueError(f"unknown example {example_id!r}; examples are "
                             f"{', '.join(self.examples)}")
        self.example = self.examples[example_id]
        #: A teacher's examples opened on this page (every game), by their picker id.
        self.extra: dict[str, Example] = {}
        #: The lesson open (None: none) and the index of its chapter shown.
        self.lesson: Lesson | None = None
        self.chapter = 0
        super().__init__(Session(History(self.example.start()), lang=lang), lang)
        self.add_class("ic-example-explorer")
        self.game_box = widgets.Dropdown(
            options=example_games(), value=game, description=t("widgets.form.game", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="250px"))
        self.game_box.add_class("ic-game-select")
        self.game_box.observe(self._game_selected, names="value")
        self.select_box = widgets.Dropdown(
            options=self._example_options(), value=example_id,
            description=t("widgets.label.example", lang),
            style={"description_width": "initial"}, layout=widgets.Layout(width="450px"))
        self.select_box.add_class("ic-example-select")
        # The three in one row at 1024 wide, each choice readable in Dutch too (issue 21:
        # "Een uitgewerkte comboketen" and "Leraar (ziet alle kaarten)" were cut off).
        self.perspective.layout = widgets.Layout(width="270px")
        self.select_box.observe(self._selected, names="value")
        self.next_button = controls.button("example_next", "ic-example-next", self.next_step,
                                           lang, button_style="primary")
        self.restart_button = controls.button("example_restart", "ic-example-restart",
                                              self.restart, lang)
        self.undo_button = controls.button("undo", "ic-undo", self.undo, lang)
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=t("lessons.button.upload", lang),
                                         tooltip=t("lessons.tip.upload", lang),
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("ic-example-upload")
        self.upload.observe(self._uploaded, names="value")
        self.prev_chapter = self._lesson_button("prev_chapter", "ic-lesson-prev",
                                                lambda: self.show_chapter(self.chapter - 1))
        self.next_chapter = self._lesson_button("next_chapter", "ic-lesson-next",
                                                lambda: self.show_chapter(self.chapter + 1))
        self.chapter_title = _html("ic-lesson-chapter")
        self.lesson_notes = _html("ic-lesson-notes")
        self.lesson_bar = widgets.VBox([
            widgets.HBox([self.prev_chapter, self.next_chapter, self.chapter_title],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.lesson_notes])
        self.lesson_bar.add_class("ic-lesson-bar")
        self.lesson_bar.layout.display = "none"
        self.rulebook = _html("ic-example-rulebook")
        self.note = _html("ic-example-note")
        self.outcome = _html("ic-example-outcome")
        self.summary = _html("ic-round-summary")
        # The outcome the rulebook states heads the page once the example is played, and
        # the step's note sits beside the buttons: both in view at 1024x640 without
        # scrolling (issue 21: the Dan and Larry outcome was at y ~ 1,270). The rulebook's
        # words and the scoring follow beside the table.
        side = widgets.VBox([self.summary, self.rulebook, self.explain],
                            layout=widgets.Layout(flex="1 1 320px", min_width="280px"))
        self.note.layout = widgets.Layout(flex="1 1 300px", margin="0 0 0 8px")
        self.children = [
            widgets.HBox([self.game_box, self.select_box, self.perspective, self.upload],
                         layout=widgets.Layout(flex_flow="row wrap")),
            controls.plugin_note(lang),  # a game plug-in that failed to load, named once
            self.lesson_bar,
            widgets.HBox([self.next_button, self.restart_button, self.undo_button, self.note],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.outcome,
            self.message_line,
            widgets.HBox([self.table, side], layout=widgets.Layout(flex_flow="row wrap")),
            self.log_panel,
        ]
        self.refresh()

    def _example_options(self) -> list[tuple[str, str]]:
        # A teacher's example is named as one, after the rulebook's own; the picker shows
        # its title as text (a dropdown's options are never markup).
        return [(ex.title(self.lang) if ex.words is None
                 else t("lessons.teacher_example", self.lang, title=ex.title(self.lang)), eid)
                for eid, ex in self.examples.items()]

    def _lesson_button(self, key: str, css: str, action: Any) -> widgets.Button:
        b = widgets.Button(description=t(f"lessons.button.{key}", self.lang),
                           tooltip=t(f"lessons.tip.{key}", self.lang),
                           layout=widgets.Layout(width="auto"))
        b.add_class(css)
        b.on_click(lambda _b: action())
        return b

    def _game_examples(self, game: str) -> dict[str, Example]:
        """The rulebook's examples of ``game``, then the teacher's opened here."""
        out = dict(get_game(game).examples())
        out.update({k: ex for k, ex in self.extra.items() if ex.game == game})
        return out

    # -- where we are in the rulebook's steps ----------------------------------------------
    @property
    def position(self) -> int | None:
        """How many of the example's steps are played, or ``None`` once the moves played
        differ from the rulebook's."""
        played = self.history.actions[: self.history.cursor]
        steps = self.example.steps
        if len(played) > len(steps):
            return None
        parse = self.state.game.parse_action
        if any(a != parse(s) for a, s in zip(played, steps, strict=False)):
            return None
        return len(played)

    @property
    def finished(self) -> bool:
        """True when every step of the example has been played as the rulebook tells."""
        return self.position == len(self.example.steps)

    # -- commands ------------------------------------------------------------------------
    def select(self, example_id: Any) -> bool:
        """Show example ``example_id`` from its start."""
        return self._do(self._select, example_id, say_events=False,
                        note=lambda: self.example.title(self.lang))

    def next_step(self) -> bool:
        """Play the rulebook's next move, with its note."""
        return self._do(self._next)

    def restart(self) -> bool:
        """Back to the example's start."""
        return self._do(self._select, self.example.id, say_events=False,
                        note=lambda: t("widgets.msg.restarted", self.lang))

    def select_game(self, game: Any) -> bool:
        """Show the first example of ``game`` (a registered game with examples)."""
        return self._do(self._select_game, game, say_events=False,
                        note=lambda: self.example.title(self.lang))

    def _select_game(self, game: Any) -> None:
        if not isinstance(game, str) or game not in [g for _t, g in example_games()]:
            raise refuse("bad_game", self.lang, game=repr(game)[:40],
                         games=", ".join(g for _t, g in example_games()))
        self._show_example(game, next(iter(get_game(game).examples())))

    def _show_example(self, game: str, key: str) -> None:
        """Show ``key`` of ``game``'s examples (the rulebook's and the teacher's)."""
        self.examples = self._game_examples(game)
        self._updating = True
        try:
            self.select_box.options = self._example_options()
            self.select_box.value = key
        finally:
            self._updating = False
        self._select(key)

    def _select(self, example_id: Any) -> None:
        if not isinstance(example_id, str) or example_id not in self.examples:
            raise refuse("bad_example", self.lang, example=repr(example_id)[:40])
        self.example = self.examples[example_id]
        start = self.example.start()
        seat = self.session.perspective
        keep = seat if seat is not None and seat < start.num_players else None
        self.session = Session(History(start), perspective=keep, lang=self.lang)

    def _next(self) -> None:
        k = self.position
        if k is None:
            raise refuse("off_script", self.lang)
        if k >= len(self.example.steps):
            raise refuse("example_done", self.lang)
        step = self.state.game.parse_action(self.example.steps[k])
        h = self.history
        if h.cursor < len(h) and h.actions[h.cursor] == step:  # the step was undone: redo it
            self.session.redo()
        else:
            self.session.play(step)

    # -- a teacher's files and links (issue 32) ---------------------------------------------
    def open_file(self, content: bytes | str) -> bool:
        """Open an uploaded file: a teacher's example (added to the picker and shown) or a
        lesson (its first chapter shown). A bad file is refused with one line and the
        page keeps what it showed."""
        try:
            opened = read_file(content)
        except IcecreamError as e:
            self._say(t("lessons.refused_file", self.lang, problem=_one_line(e)), error=True)
            return False
        return self._open(opened)

    def open_link(self, kind: str, token: str) -> bool:
        """Open a ``?example=`` (``kind="example"``) or ``?lesson=`` link's token."""
        try:
            payload = decode_link(token, kind)
            opened = read_example(payload) if kind == "example" else read_lesson(payload)
        except IcecreamError as e:
            self._say(t("lessons.refused_link", self.lang, problem=_one_line(e)), error=True)
            return False
        return self._open(opened)

    def _open(self, opened: Example | Lesson) -> bool:
        if isinstance(opened, Lesson):
            self.lesson, self.chapter = opened, 0
            self.lesson_bar.layout.display = ""
            return self.show_chapter(0, note=t("lessons.opened_lesson", self.lang,
                                               title=opened.title,
                                               count=len(opened.chapters)))
        key = self._add(opened)
        return self._do(self._show_example, opened.game, key, say_events=False,
                        note=lambda: t("lessons.opened_example", self.lang,
                                       title=opened.title(self.lang)))

    def _add(self, example: Example, key: str | None = None) -> str:
        """Keep a teacher's example under a picker id of its own (never a rulebook id)."""
        if key is None:
            key = f"teacher-{len(self.extra) + 1}-{example.id}"
        self.extra[key] = replace(example, id=key)
        return key

    def show_chapter(self, index: Any, note: str | None = None) -> bool:
        """Show chapter ``index`` (0-based) of the open lesson: its position (a puzzle
        with a link to the play page) or its example, its title and notes."""
        lesson = self.lesson
        if lesson is None or not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index < len(lesson.chapters):
            number = index + 1 if isinstance(index, int) else repr(index)[:20]
            self._say(t("lessons.no_chapter", self.lang, number=number), error=True)
            return False
        chapter = lesson.chapters[index]
        try:
            example, seat = self._chapter_example(chapter, index)
        except IcecreamError as e:
            self._say(t("lessons.refused_file", self.lang, problem=_one_line(e)), error=True)
            return False
        self.chapter = index
        key = self._add(example, f"lesson-{index + 1}")
        ok = self._do(self._show_example, example.game, key, say_events=False,
                      note=lambda: note or self._chapter_heading())
        if ok and seat is not None:
            self.set_perspective(seat)
            self._say([note or self._chapter_heading(), t("lessons.resampled", self.lang)])
        self._draw_lesson()
        return ok

    def _chapter_example(self, chapter: Chapter, index: int) -> tuple[Example, int | None]:
        """The chapter as an example to show, and the seat its position is shared for."""
        if chapter.example is not None:
            return chapter.example, None
        shared = chapter.shared(seed=index)
        spec = shared.state.game
        words = {"en": {"title": chapter.title or t(f"lessons.kind.{chapter.kind}", "en")}}
        example = Example(f"lesson-{index + 1}", (), shared.state.to_dict(), (),
                          spec.catalog_key("example"), spec.from_dict, spec.name, words)
        return example, shared.seat

    def _chapter_heading(self) -> str:
        lesson = self.lesson
        if lesson is None:
            return ""
        c = lesson.chapters[self.chapter]
        return t("lessons.chapter", self.lang, number=self.chapter + 1,
                 count=len(lesson.chapters), title=c.title or t(f"lessons.kind.{c.kind}",
                                                                self.lang))

    def _draw_lesson(self) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        c = lesson.chapters[self.chapter]
        self.prev_chapter.disabled = self.chapter == 0
        self.next_chapter.disabled = self.chapter >= len(lesson.chapters) - 1
        self.chapter_title.value = (f"<b>{escape(lesson.title)}</b> &middot; "
                                    f"{escape(self._chapter_heading())} &middot; "
                                    f"<i>{escape(t(f'lessons.kind.{c.kind}', self.lang))}</i>")
        notes = [n for n in (lesson.notes if self.chapter == 0 else "", c.notes) if n]
        html = "".join(f'<p style="white-space:pre-wrap;margin:2px 0">{escape(n)}</p>'
                       for n in notes)
        if notes:
            html = f"<b>{escape(t('lessons.notes', self.lang))}</b>{html}"
        if c.kind == "puzzle" and c.position is not None:
            page = "play.html" if sys.platform == "emscripten" else "play.ipynb"
            href = f"{page}?{urlencode({'position': c.position, 'puzzle': 1})}"
            html += (f'<p><a class="ic-lesson-puzzle" href="{escape(href)}" target="_blank" '
                     f'rel="noopener" style="{LINK_STYLE}">'
                     f'{escape(t("lessons.puzzle_link", self.lang))}</a></p>')
        self.lesson_notes.value = f'<div style="line-height:1.4">{html}</div>'

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else getattr(item, "content", b"")
        self.upload.value = ()  # emptied, so that the same file chosen again is read again
        self.open_file(bytes(content))

    def in_language(self, lang: str) -> ExampleExplorer:
        """This page built again in ``lang``: the same example at the same step, the
        teacher's examples and the lesson opened, the same view."""
        game = self.history.game
        new = ExampleExplorer(None, lang=lang, game=game)
        new.extra = dict(self.extra)
        new.lesson, new.chapter = self.lesson, self.chapter
        new.examples = new._game_examples(game)
        new.example = new.examples[self.example.id]
        new._updating = True
        try:
            new.select_box.options = new._example_options()
        finally:
            new._updating = False
        s = self.session
        new.session = Session(s.history, perspective=s.perspective, lang=lang)
        new.session.branches = list(s.branches)
        if new.lesson is not None:
            new.lesson_bar.layout.display = ""
            new._draw_lesson()
        new.refresh(force=True)
        return new

    # -- drawing ---------------------------------------------------------------------------
    def _selected(self, change: dict) -> None:
        if not self._updating:
            self.select(change["new"])

    def _game_selected(self, change: dict) -> None:
        if not self._updating:
            self.select_game(change["new"])

    def _redraw(self) -> None:
        super()._redraw()
        ex, lang = self.example, self.lang
        if self._changed("rulebook", (ex.id, ex.title(lang), ex.rulebook_text(lang))):
            self.rulebook.value = (
                f'<div style="line-height:1.4"><h4>{escape(ex.title(lang))}</h4>'
                f"<blockquote>{escape(ex.rulebook_text(lang))}</blockquote>"
                # a teacher's example or a lesson's position may name no rule
                + (f"<b>{escape(t('widgets.example.rules', lang))}</b>"
                   + panels.rules_html(ex.rules, hooks.rules(self.state), lang)
                   if ex.rules else "") + "</div>")
        self.select_box.value = ex.id
        self.game_box.value = self.state.game.name
        k = self.position
        steps = len(ex.steps)
        if k is None:
            note = t("widgets.example.off_script", lang)
        elif k == 0 and steps == 0:  # a position from a lesson: nothing to play through
            note = t("lessons.position_ready", lang)
        elif k == 0:
            note = t("widgets.example.ready", lang, steps=steps)
        else:
            note = t("widgets.example.step_note", lang, step=k, steps=steps,
                     note=ex.step_note(k - 1, lang))
        self.note.value = f'<p style="line-height:1.4;margin:2px 0">{escape(note)}</p>'
        at = self.session.summary  # a round (or the game) just scored: show its breakdown
        shown = at is not None and at == self.history.cursor
        if self._changed("summary", (at, self.history, self.session.perspective) if shown
                         else None):
            self.summary.value = panels.summary_html(
                self.history, at, self.session.perspective, lang) if shown else ""
        if self.finished and ex.outcome(lang):  # a teacher's file may state no outcome
            self.outcome.value = (
                f'<div style="border:2px solid #009E73;padding:6px;line-height:1.4">'
                f"<b>{escape(t('widgets.example.outcome', lang))}</b> "
                f"{escape(ex.outcome(lang))}</div>")
        else:
            self.outcome.value = ""
        self.next_button.disabled = k is None or k >= steps
        self.undo_button.disabled = self.history.cursor == 0


#: A link that looks like one (the page's stylesheet draws anchors as plain text).
LINK_STYLE = "color:#0B4F8A;text-decoration:underline;font-weight:bold"


def _one_line(error: Exception) -> str:
    """An error's message on one line (a refusal is one line, whatever it quotes)."""
    return " ".join(str(error).split())


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML()
    w.add_class(css)
    return w
