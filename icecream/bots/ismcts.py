"""The IS-MCTS bot: information-set Monte Carlo tree search over determinizations.

Each playout samples a position consistent with the bot's view (what the seat cannot see,
such as others' hands and deck orders, dealt at random by the game's ``determinizer``), walks
one shared tree of action sequences (single-observer IS-MCTS, Cowling, Powley and
Whitehouse 2012: UCB with availability counts, because which actions exist depends on
the sample), then plays random actions to the horizon and backs the result up. Every
player at a node picks for their own reward (max-n). The bot never sees the true state.

Settings: ``playouts`` (default 1000); ``time_limit`` in seconds (stop early when spent);
``exploration`` (UCB constant); ``horizon`` ``"round"`` (roll out to the end of the
game's current round, ``GameSpec.round_attr``, and score by the lead, fast) or
``"game"`` (to the end, score by winning);
``scale`` (points of lead worth most of a win, for ``"round"``).

>>> import icecream
>>> from icecream.bots import make_bot
>>> s = icecream.new_game(icecream.default_game(), players=3, seed=1)
>>> make_bot("ismcts", seed=0, playouts=50).choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core.errors import SettingsError
from ..core.protocol import get_game
from .base import Bot, register_bot

HORIZONS = ("round", "game")


class _Node:
    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self) -> None:
        self.children: dict = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class IsmctsBot(Bot):
    """Single-observer IS-MCTS from the seat's view; see the module docstring for settings."""

    name = "ismcts"

    def __init__(self, seed: int | None = 0, playouts: int = 1000,
                 time_limit: float | None = None, exploration: float = 0.7,
                 horizon: str = "round", scale: float = 4.0, **options: Any) -> None:
        super().__init__(seed, **options)
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise SettingsError(f"ismcts bot: playouts must be a whole number >= 1, "
                                f"not {playouts!r}")
        if time_limit is not None and (isinstance(time_limit, bool)
                                       or not isinstance(time_limit, int | float)
                                       or not time_limit > 0):
            raise SettingsError(f"ismcts bot: time_limit must be seconds > 0 or None, "
                                f"not {time_limit!r}")
        if isinstance(exploration, bool) or not isinstance(exploration, int | float) \
                or exploration < 0:
            raise SettingsError(f"ismcts bot: exploration must be a number >= 0, "
                                f"not {exploration!r}")
        if horizon not in HORIZONS:
            raise SettingsError(f"ismcts bot: horizon must be one of {HORIZONS}, "
                                f"not {horizon!r}")
        if isinstance(scale, bool) or not isinstance(scale, int | float) or not scale > 0:
            raise SettingsError(f"ismcts bot: scale must be a number > 0, not {scale!r}")
        self.playouts = playouts
        self.time_limit = time_limit
        self.exploration = float(exploration)
        self.horizon = horizon
        self.scale = float(scale)
        #: Playouts run by the last decision (for benchmarks).
        self.last_playouts = 0

    def prepare(self, game: str) -> Any:
        """Check that ``game`` has a determinizer (a :class:`SettingsError` if not): the
        bot samples the cards its seat cannot see."""
        spec = get_game(game)
        if spec.determinizer is None:
            raise SettingsError(f"the ismcts bot needs a determinizer, and {spec.title} "
                                "has none")
        return spec.determinizer

    def choose(self, view: Any) -> dict[str, Any]:
        legal = self.legal_actions(view)
        if len(legal) == 1:
            self.last_playouts = 0
            return legal[0]
        spec = get_game(view.game)
        self.prepare(view.game)
        self._round = spec.round_attr
        sampler = spec.determinizer(view)
        root = _Node()
        rng = self.rng
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.playouts:
            self._playout(root, sampler.sample(rng))
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_playouts = done
        parse = spec.parse_action
        best, best_visits = legal[0], -1
        for a in legal:  # the view's order, so ties go to the first listed
            node = root.children.get(parse(a))
            visits = node.visits if node is not None else 0
            if visits > best_visits:
                best, best_visits = a, visits
        return best

    def _playout(self, root: _Node, s: Any) -> None:
        rng = self.rng
        rand = rng.random
        c = self.exploration
        attr = self._round
        start = getattr(s, attr)
        by_round = self.horizon != "game"
        node = root
        path: list[tuple[_Node, int]] = []
        # Selection and expansion.
        while not s.is_over and not (by_round and getattr(s, attr) != start):
            legal = s.legal_actions()
            p = s.current_player
            kids = node.children
            fresh = [a for a in legal if a not in kids]
            for a in legal:
                k = kids.get(a)
                if k is not None:
                    k.avail += 1
            if fresh:
                a = fresh[int(rand() * len(fresh))]
                child = kids[a] = _Node()
                s.apply_in_place(a)
                path.append((child, p))
                break
            best_a = None
            best_v = -1.0
            for a in legal:
                k = kids[a]
                v = k.reward / k.visits + c * math.sqrt(math.log(k.avail) / k.visits)
                if v > best_v:
                    best_v, best_a = v, a
            node = kids[best_a]
            s.apply_in_place(best_a)
            path.append((node, p))
        # Rollout: uniformly random legal actions to the horizon.
        s.random_playout(rand, until=(lambda st: getattr(st, attr) != start) if by_round else None)
        rewards = self._rewards(s)
        for child, p in path:
            child.visits += 1
            child.reward += rewards[p]

    def _rewards(self, s: Any) -> list[float]:
        scores = s.scores
        if s.is_over:
            winners = s.winners
            share = 1.0 / len(winners)
            return [share if p in winners else 0.0 for p in range(len(scores))]
        out = []
        scale = self.scale
        for p, mine in enumerate(scores):
            rival = max(v for q, v in enumerate(scores) if q != p)
            out.append(0.5 + 0.5 * math.tanh((mine - rival) / scale))
        return out


register_bot("ismcts", IsmctsBot)
