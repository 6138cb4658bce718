"""What a seat sees of a Tub position, its save, and the determinizer that deals what a
seat cannot see: the game's ``view=`` and ``save=`` hooks (they import the state module,
so the state reaches them through its game and the imports stay one way)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from icecream.core.fields import saved_names
from icecream.core.protocol import FORMAT_VERSION
from icecream.core.view import BaseView, check_seat

from .state import FLAVOURS, TubState, load_scenario


@dataclass(frozen=True)
class TubView(BaseView):
    """What a seat sees: how many scoops are left and the top one (the teacher: all), the
    round and the last-scoop bonus (TUB-4) everyone saw taken."""

    game = "tub"
    left: int = 0
    top: str | None = None
    order: tuple[str, ...] | None = None
    round: int = 1
    bonus: tuple[int, ...] = ()


def make_view(state: TubState, seat: int | None) -> TubView:
    """What ``seat`` sees (``None``: the teacher, everything): the top scoop, how many
    are left (TUB-2) and the options of the seat that decides."""
    check_seat(seat, state.num_players)
    legal = (tuple(a.to_dict() for a in state.legal_actions())
             if seat is None or seat == state.current_player else ())
    tub = state.tub
    return TubView(seat, seat is None, state.names, state.setup_args(), state.phase,
                   state.current_player, state.scores, legal, state.winners,
                   left=len(tub), top=FLAVOURS[tub[-1]] if tub else None,
                   order=tuple(FLAVOURS[f] for f in tub) if seat is None else None,
                   round=state.round, bonus=tuple(state.bonus))


def state_to_scenario(state: TubState) -> dict[str, Any]:
    """The whole position as a scenario (:func:`.state.load_scenario` reads it back)."""
    out = {"game": "tub", "format_version": FORMAT_VERSION, "players": list(state.names),
           "settings": state.setup_args(), "seed": state.seed}
    for name in saved_names(state.FIELDS):
        if name not in ("settings", "seed"):
            value = getattr(state, name)
            out[name] = [FLAVOURS[f] for f in value] if name == "tub" else value
    return out


class Determinizer:
    """Deals the scoops a seat cannot see (all but the top) at random (bots, what-ifs)."""

    def __init__(self, view: TubView) -> None:
        self.view = view

    def sample(self, rng: Any) -> TubState:
        """A whole position that agrees with everything the view shows."""
        v = self.view
        hidden = [FLAVOURS[rng.randrange(3)] for _ in range(v.left - 1)]
        tub = hidden + ([v.top] if v.top else [])
        return load_scenario({"players": list(v.names), "settings": v.settings, "tub": tub,
                              "points": list(v.scores), "bonus": list(v.bonus),
                              "to_act": v.to_act or 0, "round": v.round})
