"""What every game's bot policies share (``GameSpec.policies``).

A policy is made with a random generator and the bot's options, and chooses a plain
action from a seat's view. :class:`Policy` refuses options it does not know;
:func:`pick_best` is the choice of the best-valued action, ties broken by the generator.

>>> import random
>>> class Tub(Policy):
...     refusal = "greedy bot: Tub takes no option(s)"
...     def choose(self, view):
...         return pick_best(self.rng, view, [len(a) for a in view])
>>> Tub(random.Random(0)).choose(["ab", "c", "de"]) in ("ab", "de")
True
>>> Tub(random.Random(0), depth=2)
Traceback (most recent call last):
...
icecream.core.errors.SettingsError: greedy bot: Tub takes no option(s) ['depth']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from .errors import SettingsError


def pick_best(rng: random.Random, legal: Sequence[Any], values: Sequence[float]) -> Any:
    """The action of ``legal`` with the highest of ``values`` (one value per action);
    among equals, the one ``rng.random()`` picks (one draw)."""
    top = max(values)
    best = [a for a, v in zip(legal, values, strict=True) if v == top]
    return best[int(rng.random() * len(best))]


class Policy:
    """A bot policy: keeps the generator, refuses options it does not take.

    A subclass sets ``refusal`` (the start of the error for unknown options, which are
    listed after it) and writes ``choose(view) -> plain action``; one taking options
    takes them as keywords before ``**options`` and calls this ``__init__`` first.
    """

    #: The error for unknown options starts so: ``"greedy bot: Ice Cream takes no option(s)"``.
    refusal: ClassVar[str] = "this bot takes no option(s)"

    def __init__(self, rng: random.Random, **options: Any) -> None:
        if options:
            raise SettingsError(f"{self.refusal} {sorted(options)}")
        self.rng = rng

    def choose(self, view: Any) -> Any:
        """The plain action to play, chosen from ``view.legal_actions`` only."""
        raise NotImplementedError

    @staticmethod
    def legal(view: Any) -> Any:
        """``view.legal_actions``, refused with ValueError when there is none (a view of a
        seat whose turn it is not)."""
        legal = view.legal_actions
        if not legal:
            raise ValueError("the view has no legal action: it is not this seat's turn")
        return legal

    def rank(self, view: Any) -> list[float] | None:
        """How much this policy likes each of ``view.legal_actions`` (higher: sooner
        chosen), in their order, from the view only; ``None``: it does not say (a hint
        then plays out every option, see ``GameSpec.hint_options``)."""
        return None


def count_option(who: str, name: str, value: Any) -> int:
    """``value`` of the option ``name``, which must be a whole number >= 0; else the
    error says ``"<who>: <name> must be a whole number >= 0, not <value>"``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SettingsError(f"{who}: {name} must be a whole number >= 0, not {value!r}")
    return value
