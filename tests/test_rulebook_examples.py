"""The six rulebook examples, each asserting exactly what the rulebook says happens."""

from __future__ import annotations

import pytest

from icecream.games.ice_cream import EXAMPLES, FLAVOURS
from icecream.games.ice_cream.actions import NEW_CONE, Place, Serve
from icecream.games.ice_cream.examples import EXAMPLE_IDS

F = {code: i for i, code in enumerate(FLAVOURS)}


def acts(state):
    return [a.to_dict() for a in state.legal_actions()]


def test_all_six_examples_are_named_scenarios_with_words():
    assert list(EXAMPLES) == list(EXAMPLE_IDS) and len(EXAMPLES) == 6
    for ex in EXAMPLES.values():
        assert ex.title() and ex.rulebook_text().startswith("Example:") and ex.outcome()
        for k in range(len(ex.steps)):
            assert ex.step_note(k)
        states = ex.play()
        assert len(states) == len(ex.steps) + 1
        for s in states:
            s.check_invariants()


def test_example_joe_delivery_swap_ic5():
    """Joe discards the strawberry he dealt himself; the replacement, another strawberry,
    must be kept."""
    start, after = EXAMPLES["joe_delivery_swap"].play()
    assert start.names[start.dealer] == "Joe" and start.current_player == 0
    assert start.cards[0] == (F["strawberry"],) and start.hidden[0] == F["strawberry"]
    assert acts(start) == [{"type": "keep"}, {"type": "swap"}]
    assert after.hidden[0] == F["strawberry"]            # another strawberry: kept
    assert after.ic_discard == (F["strawberry"],)
    assert after.current_player == 1                      # Joe has no second choice
    assert "must keep" in " ".join(after.event_texts(0))


def test_example_david_chocolate_scoop_ic7():
    """David places the third scoop, chocolate, on the pistachio cone."""
    start, after = EXAMPLES["david_chocolate_scoop"].play()
    assert start.names[start.current_player] == "David"
    assert start.turned_scoop == F["chocolate"]
    assert start.cones == ((F["pistachio"],), (F["chocolate_chip"],))
    assert acts(start) == [{"type": "place", "cone": 1}, {"type": "place", "cone": 2},
                           {"type": "place", "cone": None}]
    v = start.view(2)                                      # David sees his face-down chocolate
    assert v.face_up[2] == (F["pistachio"],) and v.face_down[2] == F["chocolate"]
    assert after.cones[0] == (F["pistachio"], F["chocolate"])


def test_example_dan_four_scoop_limit_ic7():
    """Dan cannot add a fifth scoop to the cone with two strawberry and two chocolate chip."""
    start, after = EXAMPLES["dan_four_scoop_limit"].play()
    assert start.names[start.current_player] == "Dan"
    assert start.turned_scoop == F["strawberry"]
    full = start.cones[0]
    assert sorted(full) == sorted([F["strawberry"]] * 2 + [F["chocolate_chip"]] * 2)
    opt = start.why_not(Place(1))
    assert not opt.allowed and opt.rule == "IC-7"
    assert {"type": "place", "cone": 1} not in acts(start)
    assert start.why_not(Place(2)).allowed and start.why_not(NEW_CONE).allowed
    assert after.cones[1] == (F["vanilla"], F["strawberry"]) and after.cones[0] == full


def test_example_dan_case_a_ic9():
    """Dan must serve cone 1 or 2 (exact), cannot serve cone 3 (pistachio) nor draw; he
    serves cone 1: two strawberry on strawberry, chocolate chip on chocolate chip."""
    start, after = EXAMPLES["dan_case_a"].play()
    assert acts(start) == [{"type": "serve", "cone": 1}, {"type": "serve", "cone": 2}]
    no3 = start.why_not(Serve(3))
    assert not no3.allowed and no3.rule == "IC-9"
    assert not start.why_not({"type": "draw"}).allowed
    assert after.served[0][F["strawberry"]] == 2
    assert after.served[0][F["chocolate_chip"]] == 1
    assert after.cones[0] is None and after.current_player == 1


def test_example_joe_case_b_ic9_ic10():
    """Joe may serve the single chocolate (close) or draw; he draws pistachio and on his next
    turn serves the pistachio-chocolate-strawberry-strawberry cone, the chocolate going back."""
    ex = EXAMPLES["joe_case_b"]
    states = ex.play()
    joe = states[0]
    assert joe.names[joe.current_player] == "Joe"
    assert acts(joe) == [{"type": "serve", "cone": 2}, {"type": "draw"}]
    assert joe.why_not(Serve(2)).rule == "IC-10"           # close: its scoop would not score
    assert not joe.why_not(Serve(3)).allowed
    drew = states[1]
    assert drew.cards[1][-1] == F["pistachio"]
    # Joe's next turn: cone 3 is close for him now.
    joe_again = states[3]
    assert joe_again.current_player == 1
    assert joe_again.why_not(Serve(3)).allowed and joe_again.why_not(Serve(3)).rule == "IC-10"
    final = states[4]
    served = [e for e in final.events if e.key == "ic.event.serve_close"][0]
    assert served.params["player"] == 1 and served.params["returned"] == [F["chocolate"]]
    assert sorted(served.params["scoops"]) == sorted([F["pistachio"]] + [F["strawberry"]] * 2)
    assert final.results[-1][1] == (3, 0)                   # Joe: 3 scoops scored that day


def test_example_dan_larry_scoring_ic13():
    """Dan: 6 scoops + 2 duplicate chocolates = 8. Larry: 4 scoops + 1 duplicate vanilla = 5."""
    start, after = EXAMPLES["dan_larry_scoring"].play()
    dan, larry = 0, 2
    assert after.results[-1][dan] == (6, 2) and after.results[-1][larry] == (4, 1)
    assert after.scores[dan] == 8 and after.scores[larry] == 5
    texts = " ".join(after.event_texts())
    assert "Dan scores 6 for scoops served and 2 for duplicate cards discarded: 8" in texts
    assert "Larry scores 4 for scoops served and 1 for duplicate cards discarded: 5" in texts
    assert after.cards[dan] == (F["chocolate"],) and after.cards[larry] == (F["vanilla"],)


@pytest.mark.parametrize("eid", EXAMPLE_IDS)
def test_examples_cite_rules_that_exist(eid):
    from icecream.games.ice_cream import RULES

    for rule in EXAMPLES[eid].rules:
        assert RULES[rule].text()
