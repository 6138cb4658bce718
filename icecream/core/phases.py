"""Phases as data, and ONE check per action kind: every rule written once.

A game's state class lists its phases (:class:`Phase`: a name, the rule that governs it,
the action kinds it offers) and writes, for each action kind, one method
``check_<type>(action) -> Verdict`` that says whether the action is allowed now, and why,
citing the rule. Everything else follows from those checks (the :class:`Rules` mixin):

* :meth:`Rules.why_not` and :meth:`Rules.options` give each option with its verdict;
* :meth:`Rules.checked_legal` is the candidates that pass their check, in order;
* :meth:`Rules.legal_actions` is that list, cached per state, unless the game labels a
  faster path (:meth:`Rules.fast_legal`) for playouts; the conformance test
  (:func:`icecream.core.conformance.check_random_playouts`) proves the fast path equal to
  the checks at every decision of random games.

An action of a kind the current phase does not offer (or any action once the game is
over) gets the game's :meth:`Rules.refuse_phase` verdict.

>>> from dataclasses import dataclass
>>> from icecream.core.protocol import Action
>>> @dataclass(frozen=True, slots=True)
... class Take(Action):
...     type = "take"
...     count: int
>>> class Tub(Rules):
...     PHASES = (Phase("taking", "T-1", ("take",)),)
...     scoops, phase, is_over, _legal = 5, "taking", False, None
...     def candidates(self):
...         return [Take(1), Take(2), Take(3)]
...     def check_take(self, act):
...         if act.count > self.scoops:
...             return forbid("T-2", "tub.why.too_many", count=self.scoops)
...         return allow("T-2", "tub.why.take", count=act.count)
>>> tub = Tub()
>>> tub.scoops = 2
>>> [a.count for a in tub.checked_legal()], tub.check(Take(3)).allowed
([1, 2], False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .messages import Message


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a check says of one action: allowed or not, the rule, and why (a catalog key
    with its parameters)."""

    allowed: bool
    rule: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


def allow(rule: str, key: str, **params: Any) -> Verdict:
    """An allowed action's verdict: ``allow("GM-6", "gm.why.make_ball", flavour=2)``."""
    return Verdict(True, rule, key, params)


def forbid(rule: str, key: str, **params: Any) -> Verdict:
    """A forbidden action's verdict, with the rule that forbids it and why."""
    return Verdict(False, rule, key, params)


@dataclass(frozen=True)
class Phase:
    """A phase of a game, as data: its name (``state.phase``), the rule that governs it,
    and the action kinds (``Action.type``) its decisions offer."""

    name: str
    rule: str
    kinds: tuple[str, ...] = ()


class Rules:
    """The rules machinery of a state: phases as data, one check per action kind.

    A subclass sets ``PHASES`` and implements :meth:`candidates`, one
    ``check_<type>`` per action kind and, when some phase does not offer every kind,
    :meth:`refuse_phase`. It keeps ``_legal`` (``None`` until computed) like every state.
    """

    PHASES: ClassVar[Sequence[Phase]] = ()
    #: Phase name -> Phase, and action type -> its check, filled per class.
    _phase_by_name: ClassVar[dict[str, Phase]] = {}
    _checks: ClassVar[dict[str, Callable[[Any, Any], Verdict]]] = {}
    _legal: Any = None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._phase_by_name = {p.name: p for p in cls.PHASES}
        cls._checks = {name[len("check_"):]: getattr(cls, name) for name in dir(cls)
                       if name.startswith("check_") and callable(getattr(cls, name))}
        for p in cls.PHASES:
            missing = [k for k in p.kinds if k not in cls._checks]
            if missing:
                raise TypeError(f"{cls.__name__}: phase {p.name!r} offers {missing} "
                                "without a check_<type> method")

    # -- what the game writes ----------------------------------------------------------
    def candidates(self) -> Sequence[Any]:
        """Every option of the current decision a player could think of, allowed or not,
        in the order the options are shown (empty once the game is over)."""
        raise NotImplementedError

    def refuse_phase(self, act: Any, phase: Phase | None) -> Verdict:
        """The verdict on ``act`` when the current phase does not offer its kind
        (``phase`` is ``None`` when the game is over)."""
        raise NotImplementedError(f"{type(self).__name__} must say why {act.type!r} is "
                                  "not allowed now (refuse_phase)")

    # -- what follows from it ------------------------------------------------------------
    def current_phase(self) -> Phase | None:
        """The :class:`Phase` now (``None`` when the game is over)."""
        if self.is_over:  # type: ignore[attr-defined]
            return None
        return self._phase_by_name.get(self.phase)  # type: ignore[attr-defined]

    def check(self, act: Any) -> Verdict:
        """THE check of ``act`` now: the phase must offer its kind, then its own check."""
        phase = self.current_phase()
        if phase is None or act.type not in phase.kinds:
            return self.refuse_phase(act, phase)
        return self._checks[act.type](self, act)

    def why_not(self, action: Any) -> Any:
        """The :class:`~icecream.core.protocol.Option` for ``action`` (an action or its
        plain form): allowed or not, the rule and the reason in words."""
        from .protocol import Option

        act = self.game.parse_action(action)  # type: ignore[attr-defined]
        v = self.check(act)
        # The reason knows the game's flavour codes: its text needs no other argument.
        reason = self.message_type(v.key, dict(v.params),  # type: ignore[attr-defined]
                                   self.game.flavour_codes)  # type: ignore[attr-defined]
        return Option(act, v.allowed, v.rule, reason)

    def options(self) -> list[Any]:
        """Every candidate of the current decision with its verdict, in order."""
        return [self.why_not(a) for a in self.candidates()]

    def checked_legal(self) -> tuple[Any, ...]:
        """The candidates whose check allows them, in order: the definition of the legal
        actions, whatever faster path a game labels (:meth:`fast_legal`)."""
        check = self.check
        return tuple(a for a in self.candidates() if check(a).allowed)

    #: A game may set this to a method computing the same tuple as :meth:`checked_legal`
    #: faster (FAST PATH: proved equal by the conformance test at every decision).
    fast_legal: Callable[[Any], tuple[Any, ...]] | None = None

    def legal_actions(self) -> tuple[Any, ...]:
        """The allowed options, in :meth:`options` order (computed once per state)."""
        legal = self._legal
        if legal is None:
            fast = type(self).fast_legal
            legal = self._legal = fast(self) if fast is not None else self.checked_legal()
        return legal


def message_for(verdict: Verdict, message_type: type[Message] = Message) -> Message:
    """The reason of ``verdict`` in words (a message of the game's kind)."""
    return message_type(verdict.key, dict(verdict.params))


__all__ = ["Verdict", "allow", "forbid", "Phase", "Rules", "message_for"]
