"""Player names and counts, checked the same way for every game.

>>> player_names(3, 2, 5, "a game for 2 to 5 players")
('Player 1', 'Player 2', 'Player 3')
>>> player_names(["Ann", "Ann"], 2, 5, "")
Traceback (most recent call last):
...
icecream.core.errors.SettingsError: player names must differ: ['Ann', 'Ann']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from .errors import SettingsError, quote
from .messages import t

#: The language of the default names a state keeps (views translate them where shown).
STATE_LANGUAGE = "en"

#: The longest player name (it must fit on the table's seat panels and in the log).
MAX_NAME = 40


def player_names(players: int | Sequence[str], low: int, high: int,
                 count_rule: str) -> tuple[str, ...]:
    """The names of a game's players from a count (default names) or a list of names;
    :class:`SettingsError` names what is wrong.

    Default names are made in the catalog's default language ("Player 2") whatever the
    reader's language, so a state never depends on it; views show them in the reader's
    words (:func:`~icecream.core.messages.seat_name`).

    ``count_rule`` says in words who the game is for, citing its rule ("Ice Cream is for
    3 to 5 players (2 as a house variant, IC-1)"); it starts the message for a count
    outside ``low``..``high``.
    """
    if isinstance(players, bool) or not isinstance(players, int | Sequence) \
            or isinstance(players, str):
        raise SettingsError(f"players must be a number {low}..{high} or a list of names, "
                            f"not {quote(players)}")
    if isinstance(players, int):
        if not low <= players <= high:
            raise SettingsError(f"{count_rule}, not {quote(players)}")
        return tuple(t("ui.default_name", STATE_LANGUAGE, seat=i + 1) for i in range(players))
    names = tuple(players)
    if not low <= len(names) <= high:
        raise SettingsError(f"{count_rule}, not {len(names)}")
    for nm in names:
        if not isinstance(nm, str) or not nm.strip() or len(nm) > MAX_NAME:
            raise SettingsError(f"player names must be 1-{MAX_NAME} characters of text, "
                                f"not {quote(nm)}")
        if not nm.isprintable() or not _is_unicode(nm):
            # A lone surrogate cannot be printed or saved as UTF-8; a control character
            # would break the one-line log and the table's text.
            raise SettingsError(f"player names must be printable Unicode text, not {quote(nm)}")
        if nm.strip().casefold() in _pronouns():
            # Every text speaks of a player by name ("Ann scores 3"); "You scores 3" would
            # not read, in any language the catalog has.
            raise SettingsError(f"{quote(nm)} cannot be a player's name: the table's texts "
                                f"speak of each player by name (\"Ann scores 3\"), so give "
                                f"a name")
    if len(set(names)) != len(names):
        raise SettingsError(f"player names must differ: {quote(list(names))}")
    return names


@cache
def _pronouns() -> frozenset[str]:
    """Words such as "you" in every catalog language (``ui.pronouns``), folded."""
    from .messages import languages

    return frozenset(w.strip().casefold() for lang in languages()
                     for w in t("ui.pronouns", lang).split(","))


def _is_unicode(text: str) -> bool:
    """False for text with a lone surrogate (it has no UTF-8 form)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def typed_key(value: Any) -> tuple:
    """``value`` with its type, as a cache key (``1`` and ``True`` must not meet)."""
    if isinstance(value, list | tuple):
        return (type(value), tuple(typed_key(v) for v in value))
    return (type(value), value)
