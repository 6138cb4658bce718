"""Ice Cream's rules: the state of a game and how each action changes it.

The game (Joe Huber, Face 2 Face Games, 2004; rulebook ``ice-cream.en.txt`` with the
rulings IC-1 to IC-16) is played over four days of four phases:

1. *Ice Cream deliveries* (IC-5): each player is dealt a card face down, then, dealer
   first and clockwise, keeps it or swaps it for the top card of the deck.
2. *Make ice cream cones* (IC-7): scoops are turned one by one and each put on a cone
   with room, or on a new cone while fewer than 12 exist.
3. *Serve customers* (IC-9, IC-10): clockwise from the dealer, a player must serve a
   cone they can serve exactly; with none, they serve a close cone or draw a card.
4. *Score* (IC-13): 1 point per scoop served, 1 per duplicate card discarded; the lowest
   total deals next (IC-14).

A :class:`IceCreamState` is immutable; :meth:`IceCreamState.apply` returns a new one
whose ``events`` say, citing rules, what happened. Phase 4 and the deal need no decision,
so the engine plays them out at once (ICN-3).

>>> from icecream import new_game
>>> s = new_game("ice-cream", players=["Dan", "Joe", "Larry"], seed=3)
>>> s.day, s.phase, s.names[s.current_player]
(1, 'deliveries', 'Dan')
>>> s = s.apply({"type": "keep"})
>>> s.event_texts()[0]
'Dan keeps the card they were dealt (IC-5).'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import ActionFormatError, IllegalAction, SettingsError
from ...core.messages import Message
from ...core.protocol import Action, Event, Option, State
from .actions import DRAW, KEEP, NEW_CONE, PLACE, SERVE, SWAP, Draw, Keep, Place, Serve, Swap
from .components import COPIES, FLAVOURS, NUM_FLAVOURS, full_deck
from .settings import Settings

DELIVERIES, CONES, SERVING, OVER = range(4)
PHASES = ("deliveries", "cones", "serving", "over")
#: The rule each phase is played under, for "wrong phase" explanations.
PHASE_RULE = ("IC-5", "IC-7", "IC-9", "IC-15")

# Purposes of the seeded shuffles (see _shuffled).
_SETUP_DECK, _SETUP_SCOOPS, _PHASE1, _PHASE2, _PHASE4 = range(5)

_NO_SERVED = (0,) * NUM_FLAVOURS
_KEEP_SWAP = (KEEP, SWAP)
_KEEP_ONLY = (KEEP,)


def _shuffled(seed: int, day: int, purpose: int, cards: Sequence[int]) -> tuple[int, ...]:
    """``cards`` shuffled by the game's seed for (day, purpose).

    Each shuffle has its own generator derived from the seed, so a state needs to carry
    only the seed, and a seed plus the actions replays a game exactly.
    """
    lst = list(cards)
    random.Random((seed << 12) ^ (day << 4) ^ purpose).shuffle(lst)
    return tuple(lst)


class IceCreamState(State):
    """A position in a game of Ice Cream. Never changed after it is made.

    Cards are flavour indexes (see :mod:`.components`); decks are tuples whose *last*
    element is the top card. ``cards[seat]`` are a player's face-up Ice Cream cards,
    ``hidden[seat]`` the card dealt face down this day (-1 for none), ``served[seat][f]``
    the scoops served today on that player's card of flavour ``f`` (IC-11).
    """

    __slots__ = (
        "settings", "seed", "day", "_phase", "dealer", "to_act", "_scores", "cards", "hidden",
        "served", "ic_deck", "ic_discard", "swappers", "scoop_deck", "removed", "cones",
        "last_actor", "results", "_events", "_legal", "_held",
    )

    settings: Settings
    seed: int
    day: int
    _phase: int
    dealer: int
    to_act: int
    _scores: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]
    served: tuple[tuple[int, ...], ...]
    ic_deck: tuple[int, ...]
    ic_discard: tuple[int, ...]
    swappers: tuple[int, ...]
    scoop_deck: tuple[int, ...]
    removed: tuple[int, ...]
    cones: tuple[tuple[int, ...] | None, ...]
    last_actor: int
    results: tuple[tuple[tuple[int, int], ...], ...]
    _events: list | tuple

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        return None if self._phase == OVER else self.to_act

    @property
    def phase(self) -> str:
        return PHASES[self._phase]

    @property
    def num_players(self) -> int:
        return len(self.settings.names)

    @property
    def names(self) -> tuple[str, ...]:
        return self.settings.names

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return self._scores

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened in the step that made this state (kept as raw tuples until asked)."""
        return tuple(_event(*e) for e in self._events)

    @property
    def winners(self) -> tuple[int, ...]:
        """IC-15: highest total; then most Ice Cream cards held; still tied, shared."""
        if self._phase != OVER:
            return ()
        best = max(self._scores)
        top = [p for p, s in enumerate(self._scores) if s == best]
        most = max(len(self.cards[p]) for p in top)
        return tuple(p for p in top if len(self.cards[p]) == most)

    @property
    def turned_scoop(self) -> int | None:
        """The scoop being placed in phase 2 (seen by all, ICN-4), else ``None``."""
        if self._phase == CONES and self.scoop_deck:
            return self.scoop_deck[-1]
        return None

    def held_mask(self, seat: int) -> int:
        """IC-8: bit ``f`` set when ``seat`` has a face-up Ice Cream card of flavour ``f``."""
        held = self._held
        if held is None:
            held = tuple(_mask(c) for c in self.cards)
            self._held = held
        return held[seat]

    def held_flavours(self, seat: int) -> list[int]:
        m = self.held_mask(seat)
        return [f for f in range(NUM_FLAVOURS) if m >> f & 1]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the player to act may take now (a tuple; empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase == CONES:
            settings = self.settings
            limit = settings.scoops_per_cone
            cones = self.cones
            out = [PLACE[i] for i, c in enumerate(cones, 1) if len(c) < limit]
            if len(cones) < settings.cones:
                out.append(NEW_CONE)
            return tuple(out)
        if phase == SERVING:
            return self._serving_legal()
        if phase == DELIVERIES:
            return _KEEP_SWAP if self.ic_deck else _KEEP_ONLY
        return ()

    def _serving_legal(self) -> tuple[Action, ...]:
        """IC-9: the exact cones if any; else the close cones (IC-10) and drawing."""
        mask = self.held_mask(self.to_act)
        table = _TABLES[self.settings.close]
        exact: list[Action] = []
        close: list[Action] = []
        i = 0
        for cone in self.cones:
            i += 1
            if cone is None:
                continue
            kind = (table.get(cone) or _row(table, cone))[mask]
            if kind == 0:
                exact.append(SERVE[i])
            elif kind == 1:
                close.append(SERVE[i])
        if exact:
            return tuple(exact)
        if self.ic_deck:
            close.append(DRAW)
        return tuple(close)

    def _classify(self, seat: int) -> tuple[list[int], list[int]]:
        """Indexes of the cones ``seat`` can serve exactly (IC-9) and close (IC-10)."""
        held = self.held_mask(seat)
        table = _TABLES[self.settings.close]
        kinds = [(i, _row(table, c)[held]) for i, c in enumerate(self.cones) if c is not None]
        return [i for i, k in kinds if k == 0], [i for i, k in kinds if k == 1]

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | Mapping[str, Any]) -> IceCreamState:
        """The state after ``action`` (an :class:`Action` or its plain form).

        Raises :class:`IllegalAction` naming the rule when the rules forbid it, and
        :class:`ActionFormatError` when the plain form is malformed; this state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            action = self.check_apply(action)  # raises with the rule, or it is legal after all
        s = self._child()
        s._step(action, legal)
        return s

    def clone(self) -> IceCreamState:
        """A copy for :meth:`apply_in_place` (cheap: the parts are immutable tuples)."""
        s = self._child()
        s._events = self._events
        return s

    def apply_in_place(self, action: Action | Mapping[str, Any]) -> None:
        """Apply ``action`` to this very state, for playouts on a :meth:`clone`.

        Same rules and checks as :meth:`apply`; use it only on a state nobody else holds.
        """
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        if action not in legal:
            action = self.check_apply(action)
        self._legal = None
        self._step(action, legal)

    def _step(self, action: Action, legal: tuple[Action, ...]) -> None:
        """Apply a legal ``action``; ``legal`` is the list it was found in (reused in phase 2)."""
        ev: list = []
        phase = self._phase
        if phase == CONES:
            self._place(action.cone, ev, legal)
        elif phase == SERVING:
            if action is DRAW or type(action) is Draw:
                self._draw(ev)
            else:
                self._serve(action.cone - 1, ev)
        else:
            self._deliver(type(action) is Swap, ev)
        self._events = ev

    def _child(self) -> IceCreamState:
        s = object.__new__(IceCreamState)
        s.settings = self.settings
        s.seed = self.seed
        s.day = self.day
        s._phase = self._phase
        s.dealer = self.dealer
        s.to_act = self.to_act
        s._scores = self._scores
        s.cards = self.cards
        s.hidden = self.hidden
        s.served = self.served
        s.ic_deck = self.ic_deck
        s.ic_discard = self.ic_discard
        s.swappers = self.swappers
        s.scoop_deck = self.scoop_deck
        s.removed = self.removed
        s.cones = self.cones
        s.last_actor = self.last_actor
        s.results = self.results
        s._legal = None
        s._held = self._held
        return s

    # -- phase 1 -------------------------------------------------------------------
    def _deliver(self, swap: bool, ev: list) -> None:
        p = self.to_act
        if swap:
            old = self.hidden[p]
            new = self.ic_deck[-1]
            self.ic_deck = self.ic_deck[:-1]
            self.ic_discard = self.ic_discard + (old,)
            self.swappers = self.swappers + (p,)
            self.hidden = _set(self.hidden, p, new)
            ev.append(("event.swap", {"player": p}, "IC-5"))
            ev.append(("event.swap_private", {"player": p, "flavour": old, "drawn": new},
                            "IC-5", p))
        else:
            ev.append(("event.keep", {"player": p}, "IC-5"))
        n = self.num_players
        nxt = (p + 1) % n
        if nxt != self.dealer and self.hidden[nxt] >= 0:
            self.to_act = nxt
            return
        # IC-5: after the last decision the discards are shuffled back into the deck.
        if self.ic_discard:
            self.ic_deck = _shuffled(self.seed, self.day, _PHASE1, self.ic_discard + self.ic_deck)
            ev.append(("event.reshuffle", {"count": len(self.ic_discard)}, "IC-5"))
            self.ic_discard = ()
            self.swappers = ()
        self._start_cones(ev)

    def _start_day(self, ev: list) -> None:
        """Deal phase 1 (IC-5) and stop at the first decision."""
        n = self.num_players
        d = self.dealer
        ev.append(("event.day", {"day": self.day, "dealer": d}, "IC-5"))
        deck = list(self.ic_deck)
        hidden = [-1] * n
        for k in range(n):
            seat = (d + k) % n
            if not deck:
                ev.append(("event.no_card", {"player": seat}, "IC-5"))
                continue
            hidden[seat] = deck.pop()
            ev.append(("event.dealt", {"player": seat}, "IC-5"))
            ev.append(("event.dealt_private", {"player": seat, "flavour": hidden[seat]},
                            "IC-6", seat))
        self.ic_deck = tuple(deck)
        self.hidden = tuple(hidden)
        self._phase = DELIVERIES
        if hidden[d] >= 0:
            self.to_act = d
        else:  # nobody could be dealt a card: nothing to decide (IC-5)
            self._start_cones(ev)

    # -- phase 2 -------------------------------------------------------------------
    def _start_cones(self, ev: list) -> None:
        # IC-7: all Scoop cards in play are shuffled into the Scoop deck.
        self.scoop_deck = _shuffled(self.seed, self.day, _PHASE2, self.scoop_deck)
        self._phase = CONES
        self.to_act = self.dealer
        self.cones = ()
        ev.append(("event.phase_cones", {"dealer": self.dealer,
                                              "count": len(self.scoop_deck)}, "IC-7"))
        if not self.scoop_deck:
            self._start_serving(ev)

    def _place(self, cone: int | None, ev: list, legal: tuple[Action, ...]) -> None:
        deck = self.scoop_deck
        scoop = deck[-1]
        self.scoop_deck = deck[:-1]
        p = self.to_act
        cones = self.cones
        limit = self.settings.scoops_per_cone
        if cone is None:
            cones = self.cones = cones + ((scoop,),)
            n = len(cones)
            ev.append(("event.new_cone", {"player": p, "flavour": scoop, "cone": n}, "IC-7"))
            # The new cone joins the options; NEW_CONE stays while fewer than the limit exist.
            grown = legal[:-1] + ((PLACE[n],) if limit > 1 else ())
            self._legal = grown + (NEW_CONE,) if n < self.settings.cones else grown
        else:
            i = cone - 1
            grown_cone = cones[i] + (scoop,)
            self.cones = cones[:i] + (grown_cone,) + cones[i + 1:]
            ev.append(("event.place", {"player": p, "flavour": scoop, "cone": cone}, "IC-7"))
            if len(grown_cone) < limit:
                self._legal = legal
            else:
                full = PLACE[cone]
                self._legal = tuple(a for a in legal if a is not full)
        if self.scoop_deck:
            self.to_act = (p + 1) % len(self.cards)
        else:
            self._legal = None
            self._start_serving(ev)

    # -- phase 3 -------------------------------------------------------------------
    def _start_serving(self, ev: list) -> None:
        # IC-9: phase 3 starts with every phase-1 card revealed.
        cards = list(self.cards)
        for seat, f in enumerate(self.hidden):
            if f >= 0:
                cards[seat] = cards[seat] + (f,)
                ev.append(("event.reveal", {"player": seat, "flavour": f}, "IC-9"))
        self.cards = tuple(cards)
        self._held = None
        self.hidden = (-1,) * self.num_players
        self._phase = SERVING
        self.to_act = self.dealer
        self.last_actor = -1
        ev.append(("event.phase_serving", {"dealer": self.dealer}, "IC-9"))
        self._check_serving_turn(ev)

    def _check_serving_turn(self, ev: list) -> None:
        """IC-12: phase 3 ends when no cone is left or the player to act has no action."""
        cones = self.cones
        if cones.count(None) == len(cones):
            ev.append(("event.all_served", {}, "IC-12"))
            self._end_day(ev)
            return
        legal = self._serving_legal()
        if legal:
            self._legal = legal
        else:
            ev.append(("event.no_action", {"player": self.to_act}, "IC-12"))
            self._end_day(ev)

    def _serve(self, i: int, ev: list) -> None:
        p = self.to_act
        cone = self.cones[i]
        held = self.held_mask(p)
        served = list(self.served[p])
        back: list[int] = []
        for f in cone:
            if held >> f & 1:
                served[f] += 1
            else:
                back.append(f)
        self.served = _set(self.served, p, tuple(served))
        self.cones = self.cones[:i] + (None,) + self.cones[i + 1:]
        on_cards = [f for f in cone if held >> f & 1]
        if back:
            self.scoop_deck = self.scoop_deck + tuple(back)
            rule = "IC-10"
            key = "event.serve_close" if on_cards else "event.serve_close_nothing"
            ev.append((key, {"player": p, "cone": i + 1, "scoops": on_cards,
                             "returned": back}, rule))
        else:
            ev.append(("event.serve", {"player": p, "cone": i + 1, "scoops": on_cards},
                            "IC-9"))
        self.last_actor = p
        self.to_act = (p + 1) % len(self.cards)
        self._check_serving_turn(ev)

    def _draw(self, ev: list) -> None:
        p = self.to_act
        f = self.ic_deck[-1]
        self.ic_deck = self.ic_deck[:-1]
        self.cards = _set(self.cards, p, self.cards[p] + (f,))
        held = self._held
        if held is not None:
            self._held = _set(held, p, held[p] | 1 << f)
        ev.append(("event.draw", {"player": p, "flavour": f}, "IC-9"))
        self.last_actor = p
        self.to_act = (p + 1) % len(self.cards)
        self._check_serving_turn(ev)

    # -- phase 4 and the next day ------------------------------------------------------
    def _end_day(self, ev: list) -> None:
        # IC-12: unserved cones' scoops go back to the Scoop deck.
        left = [f for c in self.cones if c is not None for f in c]
        if left:
            ev.append(("event.cones_back", {"count": len(left)}, "IC-12"))
        back = list(self.scoop_deck) + left
        self.cones = ()
        # IC-13: discard opened cards, score scoops, then discard duplicates and score them.
        discards: list[int] = []
        cards = []
        scores = list(self._scores)
        day_result = []
        for p in range(self.num_players):
            served = self.served[p]
            hand = list(self.cards[p])
            scoops = 0
            for f in range(NUM_FLAVOURS):
                if served[f]:
                    hand.remove(f)
                    discards.append(f)
                    scoops += served[f]
                    back.extend([f] * served[f])
            keep: list[int] = []
            dupes = 0
            for f in hand:
                if f in keep:
                    dupes += 1
                    discards.append(f)
                else:
                    keep.append(f)
            cards.append(tuple(keep))
            scores[p] += scoops + dupes
            day_result.append((scoops, dupes))
            ev.append(("event.score", {"player": p, "scoops": scoops, "dupes": dupes,
                                            "points": scoops + dupes, "total": scores[p]},
                            "IC-13"))
        self.cards = tuple(cards)
        self._held = None
        self.served = (_NO_SERVED,) * self.num_players
        self._scores = tuple(scores)
        self.results = self.results + (tuple(day_result),)
        self.scoop_deck = tuple(back)
        if discards:
            self.ic_deck = _shuffled(self.seed, self.day, _PHASE4, self.ic_deck + tuple(discards))
        if self.day >= self.settings.days:
            self._phase = OVER
            self.to_act = -1
            ev.append(("event.game_over", {"winners": self._winner_names()}, "IC-15"))
            return
        self.dealer = self._next_dealer(ev)
        self.day += 1
        self._start_day(ev)

    def _next_dealer(self, ev: list) -> int:
        """IC-14: the single lowest total deals; ties go clockwise from after the last actor."""
        n = self.num_players
        low = min(self._scores)
        tied = [p for p in range(n) if self._scores[p] == low]
        if len(tied) == 1:
            ev.append(("event.next_dealer", {"dealer": tied[0]}, "IC-14"))
            return tied[0]
        start = (self.last_actor if self.last_actor >= 0 else self.dealer) + 1
        for k in range(n):
            seat = (start + k) % n
            if seat in tied:
                ev.append(("event.next_dealer_tie", {"dealer": seat}, "IC-14"))
                return seat
        raise AssertionError("unreachable: a tied seat exists")

    def _winner_names(self) -> str:
        return ", ".join(self.names[p] for p in self.winners)

    # ------------------------------------------------------------------ explanations
    def options(self) -> list[Option]:
        """Every option of the current decision, allowed or forbidden, with its rule.

        Phase 1: keep and swap; phase 2: each cone on the table and a new cone; phase 3:
        each cone on the table and drawing.
        """
        if self._phase == DELIVERIES:
            cands: list[Action] = [KEEP, SWAP]
        elif self._phase == CONES:
            cands = [PLACE[i + 1] for i in range(len(self.cones))] + [NEW_CONE]
        elif self._phase == SERVING:
            cands = [SERVE[i + 1] for i, c in enumerate(self.cones) if c is not None] + [DRAW]
        else:
            cands = []
        return [self.why_not(a) for a in cands]

    def why_not(self, action: Action | Mapping[str, Any]) -> Option:
        """Whether ``action`` is allowed now, the rule that says so, and why in words."""
        act = self.game.parse_action(action)
        p = self.to_act
        phase = self._phase
        if phase == OVER:
            return Option(act, False, "IC-15", Message("why.game_over"))
        want = {Keep: DELIVERIES, Swap: DELIVERIES, Place: CONES, Serve: SERVING,
                Draw: SERVING}[type(act)]
        if want != phase:
            return Option(act, False, PHASE_RULE[want],
                          Message("why.wrong_phase", {"action": act.type,
                                                      "phase": PHASES[phase],
                                                      "wanted": PHASES[want]}))
        if phase == DELIVERIES:
            if type(act) is Keep:
                return Option(act, True, "IC-5", Message("why.keep", {"player": p}))
            if not self.ic_deck:
                return Option(act, False, "IC-5", Message("why.swap_empty"))
            return Option(act, True, "IC-5", Message("why.swap", {"player": p}))
        if phase == CONES:
            return self._why_place(act)
        return self._why_serving(act)

    def _why_place(self, act: Place) -> Option:
        scoop = self.scoop_deck[-1]
        limit = self.settings.scoops_per_cone
        if act.cone is None:
            if len(self.cones) >= self.settings.cones:
                return Option(act, False, "IC-7",
                              Message("why.no_new_cone", {"count": self.settings.cones}))
            return Option(act, True, "IC-7", Message("why.new_cone", {"flavour": scoop,
                                                                      "cone": len(self.cones) + 1}))
        if not 1 <= act.cone <= len(self.cones):
            return Option(act, False, "ICN-2", Message("why.no_such_cone", {"cone": act.cone}))
        cone = self.cones[act.cone - 1]
        if len(cone) >= limit:
            return Option(act, False, "IC-7", Message("why.cone_full", {"cone": act.cone,
                                                                        "limit": limit}))
        return Option(act, True, "IC-7", Message("why.place", {"flavour": scoop,
                                                               "cone": act.cone,
                                                               "scoops": list(cone)}))

    def _why_serving(self, act: Serve | Draw) -> Option:
        p = self.to_act
        exact, close = self._classify(p)
        exact_nums = [i + 1 for i in exact]
        if type(act) is Draw:
            if exact:
                return Option(act, False, "IC-9", Message("why.must_serve",
                                                          {"cones": _nums(exact_nums)}))
            if not self.ic_deck:
                return Option(act, False, "IC-9", Message("why.deck_empty"))
            return Option(act, True, "IC-9", Message("why.draw"))
        n = act.cone
        if not 1 <= n <= len(self.cones) or self.cones[n - 1] is None:
            return Option(act, False, "ICN-2", Message("why.no_such_cone", {"cone": n}))
        i = n - 1
        cone = self.cones[i]
        held = self.held_mask(p)
        miss = [f for f in cone if not held >> f & 1]
        if i in exact:
            return Option(act, True, "IC-9", Message("why.serve_exact", {"cone": n,
                                                                         "scoops": list(cone)}))
        if i in close:
            if exact:
                return Option(act, False, "IC-9", Message("why.close_but_exact", {
                    "cone": n, "cones": _nums(exact_nums)}))
            scoring = [f for f in cone if held >> f & 1]
            key = "why.serve_close" if scoring else "why.serve_close_nothing"
            return Option(act, True, "IC-10", Message(
                key, {"cone": n, "returned": miss, "scoops": scoring}))
        distinct = sorted(set(miss))
        if self.settings.close == "flavour":
            return Option(act, False, "IC-10", Message("why.not_close_flavour", {
                "cone": n, "flavours": distinct}))
        return Option(act, False, "IC-10", Message("why.not_close_scoop", {
            "cone": n, "flavours": distinct, "count": len(miss)}))

    # ------------------------------------------------------------------ views & data
    def view(self, seat: int | None):
        """What ``seat`` sees at the table (IC-6); ``None``: the teacher's view of everything."""
        from .view import make_view

        return make_view(self, seat)

    def setup_args(self) -> dict[str, Any]:
        d = self.settings.to_dict()
        del d["names"]
        return d

    def to_dict(self) -> dict[str, Any]:
        """The whole position as a scenario (see :mod:`.scenario`), JSON-able."""
        from .scenario import state_to_scenario

        return state_to_scenario(self)

    def __repr__(self) -> str:
        return (f"<IceCreamState day {self.day} {self.phase} to_act={self.current_player} "
                f"scores={list(self._scores)}>")

    def _repr_svg_(self) -> str | None:
        try:
            from .render import render_svg
        except ImportError:  # rendering is optional for the engine
            return None
        return render_svg(self, None)

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Assert IC-16 (every card in exactly one place) and the cone limits (IC-7)."""
        ic = [0] * NUM_FLAVOURS
        for f in self.ic_deck + self.ic_discard:
            ic[f] += 1
        for p in range(self.num_players):
            for f in self.cards[p]:
                ic[f] += 1
            if self.hidden[p] >= 0:
                ic[self.hidden[p]] += 1
        sc = [0] * NUM_FLAVOURS
        for f in self.scoop_deck + self.removed:
            sc[f] += 1
        for c in self.cones:
            if c is not None:
                assert 1 <= len(c) <= self.settings.scoops_per_cone, f"cone size {c}"
                for f in c:
                    sc[f] += 1
        for p in range(self.num_players):
            for f in range(NUM_FLAVOURS):
                sc[f] += self.served[p][f]
                if self.served[p][f]:
                    assert f in self.cards[p], "scoops served on a card the player lacks (IC-11)"
        assert ic == [COPIES] * NUM_FLAVOURS, f"Ice Cream cards not conserved (IC-16): {ic}"
        assert sc == [COPIES] * NUM_FLAVOURS, f"Scoop cards not conserved (IC-16): {sc}"
        assert len(self.removed) == self.settings.removed_scoops, "removed scoops (IC-3)"
        assert len(self.cones) <= self.settings.cones, "too many cones (IC-7)"


# cone -> 64 entries, one per held-flavour mask: 0 exact (IC-9), 1 close (IC-10), 2 neither.
_SCOOP_TABLE: dict[tuple[int, ...], tuple[int, ...]] = {}
_FLAVOUR_TABLE: dict[tuple[int, ...], tuple[int, ...]] = {}
_TABLES = {"scoop": _SCOOP_TABLE, "flavour": _FLAVOUR_TABLE}


def _cone_row(cone: tuple[int, ...], by_flavour: bool) -> tuple[int, ...]:
    row = []
    for held in range(1 << NUM_FLAVOURS):
        miss = [f for f in cone if not held >> f & 1]
        if not miss:
            row.append(0)
        elif len(miss) == 1 or by_flavour and len(set(miss)) == 1:
            row.append(1)
        else:
            row.append(2)
    return tuple(row)


def _row(table: dict[tuple[int, ...], tuple[int, ...]], cone: tuple[int, ...]) -> tuple[int, ...]:
    """The table row of ``cone`` (built on first use)."""
    row = table.get(cone)
    if row is None:
        row = table[cone] = _cone_row(cone, table is _FLAVOUR_TABLE)
    return row


def _event(key: str, params: dict, rule: str | None, visible_to: int | None = None) -> Event:
    return Event(key, params, rule, visible_to)


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for f in cards:
        m |= 1 << f
    return m


def _nums(nums: list[int]) -> str:
    return ", ".join(str(n) for n in nums)


def new_state(players: int | Sequence[str] = 4, seed: int = 0, ruleset: str | None = None,
              **variant: Any) -> IceCreamState:
    """A new game: IC-3 removes scoops, IC-4 deals one face-up card each, then day 1 begins."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SettingsError(f"seed must be a whole number, not {seed!r}")
    settings = Settings.make(players, ruleset=ruleset, **variant)
    n = settings.players
    deck = list(_shuffled(seed, 0, _SETUP_DECK, full_deck()))
    scoops = _shuffled(seed, 0, _SETUP_SCOOPS, full_deck())
    k = settings.removed_scoops
    s = object.__new__(IceCreamState)
    s.settings = settings
    s.seed = seed
    s.day = 1
    s._phase = DELIVERIES
    s.dealer = settings.first_dealer
    s.to_act = s.dealer
    s._scores = (0,) * n
    # IC-4: one card face up each (dealt from the top, seat order from the dealer).
    cards: list[tuple[int, ...]] = [()] * n
    for j in range(n):
        cards[(s.dealer + j) % n] = (deck.pop(),)
    s.cards = tuple(cards)
    s.hidden = (-1,) * n
    s.served = (_NO_SERVED,) * n
    s.ic_deck = tuple(deck)
    s.ic_discard = ()
    s.swappers = ()
    s.removed = scoops[:k]
    s.scoop_deck = scoops[k:]
    s.cones = ()
    s.last_actor = -1
    s.results = ()
    s._legal = None
    s._held = None
    ev: list = [("event.setup", {"removed": k, "count": n}, "IC-3")]
    s._start_day(ev)
    s._events = tuple(ev)
    return s


__all__ = ["IceCreamState", "new_state", "PHASES", "ActionFormatError", "IllegalAction",
           "FLAVOURS"]
