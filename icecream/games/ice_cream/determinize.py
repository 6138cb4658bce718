"""Determinization: a full Ice Cream position consistent with what one seat can see.

A seat does not see the other players' face-down deliveries (IC-6), the order of the
Ice Cream and Scoop decks, the removed scoops (IC-3) or the cards others discarded in
phase 1. Search bots and what-if tools sample those unknowns: every card the seat cannot
see is dealt at random into the places it cannot see, in the numbers the view shows
(deck sizes, who holds a face-down card, how many cards are in the discard). The sample
gets a fresh random seed, because the true seed would reveal future shuffles (ICN-6).

Only the view is read, never the true state:

>>> import random
>>> from icecream import new_game
>>> s = new_game("ice-cream", players=4, seed=5)
>>> d = determinize(s.view(0), random.Random(1))
>>> d.view(0).face_up == s.view(0).face_up and d.hidden[0] == s.hidden[0]
True
>>> d.check_invariants()
"""

from __future__ import annotations

import random
from typing import Any

from ...core.errors import ScenarioError
from ...core.protocol import FORMAT_VERSION
from ...core.view import seat_view
from .components import COPIES, FLAVOURS, NUM_FLAVOURS
from .scenario import load_scenario
from .state import IceCreamState
from .view import IceCreamView

__all__ = ["Determinizer", "determinize"]


class Determinizer:
    """Samples positions consistent with one seat's view; build once, sample many times.

    The known part of the position is checked once through :func:`load_scenario`; each
    :meth:`sample` then only reshuffles the unknown cards, so search bots can afford a new
    sample per playout.

    >>> import random
    >>> from icecream import new_game
    >>> v = new_game("ice-cream", players=3, seed=2).view(1)
    >>> det = Determinizer(v)
    >>> a, b = det.sample(random.Random(0)), det.sample(random.Random(0))
    >>> a.to_dict() == b.to_dict()
    True
    """

    def __init__(self, view: IceCreamView) -> None:
        me = seat_view(view, IceCreamView, "determinize needs an IceCreamView")
        self.view = view
        n = len(view.names)
        ic = [COPIES] * NUM_FLAVOURS
        sc = [COPIES] * NUM_FLAVOURS

        def take(count: list[int], cards, what: str) -> None:
            for f in cards:
                count[f] -= 1
                if count[f] < 0:
                    raise ScenarioError(f"the view shows more than {COPIES} {FLAVOURS[f]} "
                                        f"{what} cards (IC-16)")

        for hand in view.face_up:
            take(ic, hand, "Ice Cream")
        own = view.face_down[me]
        if own is not None:
            take(ic, (own,), "Ice Cream")
        take(ic, view.my_discards, "Ice Cream")
        for cone in view.cones:
            if cone is not None:
                take(sc, cone, "Scoop")
        for served in view.served:
            for f, k in enumerate(served):
                take(sc, (f,) * k, "Scoop")
        if view.turned_scoop is not None:
            take(sc, (view.turned_scoop,), "Scoop")
        #: Ice Cream cards the seat cannot see, and Scoop cards likewise.
        self.unknown_ice_cream = tuple(f for f in range(NUM_FLAVOURS) for _ in range(ic[f]))
        self.unknown_scoops = tuple(f for f in range(NUM_FLAVOURS) for _ in range(sc[f]))
        self._others_down = tuple(p for p in range(n)
                                  if p != me and view.has_face_down[p])
        self._others_discards = view.discard_size - len(view.my_discards)
        need_ic = len(self._others_down) + self._others_discards + view.ice_cream_deck_size
        need_sc = view.scoop_deck_size + view.removed_count
        if need_ic != len(self.unknown_ice_cream) or need_sc != len(self.unknown_scoops):
            raise ScenarioError("the view's card counts do not add up to the decks (IC-16)")
        # Who discarded the cards this seat did not discard: seats that already decided in
        # phase 1 (dealer first, clockwise, IC-5). It only matters for later views.
        self._other_swappers = self._guess_swappers()
        self._template = load_scenario(self._scenario(list(self.unknown_ice_cream),
                                                      list(self.unknown_scoops), seed=0))

    def _guess_swappers(self) -> list[int]:
        v = self.view
        n = len(v.names)
        if v.phase != "deliveries" or self._others_discards == 0:
            return []
        decided = []
        seat = v.dealer
        while seat != v.to_act:
            if seat != v.seat:
                decided.append(seat)
            seat = (seat + 1) % n
        if not decided:  # cannot happen in a real game; keep the count right anyway
            decided = [p for p in range(n) if p != v.seat] or [v.seat]
        return [decided[i % len(decided)] for i in range(self._others_discards)]

    def _scenario(self, ic: list[int], sc: list[int], seed: int) -> dict[str, Any]:
        """The view as a scenario, dealing ``ic`` and ``sc`` into the unseen places."""
        v = self.view
        codes = FLAVOURS
        ic = list(ic)
        hidden: dict[int, int] = {p: ic.pop() for p in self._others_down}
        others_discards = [ic.pop() for _ in range(self._others_discards)]
        hands = []
        for p in range(len(v.names)):
            down = v.face_down[p] if p == v.seat else hidden.get(p)
            hands.append({
                "face_up": [codes[f] for f in v.face_up[p]],
                "face_down": None if down is None else codes[down],
                "served": {codes[f]: k for f, k in enumerate(v.served[p]) if k},
            })
        discard = list(v.my_discards) + others_discards
        swappers = [v.seat] * len(v.my_discards) + self._other_swappers
        sc = list(sc)
        removed = [sc.pop() for _ in range(v.removed_count)]
        scoop_top = [] if v.turned_scoop is None else [v.turned_scoop]
        scoop_top += sc
        settings = dict(v.settings)
        names = settings.pop("names")
        phase = v.phase
        return {
            "format_version": FORMAT_VERSION,
            "players": list(names),
            "settings": settings,
            "seed": seed,
            "day": v.day,
            "phase": phase,
            "dealer": v.dealer,
            "to_act": v.dealer if v.to_act is None else v.to_act,
            "scores": list(v.scores),
            "hands": hands,
            "cones": [None if c is None else [codes[f] for f in c] for c in v.cones],
            "ice_cream_deck": [codes[f] for f in ic],
            # A scenario lists the discard pile top card first; the state keeps it (and
            # sample() below) top card last.
            "ice_cream_discard": [codes[f] for f in reversed(discard)],
            "swappers": swappers[::-1],
            "scoop_deck": [codes[f] for f in scoop_top],
            "removed_scoops": [codes[f] for f in removed],
            "last_actor": v.last_actor,
            "results": [[list(x) for x in day] for day in v.results],
        }

    @property
    def game(self) -> Any:
        """The game spec (to parse plain actions)."""
        return self._template.game

    def sample(self, rng: random.Random) -> IceCreamState:
        """A position consistent with the view, the unseen cards dealt by ``rng``."""
        ic = list(self.unknown_ice_cream)
        sc = list(self.unknown_scoops)
        rng.shuffle(ic)
        rng.shuffle(sc)
        s = self._template.clone()
        s.seed = rng.getrandbits(31)
        s._legal = None
        hidden = list(s.hidden)
        for p in self._others_down:
            hidden[p] = ic.pop()
        s.hidden = tuple(hidden)
        others = tuple(ic.pop() for _ in range(self._others_discards))
        s.ic_discard = self.view.my_discards + others
        s.ic_deck = tuple(ic)  # the last element is the top card
        removed = tuple(sc.pop() for _ in range(self.view.removed_count))
        s.removed = removed
        turned = self.view.turned_scoop
        s.scoop_deck = tuple(sc) + (() if turned is None else (turned,))
        return s

    def scenario(self, rng: random.Random) -> dict[str, Any]:
        """Like :meth:`sample`, as a scenario dict (for saving or showing a sample)."""
        ic = list(self.unknown_ice_cream)
        sc = list(self.unknown_scoops)
        rng.shuffle(ic)
        rng.shuffle(sc)
        return self._scenario(ic, sc, seed=rng.getrandbits(31))


def determinize(view: IceCreamView, rng: random.Random) -> IceCreamState:
    """A full state consistent with ``view``: the unseen cards dealt at random by ``rng``.

    Reads only the view: others' face-down cards, both deck orders, the removed scoops
    and the cards others discarded in phase 1 are sampled; everything the seat sees is kept.
    For many samples of one view, build a :class:`Determinizer` once.
    """
    return Determinizer(view).sample(rng)
