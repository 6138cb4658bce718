"""The game protocol every engine implements and every view drives.

A game is a :class:`GameSpec` registered by name; a position is an immutable
:class:`State`. Views (widgets, bots, the command line, simulations) use only this
protocol, so they hold no rules:

>>> import icecream
>>> s = icecream.new_game(icecream.default_game(), players=3, seed=7)
>>> s.current_player, all(isinstance(a.to_dict()["type"], str) for a in s.legal_actions())
(0, True)
>>> s2 = s.apply(s.legal_actions()[0])
>>> s2 is not s and s.current_player == 0
True

How the other two games map onto it is written down in ``docs/protocol.md``.
"""

from __future__ import annotations

import json
import os
import stat
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar

from .errors import ActionFormatError, IcecreamError, IllegalAction, SaveFileError, clip, quote
from .limits import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, check_seed
from .messages import DEFAULT_LANGUAGE, Message, set_game_loader
from .rules import RuleBook

#: Format version written into every saved state and scenario. Version 2 (2026-12-01):
#: every pile and deck lists its top card first, in every game (version 1 listed Gelato
#: Mio's deck, discard and customer piles and every game's discard pile top card last);
#: the loaders still read version 1 and turn those lists over (docs/scenarios.md).
FORMAT_VERSION = 2


#: Nesting deeper than this is refused while scanning the text, before any parsing (the
#: parser recurses); between :data:`MAX_DEPTH` and this, the walk names where it is.
SCAN_DEPTH = 200


class _Refused:
    """A value the JSON parser met but this package does not accept (NaN, a number too
    long): kept as a marker so :func:`check_plain` can say where it is."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


def check_plain(data: Any, error: type[IcecreamError] = SaveFileError,
                what: str = "the data") -> Any:
    """Check that ``data`` is plain JSON-able data within this package's limits.

    Refuses nesting deeper than :data:`MAX_DEPTH`, whole numbers longer than
    :data:`MAX_DIGITS` digits, infinite or NaN numbers, text that is not valid Unicode
    (a lone surrogate cannot be written as UTF-8) and anything that is not a dict,
    list, text, number, bool or ``None``. Raises ``error`` naming the problem and where
    it is (``scores[2]``, ``hands[0].face_up``); returns ``data`` unchanged. The walk is
    iterative, so depth cannot exhaust the stack.

    >>> check_plain({"scores": [1, 2, float("nan")]}, what="scenario")
    Traceback (most recent call last):
    ...
    icecream.core.errors.SaveFileError: scenario: scores[2]: nan is not a number JSON can hold
    """
    # Each entry: value, depth, and where it is as a linked (parent, key) pair, so a path
    # is only spelled out for the error.
    stack: list[tuple[Any, int, Any]] = [(data, 0, None)]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, str):
            _check_text(value, error, what, where)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if value.bit_length() > 96 and abs(value) >= 10**MAX_DIGITS:
                raise error(f"{_at(what, where)}{quote(value)} is too long a number "
                            f"(at most {MAX_DIGITS} digits)")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise error(f"{_at(what, where)}{value} is not a number JSON can hold")
        elif isinstance(value, Mapping | list | tuple):
            if depth >= MAX_DEPTH:
                raise error(f"{_at(what, where)}nested more than {MAX_DEPTH} levels deep")
            if isinstance(value, Mapping):
                for key, item in value.items():
                    if not isinstance(key, str):
                        raise error(f"{_at(what, where)}object keys must be text, not "
                                    f"{quote(key)}")
                    _check_text(key, error, what, where, "a field name")
                    stack.append((item, depth + 1, (where, key)))
            else:
                stack.extend((item, depth + 1, (where, i)) for i, item in enumerate(value))
        elif isinstance(value, _Refused):
            raise error(f"{_at(what, where)}{value.reason}")
        else:
            raise error(f"{_at(what, where)}{type(value).__name__} is not plain data "
                        "(objects, lists, text, numbers, true/false, null)")
    return data


def json_path(where: Any) -> str:
    """The path of a linked ``(parent, key)`` pair as text: ``hands[0].face_up``.

    Field names that are not plain words are quoted briefly (``["a b"]``); a very deep
    path keeps its first and last steps.

    >>> json_path((((None, "hands"), 0), "face_up"))
    'hands[0].face_up'
    >>> json_path((None, "two words"))
    "['two words']"
    """
    keys: list[Any] = []
    while where is not None:
        where, key = where
        keys.append(key)
    keys.reverse()
    if len(keys) > 12:
        keys = keys[:6] + [...] + keys[-5:]
    out = []
    for key in keys:
        if key is ...:
            out.append("...")
        elif isinstance(key, int):
            out.append(f"[{key}]")
        elif key.isidentifier() and key.isascii() and len(key) <= 40:
            out.append(f".{key}" if out else key)
        else:
            out.append(f"[{quote(key, 40)}]")
    return "".join(out)


def _at(what: str, where: Any) -> str:
    """``"what: path: "`` (or ``"what: "`` at the top) for the start of a message."""
    return f"{what}: {json_path(where)}: " if where is not None else f"{what}: "


def _check_text(text: str, error: type[IcecreamError], what: str, where: Any = None,
                kind: str = "text") -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise error(f"{_at(what, where)}{kind} {quote(text)} holds a lone surrogate "
                    f"({quote(e.object[e.start:e.end])}), which is not Unicode text") from None


def _refuse_constant(name: str) -> _Refused:
    return _Refused(f"{name} is not a number JSON can hold")


def _bounded_int(text: str) -> int | _Refused:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Refused(f"a number of {digits} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _finite_float(text: str) -> float | _Refused:
    if len(text) > 2 * MAX_DIGITS:
        return _Refused(f"a number of {len(text)} characters is too long")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        return _Refused(f"{quote(text, 30)} is too large a number")
    return value


def parse_json(text: str | bytes, error: type[IcecreamError] = SaveFileError,
               what: str = "the data") -> Any:
    """Parse JSON text (or UTF-8 bytes) within the limits of :func:`check_plain`.

    Every problem (not UTF-8, not JSON, too deep, too long a number, NaN, a lone
    surrogate) raises ``error`` with one line naming it and where it is: a field's path
    (``scores[2]``), or a line and column for text that is not JSON.

    >>> parse_json('{"cone": 2}')
    {'cone': 2}
    >>> parse_json('{"scores": [1, 2, NaN]}', what="scenario")
    Traceback (most recent call last):
    ...
    icecream.core.errors.SaveFileError: scenario: scores[2]: NaN is not a number JSON can hold
    >>> parse_json('[' * 5000)
    Traceback (most recent call last):
    ...
    icecream.core.errors.SaveFileError: the data: not JSON: nested more than 32 levels deep (at ...)
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise error(f"{what}: not UTF-8 text (byte 0x{text[e.start]:02x} at offset "
                        f"{e.start})") from None
    if not isinstance(text, str):
        raise error(f"{what}: must be JSON text, not {type(text).__name__}")
    if text.startswith("\ufeff"):  # a byte-order mark some editors write
        text = text[1:]
    deep = _too_deep(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        column = deep - text.rfind("\n", 0, deep)
        raise error(f"{what}: not JSON: nested more than {MAX_DEPTH} levels deep (at line "
                    f"{line} column {column})")
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_float=_finite_float,
                          parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        raise error(f"{what}: not JSON: {e.msg} at line {e.lineno} column {e.colno}") \
            from None
    except (ValueError, RecursionError) as e:
        raise error(f"{what}: not JSON: {clip(str(e), 120)}") from None
    return check_plain(data, error, what)


def _too_deep(text: str) -> int | None:
    """The offset where JSON ``text`` first nests deeper than :data:`SCAN_DEPTH`, or None
    (brackets inside strings are skipped; the parser itself recurses, so such text is
    refused before parsing; shallower excess depth is named by :func:`check_plain`)."""
    if text.count("[") + text.count("{") <= SCAN_DEPTH:
        return None
    depth = 0
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > SCAN_DEPTH:
                return i
        elif ch in "]}":
            depth -= 1
    return None


def read_json_file(path: str | os.PathLike[str], error: type[IcecreamError] = SaveFileError,
                   what: str | None = None) -> Any:
    """Read and parse a JSON file; ``error`` names the file and the problem.

    Only a regular file is read (not a directory, a device such as ``/dev/zero`` or a
    pipe), at most :data:`MAX_FILE_BYTES`, as UTF-8 JSON within the limits of
    :func:`parse_json`. A name that cannot be a file name (a NUL character, too long)
    is refused the same way.
    """
    raw = read_file_bytes(path, error, what)
    return parse_json(raw, error, what or quote(_path_text(path), 80))


def _path_text(path: Any) -> str:
    return str(path) if isinstance(path, os.PathLike) else os.fsdecode(path)


def read_file_bytes(path: str | os.PathLike[str], error: type[IcecreamError] = SaveFileError,
                    what: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most :data:`MAX_FILE_BYTES`), as
    :func:`read_json_file` reads them; ``error`` names the file and the problem."""
    if not isinstance(path, str | bytes | os.PathLike):
        raise error(f"{what or 'file'}: must be a file name, not {type(path).__name__}")
    name = quote(_path_text(path), 80)
    what = what or name
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a pipe does not wait for a writer
    except ValueError:
        raise error(f"cannot read {name}: a file name cannot hold a NUL character") from None
    except OSError as e:
        raise error(f"cannot read {name}: {e.strerror or type(e).__name__}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"cannot read {name}: not a regular file (a directory, device or "
                        "pipe)")
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise error(f"cannot read {name}: {e.strerror or type(e).__name__}") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        raise error(f"{what}: larger than {MAX_FILE_BYTES // 2**20} MB; not a file this "
                    "program wrote")
    return raw


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: small frozen dataclasses with a plain-data form.

    Subclasses set ``type`` (the ``"type"`` of the plain form); their fields are the
    rest of the plain form. ``{"type": "serve", "cone": 2}`` is ``Serve(cone=2)``.
    """

    type: ClassVar[str] = ""
    #: Allowed Python types of each field in the plain form (``None`` allowed via NoneType).
    field_types: ClassVar[dict[str, tuple[type, ...]]] = {}

    def __post_init__(self) -> None:
        # ``Serve(True)`` or ``Serve(1.0)`` compare equal to ``Serve(1)``, so without this
        # check they would slip past the legal-action lists; refuse them like their plain
        # forms ``{"type": "serve", "cone": true}``.
        for name, allowed in self.field_types.items():
            _check_field(type(self).type, name, getattr(self, name), allowed)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            d[f.name] = getattr(self, f.name)
        return d

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.to_dict().items() if k != "type")
        return f"{self.type}({args})"


def _check_field(kind: str, name: str, value: Any, allowed: tuple[type, ...]) -> None:
    if isinstance(value, bool) and bool not in allowed or not isinstance(value, allowed):
        raise ActionFormatError(
            f"action {kind!r}: field {name!r} must be "
            f"{' or '.join(t.__name__.replace('NoneType', 'null') for t in allowed)}, "
            f"not {quote(value)}")


def parse_action(kinds: Mapping[str, type[Action]], data: Any) -> Action:
    """Build an action from its plain form, checking every field's type.

    Raises :class:`ActionFormatError` naming what is wrong. Values are not checked
    against the rules here: :meth:`State.apply` does that.

    >>> parse_action({}, {"type": ["serve"]})
    Traceback (most recent call last):
    ...
    icecream.core.errors.ActionFormatError: an action's 'type' must be text, not ['serve']
    """
    if isinstance(data, Action):
        if type(data) not in kinds.values():
            raise ActionFormatError(f"{type(data).__name__} is not an action of this game")
        return data
    if not isinstance(data, Mapping):
        raise ActionFormatError(f"an action must be a mapping with a 'type', not {quote(data)}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ActionFormatError(f"an action's 'type' must be text, not {quote(kind)}")
    if kind not in kinds:
        known = ", ".join(sorted(kinds))
        raise ActionFormatError(f"unknown action type {quote(kind)}; this game knows: {known}")
    cls = kinds[kind]
    fields_ = {f.name: f for f in fields(cls)}
    extra = [k for k in data if k not in fields_ and k != "type"]
    if extra:
        raise ActionFormatError(f"action {kind!r} has no field(s) {quote(sorted(map(str, extra)))}")
    args = {}
    for name, f in fields_.items():
        if name not in data:
            if f.default is not MISSING:
                continue
            raise ActionFormatError(f"action {kind!r} needs field {name!r}")
        value = data[name]
        _check_field(kind, name, value, cls.field_types.get(name, (object,)))
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
    #: How this game's events become words: a :class:`Message` kind whose ``text`` knows
    #: the game's own parameters (cards, orders...); the plain one renders seats and
    #: flavours.
    message_type: ClassVar[type[Message]] = Message

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
        >>> s = icecream.new_game(icecream.default_game(), players=3, seed=1).clone()
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

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a state as its game's table, in the teacher's view."""
        render = self.game.render_svg
        return None if render is None else render(self, None)

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

    def event_texts(self, seat: int | None = None, lang: str = DEFAULT_LANGUAGE,
                    events: Sequence[Event] | None = None) -> list[str]:
        """This step's events (or ``events``, some of them) as ``seat`` may read them
        (``None``: the teacher, all).

        A private event reads "You ..." for its seat; the teacher reads it by name.
        """
        out = []
        for e in self.events if events is None else events:
            if seat is not None and e.visible_to is not None and e.visible_to != seat:
                continue
            key = e.key
            if seat is None and e.visible_to is not None:
                key = f"{key}.teacher"
            out.append(self.message_type(key, e.params).text(lang, self.names,
                                                             self.game.flavour_codes))
        return out

    def round_split(self) -> int:
        """Where this step's events turn to the next round: the index of the first event
        whose key is the game's ``round_start_event`` (the number of events when none is)."""
        key = self.game.round_start_event
        events = self.events
        if key:
            for k, e in enumerate(events):
                if e.key == key:
                    return k
        return len(events)

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
class MetricSpec:
    """A game's own design metric, described as data; the explore layer computes it.

    * ``kind="points_share"``: the share of all points (the ``sources`` columns of a
      simulation frame, summed per game) that came from the ``columns``;
    * ``kind="first_player"``: the win rate of the seat whose ``columns[0]`` is 0 (the
      player who started), replacing the generic first-player metric.

    Its name and description are the catalog entries ``<text>.name`` and
    ``<text>.description`` (default ``explore.metric.<key>``).
    """

    key: str
    kind: str
    columns: tuple[str, ...]
    sources: tuple[str, ...] = ()
    text: str = ""

    @property
    def text_key(self) -> str:
        """The catalog prefix of its words."""
        return self.text or f"explore.metric.{self.key}"


@dataclass(frozen=True)
class FormatChange:
    """How an older scenario format version differs from the current one: ``read`` turns
    such data into the current version's (the loader's reader), ``write`` the current
    version's into it (so a test can make an old save and see it load)."""

    read: Callable[[dict[str, Any]], dict[str, Any]]
    write: Callable[[dict[str, Any]], dict[str, Any]]


#: The roles of a :class:`GameSpec`'s fields, in the order the guide lists them: what
#: the engine needs to play (``rules``), to show a game (``presentation``), to teach it
#: (``teaching``), to study it (``analysis``) and to play it by machine (``bots``).
SPEC_ROLES = ("rules", "presentation", "teaching", "analysis", "bots")


def _part(role: str, required: bool = False, **kw: Any) -> Any:
    """A :class:`GameSpec` field of ``role``: required (no default) or optional."""
    if role not in SPEC_ROLES:
        raise ValueError(f"unknown role {role!r}; roles are {', '.join(SPEC_ROLES)}")
    return field(metadata={"role": role, "required": required}, **kw)


def spec_fields(role: str | None = None, required: bool | None = None) -> tuple[str, ...]:
    """The names of :class:`GameSpec`'s fields of ``role`` (any role when ``None``),
    only the required ones (``required=True``) or only the optional ones (``False``), in
    declaration order.

    >>> spec_fields("bots")
    ('determinizer', 'policies', 'rollout_policy')
    >>> len(spec_fields(required=True))
    11
    """
    if role is not None and role not in SPEC_ROLES:
        raise ValueError(f"unknown role {role!r}; roles are {', '.join(SPEC_ROLES)}")
    return tuple(f.name for f in fields(GameSpec)
                 if (role is None or f.metadata["role"] == role)
                 and (required is None or f.metadata["required"] == required))


@dataclass(frozen=True)
class GameSpec:
    """A registered game: how to make, load and parse it, and what generic views need.

    Each field has a role (:data:`SPEC_ROLES`: rules, presentation, teaching, analysis,
    bots) and is required or optional (:func:`spec_fields`; :meth:`part` reads one
    role); docs/protocol.md tabulates them. The first block is required. The hooks
    below it let generic layers (widgets, bots, simulations, the command line) serve any
    game without naming one:

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
      ``day``); ``round_label`` its catalog key (``"ui.day"``, ``{n}`` the number), and
      ``<round_label>.inline``, when the catalog has it, the words inside a sentence.
    * ``pause_after_round``: views stop at the end of each round to show its scoring
      (Ice Cream scores each day); a game that scores only at its end leaves it False.
    * ``round_start_event``: the key of the event that opens a round. A step that scores
      a round and sets up the next one reports both; views show the events before it with
      the scoring, and the rest (the next round's deal) only once the player carries on.
    * ``render_scoring(before, after, seat, lang) -> str``: the table at the moment a round
      is scored, before the next round is set up: drawn from the position before the step
      that scored it (``before``), that step's events and the scored position
      (``after``), as ``seat`` sees them, with no options. Views show it while the
      round's scoring is read; a game without it shows the position after the step.
    * ``first_player_setting``: the setting that chooses who starts (simulations rotate it).
    * ``settings_form``: the settings a new-game form offers, as :class:`SettingField`.
    * ``setting_rules``: setting name -> rule id; ``ruleset_rules``: ruleset -> rule ids
      it changes (side-by-side comparisons cite them).
    * ``count_action(after, action) -> column or None``: a simulation column to count
      this action in (``"cards_drawn"``...); ``result_columns(state, seat) -> dict``:
      extra per-seat columns at the end of a game (points by source, ...), including
      ``score_after_<round>_<k>`` running totals when the game has rounds.
    * ``metrics``: the game's own design metrics as data (:class:`MetricSpec`); the
      explore layer computes them, so a game never imports it (nor pandas).
    * ``catalog_prefix``: the prefix of this game's own catalog keys.
    * ``quiz_kinds``: the game's own quiz question kinds, name -> ``maker(state, rng,
      lang) -> Question or None`` (:mod:`icecream.teach.quiz`; every game also gets the
      generic kinds built from this protocol).
    * ``action_words(state, action, lang) -> dict``: words for an action's fields that
      are ids in the data (a card, an order), as extra parameters of its neutral label
      ``teach.action.<game>.<type>`` (:func:`icecream.teach.quiz.action_label`).
    * ``view(state, seat)`` and ``save(state)``: a kit state's view and scenario (see
      :class:`icecream.core.kit.KitState`).
    * ``presets``: named what-if settings (``{"rulebook_5_days": {"days": 5}}``), labelled
      ``<catalog_prefix or "explore">.preset.<name>`` in the catalog.
    * ``rollout_policy``: the bot (``"random"``, ``"heuristic"``...) that plays the games
      of hints, position what-ifs and comparisons unless one is chosen: one under which
      the game ends in about the rounds a table plays (uniformly random Gelato Mio players
      take thousands of decisions, so that game names its heuristic).
    * ``tutorial_package``: the package whose ``tutorials/*.json`` are the game's guided
      first games (:mod:`icecream.teach.tutorial` loads and checks them); ``None``: none.
    """

    # Each field's role (SPEC_ROLES) and whether it is required are in its metadata:
    # spec_fields() lists them, register_game() checks the kind of every hook given.
    name: str = _part("rules", required=True)
    title: str = _part("presentation", required=True)
    min_players: int = _part("rules", required=True)
    max_players: int = _part("rules", required=True)
    action_kinds: Mapping[str, type[Action]] = _part("rules", required=True)
    rules: RuleBook = _part("rules", required=True)
    new_state: Callable[..., State] = _part("rules", required=True)
    from_dict: Callable[[Mapping[str, Any]], State] = _part("rules", required=True)
    from_scenario: Callable[..., State] = _part("rules", required=True)
    rulesets: Mapping[str, Mapping[str, Any]] = _part("rules", required=True)
    examples: Callable[[], Mapping[str, Any]] = _part("teaching", required=True)
    flavour_codes: tuple[str, ...] = _part("presentation", default=())
    # -- hooks for generic views (see the class docstring) ------------------------------
    render_svg: Callable[..., str] | None = _part("presentation", default=None)
    determinizer: Callable[[Any], Any] | None = _part("bots", default=None)
    policies: Mapping[str, Callable[..., Any]] = _part("bots", default_factory=dict)
    round_attr: str = _part("presentation", default="round")
    round_label: str = _part("presentation", default="ui.round")
    pause_after_round: bool = _part("presentation", default=False)
    round_start_event: str = _part("presentation", default="")
    render_scoring: Callable[..., str] | None = _part("presentation", default=None)
    first_player_setting: str = _part("rules", default="first_player")
    settings_form: tuple[SettingField, ...] = _part("rules", default=())
    setting_rules: Mapping[str, str] = _part("rules", default_factory=dict)
    ruleset_rules: Mapping[str, tuple[str, ...]] = _part("rules", default_factory=dict)
    count_action: Callable[[State, Action], str | None] | None = _part("analysis", default=None)
    result_columns: Callable[[State, int], dict[str, Any]] | None = _part("analysis",
                                                                          default=None)
    metrics: tuple[MetricSpec, ...] = _part("analysis", default=())
    catalog_prefix: str = _part("presentation", default="")
    quiz_kinds: Mapping[str, Callable[..., Any]] = _part("teaching", default_factory=dict)
    action_words: Callable[[State, Action, str], Mapping[str, str]] | None = _part(
        "presentation", default=None)
    presets: Mapping[str, Mapping[str, Any]] = _part("analysis", default_factory=dict)
    rollout_policy: str = _part("bots", default="random")
    #: At most this many options are played out by a hint (``None``: every option): the
    #: ones the rollout policy ranks best (:meth:`icecream.core.policy.Policy.rank`), so a
    #: decision with dozens of options still gets several games per option in time.
    hint_options: int | None = _part("analysis", default=None)
    #: The game views open when none is named (one game says so).
    default: bool = _part("presentation", default=False)
    #: The package holding the game's own catalog (``<lang>/*.json``): every key that
    #: belongs to this game and no other (``icecream.i18n`` keeps only generic words).
    catalog_package: str | None = _part("presentation", default=None)
    #: True for a game whose player range includes house variants (named by a rule id).
    house_variant_rule: str | None = _part("rules", default=None)
    min_rulebook_players: int | None = _part("rules", default=None)
    #: A kit state's view and save (:class:`icecream.core.kit.KitState`):
    #: ``view(state, seat) -> view`` and ``save(state) -> scenario dict``. They live in
    #: modules that import the state module, so the state reaches them through its game.
    view: Callable[[Any, int | None], Any] | None = _part("rules", default=None)
    save: Callable[[Any], dict[str, Any]] | None = _part("rules", default=None)
    #: The package holding the game's tutorials (``tutorials/*.json``), or None.
    tutorial_package: str | None = _part("teaching", default=None)
    #: From any position its loader accepts, random play ends the game within this many
    #: actions (the generic tests and soak runs stop there and call it a bug).
    step_limit: int = _part("rules", default=3000)
    #: The older scenario format versions the loader still reads, each with its change
    #: (:class:`FormatChange`); a game that never had another format leaves it empty.
    older_formats: Mapping[int, FormatChange] = _part("rules", default_factory=dict)

    def part(self, role: str) -> Mapping[str, Any]:
        """This game's fields of one role (``"bots"``: its determinizer, policies and
        rollout policy), read-only, by name."""
        return MappingProxyType({n: getattr(self, n) for n in spec_fields(role)})

    def parse_action(self, data: Any) -> Action:
        return parse_action(self.action_kinds, data)

    def catalog_key(self, name: str, default: str = "") -> str:
        """The catalog key ``name`` under this game's prefix (``"gm"`` or ``"gm."`` gives
        ``"gm.<name>"``), or under ``default`` when the game has none (``"phase.serving"``).
        """
        prefix = self.catalog_prefix.rstrip(".") or default.rstrip(".")
        return f"{prefix}.{name}" if prefix else name

    def what_if_presets(self) -> dict[str, dict[str, Any]]:
        """The named what-if settings: ``presets`` in the game's order, or, for a game that
        names none, one per ruleset (``{"ruleset": name}``) and one per other value of each
        choice in its settings form (``{"flood": True}``, named after the setting), leaving
        out a variant that plays exactly as a ruleset does. Each is labelled
        ``<catalog_prefix>preset.<name>`` in the catalog."""
        if self.presets:
            return {k: dict(v) for k, v in self.presets.items()}
        out: dict[str, dict[str, Any]] = {name: {"ruleset": name} for name in self.rulesets}
        if not self.rulesets:
            return out
        base = next(iter(self.rulesets))
        plays = [dict(v) for v in self.rulesets.values()]
        for f in self.settings_form:
            if f.kind != "choice" or f.name in (self.first_player_setting, "ruleset"):
                continue
            others = [c for c in f.choices if c != f.default]
            for value in others:
                setting = {**self.rulesets[base], f.name: value}
                if setting in plays:
                    continue  # plays exactly as a ruleset: already offered
                name = f.name if len(others) == 1 else f"{f.name}_{value}"
                out[name] = {"ruleset": base, f.name: value}
        return out

    def is_house_variant(self, players: int) -> bool:
        """True when ``players`` is outside the rulebook's range (a house variant)."""
        low = self.min_rulebook_players
        return low is not None and players < low


_GAMES: dict[str, GameSpec] = {}
#: Set once every entry point has been tried (not before: a failure while loading must not
#: leave later calls with no games).
_LOADED = False
_LOADING = False


@dataclass(frozen=True)
class PluginProblem:
    """A game entry point that could not be loaded: which one, from which distribution,
    and the error in one line. The other games load as usual."""

    entry_point: str
    module: str
    distribution: str
    error: str

    def __str__(self) -> str:
        return (f"game plug-in {self.entry_point!r} ({self.module}, from {self.distribution}) "
                f"was not loaded: {self.error}")


_PROBLEMS: dict[str, PluginProblem] = {}


class GameSpecError(IcecreamError, TypeError):
    """A :class:`GameSpec` whose required fields are missing or of the wrong kind."""


def spec_problems(spec: GameSpec) -> list[tuple[str, str]]:
    """(problem, fix) for each required field of ``spec`` that is missing or wrong, known
    without playing: the part of the contract :func:`register_game` checks at once (the
    rest is :func:`icecream.core.contract.check`'s)."""
    out = []

    def need(ok: bool, problem: str, fix: str) -> None:
        if not ok:
            out.append((problem, fix))

    need(isinstance(spec.name, str) and bool(spec.name) and spec.name == spec.name.strip()
         and " " not in spec.name, f"name {spec.name!r} is not a word",
         "name the game in lower-case words joined by dashes")
    need(isinstance(spec.title, str) and bool(spec.title), "no title",
         "give GameSpec.title (the game's name for players)")
    players = (spec.min_players, spec.max_players)
    need(all(isinstance(n, int) for n in players) and 1 <= players[0] <= players[1],
         f"player range {players[0]}..{players[1]} is empty",
         "set min_players <= max_players, both >= 1")
    need(isinstance(spec.action_kinds, Mapping) and bool(spec.action_kinds),
         "no action kinds", "map each action type to its class")
    for kind, cls in dict(spec.action_kinds or {}).items():
        need(isinstance(cls, type) and issubclass(cls, Action) and cls.type == kind,
             f"action kind {kind!r} is not an Action subclass whose type is {kind!r}",
             f"declare class ...(Action) with type = {kind!r}")
    need(isinstance(spec.rules, RuleBook) and len(spec.rules) > 0, "the rule book is empty",
         "give a RuleBook of the game's rules (Rule ids)")
    for hook in ("new_state", "from_dict", "from_scenario", "examples"):
        need(callable(getattr(spec, hook)), f"{hook} is not callable", f"give {hook}")
    need(isinstance(spec.rulesets, Mapping), "rulesets is not a mapping",
         "map each ruleset's name to its settings ({} for none)")
    need(isinstance(spec.step_limit, int) and not isinstance(spec.step_limit, bool)
         and spec.step_limit > 0, "step_limit is not a positive whole number",
         "set GameSpec.step_limit")
    # An optional hook, when given, is of its kind: a wrong one fails here, not on a page.
    for f in fields(GameSpec):
        if f.metadata["required"]:
            continue
        value, hint, role = getattr(spec, f.name), str(f.type), f.metadata["role"]
        if hint.startswith("Callable"):
            need(value is None or callable(value), f"{f.name} ({role}) is not callable",
                 f"give {f.name} a function, or leave it out")
        elif hint.startswith("Mapping"):
            need(isinstance(value, Mapping), f"{f.name} ({role}) is not a mapping",
                 f"give {f.name} a dict, or leave it out")
    return out


def register_game(spec: GameSpec) -> GameSpec:
    """Register ``spec`` under its name (each game package calls this on import).

    Its required fields are checked first (:func:`spec_problems`; a
    :class:`GameSpecError` lists them). Its catalog package's words join the catalog: a
    key another package already defines raises
    :class:`~icecream.core.messages.CatalogClash` naming both, and the game is not
    registered.
    """
    problems = spec_problems(spec)
    if problems:
        raise GameSpecError(f"game {spec.name!r} cannot be registered: " + "; ".join(
            f"{problem} (fix: {fix})" for problem, fix in problems))
    if spec.catalog_package:
        from .messages import register_catalog

        register_catalog(spec.catalog_package)
    _GAMES[spec.name] = spec
    return spec


def unregister_game(name: str) -> None:
    """Remove the game ``name`` and its words (tests that register a game for a while)."""
    spec = _GAMES.pop(name, None)
    if spec is not None and spec.catalog_package:
        from .messages import unregister_catalog

        unregister_catalog(spec.catalog_package)


def load_games() -> None:
    """Load every game installed under the ``icecream.games`` entry-point group (this
    package's own games and any other package's). Core names no game: each entry point
    names a module that registers its :class:`GameSpec` when imported.

    Each entry point is loaded on its own: one whose import raises is recorded once as a
    :class:`PluginProblem` (:func:`plugin_problems`; ``python -m icecream games``, the
    pages' game pickers and :func:`get_game` of its name show it) and the others load.
    """
    global _LOADED, _LOADING
    if _LOADED or _LOADING:
        return
    _LOADING = True
    try:
        from importlib.metadata import entry_points

        for ep in sorted(entry_points(group="icecream.games"), key=lambda e: e.name):
            load_entry_point(ep)
        _LOADED = True
    finally:
        _LOADING = False


def load_entry_point(ep: Any) -> None:
    """Load one ``icecream.games`` entry point as :func:`load_games` does: a failure is
    recorded as a :class:`PluginProblem` and a half-registered game taken out again."""
    before = set(_GAMES)
    try:
        ep.load()
    except Exception as e:  # a plug-in's bug must not take the other games down
        for name in set(_GAMES) - before:  # half-registered: take it out again
            unregister_game(name)
        dist = getattr(getattr(ep, "dist", None), "name", None) or "an unknown distribution"
        error = clip(f"{type(e).__name__}: {e}".splitlines()[0], 300)
        _PROBLEMS.setdefault(ep.name, PluginProblem(ep.name, ep.value, dist, error))


# The name it had before plug-ins were isolated; kept for callers that load explicitly.
_load_builtin_games = load_games
# Asking for the catalog loads the games first: a game's words come with the game.
set_game_loader(load_games)


def plugin_problems() -> list[PluginProblem]:
    """The game entry points that could not be loaded, each once, by name (empty when
    every installed game loaded). ``python -m icecream games`` and the pages that list
    games show them."""
    load_games()
    return [_PROBLEMS[name] for name in sorted(_PROBLEMS)]


def get_game(name: str) -> GameSpec:
    """The game registered as ``name``; :class:`UnknownGame` lists the known ones."""
    from .errors import UnknownGame

    load_games()
    if not isinstance(name, str):
        raise UnknownGame(f"a game is named by text (one of {', '.join(sorted(_GAMES))}), "
                          f"not {quote(name)}")
    try:
        return _GAMES[name]
    except KeyError:
        broken = _PROBLEMS.get(name)
        if broken is not None:
            raise UnknownGame(str(broken)) from None
        raise UnknownGame(
            f"unknown game {quote(name)}; known games: {', '.join(sorted(_GAMES))}"
        ) from None


def default_game() -> str:
    """The game views open when none is named: the registered game that says it is the
    default (``GameSpec.default``), else the first by name."""
    load_games()
    named = sorted(name for name, spec in _GAMES.items() if spec.default)
    return named[0] if named else sorted(_GAMES)[0]


def list_games() -> list[str]:
    """Names of the registered games."""
    load_games()
    return sorted(_GAMES)


def new_game(name: str, players: int | Sequence[str] = 4, seed: int = 0, **variant: Any) -> State:
    """A new game of ``name``: ``players`` is a count or a list of names.

    ``variant`` holds the game's settings (``ruleset="ijs"``, ``close="flavour"``, ...).
    """
    spec = get_game(name)
    check_seed(seed)
    check_ruleset(spec, variant.get("ruleset"))
    return spec.new_state(players=players, seed=seed, **variant)


def check_ruleset(spec: GameSpec, ruleset: Any, error: type[IcecreamError] | None = None,
                  where: str = "ruleset") -> None:
    """Refuse a ruleset that is not ``None`` or the name of one of ``spec``'s rulesets
    (a list or an object included), with ``error`` (default :class:`SettingsError`)."""
    from .errors import SettingsError

    if ruleset is None or isinstance(ruleset, str) and ruleset in spec.rulesets:
        return
    raise (error or SettingsError)(f"{where}: unknown ruleset {quote(ruleset)}; rulesets are "
                                   f"{sorted(spec.rulesets)}")


def check_common_fields(spec: GameSpec, data: Mapping[str, Any],
                        error: type[IcecreamError]) -> None:
    """Check what every game's scenarios and saved states share, before the game reads
    them: ``settings`` is an object of setting names, ``players`` is a field of its own
    and not one of them, and ``settings.ruleset`` names one of the game's rulesets."""
    settings = data.get("settings")
    if settings is None:
        return
    if not isinstance(settings, Mapping):
        raise error("settings: must be an object of setting names to values")
    if "players" in settings:
        raise error("settings.players: players is a field of the scenario itself (a count "
                    "or a list of names), not a setting")
    check_ruleset(spec, settings.get("ruleset"), error, "settings.ruleset")


def load_state(data: Mapping[str, Any] | str) -> State:
    """A state from :meth:`State.to_dict` data or its JSON text.

    Raises :class:`SaveFileError` naming the problem (bad JSON, no or unknown game) and
    the game's own error (a :class:`ScenarioError` naming the field) for a bad position.
    """
    from .errors import UnknownGame

    if isinstance(data, str | bytes):
        data = parse_json(data, SaveFileError, "saved state")
    else:
        check_plain(data, SaveFileError, "saved state")
    if not isinstance(data, Mapping) or "game" not in data:
        raise SaveFileError("a saved state must be an object with a 'game' field")
    try:
        spec = get_game(data["game"])
    except UnknownGame as e:
        raise SaveFileError(f"game: {e}") from None
    from .errors import ScenarioError

    check_common_fields(spec, data, ScenarioError)
    return spec.from_dict(data)
