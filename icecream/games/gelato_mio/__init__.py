"""Gelato Mio (Joao Quintela Martins, Art and Games 2019): the engine, its rules and examples.

>>> from icecream import new_game
>>> s = new_game("gelato-mio", players=3, seed=1, ruleset="review")
>>> s.settings.refill, s.phase
('every_spot', 'play')
"""

from __future__ import annotations

from ...core.protocol import GameSpec, register_game
from .actions import ACTION_KINDS, Ask, Discard, MakeBall, Pass, ReturnBall, ServeCustomer, Take
from .components import CODES, load_customers
from .determinize import Determinizer
from .examples import EXAMPLES, Example
from .metrics import METRICS
from .policies import POLICIES
from .records import count_action, result_columns
from .render import render_svg
from .rules import RULES
from .scenario import load_scenario, state_to_scenario
from .settings import KIT, RULESET_RULES, RULESETS, Settings
from .state import PHASES, GelatoMioState, new_state
from .view import GelatoMioView, make_view

GAME = register_game(
    GameSpec(
        name="gelato-mio",
        title="Gelato Mio",
        min_players=2,
        max_players=4,
        action_kinds=ACTION_KINDS,
        rules=RULES,
        new_state=new_state,
        from_dict=load_scenario,
        from_scenario=load_scenario,
        rulesets=RULESETS,
        examples=lambda: EXAMPLES,
        # Message parameters name cards by kind; their words are ``flavour.gm.<code>``.
        flavour_codes=tuple(f"gm.{c}" for c in CODES),
        render_svg=render_svg,
        determinizer=Determinizer,
        policies=POLICIES,
        round_attr="round",
        round_label="ui.round",
        first_player_setting="first_player",
        settings_form=KIT.form(),
        setting_rules=KIT.rules(),
        ruleset_rules=RULESET_RULES,
        count_action=count_action,
        result_columns=result_columns,
        metrics=METRICS,
        # With the dot: the explorer reads "<prefix>phase.<phase>" (gm.phase.play).
        catalog_prefix="gm.",
        tutorial_package=__name__,
        # Random players take thousands of decisions a game; the heuristic plays one of
        # table length (about 50 rounds for three), so rollouts end in time.
        rollout_policy="heuristic",
    )
)
GelatoMioState.game = GAME
# The state's view and save come from modules that import the state module (no cycle).
GelatoMioState.make_view = make_view  # type: ignore[assignment]
GelatoMioState.to_scenario = state_to_scenario  # type: ignore[assignment]

__all__ = [
    "GAME", "KIT", "RULES", "EXAMPLES", "Example", "GelatoMioState", "GelatoMioView", "Settings",
    "RULESETS", "PHASES", "Take", "MakeBall", "ServeCustomer", "Ask", "Pass", "Discard",
    "ReturnBall", "new_state", "load_scenario", "load_customers", "render_svg", "Determinizer",
]
