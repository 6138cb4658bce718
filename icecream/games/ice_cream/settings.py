"""Ice Cream's settings: the rulebook's numbers and the what-if variants, checked.

Named rulesets give the two texts: ``rulebook`` (the English rulebook) and ``ijs``
(the Dutch summary, whose close-cone rule differs, IC-10).

>>> s = Settings.make(players=["Ann", "Bob", "Cy"], ruleset="ijs")
>>> s.close, s.removed_scoops, s.names
('flavour', 6, ('Ann', 'Bob', 'Cy'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from ...core.errors import SettingsError, quote
from ...core.messages import get_language, t
from .components import COPIES, NUM_FLAVOURS

#: Named rulesets: the variant values each text implies.
RULESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"close": "scoop"},
    "ijs": {"close": "flavour"},
}
#: Rules each ruleset changes, for side-by-side comparisons.
RULESET_RULES: dict[str, tuple[str, ...]] = {"rulebook": ("IC-10",), "ijs": ("IC-10",)}
CLOSE_RULES = ("scoop", "flavour")
#: The rule each setting belongs to (side-by-side comparisons cite it).
SETTING_RULES: dict[str, str] = {
    "close": "IC-10", "days": "IC-15", "removed_scoops": "IC-3", "cones": "IC-7",
    "scoops_per_cone": "IC-7", "first_dealer": "IC-4", "players": "IC-1",
}
#: Named what-if settings; labels are catalog keys ``explore.preset.<name>``.
PRESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"ruleset": "rulebook"},
    "ijs": {"ruleset": "ijs"},
    "rulebook_5_days": {"ruleset": "rulebook", "days": 5},
    "rulebook_3_days": {"ruleset": "rulebook", "days": 3},
    "rulebook_3_removed": {"ruleset": "rulebook", "removed_scoops": 3},
    "rulebook_none_removed": {"ruleset": "rulebook", "removed_scoops": 0},
    "rulebook_3_scoops": {"ruleset": "rulebook", "scoops_per_cone": 3},
}


def default_removed(players: int) -> int:
    """Scoop cards removed at random for a player count (IC-3)."""
    return 5 if players == 5 else 6


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting of an Ice Cream game. Build with :meth:`make`, which checks them."""

    names: tuple[str, ...]
    ruleset: str = "rulebook"
    close: str = "scoop"
    days: int = 4
    first_dealer: int = 0
    removed_scoops: int = 6
    cones: int = 12
    scoops_per_cone: int = 4

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def house_variant(self) -> bool:
        """True for 2 players, a house variant (IC-1)."""
        return self.players == 2

    @property
    def scoops_in_play(self) -> int:
        return NUM_FLAVOURS * COPIES - self.removed_scoops

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["names"] = list(self.names)
        return d

    @classmethod
    def make(cls, players: int | Sequence[str] = 4, ruleset: str | None = None,
             **variant: Any) -> Settings:
        """Check and build settings; :class:`SettingsError` names the bad value.

        Settings already made are reused (playouts and sweeps make thousands of games
        with the same settings); the key keeps each value's type, so ``days=True`` is
        still refused after ``days=1`` was accepted.
        """
        try:
            # The language too: a count of players gets default names in its words.
            key = (_typed(players), ruleset, tuple(sorted(
                (name, _typed(v)) for name, v in variant.items())), get_language())
            made = _MADE.get(key)
        except TypeError:  # an unhashable value: check it the long way
            key = made = None
        if made is None:
            made = cls._make(players, ruleset, **variant)
            if key is not None and len(_MADE) < 1024:
                _MADE[key] = made
        return made

    @classmethod
    def _make(cls, players: int | Sequence[str], ruleset: str | None,
              **variant: Any) -> Settings:
        known = {f.name for f in fields(cls)} - {"names", "ruleset"}
        unknown = set(variant) - known
        if unknown:
            raise SettingsError(
                f"unknown Ice Cream setting(s) {sorted(unknown)}; settings are "
                f"{sorted(known | {'ruleset', 'players'})}"
            )
        names = _names(players)
        n = len(names)
        ruleset = "rulebook" if ruleset is None else ruleset
        if not isinstance(ruleset, str) or ruleset not in RULESETS:
            raise SettingsError(f"unknown ruleset {quote(ruleset)}; rulesets are "
                                f"{sorted(RULESETS)}")
        values: dict[str, Any] = {"removed_scoops": default_removed(n)}
        values.update(RULESETS[ruleset])
        values.update(variant)
        s = cls(names=names, ruleset=ruleset, **values)
        s._check()
        return s

    def _check(self) -> None:
        def need_int(name: str, lo: int, hi: int) -> None:
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise SettingsError(f"setting {name} must be a whole number {lo}..{hi}, "
                                    f"not {quote(v)}")

        if self.close not in CLOSE_RULES:
            raise SettingsError(f"setting close must be one of {CLOSE_RULES}, "
                                f"not {quote(self.close)}")
        need_int("days", 1, 50)
        need_int("first_dealer", 0, self.players - 1)
        need_int("removed_scoops", 0, NUM_FLAVOURS * COPIES - 1)
        need_int("cones", 1, 30)
        need_int("scoops_per_cone", 1, 30)
        if self.cones * self.scoops_per_cone < self.scoops_in_play:
            # ICN-5: every scoop must find a place (IC-7).
            raise SettingsError(
                f"{self.cones} cones of {self.scoops_per_cone} scoops hold "
                f"{self.cones * self.scoops_per_cone}, fewer than the {self.scoops_in_play} "
                "scoops in play: raise cones or scoops_per_cone, or remove more scoops (ICN-5)"
            )


_MADE: dict[tuple, Settings] = {}


def _typed(value: Any) -> tuple:
    """``value`` with its type, as a cache key (``1`` and ``True`` must not meet)."""
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise SettingsError(f"players must be a number 2..5 or a list of names, "
                            f"not {quote(players)}")
    if isinstance(players, int):
        if not 2 <= players <= 5:
            raise SettingsError(
                "Ice Cream is for 3 to 5 players (2 as a house variant, IC-1), "
                f"not {quote(players)}"
            )
        return tuple(t("ui.default_name", seat=i + 1) for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SettingsError(f"players must be a number 2..5 or a list of names, "
                            f"not {quote(players)}")
    names = tuple(players)
    if not 2 <= len(names) <= 5:
        raise SettingsError(
            f"Ice Cream is for 3 to 5 players (2 as a house variant, IC-1), not {len(names)}"
        )
    for nm in names:
        if not isinstance(nm, str) or not nm.strip() or len(nm) > 40:
            raise SettingsError(f"player names must be 1-40 characters of text, "
                                f"not {quote(nm)}")
        if not nm.isprintable() or not _is_unicode(nm):
            # A lone surrogate cannot be printed or saved as UTF-8; a control character
            # would break the one-line log and the table's text.
            raise SettingsError(f"player names must be printable Unicode text, not {quote(nm)}")
    if len(set(names)) != len(names):
        raise SettingsError(f"player names must differ: {quote(list(names))}")
    return names


def _is_unicode(text: str) -> bool:
    """False for text with a lone surrogate (it has no UTF-8 form)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
