"""Scenario validation: every bad field gets a clear error naming it; good ones load."""

from __future__ import annotations

import pytest

from icecream.core.errors import ScenarioError
from icecream.games.ice_cream import load_scenario

BASE = {"players": ["Ann", "Bob", "Cy"], "phase": "serving",
        "hands": [{"face_up": ["vanilla"]}, {"face_up": ["pistachio"]}, {"face_up": []}],
        "cones": [["vanilla", "vanilla"]]}


def with_(**kw):
    return {**BASE, **kw}


@pytest.mark.parametrize(("data", "message"), [
    ("[1, 2", "not JSON"),
    ([1, 2], "must be an object"),
    ({"phase": "serving"}, "players"),
    (with_(colour="red"), "unknown scenario field"),
    (with_(game="chess"), "game"),
    (with_(format_version=7), "format_version"),
    (with_(players=7), "settings: .*3 to 5"),
    (with_(settings={"close": "almost"}), "settings: setting close"),
    (with_(settings=[1]), "settings: must be an object"),
    (with_(seed="x"), "seed"),
    (with_(phase="lunch"), "phase: must be one of"),
    (with_(day=9), "day: must be a whole number 1..4"),
    (with_(dealer=3), "dealer"),
    (with_(to_act=-1), "to_act"),
    (with_(scores=[1, 2]), "scores"),
    (with_(scores=[1, 2, -3]), "scores"),
    (with_(hands=[{}, {}]), "hands: must be a list of 3"),
    (with_(hands=[{"face_up": ["mint"]}, {}, {}]), r"hands\[0\].face_up\[0\]: unknown flavour"),
    (with_(hands=[{"face_up": "vanilla"}, {}, {}]), r"hands\[0\].face_up: must be a list"),
    (with_(hands=[{"cards": []}, {}, {}]), r"hands\[0\]: unknown field"),
    (with_(hands=[{"face_up": ["vanilla"], "served": {"pistachio": 1}}, {}, {}]),
     r"hands\[0\].served.pistachio: .*IC-11"),
    (with_(hands=[{"face_up": ["vanilla"], "served": {"vanilla": -1}}, {}, {}]),
     r"hands\[0\].served.vanilla: must be a count"),
    (with_(hands=[{"face_down": "vanilla"}, {}, {}]), "face_down cards exist only"),
    (with_(cones=[["vanilla"] * 5]), r"cones\[0\]: a cone holds 1 to 4"),
    (with_(cones=[[]]), r"cones\[0\]: a cone holds 1 to 4"),
    (with_(cones="vanilla"), "cones: must be a list"),
    (with_(cones=[["vanilla"]] * 5 + [["pistachio"]] * 5 + [["chocolate"]] * 3),
     "at most 12 cones"),
    (with_(cones=[["vanilla"] * 4, ["vanilla", "vanilla"]]), "6 vanilla Scoop cards"),
    (with_(ice_cream_deck=["vanilla"] * 5), "6 vanilla Ice Cream cards"),
    (with_(removed_scoops=["vanilla"]), "removed_scoops: the settings remove 6"),
    (with_(ice_cream_discard=["vanilla"], swappers=[0]), "ice_cream_discard"),
    (with_(phase="deliveries", cones=[], hands=[{"face_up": ["vanilla"]}, {}, {}]),
     "to_act: seat 0 has no face_down card"),
    (with_(phase="cones", cones=[None]), "no cone is served during phase 2"),
    (with_(phase="deliveries", cones=[["vanilla"]],
           hands=[{"face_down": "vanilla"}, {}, {}]), "no cones in phase"),
    (with_(phase="cones", hands=[{"face_up": ["vanilla"], "served": {"vanilla": 1}}, {}, {}]),
     "served scoops exist only during phase 3"),
    (with_(results=[[[1, 2]]]), r"results\[0\]"),
    (with_(last_actor=5), "last_actor"),
    (with_(phase="cones", settings={"cones": 2}, cones=[["vanilla"] * 4, ["pistachio"] * 4]),
     "settings: .*ICN-5"),
])
def test_bad_scenarios_name_the_field(data, message):
    with pytest.raises(ScenarioError, match=message):
        load_scenario(data)


def test_rigged_decks_put_listed_cards_on_top():
    s = load_scenario(with_(ice_cream_deck=["strawberry", "chocolate"], to_act=2))
    assert s.ic_deck[-1] == 0 and s.ic_deck[-2] == 3            # strawberry, then chocolate
    s2 = s.apply({"type": "draw"})
    assert s2.cards[2] == (0,)


def test_scenario_fills_unplaced_cards_and_conserves():
    s = load_scenario(BASE)
    s.check_invariants()
    assert len(s.removed) == 6


def test_start_of_day_scenario_deals():
    s = load_scenario({"players": 3, "phase": "start_of_day", "day": 3, "dealer": 2,
                       "scores": [4, 5, 6], "hands": [{"face_up": ["vanilla"]}, {}, {}]})
    assert s.phase == "deliveries" and s.current_player == 2 and s.day == 3
    assert all(h >= 0 for h in s.hidden)


def test_over_scenario():
    s = load_scenario({"players": 3, "phase": "over", "day": 4, "scores": [1, 9, 3]})
    assert s.is_over and s.winners == (1,)


def test_documented_scenario_file_loads():
    import json
    from pathlib import Path

    path = Path(__file__).parent.parent / "docs" / "scenarios" / "close_cone_choice.json"
    s = load_scenario(json.loads(path.read_text()))
    assert s.names[s.current_player] == "Joe"
    assert [a.to_dict() for a in s.legal_actions()] == [{"type": "serve", "cone": 1},
                                                         {"type": "draw"}]


# -- positions no real game reaches (issue 12) -----------------------------------------------

DOWN = [{"face_up": ["vanilla"], "face_down": "pistachio"},
        {"face_up": ["pistachio"], "face_down": "chocolate"},
        {"face_up": ["chocolate"], "face_down": "strawberry"}]


def _phase1(**kw):
    return {"format_version": 2, "players": ["Ann", "Bob", "Cy"], "phase": "deliveries",
            "dealer": 0, "hands": DOWN, **kw}


def _phase2(**kw):
    return {"format_version": 2, "players": ["Ann", "Bob", "Cy"], "phase": "cones",
            "dealer": 0, "hands": DOWN, **kw}


@pytest.mark.parametrize(("data", "message"), [
    # IC-5: phase 1 deals clockwise from the dealer while the deck lasts, skipping nobody.
    (_phase1(dealer=0, hands=[DOWN[0], {"face_up": ["pistachio"]}, DOWN[2]]),
     r"hands\[1\].face_down: seat 1 has no face-down card but a seat after it does.*IC-5"),
    (_phase2(dealer=2, hands=[{"face_up": ["vanilla"]}, DOWN[1], DOWN[2]], cones=[]),
     r"hands\[0\].face_down: seat 0 .*IC-5"),
    # IC-5, ICN-7: only a player who has already chosen can have swapped.
    (_phase1(to_act=1, ice_cream_discard=["vanilla"], swappers=[1]),
     r"swappers\[0\]: seat 1 has not chosen yet"),
    (_phase1(to_act=1, ice_cream_discard=["vanilla"], swappers=[2]),
     r"swappers\[0\]: seat 2 has not chosen yet"),
    (_phase1(to_act=2, ice_cream_discard=["vanilla", "vanilla"], swappers=[0, 0]),
     "swappers: each player keeps or swaps once a day"),
    # IC-7: the dealer turns the first scoop, then each player clockwise.
    (_phase2(to_act=1, cones=[]), "to_act: 0 scoops are on cones, so seat 0 turns the next"),
    (_phase2(dealer=1, to_act=1, cones=[["vanilla", "pistachio"]]),
     "to_act: 2 scoops are on cones, so seat 0 turns the next one"),
    # IC-9: play passes clockwise after the last actor.
    (with_(last_actor=0, to_act=0), r"to_act: play passes clockwise.*seat 1 acts, not seat 0"),
    # Results only for finished days, and scores that they (or the days) can give.
    (with_(day=2, results=[[[1, 0], [0, 0], [0, 0]], [[1, 0], [0, 0], [0, 0]]],
           scores=[2, 0, 0]), "results: one entry per finished day, 1 here"),
    (with_(results=[[[1, 0], [0, 0], [0, 0]]], scores=[1, 0, 0]),
     "results: one entry per finished day, 0 here"),
    (with_(day=2, results=[[[1, 0], [0, 2], [0, 0]]], scores=[1, 0, 0]),
     r"scores: must be the totals of results \(\[1, 2, 0\]\)"),
    (with_(day=2, results=[[[30, 0], [0, 0], [0, 0]]], scores=[30, 0, 0]),
     r"results\[0\]: more points than one day can give"),
    (with_(scores=[1, 0, 0]), "scores: at most 0 points .* no day is finished"),
    (with_(day=3, scores=[10**6, 0, 0]), "scores: at most 108 points in all after 2 finished"),
    # IC-15: the game is over only after the last day.
    ({"players": 3, "phase": "over", "day": 3}, "phase: 'over' comes after the last day"),
    ({"players": 3, "phase": "over"}, "phase: 'over' comes after the last day .*not on day 1"),
])
def test_unreachable_positions_are_refused_naming_the_field(data, message):
    with pytest.raises(ScenarioError, match=message):
        load_scenario(data)


def test_reachable_turn_orders_load():
    # Phase 2 without to_act: the seat that turns the next scoop (IC-7).
    s = load_scenario(_phase2(dealer=1, cones=[["vanilla", "pistachio"]]))
    assert s.current_player == 0
    s = load_scenario(_phase1(to_act=2, ice_cream_discard=["vanilla"], swappers=[1]))
    assert s.current_player == 2
    # The deck ran out during the deal: the last seats (from the dealer) got no card.
    s = load_scenario(_phase1(dealer=1, to_act=1, hands=[{"face_up": ["vanilla"]}, DOWN[1],
                                                          DOWN[2]]))
    assert s.current_player == 1
    s = load_scenario({"players": 3, "phase": "over", "day": 4,
                       "results": [[[1, 0], [0, 0], [0, 2]]] * 4, "scores": [4, 0, 8]})
    assert s.is_over and s.winners == (2,)


def test_the_four_scoop_limit_example_is_dealt_so_that_dan_turns_the_next_scoop():
    from icecream.games.ice_cream import EXAMPLES

    ex = EXAMPLES["dan_four_scoop_limit"]
    s = ex.start()
    placed = sum(len(c) for c in s.cones)
    assert s.names[s.dealer] == "Larry" and placed == 7
    assert s.names[(s.dealer + placed) % 3] == s.names[s.current_player] == "Dan"
    with pytest.raises(ScenarioError, match="to_act: 7 scoops are on cones, so seat 2"):
        load_scenario({**ex.scenario, "dealer": 1})


def test_a_setting_named_cls_is_refused_like_any_unknown_setting(tmp_path):
    """Issue 22: ``settings: {"cls": ...}`` once reached ``Settings.make(cls, ...)`` and
    crashed with a TypeError; now it is an unknown setting, one line and exit 2."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    with pytest.raises(ScenarioError, match=r"settings: unknown Ice Cream setting\(s\) \['cls'\]"):
        load_scenario(with_(settings={"cls": 1}))
    path = tmp_path / "cls.json"
    path.write_text(json.dumps({"game": "ice-cream", "players": 3, "settings": {"cls": 1}}))
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-m", "icecream", "validate", str(path)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 2, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "cls" in out.stderr


def test_a_seed_too_long_to_save_is_a_settings_error():
    """Issue 22: a 5,000-digit seed raised Python's ValueError from the shuffle; it is
    refused as a setting, as a scenario refuses it (at most 30 digits)."""
    import icecream
    from icecream.core.errors import SettingsError

    with pytest.raises(SettingsError, match="at most 30 digits"):
        icecream.new_game("ice-cream", players=3, seed=10**5000)
    with pytest.raises(SettingsError, match="at most 30 digits"):
        icecream.new_game("ice-cream", players=3, seed=-(10**30))
    assert icecream.new_game("ice-cream", players=3, seed=10**30 - 1).seed == 10**30 - 1
