"""The widgets serve any registered game: a toy game registered here (a race to ten,
with rounds, a setting, a forbidden option and no renderer of its own) is played in a
GameExplorer, chosen in the new-game form, and its words come from the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import icecream
from icecream.core import protocol
from icecream.core.messages import Message, catalog
from icecream.core.protocol import Action, Event, GameSpec, Option, SettingField, State
from icecream.core.rules import Rule, RuleBook
from icecream.widgets import GameExplorer
from icecream.widgets.hooks import game_choices, round_text

WORDS = {
    "rule.TOY-1.title": "Adding", "rule.TOY-1.text": "Add 1 or 2 to the total.",
    "rule.TOY-2.title": "Landing", "rule.TOY-2.text": "You may not pass the goal.",
    "toy.phase.adding": "Adding",
    "toy.opt.add": "Add {n}", "toy.opt.too_far": "Adding {n} passes the goal (TOY-2)",
    "toy.ev.add": "{player} adds {n}.",
    "toy.round": "Lap {n}",
    "setting.toy.goal": "Goal", "setting.toy.start": "Who starts",
}


@dataclass(frozen=True, slots=True)
class Add(Action):
    type: ClassVar[str] = "add"
    field_types: ClassVar[dict] = {"n": (int,)}
    n: int


@dataclass(frozen=True)
class ToyView:
    legal_actions: tuple


class ToyState(State):
    """Seats take turns adding 1 or 2; whoever reaches the goal exactly wins."""

    def __init__(self, names, goal=10, start=0, total=0, to_act=None, events=()):
        self._names, self.goal, self.start, self.total = tuple(names), goal, start, total
        self._to_act = start if to_act is None else to_act
        self._events = events

    current_player = property(lambda s: None if s.is_over else s._to_act)
    phase = property(lambda s: "adding")
    num_players = property(lambda s: len(s._names))
    names = property(lambda s: s._names)
    is_over = property(lambda s: s.total >= s.goal)
    lap = property(lambda s: s.total // 4 + 1)
    events = property(lambda s: s._events)

    @property
    def scores(self):
        return tuple(int(self.is_over and p == self._to_act) for p in range(self.num_players))

    @property
    def winners(self):
        return (self._to_act,) if self.is_over else ()

    def legal_actions(self):
        return [o.action for o in self.options() if o.allowed]

    def options(self):
        return [self.why_not(Add(n)) for n in (1, 2)] if not self.is_over else []

    def why_not(self, action):
        act = self.game.parse_action(action)
        if self.total + act.n > self.goal:
            return Option(act, False, "TOY-2", Message("toy.opt.too_far", {"n": act.n}))
        return Option(act, True, "TOY-1", Message("toy.opt.add", {"n": act.n}))

    def apply(self, action):
        act = self.check_apply(action)
        total = self.total + act.n
        ev = (Event("toy.ev.add", {"player": self._to_act, "n": act.n}, "TOY-1"),)
        nxt = self._to_act if total >= self.goal else (self._to_act + 1) % self.num_players
        return ToyState(self._names, self.goal, self.start, total, nxt, ev)

    def view(self, seat):
        mine = seat is None or seat == self.current_player
        return ToyView(tuple(a.to_dict() for a in self.legal_actions()) if mine else ())

    def setup_args(self):
        return {"goal": self.goal, "start": self.start}

    def to_dict(self):
        return {"game": "toy", "format_version": 1, "names": list(self._names),
                "goal": self.goal, "start": self.start, "total": self.total,
                "to_act": self._to_act}


def _new(players: Any = 2, seed: int = 0, goal: int = 10, start: int = 0) -> ToyState:
    if isinstance(players, int):
        players = [f"P{k + 1}" for k in range(players)]
    if not 0 <= start < len(players):
        raise icecream.core.errors.SettingsError(f"start must be a seat, not {start}")
    return ToyState(players, goal, start)


def _load(data: Mapping) -> ToyState:
    return ToyState(data["names"], data["goal"], data["start"], data["total"], data["to_act"])


TOY = GameSpec(
    name="toy", title="Toy race", min_players=2, max_players=3,
    action_kinds={"add": Add}, rules=RuleBook("toy", [Rule("TOY-1", "project"),
                                                      Rule("TOY-2", "project")]),
    new_state=_new, from_dict=_load, from_scenario=_load, rulesets={}, examples=dict,
    round_attr="lap", round_label="toy.round", first_player_setting="start",
    settings_form=(SettingField("goal", "int", 10, "TOY-2", low=3, high=30),
                   SettingField("start", "int", 0, "TOY-1", low=0, high=2)),
    setting_rules={"goal": "TOY-2", "start": "TOY-1"}, catalog_prefix="toy.",
)
ToyState.game = TOY


@pytest.fixture
def toy(monkeypatch):
    icecream.list_games()  # load the real games first, then add the toy beside them
    monkeypatch.setitem(protocol._GAMES, "toy", TOY)
    words = catalog("en")
    for key, text in WORDS.items():
        monkeypatch.setitem(words, key, text)
    return TOY


def test_a_registered_game_is_offered_by_the_picker(toy):
    assert ("Toy race", "toy") in game_choices() and ("Ice Cream", "ice-cream") in game_choices()
    g = GameExplorer(players=2)
    assert ("Toy race", "toy") in g.form.game.options


def test_game_explorer_plays_the_toy_game_by_clicks_and_steps(toy):
    g = GameExplorer(game="toy", players=["Ann", "Bob"], goal=5)
    assert g.history.game == "toy" and round_text(g.state) == "Lap 1"
    # No "<round_label>.inline" words: inside a sentence the round reads as its label.
    assert round_text(g.state, inline=True) == "Lap 1"
    assert "Lap 1" in g.finish_round_button.tooltip
    assert 'class="ic-option ic-button"' in g.table.svg and "Add 2" in g.table.svg
    assert g.finish_round_button.description == "Finish Lap 1"
    assert g.click({"type": "add", "n": 2}) and g.state.total == 2
    assert "Ann adds 2." in g.message
    assert "TOY-1" in g.explain.value and "Adding" in g.explain.value
    assert g.click({"type": "add", "n": 2}) and g.state.total == 4
    assert g.finish_round_button.description == "Finish Lap 2"
    assert not g.click({"type": "add", "n": 2})  # 4 + 2 passes the goal of 5 (TOY-2)
    assert g.state.total == 4 and "passes the goal" in g.message
    assert g.play_to_end() and g.state.is_over
    assert "Winner" in g.table.svg and g.step_button.disabled


def test_the_forbidden_option_is_refused_with_its_rule(toy):
    g = GameExplorer(game="toy", players=2, goal=3)
    assert g.click({"type": "add", "n": 2})
    assert 'ic-forbidden' in g.table.svg
    before = (g.state, g.history.cursor)
    assert not g.click({"type": "add", "n": 2})
    assert (g.state, g.history.cursor) == before and "passes the goal" in g.message


def test_the_new_game_form_builds_the_toy_games_settings_and_starts_it(toy):
    g = GameExplorer(players=3, seed=1)  # Ice Cream first
    g.form.game.value = "toy"
    assert set(g.form.fields) == {"goal", "start"}
    assert g.form.players.max == 3
    assert [label for label, _v in g.form.fields["start"].options] == \
        ["Seat 1", "Seat 2", "Seat 3"]
    g.form.fields["goal"].value = 7
    g.form.fields["start"].value = 1
    g.form.go.click()
    assert not g.message_is_error, g.message
    assert g.history.game == "toy" and g.state.goal == 7 and g.state.current_player == 1
    assert len(g.seat_selectors) == 3
    assert not g.new_game(game="toy", ruleset="ijs") and "no setting" in g.message
    assert not g.new_game(game="chess") and "no game" in g.message
    assert g.new_game(game="ice-cream", players=3) and g.history.game == "ice-cream"


def test_bots_play_the_toy_game_from_their_view(toy):
    g = GameExplorer(game="toy", players=2, bots=["human", "random"], perspective=0)
    assert g.state.current_player == 0
    assert g.click({"type": "add", "n": 1})
    assert g.state.current_player == 0 or g.state.is_over  # the bot answered at once


@pytest.mark.parametrize("game", ["combo-cone", "gelato-mio", "ice-cream"])
def test_a_human_seat_s_stand_in_plays_the_game_s_heuristic(game):
    """The "Step" and "Play to the end" buttons move a human seat with the game's
    heuristic bot, so the game ends as players would end it: a random stand-in kept a
    Gelato Mio game going for 200 rounds and lost every game for its student."""
    from icecream import History
    from icecream.bots import make_bot
    from icecream.widgets.session import Session

    session = Session(History.new(game, players=2, seed=3), bots=["human", "human"])
    mirror = make_bot("heuristic", seed=0)
    state = session.state
    for _ in range(12):
        if state.is_over:
            break
        p = state.current_player
        expected = state.game.parse_action(mirror.choose(state.view(p)))
        session.step()
        assert session.stand_in == [p]
        assert session.history.states[-1] == state.apply(expected) or \
            session.state.to_dict() == state.apply(expected).to_dict()
        state = session.state
    session.play_to_end()
    assert session.state.is_over and not session.paused
    assert len(session.history.states) < 1000  # random players take ~8,000 in Gelato Mio


def test_a_game_without_a_heuristic_policy_gets_a_random_stand_in(toy):
    from icecream import History
    from icecream.widgets.session import Session

    session = Session(History.new(toy.name, players=2, seed=1), bots=["human", "human"])
    session.step()
    assert session.stand_in == [0] and len(session.history.states) == 2
