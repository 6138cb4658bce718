"""Combo Cone Paradise's settings, checked: players, first player, variants, deck file.

Rulesets: ``rulebook`` (no Rainbow hand limit) and ``review`` (a published review plays
with at most 3 Rainbow cards in hand, CCPN-3).

>>> s = Settings.make(3, ruleset="review")
>>> s.rainbow_hand_limit, s.first_player, s.players
(3, 0, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from ...core.errors import SettingsError
from ...core.messages import get_language, t
from .components import Components, load_components

RULESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"rainbow_hand_limit": None},
    "review": {"rainbow_hand_limit": 3},
}
RULESET_RULES: dict[str, tuple[str, ...]] = {"rulebook": ("CCPN-3",), "review": ("CCPN-3",)}
#: The rule each setting belongs to (side-by-side comparisons cite them).
SETTING_RULES: dict[str, str] = {"first_player": "CCP-1", "rainbow_hand_limit": "CCPN-3",
                                 "deck": "CCP-2"}
#: Named what-if settings (labels ``ccp.preset.<name>``).
PRESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"ruleset": "rulebook"},
    "review": {"ruleset": "review"},
    "rainbow_limit_1": {"ruleset": "rulebook", "rainbow_hand_limit": 1},
}
#: Ice Cream draw pile size by number of Artisans (CCP-3).
PILE_SIZE = {2: 52, 3: 72, 4: 92, 5: 112}


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting of a game. Build with :meth:`make`, which checks them."""

    names: tuple[str, ...]
    ruleset: str = "rulebook"
    first_player: int = 0
    rainbow_hand_limit: int | None = None
    deck: str | None = None

    @property
    def players(self) -> int:
        """The number of Artisans (CCP-1)."""
        return len(self.names)

    @property
    def components(self) -> Components:
        """The cards of this game (the shipped, assumed deck unless ``deck`` names a file)."""
        return load_components(self.deck)

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain data (JSON-able; ``names`` a list)."""
        d = asdict(self)
        d["names"] = list(self.names)
        return d

    @classmethod
    def make(cls, players: int | Sequence[str] = 4, ruleset: str | None = None,
             **variant: Any) -> Settings:
        """Check and build settings; :class:`SettingsError` names the bad value."""
        key = None
        try:
            # The language too: a count of players gets default names in its words.
            key = (_typed(players), ruleset, tuple(sorted((k, _typed(v))
                                                          for k, v in variant.items())),
                   get_language())
            made = _MADE.get(key)
        except TypeError:
            made = None
        if made is None:
            made = cls._make(players, ruleset, **variant)
            if key is not None and len(_MADE) < 1024 and made.deck is None:
                _MADE[key] = made
        return made

    @classmethod
    def _make(cls, players: int | Sequence[str], ruleset: str | None, **variant: Any) -> Settings:
        known = {f.name for f in fields(cls)} - {"names", "ruleset"}
        unknown = set(variant) - known
        if unknown:
            raise SettingsError(f"unknown Combo Cone Paradise setting(s) {sorted(unknown)}; "
                                f"settings are {sorted(known | {'ruleset', 'players'})}")
        names = _names(players)
        ruleset = ruleset or "rulebook"
        if ruleset not in RULESETS:
            raise SettingsError(f"unknown ruleset {ruleset!r}; rulesets are {sorted(RULESETS)}")
        values = dict(RULESETS[ruleset])
        values.update(variant)
        s = cls(names=names, ruleset=ruleset, **values)
        fp = s.first_player
        if isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < s.players:
            raise SettingsError(f"setting first_player must be a seat 0..{s.players - 1} "
                                f"(CCP-1), not {fp!r}")
        lim = s.rainbow_hand_limit
        if lim is not None and (isinstance(lim, bool) or not isinstance(lim, int)
                                or not 0 <= lim <= 10):
            raise SettingsError(f"setting rainbow_hand_limit must be None (off) or a whole "
                                f"number 0..10 (CCPN-3), not {lim!r}")
        s.components  # noqa: B018 - loads and checks the deck file now, naming what is wrong
        return s


_MADE: dict[tuple, Settings] = {}


def _typed(value: Any) -> tuple:
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    msg = "Combo Cone Paradise is for 2 to 5 Artisans (CCP-1)"
    if isinstance(players, bool):
        raise SettingsError(f"players must be a number 2..5 or a list of names, not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 5:
            raise SettingsError(f"{msg}, not {players}")
        return tuple(t("ui.default_name", seat=i + 1) for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SettingsError(f"players must be a number 2..5 or a list of names, not {players!r}")
    names = tuple(players)
    if not 2 <= len(names) <= 5:
        raise SettingsError(f"{msg}, not {len(names)}")
    for nm in names:
        if not isinstance(nm, str) or not nm.strip() or len(nm) > 40:
            raise SettingsError(f"player names must be 1-40 characters of text, not {nm!r}")
    if len(set(names)) != len(names):
        raise SettingsError(f"player names must differ: {list(names)}")
    return names
