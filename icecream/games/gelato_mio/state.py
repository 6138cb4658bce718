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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.chance import rng
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
#: GM-5: the limits of the two Quality Control cards.
HAND_LIMIT, BALL_LIMIT = 7, 3
_NEIGHBOURS = tuple(
    tuple(r2 * 3 + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
          if 0 <= r2 < 3 and 0 <= c2 < 3)
    for r in range(3) for c in range(3))


# Shared action instances, so that legal-action lists cost little allocation.
_TAKES = tuple(Take(r, c) for r in range(3) for c in range(3))
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
#: Hand (its counts as bytes) -> per colleague seat, the asks the hand can pay for: the
#: fast path's table (a hand's pairs are worked out once, not at every decision).
_ASKS_BY_HAND: dict[bytes, tuple[tuple[Ask, ...], ...]] = {}


def _asks_by_colleague(hand: list[int]) -> tuple[tuple[Ask, ...], ...]:
    held = [k for k in range(HAND_KINDS) if hand[k]]
    pairs = [(a, b) for i, a in enumerate(held) for b in held[i:] if a != b or hand[a] >= 2]
    asks = tuple(tuple(_ask(a, b, q) for a, b in pairs) for q in range(4))
    if len(_ASKS_BY_HAND) >= 1 << 16:  # a bound on memory; random games meet far fewer
        _ASKS_BY_HAND.clear()
    _ASKS_BY_HAND[bytes(hand)] = asks
    return asks


def _ev(key: str, rule: str | None, visible_to: int | None = None, **params: Any) -> Event:
    return Event(key, params, rule, visible_to)


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
    StateField("round_scores", saved=None),
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
    #: Every player's points after each whole table round, in order (what-if lead
    #: changes); a tuple, replaced and never changed in place, so clones share it. A
    #: position loaded from a scenario starts its record there.
    round_scores: tuple[tuple[int, ...], ...] = ()

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
        return tuple(self._events)

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
        if self.qc is not None:
            p = self.qc[2][0][0]
            if self.qc[0] == QC_HAND:
                return tuple(a for k, a in enumerate(_DISCARDS) if self.hands[p][k])
            return tuple(a for i, a in enumerate(_RETURNS) if self.table[p][i])
        me = self.turn
        d = self.display
        out: list[Action] = [a for i, a in enumerate(_TAKES) if d[i] >= 0]
        hand = self.hands[me]
        supply = self.supply
        if hand[CREAM] and hand[SUGAR]:
            out += [a for i, a in enumerate(_MAKES) if supply[i] and hand[FLAVOURS[i]]]
        recipes = self.settings.recipes
        table = self.table[me]
        for p, pile in enumerate(self.piles):
            if pile:
                c = recipes[pile[-1]]
                cards, balls = c.cards, c.balls
                if hand[BOWL] >= cards[BOWL] and hand[CONE] >= cards[CONE] and \
                        hand[WAFER] >= cards[WAFER] and table[0] >= balls[STRAWBERRY] and \
                        table[1] >= balls[CHOCOLATE] and table[2] >= balls[VANILLA]:
                    out.append(_SERVES[p])
        asks = _ASKS_BY_HAND.get(bytes(hand))
        if asks is None:
            asks = _asks_by_colleague(hand)
        for q in range(self.num_players):
            if q != me and any(self.hands[q]):
                out += asks[q]
        return tuple(out) if out else (PASS,)

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
            return forbid("GM-3", "gm.why.serve.no_pile", number=act.pile,
                          last=len(self.piles) - 1)
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
            return forbid("GM-6", "gm.why.ask.no_seat", number=q, last=self.num_players - 1)
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
        # check_legal_paths proves equal to the checks. Any other action is parsed and
        # checked in full.
        legal = self._legal
        if legal is not None:
            for a in legal:
                if a is action:
                    return a
        return State.check_apply(self, action)

    def apply_in_place(self, action: Action | Mapping[str, Any]) -> None:
        """Like :meth:`apply`, changing this (cloned) state instead of making a new one."""
        act = self.check_apply(action)
        self._play(act)

    def _play(self, act: Action) -> None:
        ev: list[Event] = []
        self._legal = None
        if isinstance(act, Discard | ReturnBall):
            self._answer_qc(act, ev)
        else:
            me = self.turn
            self.passes = self.passes + 1 if isinstance(act, Pass) else 0
            if isinstance(act, Take):
                self._take(me, act, ev)
            elif isinstance(act, MakeBall):
                self._make_ball(me, KIND_OF[act.flavour], ev)
            elif isinstance(act, ServeCustomer):
                self._serve(me, act.pile, ev)
            elif isinstance(act, Ask):
                self._ask(me, act, ev)
            else:
                ev.append(_ev("gm.event.pass", "GM-6", player=me))
            self._after_action(ev)
        self._events = ev
        self._legal = None

    def _take(self, me: int, act: Take, ev: list[Event]) -> None:
        cells = self.taken_by(act.row, act.col)
        d = self.display
        cards = [d[i] for i in cells]
        hand = self.hands[me]
        for i in cells:
            hand[d[i]] += 1
            d[i] = -1
        ev.append(_ev("gm.event.take", "GM-4", player=me, flavours=cards, count=len(cards),
                      row=act.row + 1, col=act.col + 1))
        moved = False
        for r in range(3):  # GM-4: each row's cards slide to its leftmost free spots
            a, b, c = d[r * 3:r * 3 + 3]
            if a < 0 and (b >= 0 or c >= 0) or b < 0 and c >= 0:  # a card right of a gap
                moved = True
                packed = [k for k in (a, b, c) if k >= 0]
                d[r * 3:r * 3 + 3] = packed + [-1] * (3 - len(packed))
                owed = sum(1 for i in self.to_fill if i // 3 == r)
                if owed:  # a stopped refill still owes this row its rightmost free spots
                    self.to_fill = sorted([i for i in self.to_fill if i // 3 != r]
                                          + list(range(r * 3 + 3 - owed, r * 3 + 3)))
        if moved:
            ev.append(_ev("gm.event.slide", "GM-4"))

    def _make_ball(self, me: int, flavour: int, ev: list[Event]) -> None:
        for k in (flavour, CREAM, SUGAR):
            self.hands[me][k] -= 1
            self.discard.append(k)
        i = FLAVOURS.index(flavour)
        self.supply[i] -= 1
        self.table[me][i] += 1
        ev.append(_ev("gm.event.make_ball", "GM-6", player=me, flavour=flavour))
        if not self.supply[i] and self.last_left <= 0:
            self.pile_out = True  # GM-9: the last round starts at the end of this turn

    def _serve(self, me: int, pile: int, ev: list[Event]) -> None:
        c_idx = self.piles[pile].pop()
        c = self.settings.recipes[c_idx]
        for k in range(HAND_KINDS):
            self.hands[me][k] -= c.cards[k]
        for i, f in enumerate(FLAVOURS):
            self.table[me][i] -= c.balls[f]
        self.served[me].append(c_idx)
        ev.append(_ev(f"gm.event.serve.{c.kind}", "GM-6", player=me, points=c.points,
                      flavours=c.needs(), number=pile + 1))

    def _ask(self, me: int, act: Ask, ev: list[Event]) -> None:
        kinds = [KIND_OF[c] for c in act.discard]
        for k in kinds:
            self.hands[me][k] -= 1
            self.discard.append(k)
        q = act.opponent
        theirs = [k for k in range(HAND_KINDS) for _ in range(self.hands[q][k])]
        card = theirs[rng("gelato-mio", self.seed, "steal", self.steals).randrange(len(theirs))]
        self.steals += 1
        self.hands[q][card] -= 1
        self.hands[me][card] += 1
        ev.append(_ev("gm.event.ask", "GM-6", player=me, seat=q, flavours=kinds))
        ev.append(_ev("gm.event.ask.took", "GM-6", me, player=me, seat=q, flavour=card))
        ev.append(_ev("gm.event.ask.lost", "GM-6", q, player=me, seat=q, flavour=card))

    # ------------------------------------------------------------------ the display
    def _after_action(self, ev: list[Event]) -> None:
        self._refill(ev)
        if self.qc is None:
            self._end_turn(ev)

    def _targets(self) -> list[int]:
        d = self.display
        if self.settings.refill == "every_spot":
            return [i for i in range(9) if d[i] < 0]
        return [i for r in range(3) if d[r * 3] < 0 and d[r * 3 + 1] < 0 and d[r * 3 + 2] < 0
                for i in range(r * 3, r * 3 + 3)]

    def _refill(self, ev: list[Event]) -> None:
        """GM-4: fill the spots to fill from the deck; a Quality Control card that comes
        up acts at once (GM-5) and may pause the refill for the players' choices."""
        # Spots still owed by a refill that stopped (GMN-2) stay in to_fill, so the row is
        # completed as soon as a card can be drawn (GM-4, GM-5); new empty rows join them.
        owed = self.to_fill
        targets = self._targets()
        self.to_fill = sorted(set(owed).union(targets)) if owed else targets
        drawn: list[int] = []
        while self.to_fill:
            if not any(k < QC_HAND for k in self.deck) and not any(
                    k < QC_HAND for k in self.discard):
                # GM-5 and GMN-2: only Quality Control cards left to draw: wait for more.
                if self.to_fill != owed:
                    ev.append(_ev("gm.event.refill_waits", "GMN-2", count=len(self.to_fill)))
                break
            spot = self.to_fill[0]
            card = self._draw(ev)
            self.display[spot] = card
            if card >= QC_HAND:
                if drawn:
                    ev.append(_ev("gm.event.refill", "GM-4", flavours=drawn, count=len(drawn)))
                    drawn = []
                self._quality_control(card, spot, ev)
                if self.qc is not None:
                    return
                continue  # the spot is free again: fill it
            drawn.append(card)
            self.to_fill.pop(0)
        if drawn:
            ev.append(_ev("gm.event.refill", "GM-4", flavours=drawn, count=len(drawn)))

    def _draw(self, ev: list[Event]) -> int:
        if not self.deck:  # GM-4: the shuffled discard pile becomes the deck (GMN-3)
            cards = list(self.discard)
            rng("gelato-mio", self.seed, "shuffle", self.shuffles).shuffle(cards)
            self.shuffles += 1
            self.deck = cards
            self.discard = []
            ev.append(_ev("gm.event.reshuffle", "GM-4", count=len(cards)))
        return self.deck.pop()

    def _quality_control(self, card: int, spot: int, ev: list[Event]) -> None:
        """GM-5: who must give up half, in turn order from the turn player (GMN-1)."""
        n = self.num_players
        ev.append(_ev(f"gm.event.qc.{CODES[card]}", "GM-5"))
        pending = []
        for j in range(n):
            p = (self.turn + j) % n
            have = sum(self.hands[p]) if card == QC_HAND else sum(self.table[p])
            if have > (HAND_LIMIT if card == QC_HAND else BALL_LIMIT):
                pending.append([p, have // 2])
                ev.append(_ev(f"gm.event.qc_must.{CODES[card]}", "GM-5", player=p,
                              count=have // 2))
        if pending:
            self.qc = [card, spot, pending]
        else:
            ev.append(_ev("gm.event.qc_nobody", "GM-5"))
            self._qc_done(card, spot, ev)

    def _qc_done(self, card: int, spot: int, ev: list[Event]) -> None:
        self.display[spot] = -1
        self.discard.append(card)
        self.qc = None
        ev.append(_ev("gm.event.qc_discarded", "GM-5", flavour=card))

    def _answer_qc(self, act: Discard | ReturnBall, ev: list[Event]) -> None:
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
    def _end_turn(self, ev: list[Event]) -> None:
        me, n = self.turn, self.num_players
        served = self.served[me]
        if served:  # GM-7 (every objective needs customers served)
            recipes = self.settings.recipes
            for j, (kind, need, pts) in enumerate(ICE_CREAM_OBJECTIVES):
                if self.claimed[j] < 0 and sum(
                        1 for c in served if recipes[c].kind == kind) >= need:
                    self.claimed[j] = me
                    ev.append(_ev(f"gm.event.objective.{kind}", "GM-7", player=me, points=pts,
                                  count=need))
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
            self.round_scores += (self.scores,)
            self.round += 1

    def _finish(self, ev: list[Event]) -> None:
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
        """Every card and ball is in exactly one place (GM-2, GM-3); raises AssertionError."""
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
    ev: list[Event] = [_ev("gm.event.setup", "GM-3", count=n)]
    s._refill(ev)  # nobody holds anything yet, so Quality Control only changes the card
    ev.append(_ev("gm.event.turn", "GM-1", player=s.turn))
    s._events = ev
    return s


GelatoMioState.clone = make_clone(GelatoMioState, FIELDS)  # type: ignore[method-assign]

__all__ = ["GelatoMioState", "new_state", "PHASES", "FIELDS", "NUMBERS", "Number",
           "CUSTOMER_KINDS"]
