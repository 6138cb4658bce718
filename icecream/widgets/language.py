"""A language switch for the explorers and the dashboards.

:class:`LanguageSwitch` puts a language selector (CSS class ``ic-language``; each language
named in its own words, from the catalog's ``language.<code>``) above a widget, and an
optional dashboard header (``<prefix>.title`` and ``<prefix>.intro``; ``<prefix>.about``, if
the catalog has it, as a note at the foot). Choosing a language
rebuilds the widget with every text in that language and keeps what it shows: the same
game at the same step, its lines of play, who plays each seat and whose view it is (an
example explorer keeps its example and its moves; a what-if board its game; a quiz its
questions and the question shown).

It also makes the language the kernel's default (:func:`icecream.set_language`), so what
the page builds later (a what-if panel, a quiz) speaks it too; in a Voila dashboard the
kernel is the page's own. The game itself is kept as it is: default player names stay
language-neutral in the state ("Player 2") and are shown in the reader's words ("Speler
2"), so nothing is replayed.

>>> from icecream.widgets import GameExplorer
>>> switch = LanguageSwitch(GameExplorer(players=3, seed=1), header="dashboard.play")
>>> switch.set_language("nl")
True
>>> switch.widget.lang, switch.widget.session.names[0], switch.selector.description
('nl', 'Speler 1', 'Taal')
>>> switch.set_language("en")  # and back: the kernel's language is English again
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..core.history import History
from ..core.messages import (
    DEFAULT_LANGUAGE,
    UnknownLanguage,
    has_message,
    languages,
    resolve_language,
    set_language,
    t,
)
from ..core.players import STATE_LANGUAGE
from .controls import language_ruleset
from .validate import HUMAN

if TYPE_CHECKING:
    from .example_explorer import ExampleExplorer
    from .explorer import GameExplorer


def _is(widget: object, module: str, name: str) -> bool:
    """Whether ``widget`` is an instance of ``icecream.widgets.<module>.<name>``, without
    importing that module: a page that never imported the play page's explorer (the quiz,
    the tutorial) holds none of its widgets, and need not load it to know."""
    loaded = sys.modules.get(f"{__package__}.{module}")
    return loaded is not None and isinstance(widget, getattr(loaded, name))


def language_options() -> list[tuple[str, str]]:
    """(name, code) of every language with a catalog, each named in its own words."""
    return [(t(f"language.{code}", code), code) for code in languages()]


def language_selector(lang: str = DEFAULT_LANGUAGE) -> widgets.Dropdown:
    """A dropdown of the languages (CSS class ``ic-language``), labelled in ``lang``."""
    lang = resolve_language(lang)
    d = widgets.Dropdown(options=language_options(), value=lang,
                         description=t("widgets.label.language", lang),
                         tooltip=t("widgets.tip.language", lang),
                         style={"description_width": "initial"},
                         layout=widgets.Layout(width="auto"))
    d.add_class("ic-language")
    return d


class LanguageSwitch(widgets.VBox):
    """A language selector, an optional header, and ``widget`` shown in the chosen language.

    ``widget`` is a :class:`GameExplorer`, an :class:`ExampleExplorer`, a what-if board, or
    any widget given with ``rebuild(widget, lang) -> widget``. ``header`` is a catalog
    prefix (``"dashboard.play"``) whose ``.title`` and ``.intro`` head the page.
    """

    def __init__(self, widget: widgets.Widget, header: str | None = None,
                 lang: str | None = None,
                 rebuild: Callable[[widgets.Widget, str], widgets.Widget] | None = None
                 ) -> None:
        super().__init__()
        self.lang = resolve_language(lang if lang is not None else getattr(widget, "lang", None))
        self.widget = widget
        self.header_prefix = header
        self._rebuild = rebuild or in_language
        self.header = widgets.HTML()
        self.header.add_class("ic-header")
        self.footer = widgets.HTML()
        self.footer.add_class("ic-about")
        self.selector = language_selector(self.lang)
        self.selector.observe(self._chosen, names="value")
        self.add_class("ic-language-switch")
        if self.lang != getattr(widget, "lang", self.lang):
            self.widget = self._rebuild(widget, self.lang)
        self._show()

    def set_language(self, lang: Any) -> bool:
        """Show everything in ``lang``; False (and a message on the selector) if unknown."""
        try:
            lang = resolve_language(lang)
        except UnknownLanguage:
            self.selector.value = self.lang
            return False
        if lang == self.lang:
            return True
        # A run of moves under way is queued behind (docs/play-page.md): its current move
        # ends, the page is built again, and the run goes on there, with its Stop bar.
        hand_over = getattr(self.widget, "hand_over", None)
        resume: str | None = None
        if hand_over is not None:
            ended, resume = hand_over()
            if not ended:
                self.widget._say(t("widgets.msg.language_later", self.lang), error=True)
                self.selector.value = self.lang
                return False
        set_language(lang)
        self.widget = self._rebuild(self.widget, lang)
        self.lang = lang
        if resume is not None and _is(self.widget, "explorer", "GameExplorer"):
            self.widget._run(resume, note=t("widgets.msg.language_during_run", lang))
        self.selector.description = t("widgets.label.language", lang)
        self.selector.tooltip = t("widgets.tip.language", lang)
        if self.selector.value != lang:
            self.selector.value = lang
        self._show()
        return True

    def _chosen(self, change: dict) -> None:
        if change["new"] != self.lang:
            self.set_language(change["new"])

    def _show(self) -> None:
        # The header and the selector share one row: at 1024x640 every line above the
        # table is a line of the table a student must scroll to.
        top: list[widgets.Widget] = [self.selector]
        if self.header_prefix:
            p, lang = self.header_prefix, self.lang
            self.header.value = (f"<h3 style='margin:0'>{escape(t(f'{p}.title', lang))}</h3>"
                                 f"<p style='margin:2px 0 4px 0;line-height:1.3'>"
                                 f"{escape(t(f'{p}.intro', lang))}</p>")
            self.header.layout = widgets.Layout(flex="1 1 auto")
            top.insert(0, self.header)
        bar = widgets.HBox(top, layout=widgets.Layout(justify_content="space-between",
                                                      align_items="flex-start"))
        bar.add_class("ic-language-bar")
        parts: list[widgets.Widget] = [bar, self.widget]
        about = f"{self.header_prefix}.about"
        if self.header_prefix and has_message(about, self.lang):
            paragraphs = t(about, self.lang).split("\n\n")
            self.footer.value = "<hr>" + "".join(
                f"<p><small>{escape(text)}</small></p>" for text in paragraphs)
            parts.append(self.footer)
        self.children = parts


def in_language(widget: widgets.Widget, lang: str) -> widgets.Widget:
    """``widget`` built again with its texts in ``lang``, showing the same thing."""
    if _is(widget, "explorer", "GameExplorer"):
        return _game_explorer(widget, lang)
    if _is(widget, "example_explorer", "ExampleExplorer"):
        return _example_explorer(widget, lang)
    if _is(widget, "whatif", "WhatIfBoard"):
        from .whatif import WhatIfBoard

        board = WhatIfBoard(game=widget.game_box.value, games=widget.games,
                            samples=widget.samples, lang=lang)
        return board
    if _is(widget, "quiz", "QuizWidget"):
        return _quiz(widget, lang)
    raise TypeError(f"no way to show a {type(widget).__name__} in another language: "
                    "give LanguageSwitch a rebuild function")


def _game_explorer(old: GameExplorer, lang: str) -> GameExplorer:
    from .explorer import GameExplorer

    s = old.session
    # Names stay language-neutral in the state ("Player 2" is shown as "Speler 2"), so the
    # game is kept as it is: no replay to rename seats.
    branches = list(s.branches)
    if len(branches) == 1 and _has_default_names(branches[0]):
        # The page's own game: a new reader's first game is played by the rules written in
        # their language, if the game has them (and nothing is played yet).
        branches = [own_ruleset(branches[0], lang)]
    shown = branches[next(k for k, h in enumerate(s.branches) if h is s.history)]
    # Every seat human while building, so no bot moves on before the old session's
    # pause (a round's scoring shown, a past step) is copied over.
    new = GameExplorer(shown, perspective=s.perspective, seed=s.bot_seed, lang=lang)
    ns = new.session
    for seat, kind in enumerate(s.players):
        if kind != HUMAN:
            ns.set_bot(seat, kind, autoplay=False)
    ns.branches = branches
    ns.summary = s.summary
    # The hint stays as the player left it (issue 21: a language switch turned it off).
    with new.machine.lock:
        new._settle()  # in the state the copied game is in (a round's scoring, a bot waiting)
        new.refresh(force=True)
    if old.hints.enabled:
        new.hints.set_enabled(True)
    return new


def _example_explorer(old: ExampleExplorer, lang: str) -> ExampleExplorer:
    # The page keeps its teacher's examples and lesson too (issue 32): its own method.
    return old.in_language(lang)


def _quiz(old: Any, lang: str) -> Any:
    """The same quiz (same game, seed and questions) at the same question, in ``lang``; the
    question shown starts unanswered, as its words were made for the old language."""
    from .quiz import QuizWidget

    new = QuizWidget(game=old.game, count=old.count, seed=old.seed, kinds=old.kinds,
                     players=old.players, lang=lang)
    while new.index < min(old.index, len(new.questions) - 1):
        new.next_question()
    return new


def own_ruleset(history: History, lang: str) -> History:
    """``history`` itself, or, when nothing is played yet and the game has a ruleset
    written in ``lang`` (:func:`~icecream.widgets.controls.language_ruleset`: the Dutch
    summary for a Dutch reader), the same new game with that ruleset."""
    spec = history.state.game
    own = language_ruleset(spec, lang)
    setup = history.to_dict().get("setup")
    if own is None or len(history) or setup is None or setup.get("ruleset") == own:
        return history
    args = {k: v for k, v in setup.items() if k not in ("players", "seed")}
    args.update(spec.rulesets.get(own, {}), ruleset=own)
    return History.new(history.game, players=list(history.state.names), seed=setup["seed"],
                       **args)


def _has_default_names(history: History) -> bool:
    """True when every player has a default name (a page's own game, not a class's)."""
    names = history.start.names
    return list(names) == [t("ui.default_name", STATE_LANGUAGE, seat=k + 1)
                           for k in range(len(names))]
