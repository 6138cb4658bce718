"""How Combo Cone Paradise's greedy and heuristic bots choose (``GameSpec.policies``).

Both decide from a seat's view only (CCPN-7), never from the state.

* greedy: the most coins right now: the fill worth most (CCP-9), the coins over an
  alternative reward (CCP-10); otherwise a random legal action.
* heuristic: plays toward orders. Each cone is measured against the orders it could still
  become (its flavours a part of the order's, CCP-9); it serves when its hand can
  complete a cone this turn, scoops the cards its cones still need (CCP-6), secures an
  order (and a Rainbow, CCP-7) when the row offers nothing useful, places only cards that
  keep a cone on its way to an order and prefers combos (CCP-8), fills the most valuable
  order, and takes a Cone instead of coins while the game is young (CCP-10).

>>> import random, icecream
>>> s = icecream.new_game("combo-cone", players=3, seed=4)
>>> Heuristic(random.Random(0)).choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.policy import Policy, count_option, pick_best
from .components import FLAVOURS


def _flavour(view: Any, card: int) -> int:
    """A card's flavour index; -1 for a Rainbow."""
    face = view.card_faces[card]
    return -1 if face[0] == "rainbow" else FLAVOURS.index(face[0])


def _order_flavours(view: Any, order: int) -> Counter:
    return Counter(FLAVOURS.index(f) for f in view.order_faces[order]["flavours"])


def _missing(view: Any, stack: list[int] | tuple[int, ...], order: int) -> Counter | None:
    """The flavours ``stack`` still needs to fill ``order`` (Rainbows as wild cards, counted
    under -1), or ``None`` when it can never fill it (CCP-9)."""
    want = _order_flavours(view, order)
    height = sum(want.values())
    if len(stack) > height:
        return None
    wild = 0
    for c in stack:
        f = _flavour(view, c)
        if f < 0:
            wild += 1
        elif want[f] > 0:
            want[f] -= 1
        else:
            return None
    need = +want
    if wild:  # the Rainbows cover any ``wild`` of what is left; count the rest as needed
        todo = sum(need.values()) - wild
        if todo < 0:
            return None
        out: Counter = Counter()
        for f, k in sorted(need.items()):
            take = min(k, todo)
            if take:
                out[f] = take
                todo -= take
        return out
    return need


class Greedy(Policy):
    """The most coins now: the best fill, coins over rewards; else at random."""

    refusal = "greedy bot: Combo Cone Paradise takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        """The plain action to play, chosen from ``view.legal_actions`` only."""
        legal = view.legal_actions
        values = []
        for a in legal:
            if a["type"] == "fill":
                values.append(view.order_faces[a["order"]]["coins"] + 1)
            elif a["type"] == "take_reward" and a["kind"] == "coins":
                values.append(1)
            else:
                values.append(0)
        return pick_best(self.rng, legal, values)


class Heuristic(Policy):
    """Plays toward orders; ``cone_until`` is the draw-pile size down to which it prefers a
    Cone to coins (CCP-10)."""

    refusal = "heuristic bot: Combo Cone Paradise takes no option(s)"

    def __init__(self, rng: random.Random, cone_until: int = 30, **options: Any) -> None:
        super().__init__(rng, **options)
        self.cone_until = count_option("heuristic bot", "cone_until", cone_until)

    # -- reading the view -----------------------------------------------------------------
    def _orders(self, view: Any) -> list[int]:
        return list(view.order_row) + list(view.reserved[view.seat])

    def _cone_value(self, view: Any, stack: list[int] | tuple[int, ...]) -> float:
        """How promising a stack is: the best order it can still become, by coins and by
        how much of it is done; -1 for a stack no available order fits."""
        if not stack:
            return 0.0
        best = -1.0
        for o in self._orders(view):
            need = _missing(view, stack, o)
            if need is None:
                continue
            coins = view.order_faces[o]["coins"]
            height = len(view.order_faces[o]["flavours"])
            done = len(stack) / height
            value = coins * done * done + (2.0 if not need else 0.0)
            best = max(best, value)
        return best

    def _needs(self, view: Any) -> Counter:
        """Flavours the cones still need, toward each cone's best order, less the hand."""
        me = view.seat
        total: Counter = Counter()
        orders = self._orders(view)
        for stack in view.cones[me]:
            best = None
            for o in orders:
                need = _missing(view, stack, o)
                if need is None:
                    continue
                score = view.order_faces[o]["coins"] / (1 + sum(need.values()))
                if best is None or score > best[0]:
                    best = (score, need)
            if best is not None:
                total += best[1]
        hand = Counter(_flavour(view, c) for c in view.hands[me])
        return total - hand

    def _can_complete(self, view: Any) -> bool:
        """Some cone can be completed from the hand with the placements of one Serve."""
        me = view.seat
        hand = Counter(_flavour(view, c) for c in view.hands[me])
        budget = len(view.cones[me])
        for stack in view.cones[me]:
            for o in self._orders(view):
                need = _missing(view, stack, o)
                if need is None or not need and stack:
                    continue
                short = sum(max(0, k - hand[f]) for f, k in need.items())
                if short <= hand[-1] and sum(need.values()) <= budget:
                    return True
        return False

    # -- choosing ---------------------------------------------------------------------------
    def choose(self, view: Any) -> dict[str, Any]:
        """The plain action to play, chosen from ``view.legal_actions`` only."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "filling":
            return pick_best(self.rng, legal, [view.order_faces[a["order"]]["coins"]
                                           if a["type"] == "fill" else -1 for a in legal])
        if phase == "reward":
            return self._reward(view, legal)
        if phase == "serving":
            return self._serving(view, legal)
        return self._main(view, legal)

    def _reward(self, view: Any, legal) -> dict[str, Any]:
        kinds = {a["kind"] for a in legal}
        if "cone" in kinds and view.pile_size >= self.cone_until:
            return next(a for a in legal if a["kind"] == "cone")
        if "cards" in kinds and view.pile_size >= self.cone_until:
            needs = self._needs(view)
            values = []
            for a in legal:
                if a["kind"] != "cards":
                    values.append(1.5)
                    continue
                got = sum(1 for i in a["cards"] if needs[_flavour(view, view.row[i])] > 0)
                values.append(got + 0.4 * a["pile"])
            return pick_best(self.rng, legal, values)
        return next(a for a in legal if a["kind"] == "coins")

    def _serving(self, view: Any, legal) -> dict[str, Any]:
        me = view.seat
        cones = view.cones[me]
        values = []
        for a in legal:
            if a["type"] != "place":
                values.append(0.0)
                continue
            stack = cones[a["cone"]]
            new = (*stack, a["card"])
            gain = self._cone_value(view, new) - self._cone_value(view, stack)
            if stack and new and self._combo(view, stack[-1], a["card"]):
                gain += 0.5
            if self._cone_value(view, new) < 0:
                gain = -10.0
            values.append(gain)
        return pick_best(self.rng, legal, values)

    @staticmethod
    def _combo(view: Any, below: int, top: int) -> bool:
        b, t = view.card_faces[below], view.card_faces[top]
        return b[0] == "rainbow" or t[0] == "rainbow" or b[2] == t[1]

    def _main(self, view: Any, legal) -> dict[str, Any]:
        if view.hands[view.seat] and self._can_complete(view):
            return {"type": "serve"}
        needs = self._needs(view)
        scoops = [a for a in legal if a["type"] == "scoop"]
        best_scoop, best_value = None, 0.0
        for a in scoops:
            want = needs.copy()
            value = 0.0
            for i in a["cards"]:
                f = _flavour(view, view.row[i])
                if want[f] > 0:
                    want[f] -= 1
                    value += 1.0
            value += 0.05 * len(a["cards"])
            if value > best_value:
                best_value, best_scoop = value, a
        if best_scoop is not None and best_value >= 1.0:
            return best_scoop
        secures = [a for a in legal if a["type"] == "secure"]
        if secures and view.rainbow_pile:
            hand = Counter(_flavour(view, c) for c in view.hands[view.seat])
            values = []
            for a in secures:
                if a["order"] == "deck":
                    values.append(0.5)
                    continue
                o = view.order_row[a["order"]]
                want = _order_flavours(view, o)
                have = sum(min(k, hand[f]) for f, k in want.items())
                values.append(view.order_faces[o]["coins"] * (1 + have) / (1 + sum(want.values())))
            return pick_best(self.rng, secures, values)
        if self._placeable(view):
            return {"type": "serve"}
        if best_scoop is not None:
            return best_scoop
        return legal[int(self.rng.random() * len(legal))]

    def _placeable(self, view: Any) -> bool:
        me = view.seat
        for stack in view.cones[me]:
            base = self._cone_value(view, stack)
            for c in view.hands[me]:
                if self._cone_value(view, (*stack, c)) > max(base, 0.0):
                    return True
        return False


POLICIES = {"greedy": Greedy, "heuristic": Heuristic}
