"""Combo Cone Paradise (Mercat Games 2021): the engine, its rules, deck data and examples.

The card faces are not printed in the rulebook: the shipped deck is the *assumed* one of
rulings CCP-2 and CCP-4 (``data/deck.json``, ``data/orders.json``); the ``deck`` setting
loads another deck file.

>>> from icecream import new_game
>>> s = new_game("combo-cone", players=4, seed=1, ruleset="review")
>>> s.settings.rainbow_hand_limit, len(s.pile) + len(s.row)
(3, 92)

The action kinds (``Scoop``, ``Secure``, ``Serve``...) are in :mod:`.actions`.
"""

from __future__ import annotations

from ...core.kit import kit_game
from ...core.protocol import FormatChange
from . import actions
from .actions import ACTION_KINDS
from .components import BRANDS, FLAVOURS, Components, load_components, shipped_components
from .determinize import Determinizer
from .examples import EXAMPLES, Example
from .policies import POLICIES
from .quiz import QUIZ_KINDS
from .records import METRICS, count_action, result_columns
from .render import render_svg
from .rules import RULES
from .scenario import _FROM_VERSION_1, load_scenario, state_to_scenario
from .settings import KIT, PRESETS, RULESETS, Settings
from .state import PHASES, ComboConeState, new_state
from .view import ComboConeView, make_view
from .words import action_words

# The name, players, rulesets and the new-game form (labels
# ``setting.combo-cone.<name>[.<choice>]``) follow from the settings' one declaration.
GAME = kit_game(
    KIT, ComboConeState, load=load_scenario, view=make_view, save=state_to_scenario,
    examples=EXAMPLES, action_kinds=ACTION_KINDS, rules=RULES, new_state=new_state,
    flavour_codes=FLAVOURS, render_svg=render_svg, determinizer=Determinizer,
    policies=POLICIES, count_action=count_action, result_columns=result_columns,
    rollout_policy="rollout",
    metrics=METRICS, catalog_prefix="ccp", presets=PRESETS, action_words=action_words,
    tutorial_package=__name__, quiz_kinds=QUIZ_KINDS, catalog_package=f"{__name__}.i18n",
    # Version 1 listed some piles top card last; turning them over reads and writes it.
    older_formats={1: FormatChange(_FROM_VERSION_1, _FROM_VERSION_1)},
)

__all__ = [
    "GAME", "RULES", "EXAMPLES", "Example", "ComboConeState", "ComboConeView", "Settings",
    "RULESETS", "PHASES", "FLAVOURS", "BRANDS", "Components", "load_components",
    "shipped_components", "actions", "new_state", "load_scenario", "render_svg",
]
