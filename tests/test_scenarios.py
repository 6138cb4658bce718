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
