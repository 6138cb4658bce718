"""Tub: a whole game on the kit in a few dozen lines, the model for adding a game
(docs/protocol.md; ``python -m icecream new-game NAME`` writes a copy under a new name).

The rules (each an id the engine cites):

* **TUB-1 Players.** 2 to 4 players; turns go round the table, starting with the first
  player (the ``first_player`` setting).
* **TUB-2 The tub.** A tub of scoops (9 to 30, 15 by default) of vanilla, chocolate and
  strawberry, shuffled by the seed. Everyone sees the top scoop and how many are left.
* **TUB-3 A turn.** Take 1 to 3 scoops from the top (the ``most`` setting), never more
  than are left.
* **TUB-4 Points.** A scoop scores 1, a chocolate one 2; whoever takes the last scoop
  scores 3 more. Then the game is over: most points wins, a tie is shared.

It is registered as a plug-in, through the ``icecream.games`` entry-point group of its
installed distribution, like any other package's game; every generic feature (play
widget, command line, what-if, quiz, lesson, tutorial, save and load) serves it with
nothing else written, and ``python -m icecream check tub`` finds nothing missing.

>>> import icecream
>>> s = icecream.new_game("tub", players=2, seed=1)
>>> [a.count for a in s.legal_actions()], s.phase
([1, 2, 3], 'taking')
"""

from __future__ import annotations

from icecream.core.examples import load_examples
from icecream.core.kit import kit_game
from icecream.core.protocol import MetricSpec
from icecream.core.rules import Rule, RuleBook

from .render import render_svg
from .state import ACTION_KINDS, FLAVOURS, KIT, TubState, load_scenario, new_state
from .view import Determinizer, make_view, state_to_scenario

RULES = RuleBook("tub", [Rule(f"TUB-{k}", "rulebook") for k in range(1, 5)])

# Name, title, players, rulesets and the new-game form come from the settings kit.
GAME = kit_game(
    KIT, TubState, load=load_scenario, view=make_view, save=state_to_scenario,
    action_kinds=ACTION_KINDS, rules=RULES,
    new_state=new_state,
    examples=lambda: load_examples(__name__, ("last_scoop",), "tub.example", load_scenario),
    flavour_codes=tuple(f"tub.{f}" for f in FLAVOURS), render_svg=render_svg,
    determinizer=Determinizer, catalog_prefix="tub.", catalog_package=f"{__name__}.i18n",
    tutorial_package=__name__,
    metrics=(MetricSpec("tub_bonus_share", "points_share", ("points_bonus",),
                        ("points_scoops", "points_bonus"), text="tub.metric.bonus_share"),),
    result_columns=lambda s, seat: {"points_scoops": s.points[seat] - s.bonus[seat],
                                    "points_bonus": s.bonus[seat]},
)
