"""Gelato Mio (Joao Quintela Martins, Art and Games 2019): the engine, its rules and examples.

>>> from icecream import new_game
>>> s = new_game("gelato-mio", players=3, seed=1, ruleset="review")
>>> s.settings.refill, s.phase
('every_spot', 'play')
"""

from __future__ import annotations

from ...core.kit import kit_game
from ...core.protocol import FormatChange
from .actions import ACTION_KINDS, Ask, Discard, MakeBall, Pass, ReturnBall, ServeCustomer, Take
from .components import CODES, load_customers
from .determinize import Determinizer
from .examples import EXAMPLES, Example
from .metrics import METRICS
from .policies import POLICIES
from .quiz import QUIZ_KINDS
from .records import count_action, result_columns
from .render import render_svg
from .rules import RULES
from .scenario import _FROM_VERSION_1, load_scenario, state_to_scenario
from .settings import KIT, RULESETS, Settings
from .state import PHASES, GelatoMioState, new_state
from .view import GelatoMioView, make_view

GAME = kit_game(
    KIT, GelatoMioState, load=load_scenario, view=make_view, save=state_to_scenario,
    examples=EXAMPLES, action_kinds=ACTION_KINDS, rules=RULES, new_state=new_state,
    # Message parameters name cards by kind; their words are ``flavour.gm.<code>``.
    flavour_codes=tuple(f"gm.{c}" for c in CODES),
    render_svg=render_svg, determinizer=Determinizer, policies=POLICIES,
    count_action=count_action, result_columns=result_columns, metrics=METRICS,
    # With the dot: the explorer reads "<prefix>phase.<phase>" (gm.phase.play).
    catalog_prefix="gm.",
    # Random players take thousands of decisions a game; the rollout bot plays one of
    # table length (within 25% of the heuristic's) at a few times its speed.
    rollout_policy="rollout",
    # A position has up to a hundred options (asks); a hint plays out the four the
    # heuristic ranks best (a serve, a ball it wants, its best takes), so each gets
    # about ten games within the page's 2 s on two cores.
    hint_options=4,
    tutorial_package=__name__, quiz_kinds=QUIZ_KINDS, catalog_package=f"{__name__}.i18n",
    # Version 1 listed some piles top card last; turning them over reads and writes it.
    older_formats={1: FormatChange(_FROM_VERSION_1, _FROM_VERSION_1)},
    # Uniformly random players take thousands of decisions a game (table length is
    # about 50 rounds for three), so random play from any position may take this many.
    step_limit=60000,
)

__all__ = [
    "GAME", "KIT", "RULES", "EXAMPLES", "Example", "GelatoMioState", "GelatoMioView", "Settings",
    "RULESETS", "PHASES", "Take", "MakeBall", "ServeCustomer", "Ask", "Pass", "Discard",
    "ReturnBall", "new_state", "load_scenario", "load_customers", "render_svg", "Determinizer",
]
