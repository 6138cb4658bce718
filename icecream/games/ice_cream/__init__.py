"""Ice Cream (Joe Huber, Face 2 Face Games, 2004): the engine, its rules and examples.

>>> from icecream import new_game
>>> s = new_game("ice-cream", players=4, seed=1, ruleset="ijs")
>>> s.settings.close
'flavour'
"""

from __future__ import annotations

from ...core.kit import kit_game
from ...core.protocol import FormatChange
from .actions import ACTION_KINDS, Draw, Keep, Place, Serve, Swap
from .components import FLAVOURS, INITIALS
from .determinize import Determinizer
from .examples import EXAMPLES, Example
from .metrics import METRICS
from .policies import POLICIES
from .quiz import QUIZ_KINDS
from .records import count_action, result_columns
from .render import render_scoring, render_svg
from .rules import RULES
from .scenario import _FROM_VERSION_1, load_scenario, state_to_scenario
from .settings import KIT, PRESETS, RULESETS, Settings
from .state import PHASE_NAMES, PHASES, IceCreamState, new_state
from .view import IceCreamView, make_view

GAME = kit_game(
    KIT, IceCreamState, load=load_scenario, view=make_view, save=state_to_scenario,
    examples=EXAMPLES, action_kinds=ACTION_KINDS, rules=RULES, new_state=new_state,
    flavour_codes=FLAVOURS, quiz_kinds=QUIZ_KINDS, render_svg=render_svg,
    determinizer=Determinizer, policies=POLICIES, rollout_policy="rollout",
    # Ice Cream's rounds are days, each scored at its end.
    round_attr="day", round_label="ui.day_n", pause_after_round=True,
    # The table shows a scored day until Continue; the next day's deal opens with its
    # "day" event (issue 21).
    round_start_event="ic.event.day", render_scoring=render_scoring,
    first_player_setting="first_dealer", count_action=count_action,
    result_columns=result_columns, metrics=METRICS, presets=PRESETS, catalog_prefix="ic.",
    tutorial_package=__name__, catalog_package=f"{__name__}.i18n",
    # Version 1 listed some piles top card last; turning them over reads and writes it.
    older_formats={1: FormatChange(_FROM_VERSION_1, _FROM_VERSION_1)},
    default=True, min_rulebook_players=3, house_variant_rule="IC-1",
)

__all__ = [
    "GAME", "RULES", "EXAMPLES", "Example", "IceCreamState", "IceCreamView", "Settings",
    "RULESETS", "PHASES", "PHASE_NAMES", "FLAVOURS", "INITIALS", "Keep", "Swap", "Place",
    "Serve", "Draw", "new_state", "load_scenario",
]
