"""Gelato Mio's settings, declared once: players (GM-1), the display variants (GM-4) and
the customer file (GM-3). The checks, the new-game form and the setting -> rule map all
follow from :data:`KIT`.

Named rulesets: ``rulebook`` (a row is refilled only when it is empty, direct neighbours)
and ``review`` (every empty spot is refilled after a draw, from a review of the game).

>>> s = KIT.make(3, "review", {})
>>> s.refill, s.flood, s.players
('every_spot', False, 3)
"""

from __future__ import annotations

from typing import Any

from ...core.settings import Setting, SettingsBase, SettingsKit
from .components import Customer, customers_data, load_customers


class GelatoMioSettingsBase(SettingsBase):
    """What Gelato Mio's settings derive: the customers they play with."""

    __slots__ = ()
    customers: str | None

    @property
    def recipes(self) -> tuple[Customer, ...]:
        """The customers (GM-3) this game plays with."""
        return load_customers(self.customers)


def _check(settings: Any) -> None:
    settings.recipes  # noqa: B018 -- loads and checks the customer file now, not mid-game


KIT = SettingsKit(
    game="gelato-mio",
    title="Gelato Mio",
    players=(2, 4),
    players_rule="Gelato Mio is for 2 to 4 players (GM-1)",
    # In the new-game form's order.
    settings=(
        Setting("first_player", "GM-1", 0, "seat"),
        Setting("refill", "GM-4", "row", "choice", choices=("row", "every_spot")),
        Setting("flood", "GM-4", False, "bool"),
        Setting("customers", "GM-3", None, "path", form=False,
                dump=lambda path: customers_data(load_customers(path))),
    ),
    rulesets={
        "rulebook": {"refill": "row", "flood": False},
        "review": {"refill": "every_spot", "flood": False},
    },
    # Rules each ruleset changes, for side-by-side comparisons.
    ruleset_rules={"rulebook": ("GM-4",), "review": ("GM-4",)},
    check=_check,
    base=GelatoMioSettingsBase,
)

#: Every setting of a Gelato Mio game (a frozen dataclass); build with ``KIT.make``.
Settings = KIT.cls
RULESETS = KIT.rulesets
RULESET_RULES = KIT.ruleset_rules


__all__ = ["KIT", "Settings", "RULESETS", "RULESET_RULES"]
