"""Checks on every value a browser can send: synced traits and custom messages.

Any browser can set any synced trait or send any custom message, so each handler runs its
input through one of these checks first. A check returns the clean value or raises
:class:`Refused`, whose text (from the translation catalog) the explorer shows in its
message line; nothing changes. Input is never evaluated.

>>> seat_or_teacher(None, 3), seat_or_teacher(2, 3)
(None, 2)
>>> seat_or_teacher(True, 3)
Traceback (most recent call last):
...
icecream.widgets.validate.Refused: There is no seat True at this table of 3 players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.lists import format_list

from ..bots import bot_names
from ..core.errors import ActionFormatError, quote
from ..core.messages import DEFAULT_LANGUAGE, t
from ..core.protocol import check_plain

HUMAN = "human"
#: ``new_game`` arguments every game takes, and the plain types each may have.
COMMON_TYPES: dict[str, tuple[type, ...]] = {"players": (int, list, tuple), "seed": (int,)}
MAX_SEED = 2**31 - 1
#: The longest plain action text accepted from a browser (a real one is ~30 characters).
MAX_ACTION_KEYS = 4


class Refused(ValueError):
    """An input that was refused; ``str(e)`` is the text to show (already translated)."""


def refuse(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> Refused:
    """A :class:`Refused` with the catalog text ``widgets.msg.<key>``."""
    return Refused(t(f"widgets.msg.{key}", lang, **params))


def distinct_names(names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """``names`` when no two are the same; else :class:`Refused`, naming the repeated ones
    in words (a list in the language's own way, not a Python list).

    >>> distinct_names(["Ann", "Bob"])
    ['Ann', 'Bob']
    >>> try:
    ...     distinct_names(["Ann", "Bob", "Ann", "Bob", "Cy"], "nl")
    ... except Refused as e:
    ...     print(e)
    Elke speler heeft een eigen naam nodig: Ann en Bob staan er meer dan één keer.
    """
    names = list(names)
    twice = [n for k, n in enumerate(names) if names[:k].count(n) == 1]  # each once
    if twice:
        raise refuse("names_twice", lang, count=len(twice),
                     names=format_list(twice, locale=lang))
    return names


def is_int(value: Any) -> bool:
    """True for a whole number that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_or_teacher(value: Any, players: int, lang: str = DEFAULT_LANGUAGE) -> int | None:
    """A seat number 0..players-1, or ``None`` for the teacher's view."""
    if value is None:
        return None
    if not is_int(value) or not 0 <= value < players:
        raise refuse("bad_seat", lang, seat=_short(value), players=players)
    return value


def seat(value: Any, players: int, lang: str = DEFAULT_LANGUAGE) -> int:
    """A seat number 0..players-1 (the teacher is not a seat)."""
    if value is None:
        raise refuse("bad_seat", lang, seat=_short(value), players=players)
    return seat_or_teacher(value, players, lang)


def player_kind(value: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """``"human"`` or the name of a registered bot."""
    if not isinstance(value, str) or value not in (HUMAN, *bot_names()):
        raise refuse("bad_bot", lang, name=_short(value), bots=", ".join(bot_names()))
    return value


def step_index(value: Any, steps: int, lang: str = DEFAULT_LANGUAGE) -> int:
    """A step of the history, 0..steps."""
    if not is_int(value) or not 0 <= value <= steps:
        raise refuse("bad_step", lang, step=_short(value), steps=steps)
    return value


def action_message(content: Any, lang: str = DEFAULT_LANGUAGE) -> Mapping[str, Any]:
    """The plain action inside a table message ``{"kind": "action", "action": {...}}``.

    Only the message's shape is checked here; the engine parses the action
    (``parse_action``) and its rules decide whether it is allowed.
    """
    if (not isinstance(content, Mapping) or content.get("kind") != "action"
            or set(content) != {"kind", "action"}):
        raise refuse("bad_message", lang)
    action = content["action"]
    if not isinstance(action, Mapping) or len(action) > MAX_ACTION_KEYS:
        raise refuse("bad_action", lang)
    try:  # within the limits of files too: no 4,000-digit cone, no list nested 1,000 deep
        check_plain(action, ActionFormatError, "action")
    except ActionFormatError:
        raise refuse("bad_action", lang) from None
    return action


def setting_types(spec: Any) -> dict[str, tuple[type, ...]]:
    """The settings a new game of ``spec`` accepts from an explorer, with their plain types:
    the form's fields (an ``int`` field takes whole numbers, a choice its choices' types)
    and the other settings the game names a rule for (whole numbers or words)."""
    out = dict(COMMON_TYPES)
    for name in spec.setting_rules:
        out.setdefault(name, (int, str))
    for f in spec.settings_form:
        out[f.name] = (int,) if f.kind == "int" else tuple({type(c) for c in f.choices})
    return out


def game_settings(settings: Mapping[str, Any], spec: Any,
                  lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Settings for a new game of ``spec``: known names and plain types only (the engine
    checks ranges), a player count or list of names within the game's range."""
    types = setting_types(spec)
    out: dict[str, Any] = {}
    for name, value in settings.items():
        kinds = types.get(name)
        if kinds is None:
            raise refuse("bad_setting", lang, name=_short(name), known=", ".join(types))
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            raise refuse("bad_setting_value", lang, name=name, value=_short(value))
        out[name] = value
    players = out.get("players")
    low, high = spec.min_players, spec.max_players
    if isinstance(players, list | tuple):
        if not low <= len(players) <= high or not all(isinstance(p, str) for p in players):
            raise refuse("bad_setting_value", lang, name="players", value=_short(players))
        out["players"] = [p.strip() for p in players]
    elif players is not None and not low <= players <= high:
        raise refuse("bad_setting_value", lang, name="players", value=_short(players))
    if "seed" in out and not 0 <= out["seed"] <= MAX_SEED:
        raise refuse("bad_setting_value", lang, name="seed", value=_short(out["seed"]))
    return out


def _short(value: Any) -> str:
    """A value's repr cut short, to show in a message without flooding it (safe for
    5,000-digit numbers and deep lists too)."""
    return quote(value, 40)
