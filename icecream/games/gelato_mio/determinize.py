"""Determinization: a full Gelato Mio position consistent with what one seat can see.

A seat does not see the other hands (only their sizes), the deck order, nor the
customers under the pile tops. A sample deals every ingredient card the seat cannot
place (the 40 of GM-2 less its own hand, the display, the face-up discard pile and the
cards spent on served customers) at random into the other hands and the deck, in the
sizes the view shows, and the unseen customers under the pile tops. The sample gets a
fresh random seed, because the true seed would reveal future shuffles and steals.

Only the view is read, never the true state:

>>> import random
>>> from icecream import new_game
>>> s = new_game("gelato-mio", players=3, seed=5).apply({"type": "take", "row": 0, "col": 0})
>>> d = Determinizer(s.view(1)).sample(random.Random(1))
>>> d.view(1).hands == s.view(1).hands and d.view(1).display == s.view(1).display
True
>>> d.check_invariants()
"""

from __future__ import annotations

import random
from typing import Any

from ...core.errors import ScenarioError
from ...core.protocol import FORMAT_VERSION
from ...core.view import seat_view
from .components import CODES, DECK_COUNTS, HAND_KINDS, KIND_OF
from .scenario import load_scenario
from .state import GelatoMioState
from .view import SHOWN_NUMBERS, GelatoMioView

__all__ = ["Determinizer"]


class Determinizer:
    """Samples positions consistent with one seat's view; build once, sample many times."""

    def __init__(self, view: GelatoMioView) -> None:
        me = seat_view(view, GelatoMioView, "Determinizer needs a GelatoMioView")
        self.view = view
        count = list(DECK_COUNTS)
        seen: list[str] = list(view.hands[me] or ())
        seen += [c for row in view.display for c in row if c is not None]
        seen += list(view.discard)
        for ids in view.served:
            for cid in ids:
                seen += view.recipes[cid]["cards"]
        for code in seen:
            count[KIND_OF[code]] -= 1
        if min(count) < 0:
            raise ScenarioError("the view shows more cards than the deck has (GM-2)")
        self.unknown_cards = tuple(k for k in range(len(CODES)) for _ in range(count[k]))
        self.others = tuple(p for p in range(len(view.names)) if p != me)
        if sum(view.hand_sizes[p] for p in self.others) + view.deck_size != len(
                self.unknown_cards):
            raise ScenarioError("the view's card counts do not add up to the deck (GM-2)")
        known = {cid for ids in view.served for cid in ids} | {
            c for c in view.pile_tops if c is not None}
        self.unknown_customers = tuple(c for c in view.recipes if c not in known)
        settings = dict(view.settings)
        qc = view.quality_control
        pool = list(self.unknown_customers)
        self._template = load_scenario({
            "format_version": FORMAT_VERSION,
            "players": list(view.names), "settings": settings, "seed": 0,
            # The numbers every seat sees, as the view names them (a scenario's names).
            **{f.saved_as: getattr(view, f.saved_as) for f in SHOWN_NUMBERS},
            "hands": [list(view.hands[me]) if p == me else [] for p in range(len(view.names))],
            "table": [dict(b) for b in view.table],
            "served": [list(ids) for ids in view.served],
            "display": [list(r) for r in view.display],
            "deck": [CODES[k] for k in self.unknown_cards],
            "discard": list(reversed(view.discard)),  # a scenario lists the top first
            "piles": [self._pile(i, pool)[::-1] for i in range(4)],  # a scenario: top first
            "supply": dict(view.supply),
            "claimed": list(view.claimed),
            "pile_out": bool(qc is not None and view.last_round_left == 0
                             and 0 in view.supply.values()),
            "quality_control": None if qc is None else {
                "card": qc["card"], "spot": list(qc["spot"]),
                "pending": [list(x) for x in qc["pending"]]},
            "to_fill": [list(x) for x in view.to_fill],
            "over": view.phase == "over",
        }, hands_unknown=True)
        self._ids = {c.id: i for i, c in enumerate(self._template.settings.recipes)}

    def _pile(self, i: int, pool: list[str]) -> list[str]:
        """Pile ``i`` as the state keeps it (top card last): ``pool``'s customers (taken
        from its end) under the top."""
        v = self.view
        if v.pile_sizes[i] == 0:
            return []
        below = [pool.pop() for _ in range(v.pile_sizes[i] - 1)]
        return below + [v.pile_tops[i]]

    @property
    def game(self) -> Any:
        """The game spec (to parse plain actions)."""
        return self._template.game

    def sample(self, rng: random.Random) -> GelatoMioState:
        """A position consistent with the view, the unseen cards dealt by ``rng``."""
        v = self.view
        # Quality Control cards are never held (GM-5): unseen ones are in the deck.
        cards = [k for k in self.unknown_cards if k < HAND_KINDS]
        rng.shuffle(cards)
        s = self._template.clone()
        s.seed = rng.getrandbits(31)
        for p in self.others:
            hand = [0] * HAND_KINDS
            for _ in range(v.hand_sizes[p]):
                hand[cards.pop()] += 1
            s.hands[p] = hand
        cards += [k for k in self.unknown_cards if k >= HAND_KINDS]
        rng.shuffle(cards)
        s.deck = cards
        pool = list(self.unknown_customers)
        rng.shuffle(pool)
        s.piles = [[self._ids[c] for c in self._pile(i, pool)] for i in range(4)]
        s._legal = None
        return s
