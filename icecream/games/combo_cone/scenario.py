"""Scenarios: any Combo Cone Paradise position as plain, JSON-able data, checked field by field.

Everything but ``players`` is optional. A card is its id (a whole number, see
:mod:`.components`) or its faces as text: ``"mint/heart/star"`` (flavour/brand/combo brand)
or ``"rainbow"``; an order is its id or its flavours joined by ``+`` (``"mint+vanilla"``).
Piles, decks and discard piles list their *top card first* (docs/scenarios.md, format 2).
Cards the scenario does not place go, shuffled by ``seed``, under the listed top of the
draw pile until it has ``pile_size`` cards, and the
rest into the box; unplaced Rainbows are in the Rainbow pile, unplaced orders are shuffled
under the listed Order deck, unplaced Cones are the reserve. A saved state
(:meth:`ComboConeState.to_dict`) is a scenario that places every card by id.

Fields::

    {"game": "combo-cone", "format_version": 2, "players": 3 | ["Ann", ...],
     "settings": {"ruleset": "rulebook", "first_player": 0, "rainbow_hand_limit": null,
                  "deck": null},
     "seed": 0, "phase": "main" | "serving" | "filling" | "reward" | "over",
     "to_act": 0, "turn": 0, "final_turns_left": null | n,
     "placements_left": 0, "pending_order": null | order,
     "hands": [[card, ...], ...], "cones": [[[card, ...], []], ...],
     "reserved": [[order, ...], ...], "filled": [[order, ...], ...], "fills": [0, ...],
     "row": [card, ...], "pile": [card, ...], "pile_size": n, "box": [card, ...],
     "ice_cream_discard": [card, ...],
     "order_row": [order, ...], "order_deck": [order, ...], "order_discard": [order, ...],
     "reshuffles": 0, "round_scores": [[coins per seat], ...]}

>>> s = load_scenario({"players": 2, "hands": [["mint/heart/star"], []]})
>>> s.face(s.hands[0][0])
['mint', 'heart', 'star']
>>> load_scenario({"players": 2, "phase": "lunch"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
icecream.core.errors.ScenarioError: phase: must be one of main, serving, ... not 'lunch'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import scenario as sc
from ...core.chance import shuffled
from ...core.errors import ScenarioError
from ...core.protocol import FORMAT_VERSION
from .components import BRANDS, FLAVOURS, RAINBOW, Components
from .settings import KIT, PILE_SIZE
from .state import (
    CHANCE,
    FILLING,
    MAIN,
    MAX_RESERVED,
    OVER,
    PHASE_NAMES,
    REWARD,
    ROW_SIZE,
    SCENARIO_FIELDS,
    SCENARIO_ORDERS,
    SCENARIO_PILE,
    SERVING,
    START_CONES,
    ComboConeState,
    _ev,
    build_state,
)


class _Ids:
    """Hands out ids of one kind of component (cards, orders) for scenario entries, each
    at most once: an entry is an id or the component's text (:meth:`by_text`)."""

    #: The component's name in messages, and how its list is described.
    what, kind = "card", "cards"

    def __init__(self, count: int) -> None:
        self.count = count
        self.used: set[int] = set()

    def take(self, entry: Any, where: str) -> int:
        if isinstance(entry, int) and not isinstance(entry, bool):
            if not 0 <= entry < self.count:
                raise ScenarioError(f"{where}: no {self.what} has id {entry} (ids are 0.."
                                    f"{self.count - 1})")
            if entry in self.used:
                raise ScenarioError(f"{where}: {self.what} {entry} is placed twice")
            self.used.add(entry)
            return entry
        return self.by_text(entry, where)

    def by_text(self, entry: Any, where: str) -> int:
        raise NotImplementedError

    def first_unused(self, ids: Any) -> int | None:
        """The first of ``ids`` not handed out yet (now handed out), or ``None``."""
        for i in ids:
            if i not in self.used:
                self.used.add(i)
                return i
        return None

    def many(self, data: Any, where: str) -> list[int]:
        if not isinstance(data, list):
            raise ScenarioError(f"{where}: must be a list of {self.kind}, not {data!r}")
        return [self.take(x, f"{where}[{i}]") for i, x in enumerate(data)]


class _Cards(_Ids):
    """Card ids: an id, ``"flavour/brand/combo"`` or ``"rainbow"``."""

    def __init__(self, comps: Components) -> None:
        super().__init__(len(comps.cards))
        self.by_face: dict[tuple, list[int]] = {}
        for i, c in enumerate(comps.cards):
            self.by_face.setdefault((c.flavour, c.brand, c.combo), []).append(i)

    def by_text(self, entry: Any, where: str) -> int:
        if not isinstance(entry, str):
            raise ScenarioError(f"{where}: a card is an id or 'flavour/brand/combo' or "
                                f"'rainbow', not {entry!r}")
        if entry == "rainbow":
            key = (RAINBOW, RAINBOW, RAINBOW)
        else:
            parts = entry.split("/")
            if len(parts) != 3:
                raise ScenarioError(f"{where}: a card is 'flavour/brand/combo' or 'rainbow', "
                                    f"not {entry!r}")
            fl, br, co = parts
            if fl not in FLAVOURS:
                raise ScenarioError(f"{where}: unknown flavour {fl!r}; flavours are "
                                    f"{', '.join(FLAVOURS)}")
            for b in (br, co):
                if b not in BRANDS:
                    raise ScenarioError(f"{where}: unknown brand {b!r}; brands are "
                                        f"{', '.join(BRANDS)}")
            key = (FLAVOURS.index(fl), BRANDS.index(br), BRANDS.index(co))
        got = self.first_unused(self.by_face.get(key, []))
        if got is None:
            raise ScenarioError(f"{where}: no {entry!r} card is left: the deck has "
                                f"{len(self.by_face.get(key, []))} (CCP-2)")
        return got


class _Orders(_Ids):
    """Order ids: an id or the order's flavours joined by ``+``."""

    what, kind = "order", "orders"

    def __init__(self, comps: Components) -> None:
        super().__init__(len(comps.orders))
        self.orders = comps.orders

    def by_text(self, entry: Any, where: str) -> int:
        if not isinstance(entry, str):
            raise ScenarioError(f"{where}: an order is an id or flavours joined by '+', "
                                f"not {entry!r}")
        names = entry.split("+")
        for f in names:
            if f not in FLAVOURS:
                raise ScenarioError(f"{where}: unknown flavour {f!r}; flavours are "
                                    f"{', '.join(FLAVOURS)}")
        want = tuple(sorted(FLAVOURS.index(f) for f in names))
        got = self.first_unused(i for i, o in enumerate(self.orders) if o.flavours == want)
        if got is None:
            raise ScenarioError(f"{where}: no {entry!r} order is left in the order deck "
                                "(CCP-4)")
        return got


#: Format version 1 listed the discard piles top card last (the others top card first).
_FROM_VERSION_1 = sc.top_last_to_top_first(["ice_cream_discard", "order_discard"])


def load_scenario(data: Mapping[str, Any] | str) -> ComboConeState:
    """Check a scenario and build its state; :class:`ScenarioError` names the bad field."""
    data = sc.read_scenario(data, "combo-cone", "a Combo Cone Paradise", SCENARIO_FIELDS,
                         FORMAT_VERSION, {1: _FROM_VERSION_1})
    settings = sc.scenario_settings(data, KIT)
    comps = settings.components
    n = settings.players
    seed = sc.read_seed(data)
    phase_name = data.get("phase", "main")
    if phase_name not in PHASE_NAMES:
        raise ScenarioError(f"phase: must be one of {', '.join(PHASE_NAMES)}, "
                            f"not {phase_name!r}")
    phase = PHASE_NAMES.index(phase_name)
    to_act = sc.read_int(data, "to_act", settings.first_player, 0, n - 1)
    turn = sc.read_int(data, "turn", 0, 0, 10**6)
    final = data.get("final_turns_left")
    final_left = -1 if final is None else sc.read_int(data, "final_turns_left", 0, 0, n)
    reshuffles = sc.read_int(data, "reshuffles", 0, 0, 10**6)

    cards = _Cards(comps)
    orders = _Orders(comps)
    hands = [sorted(cards.many(h, f"hands[{p}]"))
             for p, h in enumerate(sc.per_seat(data, "hands", n, list, "Artisan"))]
    cones = []
    for p, cs in enumerate(sc.per_seat(data, "cones", n, lambda: [[]] * START_CONES, "Artisan")):
        if not isinstance(cs, list) or not cs:
            raise ScenarioError(f"cones[{p}]: must be a list of at least one cone (stacks of "
                                "cards, bottom first; [] for an empty cone)")
        cones.append([cards.many(st, f"cones[{p}][{j}]") for j, st in enumerate(cs)])
    n_cones = sum(len(cs) for cs in cones)
    if n_cones > comps.cones:
        raise ScenarioError(f"cones: {n_cones} Cones are placed, but the game has "
                            f"{comps.cones} (CCP-3)")
    row = cards.many(data.get("row", []), "row")
    if len(row) > ROW_SIZE:
        raise ScenarioError(f"row: the Ice Cream row holds at most {ROW_SIZE} cards (CCP-3)")
    discard = cards.many(data.get("ice_cream_discard", []), "ice_cream_discard")[::-1]
    pile_top = cards.many(data.get("pile", []), "pile")
    box_given = "box" in data
    box = cards.many(data.get("box", []), "box")
    n_ic = len(comps.ice_cream)
    for where, group in (("row", row), ("pile", pile_top), ("box", box),
                         ("ice_cream_discard", discard)):
        for c in group:
            if c >= n_ic:
                raise ScenarioError(f"{where}: a Rainbow card can only be in a hand, on a "
                                    "cone or in the Rainbow pile (CCP-2, CCP-9)")

    reserved = [orders.many(r, f"reserved[{p}]")
                for p, r in enumerate(sc.per_seat(data, "reserved", n, list, "Artisan"))]
    for p, r in enumerate(reserved):
        if len(r) > MAX_RESERVED:
            raise ScenarioError(f"reserved[{p}]: at most {MAX_RESERVED} reserved orders "
                                "(CCP-7)")
    filled = [orders.many(f, f"filled[{p}]")
              for p, f in enumerate(sc.per_seat(data, "filled", n, list, "Artisan"))]
    fills = sc.per_seat(data, "fills", n, int, "Artisan")
    for p, k in enumerate(fills):
        if isinstance(k, bool) or not isinstance(k, int) or k < len(filled[p]):
            raise ScenarioError(f"fills[{p}]: must be a whole number of orders filled, at "
                                f"least the {len(filled[p])} kept for coins")
    order_row = orders.many(data.get("order_row", []), "order_row")
    if len(order_row) > ROW_SIZE:
        raise ScenarioError(f"order_row: the Order row holds at most {ROW_SIZE} orders (CCP-3)")
    pending = data.get("pending_order")
    pending_id = -1 if pending is None else orders.take(pending, "pending_order")
    odeck_top = orders.many(data.get("order_deck", []), "order_deck")
    odiscard = orders.many(data.get("order_discard", []), "order_discard")[::-1]

    # Fill what the scenario did not place.
    rest = [c for c in range(n_ic) if c not in cards.used]
    rest = shuffled(CHANCE, seed, SCENARIO_PILE, 0, rest)
    if box_given:
        size = len(pile_top) + len(rest)
    else:
        placed = n_ic - len(rest) - len(pile_top)
        size = max(len(pile_top), PILE_SIZE[n] - placed)
        size = min(size, len(pile_top) + len(rest))
        if "pile_size" in data:
            size = sc.read_int(data, "pile_size", size, len(pile_top), len(pile_top) + len(rest))
    under = size - len(pile_top)
    pile = rest[:under] + list(reversed(pile_top))
    box = sorted(box + rest[under:])
    orest = shuffled(CHANCE, seed, SCENARIO_ORDERS, 0,
                     [o for o in range(len(comps.orders)) if o not in orders.used])
    order_deck = orest + list(reversed(odeck_top))

    placements = sc.read_int(data, "placements_left", 0, 0, 1000)
    if phase == SERVING and (placements < 1 or not hands[to_act]):
        raise ScenarioError("placements_left: the serving phase needs placements left and "
                            "cards in hand (CCP-8)")
    if phase != SERVING and placements:
        raise ScenarioError("placements_left: only the serving phase has placements (CCP-8)")
    if (phase == REWARD) != (pending_id >= 0):
        raise ScenarioError("pending_order: the reward phase, and only it, has a filled order "
                            "whose reward is being chosen (CCP-10)")
    if pending_id >= 0 and comps.orders[pending_id].reward is None:
        raise ScenarioError("pending_order: that order offers no alternative reward (CCP-10)")
    if phase == OVER and final is None:
        final_left = 0  # the game ended when the last final turn was played
    _check_end(phase, final_left, len(pile), turn, n)

    s = build_state(
        settings, comps, seed, _phase=phase, to_act=to_act if phase != OVER else -1,
        turn=turn, final_left=final_left, pile=pile, row=row, box=box, ic_discard=discard,
        order_deck=order_deck, order_row=order_row, order_discard=odiscard,
        reshuffles=reshuffles, hands=hands, cones=cones, reserved=reserved, filled=filled,
        fills=list(fills), placements=placements, pending=pending_id,
        round_scores=_round_scores(data, n, turn))
    ev: list = [_ev("scenario")]
    if phase == FILLING:
        s._to_filling(ev)
    s._events = tuple(ev)
    s.check_invariants()
    return s


def state_to_scenario(s: ComboConeState) -> dict[str, Any]:
    """The whole state as a scenario that places every card by id (a save)."""
    settings = s.settings.to_dict()
    del settings["names"]
    return {
        "game": "combo-cone",
        "format_version": FORMAT_VERSION,
        "players": list(s.names),
        "settings": settings,
        "seed": s.seed,
        "phase": PHASE_NAMES[s._phase],
        "to_act": s.to_act if s._phase != OVER else 0,
        "turn": s.turn,
        "final_turns_left": s.final_left if s.final_left >= 0 else None,
        "placements_left": s.placements,
        "pending_order": s.pending if s.pending >= 0 else None,
        "hands": [list(h) for h in s.hands],
        "cones": [[list(st) for st in cs] for cs in s.cones],
        "reserved": [list(r) for r in s.reserved],
        "filled": [list(f) for f in s.filled],
        "fills": list(s.fills),
        "row": list(s.row),
        "pile": list(reversed(s.pile)),
        "box": list(s.box),
        "ice_cream_discard": list(reversed(s.ic_discard)),
        "order_row": list(s.order_row),
        "order_deck": list(reversed(s.order_deck)),
        "order_discard": list(reversed(s.order_discard)),
        "reshuffles": s.reshuffles,
        "round_scores": [list(r) for r in s.round_scores],
    }


def _check_end(phase: int, final_left: int, pile: int, turn: int, n: int) -> None:
    """Refuse an end of game no real game reaches (CCP-11): final turns start only when
    the draw pile is empty at the end of a turn, one for each Artisan, and the game is over
    exactly when the last of them is played."""
    if phase == OVER and pile:
        raise ScenarioError(f"phase: the game is over only after the draw pile ran out and "
                            f"each Artisan took a final turn (CCP-11), but the pile holds "
                            f"{pile} cards")
    if final_left >= 0 and pile:
        raise ScenarioError(f"final_turns_left: the final turns start only when the draw "
                            f"pile is empty (CCP-11), but it holds {pile} cards")
    if phase == OVER:
        if final_left != 0:
            raise ScenarioError(f"final_turns_left: the game is over only when no final "
                                f"turn is left (CCP-11), not {final_left}")
        if turn < n:
            raise ScenarioError(f"turn: the game is over only after each of the {n} "
                                f"Artisans has taken a final turn (CCP-11), not at turn {turn}")
    elif final_left == 0:
        raise ScenarioError("final_turns_left: 0 means the last final turn was played and "
                            "the game is over (CCP-11); give phase 'over', or 1.."
                            f"{n} turns left")
    elif phase == MAIN and final_left < 0 and not pile:
        raise ScenarioError(f"final_turns_left: the draw pile is empty, so the final turns "
                            f"began at the end of the last turn (CCP-11): give 1..{n}, "
                            "not null")


def _round_scores(data: Mapping, n: int, turn: int) -> tuple[tuple[int, ...], ...]:
    v = data.get("round_scores", [])
    if not isinstance(v, list) or len(v) > turn // n or not all(
            isinstance(r, list) and len(r) == n and all(
                isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in r)
            for r in v):
        raise ScenarioError(f"round_scores: must list, for each finished table round (at most "
                            f"{turn // n}), the {n} coin totals")
    return tuple(tuple(r) for r in v)


__all__ = ["load_scenario", "state_to_scenario", "MAIN"]
