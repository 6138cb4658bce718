"""Position what-if: options compared over what the player to act cannot see."""

from __future__ import annotations

import pytest

import icecream
from icecream.explore import SimulationError
from icecream.explore.position import what_if
from icecream.games.ice_cream import load_scenario


def _last_turn():
    """Day 4 of 4, phase 3, Ann to act. Serving the close cone (3 scoops) wins at once;
    drawing lets Bob, who holds strawberry and pistachio, serve it exactly (IC-9) and win."""
    return load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving", "day": 4,
        "scores": [10, 12, 12],
        "hands": [{"face_up": ["strawberry"]}, {"face_up": ["strawberry", "pistachio"]},
                  {"face_up": ["vanilla"]}],
        "cones": [["strawberry", "strawberry", "strawberry", "pistachio"]],
        "ice_cream_deck": ["vanilla", "chocolate"],
    })


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_winning_close_serve_is_found(policy):
    table = what_if(_last_turn(), n=30, policy=policy, seed=1).set_index("type")
    serve, draw = table.loc["serve"], table.loc["draw"]
    assert serve["rule"] == "IC-10"
    assert serve["mean_score"] == 13 and serve["score_low"] == serve["score_high"] == 13
    assert serve["win_rate"] == 1.0 and serve["win_low"] > 0.85
    assert draw["win_rate"] == 0.0 and draw["mean_score"] <= 11
    assert draw["win_high"] < serve["win_low"]
    assert serve["samples"] == 30 and serve["seat"] == 0
    assert serve["vs_best"] == 0 and draw["vs_best_high"] < 0  # paired: clearly worse


def test_one_row_per_legal_action_in_the_engine_order_and_repeatable():
    s = icecream.new_game("ice-cream", players=4, seed=5)
    while s.phase != "cones" or len(s.legal_actions()) < 3:
        s = s.apply(s.legal_actions()[-1])
    a = what_if(s, n=8, seed=2)
    assert [r for r in a["action"]] == [x.to_dict() for x in s.legal_actions()]
    assert a.equals(what_if(s, n=8, seed=2))
    assert (a["win_low"] <= a["win_rate"]).all() and (a["win_rate"] <= a["win_high"]).all()


def test_the_answer_depends_only_on_the_players_view():
    # Same view for seat 0, different hidden cards of the others: same table.
    s = icecream.new_game("ice-cream", players=3, seed=8)
    d = s.to_dict()
    d["hands"][1]["face_down"], d["hands"][2]["face_down"] = (d["hands"][2]["face_down"],
                                                              d["hands"][1]["face_down"])
    d["ice_cream_deck"] = list(reversed(d["ice_cream_deck"]))
    other = load_scenario(d)
    assert other.view(0) == s.view(0) and other.to_dict() != s.to_dict()
    assert what_if(s, n=6, seed=3).equals(what_if(other, n=6, seed=3))


def test_bad_requests():
    s = icecream.new_game("ice-cream", players=3, seed=1)
    with pytest.raises(SimulationError, match="samples"):
        what_if(s, n=0)
    with pytest.raises(icecream.IcecreamError, match="unknown bot"):
        what_if(s, n=1, policy="oracle")
    over = load_scenario({"players": 3, "phase": "over", "day": 4})
    with pytest.raises(SimulationError, match="game is over"):
        what_if(over, n=1)
