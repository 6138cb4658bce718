"""What every game's table picture shares: the attributes of a clickable option.

The clickable table (:mod:`icecream.widgets.table`) finds options by class ``ic-option``
and reads the action from ``data-action`` (its plain form as JSON); a forbidden option also
has class ``ic-forbidden``, so a click on it can say why not. Every game draws its options
with :func:`option_attrs`, so they look and behave the same to the browser and to
assistive technology (a role, a name, keyboard focus).

>>> from icecream.core.protocol import Option, Action
>>> from icecream.core.messages import Message
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Serve(Action):
...     type = "serve"
...     cone: int
>>> print(option_attrs(Option(Serve(2), False, "IC-9", Message("x")), "ic-cone",
...                    label="Cone 2").replace('" ', '"\\n'))
class="ic-cone ic-option ic-forbidden"
data-action='{"type":"serve","cone":2}' role="button"
tabindex="0"
aria-disabled="true"
aria-label="Cone 2"
style="cursor:pointer"
"""

from __future__ import annotations

import json
from html import escape
from typing import Any


def action_json(action: Any) -> str:
    """The plain action as compact JSON, escaped for a single-quoted attribute."""
    text = json.dumps(action.to_dict(), separators=(",", ":"))
    return escape(text, quote=False).replace("'", "&#x27;")


def option_attrs(opt: Any | None, base: str, label: str | None = None) -> str:
    """The attributes of an element drawn for ``opt`` (an Option, or ``None`` for a thing
    that is not an option now): its classes, action, role, focus and accessible name."""
    if opt is None:
        return f'class="{base}"'
    cls = f"{base} ic-option" + ("" if opt.allowed else " ic-forbidden")
    out = (f'class="{cls}" data-action=\'{action_json(opt.action)}\' role="button" '
           'tabindex="0"')
    if not opt.allowed:
        out += ' aria-disabled="true"'
    if label is not None:
        out += f' aria-label="{escape(label, quote=True)}"'
    return out + ' style="cursor:pointer"'


__all__ = ["action_json", "option_attrs"]
