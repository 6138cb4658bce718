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
* ``rollout``: the heuristic's plan in a few cheap rules, for the games hints and what-ifs
  play out (random players take thousands of decisions a game; the heuristic is slow):
  serve, make a ball the plan needs, take the display spot worth most to the plan, make
  any ball, take; in a playout it reads the state itself (``choose_state``), only what
  the seat's view shows.

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
from .components import (
    CODES,
    CONTAINERS,
    CREAM,
    FLAVOUR_CODES,
    FLAVOURS,
    HAND_KINDS,
    ICE_CREAM_OBJECTIVES,
    KIND_OF,
    SUGAR,
)


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


#: What the hand covers of a customer's missing cards, in the order it is counted.
_COVERED = ("cream", "sugar", *FLAVOUR_CODES)
#: id(plain customers) -> (them, by id: their cards and balls counted, in the order they
#: are listed, and how many balls): the heuristic reads them at every decision, and a
#: game's views share one plain customers dict.
_INFO: dict[int, tuple[dict, dict]] = {}


def _recipe_info(recipes: dict) -> dict[str, tuple[tuple, tuple, int]]:
    got = _INFO.get(id(recipes))
    if got is None or got[0] is not recipes:
        if len(_INFO) >= 64:
            _INFO.clear()
        got = _INFO[id(recipes)] = (recipes, {
            cid: (tuple(Counter(c["cards"]).items()), tuple(Counter(c["balls"]).items()),
                  len(c["balls"])) for cid, c in recipes.items()})
    return got[1]


class GreedyPolicy(Policy):
    """The most points now (GM-6, GM-7); ties and pointless turns at random."""

    refusal = "gelato-mio greedy policy takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        legal = self.legal(view)
        values = [_serve_value(view, a) if a["type"] == "serve" else 0.0 for a in legal]
        return pick_best(self.rng, legal, values)


class HeuristicPolicy(Policy):
    """Plays like a sensible person with a plan: it picks the visible customer (GM-3) worth
    the most for the cards and balls still missing, collects exactly those, makes the balls
    that customer needs and serves it (GM-6); Quality Control costs it the cards it needs
    least (GM-5). It keeps its hand at 7 cards or fewer where it can, so a ">7" strike
    costs little. ``ask`` (default False) allows asking a colleague when no draw helps.

    Earlier versions took the biggest groups of wanted cards, held ten cards or more, and
    lost half to every Quality Control: games lasted about 50 rounds.
    """

    refusal = "gelato-mio heuristic policy takes no option(s)"

    def __init__(self, rng: random.Random, ask: bool = False, **options: Any) -> None:
        super().__init__(rng, **options)
        if not isinstance(ask, bool):
            raise SettingsError(f"gelato-mio heuristic policy: ask must be true or false, "
                                f"not {ask!r}")
        self.ask = ask

    def _needs(self, view: Any, me: int, hand: Counter | None = None) -> dict[str, int]:
        """The cards still missing for the customer this seat works towards, counted
        (only those missing); a missing ball counts its flavour, a cream and a sugar (GM-6)."""
        if hand is None:
            hand = Counter(view.hands[me] or ())
        table = view.table[me]
        supply = view.supply
        info = _recipe_info(view.recipes)
        best: tuple[float, dict[str, int]] | None = None
        for pile, cid in enumerate(view.pile_tops):
            if cid is None:
                continue
            cards, balls, n_balls = info[cid]
            missing: dict[str, int] = {}
            for card, k in cards:
                missing[card] = missing.get(card, 0) + max(0, k - hand[card])
            for flavour, k in balls:
                short = max(0, k - table[flavour])
                if short and supply[flavour] < short:
                    break  # that pile cannot give the balls any more
                missing[flavour] = missing.get(flavour, 0) + short
                missing["cream"] = missing.get("cream", 0) + short
                missing["sugar"] = missing.get("sugar", 0) + short
            else:
                for ing in _COVERED:  # what the hand covers
                    if ing in missing:
                        missing[ing] = max(0, missing[ing] - hand[ing])
                steps = sum(missing.values()) + n_balls
                worth = _serve_value(view, {"pile": pile}) / (1.0 + steps)
                if best is None or worth > best[0]:
                    best = (worth, {k: v for k, v in missing.items() if v > 0})
        return best[1] if best else {}

    def choose(self, view: Any) -> dict[str, Any]:
        legal = self.legal(view)
        if len(legal) == 1:
            return legal[0]
        me = view.to_act
        hand = Counter(view.hands[me] or ())
        need = self._needs(view, me, hand)
        kinds = {a["type"] for a in legal}
        if "discard" in kinds:   # Quality Control (GM-5): drop what the plan needs least
            return pick_best(self.rng, legal, _discard_values(legal, need, hand))
        if "return_ball" in kinds:
            table = view.table[me]
            return pick_best(self.rng, legal, [table[a["flavour"]] - 2 * need.get(a["flavour"], 0)
                                           for a in legal])
        serves = [a for a in legal if a["type"] == "serve"]
        if serves:
            return pick_best(self.rng, serves, [_serve_value(view, a) for a in serves])
        balls = [a for a in legal if a["type"] == "make_ball"]
        wanted = [a for a in balls if need.get(a["flavour"], 0)]
        if wanted:
            return pick_best(self.rng, wanted, [need.get(a["flavour"], 0) for a in wanted])
        takes = [a for a in legal if a["type"] == "take"]
        if takes:
            values = _take_values(view, takes, need, hand)
            if max(values) > 0 or not balls:
                return pick_best(self.rng, takes, values)
        if balls:  # nothing useful on the display: a ball still counts for GM-8
            return pick_best(self.rng, balls, [view.supply[a["flavour"]] for a in balls])
        asks = [a for a in legal if a["type"] == "ask"]
        if asks and self.ask:
            return pick_best(self.rng, asks, _ask_values(view, asks, need))
        if takes:
            return pick_best(self.rng, takes, [0.0] * len(takes))
        return legal[int(self.rng.random() * len(legal))]

    def rank(self, view: Any) -> list[float]:
        """Each legal option's value in :meth:`choose`'s order of preference: a serve
        (GM-6) above a ball the plan wants, above a take that helps (GM-4), above any
        other ball, above a take that does not help, above an ask, above a pass; within a
        kind, by the value :meth:`choose` gives it. Quality Control answers (GM-5) by
        :meth:`choose`'s values."""
        legal = view.legal_actions
        if len(legal) < 2:
            return [0.0] * len(legal)
        me = view.to_act
        hand = Counter(view.hands[me] or ())
        need = self._needs(view, me, hand)
        kind = legal[0]["type"]
        if kind == "discard":
            return _discard_values(legal, need, hand)
        if kind == "return_ball":
            table = view.table[me]
            return [table[a["flavour"]] - 2 * need.get(a["flavour"], 0) for a in legal]
        takes = [a for a in legal if a["type"] == "take"]
        take_value = dict(zip(map(id, takes), _take_values(view, takes, need, hand),
                              strict=True))
        asks = [a for a in legal if a["type"] == "ask"]
        ask_value = dict(zip(map(id, asks), _ask_values(view, asks, need), strict=True))
        out = []
        for a in legal:
            t = a["type"]
            if t == "serve":
                out.append(1000.0 + _serve_value(view, a))
            elif t == "make_ball":
                wanted = need.get(a["flavour"], 0)
                out.append(500.0 + wanted if wanted else 100.0 + 0.001 * view.supply[
                    a["flavour"]])
            elif t == "take":
                out.append(100.0 + take_value[id(a)])
            elif t == "ask":
                out.append(10.0 + ask_value[id(a)])
            else:
                out.append(0.0)
        return out


def _discard_values(discards: list[dict[str, Any]], need: dict[str, int],
                    hand: Counter) -> list[float]:
    """How good each Quality Control discard (GM-5) is: a card the plan does not need is
    the best to lose, a spare copy better than the last one. ``pick_best`` takes the
    highest value, so a needed card counts against its discard (an earlier version gave
    it +2 per copy needed and threw away exactly what the plan was collecting)."""
    return [-2.0 * need.get(a["card"], 0) + 0.3 * max(0, hand[a["card"]] - 1)
            for a in discards]


def _take_values(view: Any, takes: list[dict[str, Any]], need: dict[str, int],
                 hand: Counter) -> list[float]:
    """The heuristic's value of each take: the cards its plan needs, spare cards, and a
    hand over 7, which loses half to a ">7" Quality Control (GM-4, GM-5)."""
    size = sum(hand.values())
    flood = view.settings.get("flood")
    out = []
    for a in takes:
        code = view.display[a["row"]][a["col"]]
        n = _group(view.display, a["row"], a["col"], flood)
        useful = min(n, max(0, need.get(code, 0) - hand[code] + hand[code]))
        spare = n - useful
        over = max(0, size + n - 7)
        out.append(3.0 * useful + 0.2 * spare - 1.5 * over + (0.3 if hand[code] % 2 else 0))
    return out


def _ask_values(view: Any, asks: list[dict[str, Any]], need: dict[str, int]) -> list[float]:
    """The heuristic's value of each ask (GM-6): a colleague with many cards, giving up
    cards the plan does not need."""
    return [view.hand_sizes[a["opponent"]] * 0.1 - need.get(a["discard"][0], 0)
            - need.get(a["discard"][1], 0) for a in asks]


def _group(display: Any, row: int, col: int, flood: bool | None) -> int:
    """How many cards a draw at (row, col) takes, read from the view (GM-4)."""
    code = display[row][col]
    if not flood:  # the card and its identical direct neighbours
        return (1 + (row > 0 and display[row - 1][col] == code)
                + (row < 2 and display[row + 1][col] == code)
                + (col > 0 and display[row][col - 1] == code)
                + (col < 2 and display[row][col + 1] == code))
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


#: The display spots next to each spot (row by row), for the cards a take draws (GM-4).
_NEXT_TO = tuple(tuple(r2 * 3 + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= r2 < 3 and 0 <= c2 < 3) for r in range(3) for c in range(3))
#: id(customer) -> (it, its plan form): a Customer or its plain dict, as ``(containers
#: [(kind, count)], balls [(flavour index, kind, count)], points)``.
_PLAN_FORM: dict[int, tuple[Any, tuple]] = {}


def _plan_form(customer: Any) -> tuple:
    """A customer (a :class:`~.components.Customer` or a view's plain dict) as the rollout
    policy reads it: the containers and balls it takes (GM-3, GM-6) and its points."""
    got = _PLAN_FORM.get(id(customer))
    if got is None or got[0] is not customer:
        if len(_PLAN_FORM) >= 4096:
            _PLAN_FORM.clear()
        if isinstance(customer, dict):
            cards = [0] * HAND_KINDS
            balls = [0] * HAND_KINDS
            for code in customer["cards"]:
                cards[KIND_OF[code]] += 1
            for code in customer["balls"]:
                balls[KIND_OF[code]] += 1
        else:
            cards, balls = list(customer.cards), list(customer.balls)
        got = _PLAN_FORM[id(customer)] = (customer, (
            tuple((k, cards[k]) for k in CONTAINERS if cards[k]),
            tuple((i, k, balls[k]) for i, k in enumerate(FLAVOURS) if balls[k]),
            customer["points"] if isinstance(customer, dict) else customer.points))
    return got[1]


class RolloutPolicy(Policy):
    """The heuristic's plan in a few cheap rules, made for rollouts (no option).

    The plan is the visible customer (GM-3) worth the most points per card or ball still
    missing; its missing cards count as needed (a missing ball needs its flavour, a cream
    and a sugar, GM-6). On a turn it serves the richest customer it can (GM-6), else makes
    a ball the plan needs, else takes the display spot whose cards (the card and its
    identical neighbours, GM-4) the plan needs most, keeping to 7 cards where it can
    (GM-5), else makes any ball (GM-8), else takes the best spot, else asks at random (GM-6).
    Quality Control (GM-5) costs it the cards and balls the plan needs least.
    ``choose(view)`` and ``choose_state(state, seat)`` read the same facts (the seat's own
    hand, the tables, display, supply and customers on top: what the view shows) and draw
    the generator alike, so they choose the same.
    """

    refusal = "gelato-mio rollout policy takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        """The plain action to play, chosen from ``view.legal_actions`` only."""
        legal = self.legal(view)
        if len(legal) == 1:
            return legal[0]
        options = []
        for a in legal:
            t = a["type"]
            if t == "take":
                options.append((t, a["row"] * 3 + a["col"]))
            elif t == "make_ball" or t == "return_ball":
                options.append((t, FLAVOUR_CODES.index(a["flavour"])))
            elif t == "serve":
                options.append((t, a["pile"]))
            elif t == "discard":
                options.append((t, KIND_OF[a["card"]]))
            else:  # the asks come last (and a pass only alone)
                break
        me = view.to_act
        hand = [0] * HAND_KINDS
        for code in view.hands[me]:
            hand[KIND_OF[code]] += 1
        table = [view.table[me][f] for f in FLAVOUR_CODES]
        supply = [view.supply[f] for f in FLAVOUR_CODES]
        display = [-1 if code is None else KIND_OF[code] for row in view.display for code in row]
        recipes = view.recipes
        tops = [None if cid is None else recipes[cid] for cid in view.pile_tops]
        return legal[self._pick(options, len(legal), hand, table, supply, display, tops,
                                bool(view.settings.get("flood")))]

    def choose_state(self, state: Any, seat: int) -> Any:
        """:meth:`choose` for ``seat`` in a playout's ``state``, reading only what
        ``state.view(seat)`` shows, without building it; an action of ``legal_actions()``."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        options = []
        for a in legal:
            t = a.type
            if t == "take":
                options.append((t, a.row * 3 + a.col))
            elif t == "make_ball" or t == "return_ball":
                options.append((t, FLAVOUR_CODES.index(a.flavour)))
            elif t == "serve":
                options.append((t, a.pile))
            elif t == "discard":
                options.append((t, KIND_OF[a.card]))
            else:
                break
        recipes = state.settings.recipes
        tops = [recipes[p[-1]] if p else None for p in state.piles]
        return legal[self._pick(options, len(legal), state.hands[seat], state.table[seat],
                                state.supply, state.display, tops, state.settings.flood)]

    def _pick(self, options: list[tuple[str, int]], count: int, hand: Any, table: Any,
              supply: Any, display: Any, tops: list[Any], flood: bool) -> int:
        """The index of the chosen option: ``options`` are the first legal options as
        (kind, spot, flavour index, pile or card kind), the asks left out; ``count`` all."""
        if not options:  # only asks: one at random
            return int(self.rng.random() * count)
        need, balls = _plan(hand, table, supply, tops)
        kind = options[0][0]
        if kind == "discard":  # GM-5: the cards beyond what the plan needs
            return _best(self.rng, [hand[k] - 3 * min(hand[k], need[k]) for _t, k in options])
        if kind == "return_ball":
            return _best(self.rng, [table[i] - 3 * min(table[i], balls[i]) for _t, i in options])
        serves = [(i, tops[p]) for i, (t, p) in enumerate(options) if t == "serve"]
        if serves:  # GM-6: the richest customer
            values = [_plan_form(c)[2] for _i, c in serves]
            return serves[_best(self.rng, values)][0]
        makes = [(i, f) for i, (t, f) in enumerate(options) if t == "make_ball"]
        wanted = [(i, f) for i, f in makes if balls[f]]
        if wanted:
            return wanted[_best(self.rng, [balls[f] for _i, f in wanted])][0]
        takes = [(i, spot) for i, (t, spot) in enumerate(options) if t == "take"]
        if takes:
            size = sum(hand)
            values = []
            for _i, spot in takes:
                k = display[spot]
                n = 1
                if flood:
                    seen, todo = [spot], [spot]
                    while todo:
                        for j in _NEXT_TO[todo.pop()]:
                            if j not in seen and display[j] == k:
                                seen.append(j)
                                todo.append(j)
                    n = len(seen)
                else:
                    for j in _NEXT_TO[spot]:
                        if display[j] == k:
                            n += 1
                useful = min(n, need[k]) if k < HAND_KINDS else 0
                values.append(3.0 * useful + 0.2 * (n - useful) - 1.5 * max(0, size + n - 7))
            if max(values) > 0 or not makes:
                return takes[_best(self.rng, values)][0]
        if makes:  # nothing useful on the display: a ball still counts for GM-8
            return makes[_best(self.rng, [supply[f] for _i, f in makes])][0]
        return int(self.rng.random() * count)


def _plan(hand: Any, table: Any, supply: Any, tops: list[Any]) -> tuple[list[int], list[int]]:
    """The cards (by kind) and balls (by flavour index) still missing for the visible
    customer worth the most points per missing card or ball (GM-3, GM-6); a customer whose
    balls the supply can no longer give is left out."""
    best = -1.0
    need, balls = [0] * (len(CODES)), [0, 0, 0]
    for c in tops:
        if c is None:
            continue
        containers, ball_needs, points = _plan_form(c)
        missing = [0] * len(CODES)
        short = [0, 0, 0]
        steps = 0
        for k, n in containers:
            if n > hand[k]:
                missing[k] = n - hand[k]
                steps += n - hand[k]
        possible = True
        for i, k, n in ball_needs:
            steps += n  # making or serving each ball is a step, as the heuristic counts
            s = n - table[i]
            if s > 0:
                if supply[i] < s:
                    possible = False
                    break
                short[i] = s
                missing[k] += s
                missing[CREAM] += s
                missing[SUGAR] += s
                steps += s
        if not possible:
            continue
        for k in (SUGAR, CREAM, *FLAVOURS):
            if missing[k]:
                missing[k] = max(0, missing[k] - hand[k])
                steps += missing[k]
        worth = points / (1.0 + steps)
        if worth > best:
            best, need, balls = worth, missing, short
    return need, balls


def _best(rng: random.Random, values: list[float]) -> int:
    """The index of the highest value; among equals, one ``rng.random()`` draw picks."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v == top]
    return best[int(rng.random() * len(best))]


POLICIES = {"greedy": GreedyPolicy, "heuristic": HeuristicPolicy, "rollout": RolloutPolicy}
