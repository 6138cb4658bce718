"""The heuristic bot: plays Ice Cream the way a sensible person does.

* Phase 1 (IC-5): swaps a delivery that adds no new flavour to its cards, keeps the rest.
* Phase 2 (IC-7): puts the turned scoop where it helps most: building a cone it can serve
  (counting its own face-down delivery, which it will hold in phase 3) and spoiling cones
  an opponent could serve with the cards it can see.
* Phase 3 (IC-9, IC-10): serves the biggest exact cone; with none, serves a close cone
  worth at least ``close_min`` scoops, else draws, else serves the best close cone.

>>> import icecream
>>> from icecream.bots import make_bot
>>> s = icecream.new_game("ice-cream", players=4, seed=9)
>>> make_bot("heuristic").choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

from typing import Any

from ..core.errors import SettingsError
from .base import Bot, register_bot
from .reading import held_mask, mask_of, scoring_scoops, serves_exactly


class HeuristicBot(Bot):
    """Rule-of-thumb play; ``close_min`` is the smallest close serve it prefers to a draw."""

    name = "heuristic"

    def __init__(self, seed: int | None = 0, close_min: int = 2, **options: Any) -> None:
        super().__init__(seed, **options)
        if isinstance(close_min, bool) or not isinstance(close_min, int) or close_min < 0:
            raise SettingsError(f"heuristic bot: close_min must be a whole number >= 0, "
                                f"not {close_min!r}")
        self.close_min = close_min

    def choose(self, view: Any) -> dict[str, Any]:
        legal = self.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "deliveries":
            return self._deliveries(view, legal)
        if view.phase == "cones":
            return self._pick(legal, [self._place_value(view, a) for a in legal])
        return self._serving(view, legal)

    def _pick(self, legal: list | tuple, values: list[float]) -> dict[str, Any]:
        top = max(values)
        best = [a for a, v in zip(legal, values, strict=True) if v == top]
        return best[int(self.rng.random() * len(best))]

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
            return self._pick(exact, [len(view.cones[a["cone"] - 1]) for a in exact])
        draw = [a for a in legal if a["type"] == "draw"]
        if serves:
            values = [scoring_scoops(view.cones[a["cone"] - 1], held) for a in serves]
            if max(values) >= self.close_min or not draw:
                return self._pick(serves, values)
        return draw[0]


register_bot("heuristic", HeuristicBot)
