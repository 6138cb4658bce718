"""What one seat sees at the Gelato Mio table, and the teacher's view of everything.

A seat sees the display, the face-up discard pile (GMN-3), the top customer of each pile,
the ball supply, every player's ball cards, served customers and objectives, the number of
cards in each hand and in the deck, and its own hand. It does not see the other hands, the
deck order, the customers under the pile tops, nor the seed (it would reveal the shuffles).

>>> from icecream import new_game
>>> s = new_game("gelato-mio", players=3, seed=1).apply({"type": "take", "row": 0, "col": 0})
>>> v = s.view(1)
>>> v.hands[0] is None and v.hand_sizes[0] >= 1, s.view(None).teacher
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.view import BaseView, check_seat
from .components import CODES, FLAVOUR_CODES, HAND_KINDS
from .state import NUMBERS, GelatoMioState, plain_form


@dataclass(frozen=True)
class GelatoMioView(BaseView):
    """A seat's view (``teacher`` False) or the teacher's (``seat`` None, ``teacher`` True).

    Cards are codes (``"sugar"``...), customers ids. Fields the seat cannot know are
    ``None``: ``hands[p]`` for others, ``deck_order`` and ``piles_below`` outside the
    teacher's view. ``round``, ``turn``, ``last_round_left`` and ``passes`` are the
    state's numbers every seat sees (``NUMBERS`` marked ``shown``), named as in a scenario.
    """

    game: ClassVar[str] = "gelato-mio"

    round: int
    turn: int
    display: tuple[tuple[str | None, ...], ...]
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[dict, ...]
    served: tuple[tuple[str, ...], ...]
    pile_tops: tuple[str | None, ...]
    pile_sizes: tuple[int, ...]
    recipes: dict
    supply: dict
    claimed: tuple[int | None, ...]
    deck_size: int
    discard: tuple[str, ...]
    quality_control: dict | None
    last_round_left: int
    passes: int
    to_fill: tuple[tuple[int, int], ...]
    points: tuple[dict, ...] = ()
    deck_order: tuple[str, ...] | None = None
    piles_below: tuple[tuple[str, ...], ...] | None = None


#: The state's numbers every seat sees, by their view (and scenario) names.
SHOWN_NUMBERS = tuple(f for f in NUMBERS if f.shown)
_SHOWN = tuple((f.saved_as, f.name) for f in SHOWN_NUMBERS)
#: id(customers) -> (customers, their plain forms by id): made once per customer file
#: (rollouts make a view at every decision). Views share it: read it, never change it.
_RECIPES: dict[int, tuple[tuple, dict]] = {}
#: A hand's cards as codes, by its counts (as bytes).
_HAND_CODES: dict[bytes, tuple[str, ...]] = {}
_CODE = CODES.__getitem__


def _hand_codes(hand: list[int]) -> tuple[str, ...]:
    key = bytes(hand)
    got = _HAND_CODES.get(key)
    if got is None:
        if len(_HAND_CODES) >= 1 << 14:
            _HAND_CODES.clear()
        got = _HAND_CODES[key] = tuple(CODES[k] for k in range(HAND_KINDS)
                                       for _ in range(hand[k]))
    return got


def _recipes(recipes: tuple) -> dict:
    got = _RECIPES.get(id(recipes))
    if got is None or got[0] is not recipes:
        if len(_RECIPES) >= 64:
            _RECIPES.clear()
        got = _RECIPES[id(recipes)] = (recipes, {c.id: c.to_dict() for c in recipes})
    return got[1]


def make_view(s: GelatoMioState, seat: int | None) -> GelatoMioView:
    """The view of ``s`` for ``seat`` (``None``: the teacher's view)."""
    n = s.num_players
    check_seat(seat, n)
    teacher = seat is None
    recipes = s.settings.recipes
    to_act = s.current_player
    points = tuple(s.points(p) for p in range(n))
    return GelatoMioView(
        seat=seat,
        teacher=teacher,
        names=s.names,
        settings=s.setup_args(),
        phase=s.phase,
        to_act=to_act,
        scores=tuple(sum(pts.values()) for pts in points),
        **{saved: getattr(s, name) for saved, name in _SHOWN},  # type: ignore[misc]
        display=tuple(tuple(None if k < 0 else CODES[k] for k in s.display[r * 3:r * 3 + 3])
                      for r in range(3)),
        hands=tuple(_hand_codes(h) if teacher or p == seat else None
                    for p, h in enumerate(s.hands)),
        hand_sizes=tuple(sum(h) for h in s.hands),
        table=tuple({FLAVOUR_CODES[i]: b[i] for i in range(3)} for b in s.table),
        served=tuple(tuple(recipes[c].id for c in cs) for cs in s.served),
        pile_tops=tuple(recipes[p[-1]].id if p else None for p in s.piles),
        pile_sizes=tuple(len(p) for p in s.piles),
        recipes=_recipes(recipes),
        supply={FLAVOUR_CODES[i]: s.supply[i] for i in range(3)},
        claimed=tuple(None if q < 0 else q for q in s.claimed),
        deck_size=len(s.deck),
        discard=tuple(map(_CODE, s.discard)),
        quality_control=None if s.qc is None else {
            "card": CODES[s.qc[0]], "spot": (s.qc[1] // 3, s.qc[1] % 3),
            "pending": tuple(tuple(x) for x in s.qc[2])},
        to_fill=tuple((i // 3, i % 3) for i in s.to_fill),
        legal_actions=tuple(map(plain_form, s.legal_actions()))
        if teacher or seat == to_act else (),
        winners=s.winners,
        points=points,
        deck_order=tuple(map(_CODE, s.deck)) if teacher else None,
        piles_below=tuple(tuple(recipes[c].id for c in p[:-1]) for p in s.piles)
        if teacher else None,
    )
