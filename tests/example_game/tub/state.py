"""Tub's rules on the kit: settings, fields, one phase, one check (see the package's
docstring for TUB-1..TUB-4). What a seat sees and the save are in :mod:`.view`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from icecream.core import chance
from icecream.core.errors import ScenarioError, SettingsError
from icecream.core.fields import StateField, make_clone, saved_names
from icecream.core.kit import KitState
from icecream.core.phases import Phase, allow, forbid
from icecream.core.protocol import FORMAT_VERSION, Action, Event
from icecream.core.scenario import read_int, read_scenario, read_seed, scenario_settings
from icecream.core.settings import Setting, SettingsKit

FLAVOURS = ("vanilla", "chocolate", "strawberry")
CHOCOLATE, LAST_BONUS = 1, 3

KIT = SettingsKit(
    game="tub", title="Tub", players=(2, 4), players_rule="Tub is for 2 to 4 players (TUB-1)",
    settings=(Setting("first_player", "TUB-1", 0, "seat"),
              Setting("scoops", "TUB-2", 15, "int", low=9, high=30),
              Setting("most", "TUB-3", 3, "int", low=1, high=3)),
    rulesets={"rulebook": {}, "short": {"scoops": 9}},
    ruleset_rules={"rulebook": ("TUB-2",), "short": ("TUB-2",)})


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take ``count`` scoops from the top of the tub (TUB-3)."""

    type = "take"
    field_types = {"count": (int,)}
    count: int


ACTION_KINDS = {"take": Take}


class TubState(KitState):
    """A position: the tub (top scoop last), each player's points and bonus, who acts."""

    PHASES = (Phase("taking", "TUB-3", ("take",)),)
    FIELDS = (StateField("settings"), StateField("seed"), StateField("tub", "list"),
              StateField("points", "list"), StateField("bonus", "list"),
              StateField("to_act"), StateField("round"), StateField("_events", saved=None),
              StateField("_legal", "reset", saved=None))

    # -- the protocol (names, num_players and setup_args: the kit's) ---------------------
    current_player = property(lambda self: None if self.is_over else self.to_act)
    phase = property(lambda self: "over" if self.is_over else "taking")
    is_over = property(lambda self: not self.tub)
    scores = property(lambda self: tuple(self.points))
    events = property(lambda self: tuple(self._events))

    @property
    def winners(self) -> tuple[int, ...]:
        """Most points (TUB-4); a tie is shared."""
        top = max(self.points)
        return tuple(p for p, x in enumerate(self.points) if x == top) if self.is_over else ()

    # -- the rules: candidates and ONE check per action kind ----------------------------
    def candidates(self) -> list[Take]:
        return [Take(k) for k in range(1, self.settings.most + 1)] if self.tub else []

    def check_take(self, act: Take) -> Any:
        if not 1 <= act.count <= self.settings.most:
            return forbid("TUB-3", "tub.why.range", most=self.settings.most)
        if act.count > len(self.tub):
            return forbid("TUB-3", "tub.why.too_many", count=act.count, left=len(self.tub))
        return allow("TUB-3", "tub.why.take", count=act.count,
                     flavours=self.tub[len(self.tub) - act.count:][::-1])

    def refuse_phase(self, act: Action, phase: Phase | None) -> Any:
        return forbid("TUB-4", "tub.why.over")

    # -- moves ---------------------------------------------------------------------------
    def apply(self, action: Action | Mapping[str, Any]) -> TubState:
        act = self.check_apply(action)
        child = self.clone()
        child._take(act)
        return child

    def apply_in_place(self, action: Action | Mapping[str, Any]) -> None:
        self._take(self.check_apply(action))
        self._legal = None

    def _take(self, act: Take) -> None:
        p = self.to_act
        taken = [self.tub.pop() for _ in range(act.count)]
        self.points[p] += sum(2 if f == CHOCOLATE else 1 for f in taken)
        ev = [Event("tub.event.take", {"player": p, "flavours": taken, "count": act.count},
                    "TUB-3")]
        if not self.tub:
            self.points[p] += LAST_BONUS
            self.bonus[p] += LAST_BONUS
            ev.append(Event("tub.event.last", {"player": p, "count": LAST_BONUS}, "TUB-4"))
            ev.append(Event("tub.event.over", {"winners": list(self.winners)}, "TUB-4"))
        else:
            self.to_act = (p + 1) % self.num_players
            if self.to_act == self.settings.first_player:
                self.round += 1
        self._events = ev

    # -- invariants (what a seat sees and the save are the game's hooks: view.py) --------
    def check_invariants(self) -> None:
        if sum(self.bonus) > LAST_BONUS or any(p < 0 for p in self.points):
            raise AssertionError("points out of range")


TubState.clone = make_clone(TubState, TubState.FIELDS)


def new_state(players: Any = 4, seed: int = 0, ruleset: str | None = None,
              **variant: Any) -> TubState:
    """A new game (TUB-1, TUB-2): the tub filled and shuffled by the seed."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SettingsError(f"seed must be a whole number, not {seed!r}")
    settings = KIT.make(players, ruleset, variant)
    tub = chance.shuffled("tub", seed, "setup", 0, [k % 3 for k in range(settings.scoops)])
    return _make(settings, seed, tub, [0] * settings.players, [0] * settings.players,
                 settings.first_player)


def _make(settings: Any, seed: int, tub: list[int], points: list[int], bonus: list[int],
          to_act: int, round_: int = 1) -> TubState:
    s = object.__new__(TubState)
    s.settings, s.seed, s.tub, s.points, s.bonus = settings, seed, tub, points, bonus
    s.to_act, s.round, s._legal = to_act, round_, None
    s._events = [Event("tub.event.setup", {"count": len(tub)}, "TUB-2")]
    return s


#: The fields a scenario may hold: the common ones and the state's saved fields.
SCENARIO_FIELDS = ("game", "format_version", "players", "title", "description",
                   *saved_names(TubState.FIELDS))


def load_scenario(data: Mapping[str, Any]) -> TubState:
    """A position from plain data (the fields of ``to_dict``), each checked: the common
    fields and the settings by the core's readers (a bad setting is a ScenarioError
    naming ``settings``), then Tub's own fields."""
    data = read_scenario(data, "tub", "the Tub", SCENARIO_FIELDS, FORMAT_VERSION)
    settings = scenario_settings(data, KIT)
    n = settings.players
    try:
        tub = [FLAVOURS.index(f) for f in data.get("tub", [])]
    except (TypeError, ValueError):
        raise ScenarioError(f"tub: scoops must be among {list(FLAVOURS)}") from None
    points = data.get("points", [0] * n)
    bonus = data.get("bonus", [0] * n)
    for name, v in (("points", points), ("bonus", bonus)):
        if not (isinstance(v, list) and len(v) == n and all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in v)):
            raise ScenarioError(f"{name}: must be {n} whole numbers 0..99")
    if (any(b not in (0, LAST_BONUS) for b in bonus) or sum(bonus) > LAST_BONUS
            or tub and any(bonus)):
        raise ScenarioError(f"bonus: only whoever took the last scoop has the {LAST_BONUS} "
                            "points more, once the tub is empty (TUB-4)")
    if any(b > p for b, p in zip(bonus, points, strict=True)):
        raise ScenarioError("bonus: a player's bonus is part of their points (TUB-4)")
    return _make(settings, read_seed(data), tub, list(points), list(bonus),
                 read_int(data, "to_act", settings.first_player, 0, n - 1),
                 read_int(data, "round", 1, 1, 99))
