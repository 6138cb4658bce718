"""HintPanel: a hint for the player to act, from bot statistics, off until asked for.

The panel is a toggle and a text. When switched on, it shows how often each option of the
current decision won in simulated games (:func:`icecream.teach.hints.hint`), in plain words
with the margin of error. A hint uses what the player to act can see and nothing else, so
it is shown only in that player's view or the teacher's (IC-6: another seat's view must not
learn from it what that player's hidden card might be).

Stable CSS classes: ``ic-hints`` (the panel), ``ic-hint-toggle``, ``ic-hint`` (the text).

>>> import icecream
>>> panel = HintPanel(icecream.new_game("ice-cream", players=3, seed=2), samples=10)
>>> panel.enabled, panel.text
(False, '')
>>> panel.set_enabled(True)
True
>>> "Keep the dealt card" in panel.text
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.messages import DEFAULT_LANGUAGE, t
from ..teach.hints import Hint, HintError, hint


class HintPanel(widgets.VBox):
    """Hints for ``state``'s player to act, seen from ``perspective`` (``None``: teacher).

    Off by default; :meth:`set_enabled` (or the toggle) switches it. ``samples`` simulated
    games per option, by ``policy`` bots (:data:`icecream.explore.position.POLICIES`).
    """

    def __init__(self, state: Any = None, perspective: int | None = None, samples: int = 100,
                 policy: str = "random", seed: int = 0, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang
        self.samples = samples
        self.policy = policy
        self.seed = seed
        self.state = state
        self.perspective = perspective
        self.hint: Hint | None = None
        self._cached: tuple[Any, Hint | None] = (None, None)
        self.toggle = widgets.ToggleButton(value=False, description=t("teach.ui.hint", lang),
                                           tooltip=t("teach.ui.hint_tooltip", lang),
                                           icon="lightbulb-o")
        self.toggle.add_class("ic-hint-toggle")
        self.toggle.observe(self._toggled, names="value")
        self.output = widgets.HTML()
        self.output.add_class("ic-hint")
        self.add_class("ic-hints")
        self.children = [self.toggle, self.output]
        self._text = ""

    @property
    def enabled(self) -> bool:
        """Whether hints are shown (off by default)."""
        return bool(self.toggle.value)

    @property
    def text(self) -> str:
        """The hint's words as shown (empty when off)."""
        return self._text

    def set_enabled(self, on: Any) -> bool:
        """Show hints (``True``) or hide them; anything but a bool is refused (False)."""
        if not isinstance(on, bool):
            self._show(t("teach.ui.hint_refused", self.lang, value=repr(on)[:40]), error=True)
            return False
        if self.toggle.value != on:
            self.toggle.value = on  # calls _toggled, which redraws
        else:
            self.refresh()
        return True

    def set_state(self, state: Any, perspective: int | None = None) -> None:
        """Show hints for ``state`` as ``perspective`` sees the table."""
        self.state = state
        self.perspective = perspective
        self.refresh()

    def refresh(self) -> None:
        """Recompute (from a cache per position) and redraw, if hints are on."""
        self.hint = None
        if not self.enabled:
            self._show("")
            return
        s = self.state
        if s is None or s.is_over or s.current_player is None:
            self._show(t("teach.ui.hint_none", self.lang))
            return
        p = s.current_player
        if self.perspective is not None and self.perspective != p:
            # IC-6: a hint reflects what the player to act knows; another seat may not see it.
            self._show(t("teach.ui.hint_not_yours", self.lang, player=s.names[p]))
            return
        if len(s.legal_actions()) < 2:
            self._show(t("teach.ui.hint_one_option", self.lang, player=s.names[p]))
            return
        if self._cached[0] is s:  # the same position: no new simulation
            cached = self._cached[1]
        else:
            try:
                cached = hint(s, samples=self.samples, policy=self.policy, seed=self.seed,
                              lang=self.lang)
            except HintError as e:
                self._show(str(e), error=True)
                return
            self._cached = (s, cached)
        self.hint = cached
        items = "".join(f"<li>{escape(line)}</li>" for line in cached.lines())
        self._text = cached.text()
        # The numbers first; how they were made after, in small print.
        self.output.value = (f'<div style="border-left:4px solid #E69F00;padding-left:8px;'
                             f'font-size:90%;line-height:1.35">'
                             f"<p>{escape(cached.summary())}</p><ul>{items}</ul>"
                             f'<p style="font-size:90%;color:#555">{escape(cached.method())}'
                             f"</p></div>")

    def _toggled(self, change: dict) -> None:
        self.refresh()

    def _show(self, text: str, error: bool = False) -> None:
        self._text = text
        style = "color:#A30000;font-weight:bold" if error else "color:#444"
        self.output.value = f'<p style="{style}">{escape(text)}</p>' if text else ""


__all__ = ["HintPanel"]
