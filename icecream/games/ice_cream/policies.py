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
* rollout: the heuristic's rules in bit masks, for the games hints and what-ifs play out
  (a few times faster than the heuristic); in a playout it reads the state itself
  (:meth:`Rollout.choose_state`), only what the seat's view shows.

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
from .state import PHASE_NAMES


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


class Rollout(Policy):
    """The heuristic's rules of thumb on bit masks of flavours, made for rollouts.

    Phase 1 (IC-5) swaps a delivery whose flavour it already holds face up; phase 2 (IC-7)
    puts the turned scoop where the cones it could serve (its face-down delivery counted)
    gain most, less three quarters of what each rival could serve; phase 3 (IC-9, IC-10)
    serves the biggest exact cone, else a close cone worth at least 2 scoops, else draws.
    ``choose(view)`` and ``choose_state(state, seat)`` read the same facts (every face-up
    card, the cones, the turned scoop, the seat's own face-down card: IC-6) and draw the
    generator alike, so they choose the same.
    """

    refusal = "rollout bot: Ice Cream takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        """The plain action to play, chosen from ``view.legal_actions`` only."""
        legal = self.legal(view)
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        return legal[self._pick(view.phase, me, view.face_up, view.face_down[me], view.cones,
                                view.turned_scoop, [a["type"] for a in legal],
                                [a.get("cone") for a in legal])]

    def choose_state(self, state: Any, seat: int) -> Any:
        """:meth:`choose` for ``seat`` in a playout's ``state``, reading only what
        ``state.view(seat)`` shows, without building it; an action of ``legal_actions()``."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        down = state.hidden[seat]
        return legal[self._pick(PHASE_NAMES[state._phase], seat, state._cards,
                                down if down >= 0 else None, state._cones,
                                state.turned_scoop, [a.type for a in legal],
                                [getattr(a, "cone", None) for a in legal])]

    def _pick(self, phase: str, me: int, face_up: Any, down: int | None, cones: Any,
              scoop: int | None, types: list[str], targets: list[Any]) -> int:
        """The index of the chosen option among ``types`` (with their ``targets`` cones)."""
        if phase == "deliveries":
            return types.index("swap") if "swap" in types and down in face_up[me] else \
                types.index("keep")
        if phase == "cones":
            return _best(self.rng, _place_values(me, face_up, down, cones, scoop, targets))
        held = mask_of(face_up[me])
        # serving (IC-9, IC-10): the options are the exact cones, or close cones and a draw
        values = []
        for t, c in zip(types, targets, strict=True):
            if t != "serve":
                values.append(-1.0)
                continue
            m = mask_of(cones[c - 1])
            if m & ~held == 0:  # exact: worth far more than any close serve
                values.append(100.0 + len(cones[c - 1]))
            else:
                values.append(float(sum(1 for f in cones[c - 1] if held >> f & 1)))
        if "draw" in types and max(values) < 2:
            return types.index("draw")
        return _best(self.rng, values)


def _place_values(me: int, face_up: Any, down: int | None, cones: Any, scoop: int,
                  targets: list[Any]) -> list[float]:
    """Each placement's gain (IC-7): a cone's points (a bigger cone a little more than its
    scoops, one serve scores it all) when this seat could serve it exactly (its face-down
    delivery counted), less three quarters of them when a rival could (IC-9); the gain is
    the cone's worth after the scoop less its worth before."""
    mine = mask_of(face_up[me])
    if down is not None:
        mine |= 1 << down
    rivals = [mask_of(face_up[q]) for q in range(len(face_up)) if q != me]
    bit = 1 << scoop
    values = []
    for c in targets:
        m = size = 0
        if c is not None:
            for f in cones[c - 1]:
                m |= 1 << f
                size += 1
        new = m | bit
        points = (size + 1) * (1.1 + 0.1 * size)
        value = points if new & ~mine == 0 else 0.0
        for r in rivals:
            if new & ~r == 0:
                value -= 0.75 * points
                break
        if size:
            points = size * (1.0 + 0.1 * size)
            if m & ~mine == 0:
                value -= points
            for r in rivals:
                if m & ~r == 0:
                    value += 0.75 * points
                    break
        values.append(value)
    return values


def _best(rng: random.Random, values: list[float]) -> int:
    """The index of the highest value; among equals, one ``rng.random()`` draw picks."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v == top]
    return best[int(rng.random() * len(best))]


POLICIES = {"greedy": Greedy, "heuristic": Heuristic, "rollout": Rollout}
