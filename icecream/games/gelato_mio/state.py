"""Gelato Mio's rules: the state of a game and how each action changes it.

The game (Joao Quintela Martins, Art and Games 2019; rulebook ``gelato-mio.en.txt`` with
the rulings GM-1 to GM-9 and the project's notes GMN-1 to GMN-8) is played in turns. On
their turn a player does one thing (GM-6): draws from the 3x3 display, taking the
identical neighbours too (GM-4); makes an ice cream ball from a flavour, cream and sugar;
serves a customer; or asks a colleague for a random card. Quality Control cards act the
moment they reach the display: the players over the limit answer them out of turn (GM-5).
When a ball pile runs out, everyone plays one last turn (GM-9).

A :class:`GelatoMioState` is immutable; :meth:`apply` returns a new one whose ``events``
say, citing rules, what happened.

>>> from icecream import new_game
>>> s = new_game("gelato-mio", players=["Ana", "Bo"], seed=3)
>>> s.phase, s.current_player, sum(s.hands[0])
('play', 0, 0)
>>> s2 = s.apply({"type": "take", "row": 0, "col": 0})
>>> s2.current_player, sum(s2.hands[0]) >= 1
(1, True)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, chain, compress, repeat
from operator import ge, is_
from typing import Any

from ...core.chance import randbelow, randbelow_of, rng, shuffle_in_place
from ...core.errors import SettingsError
from ...core.fields import StateField, make_clone
from ...core.invariants import invariant
from ...core.kit import KitState
from ...core.phases import Phase, Verdict, allow, forbid
from ...core.protocol import Action, Event, State
from .actions import PASS, Ask, Discard, MakeBall, Pass, ReturnBall, ServeCustomer, Take
from .components import (
    BALL_OBJECTIVE_POINTS,
    BALL_OBJECTIVES,
    BALLS_PER_FLAVOUR,
    BOWL,
    CHOCOLATE,
    CODES,
    CONE,
    CREAM,
    CUSTOMER_KINDS,
    DECK_COUNTS,
    FLAVOUR_CODES,
    FLAVOURS,
    HAND_KINDS,
    ICE_CREAM_OBJECTIVES,
    KIND_OF,
    PILES,
    QC_BALLS,
    QC_HAND,
    STRAWBERRY,
    SUGAR,
    VANILLA,
    WAFER,
    full_deck,
)
from .settings import KIT, Settings

_PLAY_KINDS = ("take", "make_ball", "serve", "ask", "pass")
#: The phases of a turn, as data: a turn (GM-6), the out-of-turn Quality Control answers
#: (GM-5), the last round once a ball pile ran out (GM-9: the same kinds as a turn), and
#: the end.
PHASES = (
    Phase("play", "GM-6", _PLAY_KINDS),
    Phase("quality_control", "GM-5", ("discard", "return_ball")),
    Phase("last_round", "GM-9", _PLAY_KINDS),
    Phase("over", "GM-9", ()),
)
#: GM-7: the fewest customers served that an ice cream objective asks for.
_FEWEST_SERVED = min(need for _, need, _ in ICE_CREAM_OBJECTIVES)
#: GM-5: the limits of the two Quality Control cards.
HAND_LIMIT, BALL_LIMIT = 7, 3
#: The first spot of each row of the display.
_ROW_STARTS = (0, 3, 6)
_NEIGHBOURS = tuple(
    tuple(r2 * 3 + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
          if 0 <= r2 < 3 and 0 <= c2 < 3)
    for r in range(3) for c in range(3))


#: A display's occupancy as 9 bits (bit ``s`` set: a card on spot ``s``), by the bytes
#: ``bytes(map(_OCCUPIED, display))``; and, by occupancy, what the playout reads of it:
#: the occupied spots (GM-4's takes, in order), the rows with a card right of a gap, how
#: their cards slide and the occupancy once they slid (GM-4), and the spots a refill
#: fills (the rows left empty, or every empty spot: GM-4's two rules) with the occupancy
#: once they are filled.
_OCC_OF: dict[bytes, int] = {}
_TAKE_SPOTS: list[tuple[tuple[int, ...], int]] = []  # (spots, how many)
_GAPPED_ROWS: list[tuple[int, ...]] = []
#: (``(to, from)`` spots each card slides, in order; the spots left empty), or ().
_SLIDES: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | tuple[()]] = []
_SLID: list[int] = []
_FILL_ROWS: list[tuple[tuple[int, ...], int] | tuple[()]] = []  # () when none
_FILL_SPOTS: list[tuple[tuple[int, ...], int] | tuple[()]] = []


def _occupancy_tables() -> None:
    """Fill the occupancy tables above, once (from the rules of GM-4 on 9 bits)."""
    for occ in range(512):
        on = [occ >> s & 1 for s in range(9)]
        _OCC_OF[bytes(on)] = occ
        _TAKE_SPOTS.append((tuple(s for s in range(9) if on[s]), sum(on)))
        gapped, slid, rows, moves, clears = [], 0, [], [], []
        for r in (0, 3, 6):
            a, b, c = on[r:r + 3]
            if not a and (b or c) or not b and c:
                gapped.append(r)
                cards = [s for s in range(r, r + 3) if on[s]]  # they slide left in order
                moves += [(r + t, s) for t, s in enumerate(cards) if r + t != s]
                clears += [s for s in range(r + len(cards), r + 3) if on[s]]
            slid |= (1 << (a + b + c)) - 1 << r
            if not (a or b or c):
                rows += (r, r + 1, r + 2)
        _GAPPED_ROWS.append(tuple(gapped))
        _SLIDES.append((tuple(moves), tuple(clears)) if gapped else ())
        _SLID.append(slid)
        _FILL_ROWS.append((tuple(rows), occ | sum(1 << s for s in rows)) if rows else ())
        _FILL_SPOTS.append((tuple(s for s in range(9) if not on[s]), 511) if occ < 511 else ())


_occupancy_tables()


# Shared action instances, so that legal-action lists cost little allocation.
_TAKES = tuple(Take(r, c) for r in range(3) for c in range(3))
#: The takes of a display by its occupancy (GM-4: each occupied spot, in order).
_TAKES_OF = tuple(tuple(_TAKES[s] for s in spots) for spots, _ in _TAKE_SPOTS)
_MAKES = tuple(MakeBall(c) for c in FLAVOUR_CODES)
_DISCARDS = tuple(Discard(CODES[k]) for k in range(HAND_KINDS))
_RETURNS = tuple(ReturnBall(c) for c in FLAVOUR_CODES)
_ASKS: dict[tuple[int, int, int], Ask] = {}


def _ask(a: int, b: int, q: int) -> Ask:
    act = _ASKS.get((a, b, q))
    if act is None:
        act = _ASKS[(a, b, q)] = Ask((CODES[a], CODES[b]), q)
    return act


_SERVES = tuple(ServeCustomer(p) for p in range(4))
#: The balls a hand can make, by a bit per flavour (strawberry 1, chocolate 2, vanilla 4).
_MAKES_OF = tuple(tuple(a for i, a in enumerate(_MAKES) if bits >> i & 1) for bits in range(8))
#: A hand without a card (GMN-4: nobody can be asked for a card then).
_NO_CARDS = [0] * HAND_KINDS


@cache
def _capped_at(most: int) -> bytes:
    """The table that caps byte values at ``most`` (for ``bytes.translate``)."""
    return bytes(min(b, most) for b in range(256))


#: A hand's counts as bytes, each capped at 2: all the asks need to know of a hand.
_CAP2 = _capped_at(2)
#: Capped hand -> per colleague seat, the asks the hand can pay for (GM-6).
_PAIRS_BY_HAND: dict[bytes, tuple[tuple[Ask, ...], ...]] = {}
#: The bytes of capped hand, seat, players[, whether each seat holds a card, when one
#: holds none] -> the asks that seat can make, in the checks' order: the fast path's
#: table (worked out once per kind of hand, not at every decision).
_ASKS_BY_HAND: dict[bytes, tuple[Ask, ...]] = {}
#: ``bytes((seat, players))`` by seat and players: the middle of a key of _ASKS_BY_HAND.
_SEAT_KEYS = tuple(tuple(bytes((me, n)) for n in range(5)) for me in range(4))


class _PairKinds(dict):
    """Capped hand -> ``(n, pairs)``: the ``n`` pairs of kinds ``(a, b)``, ``a <= b``, it
    can discard (GM-6), in the checks' order, worked out when first asked for (at most
    3 ** 8 hands)."""

    def __missing__(self, hand: bytes) -> tuple[int, tuple[tuple[int, int], ...]]:
        held = [k for k in range(HAND_KINDS) if hand[k]]
        pairs = tuple((a, b) for i, a in enumerate(held) for b in held[i:]
                      if a != b or hand[a] >= 2)
        got = self[hand] = (len(pairs), pairs)
        return got


_PAIR_KINDS = _PairKinds()


def _asks_for(key: bytes) -> tuple[Ask, ...]:
    """The asks of ``key`` (see :data:`_ASKS_BY_HAND`): every pair of cards the hand can
    discard (GM-6), to every colleague who holds a card (GMN-4)."""
    hand, me, players = key[:HAND_KINDS], key[HAND_KINDS], key[HAND_KINDS + 1]
    holding = key[HAND_KINDS + 2:] or (True,) * players
    by_seat = _PAIRS_BY_HAND.get(hand)
    if by_seat is None:
        by_seat = _PAIRS_BY_HAND[hand] = tuple(tuple(_ask(a, b, q) for a, b in _PAIR_KINDS[hand][1])
                                              for q in range(4))
    asks = tuple(chain.from_iterable(by_seat[q] for q in range(players)
                                     if q != me and holding[q]))
    if len(_ASKS_BY_HAND) >= 1 << 16:  # a bound on memory; random games meet far fewer
        _ASKS_BY_HAND.clear()
    _ASKS_BY_HAND[key] = asks
    return asks


#: An action's plain form, by the action, and the action by its plain form's items: the
#: actions are shared objects, so each is made once (bounded).
_PLAIN: dict[Action, dict[str, Any]] = {}
_BY_PLAIN: dict[tuple, Action] = {}


def plain_form(act: Action) -> dict[str, Any]:
    """``act.to_dict()``, a fresh dict each time, made from a kept copy (rollouts make a
    view, with every legal action's plain form, at every decision)."""
    d = _PLAIN.get(act)
    if d is None:
        if len(_PLAIN) >= 1 << 14:
            _PLAIN.clear()
            _BY_PLAIN.clear()
        d = _PLAIN[act] = act.to_dict()
        _BY_PLAIN[tuple(d.items())] = act
    return dict(d)


def _known_action(data: dict) -> Action | None:
    """The shared action whose plain form ``data`` is exactly, value types included (a
    ``true`` is no 1), or ``None``: then it is parsed and checked in full."""
    try:
        act = _BY_PLAIN.get(tuple(data.items()))
    except TypeError:  # an unhashable value (a list): parse it
        return None
    if act is None:
        return None
    for mine, theirs in zip(_PLAIN[act].values(), data.values(), strict=True):
        if mine.__class__ is not theirs.__class__ or mine.__class__ is tuple and any(
                a.__class__ is not b.__class__ for a, b in zip(mine, theirs, strict=True)):
            return None
    return act


def _take_events(me: int, kind: int, count: int, spot: int) -> list[Event]:
    """The event of a take (GM-4): a raw event keeps only these numbers (playouts never
    read their events)."""
    return [Event("gm.event.take", {"player": me, "flavours": [kind] * count, "count": count,
                                    "row": spot // 3 + 1, "col": spot % 3 + 1}, "GM-4",
                  None)]


def _ask_events(me: int, q: int, kinds: list[int], card: int) -> list[Event]:
    """The events of an ask (GM-6): what everyone sees, then the card taken, which only
    the two players see (GMN-4)."""
    return [Event("gm.event.ask", {"player": me, "seat": q, "flavours": list(kinds)}, "GM-6",
                  None),
            Event("gm.event.ask.took", {"player": me, "seat": q, "flavour": card}, "GM-6", me),
            Event("gm.event.ask.lost", {"player": me, "seat": q, "flavour": card}, "GM-6", q)]


def _slide_event() -> tuple:
    """The raw event of a slide (GM-4)."""
    return ("gm.event.slide", {}, "GM-4", None)


def _step_events(head: tuple, slid: Any, drawn: list[int]) -> list[tuple]:
    """A take's or an ask's raw events as _play writes them: ``head`` (the take or the
    ask), the slide (GM-4) when ``slid``, and the refill of ``drawn`` (GM-4) when any."""
    ev = [head]
    if slid:
        ev.append(_slide_event())
    if drawn:
        ev.append(("gm.event.refill", {"flavours": drawn, "count": len(drawn)}, "GM-4", None))
    return ev


def _ev(key: str, rule: str | None, visible_to: int | None = None, **params: Any) -> tuple:
    """A raw event ``(key, params, rule, visible_to)``, or ``(maker, arguments)``:
    :attr:`GelatoMioState.events` makes the :class:`Event` when someone reads it
    (playouts never do). The steps taken at
    almost every decision write their raw tuples inline."""
    return (key, params, rule, visible_to)


#: ``spot >= 0``: an occupied display spot (a C-level test, for the fast path's Takes);
#: ``spot == -1``: an empty one.
_OCCUPIED = (0).__le__
_EMPTY = (-1).__eq__


def _leftmost_owed(display: Sequence[int], owed: Sequence[int]) -> list[int]:
    """The spots a stopped refill still owes (GMN-2), as many per row as ``owed`` names
    there, moved to that row's leftmost free spots: a row's cards sit at its leftmost
    places (GM-4), so a card drawn later never lands right of a gap.

    >>> _leftmost_owed([5, -1, -1] + [-1] * 6, [2])
    [1]
    """
    out: list[int] = []
    for r in _ROW_STARTS:
        count = sum(1 for i in owed if r <= i < r + 3)
        if count:
            out += [i for i in range(r, r + 3) if display[i] < 0][:count]
    return out
#: id(settings) -> (settings, what each customer needs to be served), for the fast path;
#: only for the shipped customers (a table's own file is read again when it changes).
_NEEDS: dict[int, tuple[Any, tuple]] = {}
#: The guard bits of the packed counts (5 bits a count, 6 counts; see ``fast_legal``).
_GUARDS = sum(16 << 5 * i for i in range(6))


#: id(settings) -> (settings, each customer's kind as an index of ICE_CREAM_OBJECTIVES),
#: for the GM-7 check at the end of every turn (bounded).
_KINDS: dict[int, tuple[Any, tuple[int, ...]]] = {}


def _customer_kinds(settings: Any) -> tuple[int, ...]:
    """Each customer's kind (GM-3) of ``settings``, as the index of its ice cream objective
    (GM-7) in :data:`ICE_CREAM_OBJECTIVES`."""
    got = _KINDS.get(id(settings))
    if got is not None and got[0] is settings:
        return got[1]
    order = [kind for kind, _, _ in ICE_CREAM_OBJECTIVES]
    kinds = tuple(order.index(c.kind) for c in settings.recipes)
    if settings.customers is None:
        if len(_KINDS) >= 256:
            _KINDS.clear()
        _KINDS[id(settings)] = (settings, kinds)
    return kinds


def _serve_needs(settings: Any) -> tuple:
    """What each customer of ``settings`` needs (GM-6): ``(True or None, packed, plain)``,
    ``plain`` giving bowl, cone and wafer cards, strawberry, chocolate and vanilla balls
    for each customer, ``packed`` the same 5 bits each (``None`` first when a need is too
    big to pack), and last the byte table that caps a count at the most any customer
    needs of a kind."""
    got = _NEEDS.get(id(settings))
    if got is not None and got[0] is settings:
        return got[1]
    plain = tuple((c.cards[BOWL], c.cards[CONE], c.cards[WAFER], c.balls[STRAWBERRY],
                   c.balls[CHOCOLATE], c.balls[VANILLA]) for c in settings.recipes)
    packable = all(0 <= x < 16 for need in plain for x in need)
    needs = (True if packable else None,
             tuple(sum(x << 5 * i for i, x in enumerate(need)) for need in plain), plain,
             _capped_at(max(map(max, plain))))
    if settings.customers is None:
        if len(_NEEDS) >= 256:
            _NEEDS.clear()
        _NEEDS[id(settings)] = (settings, needs)
    return needs


class ServeMemo(dict):
    """The serves of fast_legal by the capped cards and balls they depend on (bytes), for
    one game's settings while its piles stay as they are; ``cap`` is the byte table that
    caps a count at the most any customer needs of a kind."""

    def __init__(self, settings: Any) -> None:
        super().__init__()
        self.cap: bytes = _serve_needs(settings)[3]


def _steal_index(seed: int, k: int, n: int) -> int:
    """``rng("gelato-mio", seed, "steal", k).randrange(n)``, the same number (GMN-4), from
    the reused generator of :func:`~icecream.core.chance.randbelow` (making and seeding a
    generator per ask cost more than the rest of the ask)."""
    return randbelow("gelato-mio", seed, "steal", k, n)


@dataclass(frozen=True)
class Number(StateField):
    """A whole number or flag of the state, saved and read as it is: its default in a
    scenario (a function of the settings), its range (the highest a function of the
    player count; ``None``: true or false), and whether every seat's view shows it."""

    default: Callable[[Any], Any] = lambda settings: 0
    low: int = 0
    high: Callable[[int], int] | None = None
    shown: bool = False


def _copy_qc(qc: list | None) -> list | None:
    return None if qc is None else [qc[0], qc[1], [list(x) for x in qc[2]]]


#: The state's fields, declared once: how a clone copies each, and its name in scenarios
#: and saves (the scenario loader, the view and the determinizer follow this list).
#: ``qc`` is ``[card, spot, [[seat, cards left], ...]]`` while Quality Control waits.
FIELDS: tuple[StateField, ...] = (
    StateField("settings"),
    StateField("seed"),
    Number("turn", default=lambda st: st.first_player, high=lambda n: n - 1, shown=True),
    Number("round", default=lambda st: 1, low=1, high=lambda n: 10_000, shown=True),
    StateField("hands", "lists"),
    StateField("table", "lists"),
    StateField("served", "lists"),
    StateField("display", "list"),
    StateField("deck", "list"),
    StateField("discard", "list"),
    StateField("piles", "lists"),
    StateField("supply", "list"),
    StateField("claimed", "list"),
    Number("last_left", saved="last_round_left", high=lambda n: n, shown=True),
    Number("pile_out", default=lambda st: False),
    Number("passes", high=lambda n: n, shown=True),
    StateField("qc", _copy_qc, saved="quality_control"),
    StateField("to_fill", "list"),
    Number("shuffles", high=lambda n: 10**9),
    Number("steals", high=lambda n: 10**9),
    Number("over", default=lambda st: False),
    # Not saved: the record of round scores, this step's events, the legal-action cache.
    StateField("_round_log", saved=None),
    StateField("_scores", "reset", saved=None),
    StateField("_events", saved=None),
    StateField("_legal", "reset", saved=None),
)
#: The fields kept as they are (whole numbers and flags).
NUMBERS: tuple[Number, ...] = tuple(f for f in FIELDS if isinstance(f, Number))


class GelatoMioState(KitState):
    """A position in a game of Gelato Mio. Never changed after it is made, except by
    :meth:`apply_in_place` on a :meth:`clone`.

    Cards are kinds (see :mod:`.components`). ``hands[p][k]`` counts the cards of kind
    ``k`` in ``p``'s hand; ``table[p][i]`` the ball cards of flavour ``FLAVOURS[i]`` in
    front of ``p``; ``served[p]`` the customers ``p`` served (indexes into
    ``settings.recipes``); ``display`` the 9 spots row by row (-1 empty); ``deck`` and
    ``piles`` (customer piles, pile 0 the display customer) have their top card last.
    """

    settings: Settings
    seed: int
    #: The record behind :attr:`round_scores`: one tuple of every round's scores, never
    #: changed in place, so clones share it. Flat, so a long game pickles and deep-copies
    #: (a pair nested one level a round raised RecursionError after about a thousand
    #: rounds); a round's copy of it costs about 1% of a long random game.
    _round_log: tuple[tuple[int, ...], ...] = ()
    #: :meth:`_running_scores` while no customer is served and no objective claimed since
    #: in this copy (``None``: to work out; a cache the record of round scores reads every
    #: round, never copied by a clone).
    _scores: tuple[int, ...] | None = None

    PHASES = PHASES

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.qc is not None:
            return self.qc[2][0][0]
        return self.turn

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.qc is not None:
            return "quality_control"
        return "last_round" if self.last_left > 0 else "play"

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened in the step that made this state (kept raw until asked)."""
        out: list[Event] = []
        for raw in self._events:
            if len(raw) == 2:  # (maker, its arguments): the steps of almost every decision
                out += raw[0](*raw[1])
            else:
                out.append(Event(*raw))
        return tuple(out)

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """Every player's points after each whole table round, in order (what-if lead
        changes). A position loaded from a scenario starts its record there."""
        return self._round_log

    @round_scores.setter
    def round_scores(self, record: Sequence[tuple[int, ...]]) -> None:
        self._round_log = tuple(tuple(scores) for scores in record)

    def _running_scores(self) -> tuple[int, ...]:
        """:attr:`scores` while the game is not over (objectives and customers only),
        without a points dict per seat: the record of each round's scores reads it."""
        recipes = self.settings.recipes
        claimed = self.claimed
        out = []
        for p, served in enumerate(self.served):
            pts = sum([recipes[c].points for c in served]) if served else 0
            if p in claimed:
                pts += sum([ICE_CREAM_OBJECTIVES[j][2] for j, q in enumerate(claimed) if q == p])
            out.append(pts)
        return tuple(out)

    def points(self, seat: int) -> dict[str, int]:
        """``seat``'s points by source (GM-9): ``objectives`` (GM-7, and GM-8 at the end),
        ``customers`` and, at the end, ``pairs`` in hand (GMN-5)."""
        claimed, served = self.claimed, self.served[seat]
        # The sums are skipped when there is nothing to add (scores are read every round).
        objectives = sum(ICE_CREAM_OBJECTIVES[j][2] for j, q in enumerate(claimed)
                         if q == seat) if seat in claimed else 0
        customers = 0
        if served:
            recipes = self.settings.recipes
            customers = sum(recipes[c].points for c in served)
        balls = pairs = 0
        if self.over:
            balls = BALL_OBJECTIVE_POINTS * sum(1 for q in self.ball_winners() if q == seat)
            pairs = sum(k // 2 for k in self.hands[seat])
        return {"ice_cream_objectives": objectives, "ball_objectives": balls,
                "customers": customers, "pairs": pairs}

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(self.points(p).values()) for p in range(self.num_players))

    def ball_count(self, seat: int, flavour: int | None = None) -> int:
        """Balls for GM-8: ball cards on the table plus the balls of served customers
        (one flavour, or all with ``None``)."""
        recipes = self.settings.recipes
        idx = range(3) if flavour is None else (FLAVOURS.index(flavour),)
        table = sum(self.table[seat][i] for i in idx)
        return table + sum(recipes[c].balls[FLAVOURS[i]] for c in self.served[seat] for i in idx)

    def ball_winners(self) -> tuple[int, ...]:
        """The seat winning each ball objective (GM-8), -1 for none (a tie or no balls)."""
        out = []
        for name in BALL_OBJECTIVES:
            flavour = None if name == "total" else KIND_OF[name]
            counts = [self.ball_count(p, flavour) for p in range(self.num_players)]
            top = max(counts)
            out.append(counts.index(top) if top > 0 and counts.count(top) == 1 else -1)
        return tuple(out)

    @property
    def winners(self) -> tuple[int, ...]:
        """Most points; a tie goes to the fewest ball cards on the table, then shared (GM-9)."""
        if not self.over:
            return ()
        scores = self.scores
        top = max(scores)
        tied = [p for p in range(self.num_players) if scores[p] == top]
        fewest = min(sum(self.table[p]) for p in tied)
        return tuple(p for p in tied if sum(self.table[p]) == fewest)

    # ------------------------------------------------------------------ options
    def candidates(self) -> list[Action]:
        """Every option of the current decision a player could think of, in order.

        An empty display spot is no option a player would think of (listing one per empty
        spot flooded the options panel); :meth:`why_not` still explains it (GM-4). Pass
        comes last, on a turn only.
        """
        if self.over:
            return []
        if self.qc is not None:
            return list(_DISCARDS if self.qc[0] == QC_HAND else _RETURNS)
        me = self.turn
        d = self.display
        out: list[Action] = [a for i, a in enumerate(_TAKES) if d[i] >= 0]
        out += _MAKES
        out += _SERVES[:len(self.piles)]
        hand = self.hands[me]
        held = [k for k in range(HAND_KINDS) if hand[k]]
        pairs = [(a, b) for i, a in enumerate(held) for b in held[i:] if a != b or hand[a] >= 2]
        for q in range(self.num_players):
            if q == me:
                continue
            if pairs:
                out += [_ask(a, b, q) for a, b in pairs]
            else:  # one option per colleague, to say why asking is not possible (GM-6)
                codes = [CODES[k] for k in held] + ["sugar", "sugar"]
                out.append(Ask(tuple(codes[:2]), q))
        out.append(PASS)
        return out

    # FAST PATH (labelled): the legal actions without building a verdict for each
    # candidate (playouts ask at every step); proved equal to the checks by
    # core.conformance.check_legal_paths at every decision of the conformance games.
    def fast_legal(self) -> tuple[Action, ...]:
        """The legal actions, as :meth:`checked_legal` gives them, faster."""
        if self.over:
            return ()
        qc = self.qc
        if qc is not None:
            p = qc[2][0][0]
            if qc[0] == QC_HAND:  # the cards held (GM-5)
                return tuple(compress(_DISCARDS, self.hands[p]))
            return tuple(compress(_RETURNS, self.table[p]))
        occ, takes, makes, serves, asks = self.turn_options()
        if asks:
            return (*takes, *makes, *serves, *asks)
        return takes + makes + serves or (PASS,)

    def turn_options(self, serve_memo: ServeMemo | None = None,
                     occ: int = -1) -> tuple[int, tuple[Take, ...], tuple[MakeBall, ...],
                                tuple[ServeCustomer, ...], tuple[Ask, ...]]:
        """The turn's options outside Quality Control, by kind, in fast_legal's order:
        the display's occupancy (9 bits, see ``_OCC_OF``), the takes (GM-4), the balls
        (GM-6, GMN-6), the serves (GM-6) and the asks (GM-6, GMN-4). ``serve_memo`` keeps
        the serves by the cards and balls they depend on, while the piles stay as they
        are (a playout clears it after a serve); ``occ``, when not -1, is the display's
        occupancy, kept by the caller."""
        hands = self.hands
        me = self.turn
        hand = hands[me]
        counts = bytes(hand)
        if occ < 0:
            occ = _OCC_OF[bytes(map(_OCCUPIED, self.display))]
        makes = ()
        if hand[CREAM] and hand[SUGAR]:  # flavour i is hand[FLAVOURS[i]] = hand[2 + i]
            supply = self.supply
            makes = _MAKES_OF[bool(supply[0] and hand[2]) | bool(supply[1] and hand[3]) << 1
                              | bool(supply[2] and hand[4]) << 2]
        table = self.table[me]
        serves = ()
        if table[0] or table[1] or table[2]:  # every customer needs a ball (parse_customers)
            if serve_memo is None:
                serves = self._serves(hand, table)
            else:  # cards and balls, each capped at the most a customer needs
                key = (counts[5:] + bytes(table)).translate(serve_memo.cap)
                serves = serve_memo.get(key)
                if serves is None:
                    serves = serve_memo[key] = self._serves(hand, table)
        # The asks, from the table of asks by kind of hand (GM-6: two cards to discard;
        # GMN-4: to a colleague with a card).
        key = counts.translate(_CAP2) + _SEAT_KEYS[me][len(hands)]
        if _NO_CARDS in hands:
            key += bytes(map(any, hands))
        asks = _ASKS_BY_HAND.get(key)
        if asks is None:
            asks = _asks_for(key)
        return occ, _TAKES_OF[occ], makes, serves, asks

    def _serves(self, hand: list[int], table: list[int]) -> tuple[Action, ...]:
        """The serves of fast_legal: each pile whose top customer's cards are in ``hand``
        and balls on ``table`` (GM-6)."""
        settings = self.settings
        needs = _NEEDS.get(id(settings))
        needs = needs[1] if needs is not None and needs[0] is settings else _serve_needs(
            settings)
        out = []
        b, c, w, s, ch, v = hand[BOWL], hand[CONE], hand[WAFER], table[0], table[1], table[2]
        if 0 <= (b | c | w | s | ch | v) < 16 and needs[0] is not None:
            # The counts packed 5 bits each with a guard bit: have - need keeps every
            # guard bit exactly when every count covers its need (GM-6).
            packed = (b | c << 5 | w << 10 | s << 15 | ch << 20 | v << 25) + _GUARDS
            packs = needs[1]
            for p, pile in enumerate(self.piles):  # the cards and balls of the top customer
                if pile and (packed - packs[pile[-1]]) & _GUARDS == _GUARDS:
                    out.append(_SERVES[p])
        else:
            needs = needs[2]
            have = (b, c, w, s, ch, v)
            for p, pile in enumerate(self.piles):
                if pile and all(map(ge, have, needs[pile[-1]])):
                    out.append(_SERVES[p])
        return tuple(out)

    # ------------------------------------------------------------------ the checks
    # One check per action kind: each rule is written here once. The phase check comes
    # first (Rules.check): an action of a kind the phase does not offer gets refuse_phase.
    def refuse_phase(self, act: Action, phase: Phase | None) -> Verdict:
        """Why ``act``'s kind is not allowed now: the game is over (GM-9), Quality Control
        waits for an answer, or there is no Quality Control to answer (GM-5)."""
        if phase is None:
            return forbid("GM-9", "gm.why.over")
        if self.qc is not None:
            return forbid("GM-5", "gm.why.qc_first", player=self.qc[2][0][0])
        return forbid("GM-5", "gm.why.no_qc")

    def check_discard(self, act: Discard) -> Verdict:
        """GM-5 ">7": the player over the hand limit discards a card they hold."""
        return self._check_answer("discard", QC_HAND, act.card, range(HAND_KINDS),
                                  lambda seat, k: self.hands[seat][k], "not_in_hand")

    def check_return_ball(self, act: ReturnBall) -> Verdict:
        """GM-5 ">3": the player over the ball limit returns a ball card they have."""
        return self._check_answer("return_ball", QC_BALLS, act.flavour, FLAVOURS,
                                  lambda seat, k: self.table[seat][FLAVOURS.index(k)], "none")

    def _check_answer(self, kind: str, card: int, code: str, kinds: Sequence[int],
                      held: Callable[[int, int], int], lacking: str) -> Verdict:
        """GM-5: an answer to the Quality Control card that acts, naming a card of the
        game (GM-2) that the answering player has."""
        qc = self.qc
        seat, left = qc[2][0]
        if qc[0] != card:
            return forbid("GM-5", f"gm.why.{kind}.wrong_card", player=seat)
        k = KIND_OF.get(code, -1)
        if k not in kinds:
            return forbid("GM-2", "gm.why.unknown_card" if kind == "discard"
                          else "gm.why.unknown_flavour", card=code)
        if not held(seat, k):
            return forbid("GM-5", f"gm.why.{kind}.{lacking}", flavour=k)
        return allow("GM-5", f"gm.why.{kind}", flavour=k, count=left)

    def check_take(self, act: Take) -> Verdict:
        """GM-4: take a display card with its identical neighbours."""
        if not (0 <= act.row < 3 and 0 <= act.col < 3):
            return forbid("GM-4", "gm.why.take.off_display", row=act.row, col=act.col)
        cells = self.taken_by(act.row, act.col)
        if not cells:
            return forbid("GM-4", "gm.why.take.empty", row=act.row + 1, col=act.col + 1)
        return allow("GM-4", "gm.why.take", flavours=[self.display[i] for i in cells],
                     count=len(cells), row=act.row + 1, col=act.col + 1)

    def check_make_ball(self, act: MakeBall) -> Verdict:
        """GM-6: a flavour, cream and sugar make a ball, while its pile lasts (GMN-6)."""
        k = KIND_OF.get(act.flavour, -1)
        if k not in FLAVOURS:
            return forbid("GM-6", "gm.why.unknown_flavour", card=act.flavour)
        if not self.supply[FLAVOURS.index(k)]:
            return forbid("GMN-6", "gm.why.make_ball.pile_empty", flavour=k)
        hand = self.hands[self.turn]
        missing = [x for x in (k, CREAM, SUGAR) if not hand[x]]
        if missing:
            return forbid("GM-6", "gm.why.make_ball.missing", flavour=k, flavours=missing)
        return allow("GM-6", "gm.why.make_ball", flavour=k)

    def check_serve(self, act: ServeCustomer) -> Verdict:
        """GM-6: serve a pile's top customer (GM-3) with its cards and balls."""
        if not 0 <= act.pile < len(self.piles):
            # Counted from 1, as the table and every other message count piles.
            return forbid("GM-3", "gm.why.serve.no_pile", number=act.pile + 1,
                          last=len(self.piles))
        pile = self.piles[act.pile]
        if not pile:
            return forbid("GM-3", "gm.why.serve.empty", number=act.pile + 1)
        me = self.turn
        hand = self.hands[me]
        c = self.settings.recipes[pile[-1]]
        missing = [k for k in range(HAND_KINDS) for _ in range(c.cards[k] - hand[k])]
        missing += [f for i, f in enumerate(FLAVOURS)
                    for _ in range(c.balls[f] - self.table[me][i])]
        params = {"number": act.pile + 1, "points": c.points, "flavours": c.needs()}
        if missing:
            return forbid("GM-6", "gm.why.serve.missing", **params,
                          missing_cards=len(missing), missing=missing[0])
        return allow("GM-6", "gm.why.serve", **params)

    def check_ask(self, act: Ask) -> Verdict:
        """GM-6: discard two cards to take a random card from a colleague who has one
        (GMN-4)."""
        me, q = self.turn, act.opponent
        if not 0 <= q < self.num_players:
            return forbid("GM-6", "gm.why.ask.no_seat", number=q + 1, last=self.num_players)
        if q == me:
            return forbid("GM-6", "gm.why.ask.self")
        kinds = [KIND_OF.get(c, -1) for c in act.discard]
        for c, k in zip(act.discard, kinds, strict=True):
            if not 0 <= k < HAND_KINDS:
                return forbid("GM-2", "gm.why.unknown_card", card=c)
        hand = self.hands[me]
        if sum(hand) < 2:
            return forbid("GM-6", "gm.why.ask.few_cards", count=sum(hand))
        if kinds[0] == kinds[1] and hand[kinds[0]] < 2 or not all(hand[k] for k in kinds):
            return forbid("GM-6", "gm.why.ask.not_in_hand", flavours=kinds)
        if not sum(self.hands[q]):
            return forbid("GMN-4", "gm.why.ask.empty_hand", seat=q)
        return allow("GM-6", "gm.why.ask", seat=q, flavours=kinds)

    def check_pass(self, act: Pass) -> Verdict:
        """GM-6: pass only when no other option of the turn is allowed (decided by the
        other candidates' own checks, never by the legal actions: no recursion)."""
        checks = self._checks
        if any(checks[a.type](self, a).allowed for a in self.candidates() if a.type != "pass"):
            return forbid("GM-6", "gm.why.pass.not_stuck")
        return allow("GM-6", "gm.why.pass")

    def taken_by(self, row: int, col: int) -> list[int]:
        """The display spots a draw at (``row``, ``col``) takes (GM-4): the card, and its
        identical direct neighbours (variant ``flood``: its whole identical group)."""
        start = row * 3 + col
        kind = self.display[start]
        if kind < 0:
            return []
        if not self.settings.flood:
            return [start] + [i for i in _NEIGHBOURS[start] if self.display[i] == kind]
        seen, todo = [start], [start]
        while todo:
            for j in _NEIGHBOURS[todo.pop()]:
                if j not in seen and self.display[j] == kind:
                    seen.append(j)
                    todo.append(j)
        return sorted(seen)

    # ------------------------------------------------------------------ moves
    def apply(self, action: Action | Mapping[str, Any]) -> GelatoMioState:
        act = self.check_apply(action)
        child = self.clone()
        child._play(act)
        return child

    def check_apply(self, action: Action | Mapping[str, Any]) -> Action:
        """The action, parsed and checked (:class:`IllegalAction` if not allowed now)."""
        # FAST PATH (labelled): an action object of the cached legal tuple (playouts play
        # them) is allowed: that tuple is fast_legal's, which core.conformance's
        # check_legal_paths proves equal to the checks; so is the plain form of one of them,
        # to the letter (what parsing it gives, the same types). Any other action is parsed
        # and checked in full by its check (Rules.check, what why_not asks); the Option and
        # its words are made only for the error of a refused one.
        legal = self._legal
        if legal is not None:
            if any(map(is_, legal, repeat(action))):
                return action  # type: ignore[return-value]
            if action.__class__ is dict:  # a plain form a view gave: its legal action
                act = _known_action(action)  # type: ignore[arg-type]
                if act is not None and any(map(is_, legal, repeat(act))):
                    return act
        act = self.game.parse_action(action)
        if self.check(act).allowed:
            return act
        return State.check_apply(self, act)  # raises IllegalAction naming the rule

    def apply_in_place(self, action: Action | Mapping[str, Any]) -> None:
        """Like :meth:`apply`, changing this (cloned) state instead of making a new one."""
        self._play(self.check_apply(action))

    def random_playout(self, random: Callable[[], float],
                       until: Callable[[State], bool] | None = None) -> int:
        """Play uniformly random legal actions on this very state (a :meth:`clone`) until
        the game is over; return how many were played.

        The protocol's loop (:meth:`State.random_playout`) without its per-action calls:
        each decision takes ``legal[int(random() * len(legal))]`` of the legal actions and
        plays it with the same rules as :meth:`apply` (the conformance test compares
        them). With ``until``, the protocol's loop is used.
        """
        if until is not None:
            return super().random_playout(random, until)
        # FAST PATH (labelled): check_playout_paths (conformance) proves the games equal to
        # the protocol's loop and to apply(), step by step. The legal actions are
        # fast_legal's (the one fast path, proven equal to the checks); a take or an ask,
        # almost every decision, is then played with _play's steps written out (_take,
        # _ask, _refill when it draws only usual cards, _end_turn when no objective, last
        # round or end is due), each inline step taken only when the case _play meets is
        # that very case; anything else goes through _play.
        steps = 0
        play = self._play
        legal_now = self.fast_legal
        hands = self.hands  # changed in place only, like display, table and supply
        display = self.display
        served_by = self.served
        n = len(hands)
        settings = self.settings
        flood = settings.flood
        fills = _FILL_SPOTS if settings.refill == "every_spot" else _FILL_ROWS
        first = settings.first_player
        after = tuple(range(1, n)) + (0,)  # the seat after each seat
        steal = randbelow_of("gelato-mio", self.seed, "steal")  # _steal_index's numbers
        looked = [-1] * n  # each seat's served customers when its objectives were looked for
        neighbours, gapped_rows, slid_of, slides = _NEIGHBOURS, _GAPPED_ROWS, _SLID, _SLIDES
        options, serve_memo, kind_of = self.turn_options, ServeMemo(settings), KIND_OF
        take_spots = _TAKE_SPOTS
        one_kind = HAND_KINDS - 1  # the kinds a hand of one kind holds none of
        while not self.over:
            legal = self._legal
            if legal is not None or self.qc is not None:  # a Quality Control answer
                if legal is None:
                    legal = legal_now()
                play(legal[int(random() * len(legal))])
                steps += 1
                continue
            # Decisions played here until _play or a step of it is called: ``occ`` is the
            # display's occupancy (kept up to date by each step here), and the last round
            # (GM-9) can start or end only in _play's steps.
            me = self.turn
            occ = -1
            last_turns = self.last_left > 0 or self.pile_out
            while True:
                occ, takes, makes, serves, asks = options(serve_memo, occ)
                n_take = len(takes)
                n_other = n_take
                if makes:
                    n_other += len(makes)
                if serves:
                    n_other += len(serves)
                total = n_other + len(asks)
                steps += 1
                if not total:
                    random()  # the one legal action, Pass, is picked by a draw too
                    play(PASS)
                    break
                i = int(random() * total)
                hand = hands[me]
                if i < n_take:  # _take
                    spot = take_spots[occ][0][i]  # takes[i]'s spot
                    kind = display[spot]
                    if flood:
                        cells = self.taken_by(spot // 3, spot % 3)
                        for c in cells:
                            display[c] = -1
                            occ -= 1 << c
                        count = len(cells)
                    else:  # the card and its identical direct neighbours (GM-4)
                        display[spot] = -1
                        occ -= 1 << spot
                        count = 1
                        for c in neighbours[spot]:
                            if display[c] == kind:
                                display[c] = -1
                                occ -= 1 << c
                                count += 1
                    hand[kind] += count
                    head = (_take_events, (me, kind, count, spot))  # its raw event
                    gapped = slides[occ]
                    if gapped:  # _slide, inline while no refill waits for spots (GMN-2)
                        if self.to_fill:
                            self._slide(gapped_rows[occ])
                        else:
                            moves, clears = gapped
                            for to, at in moves:
                                display[to] = display[at]
                            for c in clears:
                                display[c] = -1
                        occ = slid_of[occ]
                elif i >= n_other:  # _ask
                    act = asks[i - n_other]
                    a, b = kind_of[act.discard[0]], kind_of[act.discard[1]]
                    q = act.opponent
                    hand[a] -= 1
                    hand[b] -= 1
                    self.discard += a, b
                    theirs = hands[q]
                    held = list(accumulate(theirs))
                    # GMN-4: a random card of theirs, as the k-th of their cards in kind order
                    # (a colleague holding one kind gives it whatever the draw: not drawn)
                    card = bisect_right(held, 0 if theirs.count(0) == one_kind else steal(
                        self.steals, held[-1]))
                    self.steals += 1
                    theirs[card] -= 1
                    hand[card] += 1
                    head = (_ask_events, (me, q, [a, b], card))
                    gapped = ()
                else:  # a ball or a serve: _play (a serve changes the piles)
                    i -= n_take
                    if i < len(makes):
                        play(makes[i])
                    else:
                        play(serves[i - len(makes)])
                        serve_memo.clear()
                    break
                self.passes = 0
                # The step's events are made only when a step of _play is called with them:
                # the game ends only in those, so the last state's events are always made,
                # and a step played all here leaves them to the next step (never read).
                ev = None
                drawn = ()
                # _refill, inline when it draws only usual cards into the spots it fills.
                fill = () if self.to_fill else fills[occ]
                if fill:
                    targets, filled = fill
                    deck = self.deck
                    k = len(targets)
                    if len(deck) >= k and max(deck[-k:]) < QC_HAND:
                        drawn = deck[:-k - 1:-1]  # the top card first
                        del deck[-k:]
                        for c, drew in zip(targets, drawn, strict=True):
                            display[c] = drew
                        occ = filled
                        fill = ()
                elif self.to_fill:
                    fill = True
                if fill:
                    ev = _step_events(head, gapped, drawn)
                    self._refill(ev)
                    if self.qc is not None:
                        self._events = ev
                        break
                    occ = -1
                # _end_turn, inline when no last round or end (GM-9) is due; the objectives
                # (GM-7) looked for only when the seat served a customer since it last did.
                served = served_by[me]
                if served and len(served) != looked[me] and min(self.claimed) < 0:
                    if ev is None:
                        ev = _step_events(head, gapped, drawn)
                    self._claim(ev)
                    looked[me] = len(served)  # what is left unclaimed stays so (GM-7)
                    occ = -1
                if last_turns:
                    if ev is None:
                        ev = _step_events(head, gapped, drawn)
                    self._pass_turn(ev)
                    self._events = ev
                    break
                me = self.turn = after[me]
                if me == first:
                    scores = self._scores
                    if scores is None:
                        scores = self._scores = self._running_scores()
                    self._round_log += (scores,)
                    self.round += 1
                if ev is not None:
                    self._events = ev
        return steps

    def _play(self, act: Action) -> None:
        ev: list[tuple] = []
        self._legal = None
        cls = act.__class__
        if cls is Take:  # the most frequent first
            self.passes = 0
            self._take(self.turn, act, ev)
            self._after_action(ev)
        elif cls is Ask:
            self.passes = 0
            self._ask(self.turn, act, ev)
            self._after_action(ev)
        elif isinstance(act, Discard | ReturnBall):
            self._answer_qc(act, ev)
        else:
            me = self.turn
            self.passes = self.passes + 1 if isinstance(act, Pass) else 0
            if isinstance(act, MakeBall):
                self._make_ball(me, KIND_OF[act.flavour], ev)
            elif isinstance(act, ServeCustomer):
                self._serve(me, act.pile, ev)
            else:
                ev.append(("gm.event.pass", {"player": me}, "GM-6", None))
            self._after_action(ev)
        self._events = ev
        self._legal = None

    def _take(self, me: int, act: Take, ev: list[tuple]) -> None:
        row, col = act.row, act.col
        d = self.display
        start = row * 3 + col
        kind = d[start]
        if self.settings.flood:
            cells = self.taken_by(row, col)
        else:  # taken_by's cells: the card and its identical direct neighbours (GM-4)
            cells = [start]
            for i in _NEIGHBOURS[start]:
                if d[i] == kind:
                    cells.append(i)
        for i in cells:
            d[i] = -1
        count = len(cells)
        self.hands[me][kind] += count  # the cards taken are all of one kind
        ev.append((_take_events, (me, kind, count, start)))
        if self._slide():
            ev.append(_slide_event())

    def _slide(self, rows: Sequence[int] = _ROW_STARTS) -> bool:
        """GM-4: after a take, each row's cards slide to its leftmost free spots (``rows``:
        the first spots of the rows to look at, when the others are known to have no card
        right of a gap); whether a card moved."""
        d = self.display
        moved = False
        for r in rows:
            a, b, c = d[r], d[r + 1], d[r + 2]
            if a < 0 and (b >= 0 or c >= 0) or b < 0 and c >= 0:  # a card right of a gap
                moved = True
                d[r:r + 3] = sorted((a, b, c), key=_EMPTY)  # the cards in order, then the gaps
                if self.to_fill:  # a stopped refill's spots follow the row's cards
                    self.to_fill = _leftmost_owed(d, self.to_fill)
        return moved

    def _make_ball(self, me: int, flavour: int, ev: list[tuple]) -> None:
        for k in (flavour, CREAM, SUGAR):
            self.hands[me][k] -= 1
            self.discard.append(k)
        i = FLAVOURS.index(flavour)
        self.supply[i] -= 1
        self.table[me][i] += 1
        ev.append(_ev("gm.event.make_ball", "GM-6", player=me, flavour=flavour))
        if not self.supply[i] and self.last_left <= 0:
            self.pile_out = True  # GM-9: the last round starts at the end of this turn

    def _serve(self, me: int, pile: int, ev: list[tuple]) -> None:
        c_idx = self.piles[pile].pop()
        c = self.settings.recipes[c_idx]
        for k in range(HAND_KINDS):
            self.hands[me][k] -= c.cards[k]
        for i, f in enumerate(FLAVOURS):
            self.table[me][i] -= c.balls[f]
        self.served[me].append(c_idx)
        self._scores = None
        ev.append(_ev(f"gm.event.serve.{c.kind}", "GM-6", player=me, points=c.points,
                      flavours=c.needs(), number=pile + 1))

    def _ask(self, me: int, act: Ask, ev: list[tuple]) -> None:
        first, second = act.discard
        kinds = [KIND_OF[first], KIND_OF[second]]
        hand = self.hands[me]
        discard = self.discard
        for k in kinds:
            hand[k] -= 1
            discard.append(k)
        q = act.opponent
        theirs = self.hands[q]
        # GMN-4: a random card of theirs, as the k-th of their cards in kind order
        left = randbelow("gelato-mio", self.seed, "steal", self.steals, sum(theirs))
        card = 0
        for card, held in enumerate(theirs):  # noqa: B007 -- card is the kind found
            if left < held:
                break
            left -= held
        self.steals += 1
        theirs[card] -= 1
        hand[card] += 1
        ev.append((_ask_events, (me, q, kinds, card)))

    # ------------------------------------------------------------------ the display
    def _after_action(self, ev: list[tuple]) -> None:
        self._refill(ev)
        if self.qc is None:
            self._end_turn(ev)

    def _can_draw(self) -> bool:
        """A card other than Quality Control is left to draw, in the deck or the
        discards the deck is made from (GM-4, GMN-2)."""
        deck = self.deck
        if deck and deck[-1] < QC_HAND:
            return True
        return min(deck, default=QC_HAND) < QC_HAND or min(self.discard,
                                                            default=QC_HAND) < QC_HAND

    def _refill(self, ev: list[tuple]) -> None:
        """GM-4: fill the spots to fill from the deck; a Quality Control card that comes
        up acts at once (GM-5) and may pause the refill for the players' choices."""
        # Spots still owed by a refill that stopped (GMN-2) stay in to_fill, so the row is
        # completed as soon as a card can be drawn (GM-4, GM-5); new empty rows join them.
        d = self.display
        # A position saved before the slide kept the owed spots leftmost may name a spot
        # right of a free one: the card still goes to the row's leftmost free spot (GM-4).
        owed = self.to_fill = _leftmost_owed(d, self.to_fill) if self.to_fill else []
        if not owed and -1 not in d:
            return  # a full display: nothing to fill (to_fill stays empty)
        # every empty spot, or the rows left empty (GM-4)
        fill = (_FILL_SPOTS if self.settings.refill == "every_spot" else _FILL_ROWS)[
            _OCC_OF[bytes(map(_OCCUPIED, d))]]
        targets = list(fill[0]) if fill else []
        if not targets and not owed:
            return  # no row left empty
        self.to_fill = sorted(set(owed).union(targets)) if owed else targets
        drawn: list[int] = []
        to_fill = self.to_fill
        while to_fill:
            deck = self.deck
            if deck and deck[-1] < QC_HAND:  # _can_draw and _draw, for the usual card
                card = deck.pop()
                d[to_fill.pop(0)] = card
                drawn.append(card)
                continue
            if not self._can_draw():
                # GM-5 and GMN-2: only Quality Control cards left to draw: wait for more.
                if self.to_fill != owed:
                    ev.append(_ev("gm.event.refill_waits", "GMN-2", count=len(self.to_fill)))
                break
            spot = self.to_fill[0]
            card = self._draw(ev)
            self.display[spot] = card
            if card >= QC_HAND:
                if drawn:
                    ev.append(("gm.event.refill", {"flavours": drawn, "count": len(drawn)},
                               "GM-4", None))
                    drawn = []
                self._quality_control(card, spot, ev)
                if self.qc is not None:
                    return
                continue  # the spot is free again: fill it
            drawn.append(card)
            to_fill.pop(0)
        if drawn:
            ev.append(("gm.event.refill", {"flavours": drawn, "count": len(drawn)}, "GM-4",
                       None))

    def _draw(self, ev: list[tuple]) -> int:
        if not self.deck:  # GM-4: the shuffled discard pile becomes the deck (GMN-3)
            cards = list(self.discard)
            shuffle_in_place("gelato-mio", self.seed, "shuffle", self.shuffles, cards)
            self.shuffles += 1
            self.deck = cards
            self.discard = []
            ev.append(("gm.event.reshuffle", {"count": len(cards)}, "GM-4", None))
        return self.deck.pop()

    def _quality_control(self, card: int, spot: int, ev: list[tuple]) -> None:
        """GM-5: who must give up half, in turn order from the turn player (GMN-1)."""
        ev.append((f"gm.event.qc.{CODES[card]}", {}, "GM-5", None))
        if card == QC_HAND:
            limit, have = HAND_LIMIT, list(map(sum, self.hands))
        else:
            limit, have = BALL_LIMIT, list(map(sum, self.table))
        if max(have) > limit:
            n = len(have)
            pending = []
            for j in range(n):
                p = (self.turn + j) % n
                if have[p] > limit:
                    pending.append([p, have[p] // 2])
                    ev.append(_ev(f"gm.event.qc_must.{CODES[card]}", "GM-5", player=p,
                                  count=have[p] // 2))
            self.qc = [card, spot, pending]
        else:
            ev.append(("gm.event.qc_nobody", {}, "GM-5", None))
            self._qc_done(card, spot, ev)

    def _qc_done(self, card: int, spot: int, ev: list[tuple]) -> None:
        self.display[spot] = -1
        self.discard.append(card)
        self.qc = None
        ev.append(("gm.event.qc_discarded", {"flavour": card}, "GM-5", None))

    def _answer_qc(self, act: Discard | ReturnBall, ev: list[tuple]) -> None:
        qc = self.qc
        assert qc is not None
        entry = qc[2][0]
        p = entry[0]
        if isinstance(act, Discard):
            k = KIND_OF[act.card]
            self.hands[p][k] -= 1
            self.discard.append(k)
            ev.append(_ev("gm.event.qc_discard", "GM-5", player=p, flavour=k))
        else:
            k = KIND_OF[act.flavour]
            i = FLAVOURS.index(k)
            self.table[p][i] -= 1
            self.supply[i] += 1
            ev.append(_ev("gm.event.qc_return", "GM-5", player=p, flavour=k))
        entry[1] -= 1
        if entry[1] == 0:
            qc[2].pop(0)
        if not qc[2]:
            self._qc_done(qc[0], qc[1], ev)
            self._after_action(ev)

    # ------------------------------------------------------------------ turns
    def _end_turn(self, ev: list[tuple]) -> None:
        # GM-7: an objective needs at least _FEWEST_SERVED customers served
        if len(self.served[self.turn]) >= _FEWEST_SERVED and min(self.claimed) < 0:
            self._claim(ev)
        self._pass_turn(ev)

    def _claim(self, ev: list[tuple]) -> None:
        """GM-7: the turn player claims each ice cream objective left whose customers they
        served."""
        me = self.turn
        served = self.served[me]
        claimed = self.claimed
        kinds = _customer_kinds(self.settings)
        have = [0] * len(ICE_CREAM_OBJECTIVES)  # customers served of each objective's kind
        for c in served:
            have[kinds[c]] += 1
        for j, (kind, need, pts) in enumerate(ICE_CREAM_OBJECTIVES):
            if claimed[j] < 0 and have[j] >= need:
                claimed[j] = me
                self._scores = None
                ev.append(_ev(f"gm.event.objective.{kind}", "GM-7", player=me, points=pts,
                              count=need))

    def _pass_turn(self, ev: list[tuple]) -> None:
        """The end of a turn after the objectives (GM-7): the last round (GM-9), the end
        when everyone passed (GMN-7), then the next seat and the round record."""
        me, n = self.turn, len(self.hands)
        if self.last_left > 0:
            self.last_left -= 1
            if self.last_left == 0:
                self._finish(ev)
                return
        elif self.pile_out:
            self.last_left = n
            ev.append(_ev("gm.event.last_round", "GM-9", player=me))
        self.pile_out = False
        if self.passes >= n:
            ev.append(_ev("gm.event.all_passed", "GMN-7"))
            self._finish(ev)
            return
        self.turn = (me + 1) % n
        if self.turn == self.settings.first_player:
            scores = self._scores
            if scores is None:
                scores = self._scores = self._running_scores()
            self._round_log += (scores,)
            self.round += 1

    def _finish(self, ev: list[tuple]) -> None:
        self.over = True
        self.to_fill = []
        for name, q in zip(BALL_OBJECTIVES, self.ball_winners(), strict=True):  # GM-8
            if q >= 0:
                ev.append(_ev(f"gm.event.ball_objective.{name}", "GM-8", player=q,
                              points=BALL_OBJECTIVE_POINTS))
            else:
                ev.append(_ev(f"gm.event.ball_objective_none.{name}", "GM-8"))
        for p in range(self.num_players):
            pairs = sum(k // 2 for k in self.hands[p])
            ev.append(_ev("gm.event.pairs", "GM-9", player=p, count=pairs))
        scores = self.scores
        win = self.winners
        tied = [p for p in range(self.num_players) if scores[p] == max(scores)]
        if len(tied) > len(win):
            ev.append(_ev("gm.event.tie_break", "GM-9", count=len(tied)))
        for p in win:
            ev.append(_ev("gm.event.winner", "GM-9", player=p, points=scores[p]))

    # ------------------------------------------------------------------ views & data
    # names, num_players, view (hands hidden), setup_args and to_dict: the kit's
    # (:class:`~icecream.core.kit.KitState`).
    def __repr__(self) -> str:
        return (f"<GelatoMioState round {self.round} {self.phase} "
                f"to_act={self.current_player} scores={list(self.scores)}>")

    def check_invariants(self) -> None:
        """Every card and ball is in exactly one place (GM-2, GM-3), and each display row's
        cards sit at its leftmost spots (GM-4); raises AssertionError."""
        recipes = self.settings.recipes
        count = [0] * len(CODES)
        for h in self.hands:
            invariant(all(x >= 0 for x in h), "a hand holds a negative count")
            for k in range(HAND_KINDS):
                count[k] += h[k]
        for k in self.deck + self.discard + [k for k in self.display if k >= 0]:
            count[k] += 1
        for cs in self.served:
            for c in cs:
                for k in range(HAND_KINDS):
                    count[k] += recipes[c].cards[k]
        invariant(tuple(count) == DECK_COUNTS, f"ingredient cards {count} != {DECK_COUNTS}")
        for i, f in enumerate(FLAVOURS):
            on_table = sum(b[i] for b in self.table)
            used = sum(recipes[c].balls[f] for cs in self.served for c in cs)
            invariant(self.supply[i] + on_table + used == BALLS_PER_FLAVOUR, f"{CODES[f]} balls")
            invariant(self.supply[i] >= 0 and all(b[i] >= 0 for b in self.table),
                      "a ball count is negative")
        seen = sorted(c for p in self.piles for c in p) + sorted(
            c for cs in self.served for c in cs)
        invariant(sorted(seen) == list(range(len(recipes))), "every customer in one place")
        if self.qc is None:
            invariant(all(k < QC_HAND for k in self.display), "no Quality Control card waits")
        d = self.display
        for r in _ROW_STARTS:  # GM-4: a row's cards sit at its leftmost spots
            invariant(not (d[r] < 0 <= max(d[r + 1], d[r + 2]) or d[r + 1] < 0 <= d[r + 2]),
                      f"an empty spot left of a card in display row {r // 3 + 1}: "
                      f"{d[r:r + 3]}")
        invariant(all(0 <= i < 9 and d[i] < 0 for i in self.to_fill) or self.qc is not None,
                  f"a spot to fill holds a card: {self.to_fill}")


def new_state(players: int | Sequence[str] = 4, seed: int = 0, ruleset: str | None = None,
              **variant: Any) -> GelatoMioState:
    """A new game (GM-1..GM-4): shuffled deck, the display customer and 3 piles of 6, the
    ball piles, and a 3x3 display dealt from the deck."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SettingsError(f"seed must be a whole number, not {seed!r}")
    settings = KIT.make(players, ruleset, variant)
    n = settings.players
    recipes = settings.recipes
    s = object.__new__(GelatoMioState)
    s.settings = settings
    s.seed = seed
    deck = full_deck()
    rng("gelato-mio", seed, "setup", 0).shuffle(deck)
    rest = [i for i, c in enumerate(recipes) if not c.on_display]
    rng("gelato-mio", seed, "setup", 1).shuffle(rest)
    size = len(rest) // PILES
    s.piles = [[i for i, c in enumerate(recipes) if c.on_display]] + [
        rest[j * size:(j + 1) * size] for j in range(PILES)]
    s.deck = deck
    s.discard = []
    s.display = [-1] * 9
    s.hands = [[0] * HAND_KINDS for _ in range(n)]
    s.table = [[0, 0, 0] for _ in range(n)]
    s.served = [[] for _ in range(n)]
    s.supply = [BALLS_PER_FLAVOUR] * 3
    s.claimed = [-1] * len(ICE_CREAM_OBJECTIVES)
    s.turn = settings.first_player
    s.round = 1
    s.last_left = 0
    s.pile_out = False
    s.passes = 0
    s.qc = None
    s.to_fill = []
    s.shuffles = 0
    s.steals = 0
    s.over = False
    s._legal = None
    ev: list[tuple] = [_ev("gm.event.setup", "GM-3", count=n)]
    s._refill(ev)  # nobody holds anything yet, so Quality Control only changes the card
    ev.append(_ev("gm.event.turn", "GM-1", player=s.turn))
    s._events = ev
    return s


GelatoMioState.clone = make_clone(GelatoMioState, FIELDS)  # type: ignore[method-assign]

__all__ = ["GelatoMioState", "new_state", "PHASES", "FIELDS", "NUMBERS", "Number",
           "CUSTOMER_KINDS"]
