"""A game's settings, declared once: the checks, the new-game form and the rule map follow.

Each game lists its settings as :class:`Setting` values (name, kind, default, range or
choices, the rule it belongs to) and its named rulesets, and builds one
:class:`SettingsKit`. The kit makes the game's frozen settings class, checks every value
(naming the setting, its range and its rule), offers the new-game form
(:class:`~icecream.core.protocol.SettingField`) and the setting -> rule map, and caches
settings already made (playouts make thousands of games with the same settings).

Player names are checked by :func:`~icecream.core.players.player_names`. Default names
are kept in the catalog's default language in the state ("Player 2"), whatever the
reader's language; views translate them where they are shown
(:func:`~icecream.core.messages.seat_name`), so settings never depend on the language.

>>> kit = SettingsKit(
...     game="demo", title="Demo", players=(2, 4), players_rule="Demo is for 2 to 4 (D-1)",
...     settings=(Setting("rounds", "D-2", 3, "int", low=1, high=9),
...               Setting("first_player", "D-1", 0, "seat")),
...     rulesets={"rulebook": {}, "short": {"rounds": 1}})
>>> s = kit.make(3, "short", {})
>>> s.rounds, s.names, s.players
(1, ('Player 1', 'Player 2', 'Player 3'), 3)
>>> kit.make(2, None, {"rounds": 0})
Traceback (most recent call last):
...
icecream.core.errors.SettingsError: setting rounds must be a whole number 1..9 (D-2), not 0
>>> kit.make(2, None, {"cls": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
icecream.core.errors.SettingsError: unknown Demo setting(s) ['cls']; settings are [...]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .datafiles import InlineData
from .errors import SettingsError, quote
from .players import player_names, typed_key
from .protocol import SettingField

#: The kinds of setting: a whole number in a range, a seat (0..players-1), one of some
#: choices, true/false, or a data file (``None``: the shipped data): its path, or its
#: contents as a JSON object (kept as :class:`~icecream.core.datafiles.InlineData`).
KINDS = ("int", "seat", "choice", "bool", "path")


@dataclass(frozen=True)
class Setting:
    """One setting of a game, declared once.

    ``kind`` is one of :data:`KINDS`. ``low``/``high`` bound an ``int``; ``choices`` list a
    ``choice``'s values. ``optional`` also allows ``None`` (the setting is off).
    ``form`` says whether a new-game form offers it, and ``form_choices`` the values it
    offers when they are fewer than the check allows. ``dump`` (a ``path`` setting) reads
    the file a path names and gives its data as a JSON object: the settings keep that
    data (:class:`~icecream.core.datafiles.InlineData`), not the path, so a game plays
    with the file as it was when the game was set up, and its saves carry the data.
    """

    name: str
    rule: str
    default: Any
    kind: str
    low: int = 0
    high: int = 0
    choices: tuple[Any, ...] = ()
    optional: bool = False
    form: bool = True
    form_choices: tuple[Any, ...] = ()
    dump: Callable[[Any], Any] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"setting {self.name}: kind must be one of {KINDS}")

    def check(self, value: Any, players: int) -> None:
        """Raise :class:`SettingsError` unless ``value`` is allowed for ``players``."""
        if value is None and (self.optional or self.kind == "path"):
            return
        kind, ok = self.kind, True
        if kind in ("int", "seat"):
            low, high = (0, players - 1) if kind == "seat" else (self.low, self.high)
            ok = not isinstance(value, bool) and isinstance(value, int) and low <= value <= high
            want = (f"a seat 0..{high}" if kind == "seat"
                    else f"a whole number {low}..{high}")
            if self.optional:
                want += " or None (off)"
        elif kind == "choice":
            ok = any(value == c and type(value) is type(c) for c in self.choices)
            want = f"one of {list(self.choices)}"
        elif kind == "bool":
            ok = isinstance(value, bool)
            want = "true or false"
        else:
            ok = isinstance(value, str | InlineData)
            want = "a file path, the file's data (a JSON object) or None"
        if not ok:
            raise SettingsError(f"setting {self.name} must be {want} ({self.rule}), "
                                f"not {quote(value)}")

    def field(self, max_players: int) -> SettingField:
        """The new-game form's field for this setting."""
        if self.kind == "seat":
            return SettingField(self.name, "int", self.default, self.rule, low=0,
                                high=max_players - 1)
        if self.kind == "int" and not self.form_choices:
            return SettingField(self.name, "int", self.default, self.rule, low=self.low,
                                high=self.high)
        choices = self.form_choices or ((False, True) if self.kind == "bool" else self.choices)
        return SettingField(self.name, "choice", self.default, self.rule,
                            choices=tuple(choices))


class SettingsBase:
    """What every game's settings class has: ``names`` and ``ruleset`` come first."""

    __slots__ = ()
    names: tuple[str, ...]
    ruleset: str

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.names)

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain data (JSON-able; ``names`` a list; a data file's path, or
        its contents when they were given inline)."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore
        d["names"] = list(self.names)
        for k, v in d.items():
            if isinstance(v, InlineData):
                d[k] = v.data
        return d


#: Each game's settings kit by game name, for :func:`_rebuilt`.
_KITS: dict[str, SettingsKit] = {}


def _rebuilt(game: str, values: tuple) -> Any:
    """Settings of ``game`` from their values in field order (how settings unpickle)."""
    if game not in _KITS:  # a new process: importing the game makes its kit
        from .protocol import get_game

        get_game(game)
    return _KITS[game].cls(*values)


class SettingsKit:
    """A game's settings: declared once, checked, cached, offered on forms.

    * ``settings``: the :class:`Setting` declarations, in form order.
    * ``rulesets``: ruleset name -> the values it implies (the first is the default);
      ``ruleset_rules``: ruleset -> the rule ids it changes (comparisons cite them).
    * ``players``: (fewest, most) players; ``players_rule`` says who the game is for in
      words citing its rule, and starts the refusal of another count.
    * ``by_players(n)``: defaults that depend on the number of players (IC-3's removed
      scoops); ``check(settings)``: checks across settings (ICN-5's capacity).
    * ``base``: a class with the game's derived properties (``house_variant``...); the
      settings class is a frozen dataclass made from it and the declarations.
    """

    def __init__(self, *, game: str, title: str, players: tuple[int, int], players_rule: str,
                 settings: Sequence[Setting], rulesets: Mapping[str, Mapping[str, Any]],
                 ruleset_rules: Mapping[str, tuple[str, ...]] | None = None,
                 ruleset_rule: str | None = None,
                 by_players: Callable[[int], Mapping[str, Any]] | None = None,
                 check: Callable[[Any], None] | None = None,
                 base: type = SettingsBase, extra_rules: Mapping[str, str] | None = None):
        self.game = game
        self.title = title
        self.players = players
        self.players_rule = players_rule
        self.settings = tuple(settings)
        self.by_name = {s.name: s for s in self.settings}
        self.rulesets = {k: dict(v) for k, v in rulesets.items()}
        self.default_ruleset = next(iter(self.rulesets))
        self.ruleset_rules = dict(ruleset_rules or {})
        self.ruleset_rule = ruleset_rule or next(
            (r[0] for r in self.ruleset_rules.values() if r), "")
        self._by_players = by_players
        self._check = check
        self._extra_rules = dict(extra_rules or {})
        fields_ = [("names", tuple), ("ruleset", str, dataclasses.field(
            default=self.default_ruleset))]
        fields_ += [(s.name, Any, dataclasses.field(default=s.default)) for s in self.settings]
        self.cls = dataclasses.make_dataclass(
            "Settings", fields_, bases=(base,), frozen=True, slots=True)
        self.cls.__module__ = base.__module__
        # A made class is no module's attribute (a plug-in's kit on the default base least
        # of all), so pickle (worker processes, Dask) and deepcopy rebuild settings through
        # their game's kit instead of looking the class up.
        _KITS[game] = self
        names = tuple(f[0] for f in fields_)
        self.cls.__reduce__ = lambda made: (_rebuilt, (game, tuple(
            getattr(made, name) for name in names)))
        self.cls.__doc__ = f"Every setting of a {title} game; made and checked by its kit."
        self._made: dict[tuple, Any] = {}

    # -- derived -------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Every name :meth:`make` accepts, ``players`` and ``ruleset`` included."""
        return sorted([s.name for s in self.settings] + ["players", "ruleset"])

    def form(self) -> tuple[SettingField, ...]:
        """The new-game form: the ruleset, then every setting offered on forms."""
        out = []
        if len(self.rulesets) > 1:
            out.append(SettingField("ruleset", "choice", self.default_ruleset,
                                    self.ruleset_rule, choices=tuple(self.rulesets)))
        out += [s.field(self.players[1]) for s in self.settings if s.form]
        return tuple(out)

    def rules(self) -> dict[str, str]:
        """Setting name -> the rule it belongs to (``players`` included)."""
        out = {s.name: s.rule for s in self.settings}
        out.update(self._extra_rules)
        return out

    # -- making --------------------------------------------------------------------------
    def make(self, players: int | Sequence[str] = 4, ruleset: str | None = None,
             variant: Mapping[str, Any] | None = None) -> Any:
        """Check and build settings; :class:`SettingsError` names the bad value and rule.

        Settings already made are reused; the cache key keeps each value's type, so
        ``days=True`` is still refused after ``days=1`` was accepted. Settings that name a
        data file are not cached: the file is read again.
        """
        variant = dict(variant or {})
        try:
            key = (typed_key(players), typed_key(ruleset),
                   tuple(sorted((k, typed_key(v)) for k, v in variant.items())))
            made = self._made.get(key)
        except TypeError:  # an unhashable value: check it the long way
            key = made = None
        if made is None:
            made = self._make(players, ruleset, variant)
            if key is not None and len(self._made) < 1024 and not any(
                    s.kind == "path" and getattr(made, s.name) is not None
                    for s in self.settings):
                self._made[key] = made
        return made

    def _make(self, players: int | Sequence[str], ruleset: Any,
              variant: dict[str, Any]) -> Any:
        unknown = [k for k in variant if k not in self.by_name]
        if unknown:
            raise SettingsError(f"unknown {self.title} setting(s) "
                                f"{quote(sorted(map(str, unknown)))}; settings are {self.names}")
        low, high = self.players
        names = player_names(players, low, high, self.players_rule)
        ruleset = self.default_ruleset if ruleset is None else ruleset
        if not isinstance(ruleset, str) or ruleset not in self.rulesets:
            raise SettingsError(f"unknown ruleset {quote(ruleset)}; rulesets are "
                                f"{sorted(self.rulesets)}")
        values: dict[str, Any] = {}
        if self._by_players is not None:
            values.update(self._by_players(len(names)))
        values.update(self.rulesets[ruleset])
        values.update(variant)
        for name, value in values.items():
            setting = self.by_name[name]
            if setting.kind == "path" and isinstance(value, Mapping):
                value = values[name] = InlineData.of(value, name)
            setting.check(value, len(names))
            if setting.dump is not None and isinstance(value, str):
                values[name] = InlineData.of(setting.dump(value), name)
        made = self.cls(names=names, ruleset=ruleset, **values)
        if self._check is not None:
            self._check(made)
        return made


__all__ = ["KINDS", "Setting", "SettingsBase", "SettingsKit"]
