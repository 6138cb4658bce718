"""A whole-number field that keeps to its range on the server, and says when it did.

ipywidgets' ``BoundedIntText`` clamps a typed value in the browser, silently: a student
who typed 99 players got 5 and was not told (issue 33). :class:`CheckedIntText` is an
``IntText`` whose ``min`` and ``max`` live in Python: a value out of range (typed, or sent
by any browser) is set to the nearest bound and ``on_clamped`` is given one sentence
saying so, in the form's language.

>>> said = []
>>> players = CheckedIntText(value=4, min=2, max=5, label="Players", on_clamped=said.append)
>>> players.value = 99
>>> players.value, said
(5, ['Players: 99 is not possible here (2 to 5), so the form uses 5.'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core.messages import DEFAULT_LANGUAGE, t


class CheckedIntText(widgets.IntText):
    """An ``IntText`` kept in ``min``..``max`` by the server; ``on_clamped(text)`` hears of
    each value it moved into range (``label`` names the field in that text)."""

    min = traitlets.Int(0)
    max = traitlets.Int(100)

    def __init__(self, value: int, min: int, max: int, label: str,
                 on_clamped: Callable[[str], Any], lang: str = DEFAULT_LANGUAGE,
                 **kwargs: Any) -> None:
        super().__init__(value=value, **kwargs)
        self.min, self.max = min, max
        self._label = label
        self._on_clamped = on_clamped
        self._lang = lang
        self.observe(self._keep_in_range, names=["value", "min", "max"])

    def _keep_in_range(self, _change: dict) -> None:
        if self.min > self.max:  # bounds being changed one at a time
            return
        value = self.value
        used = max(self.min, min(self.max, value))
        if used != value:
            self.value = used
            self._on_clamped(t("widgets.form.clamped", self._lang, field=self._label,
                               value=value, low=self.min, high=self.max, used=used))


__all__ = ["CheckedIntText"]
