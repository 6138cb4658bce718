"""Bring a part of a widget into the window when Python says so.

ipywidgets cannot scroll the page; :class:`ScrollIntoView` is a tiny anywidget, placed
inside the widget it serves, that scrolls the first element matching its ``target`` CSS
selector (looked up inside its nearest ancestor with class ``scope``) into the window each
time :meth:`ScrollIntoView.show` is called. The quiz uses it so that the feedback of
*Check my answer* is seen at 1024x640 even under a long list of choices (issue 33).

>>> scroll = ScrollIntoView(".ic-quiz-result", scope="ic-quiz")
>>> scroll.show(); scroll.count
1
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

ESM = r"""
function render({ model, el }) {
  el.style.display = "none";  // takes no room: it only scrolls
  const go = () => requestAnimationFrame(() => {
    const root = el.closest("." + model.get("scope")) || document;
    const target = root.querySelector(model.get("target"));
    if (!target) return;
    // The whole part when it fits in the window, else its start (its first line says it).
    const tall = target.getBoundingClientRect().height > window.innerHeight;
    target.scrollIntoView({ block: tall ? "start" : "nearest", behavior: "smooth" });
  });
  model.on("change:count", go);
  return () => model.off("change:count", go);
}
export default { render };
"""


class ScrollIntoView(anywidget.AnyWidget):
    """Scrolls the element matching ``target`` (inside the ancestor with CSS class
    ``scope``) into the window on each :meth:`show`."""

    _esm = ESM
    target = traitlets.Unicode("").tag(sync=True)
    scope = traitlets.Unicode("").tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, target: str, scope: str, **kwargs: Any) -> None:
        super().__init__(target=target, scope=scope, **kwargs)
        self.layout.margin = "0"

    def show(self) -> None:
        """Scroll the target into the window (now, in every browser showing this widget)."""
        self.count += 1


__all__ = ["ScrollIntoView"]
