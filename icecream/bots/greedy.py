"""The greedy, heuristic and rollout bots: each plays its game's policy of the same name.

What "the most points now" (greedy) or "what a sensible player does" (heuristic) means
depends on the rules, so each game supplies the choice as a policy in
``GameSpec.policies``; the bot looks it up by the game named in the view it is given.
Policies decide from the view only, like every bot.

>>> import icecream
>>> from icecream.bots import make_bot
>>> s = icecream.new_game("ice-cream", players=3, seed=4)
>>> make_bot("greedy", seed=0).choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

import random
from typing import Any

from ..core.errors import SettingsError
from ..core.protocol import get_game
from .base import Bot, register_bot


class PolicyBot(Bot):
    """A bot whose choices come from the game's policy named like the bot.

    ``options`` go to the policy (e.g. Ice Cream's heuristic ``close_min``); they are
    checked when the bot first meets a game, or up front with :meth:`prepare`.
    """

    def __init__(self, seed: int | None = 0, **options: Any) -> None:
        self.rng = random.Random(seed)
        self.options = dict(options)
        self._policies: dict[str, Any] = {}

    def prepare(self, game: str) -> Any:
        """The policy for ``game`` (made once); :class:`SettingsError` for bad options or
        a game without this kind of bot."""
        policy = self._policies.get(game)
        if policy is None:
            spec = get_game(game)
            factory = spec.policies.get(self.name)
            if factory is None:
                bots = ["random", "ismcts", *sorted(spec.policies)]
                words = ", ".join(bots[:-1]) + f" and {bots[-1]}"
                raise SettingsError(f"{spec.title} has no {self.name} bot (a game's own "
                                    f"policies are optional); its bots are {words}")
            policy = self._policies[game] = factory(self.rng, **self.options)
        return policy

    def choose(self, view: Any) -> dict[str, Any]:
        self.legal_actions(view)
        return self.prepare(view.game).choose(view)


class GreedyBot(PolicyBot):
    """Takes the most points right now (the game's ``greedy`` policy)."""

    name = "greedy"


class HeuristicBot(PolicyBot):
    """Plays rules of thumb (the game's ``heuristic`` policy)."""

    name = "heuristic"


class RolloutBot(PolicyBot):
    """Plays a few cheap rules of thumb (the game's ``rollout`` policy), made for the games
    that hints and what-ifs play out: about as long as a table's games, at a good share
    of a random move's speed.

    In a playout (:func:`~icecream.bots.base.decide`) it calls the policy's
    ``choose_state(state, seat)`` when the policy has one: it reads from the state only
    what ``seat``'s view shows (a playout's state is a determinized sample anyway), so
    no view is built; each game's tests check it decides the same on every state the seat
    sees alike, and as ``choose(view)`` does.
    """

    name = "rollout"
    plays_from_state = True

    def choose_in_playout(self, state: Any, seat: int) -> Any:
        policy = self.prepare(state.game.name)
        choose_state = getattr(policy, "choose_state", None)
        if choose_state is None:
            return policy.choose(state.view(seat))
        return choose_state(state, seat)


register_bot("greedy", GreedyBot)
register_bot("heuristic", HeuristicBot)
register_bot("rollout", RolloutBot)
