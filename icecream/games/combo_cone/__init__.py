"""Combo Cone Paradise (Mercat Games 2021): the engine, its rules, deck data and examples.

>>> from icecream import new_game
>>> s = new_game("combo-cone", players=4, seed=1, ruleset="review")
>>> s.settings.rainbow_hand_limit, len(s.pile) + len(s.row)
(3, 92)
"""

from __future__ import annotations

from ...core.protocol import GameSpec, register_game
from .actions import ACTION_KINDS, EndTurn, Fill, Place, Scoop, Secure, Serve, StopServing, TakeReward
from .components import BRANDS, FLAVOURS, Components, load_components, shipped_components
from .rules import RULES
from .scenario import load_scenario
from .settings import RULESET_RULES, RULESETS, Settings
from .state import PHASES, ComboConeState, new_state
from .view import ComboConeView

GAME = register_game(
    GameSpec(
        name="combo-cone",
        title="Combo Cone Paradise",
        min_players=2,
        max_players=5,
        action_kinds=ACTION_KINDS,
        rules=RULES,
        new_state=new_state,
        from_dict=load_scenario,
        from_scenario=load_scenario,
        rulesets=RULESETS,
        examples=lambda: {},
        flavour_codes=FLAVOURS,
        round_attr="round",
        round_label="ui.round",
        first_player_setting="first_player",
        ruleset_rules=RULESET_RULES,
        catalog_prefix="ccp",
    )
)
ComboConeState.game = GAME

__all__ = [
    "GAME", "RULES", "ComboConeState", "ComboConeView", "Settings", "RULESETS", "PHASES",
    "FLAVOURS", "BRANDS", "Components", "load_components", "shipped_components", "Scoop",
    "Secure", "Serve", "Place", "StopServing", "Fill", "TakeReward", "EndTurn", "new_state",
    "load_scenario",
]
