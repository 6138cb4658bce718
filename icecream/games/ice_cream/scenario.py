"""Scenarios: any Ice Cream position as plain, JSON-able data, checked field by field.

A scenario sets up a position: players' cards, cones, deck orders, scores, dealer, day
and phase. Everything but ``players`` is optional. Decks and piles list their *top card
first* (the discard pile too: its last discard first; docs/scenarios.md, format 2);
cards the scenario does not place are shuffled (by ``seed``) *below* the listed ones,
so a rigged deck only needs its top cards. A saved state (:meth:`IceCreamState.to_dict`)
is a scenario that places every card.

Fields (flavours are codes such as ``"chocolate_chip"``)::

    {
      "game": "ice-cream", "format_version": 2,
      "players": ["Dan", "Joe", "Larry"] | 3,
      "settings": {"ruleset": "rulebook", "close": "scoop", "days": 4, ...},
      "seed": 0,
      "day": 1,                        # 1..days
      "phase": "deliveries" | "cones" | "serving" | "start_of_day" | "over",
      "dealer": 0, "to_act": 0,        # seats, 0-based, clockwise
      "scores": [0, 0, 0],
      "hands": [{"face_up": ["strawberry"], "face_down": "chocolate" | null,
                 "served": {"strawberry": 2}}, ...],
      "cones": [["pistachio", "chocolate"], null, ...],   # null: a cone already served
      "ice_cream_deck": [...], "ice_cream_discard": [...],
      "swappers": [seat, ...],         # who discarded each card of ice_cream_discard
      "scoop_deck": [...],             # in phase 2 the first is the scoop being placed
      "removed_scoops": [...],         # as many as settings.removed_scoops
      "last_actor": null | seat,       # last seat that acted in phase 3 (IC-14)
      "results": [[[scoops, duplicates], ...], ...]       # per finished day
    }

``start_of_day`` is a day whose deliveries are not dealt yet: loading deals them (IC-5).

>>> from icecream.games.ice_cream.scenario import load_scenario
>>> s = load_scenario({"players": ["Ann", "Bob", "Cy"], "phase": "serving",
...     "hands": [{"face_up": ["vanilla"]}, {"face_up": ["pistachio"]}, {"face_up": []}],
...     "cones": [["vanilla", "vanilla"]], "ice_cream_deck": ["strawberry"]})
>>> [a.to_dict() for a in s.legal_actions()]
[{'type': 'serve', 'cone': 1}]
>>> load_scenario({"players": 3, "phase": "lunch"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
icecream.core.errors.ScenarioError: phase: must be one of deliveries, cones, ... not 'lunch'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import scenario as sc
from ...core.errors import ScenarioError, quote
from ...core.protocol import FORMAT_VERSION
from .chance import SETUP_DECK, SETUP_SCOOPS, shuffled
from .components import COPIES, FLAVOURS, NUM_FLAVOURS, flavour_index
from .settings import KIT, Settings
from .state import (
    _NO_SERVED,
    CONES,
    DELIVERIES,
    OVER,
    PHASE_NAMES,
    SAVED_FIELDS,
    SERVING,
    IceCreamState,
)

SCENARIO_PHASES = ("deliveries", "cones", "serving", "start_of_day", "over")
#: The fields every game's scenario has, and Ice Cream's own (from the state's fields).
_FIELDS = sc.scenario_fields(SAVED_FIELDS)
_HAND_FIELDS = {"face_up", "face_down", "served"}


#: Format version 1 listed the discard pile and the swappers top card last.
_FROM_VERSION_1 = sc.top_last_to_top_first(["ice_cream_discard", "swappers"])


def load_scenario(data: Mapping[str, Any] | str) -> IceCreamState:
    """Check a scenario and build its state; :class:`ScenarioError` names the bad field."""
    data = sc.read_scenario(data, "ice-cream", "an Ice Cream", _FIELDS, FORMAT_VERSION,
                         {1: _FROM_VERSION_1})
    settings = sc.scenario_settings(data, KIT)
    n = settings.players
    seed = sc.read_seed(data)

    phase_name = data.get("phase", "start_of_day")
    if not isinstance(phase_name, str) or phase_name not in SCENARIO_PHASES:
        raise ScenarioError(f"phase: must be one of {', '.join(SCENARIO_PHASES)}, "
                            f"not {quote(phase_name)}")
    day = sc.read_int(data, "day", 1, 1, settings.days)
    dealer = sc.read_int(data, "dealer", settings.first_dealer, 0, n - 1)
    to_act = sc.read_int(data, "to_act", dealer, 0, n - 1)  # phase 2 derives it below
    scores = _int_list(data, "scores", [0] * n, n)
    last_actor = data.get("last_actor")
    if last_actor is not None:
        last_actor = sc.read_int(data, "last_actor", 0, 0, n - 1)

    hands = data.get("hands", [{} for _ in range(n)])
    if not isinstance(hands, list) or len(hands) != n:
        raise ScenarioError(f"hands: must be a list of {n} hands, one per player")
    cards, hidden, served = [], [], []
    for p, hand in enumerate(hands):
        where = f"hands[{p}]"
        if not isinstance(hand, Mapping):
            raise ScenarioError(f"{where}: must be an object")
        bad = set(hand) - _HAND_FIELDS
        if bad:
            raise ScenarioError(f"{where}: unknown field(s) {sorted(bad)}; fields are "
                                f"{sorted(_HAND_FIELDS)}")
        cards.append(tuple(_flavours(hand.get("face_up", []), f"{where}.face_up")))
        fd = hand.get("face_down")
        hidden.append(-1 if fd is None else flavour_index(fd, f"{where}.face_down"))
        sv = hand.get("served", {})
        if not isinstance(sv, Mapping):
            raise ScenarioError(f"{where}.served: must map flavours to scoop counts")
        counts = [0] * NUM_FLAVOURS
        for code, k in sv.items():
            f = flavour_index(code, f"{where}.served")
            if isinstance(k, bool) or not isinstance(k, int) or k < 0:
                raise ScenarioError(f"{where}.served.{code}: must be a count >= 0, "
                                    f"not {quote(k)}")
            if k and f not in cards[-1]:
                raise ScenarioError(f"{where}.served.{code}: scoops can only be served on a "
                                    f"face-up {code} card the player has (IC-11)")
            counts[f] = k
        served.append(tuple(counts))

    cones_data = data.get("cones", [])
    if not isinstance(cones_data, list):
        raise ScenarioError("cones: must be a list of cones (lists of flavours, or null)")
    cones: list[tuple[int, ...] | None] = []
    for i, c in enumerate(cones_data):
        if c is None:
            cones.append(None)
            continue
        cone = tuple(_flavours(c, f"cones[{i}]"))
        if not 1 <= len(cone) <= settings.scoops_per_cone:
            raise ScenarioError(f"cones[{i}]: a cone holds 1 to {settings.scoops_per_cone} "
                                f"scoops (IC-7), not {len(cone)}")
        cones.append(cone)
    if len(cones) > settings.cones:
        raise ScenarioError(f"cones: at most {settings.cones} cones a day (IC-7), "
                            f"not {len(cones)}")

    ic_top = _flavours(data.get("ice_cream_deck", []), "ice_cream_deck")
    ic_discard = _flavours(data.get("ice_cream_discard", []), "ice_cream_discard")
    swappers = data.get("swappers", [])
    if not isinstance(swappers, list) or len(swappers) != len(ic_discard) or not all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in swappers):
        raise ScenarioError("swappers: must list, for each card of ice_cream_discard, the seat "
                            "that discarded it (ICN-7)")
    scoop_top = _flavours(data.get("scoop_deck", []), "scoop_deck")
    removed_given = "removed_scoops" in data
    removed = _flavours(data.get("removed_scoops", []), "removed_scoops")
    if removed_given and len(removed) != settings.removed_scoops:
        raise ScenarioError(f"removed_scoops: the settings remove {settings.removed_scoops} "
                            f"scoops (IC-3), but {len(removed)} are listed")

    # Phase-specific consistency.
    phase = {"deliveries": DELIVERIES, "cones": CONES, "serving": SERVING,
             "over": OVER, "start_of_day": -1}[phase_name]
    if phase in (SERVING, OVER, -1) and any(h >= 0 for h in hidden):
        raise ScenarioError("hands: face_down cards exist only in phases 1 and 2; they are "
                            "revealed when phase 3 starts (IC-9)")
    if phase != SERVING and any(any(s) for s in served):
        raise ScenarioError("hands: served scoops exist only during phase 3 (IC-11, IC-13)")
    if phase in (DELIVERIES, OVER, -1) and cones:
        raise ScenarioError(f"cones: there are no cones in phase {quote(phase_name)}, so "
                            f"the list must be empty, not {len(cones)} long")
    if phase == SERVING and all(c is None for c in cones):
        raise ScenarioError(
            "cones: phase 3 needs at least one cone not yet served"
            + (" (the field is missing)" if "cones" not in data else
               f" ({len(cones)} given, all null)" if cones else " (the list is empty)")
            + "; when the last cone is served, phase 3 ends at once (IC-12)")
    if phase == CONES and any(c is None for c in cones):
        raise ScenarioError("cones: no cone is served during phase 2 (null cones are for "
                            "phase 3)")
    if phase == DELIVERIES and hidden[to_act] < 0:
        raise ScenarioError(f"to_act: seat {to_act} has no face_down card to keep or swap "
                            "(IC-5)")
    if phase != DELIVERIES and ic_discard:
        raise ScenarioError("ice_cream_discard: discards are shuffled back at the end of "
                            "phase 1 (IC-5) and phase 4 (IC-13), so only phase 1 has any")
    to_act = _check_turns(data, phase, dealer, to_act, hidden, swappers, cones, last_actor)

    # IC-16: count each card and fill decks with what the scenario did not place.
    ic_count = [0] * NUM_FLAVOURS
    for group in (ic_top, ic_discard, *cards, [h for h in hidden if h >= 0]):
        for f in group:
            ic_count[f] += 1
    _check_counts(ic_count, "Ice Cream")
    rest_ic = [f for f in range(NUM_FLAVOURS) for _ in range(COPIES - ic_count[f])]
    rest_ic = list(shuffled(seed, day, SETUP_DECK, rest_ic))
    ic_deck = tuple(rest_ic) + tuple(reversed(ic_top))

    sc_count = [0] * NUM_FLAVOURS
    for group in (scoop_top, removed, *(c for c in cones if c is not None)):
        for f in group:
            sc_count[f] += 1
    for s in served:
        for f in range(NUM_FLAVOURS):
            sc_count[f] += s[f]
    _check_counts(sc_count, "Scoop")
    rest_sc = [f for f in range(NUM_FLAVOURS) for _ in range(COPIES - sc_count[f])]
    rest_sc = list(shuffled(seed, day, SETUP_SCOOPS, rest_sc))
    if not removed_given:
        k = settings.removed_scoops
        if len(rest_sc) < k:
            raise ScenarioError(f"removed_scoops: the scenario places so many scoops that "
                                f"{k} cannot be removed (IC-3)")
        removed, rest_sc = rest_sc[:k], rest_sc[k:]
    scoop_deck = tuple(rest_sc) + tuple(reversed(scoop_top))
    # Settings guarantee room for every scoop in play (ICN-5), so phase 2 can always end.

    res = _results(data, settings, phase, day, scores)

    s = object.__new__(IceCreamState)
    s.settings = settings
    s.seed = seed
    s.day = day
    s.dealer = dealer
    s.to_act = to_act
    s._scores = tuple(scores)
    s.cards = tuple(cards)
    s.hidden = tuple(hidden)
    s.served = tuple(served) if phase == SERVING else (_NO_SERVED,) * n
    s.ic_deck = ic_deck
    s.ic_discard = tuple(reversed(ic_discard))  # the state keeps its piles top card last
    s.swappers = tuple(reversed(swappers))
    s.scoop_deck = scoop_deck
    s.removed = tuple(removed)
    s.cones = tuple(cones)
    s.last_actor = -1 if last_actor is None else last_actor
    s.results = tuple(res)
    s._fresh_caches()
    s.is_over = phase == OVER
    ev: list = [("ic.event.scenario", {}, None)]
    if phase == -1:
        s._start_day(ev)
    elif phase == OVER:
        s._phase = OVER
        s.to_act = -1
    else:
        s._phase = phase
        if phase == SERVING:
            s._check_serving_turn(ev)
        elif phase == CONES and not s.scoop_deck:
            s._start_serving(ev)
    s._events = tuple(ev)
    try:
        s.check_invariants()
    except AssertionError as e:  # the checks above should make this unreachable
        raise ScenarioError(f"the scenario breaks an invariant: {e}") from None
    return s


def state_to_scenario(s: IceCreamState) -> dict[str, Any]:
    """The whole state as a scenario that places every card (a save)."""
    codes = FLAVOURS
    hands = []
    for p in range(s.num_players):
        hands.append({
            "face_up": [codes[f] for f in s.cards[p]],
            "face_down": codes[s.hidden[p]] if s.hidden[p] >= 0 else None,
            "served": {codes[f]: k for f, k in enumerate(s.served[p]) if k},
        })
    settings = s.settings.to_dict()
    del settings["names"]
    return {
        "game": "ice-cream",
        "format_version": FORMAT_VERSION,
        "players": list(s.names),
        "settings": settings,
        "seed": s.seed,
        "day": s.day,
        "phase": PHASE_NAMES[s._phase],
        "dealer": s.dealer,
        "to_act": s.to_act if s._phase != OVER else s.dealer,
        "scores": list(s.scores),
        "hands": hands,
        "cones": [None if c is None else [codes[f] for f in c] for c in s.cones],
        "ice_cream_deck": [codes[f] for f in reversed(s.ic_deck)],
        "ice_cream_discard": [codes[f] for f in reversed(s.ic_discard)],
        "swappers": list(reversed(s.swappers)),
        "scoop_deck": [codes[f] for f in reversed(s.scoop_deck)],
        "removed_scoops": [codes[f] for f in s.removed],
        "last_actor": s.last_actor if s.last_actor >= 0 else None,
        "results": [[list(x) for x in day] for day in s.results],
    }


def _check_turns(data: Mapping, phase: int, dealer: int, to_act: int, hidden: list[int],
                 swappers: list[int], cones: list, last_actor: int | None) -> int:
    """Refuse turn orders no real game reaches; return the seat to act.

    Phase 1 deals clockwise from the dealer while the deck lasts and asks each dealt
    player in that order (IC-5); phase 2 has the dealer turn the first scoop, then each
    player clockwise turns the next (IC-7); phase 3 passes clockwise (IC-9).
    """
    n = len(hidden)
    order = [(dealer + k) % n for k in range(n)]  # the seats in turn order from the dealer
    if phase in (DELIVERIES, CONES):
        dealt = [hidden[seat] >= 0 for seat in order]
        if False in dealt and True in dealt[dealt.index(False):]:
            skipped = order[dealt.index(False)]
            raise ScenarioError(
                f"hands[{skipped}].face_down: seat {skipped} has no face-down card but a "
                f"seat after it does; phase 1 deals one to each seat clockwise from the "
                f"dealer (seat {dealer}) until the deck runs out, skipping nobody (IC-5)")
    if phase == DELIVERIES:
        decided = order[: order.index(to_act)]
        for k, seat in enumerate(swappers):
            if seat not in decided:
                raise ScenarioError(
                    f"swappers[{k}]: seat {seat} has not chosen yet (seat {to_act} is to act, "
                    f"clockwise from dealer {dealer}), so it cannot have swapped (IC-5, ICN-7)")
        if len(set(swappers)) != len(swappers):
            raise ScenarioError("swappers: each player keeps or swaps once a day (IC-5), so a "
                                "seat is listed at most once")
    if phase == CONES:
        placed = sum(len(c) for c in cones if c is not None)
        turner = order[placed % n]
        if "to_act" not in data:
            return turner
        if to_act != turner:
            raise ScenarioError(
                f"to_act: {placed} scoops are on cones, so seat {turner} turns the next one "
                f"(the dealer, seat {dealer}, turns the first, then each player clockwise, "
                f"IC-7), not seat {to_act}")
    if phase == SERVING and last_actor is not None and to_act != (last_actor + 1) % n:
        raise ScenarioError(f"to_act: play passes clockwise (IC-9), so after seat "
                            f"{last_actor} (last_actor) seat {(last_actor + 1) % n} acts, "
                            f"not seat {to_act}")
    return to_act


def _results(data: Mapping, settings: Settings, phase: int, day: int,
             scores: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Check ``results`` and ``scores`` against the days finished; return the results.

    ``results`` may be left out (then scores are only bounded), or list every finished
    day: days before ``day``, or all of them when the game is over (IC-15).
    """
    n = settings.players
    if phase == OVER and day != settings.days:
        raise ScenarioError(f"phase: 'over' comes after the last day (day {settings.days}, "
                            f"IC-15), not on day {day}")
    finished = settings.days if phase == OVER else day - 1
    results = data.get("results", [])
    if not isinstance(results, list) or len(results) > settings.days:
        raise ScenarioError("results: must be a list with one entry per finished day")
    ic_cards = NUM_FLAVOURS * COPIES
    res = []
    for d, day_res in enumerate(results):
        if not isinstance(day_res, list) or len(day_res) != n or not all(
                isinstance(x, list | tuple) and len(x) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in x)
                for x in day_res):
            raise ScenarioError(f"results[{d}]: must list [scoops, duplicates] per player")
        if sum(x[0] for x in day_res) > settings.scoops_in_play or sum(
                x[1] for x in day_res) > ic_cards:
            raise ScenarioError(f"results[{d}]: more points than one day can give: at most "
                                f"{settings.scoops_in_play} scoops in play (IC-3) and "
                                f"{ic_cards} Ice Cream cards (IC-13)")
        res.append(tuple((x[0], x[1]) for x in day_res))
    if results and len(results) != finished:
        raise ScenarioError(f"results: one entry per finished day, {finished} here"
                            + ("" if phase == OVER else f" (the days before day {day})")
                            + f", not {len(results)}")
    if res:
        totals = [sum(r[p][0] + r[p][1] for r in res) for p in range(n)]
        if totals != scores:
            raise ScenarioError(f"scores: must be the totals of results ({totals}), "
                                f"not {quote(scores)} (IC-13)")
    else:
        most = finished * (settings.scoops_in_play + ic_cards)
        if sum(scores) > most:
            raise ScenarioError(
                f"scores: at most {most} points in all after {finished} finished days "
                f"(scoops in play plus Ice Cream cards, IC-13), not {sum(scores)}"
                + ("; no day is finished before phase 3 of day 1" if not finished else ""))
    return res


def _check_counts(count: list[int], deck: str) -> None:
    for f, k in enumerate(count):
        if k > COPIES:
            raise ScenarioError(f"the scenario uses {k} {FLAVOURS[f]} {deck} cards, but the "
                                f"deck has only {COPIES} of each flavour (IC-2, IC-16)")


def _int_list(data: Mapping, name: str, default: list[int], n: int) -> list[int]:
    v = data.get(name, default)
    if not isinstance(v, list) or len(v) != n or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
        raise ScenarioError(f"{name}: must be a list of {n} whole numbers >= 0, "
                            f"not {quote(v)}")
    return list(v)


def _flavours(v: Any, where: str) -> list[int]:
    if not isinstance(v, list):
        raise ScenarioError(f"{where}: must be a list of flavours, not {quote(v)}")
    return [flavour_index(x, f"{where}[{i}]") for i, x in enumerate(v)]
