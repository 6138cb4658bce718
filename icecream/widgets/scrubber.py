"""The step scrubber: a native range input with a visible, accessible label.

A native ``<input type="range">`` is reachable by keyboard (arrow keys, Home, End) and
carries its label (``aria-label`` and a ``<label>`` beside it) and its value in words
(``aria-valuetext``, "Step 3 of 12"), which ipywidgets' slider does not. The browser
sends the step asked for as ``request``; Python checks it (the explorer's ``jump``) and
sets ``value`` and ``max`` back, so a forged value changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

ESM = r"""
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ic-scrubber-box";
  const label = document.createElement("label");
  const input = document.createElement("input");
  input.type = "range";
  input.min = "0";
  input.step = "1";
  input.className = "ic-scrubber-input";
  const id = "ic-scrub-" + Math.random().toString(36).slice(2);
  input.id = id;
  label.htmlFor = id;
  const count = document.createElement("span");
  count.className = "ic-scrubber-count";
  count.setAttribute("aria-hidden", "true");
  const draw = () => {
    label.textContent = model.get("label");
    input.max = String(model.get("max"));
    input.value = String(model.get("value"));
    input.setAttribute("aria-label", model.get("label"));
    input.setAttribute("aria-valuetext", model.get("value_text"));
    input.disabled = model.get("disabled");
    count.textContent = model.get("value_text");
  };
  input.addEventListener("change", () => {
    model.send({ kind: "jump", step: Number(input.value) });
  });
  model.on("change", draw);
  draw();
  box.append(label, input, count);
  el.appendChild(box);
  return () => model.off("change", draw);
}
export default { render };
"""

CSS = """
.ic-scrubber-box { display: flex; align-items: center; gap: 6px; font-size: 13px; }
.ic-scrubber-input { width: 130px; }
.ic-scrubber-input:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
.ic-scrubber-count { min-width: 5.5em; white-space: nowrap; }
"""


class Scrubber(anywidget.AnyWidget):
    """Steps 0..``max`` of a history; ``on_jump(step)`` gets each step a browser asks for
    (any value: the explorer checks it)."""

    _esm = ESM
    _css = CSS
    value = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    value_text = traitlets.Unicode("").tag(sync=True)
    #: True while the page makes moves: the step cannot be changed then.
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_jump: Callable[[Any], None], label: str, **kwargs: Any) -> None:
        super().__init__(label=label, **kwargs)
        self._on_jump = on_jump
        self._shown = (0, 0, "")
        self.add_class("ic-scrubber")
        self.on_msg(self._received)
        self.observe(self._guard, names=["value", "max", "value_text", "label"])

    def show(self, value: int, steps: int, text: str) -> None:
        """Show step ``value`` of ``steps``, described as ``text``."""
        self._shown = (value, steps, text)
        with self.hold_sync():
            self.max, self.value, self.value_text = steps, value, text

    def _guard(self, change: dict) -> None:
        if change["name"] == "label":
            return
        value, steps, text = self._shown
        if (self.value, self.max, self.value_text) != (value, steps, text):  # a browser set it
            with self.hold_sync():
                self.max, self.value, self.value_text = steps, value, text

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "jump" and set(content) == {
                "kind", "step"}:
            self._on_jump(content["step"])
        else:
            self._on_jump(None)  # refused by the explorer's check, with a message
