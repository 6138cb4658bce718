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
* rollout: the heuristic's rules on packed flavour counts, for the games hints and
  what-ifs play out (about ten times faster); in a playout it reads the state itself
  (:meth:`Rollout.choose_state`), only what the seat's view shows.

>>> import random, icecream
>>> s = icecream.new_game("combo-cone", players=3, seed=4)
>>> Heuristic(random.Random(0)).choose(s.view(0)) in s.view(0).legal_actions
True
"""

from __future__ import annotations

import random
from collections import Counter
from operator import add
from typing import Any

from ...core.memo import Table
from ...core.policy import Policy, count_option, pick_best
from .components import BRANDS, FLAVOURS


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


#: Flavour counts are packed in one whole number, 5 bits a flavour: 4 for the count and a
#: guard bit, so one subtraction tells whether a stack's counts fit in an order's (CCP-9).
_BITS = 5
_GUARDS = sum(1 << (_BITS * f + 4) for f in range(len(FLAVOURS)))
_DIGIT = (1 << 4) - 1
#: id(faces) -> (them, each card as (its packed flavour, or 0 for a Rainbow; its flavour
#: index or -1; brand; combo brand)): a view's ``card_faces`` or a state's ``cards``.
_CARDS: dict[int, tuple[Any, tuple[tuple[int, int, int, int], ...]]] = {}
#: id(orders) -> (them, each order as (its packed flavours with the guard bits, its
#: height, its coins)): a view's ``order_faces`` or a state's ``comps.orders``.
_ORDERS: dict[int, tuple[Any, tuple[tuple[int, int, int], ...]]] = {}
#: id(action) -> it, and id(action) -> (its type, the field the rollout policy reads):
#: the engine shares its actions between positions.
_OPTIONS: dict[int, Any] = {}
_PAIRS: dict[int, tuple[str, Any]] = {}
#: id(legal actions) -> (them, their pairs as in :data:`_OPTIONS`): the engine shares the
#: tuples of its main actions (CCP-5) between positions.
_LEGAL: dict[int, tuple[Any, list[tuple[str, Any]]]] = {}


def _card_table(faces: Any) -> tuple[tuple[int, int, int, int], ...]:
    """Every card as (packed flavour or 0 for a Rainbow, flavour index or -1, brand,
    combo brand) (CCP-2)."""
    got = _CARDS.get(id(faces))
    if got is None or got[0] is not faces:
        if len(_CARDS) >= 64:
            _CARDS.clear()
        table = []
        for face in faces:
            if isinstance(face, tuple | list):  # a view's words
                f, brand, combo = (-1, -1, -1) if face[0] == "rainbow" else (
                    FLAVOURS.index(face[0]), BRANDS.index(face[1]), BRANDS.index(face[2]))
            else:
                f, brand, combo = face.flavour, face.brand, face.combo
            table.append((0 if f < 0 else 1 << (_BITS * f), f, brand, combo))
        got = _CARDS[id(faces)] = (faces, tuple(table))
    return got[1]


def _order_table(orders: Any) -> tuple[tuple[int, int, int], ...]:
    """Every order as (its flavours packed, with the guard bits; its height; its coins)
    (CCP-4)."""
    got = _ORDERS.get(id(orders))
    if got is None or got[0] is not orders:
        if len(_ORDERS) >= 64:
            _ORDERS.clear()
        table = []
        for order in orders:
            if isinstance(order, dict):
                flavours, coins = [FLAVOURS.index(f) for f in order["flavours"]], order["coins"]
            else:
                flavours, coins = order.flavours, order.coins
            table.append((sum(1 << (_BITS * f) for f in flavours) | _GUARDS, len(flavours),
                          coins))
        got = _ORDERS[id(orders)] = (orders, tuple(table))
    return got[1]


def _stack(stack: Any, cards: tuple) -> tuple[int, int, int]:
    """A stack as (its flavours packed, its Rainbows, its size)."""
    by = wild = 0
    for c in stack:
        packed = cards[c][0]
        if packed:
            by += packed
        else:
            wild += 1
    return by, wild, len(stack)


def _cone_values(by: int, size: int, wants: list[tuple[int, int, int]]
                 ) -> tuple[float, list[float], float]:
    """How promising a stack is (``by`` packed flavours, ``size`` cards), and how promising
    it would be with one more card of each flavour, and with one more Rainbow: the best
    order it can still become, by coins and by how much of it is done (2 more when
    complete); -1 when it fits none, 0 when empty (CCP-9). One pass over the orders: a
    card of flavour ``f`` keeps an order the stack fits when the order wants more of
    ``f`` than the stack has and has room; a Rainbow when it has room."""
    before = -1.0 if size else 0.0
    grown = size + 1
    after = [-1.0] * len(FLAVOURS)
    wild = -1.0
    for want, height, coins in wants:
        rest = want - by
        if rest & _GUARDS != _GUARDS:
            continue
        if size and size <= height:
            done = size / height
            value = coins * done * done + (2.0 if size == height else 0.0)
            if value > before:
                before = value
        if grown <= height:
            done = grown / height
            value = coins * done * done + (2.0 if grown == height else 0.0)
            if value > wild:
                wild = value
            for f in _WANTED[rest]:
                if value > after[f]:
                    after[f] = value
    return before, after, wild


def _packed_wanted(rest: int) -> tuple[int, ...]:
    """The flavours an order still wants more of than a stack that fits it has (``rest``:
    the order's packed counts less the stack's)."""
    return tuple(f for f in range(len(FLAVOURS)) if rest >> (_BITS * f) & _DIGIT)


def _packed_missing(key: tuple[int, int]) -> tuple[int, ...]:
    """What a stack that fits an order still misses of it, by flavour (``key``: the
    order's packed counts less the stack's, the stack's Rainbows): the order's counts less
    the stack's, its Rainbows covering the first flavours still missing."""
    rest, wild = key
    missing = []
    for f in range(len(FLAVOURS)):
        k = rest >> (_BITS * f) & _DIGIT
        if wild and k:
            take = min(k, wild)
            k -= take
            wild -= take
        missing.append(k)
    return tuple(missing)


_WANTED = Table(_packed_wanted)
_MISSING = Table(_packed_missing)


class Rollout(Policy):
    """The heuristic's rules of thumb on packed flavour counts, made for rollouts (no option).

    Each cone is measured against the orders it could still become (CCP-9). On its main
    action (CCP-5) it serves when its hand can complete a cone (CCP-8), else scoops the
    cards its cones still need (CCP-6), else secures an order while Rainbows are left
    (CCP-7), else serves when a card helps a cone, else scoops the most cards. Serving, it
    places the card that brings a cone nearest its best order, a combo counting extra
    (CCP-8), and never one that fits no order; it fills the richest order (CCP-9) and,
    while 30 cards or more are in the pile, takes a Cone or the cards its cones need,
    else the coins (CCP-10). ``choose(view)`` and ``choose_state(state, seat)`` read the
    same facts (the seat's own hand and cones, the rows, its reserved orders, the pile
    sizes: what the view shows, CCPN-7) and draw the generator alike, so they choose the
    same.
    """

    refusal = "rollout bot: Combo Cone Paradise takes no option(s)"

    def choose(self, view: Any) -> dict[str, Any]:
        """The plain action to play, chosen from ``view.legal_actions`` only."""
        legal = self.legal(view)
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        options = [(a["type"], _field(a)) for a in legal]
        return legal[self._pick(options, view.hands[me], view.cones[me], view.row,
                                (*view.order_row, *view.reserved[me]), view.pile_size,
                                view.rainbow_pile, _card_table(view.card_faces),
                                _order_table(view.order_faces))]

    def choose_state(self, state: Any, seat: int) -> Any:
        """:meth:`choose` for ``seat`` in a playout's ``state``, reading only what
        ``state.view(seat)`` shows, without building it; an action of ``legal_actions()``."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # The tables below hold each action and tuple they name, so an id there is never
        # another object's (an object's id is reused only once it is gone).
        known = _LEGAL.get(id(legal))
        if known is not None:
            options = known[1]
        else:
            options = list(map(_PAIRS.get, map(id, legal)))
            if None in options:  # a serving's options are shared actions in a new tuple
                if len(_PAIRS) >= 1 << 16:
                    _PAIRS.clear()
                    _OPTIONS.clear()
                for i, a in enumerate(legal):
                    if options[i] is None:
                        _OPTIONS[id(a)] = a
                        options[i] = _PAIRS[id(a)] = (a.type, _field(a))
            if legal[0].type == "scoop":  # the main actions' tuples are shared (CCP-5)
                if len(_LEGAL) >= 1 << 12:
                    _LEGAL.clear()
                _LEGAL[id(legal)] = (legal, options)
        return legal[self._pick(options, state.hands[seat], state.cones[seat], state.row,
                                (*state.order_row, *state.reserved[seat]), len(state.pile),
                                len(state.rainbow_pile), _card_table(state.cards),
                                _order_table(state.comps.orders))]

    def _pick(self, options: list[tuple[str, Any]], hand: Any, cones: Any, row: Any,
              orders: tuple[int, ...], pile: int, rainbows: int, cards: tuple,
              table: tuple) -> int:
        """The index of the chosen option among ``options`` (kind, main field)."""
        kind = options[0][0]
        if kind == "fill" or kind == "end_turn":  # CCP-9: the richest order
            return _best(self.rng, [table[o][2] if t == "fill" else -1 for t, o in options])
        wants = [table[o] for o in orders]
        stacks = [_stack(stack, cards) for stack in cones]
        if kind == "take_reward":  # CCP-10: a Cone or cards the cones need while young
            kinds = [field[0] for _t, field in options]
            if "cone" in kinds and pile >= 30:
                return kinds.index("cone")
            if "cards" in kinds and pile >= 30:
                need = _needs(hand, stacks, wants, cards)[0]
                values = []
                for _t, (k, taken, from_pile) in options:
                    if k != "cards":
                        values.append(1.5)
                        continue
                    flavours = [cards[row[i]][1] for i in taken]
                    values.append(sum(1 for f in flavours if f >= 0 and need[f] > 0)
                                  + 0.4 * from_pile)
                return _best(self.rng, values)
            return kinds.index("coins") if "coins" in kinds else 0
        if kind == "place" or kind == "stop_serving":  # CCP-8
            # each cone: its value now, with one more card of each flavour or a Rainbow,
            # and its top card
            facts = [(*_cone_values(by, size, wants), cards[stack[-1]] if stack else None)
                     for stack, (by, _w, size) in zip(cones, stacks, strict=True)]
            values = []
            for t, field in options:
                if t != "place":
                    values.append(0.0)
                    continue
                card, cone = field
                _packed, f, brand, _combo = cards[card]
                base, after, wild, below = facts[cone]
                value = after[f] if f >= 0 else wild
                if value < 0:
                    values.append(-10.0)
                    continue
                gain = value - base
                if below is not None and (f < 0 or below[1] < 0 or below[3] == brand):
                    gain += 0.5  # a combo: one more placement (CCP-8)
                values.append(gain)
            return _best(self.rng, values)
        # the main action (CCP-5)
        need, held, complete, helps = _needs(hand, stacks, wants, cards)
        if hand and complete:
            return _first(options, "serve")
        best_scoop, best_value = -1, 0.0
        flavour = [cards[c][1] for c in row]  # each row card's flavour (-1: a Rainbow)
        for i, (t, positions) in enumerate(options):
            if t != "scoop":
                continue
            if len(positions) == 1:  # most Scoops: one card
                f = flavour[positions[0]]
                value = 0.05 + 1.0 if f >= 0 and need[f] > 0 else 0.05
            else:
                want = list(need)
                value = 0.05 * len(positions)
                for p in positions:
                    f = flavour[p]
                    if f >= 0 and want[f] > 0:
                        want[f] -= 1
                        value += 1.0
            if value > best_value:
                best_scoop, best_value = i, value
        if best_scoop >= 0 and best_value >= 1.0:
            return best_scoop
        secures = [(i, o) for i, (t, o) in enumerate(options) if t == "secure"]
        if secures and rainbows:  # CCP-7: an order, and a Rainbow with it
            values = []
            for _i, o in secures:
                if o == "deck":
                    values.append(0.5)
                    continue
                want, height, coins = table[orders[o]]
                have = sum(min(want >> (_BITS * f) & _DIGIT, h) for f, h in enumerate(held))
                values.append(coins * (1 + have) / (1 + height))
            return secures[_best(self.rng, values)][0]
        if helps:
            return _first(options, "serve")
        if best_scoop >= 0:
            return best_scoop
        return int(self.rng.random() * len(options))


def _field(action: Any) -> Any:
    """The field of an action (an Action or its plain form) the rollout policy reads."""
    get = action.get if isinstance(action, dict) else action.__getattribute__
    kind = get("type")
    if kind == "scoop":
        return tuple(get("cards"))
    if kind == "secure" or kind == "fill":
        return get("order")
    if kind == "place":
        return get("card"), get("cone")
    if kind == "take_reward":
        return get("kind"), tuple(get("cards")), get("pile")
    return None


def _needs(hand: Any, stacks: list[tuple[int, int, int]], wants: list, cards: tuple) -> tuple:
    """What the cones still need, toward each cone's best order (by coins per missing
    card), less the hand (by flavour); the hand's flavours counted; whether one Serve
    could complete a cone (a placement per Cone, the hand's Rainbows as any flavour,
    CCP-8); whether a hand card helps a cone on its way."""
    held = [0] * len(FLAVOURS)
    wild = by_hand = 0
    for c in hand:
        packed, f, _brand, _combo = cards[c]
        if f < 0:
            wild += 1
        else:
            held[f] += 1
            by_hand += packed
    need = (0,) * len(FLAVOURS)
    complete = helps = False
    budget = len(stacks)
    missing_of, short_of = _MISSING, _SHORT
    for by, rainbows, size in stacks:
        best = None
        top = -1.0
        for want, height, coins in wants:
            if size > height or (want - by) & _GUARDS != _GUARDS:
                continue
            total = height - size  # the Rainbows fill any flavour
            score = coins / (1 + total)
            if score > top:
                best, top = want, score
            if total and hand and not (complete and helps):
                if wild:
                    helps = True
                if total <= budget or not helps:
                    short, hit = short_of[(want - by, rainbows, by_hand)]
                    if hit:
                        helps = True
                    if total <= budget and short <= wild:
                        complete = True
        if best is not None:
            need = tuple(map(add, need, missing_of[(best - by, rainbows)]))
    return [max(0, k - h) for k, h in zip(need, held, strict=True)], held, complete, helps


def _packed_short(key: tuple[int, int, int]) -> tuple[int, bool]:
    """The cards of an order a stack still misses beyond a hand's, and whether the hand
    holds a flavour it misses (``key``: the order's packed counts less the stack's, the
    stack's Rainbows, the hand's packed flavours without its Rainbows)."""
    rest, wild, by_hand = key
    short, hit = 0, False
    for f, k in enumerate(_MISSING[(rest, wild)]):
        if k:
            h = by_hand >> (_BITS * f) & _HELD
            if h:
                hit = True
            if k > h:
                short += k - h
    return short, hit


_SHORT = Table(_packed_short)
#: A hand's count of one flavour in its packed flavours (all 5 bits: no guard bit there).
_HELD = (1 << _BITS) - 1


def _first(options: list[tuple[str, Any]], kind: str) -> int:
    """The index of the first option of ``kind``."""
    return next(i for i, (t, _f) in enumerate(options) if t == kind)


def _best(rng: random.Random, values: list[float]) -> int:
    """The index of the highest value; among equals, one ``rng.random()`` draw picks."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v == top]
    return best[int(rng.random() * len(best))]


POLICIES = {"greedy": Greedy, "heuristic": Heuristic, "rollout": Rollout}
