"""One or more tests per ruling CCP-1..CCP-12 (docs/rulings.md) and per project note
CCPN-1..CCPN-8 (docs/combo-cone.md); test names cite the ids."""

from __future__ import annotations

from collections import Counter

import pytest

import icecream
from icecream.core.errors import IllegalAction, SettingsError
from icecream.games.combo_cone import load_scenario, shipped_components
from icecream.games.combo_cone.components import BRANDS, FLAVOURS

COMPS = shipped_components()


def cid(face: str) -> int:
    """The id of the first card with these faces ('mint/heart/star' or 'rainbow')."""
    if face == "rainbow":
        return COMPS.rainbow_ids[0]
    f, b, c = face.split("/")
    key = (FLAVOURS.index(f), BRANDS.index(b), BRANDS.index(c))
    return next(i for i, card in enumerate(COMPS.cards)
                if (card.flavour, card.brand, card.combo) == key)


def oid(flavours: str) -> int:
    want = tuple(sorted(FLAVOURS.index(f) for f in flavours.split("+")))
    return next(i for i, o in enumerate(COMPS.orders) if o.flavours == want)


def acts(state):
    return [a.to_dict() for a in state.legal_actions()]


def two(**kw):
    """A 2-player scenario (Ann to act) with the given fields."""
    return load_scenario({"format_version": 2, "players": ["Ann", "Bob"], **kw})


ROW = ["mint/heart/drop", "lemon/drop/star", "mint/drop/leaf", "vanilla/star/heart"]
ORDERS = ["vanilla", "chocolate+mint", "strawberry+pistachio+blueberry",
          "vanilla+chocolate+chocolate+mint"]


# -- CCP-1 players
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_ccp1_two_to_five_artisans(n):
    s = icecream.new_game("combo-cone", players=n, seed=1)
    assert s.num_players == n and s.current_player == 0


@pytest.mark.parametrize("bad", [0, 1, 6, ["Solo"], "four", True])
def test_ccp1_other_player_counts_refused(bad):
    with pytest.raises(SettingsError, match="players|CCP-1"):
        icecream.new_game("combo-cone", players=bad, seed=1)


def test_ccp1_first_player_is_a_setting():
    s = icecream.new_game("combo-cone", players=3, seed=1, first_player=2)
    assert s.current_player == 2
    with pytest.raises(SettingsError, match="first_player.*CCP-1"):
        icecream.new_game("combo-cone", players=3, seed=1, first_player=3)


# -- CCP-2 Ice Cream cards (assumed faces)
def test_ccp2_assumed_deck_brand_flavour_combo():
    assert len(COMPS.ice_cream) == 112 and COMPS.rainbows == 10
    pairs = Counter((c.brand, c.flavour) for c in COMPS.ice_cream)
    assert len(pairs) == 4 * 7 and set(pairs.values()) == {4}
    for b in range(4):
        for f in range(7):
            combos = sorted(c.combo for c in COMPS.ice_cream if (c.brand, c.flavour) == (b, f))
            assert combos == [0, 1, 2, 3]
    assert all(c.is_rainbow for c in COMPS.cards[112:])


def test_ccp2_shipped_files_say_they_are_assumed():
    import json
    from importlib import resources

    folder = resources.files("icecream.games.combo_cone").joinpath("data")
    for name in ("deck.json", "orders.json"):
        note = json.loads(folder.joinpath(name).read_text("utf-8"))["note"]
        assert "ASSUMED" in note and ("CCP-2" in note or "CCP-4" in note)


# -- CCP-3 setup
@pytest.mark.parametrize(("n", "size"), [(2, 52), (3, 72), (4, 92), (5, 112)])
def test_ccp3_draw_pile_by_player_count(n, size):
    s = icecream.new_game("combo-cone", players=n, seed=4)
    assert len(s.pile) + len(s.row) == size and len(s.box) == 112 - size
    assert len(s.row) == 4 and len(s.order_row) == 4 and len(s.order_deck) == 48
    assert all(len(c) == 2 for c in s.cones) and s.cone_reserve == 15 - 2 * n
    assert all(not h for h in s.hands) and len(s.rainbow_pile) == 10


def test_ccp3_setup_is_seeded():
    a = icecream.new_game("combo-cone", players=3, seed=9)
    b = icecream.new_game("combo-cone", players=3, seed=9)
    c = icecream.new_game("combo-cone", players=3, seed=10)
    assert a.to_dict() == b.to_dict() and a.to_dict() != c.to_dict()


# -- CCP-4 orders (assumed faces)
def test_ccp4_orders_heights_coins_and_rewards():
    orders = COMPS.orders
    assert len(orders) == 52
    assert Counter(o.height for o in orders) == {1: 13, 2: 13, 3: 13, 4: 13}
    assert {(o.height, o.coins) for o in orders} == {(1, 1), (2, 2), (3, 3), (4, 5)}
    rewards = Counter((o.height, o.reward) for o in orders if o.reward)
    assert rewards == {(2, "cards"): 4, (4, "cone"): 3}


# -- CCP-5 turn
def test_ccp5_one_main_action_then_filling_then_end_of_turn():
    s = two(hands=[["vanilla/heart/star"], []], cones=[[["vanilla/drop/drop"], []], [[], []]],
            row=ROW, order_row=["vanilla+vanilla", "mint", "lemon", "chocolate"])
    assert s.phase == "main"
    s = s.apply({"type": "serve"})
    assert s.phase == "serving" and s.current_player == 0
    s = s.apply({"type": "place", "card": cid("vanilla/heart/star"), "cone": 0})
    assert s.phase == "filling" and s.current_player == 0  # the same Artisan fills
    with pytest.raises(IllegalAction) as e:
        s.apply({"type": "scoop", "cards": [0]})  # only one main action a turn
    assert e.value.rule == "CCP-5"
    s = s.apply({"type": "end_turn"})
    assert s.phase == "main" and s.current_player == 1


def test_ccp5_wrong_phase_cites_the_rule_of_the_action():
    s = icecream.new_game("combo-cone", players=2, seed=1)
    opt = s.why_not({"type": "place", "card": 0, "cone": 0})
    assert not opt.allowed and opt.rule == "CCP-8"
    assert "main action" in opt.reason.text()


# -- CCP-6 scoop
def test_ccp6_one_flavour_or_one_brand():
    s = two(row=ROW, order_row=ORDERS)
    scoops = [a["cards"] for a in acts(s) if a["type"] == "scoop"]
    assert scoops == [(0,), (1,), (2,), (3,), (0, 2), (1, 2)]
    opt = s.why_not({"type": "scoop", "cards": [0, 1]})
    assert not opt.allowed and opt.rule == "CCP-6" and "neither" in opt.reason.text()
    assert s.why_not({"type": "scoop", "cards": [0, 1, 2, 3]}).rule == "CCP-6"


def test_ccp6_three_of_a_brand_go_to_hand_and_row_closes_up():
    s = two(row=["mint/heart/drop", "lemon/heart/star", "vanilla/heart/leaf", "mint/star/star"],
            order_row=ORDERS)
    s2 = s.apply({"type": "scoop", "cards": [2, 0, 1]})
    assert sorted(s2.hands[0]) == sorted([cid("mint/heart/drop"), cid("lemon/heart/star"),
                                          cid("vanilla/heart/leaf")])
    assert s2.row[0] == cid("mint/star/star") and len(s2.row) == 4  # refilled at the right


# -- CCP-7 secure
def test_ccp7_secure_takes_a_rainbow_and_reserves():
    s = two(row=ROW, order_row=ORDERS)
    s2 = s.apply({"type": "secure", "order": 1})
    assert s2.reserved[0] == [oid("chocolate+mint")]
    assert s2.rainbows_in_hand(0) == 1 and len(s2.rainbow_pile) == 9
    assert len(s2.order_row) == 4  # refilled at the end of the turn (CCP-11)


def test_ccp7_at_most_three_reserved():
    s = two(row=ROW, order_row=ORDERS, reserved=[["lemon", "mint", "pistachio"], []])
    assert not any(a["type"] == "secure" for a in acts(s))
    opt = s.why_not({"type": "secure", "order": 0})
    assert not opt.allowed and opt.rule == "CCP-7"


def test_ccp7_empty_rainbow_pile_still_reserves():
    s = two(row=ROW, order_row=ORDERS, hands=[["rainbow"] * 5, ["rainbow"] * 5])
    s2 = s.apply({"type": "secure", "order": "deck"})
    assert len(s2.reserved[0]) == 1 and s2.rainbows_in_hand(0) == 5
    assert any("Rainbow pile is empty" in x for x in s2.event_texts())


def test_ccp7_only_the_owner_fills_a_reserved_order():
    s = two(phase="filling", cones=[[["lemon/heart/heart"], []], [[], []]],
            row=ROW, order_row=["lemon", "mint", "chocolate", "pistachio"],
            reserved=[[], ["lemon"]])
    assert s.phase == "filling"
    opt = s.why_not({"type": "fill", "cone": 0, "order": s.reserved[1][0]})
    assert not opt.allowed and opt.rule == "CCP-7"


def test_ccp7_reserved_order_can_be_filled_by_its_owner():
    s = two(phase="filling", cones=[[["lemon/heart/heart"], []], [[], []]],
            row=ROW, order_row=["vanilla", "mint", "chocolate", "pistachio"],
            reserved=[["lemon"], []])
    s2 = s.apply({"type": "fill", "cone": 0, "order": s.reserved[0][0]})
    assert s2.coins[0] == 1 and not s2.reserved[0]


# -- CCP-8 serve and combos
def test_ccp8_one_placement_per_cone_and_combo_grants_one_more():
    s = two(hands=[["vanilla/star/leaf", "chocolate/leaf/heart", "lemon/drop/drop",
                    "mint/drop/drop"], []],
            cones=[[["strawberry/heart/star"], []], [[], []]], row=ROW, order_row=ORDERS)
    s = s.apply({"type": "serve"})
    assert s.placements == 2
    s = s.apply({"type": "place", "card": cid("vanilla/star/leaf"), "cone": 0})  # star on star
    assert s.placements == 2 and "Combo" in s.event_texts()[0]
    s = s.apply({"type": "place", "card": cid("chocolate/leaf/heart"), "cone": 0})  # leaf
    assert s.placements == 2
    s = s.apply({"type": "place", "card": cid("lemon/drop/drop"), "cone": 0})  # heart != drop
    assert s.placements == 1 and "Combo" not in s.event_texts()[0]
    s = s.apply({"type": "place", "card": cid("mint/drop/drop"), "cone": 0})  # drop on drop
    assert s.phase in ("main", "filling") and s.current_player in (0, 1)
    assert len(s.cones[0][0]) == 5  # no height limit


def test_ccp8_rainbow_combos_both_ways():
    s = two(hands=[["rainbow", "lemon/drop/drop", "vanilla/heart/heart"], []],
            cones=[[["strawberry/heart/star"], []], [[], []]], row=ROW, order_row=ORDERS)
    s = s.apply({"type": "serve"})
    s = s.apply({"type": "place", "card": COMPS.rainbow_ids[0], "cone": 0})  # on anything
    assert s.placements == 2
    s = s.apply({"type": "place", "card": cid("lemon/drop/drop"), "cone": 0})  # onto a Rainbow
    assert s.placements == 2
    assert "Rainbow matches any brand" in s.event_texts()[0]


def test_ccp8_first_card_on_an_empty_cone_is_no_combo():
    s = two(hands=[["lemon/drop/drop", "mint/drop/drop"], []], row=ROW, order_row=ORDERS)
    s = s.apply({"type": "serve"}).apply({"type": "place", "card": cid("lemon/drop/drop"),
                                          "cone": 1})
    assert s.placements == 1


def test_ccp8_stop_serving_early():
    s = two(hands=[["lemon/drop/drop", "mint/drop/drop"], []], row=ROW, order_row=ORDERS)
    s = s.apply({"type": "serve"}).apply({"type": "stop_serving"})
    assert s.current_player == 1 and len(s.hands[0]) == 2


# -- CCP-9 filling
def test_ccp9_multiset_in_any_stacking_order():
    s = two(phase="filling", cones=[[["mint/heart/heart", "vanilla/drop/drop",
                                      "strawberry/leaf/leaf"], []], [[], []]],
            row=ROW, order_row=["vanilla+strawberry+mint", "mint", "vanilla", "lemon"])
    fills = [a for a in acts(s) if a["type"] == "fill"]
    assert fills == [{"type": "fill", "cone": 0, "order": oid("vanilla+strawberry+mint")}]
    opt = s.why_not({"type": "fill", "cone": 0, "order": oid("mint")})
    assert not opt.allowed and opt.rule == "CCP-9" and "heights" in opt.reason.text()


def test_ccp9_rainbow_is_any_flavour_and_returns_to_its_pile():
    s = two(phase="filling", cones=[[["rainbow", "lemon/drop/drop"], []], [[], []]],
            row=ROW, order_row=["lemon+lemon", "mint", "vanilla", "chocolate"])
    s2 = s.apply({"type": "fill", "cone": 0, "order": oid("lemon+lemon")})
    assert s2.cones[0] == [[], []]  # the Cone stays, empty
    assert COMPS.rainbow_ids[0] in s2.rainbow_pile
    assert cid("lemon/drop/drop") in s2.ic_discard


def test_ccp9_wrong_flavours_refused():
    s = two(phase="filling", cones=[[["lemon/drop/drop"], ["mint/drop/drop"]], [[], []]],
            row=ROW, order_row=["lemon", "vanilla", "chocolate", "pistachio"])
    opt = s.why_not({"type": "fill", "cone": 1, "order": oid("vanilla")})
    assert not opt.allowed and opt.rule == "CCP-9"


# -- CCP-10 rewards
def test_ccp10_coins_or_a_cone():
    s = two(phase="filling",
            cones=[[["strawberry/heart/heart", "mint/heart/heart", "lemon/heart/heart",
                     "lemon/drop/drop"], []], [[], []]],
            row=ROW, order_row=[41, "mint", "vanilla", "chocolate"])
    s = s.apply({"type": "fill", "cone": 0, "order": 41})
    assert s.phase == "reward"
    kinds = [a["kind"] for a in acts(s)]
    assert kinds == ["coins", "cone"]
    cone = s.apply({"type": "take_reward", "kind": "cone"})
    assert len(cone.cones[0]) == 3 and cone.coins[0] == 0 and 41 in cone.order_discard
    coins = s.apply({"type": "take_reward", "kind": "coins"})
    assert coins.coins[0] == 5 and coins.filled[0] == [41]


def test_ccp10_no_cone_offered_when_the_reserve_is_empty():
    cones = [[["strawberry/heart/heart", "mint/heart/heart", "lemon/heart/heart",
               "lemon/drop/drop"]] + [[]] * 10, [[]] * 4]
    s = two(phase="filling", cones=cones, row=ROW,
            order_row=[41, "mint", "vanilla", "chocolate"])
    assert s.cone_reserve == 0
    s = s.apply({"type": "fill", "cone": 0, "order": 41})
    assert [a["kind"] for a in acts(s)] == ["coins"]
    opt = s.why_not({"type": "take_reward", "kind": "cone"})
    assert not opt.allowed and opt.rule == "CCP-10"


def test_ccp10_take_up_to_two_cards():
    s = two(phase="filling", cones=[[["chocolate/heart/heart", "mint/heart/heart"], []],
                                    [[], []]],
            row=ROW, order_row=[14, "lemon", "vanilla", "pistachio"])
    s = s.apply({"type": "fill", "cone": 0, "order": 14})
    offered = [(a["cards"], a["pile"]) for a in acts(s) if a["kind"] == "cards"]
    assert ((0, 1), 0) in offered and ((2,), 1) in offered and ((), 2) in offered
    assert all(len(c) + p in (1, 2) for c, p in offered)
    s2 = s.apply({"type": "take_reward", "kind": "cards", "cards": [3], "pile": 1})
    assert len(s2.hands[0]) == 2 and cid("vanilla/star/heart") in s2.hands[0]


# -- CCP-11 end of turn, end of game
def test_ccp11_rows_refilled_and_order_deck_rebuilt():
    s = two(row=ROW[:1], order_row=["vanilla"], order_deck=[],
            order_discard=[], box=[])
    assert len(s.row) == 1
    s2 = s.apply({"type": "serve"})
    assert len(s2.row) == 4 and len(s2.order_row) == 4


def test_ccp11_empty_order_deck_is_rebuilt_from_discards():
    # Every order but the row's and three discarded ones is filled by Bob.
    row = [0, 1, 2]
    discard = [3, 4, 5]
    filled = [o for o in range(52) if o not in row + discard]
    s = two(row=ROW, order_row=row, order_deck=[], order_discard=discard,
            filled=[[], filled], fills=[0, len(filled)])
    assert not s.order_deck
    s2 = s.apply({"type": "serve"})
    assert len(s2.order_row) == 4 and len(s2.order_deck) == 2 and not s2.order_discard
    assert any("shuffled into a new deck" in x for x in s2.event_texts())


def test_ccp11_empty_order_deck_is_rebuilt_even_when_the_order_row_is_full():
    # The row is full and the deck empty: the end of the turn still rebuilds the deck from the
    # discards, so the next Artisan may Secure the deck's top order (CCPN-6).
    row = [0, 1, 2, 6]
    discard = [3, 4, 5]
    filled = [o for o in range(52) if o not in row + discard]
    s = two(row=ROW, order_row=row, order_deck=[], order_discard=discard,
            filled=[[], filled], fills=[0, len(filled)],
            hands=[[], ["rainbow"]])
    assert {"type": "secure", "order": "deck"} not in acts(s)
    s2 = s.apply({"type": "serve"})
    assert s2.current_player == 1 and list(s2.order_row) == row
    assert len(s2.order_deck) == 3 and not s2.order_discard
    assert any("shuffled into a new deck" in x for x in s2.event_texts())
    assert {"type": "secure", "order": "deck"} in acts(s2)


def test_ccp11_final_turns_from_the_next_artisan_to_the_emptier():
    s = load_scenario({"players": 3, "to_act": 1, "row": ROW[:3], "pile": [ROW[3]],
                       "pile_size": 1, "order_row": ORDERS})
    s = s.apply({"type": "scoop", "cards": [0]})  # refill takes the last card
    assert s.last_round and s.current_player == 2
    assert any("final turn" in x for x in s.event_texts())
    seen = []
    while not s.is_over:
        seen.append(s.current_player)
        s = s.apply({"type": "serve"})
        if s.phase == "serving":
            s = s.apply({"type": "stop_serving"})
    assert seen == [2, 0, 1]  # each Artisan once, ending with the one who emptied it


# -- CCP-12 evaluation
def test_ccp12_most_coins_then_fewest_cards_then_shared():
    base = {"players": 3, "phase": "over", "row": ROW, "order_row": ORDERS, "pile_size": 0,
            "turn": 30}  # over: the pile ran out and each took a final turn (CCP-11)
    s = load_scenario({**base, "filled": [["mint"], ["lemon+lemon"], []], "fills": [1, 1, 0]})
    assert s.winners == (1,)
    s = load_scenario({**base, "filled": [["mint"], ["lemon"], []], "fills": [1, 1, 0],
                       "hands": [["mint/heart/heart"], [], []]})
    assert s.winners == (1,)
    s = load_scenario({**base, "filled": [["mint"], ["lemon"], []], "fills": [1, 1, 0]})
    assert s.winners == (0, 1)


# -- project notes
def test_ccpn2_serve_with_an_empty_hand_passes():
    s = icecream.new_game("combo-cone", players=2, seed=3)
    assert {"type": "serve"} in acts(s)
    s2 = s.apply({"type": "serve"})
    assert s2.current_player == 1 and "no card in hand" in " ".join(s2.event_texts())


def test_ccpn3_rainbow_hand_limit_variant():
    s = load_scenario({"players": 2, "settings": {"ruleset": "review"},
                       "hands": [["rainbow"] * 3, []], "row": ROW, "order_row": ORDERS})
    assert s.settings.rainbow_hand_limit == 3
    s2 = s.apply({"type": "secure", "order": 0})
    assert s2.rainbows_in_hand(0) == 3 and len(s2.reserved[0]) == 1
    assert any("hand limit" in x for x in s2.event_texts())
    off = icecream.new_game("combo-cone", players=2, seed=1)
    assert off.settings.rainbow_hand_limit is None


def test_ccpn4_nothing_to_fill_ends_the_turn():
    s = two(row=ROW, order_row=ORDERS)
    s2 = s.apply({"type": "scoop", "cards": [3]})
    assert s2.current_player == 1 and s2.phase == "main"
    assert any("CCPN-4" in x for x in s2.event_texts())


def test_ccpn5_cards_from_the_pile_are_seen_only_by_the_taker():
    s = two(phase="filling", cones=[[["chocolate/heart/heart", "mint/heart/heart"], []],
                                    [[], []]],
            row=ROW, order_row=[14, "lemon", "vanilla", "pistachio"],
            pile=["pistachio/star/star", "blueberry/star/star"])
    s = s.apply({"type": "fill", "cone": 0, "order": 14})
    s2 = s.apply({"type": "take_reward", "kind": "cards", "pile": 2})
    mine = " ".join(s2.event_texts(0))
    theirs = " ".join(s2.event_texts(1))
    assert "pistachio" in mine and "pistachio" not in theirs
    assert "pistachio" in " ".join(s2.event_texts(None))
    bad = s.why_not({"type": "take_reward", "kind": "cards", "cards": [0, 1], "pile": 1})
    assert not bad.allowed and bad.rule == "CCPN-5"


def test_ccpn6_secure_from_an_empty_order_deck_refused():
    row = [0, 1, 2, 3]
    filled = [o for o in range(52) if o not in row]
    s = two(row=ROW, order_row=row, order_deck=[], filled=[[], filled], fills=[0, 48])
    opt = s.why_not({"type": "secure", "order": "deck"})
    assert not opt.allowed and opt.rule == "CCPN-6"


def test_ccpn7_views_hide_hands_and_deck_orders():
    s = two(hands=[["mint/heart/heart"], ["lemon/drop/drop"]], row=ROW, order_row=ORDERS)
    v = s.view(0)
    assert v.hands[0] == (cid("mint/heart/heart"),) and v.hands[1] is None
    assert v.hand_sizes == (1, 1)
    assert v.pile_order is None and v.order_deck_order is None and v.box is None
    t = s.view(None)
    assert t.teacher and t.hands[1] == (cid("lemon/drop/drop"),) and t.pile_order is not None


def test_ccpn8_bad_positions_refused_with_the_numbering_rule():
    s = two(row=ROW, order_row=ORDERS)
    assert s.why_not({"type": "scoop", "cards": [7]}).rule == "CCPN-8"
    assert s.why_not({"type": "secure", "order": 9}).rule == "CCPN-8"


@pytest.mark.parametrize(("filled", "hands", "words"), [
    ([["lemon+lemon"], ["mint"], []], [[], [], []], "has the most coins"),
    ([["lemon"], ["mint"], []], [["mint/heart/heart"], [], []], "holds the fewest Ice Cream"),
    ([["lemon"], ["mint"], []], [[], [], []], "share the title"),
])
def test_ccp12_the_evaluation_says_how_the_title_was_won(filled, hands, words):
    s = load_scenario({"players": 3, "to_act": 2, "final_turns_left": 1, "pile_size": 0,
                       "row": ROW, "order_row": ORDERS, "filled": filled,
                       "fills": [len(f) for f in filled],
                       "hands": hands})
    end = s.apply({"type": "serve"})
    assert end.is_over and words in end.event_texts()[-1]
