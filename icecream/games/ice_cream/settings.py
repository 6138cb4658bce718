"""Ice Cream's settings, declared once on the settings kit (:mod:`icecream.core.settings`).

Named rulesets give the two texts: ``rulebook`` (the English rulebook) and ``ijs``
(the Dutch summary, whose close-cone rule differs, IC-10). The checks, the new-game form
and the setting -> rule map all follow from :data:`KIT`.

>>> s = KIT.make(["Ann", "Bob", "Cy"], "ijs")
>>> s.close, s.removed_scoops, s.names
('flavour', 6, ('Ann', 'Bob', 'Cy'))
>>> KIT.make(5).removed_scoops   # IC-3: five players remove five scoops
5
"""

from __future__ import annotations

from typing import Any

from ...core.errors import SettingsError
from ...core.settings import Setting, SettingsBase, SettingsKit
from .components import COPIES, NUM_FLAVOURS

#: How close a cone must be to serve it close (IC-10): by scoops, or by flavours (ijs).
CLOSE_RULES = ("scoop", "flavour")
#: Named what-if settings; labels are catalog keys ``ic.preset.<name>``.
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


class _Derived(SettingsBase):
    """What Ice Cream's settings derive from their values."""

    __slots__ = ()
    removed_scoops: int

    @property
    def house_variant(self) -> bool:
        """True for 2 players, a house variant (IC-1)."""
        return self.players == 2

    @property
    def scoops_in_play(self) -> int:
        """The Scoop cards left after IC-3's removal."""
        return NUM_FLAVOURS * COPIES - self.removed_scoops


def _check_room(s: Any) -> None:
    """ICN-5: every scoop in play must find a place on a cone (IC-7)."""
    if s.cones * s.scoops_per_cone < s.scoops_in_play:
        raise SettingsError(
            f"{s.cones} cones of {s.scoops_per_cone} scoops hold "
            f"{s.cones * s.scoops_per_cone}, fewer than the {s.scoops_in_play} "
            "scoops in play: raise cones or scoops_per_cone, or remove more scoops (ICN-5)"
        )


KIT = SettingsKit(
    game="ice-cream",
    title="Ice Cream",
    players=(2, 5),
    players_rule="Ice Cream is for 3 to 5 players (2 as a house variant, IC-1)",
    settings=(
        Setting("close", "IC-10", "scoop", "choice", choices=CLOSE_RULES),
        Setting("days", "IC-15", 4, "int", low=1, high=50),
        Setting("first_dealer", "IC-4", 0, "seat"),
        Setting("removed_scoops", "IC-3", 6, "int", low=0, high=NUM_FLAVOURS * COPIES - 1,
                form=False),
        Setting("cones", "IC-7", 12, "int", low=1, high=30, form=False),
        Setting("scoops_per_cone", "IC-7", 4, "int", low=1, high=30, form=False),
    ),
    rulesets={"rulebook": {"close": "scoop"}, "ijs": {"close": "flavour"}},
    ruleset_rules={"rulebook": ("IC-10",), "ijs": ("IC-10",)},
    by_players=lambda n: {"removed_scoops": default_removed(n)},
    check=_check_room,
    base=_Derived,
    extra_rules={"players": "IC-1"},
)
#: Every setting of an Ice Cream game (named here so pickles find it).
Settings = KIT.cls
RULESETS = KIT.rulesets
RULESET_RULES = KIT.ruleset_rules
SETTING_RULES = KIT.rules()


__all__ = ["KIT", "Settings", "CLOSE_RULES", "PRESETS", "RULESETS", "RULESET_RULES",
           "SETTING_RULES", "default_removed"]
