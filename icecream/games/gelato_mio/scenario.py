"""Gelato Mio positions as plain data: save any state, set up any example ("rig the deck").

A scenario names every place a card can be (cards by code, customers by id; the deck,
the discard pile and the customer piles list their top card first, as in every game:
docs/scenarios.md, format 2; version-1 data, top card last, is turned over on load).
Hand-written scenarios may leave out ``deck`` (the cards not placed elsewhere, shuffled
by the seed), ``piles`` (the customers not served, dealt by the seed) and ``supply``
(the balls not on the table or served). :func:`load_scenario` checks every field and that
every card is in exactly one place (GM-2, GM-3); :class:`ScenarioError` names the field
that is wrong.

>>> s = load_scenario({"players": ["Ana", "Bo"], "display": [
...     ["sugar", "sugar", "cream"], ["cone", "bowl", "wafer"], ["vanilla", "sugar", "cone"]]})
>>> s.display[:3], len(s.deck)
([0, 0, 1], 31)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core import scenario as sc
from ...core.chance import rng
from ...core.errors import ScenarioError
from ...core.fields import saved_names
from ...core.protocol import FORMAT_VERSION
from . import components as parts
from .settings import KIT
from .state import FIELDS, NUMBERS, GelatoMioState

#: Every field a scenario may have: the common ones and the state's saved fields.
SCENARIO_FIELDS = sc.scenario_fields(saved_names(FIELDS))

#: How each saved field that is not a plain number is written (cards by code, customers
#: by id, spots as [row, col]); the numbers and flags are written as they are.
_WRITE: dict[str, Callable[[GelatoMioState, tuple], Any]] = {
    "hands": lambda s, r: [[parts.CODES[k] for k in range(parts.HAND_KINDS) for _ in range(h[k])]
                           for h in s.hands],
    "table": lambda s, r: [{parts.FLAVOUR_CODES[i]: b[i] for i in range(3) if b[i]}
                           for b in s.table],
    "served": lambda s, r: [[r[c].id for c in cs] for cs in s.served],
    "display": lambda s, r: [[None if k < 0 else parts.CODES[k] for k in s.display[i * 3:i * 3 + 3]]
                             for i in range(3)],
    "deck": lambda s, r: [parts.CODES[k] for k in reversed(s.deck)],
    "discard": lambda s, r: [parts.CODES[k] for k in reversed(s.discard)],
    "piles": lambda s, r: [[r[c].id for c in reversed(p)] for p in s.piles],
    "supply": lambda s, r: {parts.FLAVOUR_CODES[i]: s.supply[i] for i in range(3)},
    "claimed": lambda s, r: [None if q < 0 else q for q in s.claimed],
    "quality_control": lambda s, r: None if s.qc is None else {
        "card": parts.CODES[s.qc[0]], "spot": [s.qc[1] // 3, s.qc[1] % 3],
        "pending": [list(x) for x in s.qc[2]]},
    "to_fill": lambda s, r: [[i // 3, i % 3] for i in s.to_fill],
}


def state_to_scenario(s: GelatoMioState) -> dict[str, Any]:
    """The whole position as a scenario dict (JSON-able), its fields in :data:`FIELDS`
    order."""
    recipes = s.settings.recipes
    settings = s.settings.to_dict()
    names = settings.pop("names")
    out: dict[str, Any] = {"game": "gelato-mio", "format_version": FORMAT_VERSION,
                           "players": list(names), "settings": settings}
    for f in FIELDS:
        name = f.saved_as
        if name is None or name == "settings":
            continue
        write = _WRITE.get(name)
        out[name] = getattr(s, f.name) if write is None else write(s, recipes)
    return out


#: Format version 1 listed the deck, the discard pile and the customer piles top card last.
_FROM_VERSION_1 = sc.top_last_to_top_first(["deck", "discard"], ["piles"])


def _cards(value: Any, at: str, allowed: int = parts.HAND_KINDS) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{at}: must be a list of card names, not {value!r}")
    out = []
    for j, code in enumerate(value):
        k = parts.KIND_OF.get(code, -1) if isinstance(code, str) else -1
        if not 0 <= k < allowed:
            raise ScenarioError(f"{at}[{j}]: {code!r} is not one of {list(parts.CODES[:allowed])}")
        out.append(k)
    return out


def load_scenario(data: Mapping[str, Any] | str,  # noqa: C901 -- one check a field
                  *, hands_unknown: bool = False) -> GelatoMioState:
    """Check a scenario and build its state; :class:`ScenarioError` names the bad field.

    ``hands_unknown``: the hands are left empty because they are not known (a
    determinizer's template, filled in later), so no check counts their cards."""
    data = sc.read_scenario(data, "gelato-mio", "a Gelato Mio", SCENARIO_FIELDS, FORMAT_VERSION,
                         {1: _FROM_VERSION_1})
    settings = sc.scenario_settings(data, KIT)
    n = settings.players
    recipes = settings.recipes
    ids = {c.id: i for i, c in enumerate(recipes)}
    s = object.__new__(GelatoMioState)
    s.settings = settings
    seed = sc.read_seed(data)
    s.seed = seed
    for f in NUMBERS:  # the whole numbers and flags, as they are
        name, default = f.saved_as, f.default(settings)
        setattr(s, f.name, sc.read_bool(data, name, default) if f.high is None
                else sc.read_int(data, name, default, f.low, f.high(n)))
    s.hands = []
    for p, h in enumerate(sc.per_seat(data, "hands", n, list)):
        counts = [0] * parts.HAND_KINDS
        for k in _cards(h, f"hands[{p}]"):
            counts[k] += 1
        s.hands.append(counts)
    s.table = []
    for p, b in enumerate(sc.per_seat(data, "table", n, dict)):
        if not isinstance(b, Mapping) or set(b) - set(parts.FLAVOUR_CODES):
            raise ScenarioError(f"table[{p}]: must map flavours {list(parts.FLAVOUR_CODES)} to "
                                f"counts, not {b!r}")
        s.table.append([sc.read_int(b, f, 0, 0, parts.BALLS_PER_FLAVOUR)
                        for f in parts.FLAVOUR_CODES])
    s.served = []
    placed: list[int] = []
    for p, cs in enumerate(sc.per_seat(data, "served", n, list)):
        if not isinstance(cs, list) or not all(isinstance(c, str) and c in ids for c in cs):
            raise ScenarioError(f"served[{p}]: must list customer ids from the recipes, "
                                f"not {cs!r}")
        s.served.append([ids[c] for c in cs])
        placed += s.served[-1]
    disp = data.get("display")
    if not isinstance(disp, list) or len(disp) != 3 or not all(
            isinstance(r, list) and len(r) == 3 for r in disp):
        raise ScenarioError("display: must be 3 rows of 3 card names or null (GM-4)")
    s.display = []
    for r, row in enumerate(disp):
        for c, code in enumerate(row):
            if code is None:
                s.display.append(-1)
            else:
                s.display.append(_cards([code], f"display[{r}][{c}]", len(parts.CODES))[0])
        if None in row and any(code is not None for code in row[row.index(None):]):
            raise ScenarioError(f"display[{r}]: {row!r} has an empty spot left of a card; a "
                                "row's cards sit at its leftmost spots (GM-4)")
    s.discard = _cards(data.get("discard", []), "discard", len(parts.CODES))[::-1]
    # Every ingredient card in exactly one place (GM-2); the deck may be left to the seed.
    used = [0] * len(parts.CODES)
    for h in s.hands:
        for k in range(parts.HAND_KINDS):
            used[k] += h[k]
    for k in s.discard + [k for k in s.display if k >= 0]:
        used[k] += 1
    for c in placed:
        for k in range(parts.HAND_KINDS):
            used[k] += recipes[c].cards[k]
    if "deck" in data:
        s.deck = _cards(data["deck"], "deck", len(parts.CODES))[::-1]
        for k in s.deck:
            used[k] += 1
        if used != list(parts.DECK_COUNTS):
            raise ScenarioError(f"deck: the cards placed {_diff(used)} do not make the 40 "
                                "ingredient cards (GM-2)")
    else:
        over = [parts.CODES[k] for k in range(len(parts.CODES)) if used[k] > parts.DECK_COUNTS[k]]
        if over:
            raise ScenarioError(f"hands/display/discard: more {over} cards than the deck "
                                "has (GM-2)")
        s.deck = [k for k in range(len(parts.CODES)) for _ in range(parts.DECK_COUNTS[k] - used[k])]
        rng("gelato-mio", seed, "setup", 0).shuffle(s.deck)
    if len(set(placed)) != len(placed):
        raise ScenarioError("served: a customer is served twice")
    if "piles" in data:
        piles = data["piles"]
        if not isinstance(piles, list) or len(piles) != 4 or not all(
                isinstance(p, list) and all(isinstance(c, str) and c in ids for c in p)
                for p in piles):
            raise ScenarioError("piles: must be 4 lists of customer ids (pile 0 the display "
                                "customer, then 3 piles, top card first; GM-3)")
        s.piles = [[ids[c] for c in reversed(p)] for p in piles]
        allc = placed + [c for p in s.piles for c in p]
        if sorted(allc) != list(range(len(recipes))):
            raise ScenarioError("piles: with served, every customer must appear exactly once "
                                "(GM-3)")
    else:
        rest = [i for i in range(len(recipes)) if i not in placed and not recipes[i].on_display]
        rng("gelato-mio", seed, "setup", 1).shuffle(rest)
        s.piles = [[i for i in range(len(recipes)) if recipes[i].on_display and i not in placed]]
        s.piles += [rest[j::3] for j in range(3)]
    for i, f in enumerate(parts.FLAVOUR_CODES):
        used_balls = sum(b[i] for b in s.table) + sum(
            recipes[c].balls[parts.FLAVOURS[i]] for c in placed)
        if used_balls > parts.BALLS_PER_FLAVOUR:
            raise ScenarioError(f"table: {used_balls} {f} balls placed, more than the "
                                f"{parts.BALLS_PER_FLAVOUR} of the box (GM-2)")
    if "supply" in data:
        sup = data["supply"]
        if not isinstance(sup, Mapping) or set(sup) != set(parts.FLAVOUR_CODES):
            raise ScenarioError(f"supply: must map each flavour {list(parts.FLAVOUR_CODES)} "
                                "to a count")
        s.supply = [sc.read_int(sup, f, 0, 0, parts.BALLS_PER_FLAVOUR) for f in parts.FLAVOUR_CODES]
    else:
        s.supply = [parts.BALLS_PER_FLAVOUR - sum(b[i] for b in s.table) - sum(
            recipes[c].balls[parts.FLAVOURS[i]] for c in placed) for i in range(3)]
    claimed = data.get("claimed", [None] * len(parts.ICE_CREAM_OBJECTIVES))
    if not isinstance(claimed, list) or len(claimed) != len(parts.ICE_CREAM_OBJECTIVES) or not all(
            q is None or (isinstance(q, int) and not isinstance(q, bool) and 0 <= q < n)
            for q in claimed):
        raise ScenarioError("claimed: must list, per ice cream objective (GM-7), the seat "
                            "holding it or null")
    s.claimed = [-1 if q is None else q for q in claimed]
    qc = data.get("quality_control")
    s.qc = None
    if qc is not None:
        try:
            card = parts.KIND_OF[qc["card"]]
            r, c = qc["spot"]
            pending = [[int(p), int(k)] for p, k in qc["pending"]]
            # Explicit checks, not assert: they must hold under python -O too.
            if not (card >= parts.QC_HAND and 0 <= r < 3 and 0 <= c < 3 and pending
                    and all(0 <= p < n and k > 0 for p, k in pending)
                    and s.display[r * 3 + c] == card):
                raise ValueError("quality_control")
        except (KeyError, TypeError, ValueError):
            raise ScenarioError("quality_control: must be null or {card, spot [row, col] "
                                "holding that card, pending [[seat, cards left]...]} (GM-5)"
                                ) from None
        s.qc = [card, r * 3 + c, pending]
    tf = data.get("to_fill", [])
    if not isinstance(tf, list) or not all(
            isinstance(x, list) and len(x) == 2 and all(isinstance(v, int) for v in x)
            and 0 <= x[0] < 3 and 0 <= x[1] < 3 for x in tf):
        raise ScenarioError("to_fill: must be a list of [row, col] display spots")
    s.to_fill = [r * 3 + c for r, c in tf]
    _check_reachable(s, n, hands_unknown)
    s._legal = None
    s._events = ()
    try:
        s.check_invariants()
    except AssertionError as e:
        raise ScenarioError(f"the cards do not add up: {e} (GM-2, GM-3)") from None
    return s


def _diff(used: list[int]) -> str:
    return ", ".join(f"{parts.CODES[k]} {used[k]} of {parts.DECK_COUNTS[k]}"
                     for k in range(len(parts.CODES)) if used[k] != parts.DECK_COUNTS[k])


def _check_reachable(s: GelatoMioState, n: int, hands_unknown: bool) -> None:
    """Refuse positions no real game reaches, naming the field (GM-5, GM-7, GM-9).

    Once a ball is made, some ball stays out of the supply for good: serving keeps the
    balls on the customer, and ">3" leaves a player at least 2 of more than 3. So a pile
    that ran out (the last round, the end) means not every ball is in the supply."""
    recipes = s.settings.recipes
    for j, q in enumerate(s.claimed):
        kind, need, _points = parts.ICE_CREAM_OBJECTIVES[j]
        if q >= 0:
            got = sum(1 for c in s.served[q] if recipes[c].kind == kind)
            if got < need:
                raise ScenarioError(f"claimed[{j}]: seat {q} served {got} {kind} customers, "
                                    f"but the objective needs {need} (GM-7)")
    all_in = sum(s.supply) == parts.BALLS_PER_FLAVOUR * len(parts.FLAVOURS)
    if s.last_left and s.pile_out:
        raise ScenarioError("pile_out: a ball pile that runs out during the last round "
                            "starts no other one (GM-9)")
    for name, value in (("last_round_left", s.last_left), ("pile_out", s.pile_out)):
        if value and all_in:
            raise ScenarioError(f"{name}: the last round starts when a ball pile runs out "
                                f"(GM-9), but every ball is in the supply")
    if s.over:
        if s.last_left or s.pile_out or s.qc is not None or s.to_fill:
            raise ScenarioError("over: a finished game has no last_round_left, pile_out, "
                                "quality_control or to_fill left (GM-9)")
        if all_in and s.passes < n:
            raise ScenarioError(f"over: the game ends after a ball pile ran out (GM-9) or "
                                f"when all {n} players passed in a row (GMN-7), but every "
                                f"ball is in the supply and passes is {s.passes}")
    if s.qc is not None:
        card, _spot, pending = s.qc
        seats = [p for p, _k in pending]
        if len(set(seats)) != len(seats):
            raise ScenarioError("quality_control.pending: each seat answers once (GM-5)")
        for i, (p, k) in enumerate(pending):
            if hands_unknown and card == parts.QC_HAND:
                continue
            held, limit, what = ((sum(s.hands[p]), 7, "cards in hand") if card == parts.QC_HAND
                                 else (sum(s.table[p]), 3, "ball cards on the table"))
            # It held h0 > limit and owed h0 // 2; with k still owed it holds
            # ceil(h0 / 2) + k, so held - k > limit // 2 and k <= held - k.
            if held - k <= limit // 2 or k > held - k:
                raise ScenarioError(
                    f"quality_control.pending[{i}]: seat {p} has {held} {what}, so it cannot "
                    f"still owe {k} (half of more than {limit}, rounded down; GM-5)")
