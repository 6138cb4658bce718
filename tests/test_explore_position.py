"""Position what-if: options compared over what the player to act cannot see."""

from __future__ import annotations

import pytest

import icecream
from icecream.explore import SimulationError
from icecream.explore.position import (
    CLOSE_WIDTH,
    RACE_FROM,
    WHAT_IF_SECONDS,
    compare_options,
    halving_schedule,
    what_if,
)
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
    # Every option on every sample (no race): the old, even allocation.
    table = what_if(_last_turn(), n=30, policy=policy, seed=1,
                    adaptive=False).set_index("type")
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


def test_the_race_drops_the_losing_draw_early_and_says_why():
    # IC-10: serving the close cone wins at once; drawing loses on every sample, so the
    # race drops it at its first look and the work ends, decided, before the 30 asked.
    table = what_if(_last_turn(), n=30, seed=1, seconds=None).set_index("type")
    serve, draw = table.loc["serve"], table.loc["draw"]
    assert bool(draw["dropped"]) and draw["dropped_after"] == RACE_FROM
    assert draw["drop_reason"] == "worse" and draw["samples"] == RACE_FROM
    assert bool(serve["is_best"]) and not bool(serve["dropped"])
    assert not bool(draw["is_best"]) and not isinstance(serve["drop_reason"], str)
    assert table.attrs["decided"] and not table.attrs["partial"]
    assert table.attrs["reason"] is None and table.attrs["verdict"] == "clear"
    assert table.attrs["games"] == 2 * RACE_FROM


def _cone_choice():
    s = icecream.new_game("ice-cream", players=3, seed=2)
    while len(s.legal_actions()) < 4:
        s = s.apply(s.legal_actions()[0])
    return s


def test_race_samples_are_paired_prefixes_of_the_full_run():
    # Common random numbers: sample i is the same deal and bots for every option, whether
    # or not others were dropped, so each option's outcomes are a prefix of the full run's.
    s = _cone_choice()
    full = compare_options(s, n=40, seed=4, seconds=None, adaptive=False)
    raced = compare_options(s, n=40, seed=4, seconds=None)
    assert all(o.samples == 40 and not o.dropped for o in full.options)
    assert any(o.dropped for o in raced.options)
    for a, b in zip(raced.options, full.options, strict=True):
        assert a.action == b.action
        assert a.scores == b.scores[:a.samples] and a.wins == b.wins[:a.samples]
        assert a.samples == (a.dropped_after or raced.samples)


def test_halving_drops_the_lower_half_by_mean_and_keeps_two():
    s = _cone_choice()
    raced = compare_options(s, n=64, seed=4, seconds=None)
    alive = [o for o in raced.options if not o.dropped]
    assert len(alive) >= 2 or raced.decided
    halved = [o for o in raced.options if o.drop_reason == "halved"]
    assert halved, "more than two options: some must be halved"
    # Without a time limit the rounds follow from n (halving_schedule's doctest).
    assert {o.dropped_after for o in halved} <= halving_schedule(len(raced.options),
                                                                 63 * len(raced.options))
    for o in halved:
        k = o.dropped_after
        # Every option that played on after that round had a mean at least as high then.
        later = [x for x in raced.options if x.samples > k]
        assert all(sum(x.scores[:k]) >= sum(o.scores) for x in later)


def test_best_runner_up_and_verdict_read_the_same_paired_interval():
    raced = compare_options(_cone_choice(), n=64, seed=4, seconds=None)
    best, other = raced.best, raced.runner_up
    assert best.is_best and sum(o.is_best for o in raced.options) == 1
    assert not best.dropped and other is not best
    assert best.vs_best.value == best.vs_best.low == best.vs_best.high == 0
    lead = raced.advantage
    assert (lead.value, lead.low, lead.high) == (-other.vs_best.value, -other.vs_best.high,
                                                 -other.vs_best.low)
    expected = ("clear" if lead.low > 0 else "too_close"
                if lead.high - lead.low <= CLOSE_WIDTH else "undecided")
    assert raced.verdict == expected
    row = {r["label"]: r for r in raced.rows()}[other.label]
    assert row["vs_best_low"] == other.vs_best.low and row["dropped"] == other.dropped


def test_the_default_time_limit_and_a_shorter_one():
    import inspect

    assert inspect.signature(what_if).parameters["seconds"].default == WHAT_IF_SECONDS == 10
    assert inspect.signature(compare_options).parameters["seconds"].default == 10
    s = icecream.new_game("gelato-mio", players=3, seed=3)
    quick = compare_options(s, seed=1, seconds=0.05, min_samples=1)
    assert quick.partial and quick.reason == "time" and 1 <= quick.samples < quick.requested
    with pytest.raises(SimulationError, match="seconds must be a positive number"):
        compare_options(s, seconds=0)
