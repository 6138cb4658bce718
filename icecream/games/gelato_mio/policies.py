"""Gelato Mio's bot policies for the generic ``greedy`` and ``heuristic`` bots.

Each policy is made by ``factory(rng, **options)`` and decides with ``.choose(view)``
from one seat's view only (the other hands stay hidden), returning a plain action from
``view.legal_actions``.

* ``greedy``: the action worth the most points now: the richest customer it can serve
  (GM-6), plus any ice cream objective that serve completes (GM-7); else at random.
* ``heuristic``: serves the richest customer; answers Quality Control keeping what its
  recipes need (GM-5); makes the ball the visible customers ask for most; otherwise takes
  the display spot giving the most useful cards (GM-4); asks a colleague (GM-6) only when
  ``ask`` is true and nothing else helps.

>>> import random, icecream
>>> s = icecream.new_game("gelato-mio", players=3, seed=2)
>>> v = s.view(0)
>>> POLICIES["heuristic"](random.Random(0)).choose(v) in v.legal_actions
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.errors import SettingsError
from ...core.policy import Policy, pick_best
from .components import FLAVOUR_CODES, ICE_CREAM_OBJECTIVES


def _serve_value(view: Any, action: dict[str, Any]) -> float:
    cid = view.pile_tops[action["pile"]]
    c = view.recipes[cid]
    value = float(c["points"])
    me = view.seat if view.seat is not None else view.to_act
    for j, (kind, need, pts) in enumerate(ICE_CREAM_OBJECTIVES):
        if view.claimed[j] is None and c["kind"] == kind and sum(
                1 for x in view.served[me] if view.recipes[x]["kind"] == kind) + 1 >= need:
            value += pts
    return value


class GreedyPolicy(Policy):
    """The most points now (GM-6, GM-7); ties and pointless turns at random."""

    refusal = "gelato-mio greedy policy takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the view has no legal action: it is not this seat's turn")
        values = [_serve_value(view, a) if a["type"] == "serve" else 0.0 for a in legal]
        return pick_best(self.rng, legal, values)


class HeuristicPolicy(Policy):
    """Plays like a sensible person; ``ask`` (default False) allows asking a colleague
    when nothing better is on offer."""

    refusal = "gelato-mio heuristic policy takes no option(s)"

    def __init__(self, rng: random.Random, ask: bool = False, **options: Any) -> None:
        super().__init__(rng, **options)
        if not isinstance(ask, bool):
            raise SettingsError(f"gelato-mio heuristic policy: ask must be true or false, "
                                f"not {ask!r}")
        self.ask = ask

    def _wanted(self, view: Any) -> Counter:
        """Cards and balls the visible customers ask for, counted."""
        want: Counter = Counter()
        for cid in view.pile_tops:
            if cid is not None:
                want.update(view.recipes[cid]["cards"])
                want.update(view.recipes[cid]["balls"])
        for f in FLAVOUR_CODES:  # a ball needs its flavour, cream and sugar
            want[f] += 1
        want["cream"] += 2
        want["sugar"] += 2
        return want

    def choose(self, view: Any) -> dict[str, Any]:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the view has no legal action: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        want = self._wanted(view)
        me = view.to_act
        kinds = {a["type"] for a in legal}
        if "discard" in kinds:   # keep what recipes need: drop the least wanted card
            hand = Counter(view.hands[me] or ())
            return pick_best(self.rng, legal, [-(want[a["card"]]) + hand[a["card"]] * 0.5
                                           for a in legal])
        if "return_ball" in kinds:
            table = view.table[me]
            return pick_best(self.rng, legal, [table[a["flavour"]] - want[a["flavour"]]
                                           for a in legal])
        serves = [a for a in legal if a["type"] == "serve"]
        if serves:
            return pick_best(self.rng, serves, [_serve_value(view, a) for a in serves])
        balls = [a for a in legal if a["type"] == "make_ball"]
        if balls:
            return pick_best(self.rng, balls, [want[a["flavour"]] for a in balls])
        takes = [a for a in legal if a["type"] == "take"]
        if takes:
            hand_size = len(view.hands[me] or ())

            def value(a: dict[str, Any]) -> float:
                code = view.display[a["row"]][a["col"]]
                n = _group(view.display, a["row"], a["col"], view.settings.get("flood"))
                # Too many cards invite Quality Control (GM-5, more than 7 in hand).
                crowd = 1.0 if hand_size + n > 7 else 0.0
                return n * (1.0 + want[code]) - 3.0 * crowd
            return pick_best(self.rng, takes, [value(a) for a in takes])
        asks = [a for a in legal if a["type"] == "ask"]
        if asks and self.ask:
            return pick_best(self.rng, asks, [view.hand_sizes[a["opponent"]] * 0.1
                                          - want[a["discard"][0]] - want[a["discard"][1]]
                                          for a in asks])
        return legal[int(self.rng.random() * len(legal))]


def _group(display: Any, row: int, col: int, flood: bool | None) -> int:
    """How many cards a draw at (row, col) takes, read from the view (GM-4)."""
    code = display[row][col]
    seen = {(row, col)}
    todo = [(row, col)]
    while todo:
        r, c = todo.pop()
        for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= r2 < 3 and 0 <= c2 < 3 and (r2, c2) not in seen and \
                    display[r2][c2] == code:
                seen.add((r2, c2))
                if flood:
                    todo.append((r2, c2))
    return len(seen)


POLICIES = {"greedy": GreedyPolicy, "heuristic": HeuristicPolicy}
