"""A game's state fields, declared once: how each is copied, and whether it is saved.

A state keeps its position in plain attributes. Each game lists them once as
:class:`StateField` values; from that list follow :func:`make_clone` (the copy a playout
or ``apply`` changes in place) and :func:`saved_names` (the fields a scenario or saved
state holds). How a field is copied:

* ``"share"``: immutable, or only ever replaced, never changed in place: shared.
* ``"list"``: a flat list changed in place: copied (``x[:]``).
* ``"lists"``: a list of lists changed in place: each inner list copied.
* ``"deep"``: nested plain data changed in place: copied deeply.
* ``"reset"``: a cache derived from the rest: ``None`` in the copy.
* a function: called with the value, returns the copy (nested data with a known shape).

>>> class Tub:
...     FIELDS = (StateField("scoops", "list"), StateField("seed", "share"),
...               StateField("_legal", "reset", saved=None))
>>> Tub.clone = make_clone(Tub, Tub.FIELDS)
>>> t = Tub(); t.scoops, t.seed, t._legal = [1, 2], 7, (1,)
>>> c = t.clone(); c.scoops.append(3)
>>> t.scoops, c.seed, c._legal, saved_names(Tub.FIELDS)
([1, 2], 7, None, ('scoops', 'seed'))
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: How a field is copied (see the module docstring).
COPIES = ("share", "list", "lists", "deep", "reset")
_SAME = object()


@dataclass(frozen=True)
class StateField:
    """One attribute of a game's state: its name, how it is copied, and the name it has
    in a scenario or saved state (``saved``; ``None``: not saved, derived or a cache).
    ``saved`` defaults to the attribute's name without a leading underscore."""

    name: str
    copy: str | Callable[[Any], Any] = "share"
    saved: str | None | object = _SAME

    def __post_init__(self) -> None:
        if not callable(self.copy) and self.copy not in COPIES:
            raise ValueError(f"field {self.name}: copy must be one of {COPIES}")

    @property
    def saved_as(self) -> str | None:
        """The field's name in scenarios and saves, or ``None``."""
        if self.saved is _SAME:
            return self.name.lstrip("_")
        return self.saved  # type: ignore[return-value]


def make_clone(cls: type, fields: Sequence[StateField]) -> Callable[[Any], Any]:
    """A ``clone(self)`` method for ``cls``: a new instance with every field copied as
    declared. The code is generated once, so a clone costs what a hand-written copy does
    (playouts clone at every search step)."""
    lines = ["def clone(self):", "    s = _new(_cls)"]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_deep": copy.deepcopy}
    for f in fields:
        n = f.name
        if callable(f.copy):
            scope[f"_copy_{n}"] = f.copy
            lines.append(f"    s.{n} = _copy_{n}(self.{n})")
        elif f.copy == "share":
            lines.append(f"    s.{n} = self.{n}")
        elif f.copy == "list":
            lines.append(f"    s.{n} = self.{n}[:]")
        elif f.copy == "lists":
            lines.append(f"    s.{n} = [x[:] for x in self.{n}]")
        elif f.copy == "deep":
            lines.append(f"    s.{n} = _deep(self.{n})")
        else:
            lines.append(f"    s.{n} = None")
    lines.append("    return s")
    exec(compile("\n".join(lines), f"<clone of {cls.__name__}>", "exec"), scope)  # noqa: S102
    clone = scope["clone"]
    clone.__doc__ = "A private copy that apply_in_place may change (fields as declared)."
    clone.__qualname__ = f"{cls.__name__}.clone"
    return clone


def saved_names(fields: Sequence[StateField]) -> tuple[str, ...]:
    """The scenario and save field names of ``fields``, in order."""
    return tuple(f.saved_as for f in fields if f.saved_as is not None)


__all__ = ["COPIES", "StateField", "make_clone", "saved_names"]
