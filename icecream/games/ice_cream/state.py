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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.errors import ActionFormatError, IllegalAction, SettingsError, quote
from ...core.fields import StateField, make_clone, saved_names
from ...core.kit import SeatTurns
from ...core.phases import Phase, Verdict, allow, forbid
from ...core.protocol import MAX_DIGITS, Action, Event, State
from .actions import DRAW, KEEP, NEW_CONE, PLACE, SERVE, SWAP, Draw, Keep, Place, Serve, Swap
from .chance import PHASE1, PHASE2, PHASE4, SETUP_DECK, SETUP_SCOOPS, shuffled
from .components import COPIES, FLAVOURS, NUM_FLAVOURS, full_deck
from .event_kinds import (
    EV_ALL_SERVED,
    EV_CONES_BACK,
    EV_DAY,
    EV_DEALT,
    EV_DEALT_PRIVATE,
    EV_DRAW,
    EV_KEEP,
    EV_NEW_CONE,
    EV_NEXT_DEALER,
    EV_NEXT_DEALER_TIE,
    EV_NO_ACTION,
    EV_NO_CARD,
    EV_PHASE_CONES,
    EV_PHASE_SERVING,
    EV_PLACE,
    EV_RESHUFFLE,
    EV_REVEAL,
    EV_SCORE,
    EV_SERVE,
    EV_SERVE_CLOSE,
    EV_SERVE_CLOSE_NOTHING,
    EV_SWAP,
    EV_SWAP_PRIVATE,
    EventKind,
    decode_event,
)
from .settings import KIT, Settings
from .tables import (
    CONE_BIT,
    HAND_MASKS,
    LANES,
    OPENED,
    SCOOPS,
    SERVED_ANY,
    SERVED_BITS,
    SERVED_MAX,
    SERVED_SOME,
    SERVES,
    SERVES_AND_DRAW,
    SPLITS,
    ConeSets,
    cone_indexes,
    mask_of,
)
from .words import IceCreamMessage

#: The phases of a day as data (IC-5, IC-7, IC-9), then the end of the game (IC-15); the
#: state keeps the phase as its index (``_phase``) and ``phase`` names it.
PHASES = (
    Phase("deliveries", "IC-5", ("keep", "swap")),
    Phase("cones", "IC-7", ("place",)),
    Phase("serving", "IC-9", ("serve", "draw")),
    Phase("over", "IC-15", ()),
)
DELIVERIES, CONES, SERVING, OVER = range(4)
PHASE_NAMES = tuple(p.name for p in PHASES)


_NO_SERVED = (0,) * NUM_FLAVOURS
_FULL_DECK = tuple(full_deck())
_KEEP_SWAP = (KEEP, SWAP)
_KEEP_ONLY = (KEEP,)
_NEW_CONE_ONLY = (NEW_CONE,)


class _Deck:
    """A deck that a state keeps as its own list (``_<name>``) and shows as a tuple."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = "_" + name

    def __get__(self, state: Any, owner: type | None = None) -> Any:
        return self if state is None else tuple(getattr(state, self.attr))

    def __set__(self, state: Any, cards: Sequence[int]) -> None:
        setattr(state, self.attr, list(cards))


class IceCreamState(SeatTurns):
    """A position in a game of Ice Cream. Never changed after it is made, except by
    :meth:`apply_in_place` (or :meth:`random_playout`) on a :meth:`clone`.

    Cards are flavour indexes (see :mod:`.components`); decks are tuples whose *last*
    element is the top card. ``cards[seat]`` are a player's face-up Ice Cream cards,
    ``hidden[seat]`` the card dealt face down this day (-1 for none), ``served[seat][f]``
    the scoops served today on that player's card of flavour ``f`` (IC-11).

    The parts that change at almost every step (decks, cones, hands, held and served
    flavours) are kept in lists that belong to this state alone: :meth:`apply` copies
    them for the new state and :meth:`apply_in_place` updates them where they are. The
    public attributes (``cards``, ``cones``, ``ic_deck``, ``scoop_deck``, ``served``) read
    them as tuples.
    """

    PHASES = PHASES
    message_type = IceCreamMessage

    __slots__ = (
        "settings", "seed", "day", "_phase", "dealer", "to_act", "_scores", "_cards", "hidden",
        "_served", "_ic_deck", "ic_discard", "swappers", "_scoop_deck", "removed", "_cones",
        "last_actor", "results", "_events", "_legal", "_held", "_kinds", "_alive", "is_over",
        "_after",
    )

    settings: Settings
    seed: int
    day: int
    _phase: int
    dealer: int
    to_act: int
    _scores: tuple[int, ...]
    _cards: list[tuple[int, ...]]
    hidden: tuple[int, ...]
    _served: list[int]
    _ic_deck: list[int]
    ic_discard: tuple[int, ...]
    swappers: tuple[int, ...]
    _scoop_deck: list[int]
    removed: tuple[int, ...]
    _cones: list[tuple[int, ...] | None]
    _held: list[int] | None
    #: True once the last day is scored (IC-15); a plain attribute, read at every step.
    is_over: bool
    last_actor: int
    results: tuple[tuple[tuple[int, int], ...], ...]
    #: This step's raw events (see :mod:`.event_kinds`): a list or tuple of them, or one bare.
    _events: list | tuple

    # ------------------------------------------------------------------ protocol
    # current_player, phase, names, num_players, view (IC-6), setup_args and to_dict:
    # the kit's (:class:`~icecream.core.kit.SeatTurns`).
    @property
    def scores(self) -> tuple[int, ...]:
        return self._scores

    @property
    def cards(self) -> tuple[tuple[int, ...], ...]:
        """``cards[seat]``: the face-up Ice Cream cards in front of ``seat`` (IC-4, IC-8)."""
        return tuple(self._cards)

    @cards.setter
    def cards(self, hands: Sequence[tuple[int, ...]]) -> None:
        self._cards = [tuple(h) for h in hands]
        self._held = list(map(mask_of, self._cards))

    @property
    def cones(self) -> tuple[tuple[int, ...] | None, ...]:
        """The cones on the table in the order they were started (ICN-2), bottom scoop
        first; ``None`` for a cone already served."""
        return tuple(self._cones)

    @cones.setter
    def cones(self, cones: Sequence[tuple[int, ...] | None]) -> None:
        self._cones = [None if c is None else tuple(c) for c in cones]
        self._kinds = self._alive = None

    ic_deck = _Deck("The Ice Cream deck, top card last.")
    scoop_deck = _Deck("The Scoop deck, top card last.")

    @property
    def served(self) -> tuple[tuple[int, ...], ...]:
        """``served[seat][f]``: scoops served today on ``seat``'s card of flavour ``f``."""
        return tuple(tuple(v >> SERVED_BITS * f & SERVED_MAX for f in range(NUM_FLAVOURS))
                     for v in self._served)

    @served.setter
    def served(self, counts: Sequence[Sequence[int]]) -> None:
        # Kept as one int a seat (a field per flavour), so serving a cone is one addition.
        packed = []
        for row in counts:
            if any(not 0 <= k <= 15 for k in row):  # a deck has 5 of a flavour (IC-2)
                raise ValueError(f"served counts must be 0..15: {row}")
            packed.append(sum(k << SERVED_BITS * f for f, k in enumerate(row)))
        self._served = packed

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened in the step that made this state (kept as raw tuples until asked)."""
        raw = self._events
        if raw[0].__class__ is EventKind:  # a step with one event keeps it bare
            return (decode_event(raw),)
        return tuple(map(decode_event, raw))

    @property
    def winners(self) -> tuple[int, ...]:
        """IC-15: highest total; then most Ice Cream cards held; still tied, shared."""
        if self._phase != OVER:
            return ()
        best = max(self._scores)
        top = [p for p, s in enumerate(self._scores) if s == best]
        most = max(len(self._cards[p]) for p in top)
        return tuple(p for p in top if len(self._cards[p]) == most)

    @property
    def turned_scoop(self) -> int | None:
        """The scoop being placed in phase 2 (seen by all, ICN-4), else ``None``."""
        if self._phase == CONES and self._scoop_deck:
            return self._scoop_deck[-1]
        return None

    def held_mask(self, seat: int) -> int:
        """IC-8: bit ``f`` set when ``seat`` has a face-up Ice Cream card of flavour ``f``."""
        return self._held[seat]

    def held_flavours(self, seat: int) -> list[int]:
        m = self.held_mask(seat)
        return [f for f in range(NUM_FLAVOURS) if m >> f & 1]

    # ------------------------------------------------------------------ legal actions
    # FAST PATH (labelled): the legal actions from the packed-int cone tables, without a
    # verdict per option; proved equal to the checks (``checked_legal``) at every decision
    # of random games by core.conformance.check_legal_paths.
    def fast_legal(self) -> tuple[Action, ...]:
        """The actions the player to act may take now, as the checks allow them."""
        phase = self._phase
        if phase == CONES:
            settings = self.settings
            limit = settings.scoops_per_cone
            cones = self._cones
            out = [PLACE[i] for i, c in enumerate(cones, 1) if len(c) < limit]
            if len(cones) < settings.cones:
                out.append(NEW_CONE)
            return tuple(out)
        if phase == SERVING:
            return self._serving_legal()
        if phase == DELIVERIES:
            return _KEEP_SWAP if self._ic_deck else _KEEP_ONLY
        return ()

    def _serving_legal(self) -> tuple[Action, ...]:
        """IC-9: the exact cones if any; else the close cones (IC-10) and drawing."""
        self._cone_sets()
        return self._serving_legal_for(self.held_mask(self.to_act), self._cones_left())

    def _serving_legal_for(self, held: int, alive: int) -> tuple[Action, ...]:
        """:meth:`_serving_legal` for a player holding ``held`` with cones ``alive`` left;
        the day's cones (``_kinds``) must be set up."""
        kinds = self._kinds
        both = kinds[held]
        exact = both[0] & alive
        if exact:
            return SERVES[exact]
        close = both[1] & alive
        if self._ic_deck:
            return SERVES_AND_DRAW[close]
        return SERVES[close]

    def _cone_sets(self) -> ConeSets:
        """The day's cones as :class:`ConeSets`, made on first use.

        They are shared by every state that follows (branches included), so they describe
        the cones on the table when they were made; callers mask out the cones served
        since (``_alive``).
        """
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = ConeSets(self._cones, self.settings.close == "flavour")
        return kinds

    def _cones_left(self) -> int:
        """The set of the cones still on the table (see :class:`ConeSets`)."""
        alive = self._alive
        if alive is None:
            alive = self._alive = sum(CONE_BIT[i] for i, c in enumerate(self._cones)
                                      if c is not None)
        return alive

    def _classify(self, seat: int) -> tuple[list[int], list[int]]:
        """Indexes of the cones ``seat`` can serve exactly (IC-9) and close (IC-10)."""
        held = self.held_mask(seat)
        kinds = self._cone_sets()
        exact, close = kinds[held]
        alive = self._cones_left()
        return cone_indexes(exact & alive), cone_indexes(close & alive)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | Mapping[str, Any]) -> IceCreamState:
        """The state after ``action`` (an :class:`Action` or its plain form).

        Raises :class:`IllegalAction` naming the rule when the rules forbid it, and
        :class:`ActionFormatError` when the plain form is malformed; this state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self.fast_legal()
        if action not in legal:
            action = self.check_apply(action)  # raises with the rule, or it is legal after all
        s = self.clone()
        s._events = _STEPS[s._phase](s, action, legal)
        return s

    def apply_in_place(self, action: Action | Mapping[str, Any]) -> None:
        """Apply ``action`` to this very state, for playouts on a :meth:`clone`.

        Same rules and checks as :meth:`apply`; use it only on a state nobody else holds.
        """
        legal = self._legal
        if legal is None:
            legal = self.fast_legal()
        if action not in legal:
            action = self.check_apply(action)
        self._legal = None
        self._events = _STEPS[self._phase](self, action, legal)

    def random_playout(self, random: Callable[[], float],
                       until: Callable[[State], bool] | None = None) -> int:
        """Play uniformly random legal actions on this very state (a :meth:`clone`) until
        the game is over; return how many were played.

        The protocol's loop (:meth:`State.random_playout`) without its per-action calls:
        each decision still takes ``legal[int(random() * len(legal))]`` of the legal actions
        and applies it with the same rules as :meth:`apply`, so both play the same game
        from the same generator (the conformance test compares them). With ``until``, the
        protocol's loop is used.
        """
        if until is not None:
            return super().random_playout(random, until)
        steps = 0
        steps_by_phase = _STEPS
        while not self.is_over:
            legal = self._legal
            if legal is None:
                legal = self.fast_legal()
            self._legal = None
            self._events = steps_by_phase[self._phase](self, legal[int(random() * len(legal))],
                                                       legal)
            steps += 1
        return steps

    def _fresh_caches(self) -> None:
        """Forget everything derived from the position (after setting it up by hand)."""
        n = len(self._cards)
        self._after = tuple((p + 1) % n for p in range(n))  # the next seat clockwise
        self._legal = None
        self._held = list(map(mask_of, self._cards))
        self._kinds = None
        self._alive = None

    # -- phase 1 -------------------------------------------------------------------
    def _deliver(self, action: Action, legal: tuple[Action, ...]) -> list | tuple:
        p = self.to_act
        if type(action) is Swap:
            old = self.hidden[p]
            new = self._ic_deck.pop()
            self.ic_discard = self.ic_discard + (old,)
            self.swappers = self.swappers + (p,)
            self.hidden = _set(self.hidden, p, new)
            ev: list = [(EV_SWAP, p), (EV_SWAP_PRIVATE, p, old, new)]
        else:
            ev = [(EV_KEEP, p)]
        nxt = self._after[p]
        if nxt != self.dealer and self.hidden[nxt] >= 0:
            self.to_act = nxt
            return ev
        # IC-5: after the last decision the discards are shuffled back into the deck.
        if self.ic_discard:
            self._ic_deck = shuffled(self.seed, self.day, PHASE1,
                                      self.ic_discard + tuple(self._ic_deck))
            ev.append((EV_RESHUFFLE, len(self.ic_discard)))
            self.ic_discard = ()
            self.swappers = ()
        self._start_cones(ev)
        return ev

    def _start_day(self, ev: list) -> None:
        """Deal phase 1 (IC-5) and stop at the first decision."""
        n = len(self._cards)
        d = self.dealer
        ev.append((EV_DAY, self.day, d))
        deck = self._ic_deck
        hidden = [-1] * n
        for k in range(n):
            seat = (d + k) % n
            if not deck:
                ev.append((EV_NO_CARD, seat))
                continue
            f = hidden[seat] = deck.pop()
            ev.append((EV_DEALT, seat))
            ev.append((EV_DEALT_PRIVATE, seat, f))
        self.hidden = tuple(hidden)
        self._phase = DELIVERIES
        if hidden[d] >= 0:
            self.to_act = d
        else:  # nobody could be dealt a card: nothing to decide (IC-5)
            self._start_cones(ev)

    # -- phase 2 -------------------------------------------------------------------
    def _start_cones(self, ev: list) -> None:
        # IC-7: all Scoop cards in play are shuffled into the Scoop deck.
        deck = self._scoop_deck = shuffled(self.seed, self.day, PHASE2, self._scoop_deck)
        self._phase = CONES
        self.to_act = self.dealer
        self._cones = []
        ev.append((EV_PHASE_CONES, self.dealer, len(deck)))
        if not deck:
            self._start_serving(ev)

    def _place(self, action: Place, legal: tuple[Action, ...]) -> list | tuple:
        deck = self._scoop_deck
        scoop = deck.pop()
        p = self.to_act
        cones = self._cones
        cone = action.cone
        if cone is None:
            cones.append((scoop,))
            cone = len(cones)
            event = (EV_NEW_CONE, p, scoop, cone)
            if deck:
                # The new cone joins the options; NEW_CONE stays while fewer than the limit exist.
                settings = self.settings
                grown = legal[:-1] + ((PLACE[cone],) if settings.scoops_per_cone > 1 else ())
                self._legal = grown + _NEW_CONE_ONLY if cone < settings.cones else grown
        else:
            grown_cone = cones[cone - 1] = cones[cone - 1] + (scoop,)
            event = (EV_PLACE, p, scoop, cone)
            if deck:
                if len(grown_cone) < self.settings.scoops_per_cone:
                    self._legal = legal
                else:  # the cone is full (IC-7)
                    j = legal.index(action)
                    self._legal = legal[:j] + legal[j + 1:]
        if deck:
            self.to_act = self._after[p]
            return event
        ev = [event]
        self._start_serving(ev)
        return ev

    # -- phase 3 -------------------------------------------------------------------
    def _start_serving(self, ev: list) -> None:
        # IC-9: phase 3 starts with every phase-1 card revealed.
        cards = self._cards
        held = self._held
        for seat, f in enumerate(self.hidden):
            if f >= 0:
                cards[seat] += (f,)
                held[seat] |= 1 << f
                ev.append((EV_REVEAL, seat, f))
        self._kinds = None
        self._alive = 64 * LANES[len(self._cones)]
        self.hidden = (-1,) * len(cards)
        self._phase = SERVING
        self.to_act = self.dealer
        self.last_actor = -1
        ev.append((EV_PHASE_SERVING, self.dealer))
        self._check_serving_turn(ev)

    def _check_serving_turn(self, ev: list) -> None:
        """IC-12: phase 3 ends when no cone is left or the player to act has no action."""
        if not self._cones_left():
            ev.append((EV_ALL_SERVED,))
            self._end_day(ev)
            return
        legal = self._serving_legal()
        if legal:
            self._legal = legal
        else:
            ev.append((EV_NO_ACTION, self.to_act))
            self._end_day(ev)

    def _serve_or_draw(self, action: Serve | Draw, legal: tuple[Action, ...]) -> list | tuple:
        p = self.to_act
        held = self._held
        alive = self._alive
        if alive is None:
            alive = self._cones_left()
        if type(action) is Draw:
            f = self._ic_deck.pop()
            self._cards[p] += (f,)
            held[p] |= 1 << f
            event: tuple = (EV_DRAW, p, f)
        else:
            i = action.cone - 1
            cones = self._cones
            cone = cones[i]
            cones[i] = None
            # Only the held flavours that are in the cone matter, which keeps the cache small.
            mine = held[p] & self._kinds.flavours >> 8 * i  # lane i: cone i's flavours
            on_cards, back, gained = SPLITS[cone, mine]
            self._served[p] += gained
            alive = self._alive = alive & ~CONE_BIT[i]
            if back:
                self._scoop_deck += back
                event = (EV_SERVE_CLOSE if on_cards else EV_SERVE_CLOSE_NOTHING,
                         p, i + 1, on_cards, back)
            else:
                event = (EV_SERVE, p, i + 1, on_cards)
        self.last_actor = p
        q = self.to_act = self._after[p]
        # IC-12: phase 3 ends when no cone is left or the player to act has no action.
        if alive:
            nxt = self._serving_legal_for(held[q], alive)
            if nxt:
                self._legal = nxt
                return event
            ev = [event, (EV_NO_ACTION, q)]
        else:
            ev = [event, (EV_ALL_SERVED,)]
        self._end_day(ev)
        return ev

    # -- phase 4 and the next day ------------------------------------------------------
    def _end_day(self, ev: list) -> None:
        # IC-12: unserved cones' scoops go back to the Scoop deck (this state's own list,
        # extended in place here and by the served scoops below).
        back = self._scoop_deck
        if self._cones_left():
            left = len(back)
            for c in self._cones:
                if c is not None:
                    back += c
            ev.append((EV_CONES_BACK, len(back) - left))
        self._cones = []
        self._kinds = None
        self._alive = None
        # IC-13: discard opened cards, score scoops, then discard duplicates and score them.
        discards: list[int] = []
        cards = self._cards
        scores = list(self._scores)
        day_result = []
        for p, served in enumerate(self._served):
            hand = cards[p]
            scoops = 0
            if served:
                opened = OPENED[(served + SERVED_ANY) & SERVED_SOME]
                hand = list(hand)
                for f in opened:
                    hand.remove(f)
                discards += opened
                scooped = SCOOPS[served]
                back += scooped
                scoops = len(scooped)
            if len(set(hand)) == len(hand):
                keep = tuple(hand)
                dupes = 0
            else:
                keep = tuple(dict.fromkeys(hand))  # the first card of each flavour, in order
                dupes = len(hand) - len(keep)
                for f in keep:
                    discards += [f] * (hand.count(f) - 1)
            cards[p] = keep
            points = scoops + dupes
            scores[p] += points
            day_result.append((scoops, dupes))
            ev.append((EV_SCORE, p, scoops, dupes, points, scores[p]))
        n = len(cards)
        self._held = list(map(HAND_MASKS.__getitem__, cards))  # one card of each flavour now
        self._served = [0] * n
        self._scores = tuple(scores)
        self.results = self.results + (tuple(day_result),)
        if discards:
            self._ic_deck = shuffled(self.seed, self.day, PHASE4, self._ic_deck + discards)
        if self.day >= self.settings.days:
            self._phase = OVER
            self.is_over = True
            self.to_act = -1
            ev.append(self._game_over_event())
            return
        self.dealer = self._next_dealer(ev)
        self.day += 1
        self._start_day(ev)

    def _next_dealer(self, ev: list) -> int:
        """IC-14: the single lowest total deals; ties go clockwise from after the last actor."""
        scores = self._scores
        low = min(scores)
        if scores.count(low) == 1:
            dealer = scores.index(low)
            ev.append((EV_NEXT_DEALER, dealer))
            return dealer
        n = len(scores)
        start = (self.last_actor if self.last_actor >= 0 else self.dealer) + 1
        for k in range(n):
            seat = (start + k) % n
            if scores[seat] == low:
                ev.append((EV_NEXT_DEALER_TIE, seat))
                return seat
        raise AssertionError("unreachable: a tied seat exists")

    def _game_over_event(self) -> tuple:
        """IC-15 in words: who won, and by which step of the tie-break (most points; tied,
        most Ice Cream cards held; still tied, a shared win), so a player reads why."""
        winners = self.winners
        best = max(self._scores)
        top = [p for p, sc in enumerate(self._scores) if sc == best]
        params = {"winners": list(winners), "score": best,
                  "cards": len(self._cards[winners[0]]), "tied": top}
        if len(top) == 1:
            return ("ic.event.game_over", params, "IC-15")
        if len(winners) == 1:
            return ("ic.event.game_over_cards", params, "IC-15")
        return ("ic.event.game_over_shared", params, "IC-15")

    # ------------------------------------------------------------------ the checks
    # Each rule once: one check per action kind says whether the action is allowed now,
    # which rule says so, and why (the kit derives why_not, options and checked_legal).
    def candidates(self) -> list[Action]:
        """Every option of the current decision: phase 1 keep and swap; phase 2 each cone
        on the table and a new cone; phase 3 each cone on the table and drawing."""
        phase = self._phase
        if phase == DELIVERIES:
            return [KEEP, SWAP]
        if phase == CONES:
            return [PLACE[i + 1] for i in range(len(self._cones))] + [NEW_CONE]
        if phase == SERVING:
            return [SERVE[i + 1] for i, c in enumerate(self._cones) if c is not None] + [DRAW]
        return []

    def refuse_phase(self, act: Action, phase: Phase | None) -> Verdict:
        """Nothing once the game is over (IC-15); else the phase that offers ``act``."""
        if phase is None:
            return forbid("IC-15", "ic.why.game_over")
        wanted = next(p for p in PHASES if act.type in p.kinds)
        return forbid(wanted.rule, "ic.why.wrong_phase", action=act.type, phase=phase.name,
                      wanted=wanted.name)

    def check_keep(self, act: Keep) -> Verdict:
        """IC-5: the player to act may always keep the card dealt to them."""
        return allow("IC-5", "ic.why.keep", player=self.to_act)

    def check_swap(self, act: Swap) -> Verdict:
        """IC-5: swap the dealt card for the top card of the deck, while there is one."""
        if not self._ic_deck:
            return forbid("IC-5", "ic.why.swap_empty")
        return allow("IC-5", "ic.why.swap", player=self.to_act)

    def check_place(self, act: Place) -> Verdict:
        """IC-7: the turned scoop goes on a cone with room, or on a new cone while fewer
        than the limit exist; cones are numbered in the order they were started (ICN-2)."""
        scoop = self._scoop_deck[-1]
        settings = self.settings
        cones = self._cones
        if act.cone is None:
            if len(cones) >= settings.cones:
                return forbid("IC-7", "ic.why.no_new_cone", count=settings.cones)
            return allow("IC-7", "ic.why.new_cone", flavour=scoop, cone=len(cones) + 1)
        if not 1 <= act.cone <= len(cones):
            return forbid("ICN-2", "ic.why.no_such_cone", cone=act.cone)
        cone = cones[act.cone - 1]
        limit = settings.scoops_per_cone
        if len(cone) >= limit:
            return forbid("IC-7", "ic.why.cone_full", cone=act.cone, limit=limit)
        return allow("IC-7", "ic.why.place", flavour=scoop, cone=act.cone, scoops=list(cone))

    def check_draw(self, act: Draw) -> Verdict:
        """IC-9: a player who can serve a cone exactly must; else they may draw while the
        Ice Cream deck lasts."""
        exact, _ = self._classify(self.to_act)
        if exact:
            return forbid("IC-9", "ic.why.must_serve", cones=[i + 1 for i in exact])
        if not self._ic_deck:
            return forbid("IC-9", "ic.why.deck_empty")
        return allow("IC-9", "ic.why.draw")

    def check_serve(self, act: Serve) -> Verdict:
        """IC-9: serve a cone exactly (every scoop on the player's cards); IC-10: with no
        exact cone, serve a close one (by scoops, or by flavours under ``ijs``)."""
        n = act.cone
        cones = self._cones
        if not 1 <= n <= len(cones) or cones[n - 1] is None:
            return forbid("ICN-2", "ic.why.no_such_cone", cone=n)
        p = self.to_act
        exact, close = self._classify(p)
        i = n - 1
        cone = cones[i]
        if i in exact:
            return allow("IC-9", "ic.why.serve_exact", cone=n, scoops=list(cone))
        held = self.held_mask(p)
        miss = [f for f in cone if not held >> f & 1]
        if i in close:
            if exact:
                return forbid("IC-9", "ic.why.close_but_exact", cone=n,
                              cones=[j + 1 for j in exact])
            scoring = [f for f in cone if held >> f & 1]
            key = "ic.why.serve_close" if scoring else "ic.why.serve_close_nothing"
            return allow("IC-10", key, cone=n, returned=miss, scoops=scoring)
        distinct = sorted(set(miss))
        if self.settings.close == "flavour":
            return forbid("IC-10", "ic.why.not_close_flavour", cone=n, flavours=distinct)
        return forbid("IC-10", "ic.why.not_close_scoop", cone=n, flavours=distinct,
                      count=len(miss))

    # ------------------------------------------------------------------ views & data
    def __repr__(self) -> str:
        return (f"<IceCreamState day {self.day} {self.phase} to_act={self.current_player} "
                f"scores={list(self._scores)}>")

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Check IC-16 (every card in exactly one place) and the cone limits (IC-7).

        Raises :class:`AssertionError` on a broken invariant. Explicit checks, not
        ``assert`` statements, so that they still run under ``python -O``.
        """
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
                _require(1 <= len(c) <= self.settings.scoops_per_cone, f"cone size {c}")
                for f in c:
                    sc[f] += 1
        for p in range(self.num_players):
            for f in range(NUM_FLAVOURS):
                sc[f] += self.served[p][f]
                if self.served[p][f]:
                    _require(f in self.cards[p], "scoops served on a card the player lacks (IC-11)")
        _require(ic == [COPIES] * NUM_FLAVOURS, f"Ice Cream cards not conserved (IC-16): {ic}")
        _require(sc == [COPIES] * NUM_FLAVOURS, f"Scoop cards not conserved (IC-16): {sc}")
        _require(len(self.removed) == self.settings.removed_scoops, "removed scoops (IC-3)")
        _require(len(self.cones) <= self.settings.cones, "too many cones (IC-7)")


#: The state's fields, declared once: how a copy gets each (the generated ``clone``, the
#: same code as a hand-written copy) and its name in a scenario or save (``None``: part of
#: another saved field, like ``hands``, or derived).
FIELDS = (
    StateField("settings", saved=None),
    StateField("seed", saved=None),
    StateField("day"),
    StateField("_phase"),
    StateField("dealer"),
    StateField("to_act"),
    StateField("_scores"),
    StateField("_cards", "list", saved="hands"),
    StateField("hidden", saved=None),
    StateField("_served", "list", saved=None),
    StateField("_ic_deck", "list", saved="ice_cream_deck"),
    StateField("ic_discard", saved="ice_cream_discard"),
    StateField("swappers"),
    StateField("_scoop_deck", "list"),
    StateField("removed", saved="removed_scoops"),
    StateField("_cones", "list"),
    StateField("last_actor"),
    StateField("results"),
    StateField("_legal", "reset", saved=None),
    StateField("_held", "list", saved=None),
    StateField("_kinds", saved=None),  # the day's cone tables: shared, never changed
    StateField("_alive", saved=None),
    StateField("_after", saved=None),
    StateField("is_over", saved=None),
    StateField("_events", saved=None),
)
#: The fields a scenario or saved state holds beyond the ones every game has.
SAVED_FIELDS = saved_names(FIELDS)
IceCreamState.clone = make_clone(IceCreamState, FIELDS)  # type: ignore[method-assign]
_STEPS = (IceCreamState._deliver, IceCreamState._place, IceCreamState._serve_or_draw)


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise AssertionError(message)


def _set(t: tuple, i: int, v: Any) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    lst = list(t)
    lst[i] = v
    return tuple(lst)


def check_seed(seed: Any) -> None:
    """Refuse a seed that is not a whole number, or longer than a saved game may hold
    (:data:`~icecream.core.protocol.MAX_DIGITS` digits: the shuffles write it out, and a
    save of the game must load again)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SettingsError(f"seed must be a whole number, not {quote(seed)}")
    if seed.bit_length() > 96 and abs(seed) >= 10**MAX_DIGITS:
        raise SettingsError(f"seed must be a whole number of at most {MAX_DIGITS} digits, "
                            f"not {quote(seed)}")


def new_state(players: int | Sequence[str] = 4, seed: int = 0, ruleset: str | None = None,
              **variant: Any) -> IceCreamState:
    """A new game: IC-3 removes scoops, IC-4 deals one face-up card each, then day 1 begins."""
    check_seed(seed)
    settings = KIT.make(players, ruleset, variant)
    n = settings.players
    deck = shuffled(seed, 0, SETUP_DECK, _FULL_DECK)
    scoops = shuffled(seed, 0, SETUP_SCOOPS, _FULL_DECK)
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
    s._cards = cards
    s.hidden = (-1,) * n
    s._served = [0] * n
    s._ic_deck = deck
    s.ic_discard = ()
    s.swappers = ()
    s.removed = tuple(scoops[:k])
    s._scoop_deck = scoops[k:]
    s._cones = []
    s.last_actor = -1
    s.results = ()
    s._fresh_caches()
    s.is_over = False
    ev: list = [("ic.event.setup", {"removed": k, "count": n}, "IC-3")]
    s._start_day(ev)
    s._events = tuple(ev)
    return s


__all__ = ["IceCreamState", "new_state", "PHASES", "PHASE_NAMES", "FIELDS", "SAVED_FIELDS",
           "ActionFormatError", "IllegalAction", "FLAVOURS"]
