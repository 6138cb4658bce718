"""What every kit game has in common, written once: its state's base, its registration
and its rule book.

:class:`KitState` is the base of a state built on the kit (:mod:`.settings`,
:mod:`.phases`, :mod:`.view`, :mod:`.scenario`): the players come from its settings
(``settings.names``), its view and its save are the game's :class:`GameSpec` hooks
``view`` and ``save`` (their modules import the state module, so the state reaches them
through its game and the imports stay one way), and its ``new_game`` arguments are its
settings less the names.

:class:`SeatTurns` adds the protocol properties of a game whose phase is an index into
``PHASES`` (one of them named ``over``) and whose deciding seat is ``to_act``.

:func:`kit_game` registers a kit game: what its :class:`GameSpec` takes from the
settings kit (name, title, players, rulesets, the new-game form, the setting -> rule
maps) is not written again, and the state class learns its game.

:func:`numbered_rules` is a game's rule book of numbered rulings and project notes, and
:func:`action` declares an action kind from its fields alone.

>>> from .phases import Phase
>>> class Tub(SeatTurns):
...     PHASES = (Phase("taking", "T-1", ("take",)), Phase("over", "T-9", ()))
...     def check_take(self, act): ...
>>> Tub._PHASE_NAMES, Tub._OVER
(('taking', 'over'), 1)
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .phases import Rules
from .protocol import Action, GameSpec, State, register_game
from .rules import Rule, RuleBook
from .settings import SettingsKit


class KitState(Rules, State):
    """A kit game's state: names and seats from ``settings``, view and save from its game.

    A subclass sets ``settings`` (a kit settings object with ``names`` and ``to_dict()``)
    and its game's :class:`~icecream.core.protocol.GameSpec` sets ``view`` and ``save``.
    """

    __slots__ = ()

    settings: Any

    @property
    def num_players(self) -> int:
        """The number of players (the settings' names)."""
        return len(self.settings.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.settings.names

    def view(self, seat: int | None) -> Any:
        """What ``seat`` sees at the table; ``None``: the teacher's view of everything
        (the game's ``view`` hook)."""
        return self.game.view(self, seat)  # type: ignore[misc]

    def setup_args(self) -> dict[str, Any]:
        """The ``new_game`` settings of this game (ruleset, first player, variants...)."""
        d = self.settings.to_dict()
        del d["names"]
        return d

    def to_dict(self) -> dict[str, Any]:
        """The whole position as a scenario, JSON-able (the game's ``save`` hook)."""
        return self.game.save(self)  # type: ignore[misc]


class SeatTurns(KitState):
    """A kit state whose ``_phase`` indexes ``PHASES`` and whose ``to_act`` decides.

    The phase named ``over`` ends the game: then nobody decides.
    """

    __slots__ = ()

    #: The phases' names and the index of ``over``, filled per class from ``PHASES``.
    _PHASE_NAMES: ClassVar[tuple[str, ...]] = ()
    _OVER: ClassVar[int] = -1
    _phase: int
    to_act: int

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        names = cls._PHASE_NAMES = tuple(p.name for p in cls.PHASES)
        over = cls._OVER = names.index("over") if "over" in names else -1

        # These two are read at every decision: closures over the class's own constants
        # cost what a hand-written property over module constants costs, where reading
        # ``self._OVER`` through the class chain would not (engine benchmark).
        def current_player(self: Any) -> int | None:
            """The seat that decides now; None when the game is over."""
            return None if self._phase == over else self.to_act

        def phase(self: Any) -> str:
            """The current phase's name (one of ``PHASES``)."""
            return names[self._phase]

        cls.current_player = property(current_player)  # type: ignore[assignment]
        cls.phase = property(phase)  # type: ignore[assignment]

    @property
    def current_player(self) -> int | None:
        """The seat that decides now; None when the game is over."""
        return None if self._phase == self._OVER else self.to_act

    @property
    def phase(self) -> str:
        """The current phase's name (one of ``PHASES``)."""
        return self._PHASE_NAMES[self._phase]


def kit_game(kit: SettingsKit, state: type[State], *, load: Callable[..., State],
             examples: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
             view: Callable[[Any, int | None], Any] | None = None,
             save: Callable[[Any], dict[str, Any]] | None = None,
             **hooks: Any) -> GameSpec:
    """Register the kit game whose settings are ``kit`` and whose states are ``state``.

    From ``kit``: the name, title, player range, rulesets, new-game form and the setting
    and ruleset -> rule maps. ``load(data)`` reads a scenario (both ``from_dict`` and
    ``from_scenario``); ``view`` and ``save`` are the state's (:class:`KitState`; a state
    that writes its own ``view`` and ``to_dict`` needs neither); ``examples`` the
    rulebook's examples by name, or a function that loads them. ``hooks``: every other
    :class:`GameSpec` field. Sets ``state.game`` and returns the registered spec.
    """
    spec = register_game(GameSpec(
        name=kit.game,
        title=kit.title,
        min_players=kit.players[0],
        max_players=kit.players[1],
        rulesets=kit.rulesets,
        settings_form=kit.form(),
        setting_rules=kit.rules(),
        ruleset_rules=kit.ruleset_rules,
        from_dict=load,
        from_scenario=load,
        examples=examples if callable(examples) else lambda: examples,
        view=view,
        save=save,
        **hooks,
    ))
    state.game = spec
    return spec


def numbered_rules(game: str, rulings: tuple[str, int], notes: tuple[str, int]) -> RuleBook:
    """The rule book of ``game``: the rulings ``<prefix>-1..<prefix>-n`` (source
    ``"ruling"``), then the project's notes likewise (source ``"project"``).

    >>> list(numbered_rules("tub", ("T", 2), ("TN", 1)))
    ['T-1', 'T-2', 'TN-1']
    """
    return RuleBook(game, [Rule(f"{rulings[0]}-{i}", "ruling") for i in range(1, rulings[1] + 1)]
                    + [Rule(f"{notes[0]}-{i}", "project") for i in range(1, notes[1] + 1)])


A = TypeVar("A", bound=type[Action])


def _plain_types(hint: Any) -> tuple[type, ...]:
    """The plain-form types a field's annotation allows: ``int`` -> ``(int,)``, ``int |
    None`` -> ``(int, NoneType)``, ``tuple[int, ...]`` -> ``(tuple, list)`` (a list in
    JSON)."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return tuple(t for part in typing.get_args(hint) for t in _plain_types(part))
    if typing.get_origin(hint) is tuple:
        return (tuple, list)
    return (hint,)


def action(kind: str, **field_types: tuple[type, ...]) -> Callable[[A], A]:
    """Declare an action kind: a frozen, slotted dataclass of :class:`Action` whose plain
    form's ``"type"`` is ``kind`` and whose fields' allowed plain types follow from their
    annotations (``field_types`` overrides a field's, in the order its messages name them).

    >>> @action("take")
    ... class Take(Action):
    ...     count: int
    ...     flavour: str | None = None
    >>> Take.type, Take.field_types, Take(2).to_dict()
    ('take', {'count': (<class 'int'>,), 'flavour': (<class 'str'>, <class 'NoneType'>)}, \
{'type': 'take', 'count': 2, 'flavour': None})
    """
    def declare(cls: A) -> A:
        space = vars(sys.modules[cls.__module__])
        own = cls.__dict__.get("__annotations__", {})
        cls.type = kind
        cls.field_types = {
            name: field_types.get(name) or _plain_types(
                eval(hint, space) if isinstance(hint, str) else hint)  # noqa: S307 -- annotations
            for name, hint in own.items()}
        return dataclass(frozen=True, slots=True)(cls)  # type: ignore[return-value]
    return declare
