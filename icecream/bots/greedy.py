"""The greedy bot: the action with the most points right now, ties broken at random.

Only serving scores at once (IC-13 counts the scoops served on a player's cards), so in
phase 3 the greedy bot serves the cone that puts the most scoops on its cards; in the
other phases, and when nothing scores, it picks at random.

>>> import icecream
>>> from icecream.bots import make_bot
>>> s = icecream.new_game("ice-cream", players=3, seed=4)
>>> make_bot("greedy", seed=0).choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

from typing import Any

from .base import Bot, register_bot
from .reading import held_mask, scoring_scoops


class GreedyBot(Bot):
    """Maximises immediate points: the serve that scores the most scoops (IC-9, IC-10)."""

    name = "greedy"

    def choose(self, view: Any) -> dict[str, Any]:
        legal = self.legal_actions(view)
        held = held_mask(view, view.seat, with_face_down=False)
        best: list[dict[str, Any]] = []
        top = -1
        for a in legal:
            pts = scoring_scoops(view.cones[a["cone"] - 1], held) if a["type"] == "serve" else 0
            if pts > top:
                top, best = pts, [a]
            elif pts == top:
                best.append(a)
        return best[int(self.rng.random() * len(best))]


register_bot("greedy", GreedyBot)
