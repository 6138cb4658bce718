"""One test (or more) per ruling GM-1..GM-9 and per project note GMN-n."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import icecream
from icecream.core.errors import IllegalAction, SettingsError
from icecream.games.gelato_mio.components import (
    BALL_CARDS,
    BOX_TOTAL,
    CODES,
    CONE,
    CREAM,
    DECK_COUNTS,
    DECK_SIZE,
    KIND_OF,
    OBJECTIVE_CARDS,
    SUGAR,
    WAFER,
    load_customers,
)

from .conftest import scenario


def test_gm_1_two_to_four_players_and_first_player_setting():
    for n in (2, 3, 4):
        assert icecream.new_game("gelato-mio", players=n).num_players == n
    for n in (1, 5):
        with pytest.raises(SettingsError, match="GM-1"):
            icecream.new_game("gelato-mio", players=n)
    s = icecream.new_game("gelato-mio", players=3, first_player=2)
    assert s.current_player == 2
    with pytest.raises(SettingsError, match="first_player"):
        icecream.new_game("gelato-mio", players=3, first_player=3)


def test_gm_2_deck_and_box_count_add_up_to_87():
    assert DECK_SIZE == 40 and DECK_COUNTS[-2:] == (1, 1)
    assert BALL_CARDS == 21
    assert DECK_SIZE + BALL_CARDS + len(load_customers()) + OBJECTIVE_CARDS == BOX_TOTAL == 87
    s = icecream.new_game("gelato-mio", players=4, seed=3)
    assert len(s.deck) + sum(k >= 0 for k in s.display) + len(s.discard) == 40
    assert s.supply == [7, 7, 7]


def test_gm_3_customers_display_bowl_and_three_piles_of_six():
    recipes = load_customers()
    s = icecream.new_game("gelato-mio", players=2, seed=1)
    assert [len(p) for p in s.piles] == [1, 6, 6, 6]
    top = recipes[s.piles[0][0]]
    assert top.points == 12 and top.on_display and top.ball_count == 3
    kinds = sorted(c.kind for c in recipes)
    assert kinds.count("bowl") == 7 and kinds.count("two_ball_cone") == 6
    assert kinds.count("one_ball_cone") == 6
    assert {c.points for c in recipes if c.kind == "one_ball_cone"} == {2}


def test_gm_4_take_direct_neighbours_only_by_default():
    disp = [["sugar", "sugar", "sugar"], ["sugar", "cone", "cream"],
            ["bowl", "wafer", "cream"]]
    s = scenario(display=disp).apply({"type": "take", "row": 1, "col": 0})
    # the chosen sugar and its direct identical neighbour above; (0,1) and (0,2) stay
    assert s.hands[0][0] == 2
    assert s.display[:3] == [SUGAR, SUGAR, -1] and s.display[3:6] == [CONE, CREAM, -1]


def test_gm_4_flood_takes_the_whole_group():
    disp = [["sugar", "sugar", "sugar"], ["sugar", "cone", "cream"],
            ["bowl", "wafer", "cream"]]
    s = scenario(display=disp, settings={"flood": True})
    assert s.taken_by(1, 0) == [0, 1, 2, 3]
    s = s.apply({"type": "take", "row": 1, "col": 0})
    assert s.hands[0][0] == 4


def test_gm_4_rows_slide_left_and_an_empty_row_refills_with_three():
    disp = [["cone", "sugar", "sugar"], ["bowl", "wafer", "cream"],
            ["vanilla", "wafer", "cream"]]
    s = scenario(display=disp).apply({"type": "take", "row": 0, "col": 1})
    assert s.display[:3] == [CONE, -1, -1]   # the row is not empty: no refill (GM-4)
    assert any(e.key == "gm.event.take" for e in s.events)
    s2 = scenario(display=[["sugar", "sugar", "sugar"], ["bowl", "wafer", "cream"],
                           ["vanilla", "wafer", "cream"]], settings={"flood": True})
    s2 = s2.apply({"type": "take", "row": 0, "col": 0})
    assert all(k >= 0 for k in s2.display[:3]), "an emptied row is refilled with 3 cards"
    assert any(e.key == "gm.event.refill" for e in s2.events)


def test_gm_4_slide_moves_cards_to_the_leftmost_spots():
    disp = [["sugar", "cone", "wafer"], ["bowl", "wafer", "cream"],
            ["vanilla", "wafer", "cream"]]
    s = scenario(display=disp).apply({"type": "take", "row": 0, "col": 0})
    assert s.display[:3] == [CONE, WAFER, -1]
    assert any(e.key == "gm.event.slide" for e in s.events)


def test_gm_4_empty_spots_are_not_listed_as_options_but_why_not_explains_them():
    disp = [["sugar", "cone", "wafer"], ["bowl", "wafer", "cream"],
            ["vanilla", "wafer", "cream"]]
    s = scenario(display=disp).apply({"type": "take", "row": 0, "col": 0})
    assert s.display[:3] == [CONE, WAFER, -1]
    takes = [o for o in s.options() if o.action.to_dict()["type"] == "take"]
    spots = {(o.action.row, o.action.col) for o in takes}
    assert (0, 2) not in spots, "an empty spot floods the options panel (GM-4)"
    assert {(0, 0), (0, 1), (1, 0)} <= spots
    assert all(o.allowed for o in takes)
    why = s.why_not({"type": "take", "row": 0, "col": 2})
    assert not why.allowed and why.rule == "GM-4" and why.reason.key == "gm.why.take.empty"


def test_gm_4_review_variant_refills_every_empty_spot():
    disp = [["sugar", "cone", "wafer"], ["bowl", "wafer", "cream"],
            ["vanilla", "wafer", "cream"]]
    s = scenario(display=disp, settings={"ruleset": "review"})
    assert s.settings.refill == "every_spot"
    s = s.apply({"type": "take", "row": 0, "col": 0})
    assert all(k >= 0 for k in s.display)


def test_gm_4_empty_deck_is_rebuilt_from_the_shuffled_discard():
    disp = [["sugar", "sugar", "sugar"], ["bowl", "wafer", "cream"],
            ["vanilla", "wafer", "cream"]]
    rest = _rest([c for row in disp for c in row])
    s = scenario(display=disp, deck=[], discard=rest, settings={"flood": True})
    s = s.apply({"type": "take", "row": 0, "col": 0})
    assert any(e.key == "gm.event.reshuffle" for e in s.events)
    s.check_invariants()


def _rest(*placed):
    """The deck cards not in ``placed`` (lists of codes), kind order."""
    rest = Counter(dict(zip(CODES, DECK_COUNTS, strict=True)))
    for cards in placed:
        rest.subtract(cards)
    return [c for c in CODES for _ in range(rest[c])]


def _qc_scenario(top: str, **fields):
    """Row 0 is three sugars: taking them empties it, and the refill draws cream, sugar
    and then ``top``."""
    disp = [["sugar", "sugar", "sugar"], ["bowl", "wafer", "cream"],
            ["vanilla", "vanilla", "wafer"]]
    hands = fields.get("hands", [])
    rest = _rest([c for row in disp for c in row], *hands, [top, "sugar", "cream"])
    return scenario(display=disp, deck=["cream", "sugar", top] + rest, **fields)  # top first


def test_gm_5_quality_control_hand_out_of_turn_discards():
    hands = [["strawberry", "strawberry", "chocolate", "cream", "cone", "cone"],
             ["cream", "cream", "chocolate", "chocolate", "bowl", "cone", "wafer", "vanilla",
              "strawberry"]]
    s = _qc_scenario("qc_hand", hands=hands)
    s = s.apply({"type": "take", "row": 0, "col": 1})   # Ana: 9 cards; Bo: 9 cards
    assert s.phase == "quality_control" and s.current_player == 0
    assert any(e.key == "gm.event.qc.qc_hand" for e in s.events)
    legal = {a.to_dict()["type"] for a in s.legal_actions()}
    assert legal == {"discard"}
    with pytest.raises(IllegalAction, match="GM-5"):
        s.apply({"type": "take", "row": 1, "col": 0})
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    assert s.current_player == 1 and s.phase == "quality_control"   # Bo out of turn
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "play" and s.current_player == 1 and s.turn == 1
    assert sum(s.hands[0]) == 5 and sum(s.hands[1]) == 5
    s.check_invariants()


def test_gm_5_quality_control_balls_returned_to_the_supply():
    s = _qc_scenario("qc_balls", table=[{"strawberry": 3, "vanilla": 2}, {"chocolate": 3}])
    s = s.apply({"type": "take", "row": 0, "col": 1})
    assert s.phase == "quality_control" and s.current_player == 0
    with pytest.raises(IllegalAction, match="GM-5"):
        s.apply({"type": "discard", "card": "sugar"})
    s = s.apply({"type": "return_ball", "flavour": "strawberry"})
    s = s.apply({"type": "return_ball", "flavour": "vanilla"})
    assert s.phase == "play" and s.current_player == 1     # Bo has 3, not more than 3
    assert s.table[0] == [2, 0, 1] and s.supply[0] == 5
    s.check_invariants()


def test_gm_5_nobody_over_the_limit_card_just_discarded():
    s = _qc_scenario("qc_hand").apply({"type": "take", "row": 0, "col": 1})
    assert any(e.key == "gm.event.qc_nobody" for e in s.events)
    assert s.phase == "play" and 8 in s.discard


def test_gm_6_make_ball_serve_ask_and_pass():
    s = scenario(hands=[["chocolate", "cream", "sugar", "cone"], ["vanilla"]])
    why = s.why_not({"type": "make_ball", "flavour": "vanilla"})
    assert not why.allowed and why.rule == "GM-6"
    s = s.apply({"type": "make_ball", "flavour": "chocolate"})
    assert s.table[0] == [0, 1, 0] and s.supply[1] == 6 and s.discard[-3:] == [3, 1, 0]
    s = scenario(hands=[["sugar", "cream", "cone"], ["vanilla", "bowl"]])
    s = s.apply({"type": "ask", "discard": ["cream", "sugar"], "opponent": 1})
    assert sum(s.hands[0]) == 2 and sum(s.hands[1]) == 1
    priv = [e for e in s.events if e.visible_to is not None]
    assert {e.visible_to for e in priv} == {0, 1}
    assert all("vanilla" not in x and "bowl" not in x for x in s.event_texts(0)[:1])
    assert icecream.new_game("gelato-mio", players=2).why_not({"type": "pass"}).rule == "GM-6"


def test_gm_6_serve_removes_recipe_cards_from_the_game():
    s = scenario(hands=[["cone", "sugar"], []], table=[{"vanilla": 1}, {}])
    # rig a one-ball vanilla cone on top of pile 1
    data = s.to_dict()
    for p in data["piles"]:
        if "one_ball_cone_v1" in p:
            p.remove("one_ball_cone_v1")
    data["piles"][1].insert(0, "one_ball_cone_v1")  # top card first
    s = icecream.load_state(data)
    s = s.apply({"type": "serve", "pile": 1})
    assert s.points(0)["customers"] == 2 and s.table[0] == [0, 0, 0]
    assert s.hands[0][6] == 0
    s.check_invariants()


def test_gm_7_objective_claimed_at_end_of_turn():
    s = scenario(hands=[["cone", "cone"], []], table=[{"strawberry": 1}, {}],
                 served=[["one_ball_cone_c1", "one_ball_cone_v1"], []])
    data = s.to_dict()
    for p in data["piles"]:
        if "one_ball_cone_s1" in p:
            p.remove("one_ball_cone_s1")
    data["piles"][2].insert(0, "one_ball_cone_s1")  # top card first
    s = icecream.load_state(data).apply({"type": "serve", "pile": 2})
    assert s.claimed[2] == 0 and s.points(0)["ice_cream_objectives"] == 10
    assert any(e.key == "gm.event.objective.one_ball_cone" for e in s.events)


def test_gm_8_ball_objectives_tie_gives_nobody():
    s = scenario(table=[{"strawberry": 2, "chocolate": 1}, {"chocolate": 1, "vanilla": 1}])
    s.over = True
    assert s.ball_winners() == (0, -1, 1, 0)


def test_gm_9_last_round_and_tie_break():
    from icecream.games.gelato_mio.examples import EXAMPLES
    states = EXAMPLES["final_scoring"].play()
    assert states[1].last_left == 2 and states[1].phase == "last_round"
    end = states[-1]
    assert end.is_over and end.current_player is None
    s2 = scenario(table=[{"strawberry": 1}, {"chocolate": 1, "vanilla": 1}],
                  hands=[["sugar", "sugar", "cream", "cream"], []])
    s2.over = True
    assert s2.scores == (7, 15)
    s3 = scenario(table=[{"strawberry": 1}, {"chocolate": 1}], hands=[[], []])
    s3.over = True
    assert s3.scores == (5, 5) and s3.winners == (0, 1)


def test_gmn_2_only_quality_control_cards_left_the_refill_waits():
    hands = [["sugar"] * 6 + ["cream"] * 6 + ["strawberry"] * 4 + ["chocolate"] * 4,
             ["vanilla"] * 4 + ["bowl"] * 4 + ["cone"] * 6 + ["wafer"] * 3]
    disp = [["wafer", None, None], [None, None, None], [None, None, None]]
    s = scenario(hands=hands, display=disp, deck=["qc_hand", "qc_balls"])
    s = s.apply({"type": "take", "row": 0, "col": 0})
    assert any(e.key == "gm.event.refill_waits" and e.rule == "GMN-2" for e in s.events)
    assert s.display == [-1] * 9


def test_gm_4_gm_5_gmn_2_a_refill_that_stopped_is_completed_once_a_card_can_be_drawn():
    # Row 0 is refilled with one vanilla, then only Quality Control cards are left: two spots
    # stay owed. When Bo's ball puts cards on the discard pile, the refill goes on and fills
    # the row (today's bug: the row stayed short for the rest of the game).
    hands = [["sugar"] * 3 + ["cream"] * 3 + ["strawberry"] * 2 + ["chocolate"] * 2
             + ["vanilla"] * 3 + ["bowl"] * 2,
             ["sugar"] * 3 + ["cream"] * 3 + ["strawberry"] * 2 + ["chocolate"] * 2
             + ["bowl"] * 2 + ["wafer"] * 3]
    disp = [["wafer", None, None], ["cone"] * 3, ["cone"] * 3]
    s = scenario(hands=hands, display=disp, deck=["vanilla", "qc_balls", "qc_hand"])  # top first
    s = s.apply({"type": "take", "row": 0, "col": 0})
    assert any(e.key == "gm.event.refill_waits" and e.rule == "GMN-2" for e in s.events)
    assert s.display[:3] == [4, -1, -1] and s.to_fill == [1, 2]
    s = s.apply({"type": "make_ball", "flavour": "strawberry"})
    while s.phase == "quality_control":
        s = s.apply(s.legal_actions()[0])
    assert all(k >= 0 for k in s.display), s.display
    assert s.to_fill == []


CASES = Path(__file__).resolve().parent.parent / "fixtures" / "cases"


def test_gm_4_gmn_2_a_card_owed_after_a_take_goes_to_the_rows_leftmost_free_spot():
    # The saved 3-player position of a rulebook game after a Quality Control stop (GMN-2):
    # the middle row is [sugar, empty, empty] and owes one spot, and the deck holds a
    # single card. An ask puts a card on the discard pile, the refill goes on, and the
    # card drawn must land in column 2, next to the sugar, not in column 3 (GM-4).
    s = icecream.load_state((CASES / "gm4_display_gap.json").read_text(encoding="utf-8"))
    assert s.display[3:6] == [SUGAR, -1, -1] and s.deck == [KIND_OF["qc_hand"]]
    ask = next(a for a in s.legal_actions() if a.type == "ask")
    after = s.apply(ask)
    while after.phase == "quality_control":
        after = after.apply(after.legal_actions()[0])
    row = after.display[3:6]
    assert row[0] == SUGAR and row[1] >= 0, row
    after.check_invariants()


def test_gm_4_gmn_2_a_take_in_a_row_that_owes_spots_keeps_them_leftmost():
    # Row 1 is refilled with a vanilla and a cone, then only Quality Control is left: its
    # third spot stays owed. Bo takes the vanilla and the cone slides left: the owed spot
    # is now column 2 (GM-4), and the card drawn once Ana's ball feeds the discard pile
    # lands there, next to the cone.
    hands = [["sugar"] * 3 + ["cream"] * 3 + ["strawberry"] * 2 + ["chocolate"] * 2
             + ["vanilla"] * 3 + ["bowl"] * 2,
             ["sugar"] * 3 + ["cream"] * 3 + ["strawberry"] * 2 + ["chocolate"] * 2
             + ["bowl"] * 2 + ["wafer"] * 2]
    disp = [["wafer", None, None], ["cone"] * 3, ["cone", "cone", "wafer"]]
    s = scenario(hands=hands, display=disp, deck=["vanilla", "cone", "qc_balls", "qc_hand"])
    s = s.apply({"type": "take", "row": 0, "col": 0})  # Ana: the row refills, then waits
    assert s.display[:3] == [KIND_OF["vanilla"], CONE, -1] and s.to_fill == [2]
    s = s.apply({"type": "take", "row": 0, "col": 0})  # Bo takes the vanilla
    assert s.display[:3] == [CONE, -1, -1] and s.to_fill == [1]
    s = s.apply({"type": "make_ball", "flavour": "strawberry"})
    while s.phase == "quality_control":
        s = s.apply(s.legal_actions()[0])
    assert s.to_fill == [] and s.display[0] == CONE and s.display[1] >= 0, s.display
    assert s.display[2] == -1  # the row was owed one card, not refilled (GM-4)
    s.check_invariants()


def test_gm_4_the_display_invariant_refuses_a_gap_left_of_a_card():
    s = icecream.new_game("gelato-mio", players=2, seed=3)
    s.check_invariants()
    s.discard.append(s.display[1])  # the card leaves the middle of row 1: a gap
    s.display[1] = -1
    with pytest.raises(AssertionError, match="empty spot left of a card in display row 1"):
        s.check_invariants()


def test_gmn_4_cannot_ask_a_colleague_with_an_empty_hand():
    s = scenario(hands=[["sugar", "cream"], []])
    o = s.why_not({"type": "ask", "discard": ["sugar", "cream"], "opponent": 1})
    assert not o.allowed and o.rule == "GMN-4"


def test_gmn_6_no_ball_from_an_empty_pile():
    s = scenario(hands=[["strawberry", "cream", "sugar"], []], table=[{"strawberry": 7}, {}])
    o = s.why_not({"type": "make_ball", "flavour": "strawberry"})
    assert not o.allowed and o.rule == "GMN-6"


def test_gmn_1_quality_control_answered_in_turn_order_from_the_turn_player():
    hands = [["chocolate"] * 4 + ["cone"] * 4,
             ["cream", "cream", "strawberry", "strawberry", "bowl", "cone", "wafer", "vanilla"],
             ["cream", "cream", "strawberry", "strawberry", "bowl", "bowl", "sugar", "sugar"]]
    s = _qc_scenario("qc_hand", players=["Ana", "Bo", "Cy"], hands=hands, turn=1)
    s = s.apply({"type": "take", "row": 0, "col": 1})      # Bo takes three sugars: 11 cards
    assert s.qc[2] == [[1, 5], [2, 4], [0, 4]]               # Bo, then Cy, then Ana
    order = []
    while s.phase == "quality_control":
        order.append(s.current_player)
        s = s.apply(s.legal_actions()[0])
    assert order == [1] * 5 + [2] * 4 + [0] * 4
    assert s.current_player == 2 and s.turn == 2             # then Bo's turn ends


def test_gmn_3_discard_pile_is_public():
    s = scenario(hands=[["chocolate", "cream", "sugar"], ["vanilla"]])
    s = s.apply({"type": "make_ball", "flavour": "chocolate"})
    assert s.view(1).discard == ("chocolate", "cream", "sugar") == s.view(0).discard


def test_gmn_5_pairs_in_hand_count_only_at_the_end():
    s = scenario(hands=[["sugar", "sugar", "cone", "cone"], []])
    assert s.scores == (0, 0)
    s.over = True
    assert s.scores[0] == 2


def test_gmn_7_every_player_stuck_ends_the_game():
    served = ["bowl_scv", "bowl_ss", "bowl_cc", "bowl_vv", "one_ball_cone_s1",
              "one_ball_cone_s2", "one_ball_cone_c1", "one_ball_cone_c2", "one_ball_cone_v1",
              "one_ball_cone_v2"]
    s = scenario(display=[[None] * 3] * 3, deck=["qc_hand", "qc_balls"], served=[served, []],
                 table=[{"strawberry": 2, "chocolate": 2, "vanilla": 2}, {}],
                 hands=[[], ["sugar"] * 6 + ["cream"] * 6 + ["strawberry"] * 4
                        + ["chocolate"] * 4 + ["vanilla"] * 4])
    assert s.supply == [0, 0, 0]
    assert [a.to_dict() for a in s.legal_actions()] == [{"type": "pass"}]
    s = s.apply({"type": "pass"})
    assert not s.is_over and [a.type for a in s.legal_actions()] == ["pass"]
    s = s.apply({"type": "pass"})
    assert s.is_over and any(e.rule == "GMN-7" for e in s.events)
    assert s.claimed[0] == 0 and s.claimed[2] == 0           # claimed at the end of Ana's turn


def test_gmn_8_the_twelve_point_bowl_counts_for_the_bowl_objective():
    s = scenario(hands=[["bowl", "wafer"], []], table=[{"strawberry": 2}, {}],
                 served=[["bowl_scv"], []])
    data = s.to_dict()
    for p in data["piles"]:
        if "bowl_ss" in p:
            p.remove("bowl_ss")
    data["piles"][1].insert(0, "bowl_ss")  # top card first
    s = icecream.load_state(data).apply({"type": "serve", "pile": 1})
    assert s.claimed[0] == 0 and s.points(0)["ice_cream_objectives"] == 5
