"""Gelato Mio's settings: players (GM-1), the display variants (GM-4) and the customer file
(GM-3), checked.

Named rulesets: ``rulebook`` (a row is refilled only when it is empty, direct neighbours)
and ``review`` (every empty spot is refilled after a draw, from a review of the game).

>>> s = Settings.make(players=3, ruleset="review")
>>> s.refill, s.flood, s.players
('every_spot', False, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from ...core.errors import SettingsError
from ...core.players import player_names
from .components import Customer, load_customers

RULESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"refill": "row", "flood": False},
    "review": {"refill": "every_spot", "flood": False},
}
#: Rules each ruleset changes, for side-by-side comparisons.
RULESET_RULES: dict[str, tuple[str, ...]] = {"rulebook": ("GM-4",), "review": ("GM-4",)}
REFILLS = ("row", "every_spot")
#: Setting name -> the rule it belongs to.
SETTING_RULES: dict[str, str] = {"first_player": "GM-1", "flood": "GM-4", "refill": "GM-4",
                                 "customers": "GM-3"}


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting of a Gelato Mio game. Build with :meth:`make`, which checks them."""

    names: tuple[str, ...]
    ruleset: str = "rulebook"
    first_player: int = 0
    flood: bool = False
    refill: str = "row"
    customers: str | None = None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def recipes(self) -> tuple[Customer, ...]:
        """The customers (GM-3) this game plays with."""
        return load_customers(self.customers)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["names"] = list(self.names)
        return d

    @classmethod
    def make(cls, players: int | Sequence[str] = 4, ruleset: str | None = None,
             **variant: Any) -> Settings:
        """Check and build settings; :class:`SettingsError` names the bad value."""
        known = {f.name for f in fields(cls)} - {"names", "ruleset"}
        unknown = set(variant) - known
        if unknown:
            raise SettingsError(
                f"unknown Gelato Mio setting(s) {sorted(unknown)}; settings are "
                f"{sorted(known | {'ruleset', 'players'})}")
        names = player_names(players, 2, 4, "Gelato Mio is for 2 to 4 players (GM-1)")
        ruleset = ruleset or "rulebook"
        if ruleset not in RULESETS:
            raise SettingsError(f"unknown ruleset {ruleset!r}; rulesets are {sorted(RULESETS)}")
        values = dict(RULESETS[ruleset])
        values.update(variant)
        s = cls(names=names, ruleset=ruleset, **values)
        s._check()
        return s

    def _check(self) -> None:
        fp = self.first_player
        if isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < self.players:
            raise SettingsError(f"setting first_player must be a seat 0..{self.players - 1} "
                                f"(GM-1), not {fp!r}")
        if not isinstance(self.flood, bool):
            raise SettingsError(f"setting flood must be true or false (GM-4), not {self.flood!r}")
        if self.refill not in REFILLS:
            raise SettingsError(f"setting refill must be one of {REFILLS} (GM-4), "
                                f"not {self.refill!r}")
        if self.customers is not None and not isinstance(self.customers, str):
            raise SettingsError(f"setting customers must be a file path or None (GM-3), "
                                f"not {self.customers!r}")
        self.recipes  # noqa: B018 -- loads and checks the customer file now, not mid-game
