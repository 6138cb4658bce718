"""How Ice Cream's greedy and heuristic bots choose: the game's policies for the generic
``greedy`` and ``heuristic`` bots of :mod:`icecream.bots`.

Each policy decides from a seat's view only (IC-6), never from the state.

* greedy: the serve that puts the most scoops on its cards now (IC-9, IC-10, IC-13); when
  nothing scores, a random legal action.
* heuristic: phase 1 (IC-5) swaps a delivery that adds no new flavour to its cards; phase 2
  (IC-7) puts the turned scoop where it helps most: building a cone it can serve (counting
  its own face-down delivery, which it will hold in phase 3) and spoiling cones only rivals
  could serve; phase 3 (IC-9, IC-10) serves the biggest exact cone, else a close cone worth
  at least ``close_min`` scoops, else draws, else serves the best close cone.

>>> import random, icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=4)
>>> Greedy(random.Random(0)).choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

import random
from typing import Any

from ...core.policy import Policy, count_option, pick_best
from .reading import held_mask, mask_of, scoring_scoops, serves_exactly


class Greedy(Policy):
    """Maximises immediate points: the serve that scores the most scoops (IC-9, IC-10)."""

    refusal = "greedy bot: Ice Cream takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        legal = view.legal_actions
        held = held_mask(view, view.seat, with_face_down=False)
        values = [scoring_scoops(view.cones[a["cone"] - 1], held) if a["type"] == "serve"
                  else 0 for a in legal]
        return pick_best(self.rng, legal, values)


class Heuristic(Policy):
    """Rule-of-thumb play; ``close_min`` is the smallest close serve it prefers to a draw."""

    refusal = "heuristic bot: Ice Cream takes no option(s)"

    def __init__(self, rng: random.Random, close_min: int = 2, **options: Any) -> None:
        super().__init__(rng, **options)
        self.close_min = count_option("heuristic bot", "close_min", close_min)

    def choose(self, view: Any) -> dict[str, Any]:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase == "deliveries":
            return self._deliveries(view, legal)
        if view.phase == "cones":
            return pick_best(self.rng, legal, [self._place_value(view, a) for a in legal])
        return self._serving(view, legal)

    def _deliveries(self, view: Any, legal) -> dict[str, Any]:
        me = view.seat
        dealt = view.face_down[me]
        kinds = {a["type"]: a for a in legal}
        if "swap" in kinds and dealt is not None and dealt in view.face_up[me]:
            return kinds["swap"]
        return kinds["keep"]

    def _place_value(self, view: Any, action: dict[str, Any]) -> float:
        me = view.seat
        scoop = view.turned_scoop
        mine = held_mask(view, me)
        others = [mask_of(view.face_up[q]) for q in range(len(view.names)) if q != me]
        old = () if action["cone"] is None else view.cones[action["cone"] - 1]
        new = (*old, scoop)

        def points(cone: tuple[int, ...]) -> float:
            # A bigger cone is worth a little more than its scoops: one serve scores it all.
            return len(cone) * (1.0 + 0.1 * len(cone))

        def worth(cone: tuple[int, ...]) -> float:
            if not cone:
                return 0.0
            v = points(cone) if serves_exactly(cone, mine) else 0.0
            rival = max((points(cone) for m in others if serves_exactly(cone, m)), default=0.0)
            return v - 0.75 * rival

        return worth(new) - worth(old)

    def _serving(self, view: Any, legal) -> dict[str, Any]:
        held = held_mask(view, view.seat, with_face_down=False)
        serves = [a for a in legal if a["type"] == "serve"]
        exact = [a for a in serves if serves_exactly(view.cones[a["cone"] - 1], held)]
        if exact:
            return pick_best(self.rng, exact, [len(view.cones[a["cone"] - 1]) for a in exact])
        draw = [a for a in legal if a["type"] == "draw"]
        if serves:
            values = [scoring_scoops(view.cones[a["cone"] - 1], held) for a in serves]
            if max(values) >= self.close_min or not draw:
                return pick_best(self.rng, serves, values)
        return draw[0]


POLICIES = {"greedy": Greedy, "heuristic": Heuristic}
