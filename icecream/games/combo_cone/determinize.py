"""Determinization: a full position consistent with what one seat can see (CCPN-7).

A seat does not see other hands (only their sizes), the order of the Ice Cream draw pile
and of the Order deck, nor the cards left in the box. Search bots and what-if tools
sample those unknowns: every Ice Cream card the seat cannot see is dealt at random into
the other hands, the draw pile and the box, in the numbers the view shows; the Rainbows
not in sight and not in their pile are in other hands; the unseen orders are shuffled
into the Order deck. The sample gets a fresh seed: the true one would reveal shuffles.

Only the view is read, never the true state:

>>> import random
>>> from icecream import new_game
>>> s = new_game("combo-cone", players=3, seed=5)
>>> d = Determinizer(s.view(0)).sample(random.Random(1))
>>> d.view(0).row == s.view(0).row and d.hands[0] == s.hands[0]
True
>>> d.check_invariants()
"""

from __future__ import annotations

import random
from typing import Any

from ...core.errors import ScenarioError
from ...core.protocol import FORMAT_VERSION
from ...core.view import seat_view
from .scenario import load_scenario
from .state import ComboConeState
from .view import ComboConeView

__all__ = ["Determinizer"]


class Determinizer:
    """Samples positions consistent with one seat's view; build once, sample many times.

    The known part is checked once through :func:`load_scenario`; each :meth:`sample`
    then only redeals the unknown cards on a copy.
    """

    def __init__(self, view: ComboConeView) -> None:
        me = seat_view(view, ComboConeView, "Determinizer needs a ComboConeView")
        self.view = view
        n = len(view.names)
        rainbow_ids = set(view.rainbow_ids)
        seen: set[int] = set(view.hands[me]) | set(view.row) | set(view.ice_cream_discard)
        for cs in view.cones:
            for st in cs:
                seen.update(st)
        n_cards = len(view.card_faces)
        self.pool = [c for c in range(n_cards) if c not in seen and c not in rainbow_ids]
        unseen_rainbows = [c for c in view.rainbow_ids if c not in seen]
        self.others = [p for p in range(n) if p != me]
        in_hands = sum(view.hand_sizes[p] for p in self.others)
        self.rainbows_in_hands = len(unseen_rainbows) - view.rainbow_pile
        self.unseen_rainbows = unseen_rainbows
        if self.rainbows_in_hands < 0 or self.rainbows_in_hands > in_hands:
            raise ScenarioError("the view's Rainbow counts do not add up (CCP-2)")
        if len(self.pool) != in_hands - self.rainbows_in_hands + view.pile_size + view.box_size:
            raise ScenarioError("the view's card counts do not add up (CCP-2, CCP-3)")
        seen_orders = set(view.order_row) | set(view.order_discard)
        for group in (*view.reserved, *view.filled):
            seen_orders.update(group)
        if view.pending_order is not None:
            seen_orders.add(view.pending_order)
        self.order_pool = [o for o in range(len(view.order_faces)) if o not in seen_orders]
        if len(self.order_pool) != view.order_deck_size:
            raise ScenarioError("the view's order counts do not add up (CCP-4)")
        self.template = self._build(random.Random(0))
        self.game = ComboConeState.game

    def _deal(self, rng: random.Random) -> tuple[list[list[int]], list[int], list[int],
                                                   list[int], list[int]]:
        v = self.view
        pool = self.pool[:]
        rng.shuffle(pool)
        slots = [p for p in self.others for _ in range(v.hand_sizes[p])]
        rng.shuffle(slots)
        hands: list[list[int]] = [[] for _ in v.names]
        rainbows = self.unseen_rainbows[:]
        for k, p in enumerate(slots):
            hands[p].append(rainbows.pop() if k < self.rainbows_in_hands else pool.pop())
        pile = pool[: v.pile_size]
        box = sorted(pool[v.pile_size:])
        orders = self.order_pool[:]
        rng.shuffle(orders)
        return hands, pile, box, orders, rainbows

    def _build(self, rng: random.Random) -> ComboConeState:
        v = self.view
        hands, pile, box, orders, _ = self._deal(rng)
        hands[v.seat] = list(v.hands[v.seat])
        settings = dict(v.settings)
        names = settings.pop("names")
        data: dict[str, Any] = {
            "game": "combo-cone", "format_version": FORMAT_VERSION, "players": names,
            "settings": settings, "seed": rng.randrange(2**31),
            "phase": v.phase, "to_act": v.to_act if v.to_act is not None else 0,
            "turn": v.turn, "final_turns_left": v.final_turns_left if v.last_round else None,
            "placements_left": v.placements_left, "pending_order": v.pending_order,
            "hands": hands, "cones": [[list(st) for st in cs] for cs in v.cones],
            "reserved": [list(r) for r in v.reserved], "filled": [list(f) for f in v.filled],
            "fills": list(v.fills), "row": list(v.row), "pile": list(reversed(pile)),
            "box": box, "ice_cream_discard": list(reversed(v.ice_cream_discard)),
            "order_row": list(v.order_row), "order_deck": list(reversed(orders)),
            "order_discard": list(reversed(v.order_discard)),
        }
        return load_scenario(data)

    def sample(self, rng: random.Random) -> ComboConeState:
        """A full state agreeing with the view, unknowns dealt by ``rng`` (a fresh seed)."""
        hands, pile, box, orders, rainbows = self._deal(rng)
        s = self.template.clone()
        me = self.view.seat
        for p in self.others:
            s.hands[p] = sorted(hands[p])
        s.hands[me] = list(self.template.hands[me])
        s.pile = pile
        s.box = box
        s.order_deck = orders
        s.rainbow_pile = sorted(rainbows)
        s.seed = rng.randrange(2**31)
        s._legal = None
        return s
