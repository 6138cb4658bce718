"""Combo Cone Paradise's settings, declared once (:class:`~icecream.core.settings.SettingsKit`):
players, first player, the Rainbow hand limit variant and the deck file.

Rulesets: ``rulebook`` (no Rainbow hand limit) and ``review`` (a published review plays
with at most 3 Rainbow cards in hand, CCPN-3). The checks, the new-game form
(``KIT.form()``) and the setting -> rule map (``KIT.rules()``) all follow from
:data:`KIT`.

>>> s = KIT.make(3, "review")
>>> s.rainbow_hand_limit, s.first_player, s.players
(3, 0, 3)
>>> KIT.make(3, None, {"cls": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
icecream.core.errors.SettingsError: unknown Combo Cone Paradise setting(s) ['cls']; ...
"""

from __future__ import annotations

from typing import Any

from ...core.settings import Setting, SettingsBase, SettingsKit
from .components import Components, load_components

RULESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"rainbow_hand_limit": None},
    "review": {"rainbow_hand_limit": 3},
}
RULESET_RULES: dict[str, tuple[str, ...]] = {"rulebook": ("CCPN-3",), "review": ("CCPN-3",)}
#: Named what-if settings (labels ``ccp.preset.<name>``).
PRESETS: dict[str, dict[str, Any]] = {
    "rulebook": {"ruleset": "rulebook"},
    "review": {"ruleset": "review"},
    "rainbow_limit_1": {"ruleset": "rulebook", "rainbow_hand_limit": 1},
}
#: Ice Cream draw pile size by number of Artisans (CCP-3).
PILE_SIZE = {2: 52, 3: 72, 4: 92, 5: 112}


class _Base(SettingsBase):
    """What Combo Cone Paradise's settings derive from their values."""

    __slots__ = ()
    deck: str | None

    @property
    def components(self) -> Components:
        """The cards of this game (the shipped, assumed deck unless ``deck`` names a file)."""
        return load_components(self.deck)


def _load_deck(s: Any) -> None:
    """Load and check the deck file now, so a bad file is named when the game is set up."""
    s.components  # noqa: B018


KIT = SettingsKit(
    game="combo-cone",
    title="Combo Cone Paradise",
    players=(2, 5),
    players_rule="Combo Cone Paradise is for 2 to 5 Artisans (CCP-1)",
    settings=(
        Setting("first_player", "CCP-1", 0, "seat"),
        # The form offers the limits a table plays; the check allows any sensible one.
        Setting("rainbow_hand_limit", "CCPN-3", None, "int", low=0, high=10, optional=True,
                form_choices=(None, 1, 2, 3, 4)),
        Setting("deck", "CCP-2", None, "path", form=False,
                dump=lambda deck: load_components(deck).to_data()),
    ),
    rulesets=RULESETS,
    ruleset_rules=RULESET_RULES,
    check=_load_deck,
    base=_Base,
)
#: Every setting of a game (a frozen dataclass made by :data:`KIT`; named here so that
#: pickled settings are found again).
Settings = KIT.cls

__all__ = ["KIT", "Settings", "RULESETS", "RULESET_RULES", "PRESETS", "PILE_SIZE"]
