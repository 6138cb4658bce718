"""The game protocol every engine implements and every view drives.

A game is a :class:`GameSpec` registered by name; a position is an immutable
:class:`State`. Views (widgets, bots, the command line, simulations) use only this
protocol, so they hold no rules:

>>> import icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=7)
>>> s.phase, s.current_player, [a.to_dict() for a in s.legal_actions()]
('deliveries', 0, [{'type': 'keep'}, {'type': 'swap'}])
>>> s2 = s.apply(s.legal_actions()[0])
>>> s2 is not s and s.current_player == 0
True

How the other two games map onto it is written down in ``docs/protocol.md``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from .errors import ActionFormatError, IllegalAction
from .messages import DEFAULT_LANGUAGE, Message
from .rules import RuleBook

#: Format version written into every saved state and saved game.
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: small frozen dataclasses with a plain-data form.

    Subclasses set ``type`` (the ``"type"`` of the plain form); their fields are the
    rest of the plain form. ``{"type": "serve", "cone": 2}`` is ``Serve(cone=2)``.
    """

    type: ClassVar[str] = ""
    #: Allowed Python types of each field in the plain form (``None`` allowed via NoneType).
    field_types: ClassVar[dict[str, tuple[type, ...]]] = {}

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            d[f.name] = getattr(self, f.name)
        return d

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.to_dict().items() if k != "type")
        return f"{self.type}({args})"


def parse_action(kinds: Mapping[str, type[Action]], data: Any) -> Action:
    """Build an action from its plain form, checking every field's type.

    Raises :class:`ActionFormatError` naming what is wrong. Values are not checked
    against the rules here: :meth:`State.apply` does that.
    """
    if isinstance(data, Action):
        if type(data) not in kinds.values():
            raise ActionFormatError(f"{type(data).__name__} is not an action of this game")
        return data
    if not isinstance(data, Mapping):
        raise ActionFormatError(f"an action must be a mapping with a 'type', not {data!r}")
    kind = data.get("type")
    if kind not in kinds:
        known = ", ".join(sorted(kinds))
        raise ActionFormatError(f"unknown action type {kind!r}; this game knows: {known}")
    cls = kinds[kind]
    fields_ = {f.name: f for f in fields(cls)}
    extra = set(data) - set(fields_) - {"type"}
    if extra:
        raise ActionFormatError(f"action {kind!r} has no field(s) {sorted(extra)}")
    args = {}
    for name, f in fields_.items():
        if name not in data:
            if f.default is not MISSING:
                continue
            raise ActionFormatError(f"action {kind!r} needs field {name!r}")
        value = data[name]
        allowed = cls.field_types.get(name, (object,))
        if isinstance(value, bool) and bool not in allowed or not isinstance(value, allowed):
            raise ActionFormatError(
                f"action {kind!r}: field {name!r} must be "
                f"{' or '.join(t.__name__ for t in allowed)}, not {value!r}"
            )
        args[name] = value
    return cls(**args)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in one step, in words that cite a rule.

    ``visible_to`` is ``None`` for an event the whole table sees, or the one seat that
    sees it (a card dealt face down, IC-6).
    """

    key: str
    params: dict = field(default_factory=dict)
    rule: str | None = None
    visible_to: int | None = None

    @property
    def message(self) -> Message:
        return Message(self.key, self.params)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "rule": self.rule,
                "visible_to": self.visible_to}


@dataclass(frozen=True, slots=True)
class Option:
    """One option of the current decision, allowed or not, and the rule that says so.

    ``reason`` explains it in words (a :class:`Message`).
    """

    action: Action
    allowed: bool
    rule: str
    reason: Message


class State(ABC):
    """An immutable game position. ``apply`` returns a new state; this one never changes.

    Subclasses implement the abstract members. ``current_player`` is the seat that
    decides now (``None`` when the game is over); ``phase`` is a name from the rulebook.
    """

    game: ClassVar[GameSpec]

    # -- who and where -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def names(self) -> tuple[str, ...]: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]: ...

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Seats that won (several when they share the win); empty until the game is over."""

    # -- moves -----------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> Sequence[Action]: ...

    @abstractmethod
    def apply(self, action: Action | Mapping[str, Any]) -> State:
        """The state after ``action``. Raises :class:`IllegalAction` (this state unchanged)."""

    @property
    @abstractmethod
    def events(self) -> tuple[Event, ...]:
        """What happened in the step that produced this state."""

    @abstractmethod
    def options(self) -> list[Option]:
        """Every option of the current decision, allowed or forbidden, with its rule."""

    @abstractmethod
    def why_not(self, action: Action | Mapping[str, Any]) -> Option:
        """The :class:`Option` for ``action``: allowed or not, the rule and the reason."""

    def is_legal(self, action: Action | Mapping[str, Any]) -> bool:
        return self.why_not(action).allowed

    # -- playouts (optional fast path: needs clone() and apply_in_place()) ---------------
    def random_playout(self, random: Callable[[], float],
                       until: Callable[[State], bool] | None = None) -> int:
        """Play uniformly random legal actions on this very state until the game is over
        (or ``until(state)`` is true); return how many were played.

        Only for a state from ``clone()`` that nobody else holds. Each decision calls
        ``random()`` once and plays ``legal[int(random() * len(legal))]`` of
        ``legal_actions()``, through ``apply_in_place``. A game may override this with a
        faster loop over the same rules; it must keep this contract exactly, so that both
        play the same actions from the same generator (``check_random_playouts`` checks).

        >>> import random, icecream
        >>> s = icecream.new_game("ice-cream", players=3, seed=1).clone()
        >>> s.random_playout(random.Random(0).random) > 0, s.is_over
        (True, True)
        """
        steps = 0
        legal_actions = self.legal_actions
        apply_in_place = self.apply_in_place  # type: ignore[attr-defined]
        while not self.is_over and (until is None or not until(self)):
            legal = legal_actions()
            apply_in_place(legal[int(random() * len(legal))])
            steps += 1
        return steps

    # -- what a seat can see --------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """What ``seat`` can see at the table; ``None`` is the teacher's view (everything)."""

    # -- saving ------------------------------------------------------------------------
    @abstractmethod
    def setup_args(self) -> dict[str, Any]:
        """The ``new_game`` keyword arguments besides players and seed (ruleset, variants)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain data (JSON-able), with ``format_version``."""

    def to_json(self, **kw: Any) -> str:
        return json.dumps(self.to_dict(), **kw)

    # -- words -------------------------------------------------------------------------
    def describe(self, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
        """The action in plain words from this state's point of view."""
        return self.why_not(action).reason.text(lang, self.names, self.game.flavour_codes)

    def event_texts(self, seat: int | None = None, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """This step's events as ``seat`` may read them (``None``: the teacher, all).

        A private event reads "You ..." for its seat; the teacher reads it by name.
        """
        out = []
        for e in self.events:
            if seat is not None and e.visible_to is not None and e.visible_to != seat:
                continue
            key = e.key
            if seat is None and e.visible_to is not None:
                key = f"{key}.teacher"
            out.append(Message(key, e.params).text(lang, self.names, self.game.flavour_codes))
        return out

    def check_apply(self, action: Action | Mapping[str, Any]) -> Action:
        """Parse ``action`` and raise :class:`IllegalAction` if not allowed now."""
        act = self.game.parse_action(action)
        opt = self.why_not(act)
        if not opt.allowed:
            text = opt.reason.text(DEFAULT_LANGUAGE, self.names, self.game.flavour_codes)
            raise IllegalAction(f"{text} ({opt.rule})", opt.rule, opt.reason)
        return act


@dataclass(frozen=True)
class SettingField:
    """One setting a new-game form or a what-if panel offers, described as data.

    ``kind`` is ``"choice"`` (one of ``choices``) or ``"int"`` (``low``..``high``).
    ``label`` and each choice's words come from the catalog: ``setting.<game>.<name>``
    and ``setting.<game>.<name>.<choice>``. ``rule`` is the rule id it belongs to.
    """

    name: str
    kind: str
    default: Any
    rule: str
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0


@dataclass(frozen=True)
class GameSpec:
    """A registered game: how to make, load and parse it, and what generic views need.

    The first block is required. The hooks below it let generic layers (widgets, bots,
    simulations, the command line) serve any game without naming one:

    * ``render_svg(state, seat, lang) -> str``: the table drawn from ``state.view(seat)``
      only; every clickable option is an element with class ``ic-option`` and a
      ``data-action`` attribute holding the action's plain form as JSON (a forbidden one
      also gets class ``ic-forbidden``, so a click can say why not). It also takes
      ``highlight=False`` to draw no option marks (a quiz must not show the answer).
    * ``determinizer(view)``: an object whose ``sample(rng)`` returns a full state that
      agrees with everything ``view`` shows (search bots and what-ifs; never the truth).
    * ``policies``: bot name -> ``policy(view, rng, **options) -> plain action``, for the
      generic ``greedy`` and ``heuristic`` bots.
    * ``round_attr``: the state attribute counting the game's big steps (Ice Cream's
      ``day``); ``round_label`` its catalog key (``"ui.day"``, ``{n}`` the number).
    * ``first_player_setting``: the setting that chooses who starts (simulations rotate it).
    * ``settings_form``: the settings a new-game form offers, as :class:`SettingField`.
    * ``setting_rules``: setting name -> rule id; ``ruleset_rules``: ruleset -> rule ids
      it changes (side-by-side comparisons cite them).
    * ``count_action(after, action) -> column or None``: a simulation column to count
      this action in (``"cards_drawn"``...); ``result_columns(state, seat) -> dict``:
      extra per-seat columns at the end of a game (points by source, ...), including
      ``score_after_<round>_<k>`` running totals when the game has rounds.
    * ``metrics()``: game-specific metric classes (:mod:`icecream.explore.metrics`), a
      function so that making a game never imports pandas.
    * ``catalog_prefix``: the prefix of this game's own catalog keys.
    * ``quiz_kinds``: the game's own quiz question kinds, name -> ``maker(state, rng,
      lang) -> Question or None`` (:mod:`icecream.teach.quiz`; every game also gets the
      generic kinds built from this protocol).
    * ``presets``: named what-if settings (``{"rulebook_5_days": {"days": 5}}``), labelled
      ``<catalog_prefix or "explore">.preset.<name>`` in the catalog.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    action_kinds: Mapping[str, type[Action]]
    rules: RuleBook
    new_state: Callable[..., State]
    from_dict: Callable[[Mapping[str, Any]], State]
    from_scenario: Callable[..., State]
    rulesets: Mapping[str, Mapping[str, Any]]
    examples: Callable[[], Mapping[str, Any]]
    flavour_codes: tuple[str, ...] = ()
    # -- hooks for generic views (see the class docstring) ------------------------------
    render_svg: Callable[..., str] | None = None
    determinizer: Callable[[Any], Any] | None = None
    policies: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    round_attr: str = "round"
    round_label: str = "ui.round"
    first_player_setting: str = "first_player"
    settings_form: tuple[SettingField, ...] = ()
    setting_rules: Mapping[str, str] = field(default_factory=dict)
    ruleset_rules: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    count_action: Callable[[State, Action], str | None] | None = None
    result_columns: Callable[[State, int], dict[str, Any]] | None = None
    metrics: Callable[[], tuple[type, ...]] | None = None
    catalog_prefix: str = ""
    quiz_kinds: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: True for a game whose player range includes house variants (named by a rule id).
    house_variant_rule: str | None = None
    min_rulebook_players: int | None = None

    def parse_action(self, data: Any) -> Action:
        return parse_action(self.action_kinds, data)

    def is_house_variant(self, players: int) -> bool:
        """True when ``players`` is outside the rulebook's range (a house variant)."""
        low = self.min_rulebook_players
        return low is not None and players < low


_GAMES: dict[str, GameSpec] = {}
_LOADED = False


def register_game(spec: GameSpec) -> GameSpec:
    """Register ``spec`` under its name (each game package calls this on import)."""
    _GAMES[spec.name] = spec
    return spec


def _load_builtin_games() -> None:
    """Import every game package: those under ``icecream.games`` and any installed
    under the ``icecream.games`` entry-point group. Core names no game: each package
    registers itself when imported."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import importlib
    import pkgutil
    from importlib.metadata import entry_points

    games = importlib.import_module("icecream.games")
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if info.ispkg and not info.name.startswith("_"):
            importlib.import_module(f"icecream.games.{info.name}")
    for ep in entry_points(group="icecream.games"):
        ep.load()


def get_game(name: str) -> GameSpec:
    """The game registered as ``name``; :class:`UnknownGame` lists the known ones."""
    from .errors import UnknownGame

    _load_builtin_games()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(
            f"unknown game {name!r}; known games: {', '.join(sorted(_GAMES))}"
        ) from None


def default_game() -> str:
    """The game views open when none is named (``icecream.games.DEFAULT_GAME``)."""
    import importlib

    _load_builtin_games()
    name = getattr(importlib.import_module("icecream.games"), "DEFAULT_GAME", None)
    return name if name in _GAMES else sorted(_GAMES)[0]


def list_games() -> list[str]:
    """Names of the registered games."""
    _load_builtin_games()
    return sorted(_GAMES)


def new_game(name: str, players: int | Sequence[str] = 4, seed: int = 0, **variant: Any) -> State:
    """A new game of ``name``: ``players`` is a count or a list of names.

    ``variant`` holds the game's settings (``ruleset="ijs"``, ``close="flavour"``, ...).
    """
    return get_game(name).new_state(players=players, seed=seed, **variant)


def load_state(data: Mapping[str, Any] | str) -> State:
    """A state from :meth:`State.to_dict` data or its JSON text."""
    from .errors import SaveFileError

    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise SaveFileError(f"not JSON: {e}") from None
    if not isinstance(data, Mapping) or "game" not in data:
        raise SaveFileError("a saved state must be an object with a 'game' field")
    return get_game(data["game"]).from_dict(data)
