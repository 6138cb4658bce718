"""The clickable table: an anywidget that shows the SVG and sends clicks back to Python.

The browser side is a small inline ES module (no CDN, no build): it puts the SVG in the
page and, on a click (or Enter / Space) on an element with class ``ic-option``, sends the
custom message ``{"kind": "action", "action": <the element's data-action JSON>}``. Python
checks the message's shape (:func:`~icecream.widgets.validate.action_message`) before the
explorer hands the action to the engine. The ``svg`` trait is Python's to set: a value
sent from a browser is put back at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from ..core.messages import DEFAULT_LANGUAGE
from .validate import Refused, action_message

ESM = r"""
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ic-table-box";
  const draw = () => {
    box.innerHTML = model.get("svg");
    for (const node of box.querySelectorAll(".ic-option")) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
  };
  const choose = (event) => {
    const hit = event.target.closest ? event.target.closest(".ic-option") : null;
    if (!hit || !box.contains(hit)) return;
    let action;
    try { action = JSON.parse(hit.getAttribute("data-action")); } catch (err) { return; }
    event.preventDefault();
    model.send({ kind: "action", action });
  };
  box.addEventListener("click", choose);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(box);
  return () => model.off("change:svg", draw);
}
export default { render };
"""

CSS = """
.ic-table-box { overflow-x: auto; }
.ic-table-box svg { max-width: 100%; height: auto; }
.ic-table-box .ic-option:hover .ic-frame,
.ic-table-box .ic-option:focus .ic-frame { fill: #E6F2FA; }
.ic-table-box .ic-option:hover > rect:not(.ic-frame) { filter: brightness(1.15); }
.ic-table-box .ic-option:focus { outline: 3px solid #0072B2; }
"""


class TableWidget(anywidget.AnyWidget):
    """Shows a table's SVG; calls ``on_action(plain_action)`` for each click on an option
    and ``on_refused(text)`` for a message that is not a well-formed click."""

    _esm = ESM
    _css = CSS
    svg = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_action: Callable[[Mapping[str, Any]], None],
                 on_refused: Callable[[str], None], lang: str = DEFAULT_LANGUAGE,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_action = on_action
        self._on_refused = on_refused
        self._lang = lang
        self._shown = ""
        self.add_class("ic-table")
        self.on_msg(self._received)
        self.observe(self._guard_svg, names="svg")

    def show(self, svg: str) -> None:
        """Show ``svg`` (sent to the browser only when it changed)."""
        self._shown = svg
        self.svg = svg

    def _guard_svg(self, change: dict) -> None:
        if change["new"] != self._shown:  # set by a browser: put ours back
            self.svg = self._shown

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            action = action_message(content, self._lang)
        except Refused as e:
            self._on_refused(str(e))
            return
        self._on_action(action)
