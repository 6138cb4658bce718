"""Combo Cone Paradise's rules: the state of a game and how each action changes it.

The game (Mercat Games 2021; rulebook ``combo-cone-paradise.en.txt``, rulings CCP-1..12)
is played in turns. On their turn an Artisan (CCP-5):

1. takes one main action: *Scoop* 1-3 cards of one flavour or one brand from the Ice
   Cream row (CCP-6), *Secure* a Rainbow card and reserve an order (CCP-7), or *Serve*:
   one placement per Cone, each combo granting one more (CCP-8);
2. fills any number of orders with their cones (CCP-9), keeping each for its coins or
   taking its alternative reward (CCP-10);
3. ends the turn: both rows are refilled to 4 (CCP-11). When the Ice Cream draw pile is
   empty at the end of a turn, every Artisan takes one final turn, and the most coins wins
   (CCP-12).

Phases: ``main``, ``serving`` (placements left), ``filling``, ``reward`` (a filled order
offers an alternative reward) and ``over``. ``current_player`` stays the same seat through
a turn. A state is immutable; :meth:`ComboConeState.apply` returns a new one whose
``events`` say, citing rules, what happened.

>>> from icecream import new_game
>>> s = new_game("combo-cone", players=["Ann", "Bob"], seed=3)
>>> s.phase, s.names[s.current_player], len(s.row), len(s.order_row)
('main', 'Ann', 4, 4)
>>> s = s.apply({"type": "serve"})
>>> s.event_texts()[0]
'Ann serves: 2 placements, as many as their Cones; each may go on any of their Cones (CCP-8).'
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from itertools import chain, combinations
from typing import Any

from ...core.chance import shuffled
from ...core.errors import SettingsError
from ...core.fields import StateField, make_clone, saved_names
from ...core.invariants import invariant
from ...core.kit import SeatTurns
from ...core.phases import Phase, Verdict, allow, forbid
from ...core.protocol import Action, Event, State
from ...core.scenario import scenario_fields
from .actions import (
    END_TURN,
    KEEP_COINS,
    SECURE_DECK,
    SECURE_ROW,
    SERVE,
    STOP_SERVING,
    TAKE_CONE,
    EndTurn,
    Fill,
    Place,
    Scoop,
    Secure,
    Serve,
    StopServing,
    TakeReward,
)
from .components import ICE_CREAM_COUNT, RAINBOW, RAINBOW_COUNT, Card, Components
from .settings import KIT, PILE_SIZE, Settings
from .words import CcpMessage

#: The phases of a turn as data: the rule each is played under and the action kinds it
#: offers (CCP-5); ``over`` offers none (CCP-12). ``state.phase`` is one of their names.
PHASES = (
    Phase("main", "CCP-5", ("scoop", "secure", "serve")),
    Phase("serving", "CCP-8", ("place", "stop_serving")),
    Phase("filling", "CCP-9", ("fill", "end_turn")),
    Phase("reward", "CCP-10", ("take_reward",)),
    Phase("over", "CCP-12"),
)
PHASE_NAMES = tuple(p.name for p in PHASES)
#: The phase that offers each action kind (a refusal in another phase names it).
_PHASE_OF_KIND = {k: p for p in PHASES for k in p.kinds}
#: The state keeps its phase as an index of :data:`PHASES` (compared at every step).
MAIN, SERVING, FILLING, REWARD, OVER = range(5)
ROW_SIZE = 4
MAX_RESERVED = 3
START_CONES = 2
REWARD_CARDS = 2
#: Purposes of the seeded shuffles (:func:`icecream.core.chance.shuffled`): the Ice Cream
#: draw pile (CCP-3), the Order deck (CCP-3), a rebuilt Order deck (CCP-11, the k-th), and
#: the cards a scenario does not place.
SETUP_PILE, SETUP_ORDERS, ORDER_RESHUFFLE, SCENARIO_PILE, SCENARIO_ORDERS = range(5)
#: The game's name in its seeds (``random.Random("combo-cone:<seed>:<purpose>:<k>")``).
CHANCE = "combo-cone"

# Shared action objects, so legal-action lists cost little allocation.
_SCOOPS: dict[tuple[int, ...], Scoop] = {}
_PLACES: dict[tuple[int, int], Place] = {}
_FILLS: dict[tuple[int, int], Fill] = {}
_TAKES: dict[tuple[tuple[int, ...], int], TakeReward] = {}


def _scoop(pos: tuple[int, ...]) -> Scoop:
    a = _SCOOPS.get(pos)
    if a is None:
        a = _SCOOPS[pos] = Scoop(pos)
    return a


def _place(card: int, cone: int) -> Place:
    a = _PLACES.get((card, cone))
    if a is None:
        a = _PLACES[card, cone] = Place(card, cone)
    return a


def _fill(cone: int, order: int) -> Fill:
    a = _FILLS.get((cone, order))
    if a is None:
        a = _FILLS[cone, order] = Fill(cone, order)
    return a


def _take(cards: tuple[int, ...], pile: int) -> TakeReward:
    a = _TAKES.get((cards, pile))
    if a is None:
        a = _TAKES[cards, pile] = TakeReward("cards", cards, pile)
    return a


#: The main phase's legal actions, as the checks give them, by what the checks read: the
#: row's pattern (which cards share a flavour, which share a brand), its length, the order
#: slots, whether the deck is empty and how many orders are reserved
#: (:meth:`ComboConeState._main_legal`).
_MAIN_LEGAL: dict[tuple[int, ...], tuple[Action, ...]] = {}
#: Its two parts, each as the checks give them: the allowed Scoops by the row's pattern,
#: and the allowed Secures and Serve by the order slots, deck and reserved count.
_MAIN_SCOOPS: dict[tuple[int, ...], tuple[Action, ...]] = {}
_MAIN_REST: dict[int, tuple[Action, ...]] = {}
#: The pairs of row positions, by row length, in the order their bits are packed.
_PAIRS = {n: list(combinations(range(n), 2)) for n in range(ROW_SIZE + 1)}
#: ``_PLACE_ROWS[n][card]``: the card's placements on each of ``n`` cones.
_PLACE_ROWS: dict[int, list[tuple[Place, ...]]] = {}
#: The "cards" reward's options by (row length, pile cards that may be drawn).
_CARD_REWARDS: dict[tuple[int, int], tuple[TakeReward, ...]] = {}
_KEEP_OR_CONE, _KEEP_ONLY = (KEEP_COINS, TAKE_CONE), (KEEP_COINS,)


def _place_rows(n: int) -> list[tuple[Place, ...]]:
    """Every card's placements on each of ``n`` cones, by card id."""
    rows = _PLACE_ROWS.get(n)
    if rows is None:
        rows = _PLACE_ROWS[n] = [tuple(_place(c, j) for j in range(n))
                                 for c in range(ICE_CREAM_COUNT + RAINBOW_COUNT)]
    return rows
#: Row position subsets a Scoop may name, by row length (CCP-6: 1 to 3 cards).
_SUBSETS = {n: [c for k in (1, 2, 3) for c in combinations(range(n), k)] for n in range(5)}
#: Row position subsets the "cards" reward may name (up to 2 cards, CCP-10, CCPN-5).
_SMALL_SUBSETS = {n: [c for k in (0, 1, 2) for c in combinations(range(n), k)]
                  for n in range(5)}


def _ev(key: str, rule: str | None = None, visible_to: int | None = None,
        **params: Any) -> tuple:
    """A raw event: (key, params, rule, visible_to); :attr:`ComboConeState.events` makes
    the :class:`Event` objects only when they are read (playouts never read them)."""
    return (f"ccp.event.{key}", params, rule, visible_to)


class _Face(int):
    """A card id in a raw event's parameters, shown as the card's faces when the event is
    read (:meth:`ComboConeState.face`)."""

    __slots__ = ()


class _Faces(tuple):
    """Card ids in a raw event's parameters, shown as a list of their faces when read."""

    __slots__ = ()


def _read_params(state: ComboConeState, params: dict[str, Any]) -> dict[str, Any]:
    """A raw event's parameters with its cards' faces in plain form."""
    out = {}
    for k, v in params.items():
        if v.__class__ is _Face:
            v = state.face(v)
        elif v.__class__ is _Faces:
            v = [state.face(c) for c in v]
        out[k] = v
    return out


def _copy_cones(cones: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[st[:] for st in cs] for cs in cones]


#: The state's fields, declared once: how :meth:`ComboConeState.clone` copies each, and its
#: name in a scenario or save (``None``: not saved as such; the settings are saved as
#: ``players`` and ``settings``, the coins and the Cone reserve follow from the rest).
FIELDS = (
    StateField("settings", saved=None),
    StateField("comps", saved=None),
    StateField("cards", saved=None),
    StateField("seed"),
    StateField("_phase"),
    StateField("to_act"),
    StateField("turn"),
    StateField("final_left", saved="final_turns_left"),
    StateField("pile", "list"),
    StateField("row", "list"),
    StateField("box"),  # never changes after setup
    StateField("rainbow_pile", "list", saved=None),  # the Rainbows placed nowhere else
    StateField("ic_discard", "list", saved="ice_cream_discard"),
    StateField("order_deck", "list"),
    StateField("order_row", "list"),
    StateField("order_discard", "list"),
    StateField("reshuffles"),
    StateField("hands", "lists"),
    StateField("cones", _copy_cones),
    StateField("cone_reserve", saved=None),
    StateField("reserved", "lists"),
    StateField("filled", "lists"),
    StateField("fills", "list"),
    StateField("coins", "list", saved=None),
    StateField("placements", saved="placements_left"),
    # Derived from the cones: per seat, its cones that fill some order (None: not known).
    StateField("_fits", "list", saved=None),
    StateField("pending", saved="pending_order"),
    StateField("is_over", saved=None),
    StateField("round_scores"),
    StateField("_events", saved=None),
    # Shared, not reset: a clone is the same position, so the same legal actions.
    StateField("_legal", saved=None),
)
#: The fields a scenario may hold: what every game's scenario has, the saved state
#: fields, and the draw pile's size (a scenario's unplaced cards fill it).
SCENARIO_FIELDS = scenario_fields(saved_names(FIELDS), {"pile_size"})


class ComboConeState(SeatTurns):
    """A position in a game of Combo Cone Paradise. Never changed after it is made,
    except by :meth:`apply_in_place` (or :meth:`random_playout`) on a :meth:`clone`.

    Card ids index ``comps.cards`` (Ice Cream cards, then Rainbows); order ids index
    ``comps.orders``. Piles and decks are lists whose *last* element is the top. Rows
    list their cards left to right (position 0 first). ``cones[p]`` are seat ``p``'s
    cones, each a stack listed bottom first.
    """

    __slots__ = tuple(f.name for f in FIELDS)
    PHASES = PHASES  # the module's phases, as the rules kit reads them
    #: Its events name cards, orders, brands and rewards (:mod:`.words`).
    message_type = CcpMessage

    settings: Settings
    comps: Components
    cards: tuple[Card, ...]
    seed: int
    _phase: int
    to_act: int
    #: Turns finished so far (the ``round`` counts full table rounds from it).
    turn: int
    #: Final turns left after this one's end (-1 until the draw pile runs out, CCP-11).
    final_left: int
    pile: list[int]
    row: list[int]
    box: list[int]
    rainbow_pile: list[int]
    ic_discard: list[int]
    order_deck: list[int]
    order_row: list[int]
    order_discard: list[int]
    reshuffles: int
    hands: list[list[int]]
    cones: list[list[list[int]]]
    cone_reserve: int
    reserved: list[list[int]]
    filled: list[list[int]]
    fills: list[int]
    coins: list[int]
    placements: int
    pending: int
    is_over: bool
    #: Coins of every seat at the end of each full table round so far.
    round_scores: tuple[tuple[int, ...], ...]

    # ------------------------------------------------------------------ protocol
    # current_player (the same seat through a turn, CCP-5), phase, names and
    # num_players (the Artisans, CCP-1), view, setup_args and to_dict: the kit's
    # (:class:`~icecream.core.kit.SeatTurns`).
    @property
    def scores(self) -> tuple[int, ...]:
        """Coins earned so far (CCP-10, CCP-12)."""
        return tuple(self.coins)

    @property
    def round(self) -> int:
        """The table round being played: 1 until every Artisan has had a turn, and so on."""
        return self.turn // self.num_players + 1

    @property
    def last_round(self) -> bool:
        """True once the draw pile has run out: these are the final turns (CCP-11)."""
        return self.final_left >= 0

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened in the step that made this state, citing rules."""
        return tuple(Event(key, _read_params(self, params), rule, seat)
                     for key, params, rule, seat in self._events)

    @property
    def winners(self) -> tuple[int, ...]:
        """CCP-12: most coins; then fewer Ice Cream cards in hand; then shared."""
        if self._phase != OVER:
            return ()
        best = max(self.coins)
        top = [p for p, c in enumerate(self.coins) if c == best]
        fewest = min(len(self.hands[p]) for p in top)
        return tuple(p for p in top if len(self.hands[p]) == fewest)

    def is_rainbow(self, card: int) -> bool:
        """True when ``card`` is a Rainbow (CCP-2)."""
        return self.cards[card].flavour == RAINBOW

    def face(self, card: int) -> list[str]:
        """A card's faces in plain form (for messages and views)."""
        return self.cards[card].to_data()

    def order_flavours(self, order: int) -> list[str]:
        """The order's flavour codes (for messages)."""
        return self.comps.orders[order].to_data()["flavours"]

    def rainbows_in_hand(self, seat: int) -> int:
        """How many Rainbow cards ``seat`` holds (CCPN-3)."""
        return sum(1 for c in self.hands[seat] if self.cards[c].flavour == RAINBOW)

    # ------------------------------------------------------------------ matching
    def combo(self, below: int, top: int) -> bool:
        """CCP-8: ``top`` placed on ``below`` is a combo when ``below``'s Combo Brand is
        ``top``'s Brand; a Rainbow matches on either side."""
        b, t_ = self.cards[below], self.cards[top]
        return b.flavour == RAINBOW or t_.flavour == RAINBOW or b.combo == t_.brand

    def cone_fills(self, stack: Sequence[int], order: int) -> bool:
        """CCP-9: the stack's flavours equal the order's as a multiset (Rainbows as any
        flavour) and the heights are equal."""
        want = self.comps.orders[order].flavours
        if len(stack) != len(want) or not stack:
            return False
        need = list(want)
        cards = self.cards
        for c in stack:
            f = cards[c].flavour
            if f != RAINBOW:
                try:
                    need.remove(f)
                except ValueError:
                    return False
        return True

    def available_orders(self, seat: int) -> list[int]:
        """Orders ``seat`` may fill now: the face-up row and its own reserved ones (CCP-7)."""
        return self.order_row + self.reserved[seat]

    def _fill_actions(self) -> list[Action]:
        """CCP-9: each cone with a stack against each order of the row and the Artisan's
        reserved ones, those it fills."""
        p = self.to_act
        fits = self._fits[p]
        if fits is None:
            fits = self._cone_fits(p)
        if not fits:
            return []
        orders = self.order_row + self.reserved[p]
        return [_fill(j, o) for j, fills in fits for o in orders if o in fills]

    def _cone_fits(self, p: int) -> tuple[tuple[int, frozenset[int]], ...]:
        """Seat ``p``'s cones that fill some order, each with the ids of every order it
        fills (CCP-9; looked up by the stack's flavours in :attr:`Components.fillable`),
        kept until one of its cones changes."""
        comps = self.comps
        flavour_of = comps.flavour_of
        table = comps.fillable
        top = comps.max_height
        out = []
        for j, stack in enumerate(self.cones[p]):
            if stack and len(stack) <= top:  # a taller stack fills no order (CCP-9)
                key = ((flavour_of[stack[0]],) if len(stack) == 1
                       else tuple(sorted([flavour_of[c] for c in stack])))
                fills = table[key]
                if fills:
                    out.append((j, fills))
        fits = self._fits[p] = tuple(out)
        return fits

    # ------------------------------------------------------------------ legal actions
    # FAST PATH (labelled): the allowed options without a verdict for each candidate (a
    # playout decides ~10^5 times a second); proved equal to the checks, in order, by
    # core.conformance.check_legal_paths at every decision of the conformance games.
    def fast_legal(self) -> tuple[Action, ...]:
        """The actions the Artisan to act may take now (empty when the game is over): the
        candidates their checks allow, worked out directly."""
        phase = self._phase
        if phase == MAIN:
            return self._main_legal()
        p = self.to_act
        if phase == SERVING:
            # CCP-8: each distinct card of the hand (the lowest id of each face; hands are
            # kept sorted) on each cone, then stopping.
            rows = _place_rows(len(self.cones[p]))
            hand = self.hands[p]
            shared = self.comps.shared_cards
            if not shared.isdisjoint(hand) and len(shared.intersection(hand)) > 1:
                hand = self._distinct_hand(p)  # (maybe two cards with one face: Rainbows)
            return (*chain.from_iterable(map(rows.__getitem__, hand)), STOP_SERVING)
        if phase == FILLING:
            return (*self._fill_actions(), END_TURN)
        if phase == REWARD:
            return self._reward_actions()
        return ()

    def _main_legal(self) -> tuple[Action, ...]:
        """The main phase's legal actions (CCP-6 Scoops, CCP-7 Secures, CCP-8 Serve),
        derived from the checks and memoised by what those checks read: which row cards
        share a flavour and which share a brand (two bits per pair of cards,
        :attr:`Components.same_kind`), how many orders the row shows, whether the deck has
        one, and how many the Artisan has reserved. No rule is written here: the first
        state with a key asks the checks (:meth:`_main_parts`), and every later one shares
        its tuple (the conformance suite proves the key holds all the checks read, at
        every decision)."""
        row = self.row
        same = self.comps.same_kind
        # The order slots, the deck and the reserved count: what check_secure reads.
        orders = (len(self.order_row) << 1 | (not self.order_deck)) << 2 | len(
            self.reserved[self.to_act])
        if len(row) == ROW_SIZE:
            a, b, c, d = row
            sa, sb = same[a], same[b]
            key = (sa[b], sa[c], sa[d], sb[c], sb[d], same[c][d], orders)
        else:  # a row that could not be refilled: its length, its pairs, the orders
            key = (len(row), *[same[row[i]][row[j]] for i, j in _PAIRS[len(row)]], orders)
        legal = _MAIN_LEGAL.get(key)
        if legal is None:
            legal = _MAIN_LEGAL[key] = self._main_parts(key[:-1], orders)
        return legal

    def _main_parts(self, pattern: tuple[int, ...], orders: int) -> tuple[Action, ...]:
        """The main phase's legal actions from two memos of the checks' verdicts: the
        Scoops by the row's pattern (all check_scoop reads) and the Secures and Serve by
        the orders key (all check_secure and check_serve read), so a new pair of the two
        runs no check already run. The candidates list the Scoops first."""
        scoops = _MAIN_SCOOPS.get(pattern)
        rest = _MAIN_REST.get(orders)
        if scoops is None or rest is None:
            check = self.check
            candidates = self.candidates()
            if scoops is None:
                scoops = _MAIN_SCOOPS[pattern] = tuple(
                    a for a in candidates if a.type == "scoop" and check(a).allowed)
            if rest is None:
                rest = _MAIN_REST[orders] = tuple(
                    a for a in candidates if a.type != "scoop" and check(a).allowed)
        return (*scoops, *rest)

    def _distinct_hand(self, p: int) -> list[int]:
        """The hand without repeats of identical cards (the lowest id of each face)."""
        canon = self.comps.canon
        seen = set()
        out = []
        for c in self.hands[p]:  # hands are kept sorted, so the lowest id comes first
            k = canon[c]
            if k not in seen:
                seen.add(k)
                out.append(c)
        return out

    def _reward_actions(self) -> tuple[Action, ...]:
        """CCP-10: keep the coins, or the alternative reward the order offers (a Cone while
        the reserve has one; 1-2 cards from the row and the pile, CCPN-5)."""
        reward = self.comps.orders[self.pending].reward
        if reward == "cone" and self.cone_reserve > 0:
            return _KEEP_OR_CONE
        if reward == "cards":
            return (KEEP_COINS, *self._card_rewards())
        return _KEEP_ONLY

    def _card_rewards(self) -> tuple[TakeReward, ...]:
        """CCP-10, CCPN-5: 1 or 2 cards, any mix of row positions and the pile's top."""
        key = (len(self.row), min(len(self.pile), REWARD_CARDS))
        got = _CARD_REWARDS.get(key)
        if got is None:
            n, pile = key
            got = _CARD_REWARDS[key] = tuple(
                _take(pos, k) for pos in _SMALL_SUBSETS[n]
                for k in range(0, min(REWARD_CARDS - len(pos), pile) + 1) if pos or k)
        return got

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | Mapping[str, Any]) -> ComboConeState:
        """The state after ``action`` (an :class:`Action` or its plain form).

        Raises :class:`IllegalAction` naming the rule, or :class:`ActionFormatError` for a
        malformed plain form; this state is unchanged.
        """
        legal = self.legal_actions()
        # The options are shared objects: looked for by identity first (no __eq__ calls).
        if id(action) not in map(id, legal) and action not in legal:
            action = self.check_apply(action)
        s = self.clone()
        s._step(action)
        return s

    def apply_in_place(self, action: Action | Mapping[str, Any]) -> None:
        """Apply ``action`` to this very state (a :meth:`clone` nobody else holds); same
        rules and checks as :meth:`apply`."""
        legal = self.legal_actions()
        # The options are shared objects: looked for by identity first (no __eq__ calls).
        if id(action) not in map(id, legal) and action not in legal:
            action = self.check_apply(action)
        self._step(action)

    def random_playout(self, random: Callable[[], float],
                       until: Callable[[State], bool] | None = None) -> int:
        """The protocol's random playout (one ``random()`` a decision, the same games).

        Each decision takes ``legal[int(random() * len(legal))]`` and applies it with the
        same step as :meth:`apply`. Until the game's last turn (CCP-11: the final turns
        count down to it) the steps make no events: nobody reads the events of a state a
        playout passes through, and the game ends only at the end of that turn, whose
        steps keep theirs, so the final state has its last step's events as after
        :meth:`apply`.
        """
        if until is not None:
            return super().random_playout(random, until)
        steps = 0
        fast_legal, main_legal, steps_by_kind = self.fast_legal, self._main_legal, _STEPS
        if self.is_over:
            return steps
        if self._phase == MAIN:
            self._legal = None  # (the steps leave none when a turn ends, so nor do we)
        # Before the final turns (-1) and in all but the last of them (CCP-11): no events.
        same = self.comps.same_kind
        while self.final_left < 0 or self.final_left > 1:
            if self._phase == MAIN:
                # FAST PATH: _main_legal's lookup for a full row, inline (its key, the same
                # expression: no rule here; a key not yet seen goes to _main_legal).
                row = self.row
                if len(row) == ROW_SIZE:
                    a, b, c, d = row
                    sa, sb = same[a], same[b]
                    legal = _MAIN_LEGAL.get((
                        sa[b], sa[c], sa[d], sb[c], sb[d], same[c][d],
                        (len(self.order_row) << 1 | (not self.order_deck)) << 2
                        | len(self.reserved[self.to_act])))
                    if legal is None:
                        legal = main_legal()
                else:
                    legal = main_legal()
            else:
                legal = self._legal
                if legal is None:
                    legal = fast_legal()
                else:
                    self._legal = None
            action = legal[int(random() * len(legal))]
            steps_by_kind[action.__class__](self, action, None, legal)
            steps += 1
        while not self.is_over:
            legal = self._legal
            if legal is None:
                legal = fast_legal()
            action = legal[int(random() * len(legal))]
            self._legal = None
            ev: list[tuple] = []
            steps_by_kind[action.__class__](self, action, ev, legal)
            self._events = ev
            steps += 1
        return steps

    def _step(self, action: Action) -> None:
        legal = self._legal
        self._legal = None
        ev: list[tuple] = []
        _STEPS[action.__class__](self, action, ev, legal)
        self._events = ev  # never changed after this step

    # Each step takes the action, the list its events go to (``None``: nobody will read them,
    # in a playout) and the legal actions it was one of (``None``: not worked out).
    def _do_end_turn(self, action: EndTurn, ev: list | None, legal: tuple | None) -> None:
        if ev is not None:
            ev.append(_ev("end_turn", "CCP-11", player=self.to_act))
        self._end_turn(ev)

    def _do_stop_serving(self, action: StopServing, ev: list | None, legal: tuple | None) -> None:
        if ev is not None:
            ev.append(_ev("stop_serving", "CCP-8", player=self.to_act, count=self.placements))
        self.placements = 0
        self._to_filling(ev)

    # -- main actions ------------------------------------------------------------------
    def _do_scoop(self, action: Scoop, ev: list | None, legal: tuple | None) -> None:
        p = self.to_act
        row = self.row
        hand = self.hands[p]
        pos = action.cards
        if len(pos) == 1:
            c = row.pop(pos[0])
            insort(hand, c)
            if ev is not None:
                ev.append(_ev("scoop", "CCP-6", player=p, cards=_Faces((c,))))
            self._to_filling(ev)
            return
        taken = [row[i] for i in pos]
        for i in reversed(pos):
            del row[i]
        hand += taken
        hand.sort()
        if ev is not None:
            ev.append(_ev("scoop", "CCP-6", player=p, cards=_Faces(taken)))
        self._to_filling(ev)

    def _do_secure(self, action: Secure, ev: list | None, legal: tuple | None) -> None:
        p = self.to_act
        if action.order == "deck":
            o = self.order_deck.pop()
            if ev is not None:
                ev.append(_ev("secure_deck", "CCP-7", player=p,
                              order_flavours=self.order_flavours(o), order=o))
        else:
            o = self.order_row.pop(action.order)
            if ev is not None:
                ev.append(_ev("secure", "CCP-7", player=p,
                              order_flavours=self.order_flavours(o), order=o))
        self.reserved[p].append(o)
        limit = self.settings.rainbow_hand_limit
        if not self.rainbow_pile:
            if ev is not None:
                ev.append(_ev("no_rainbow", "CCP-7", player=p))
        elif limit is not None and self.rainbows_in_hand(p) >= limit:
            if ev is not None:
                ev.append(_ev("rainbow_limit", "CCPN-3", player=p, limit=limit))
        else:
            hand = self.hands[p]
            hand.append(self.rainbow_pile.pop())
            hand.sort()
            if ev is not None:
                ev.append(_ev("rainbow", "CCP-7", player=p))
        self._to_filling(ev)

    def _do_serve(self, action: Serve, ev: list | None, legal: tuple | None) -> None:
        p = self.to_act
        self.placements = len(self.cones[p])
        if ev is not None:
            ev.append(_ev("serve", "CCP-8", player=p, count=self.placements))
        if not self.hands[p]:
            if ev is not None:
                ev.append(_ev("nothing_to_place", "CCPN-2", player=p))
            self.placements = 0
            self._to_filling(ev)
            return
        self._phase = SERVING

    def _do_place(self, action: Place, ev: list | None, legal: tuple | None) -> None:
        p = self.to_act
        card = action.card
        hand = self.hands[p]
        hand.remove(card)
        stack = self.cones[p][action.cone]
        self._fits[p] = None
        comps = self.comps
        # CCP-8: a combo when the card below's Combo Brand is this card's Brand, or either
        # is a Rainbow (as :meth:`combo`, :attr:`Components.combos`); a combo costs no
        # placement.
        if stack and comps.combos[stack[-1]][card]:
            below = stack[-1]
            stack.append(card)
            if ev is not None:
                flavour_of = comps.flavour_of
                rainbow = flavour_of[card] == RAINBOW or flavour_of[below] == RAINBOW
                ev.append(_ev("combo_rainbow" if rainbow else "combo", "CCP-8", player=p,
                              card=_Face(card), below=_Face(below), cone=action.cone + 1,
                              count=self.placements))
        else:
            self.placements -= 1
            stack.append(card)
            if ev is not None:
                ev.append(_ev("place", "CCP-8", player=p, card=_Face(card),
                              cone=action.cone + 1, count=self.placements))
        if self.placements == 0 or not hand:
            if self.placements and ev is not None:
                ev.append(_ev("hand_empty", "CCP-8", player=p))
            self.placements = 0
            self._to_filling(ev)
        elif legal is not None and card not in comps.shared_cards:
            # Still serving: the options are the last ones without this card's placements
            # (no other card has its face, so none takes its place, CCP-8). They follow
            # those of the cards before it in the hand (kept sorted), one face each unless
            # some share a face; found by identity (the options are shared objects).
            m = len(self.cones[p])
            first = _place_rows(m)[card][0]
            i = bisect_left(hand, card) * m
            if i >= len(legal) or legal[i] is not first:  # some cards before share a face
                i = list(map(id, legal)).index(id(first))
            self._legal = legal[:i] + legal[i + m:]

    # -- filling and rewards -------------------------------------------------------------
    def _to_filling(self, ev: list | None) -> None:
        """CCP-9: fill orders if any cone can; otherwise the turn ends (CCPN-4)."""
        p = self.to_act
        fits = self._fits[p]
        if fits is None:
            fits = self._cone_fits(p)
        if fits:  # some cone fills some order: is one of them at hand?
            orow, mine = self.order_row, self.reserved[p]
            for _, fills in fits:
                if not fills.isdisjoint(orow) or not fills.isdisjoint(mine):
                    self._phase = FILLING
                    self._legal = (*self._fill_actions(), END_TURN)
                    return
        if ev is not None:
            ev.append(_ev("no_fill", "CCPN-4", player=self.to_act))
        self._end_turn(ev)

    def _do_fill(self, action: Fill, ev: list | None, legal: tuple | None) -> None:
        p = self.to_act
        o = action.order
        stack = self.cones[p][action.cone]
        self.cones[p][action.cone] = []
        self._fits[p] = None
        for c in stack:  # CCP-9: the cards are discarded, Rainbows go back to their pile
            if self.cards[c].flavour == RAINBOW:
                self.rainbow_pile.append(c)
            else:
                self.ic_discard.append(c)
        if o in self.reserved[p]:
            self.reserved[p].remove(o)
        else:
            self.order_row.remove(o)
        self.fills[p] += 1
        order = self.comps.orders[o]
        if ev is not None:
            ev.append(_ev("fill", "CCP-9", player=p, cone=action.cone + 1,
                          order_flavours=self.order_flavours(o), order=o,
                          cards=_Faces(stack)))
        if order.reward is None:
            self._keep(p, o, ev)
            self._to_filling(ev)
        else:
            self.pending = o
            self._phase = REWARD

    def _keep(self, p: int, o: int, ev: list | None) -> None:
        coins = self.comps.orders[o].coins
        self.filled[p].append(o)
        self.coins[p] += coins
        if ev is not None:
            ev.append(_ev("coins", "CCP-10", player=p, count=coins, total=self.coins[p]))

    def _do_reward(self, action: TakeReward, ev: list | None, legal: tuple | None) -> None:
        p = self.to_act
        o = self.pending
        self.pending = -1
        if action.kind == "coins":
            self._keep(p, o, ev)
        else:
            self.order_discard.append(o)
            if action.kind == "cone":
                self.cone_reserve -= 1
                self.cones[p].append([])
                self._fits[p] = None
                if ev is not None:
                    ev.append(_ev("take_cone", "CCP-10", player=p, count=len(self.cones[p])))
            else:
                row = self.row
                taken = [row[i] for i in action.cards]
                for i in reversed(action.cards):
                    del row[i]
                drawn = [self.pile.pop() for _ in range(action.pile)]
                hand = self.hands[p]
                hand.extend(taken + drawn)
                hand.sort()
                if ev is not None:
                    ev.append(_ev("take_cards", "CCP-10", player=p,
                                  cards=_Faces(taken), pile=len(drawn)))
                    if drawn:
                        ev.append(_ev("drawn", "CCPN-5", visible_to=p,
                                      cards=_Faces(drawn)))
        self._to_filling(ev)

    # -- end of turn and end of game ---------------------------------------------------------
    def _end_turn(self, ev: list | None) -> None:
        """CCP-11: refill both rows to 4; rebuild an empty Order deck from its discards;
        start or count the final turns; pass to the next Artisan."""
        p = self.to_act
        if not self.order_deck or len(self.order_row) < ROW_SIZE:
            added_orders = self._refill_orders(ev)
        else:
            added_orders = 0
        row, pile = self.row, self.pile
        added = min(ROW_SIZE - len(row), len(pile))
        if added == 1:
            row.append(pile.pop())
        elif added > 0:  # drawn from the top (the end), one by one
            row += pile[:-added - 1:-1]
            del pile[-added:]
        if ev is not None:
            if added:
                ev.append(_ev("refill", "CCP-11", count=added))
            if added_orders:
                ev.append(_ev("refill_orders", "CCP-11", count=added_orders))
        turn = self.turn = self.turn + 1
        n = len(self.hands)
        if not turn % n:
            self.round_scores += (tuple(self.coins),)
        final = self.final_left
        if final < 0 and pile:  # not yet the final turns: the next Artisan plays
            self.to_act = (p + 1) % n
            self._phase = MAIN
            return
        if final > 0:
            final = self.final_left = final - 1
            if final == 0:
                self._game_over(ev)
                return
        elif final < 0:  # CCP-11: the draw pile has run out
            final = self.final_left = n
            if ev is not None:
                ev.append(_ev("last_round", "CCP-11", player=p, count=n))
            if final == 0:
                self._game_over(ev)
                return
        self.to_act = (p + 1) % n
        self._phase = MAIN
        if final > 0 and ev is not None:
            ev.append(_ev("final_turn", "CCP-11", player=self.to_act, count=final))

    def _refill_orders(self, ev: list | None) -> int:
        """CCP-11: rebuild an empty Order deck from its discards, refill the Order row to 4;
        how many orders were added to the row."""
        orow, odeck = self.order_row, self.order_deck
        added = 0
        while not odeck or len(orow) < ROW_SIZE:  # else nothing to rebuild or refill
            # CCP-11: an empty Order deck is rebuilt at the end of every turn, also when the
            # row is already full, so the next Artisan can Secure from the deck (CCPN-6).
            if not odeck and self.order_discard:
                self.reshuffles += 1
                odeck.extend(shuffled(CHANCE, self.seed, ORDER_RESHUFFLE, self.reshuffles,
                                       self.order_discard))
                if ev is not None:
                    ev.append(_ev("order_reshuffle", "CCP-11", count=len(self.order_discard)))
                self.order_discard.clear()
            if len(orow) >= ROW_SIZE or not odeck:
                break
            orow.append(odeck.pop())
            added += 1
        return added

    def _game_over(self, ev: list | None) -> None:
        self._phase = OVER
        self.is_over = True
        self.to_act = -1
        if ev is None:
            return
        w = self.winners
        coins = self.coins[w[0]]
        tied = sum(1 for c in self.coins if c == coins)
        key = "game_over_shared" if len(w) > 1 else (
            "game_over_tiebreak" if tied > 1 else "game_over")
        ev.append(_ev(key, "CCP-12", winners=list(w), coins=coins))

    # ------------------------------------------------------------------ the rules, once
    def candidates(self) -> list[Action]:
        """Every option of the current decision, allowed or not, in the order shown.

        Main: every group of 1-4 row cards, each order to reserve and the deck, Serve.
        Serving: each card on each cone, and stopping. Filling: each cone with a stack
        against each face-up order, own reserved order and others' reserved orders, and
        ending the turn. Reward: coins, a Cone, and each way to take the cards.
        """
        phase = self._phase
        p = self.to_act
        cands: list[Action] = []
        if phase == MAIN:
            n = len(self.row)
            cands += [_scoop(pos) for k in range(1, n + 1) for pos in combinations(range(n), k)]
            cands += list(SECURE_ROW[: len(self.order_row)]) + [SECURE_DECK, SERVE]
        elif phase == SERVING:
            cands += [_place(c, j) for c in self._distinct_hand(p)
                      for j in range(len(self.cones[p]))]
            cands.append(STOP_SERVING)
        elif phase == FILLING:
            others = [o for q in range(self.num_players) if q != p for o in self.reserved[q]]
            cands += [_fill(j, o) for j, st in enumerate(self.cones[p]) if st
                      for o in self.available_orders(p) + others]
            cands.append(END_TURN)
        elif phase == REWARD:
            cands += [KEEP_COINS, TAKE_CONE]
            if self.comps.orders[self.pending].reward == "cards":
                cands += self._card_rewards()
            else:  # the other reward, once, to say this order does not offer it
                cands.append(_take((), 1))
        return cands

    def refuse_phase(self, act: Action, phase: Phase | None) -> Verdict:
        """An action the current phase does not offer: the game is over (CCP-12), or the
        action belongs to another step of the turn (that step's rule)."""
        if phase is None:
            return forbid("CCP-12", "ccp.why.game_over")
        want = _PHASE_OF_KIND[act.type]
        return forbid(want.rule, "ccp.why.wrong_phase", action=act.type, phase=phase.name,
                      wanted=want.name)

    def check_scoop(self, act: Scoop) -> Verdict:
        """CCP-6: 1 to 3 row cards, all of one flavour or all of one brand."""
        pos = act.cards
        if not 1 <= len(pos) <= 3:
            return forbid("CCP-6", "ccp.why.scoop_count", count=len(pos))
        if any(not 0 <= i < len(self.row) for i in pos):
            return forbid("CCPN-8", "ccp.why.no_such_row_card", count=len(self.row))
        faces = [self.cards[self.row[i]] for i in pos]
        cards = [self.face(self.row[i]) for i in pos]
        if len(pos) > 1 and not _one_kind(faces):
            return forbid("CCP-6", "ccp.why.scoop_mixed", cards=cards)
        return allow("CCP-6", "ccp.why.scoop", cards=cards)

    def check_secure(self, act: Secure) -> Verdict:
        """CCP-7: reserve an order of the row or the deck's top, fewer than 3 reserved; the
        verdict says whether a Rainbow comes with it (CCPN-3)."""
        p = self.to_act
        if len(self.reserved[p]) >= MAX_RESERVED:
            return forbid("CCP-7", "ccp.why.secure_full", count=MAX_RESERVED)
        rainbow = self._rainbow_word(p)
        if act.order == "deck":
            if not self.order_deck:
                return forbid("CCPN-6", "ccp.why.secure_deck_empty")
            return allow("CCP-7", "ccp.why.secure_deck", rainbow=rainbow)
        if isinstance(act.order, str) or not 0 <= act.order < len(self.order_row):
            return forbid("CCPN-8", "ccp.why.no_such_order_slot", count=len(self.order_row))
        o = self.order_row[act.order]
        return allow("CCP-7", "ccp.why.secure", order_flavours=self.order_flavours(o),
                     rainbow=rainbow)

    def _rainbow_word(self, p: int) -> str:
        limit = self.settings.rainbow_hand_limit
        if not self.rainbow_pile:
            return "none"
        if limit is not None and self.rainbows_in_hand(p) >= limit:
            return "limit"
        return "yes"

    def check_serve(self, act: Serve) -> Verdict:
        """CCP-8: Serve is always a main action: one placement per Cone."""
        return allow("CCP-8", "ccp.why.serve", count=len(self.cones[self.to_act]))

    def check_place(self, act: Place) -> Verdict:
        """CCP-8: a card from the hand on an empty cone or on top of a stack (the verdict
        says whether it is a combo)."""
        p = self.to_act
        if act.card not in self.hands[p]:
            return forbid("CCP-8", "ccp.why.not_in_hand", card_id=act.card)
        if not 0 <= act.cone < len(self.cones[p]):
            return forbid("CCPN-8", "ccp.why.no_such_cone", cone=act.cone + 1,
                          count=len(self.cones[p]))
        stack = self.cones[p][act.cone]
        card = self.face(act.card)
        if not stack:
            return allow("CCP-8", "ccp.why.place_empty", card=card, cone=act.cone + 1)
        if self.combo(stack[-1], act.card):
            return allow("CCP-8", "ccp.why.place_combo", card=card,
                         below=self.face(stack[-1]), cone=act.cone + 1)
        return allow("CCP-8", "ccp.why.place", card=card, cone=act.cone + 1)

    def check_stop_serving(self, act: StopServing) -> Verdict:
        """CCP-8: placements are "up to": serving may stop with some left."""
        return allow("CCP-8", "ccp.why.stop_serving", count=self.placements)

    def check_fill(self, act: Fill) -> Verdict:
        """CCP-9: a cone fills an order of the row or one the Artisan reserved (CCP-7) when
        the heights and the flavours match."""
        p = self.to_act
        if not 0 <= act.cone < len(self.cones[p]):
            return forbid("CCPN-8", "ccp.why.no_such_cone", cone=act.cone + 1,
                          count=len(self.cones[p]))
        o = act.order
        if not 0 <= o < len(self.comps.orders):
            return forbid("CCP-9", "ccp.why.no_such_order", order=o)
        owner = next((q for q in range(self.num_players) if o in self.reserved[q]), None)
        if owner is not None and owner != p:
            return forbid("CCP-7", "ccp.why.reserved_by_other", seat=owner,
                          order_flavours=self.order_flavours(o))
        if owner is None and o not in self.order_row:
            return forbid("CCP-9", "ccp.why.order_not_available", order=o)
        stack = self.cones[p][act.cone]
        want = self.comps.orders[o]
        cone_flavours = [self.face(c)[0] for c in stack]
        if not stack:
            return forbid("CCP-9", "ccp.why.cone_empty", cone=act.cone + 1)
        if len(stack) != want.height:
            return forbid("CCP-9", "ccp.why.fill_height", cone=act.cone + 1, height=len(stack),
                          order_height=want.height, order_flavours=self.order_flavours(o))
        if not self.cone_fills(stack, o):
            return forbid("CCP-9", "ccp.why.fill_flavours", cone=act.cone + 1,
                          cone_flavours=cone_flavours, order_flavours=self.order_flavours(o))
        return allow("CCP-9", "ccp.why.fill", cone=act.cone + 1, cone_flavours=cone_flavours,
                     order_flavours=self.order_flavours(o), coins=want.coins)

    def check_end_turn(self, act: EndTurn) -> Verdict:
        """CCP-11: filling orders may stop at any time; the rows are then refilled."""
        return allow("CCP-11", "ccp.why.end_turn")

    def check_take_reward(self, act: TakeReward) -> Verdict:
        """CCP-10: keep the filled order's coins, or take the alternative reward it offers:
        a Cone while the reserve has one, or 1-2 cards from the row and the pile (CCPN-5)."""
        order = self.comps.orders[self.pending]
        kind = act.kind
        if kind == "coins":
            if act.cards or act.pile:
                return forbid("CCP-10", "ccp.why.reward_extra", reward=kind)
            return allow("CCP-10", "ccp.why.keep_coins", coins=order.coins)
        if kind not in ("cards", "cone"):
            return forbid("CCP-10", "ccp.why.reward_unknown", kind=kind)
        if order.reward != kind:
            return forbid("CCP-10", "ccp.why.reward_not_offered", reward=kind)
        if kind == "cone":
            if act.cards or act.pile:
                return forbid("CCP-10", "ccp.why.reward_extra", reward=kind)
            if self.cone_reserve <= 0:
                return forbid("CCP-10", "ccp.why.no_cone_left")
            return allow("CCP-10", "ccp.why.take_cone", coins=order.coins)
        total = len(act.cards) + act.pile
        if act.pile < 0 or not 1 <= total <= REWARD_CARDS:
            return forbid("CCPN-5", "ccp.why.reward_cards_count", count=total)
        if any(not 0 <= i < len(self.row) for i in act.cards):
            return forbid("CCPN-8", "ccp.why.no_such_row_card", count=len(self.row))
        if act.pile > len(self.pile):
            return forbid("CCPN-5", "ccp.why.pile_short", count=len(self.pile))
        cards = [self.face(self.row[i]) for i in act.cards]
        return allow("CCP-10", "ccp.why.take_cards", cards=cards, pile=act.pile,
                     coins=order.coins)

    # ------------------------------------------------------------------ views & data
    def __repr__(self) -> str:
        return (f"<ComboConeState turn {self.turn + 1} {self.phase} "
                f"to_act={self.current_player} coins={self.coins}>")

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> None:
        """Every card, Rainbow, Order and Cone is in exactly one place (conservation)."""
        n_ic = len(self.comps.ice_cream)
        places = [self.pile, self.row, self.box, self.ic_discard, self.rainbow_pile,
                  *self.hands, *(st for cs in self.cones for st in cs)]
        seen = sorted(c for group in places for c in group)
        invariant(seen == list(range(len(self.cards))), "Ice Cream cards not conserved")
        for c in self.pile + self.row + self.box + self.ic_discard:
            invariant(c < n_ic, "a Rainbow outside hands, cones and its pile")
        for c in self.rainbow_pile:
            invariant(c >= n_ic, "an Ice Cream card in the Rainbow pile")
        orders = sorted(self.order_deck + self.order_row + self.order_discard
                        + [o for r in self.reserved for o in r]
                        + [o for f in self.filled for o in f]
                        + ([self.pending] if self.pending >= 0 else []))
        invariant(orders == list(range(len(self.comps.orders))), "Order cards not conserved")
        invariant(self.cone_reserve + sum(len(c) for c in self.cones) == self.comps.cones, (
            "Cones not conserved"))
        invariant(all(len(r) <= MAX_RESERVED for r in self.reserved), "CCP-7 reserve limit")
        invariant(len(self.row) <= ROW_SIZE and len(self.order_row) <= ROW_SIZE,
                  "a row holds more than four cards (CCP-3)")
        for p in range(self.num_players):
            invariant(self.coins[p] == sum(self.comps.orders[o].coins for o in self.filled[p]),
                      "coins differ from the orders kept (CCP-10)")
            invariant(self.hands[p] == sorted(self.hands[p]), "a hand is out of order")
        invariant((self.pending >= 0) == (self._phase == REWARD),
                  "a reward is pending outside the reward step (CCP-10)")


#: The step of each action kind: ``step(state, action, events, legal)`` (events ``None``:
#: none made; ``legal``: the legal actions it was one of, or ``None``).
_STEPS: dict[type, Callable[[ComboConeState, Any, list | None, Any], None]] = {
    Scoop: ComboConeState._do_scoop, Secure: ComboConeState._do_secure,
    Serve: ComboConeState._do_serve, Place: ComboConeState._do_place,
    StopServing: ComboConeState._do_stop_serving, Fill: ComboConeState._do_fill,
    TakeReward: ComboConeState._do_reward, EndTurn: ComboConeState._do_end_turn,
}

ComboConeState.clone = make_clone(ComboConeState, FIELDS)  # type: ignore[method-assign]
ComboConeState.clone.__doc__ = """A copy whose changing parts are copied as :data:`FIELDS` says,
for :meth:`ComboConeState.apply_in_place`."""


def _one_kind(faces: Sequence[Card]) -> bool:
    """CCP-6: all of one flavour or all of one brand."""
    first = faces[0]
    return (all(c.flavour == first.flavour for c in faces)
            or all(c.brand == first.brand for c in faces))


def build_state(settings: Settings, comps: Components, seed: int,
                **fields: Any) -> ComboConeState:
    """A state from its settings, components, seed and saved fields (:data:`FIELDS`; a new
    game's start for those not given). The rest follows: the Rainbow pile (the Rainbows in
    no hand and on no cone), the Cone reserve, the coins of the orders kept, whether the
    game is over. The caller sets the step's events."""
    n = settings.players
    s = object.__new__(ComboConeState)
    s.settings, s.comps, s.cards, s.seed = settings, comps, comps.cards, seed
    # A new game's start (set one by one: a new game is dealt for every playout)...
    s._phase, s.to_act, s.turn, s.final_left = MAIN, settings.first_player, 0, -1
    s.ic_discard, s.order_discard, s.reshuffles, s.placements = [], [], 0, 0
    s.pending, s.round_scores, s.fills = -1, (), [0] * n
    s.hands, s.reserved, s.filled = [[] for _ in range(n)], [[] for _ in range(n)], [
        [] for _ in range(n)]
    s.cones = [[[] for _ in range(START_CONES)] for _ in range(n)]
    # ... then the fields given.
    for name, value in fields.items():
        setattr(s, name, value)
    placed = {c for h in s.hands for c in h}
    placed.update(c for cs in s.cones for st in cs for c in st)
    s.rainbow_pile = [c for c in comps.rainbow_ids if c not in placed]
    s.cone_reserve = comps.cones - sum(map(len, s.cones))
    orders = comps.orders
    s.coins = [sum([orders[o].coins for o in f]) for f in s.filled]
    s.is_over = s._phase == OVER
    s._legal = None
    s._fits = [None] * n
    s._events = ()
    return s


def new_state(players: int | Sequence[str] = 4, seed: int = 0, ruleset: str | None = None,
              **variant: Any) -> ComboConeState:
    """A new game (CCP-3): the draw pile by player count, both rows, 2 Cones each."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SettingsError(f"seed must be a whole number, not {seed!r}")
    settings = KIT.make(players, ruleset, variant)
    comps = settings.components
    everything = shuffled(CHANCE, seed, SETUP_PILE, 0, range(len(comps.ice_cream)))
    size = PILE_SIZE[settings.players]
    pile = everything[:size]
    row = [pile.pop() for _ in range(ROW_SIZE)]
    odeck = shuffled(CHANCE, seed, SETUP_ORDERS, 0, range(len(comps.orders)))
    order_row = [odeck.pop() for _ in range(ROW_SIZE)]
    s = build_state(settings, comps, seed, pile=pile, row=row, box=sorted(everything[size:]),
                    order_deck=odeck, order_row=order_row)
    s._events = (_ev("setup", "CCP-3", count=settings.players, pile=size,
                     player=settings.first_player),)
    return s
