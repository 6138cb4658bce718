"""The clickable table: an anywidget that shows the SVG and sends clicks back to Python.

The browser side is a small inline ES module (no CDN, no build): it puts the SVG in the
page and, on a click (or Enter / Space) on an element with class ``ic-option``, sends the
custom message ``{"kind": "action", "action": <the element's data-action JSON>}``; a
forbidden option (class ``ic-forbidden``) also shows the reason (its ``<title>``) in a
box right under it (``ic-why-not``), and Python refuses it with the rule. Python
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
// The words an option shows, in reading order (its <title> is a tooltip, not shown).
const visibleWords = (node) => [...node.querySelectorAll("text")]
  .map((t) => t.textContent.trim()).filter(Boolean).join(" ");
const plain = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();
// A card's words are several <text>s (icon, initial, name, number): read as one run they
// run together ("Sstrawberry1"), so they are drawn right after the option instead, hidden
// from assistive technology (its name says them, spaced) and letting clicks through.
const liftWords = (node) => {
  const texts = [...node.querySelectorAll("text")];
  if (!texts.length) return;
  const words = document.createElementNS("http://www.w3.org/2000/svg", "g");
  words.setAttribute("class", "ic-option-words");
  words.setAttribute("aria-hidden", "true");
  words.setAttribute("pointer-events", "none");
  for (const text of texts) words.appendChild(text);
  node.after(words);
};

// Whether the student works the page with the keyboard: the last input was a key (Tab,
// Enter, Space), not a pointer. Kept on the window, as each table may load this module anew.
if (!window.icKeyboardWatch) {
  window.icKeyboardWatch = true;
  document.addEventListener("keydown", (event) => {
    if (["Tab", "Enter", " "].includes(event.key)) window.icKeyboardUser = true;
  }, true);
  document.addEventListener("pointerdown", () => { window.icKeyboardUser = false; }, true);
}
// The focus is lost when it sits on the page itself or on a control that has just been
// hidden (Continue goes when the next day is dealt).
// How many times (every 100 ms) a redrawn table looks for a focus lost with its control.
const LOOKS = 50;
const focusLost = (box) => {
  const active = document.activeElement;
  return !active || active === document.body || (active !== box && !active.offsetParent);
};

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ic-table-box";
  box.tabIndex = -1;  // holds the focus while a picture has no option to hold it
  const why = document.createElement("div");
  why.className = "ic-why-not";
  why.setAttribute("role", "alert");
  why.hidden = true;
  let timer = null;
  const draw = () => {
    why.hidden = true;
    // A keyboard player keeps their place: focus in the table before a new picture stays
    // in it (on the same option if it is still allowed, else the first one), instead of
    // falling back to the page's top and a long walk of Tabs (issue 33).
    const active = document.activeElement;
    const focused = active && box.contains(active);
    const was = focused && active.getAttribute ? active.getAttribute("data-action") : null;
    box.innerHTML = model.get("svg");
    box.appendChild(why);
    for (const node of box.querySelectorAll(".ic-option")) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const title = node.querySelector("title");
      let name = node.getAttribute("aria-label") || (title ? title.textContent : "");
      if (title && node.getAttribute("aria-label")) {
        node.setAttribute("aria-description", title.textContent);
      }
      // The name starts with the words the option shows (WCAG 2.5.3, label in name): a
      // student who says "Keep" to speech control, or hears it read, finds the button.
      const shown = visibleWords(node);
      if (shown && !plain(name).includes(plain(shown))) {
        name = name ? `${shown}: ${name}` : shown;
      }
      if (name) node.setAttribute("aria-label", name);
      liftWords(node);
    }
    if (focused) {
      const options = [...box.querySelectorAll(".ic-option:not(.ic-forbidden)")];
      const same = options.find((node) => node.getAttribute("data-action") === was);
      const next = same || options[0] || box;
      next.focus({ preventScroll: true });
    } else if (window.icKeyboardUser) {
      // A keyboard player whose control vanished with this picture (Continue) goes on in
      // the table, not from the page's top; a mouse player's focus is left alone. The
      // control may be hidden well after the redraw (a busy server sends that later), so
      // the table looks for a lost focus for a while, until the focus is in it.
      let looks = 0;
      const look = () => {
        if (!window.icKeyboardUser || !box.isConnected) return;
        if (box.contains(document.activeElement)) return;
        if (box.offsetParent && focusLost(box)) {
          const first = box.querySelector(".ic-option:not(.ic-forbidden)");
          (first || box).focus({ preventScroll: true });
          return;
        }
        if (++looks < LOOKS) setTimeout(look, 100);
      };
      setTimeout(look, 100);
    }
  };
  // A forbidden option says why not right where it was clicked (the rule's words).
  const explain = (hit) => {
    const title = hit.querySelector("title");
    if (!title) return;
    const area = box.getBoundingClientRect();
    const spot = hit.getBoundingClientRect();
    why.textContent = title.textContent;
    why.style.left = Math.max(0, Math.min(spot.left - area.left, area.width - 320)) + "px";
    why.style.top = (spot.bottom - area.top + box.scrollTop + 4) + "px";
    why.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => { why.hidden = true; }, 8000);
  };
  const choose = (event) => {
    const hit = event.target.closest ? event.target.closest(".ic-option") : null;
    if (!hit || !box.contains(hit)) { why.hidden = true; return; }
    let action;
    try { action = JSON.parse(hit.getAttribute("data-action")); } catch (err) { return; }
    event.preventDefault();
    if (hit.classList.contains("ic-forbidden")) explain(hit); else why.hidden = true;
    // The table clicked on goes with the click: a second click of a double click (or
    // one sent before a redraw reached the page) is known as aimed at an older table.
    model.send({ kind: "action", action, table: model.get("token") });
  };
  box.addEventListener("click", choose);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
    if (event.key === "Escape") why.hidden = true;
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(box);
  return () => model.off("change:svg", draw);
}
export default { render };
"""

CSS = """
.ic-table-box { position: relative; overflow-x: auto; }
.ic-table-box svg { display: block; max-width: 100%; height: auto; }
.ic-table-box .ic-option { cursor: pointer; }
.ic-table-box .ic-option.ic-forbidden { cursor: help; }
.ic-table-box .ic-option:not(.ic-forbidden):hover .ic-frame { fill: #E6F2FA; }
.ic-table-box .ic-option:not(.ic-forbidden):hover > rect:not(.ic-frame) {
  filter: brightness(1.15); }
.ic-table-box .ic-option:focus { outline: none; }
.ic-table-box:focus:not(:focus-visible) { outline: none; }
.ic-table-box .ic-option:focus-visible {
  filter: drop-shadow(0 0 2px #000000) drop-shadow(0 0 5px #FFBF00); }
.ic-why-not { position: absolute; z-index: 5; max-width: 320px; padding: 6px 10px;
  background: #FFFFFF; color: #7A0000; border: 2px solid #7A0000; border-radius: 6px;
  font-size: 14px; box-shadow: 0 2px 8px rgba(0,0,0,.3); }
"""


class TableWidget(anywidget.AnyWidget):
    """Shows a table's SVG; calls ``on_action(plain_action)`` for each click on an option
    and ``on_refused(text)`` for a message that is not a well-formed click."""

    _esm = ESM
    _css = CSS
    svg = traitlets.Unicode("").tag(sync=True)
    #: Counts the tables shown: a click names the one it was made on.
    token = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_action: Callable[[Mapping[str, Any]], None],
                 on_refused: Callable[[str], None], lang: str = DEFAULT_LANGUAGE,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_action = on_action
        self._on_refused = on_refused
        self._lang = lang
        self._shown = ""
        self._token = 0
        #: The table a click being handled was made on (``None``: the message named none).
        self.clicked_on: int | None = None
        self.add_class("ic-table")
        self.on_msg(self._received)
        self.observe(self._guard_svg, names="svg")
        self.observe(self._guard_token, names="token")

    def show(self, svg: str) -> None:
        """Show ``svg`` (sent to the browser only when it changed) as a new table: its
        ``token`` goes up by one, so a click names the table it was made on."""
        self._shown = svg
        self._token += 1
        with self.hold_sync():
            self.svg = svg
            self.token = self._token

    def _guard_svg(self, change: dict) -> None:
        if change["new"] != self._shown:  # set by a browser: put ours back
            self.svg = self._shown

    def _guard_token(self, change: dict) -> None:
        if change["new"] != self._token:  # set by a browser: put ours back
            self.token = self._token

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.clicked_on = None
        if isinstance(content, dict) and "table" in content:
            token = content.get("table")
            content = {k: v for k, v in content.items() if k != "table"}
            if isinstance(token, int) and not isinstance(token, bool):
                self.clicked_on = token
        try:
            action = action_message(content, self._lang)
        except Refused as e:
            self._on_refused(str(e))
            return
        self._on_action(action)
