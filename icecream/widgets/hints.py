"""HintPanel: a hint for the player to act, from bot statistics, off until asked for.

The panel is a toggle and a text. When switched on, it shows how often each option of the
current decision won in simulated games (:func:`icecream.teach.hints.hint`), in plain words
with the margin of error. A hint uses what the player to act can see and nothing else, so
it is shown only in that player's view or the teacher's (IC-6: another seat's view must not
learn from it what that player's hidden card might be).

A hint has a time budget (``seconds``, 2 s to start with) and plays at most ``samples``
games per option within it; clicked on a page it runs in the background with a progress
bar and a Stop button (:class:`~icecream.widgets.budget.BudgetRunner`), so the page keeps
answering. A hint cut short says how many games it used; *Think longer* doubles the
time and the games for the position shown.

Stable CSS classes: ``ic-hints`` (the panel), ``ic-hint-toggle``, ``ic-hint`` (the text),
``ic-hint-more`` (*Think longer*), and the runner's ``ic-budget-*``.

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

from ..core.messages import DEFAULT_LANGUAGE, seat_name, t
from ..teach.hints import MAX_SAMPLES, Hint, HintError, hint_steps
from .budget import BudgetRunner, work_in_background

#: The longest a hint may think after *Think longer* presses, in seconds.
MAX_HINT_SECONDS = 32.0


class HintPanel(widgets.VBox):
    """Hints for ``state``'s player to act, seen from ``perspective`` (``None``: teacher).

    Off by default; :meth:`set_enabled` (or the toggle) switches it. At most ``samples``
    simulated games per option within ``seconds``, by ``policy`` bots (default: the
    game's rollout policy; :data:`icecream.explore.position.POLICIES`).
    """

    def __init__(self, state: Any = None, perspective: int | None = None, samples: int = 100,
                 policy: str | None = None, seed: int = 0, lang: str = DEFAULT_LANGUAGE,
                 seconds: float = 2.0) -> None:
        super().__init__()
        self.lang = lang
        self.samples = samples
        self.seconds = seconds
        self._longer = 1  # how many times Think longer doubled the budget for this position
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
        self.runner = BudgetRunner(seconds, lang, unit="games")
        self.more = widgets.Button(description=t("teach.ui.hint_more", lang),
                                   tooltip=t("teach.ui.hint_more_tip", lang),
                                   layout=widgets.Layout(width="auto", display="none"))
        self.more.add_class("ic-hint-more")
        self.more.on_click(lambda _b: self.think_longer())
        self.add_class("ic-hints")
        self.children = [self.toggle, self.runner, self.output, self.more]
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
        if state is not self.state:
            self._longer = 1
        self.state = state
        self.perspective = perspective
        self.refresh()

    def think_longer(self) -> bool:
        """Think again about the position shown with twice the time and games (up to
        :data:`MAX_HINT_SECONDS`); False when there is nothing to think about."""
        if not self.enabled or self.seconds * self._longer >= MAX_HINT_SECONDS:
            return False
        self._longer *= 2
        self._cached = (None, None)
        self.refresh()
        return self.hint is not None or self.runner.running

    def refresh(self) -> None:
        """Recompute (from a cache per position) and redraw, if hints are on."""
        self.hint = None
        self.more.layout.display = "none"
        if self.runner.running:  # a hint for an older position: stop it, come back here
            self.runner.stop()
        if not self.enabled:
            self._show("")
            return
        s = self.state
        if s is None or s.is_over or s.current_player is None:
            self._show(t("teach.ui.hint_none", self.lang))
            return
        p = s.current_player
        who = seat_name(s.names, p, self.lang)
        if self.perspective is not None and self.perspective != p:
            # IC-6: a hint reflects what the player to act knows; another seat may not see it.
            self._show(t("teach.ui.hint_not_yours", self.lang, player=who))
            return
        if len(s.legal_actions()) < 2:
            self._show(t("teach.ui.hint_one_option", self.lang, player=who))
            return
        if self._cached[0] is s:  # the same position: no new simulation
            self._draw(self._cached[1])
            return
        if self.runner.running:
            return  # the running hint's end comes back here for the new position
        samples = min(MAX_SAMPLES, self.samples * self._longer)
        seconds = self.seconds * self._longer
        self._show(t("teach.ui.hint_thinking", self.lang, player=who))

        def steps(budget: Any) -> Any:
            return hint_steps(s, samples=samples, policy=self.policy, seed=self.seed,
                              lang=self.lang, budget=budget)

        def done(result: Hint | None, error: BaseException | None) -> None:
            if s is not self.state or not self.enabled:
                self.refresh()  # the position changed meanwhile: think about the new one
                return
            if error is not None:
                self._show(str(error), error=True)
                if isinstance(error, HintError):
                    self.more.layout.display = ""
                return
            self._cached = (s, result)
            self._draw(result)

        self.runner.start(None, done, seconds=seconds, background=work_in_background(),
                          steps=steps)

    def _draw(self, cached: Hint) -> None:
        """Show a finished hint."""
        self.hint = cached
        can_more = (cached.partial or not cached.clear) and \
            self.seconds * self._longer < MAX_HINT_SECONDS
        self.more.layout.display = "" if can_more else "none"
        items = "".join(f"<li>{escape(line)}</li>" for line in cached.lines())
        self._text = cached.text()
        # The numbers first; how they were made after, in small print.
        self.output.value = (f'<div style="border-left:4px solid #E69F00;padding-left:8px;'
                             f'font-size:90%;line-height:1.35">'
                             f"<p>{escape(cached.summary('teach.hint.unclear_page'))}</p>"
                             f"<ul>{items}</ul>"
                             f'<p style="font-size:90%;color:#555">{escape(cached.method())}'
                             f"</p></div>")

    def _toggled(self, change: dict) -> None:
        self.refresh()

    def _show(self, text: str, error: bool = False) -> None:
        self._text = text
        style = "color:#A30000;font-weight:bold" if error else "color:#444"
        self.output.value = f'<p style="{style}">{escape(text)}</p>' if text else ""


__all__ = ["HintPanel"]
