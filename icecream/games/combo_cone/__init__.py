"""Combo Cone Paradise (Mercat Games 2021): the engine, its rules, deck data and examples.

The card faces are not printed in the rulebook: the shipped deck is the *assumed* one of
rulings CCP-2 and CCP-4 (``data/deck.json``, ``data/orders.json``); the ``deck`` setting
loads another deck file.

>>> from icecream import new_game
>>> s = new_game("combo-cone", players=4, seed=1, ruleset="review")
>>> s.settings.rainbow_hand_limit, len(s.pile) + len(s.row)
(3, 92)
"""

from __future__ import annotations

from ...core.protocol import GameSpec, register_game
from .actions import (
    ACTION_KINDS,
    EndTurn,
    Fill,
    Place,
    Scoop,
    Secure,
    Serve,
    StopServing,
    TakeReward,
)
from .components import BRANDS, FLAVOURS, Components, load_components, shipped_components
from .determinize import Determinizer
from .examples import EXAMPLES, Example
from .policies import POLICIES
from .records import METRICS, count_action, result_columns
from .render import render_svg
from .rules import RULES
from .scenario import load_scenario, state_to_scenario
from .settings import KIT, PRESETS, RULESET_RULES, RULESETS, Settings
from .state import HOOKS, PHASES, ComboConeState, new_state
from .view import ComboConeView, make_view
from .words import action_words

# The state's view and save live in modules that import the state (no import cycle).
HOOKS.update(view=make_view, to_dict=state_to_scenario)

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
        examples=lambda: EXAMPLES,
        flavour_codes=FLAVOURS,
        render_svg=render_svg,
        determinizer=Determinizer,
        policies=POLICIES,
        round_attr="round",
        round_label="ui.round",
        first_player_setting="first_player",
        # The new-game form (labels ``setting.combo-cone.<name>[.<choice>]``) and the
        # setting -> rule map follow from the settings' one declaration.
        settings_form=KIT.form(),
        setting_rules=KIT.rules(),
        ruleset_rules=RULESET_RULES,
        count_action=count_action,
        result_columns=result_columns,
        metrics=METRICS,
        catalog_prefix="ccp",
        tutorial_package=__name__,
        presets=PRESETS,
        action_words=action_words,
    )
)
ComboConeState.game = GAME

__all__ = [
    "GAME", "RULES", "EXAMPLES", "Example", "ComboConeState", "ComboConeView", "Settings",
    "RULESETS", "PHASES", "FLAVOURS", "BRANDS", "Components", "load_components",
    "shipped_components", "Scoop", "Secure", "Serve", "Place", "StopServing", "Fill",
    "TakeReward", "EndTurn", "new_state", "load_scenario", "render_svg",
]
