"""One or more tests per ruling IC-1..IC-16 (docs/rulings.md); names cite the ids."""

from __future__ import annotations

import pytest

import icecream
from icecream.core.errors import IllegalAction, SettingsError
from icecream.games.ice_cream import FLAVOURS, load_scenario
from icecream.games.ice_cream.actions import DRAW, KEEP, NEW_CONE, SWAP, Place, Serve

F = {code: i for i, code in enumerate(FLAVOURS)}


def acts(state):
    return [a.to_dict() for a in state.legal_actions()]


def full_hands(*hands):
    """Hands as scenario data from lists of flavour codes (all face up)."""
    return [{"face_up": list(h)} for h in hands]


# -- IC-1 players
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_ic1_two_to_five_players(n):
    s = icecream.new_game("ice-cream", players=n, seed=1)
    assert s.num_players == n
    assert s.settings.house_variant == (n == 2)


@pytest.mark.parametrize("bad", [0, 1, 6, ["Solo"], "four", True])
def test_ic1_other_player_counts_refused(bad):
    with pytest.raises(SettingsError, match="players|3 to 5"):
        icecream.new_game("ice-cream", players=bad, seed=1)


# -- IC-2 decks
def test_ic2_thirty_cards_each_five_per_flavour():
    s = icecream.new_game("ice-cream", players=4, seed=3)
    s.check_invariants()
    assert len(FLAVOURS) == 6
    assert s.settings.cones == 12
    ic = len(s.ic_deck) + sum(len(c) for c in s.cards) + sum(h >= 0 for h in s.hidden)
    assert ic == 30
    assert len(s.scoop_deck) + len(s.removed) == 30


# -- IC-3 removed scoops
@pytest.mark.parametrize(("n", "removed"), [(2, 6), (3, 6), (4, 6), (5, 5)])
def test_ic3_scoops_removed_by_player_count(n, removed):
    s = icecream.new_game("ice-cream", players=n, seed=4)
    assert len(s.removed) == removed
    assert len(s.scoop_deck) == 30 - removed


def test_ic3_removed_scoops_stay_out_all_game():
    s = icecream.new_game("ice-cream", players=3, seed=8)
    removed = s.removed
    import random

    rng = random.Random(2)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        assert s.removed == removed


# -- IC-4 start
def test_ic4_one_face_up_card_each_and_first_dealer_setting():
    s = icecream.new_game("ice-cream", players=4, seed=5, first_dealer=2)
    assert s.dealer == 2 and s.current_player == 2
    assert all(len(c) == 1 for c in s.cards)
    assert icecream.new_game("ice-cream", players=4, seed=5).dealer == 0


# -- IC-5 deliveries
def test_ic5_dealt_dealer_first_and_decisions_clockwise():
    s = icecream.new_game("ice-cream", players=4, seed=6, first_dealer=1)
    dealt = [e.params["player"] for e in s.events if e.key == "ic.event.dealt"]
    assert dealt == [1, 2, 3, 0]
    order = []
    while s.phase == "deliveries":
        order.append(s.current_player)
        s = s.apply(KEEP)
    assert order == [1, 2, 3, 0]


def test_ic5_swap_replacement_must_be_kept():
    s = load_scenario({
        "players": 3, "phase": "deliveries", "dealer": 0, "to_act": 0,
        "hands": [{"face_up": ["strawberry"], "face_down": "strawberry"},
                  {"face_up": ["vanilla"], "face_down": "vanilla"},
                  {"face_up": ["pistachio"], "face_down": "chocolate"}],
        "ice_cream_deck": ["strawberry", "vanilla"],
    })
    s2 = s.apply(SWAP)
    assert s2.hidden[0] == F["strawberry"]          # the replacement, kept
    assert s2.current_player == 1                    # no second choice for seat 0
    assert s2.ic_discard == (F["strawberry"],)


def test_ic5_no_swap_when_deck_empty():
    hands = [{"face_up": ["strawberry"] * 5 + ["vanilla"] * 5, "face_down": "chocolate"},
             {"face_up": ["black_raspberry"] * 5 + ["chocolate_chip"] * 5,
              "face_down": "chocolate"},
             {"face_up": ["pistachio"] * 5 + ["chocolate"] * 2, "face_down": "chocolate"}]
    s = load_scenario({"players": 3, "phase": "deliveries", "hands": hands})
    assert len(s.ic_deck) == 0
    assert acts(s) == [{"type": "keep"}]
    opt = s.why_not(SWAP)
    assert not opt.allowed and opt.rule == "IC-5"
    with pytest.raises(IllegalAction, match="IC-5"):
        s.apply(SWAP)


def test_ic5_player_not_dealt_gets_none_and_no_decision():
    # Only two cards left in the deck for three players at the start of a day.
    hands = [{"face_up": ["strawberry"] * 5 + ["vanilla"] * 5},
             {"face_up": ["black_raspberry"] * 5 + ["chocolate_chip"] * 5},
             {"face_up": ["pistachio"] * 5 + ["chocolate"] * 3}]
    s = load_scenario({"players": 3, "phase": "start_of_day", "dealer": 1, "hands": hands})
    assert s.hidden[1] >= 0 and s.hidden[2] >= 0 and s.hidden[0] == -1
    assert any(e.key == "ic.event.no_card" and e.params["player"] == 0 for e in s.events)
    s = s.apply(KEEP).apply(KEEP)
    assert s.phase == "cones"     # seat 0 had nothing to decide


def test_ic5_discards_shuffled_back_after_last_decision():
    s = icecream.new_game("ice-cream", players=3, seed=9)
    deck_before = len(s.ic_deck)
    s = s.apply(SWAP)
    assert len(s.ic_discard) == 1 and len(s.ic_deck) == deck_before - 1
    s = s.apply(SWAP).apply(KEEP)
    assert s.phase == "cones"
    assert s.ic_discard == () and len(s.ic_deck) == deck_before - 2 + 2
    assert any(e.key == "ic.event.reshuffle" for e in s.events)


# -- IC-6 hidden information
def test_ic6_delivery_seen_only_by_owner_until_phase3():
    s = icecream.new_game("ice-cream", players=3, seed=10)
    for seat in range(3):
        v = s.view(seat)
        assert v.face_down[seat] == s.hidden[seat]
        assert all(v.face_down[o] is None for o in range(3) if o != seat)
        assert all(v.has_face_down)
        assert v.ice_cream_deck_order is None and v.removed_scoops is None
    texts1 = " ".join(s.event_texts(1))
    assert "You are dealt" in texts1 and texts1.count("You are dealt") == 1
    assert s.view(None).face_down == s.hidden


def test_ic6_private_events_hidden_from_other_seats():
    s = icecream.new_game("ice-cream", players=3, seed=10).apply(SWAP)
    private = [e for e in s.events if e.visible_to is not None]
    assert private and all(e.visible_to == 0 for e in private)
    assert not any("You discard" in t for t in s.event_texts(1))
    assert any("You discard" in t for t in s.event_texts(0))


# -- IC-7 making cones
def _to_cones(seed=11, players=3):
    s = icecream.new_game("ice-cream", players=players, seed=seed)
    while s.phase == "deliveries":
        s = s.apply(KEEP)
    return s


def test_ic7_dealer_starts_the_first_cone():
    s = _to_cones()
    assert s.current_player == s.dealer
    assert acts(s) == [{"type": "place", "cone": None}]
    assert not s.why_not(Place(1)).allowed


def test_ic7_every_scoop_placed_then_phase_ends():
    s = _to_cones()
    n_scoops = len(s.scoop_deck)
    turns = []
    while s.phase == "cones":
        turns.append(s.current_player)
        s = s.apply(s.legal_actions()[-1])
    assert len(turns) == n_scoops
    assert turns[:4] == [0, 1, 2, 0]
    assert s.phase in ("serving", "deliveries", "over")


def test_ic7_four_scoop_limit_and_twelve_cones():
    singles = ["strawberry"] * 5 + ["black_raspberry"] * 5 + ["chocolate_chip"]
    cones = [["vanilla"] * 4] + [[f] for f in singles]
    s = load_scenario({"players": 3, "phase": "cones", "cones": cones,
                       "scoop_deck": ["chocolate"]})
    legal = acts(s)
    assert {"type": "place", "cone": 1} not in legal
    assert {"type": "place", "cone": None} not in legal
    assert s.why_not(Place(1)).rule == "IC-7"
    assert "4 scoops" in s.describe(Place(1))
    assert s.why_not(NEW_CONE).rule == "IC-7" and not s.why_not(NEW_CONE).allowed
    assert len(legal) == 11


# -- IC-8 held flavours
def test_ic8_opened_card_still_serves():
    s = load_scenario({"players": 3, "phase": "serving",
                       "hands": [{"face_up": ["strawberry"], "served": {"strawberry": 2}},
                                 {"face_up": ["vanilla"]}, {"face_up": ["pistachio"]}],
                       "cones": [None, ["strawberry", "strawberry"],
                                 ["vanilla", "pistachio", "chocolate", "black_raspberry"]]})
    assert acts(s) == [{"type": "serve", "cone": 2}]
    s2 = s.apply(Serve(2))
    assert s2.served[0][F["strawberry"]] == 4


# -- IC-9 serving
def test_ic9_phase3_reveals_and_dealer_serves_first():
    s = _to_cones(seed=12)
    while s.phase == "cones":
        s = s.apply(s.legal_actions()[0])
    reveals = [e for e in s.events if e.key == "ic.event.reveal"]
    if s.phase == "serving":
        assert len(reveals) == 3 and all(h == -1 for h in s.hidden)
        assert s.current_player == s.dealer or s.last_actor == -1


def test_ic9_must_serve_exact_cone():
    s = load_scenario({"players": 3, "phase": "serving",
                       "hands": full_hands(["vanilla"], ["pistachio"], ["chocolate"]),
                       "cones": [["vanilla"], ["vanilla", "strawberry"]]})
    assert acts(s) == [{"type": "serve", "cone": 1}]
    assert s.why_not(DRAW).rule == "IC-9" and not s.why_not(DRAW).allowed
    assert not s.why_not(Serve(2)).allowed and s.why_not(Serve(2)).rule == "IC-9"


def test_ic9_without_exact_choose_close_or_draw():
    s = load_scenario({"players": 3, "phase": "serving",
                       "hands": full_hands(["vanilla"], ["pistachio"], ["chocolate"]),
                       "cones": [["vanilla", "strawberry"], ["pistachio", "pistachio"]]})
    assert acts(s) == [{"type": "serve", "cone": 1}, {"type": "draw"}]
    drawn = s.apply(DRAW)
    assert len(drawn.cards[0]) == 2 and drawn.current_player == 1


def test_ic9_no_draw_when_deck_empty():
    hands = full_hands(["strawberry"] * 5 + ["vanilla"] * 5,
                       ["black_raspberry"] * 5 + ["chocolate_chip"] * 5,
                       ["pistachio"] * 5 + ["chocolate"] * 5)
    s = load_scenario({"players": 3, "phase": "serving", "hands": hands,
                       "cones": [["vanilla", "chocolate"]]})
    assert acts(s) == [{"type": "serve", "cone": 1}]
    assert s.why_not(DRAW).rule == "IC-9"
    assert "empty" in s.describe(DRAW)


# -- IC-10 close cone
CLOSE = {"players": 3, "phase": "serving",
         "hands": full_hands(["strawberry"], ["vanilla"], ["chocolate"]),
         "cones": [["pistachio", "pistachio", "strawberry"], ["vanilla", "strawberry"]]}


def test_ic10_rulebook_close_misses_one_scoop():
    s = load_scenario(CLOSE)
    assert acts(s) == [{"type": "serve", "cone": 2}, {"type": "draw"}]
    opt = s.why_not(Serve(1))
    assert not opt.allowed and opt.rule == "IC-10"
    assert "pistachio" in s.describe(Serve(1))
    s2 = s.apply(Serve(2))
    assert s2.served[0][F["strawberry"]] == 1
    assert F["vanilla"] in s2.scoop_deck[-1:]            # back to the Scoop deck
    s2.check_invariants()


def test_ic10_flavour_variant_misses_one_flavour():
    s = load_scenario({**CLOSE, "settings": {"close": "flavour"}})
    assert acts(s) == [{"type": "serve", "cone": 1}, {"type": "serve", "cone": 2},
                       {"type": "draw"}]
    s2 = s.apply(Serve(1))
    assert s2.served[0][F["strawberry"]] == 1
    assert s2.scoop_deck[-2:] == (F["pistachio"], F["pistachio"])   # both go back
    assert any(e.rule == "IC-10" for e in s2.events)


def test_ic10_ijs_ruleset_is_the_flavour_variant():
    assert icecream.new_game("ice-cream", players=3, ruleset="ijs").settings.close == "flavour"
    assert icecream.new_game("ice-cream", players=3).settings.close == "scoop"


# -- IC-11 placing served scoops
def test_ic11_one_card_per_flavour_opened():
    s = load_scenario({"players": 3, "phase": "serving",
                       "hands": full_hands(["chocolate", "chocolate"], ["vanilla"],
                                           ["pistachio"]),
                       "cones": [["chocolate", "chocolate"]]})
    s = s.apply(Serve(1))       # last cone: the day is scored
    assert s.results[-1][0] == (2, 0)      # 2 scoops; the second chocolate card is no duplicate
    assert s.cards[0] == (F["chocolate"],)


# -- IC-12 end of phase 3
def test_ic12_ends_when_last_cone_served():
    s = load_scenario({"players": 3, "phase": "serving",
                       "hands": full_hands(["vanilla"], ["pistachio"], ["chocolate"]),
                       "cones": [["vanilla"]]})
    s2 = s.apply(Serve(1))
    assert any(e.key == "ic.event.all_served" and e.rule == "IC-12" for e in s2.events)
    assert s2.day == 2 and s2.phase == "deliveries"


def test_ic12_ends_when_player_has_no_action_and_cones_go_back():
    hands = full_hands(["strawberry"] * 5 + ["vanilla"] * 5,
                       ["black_raspberry"] * 5 + ["chocolate_chip"] * 5,
                       ["pistachio"] * 5 + ["chocolate"] * 5)
    s = load_scenario({"players": 3, "phase": "serving", "hands": hands,
                       "cones": [["pistachio", "chocolate"], ["vanilla"]]})
    s2 = s.apply(Serve(2))       # seat 1 then has no exact, no close, no deck
    assert any(e.key == "ic.event.no_action" and e.params["player"] == 1 for e in s2.events)
    assert any(e.key == "ic.event.cones_back" and e.params["count"] == 2 for e in s2.events)
    s2.check_invariants()


# -- IC-13 scoring
def test_ic13_opened_discarded_scoops_and_duplicates_score():
    s = load_scenario({"players": 3, "phase": "serving",
                       "hands": [{"face_up": ["vanilla", "vanilla", "pistachio", "pistachio",
                                              "pistachio"], "served": {"vanilla": 3}},
                                 {"face_up": ["strawberry"]}, {"face_up": ["chocolate"]}],
                       "cones": [None, ["strawberry"]], "to_act": 1})
    s2 = s.apply(Serve(2))
    # seat 0: 3 scoops; opened vanilla discarded; the other vanilla stays (one per flavour);
    # two duplicate pistachios discarded: 3 + 2.
    assert s2.results[-1][0] == (3, 2)
    assert s2.scores == (5, 1, 0)
    assert sorted(s2.cards[0]) == [F["pistachio"], F["vanilla"]]
    assert s2.cards[1] == ()                         # opened strawberry discarded
    s2.check_invariants()


# -- IC-14 next dealer
def _tie_scenario(to_act, scores):
    # Day 2: on day 1 nobody has points yet, so scores need a finished day.
    return load_scenario({"players": 3, "phase": "serving", "day": 2, "dealer": 0,
                          "to_act": to_act, "scores": scores,
                          "hands": full_hands(["vanilla"], ["vanilla"], ["pistachio"]),
                          "cones": [["vanilla"]]})


def test_ic14_single_lowest_deals():
    s = _tie_scenario(0, [3, 1, 5]).apply(Serve(1))
    assert s.dealer == 1 and any(e.key == "ic.event.next_dealer" for e in s.events)


def test_ic14_tie_clockwise_from_after_last_actor():
    s = _tie_scenario(1, [3, 2, 3]).apply(Serve(1))       # seat 1 acts last; all tie at 3
    assert s.scores == (3, 3, 3)
    assert s.dealer == 2
    s = _tie_scenario(0, [2, 3, 3]).apply(Serve(1))       # seat 0 acts last
    assert s.dealer == 1


def test_ic14_nobody_acted_starts_after_dealer():
    hands = full_hands(["strawberry"] * 5 + ["vanilla"] * 5,
                       ["black_raspberry"] * 5 + ["chocolate_chip"] * 5,
                       ["pistachio"] * 5 + ["chocolate"] * 5)
    s = load_scenario({"players": 3, "phase": "serving", "dealer": 0, "hands": hands,
                       "cones": [["pistachio", "chocolate"]]})
    assert s.scores == (8, 8, 8)
    assert s.dealer == 1 and s.day == 2


# -- IC-15 end
def _last_day(scores, hands, to_act=1):
    return load_scenario({"players": 3, "phase": "serving", "day": 2, "dealer": 0,
                          "settings": {"days": 2}, "to_act": to_act, "scores": scores,
                          "hands": full_hands(*hands), "cones": [["vanilla"]]})


def test_ic15_game_ends_after_last_day_highest_wins():
    s = _last_day([4, 9, 6], [["strawberry"], ["vanilla"], ["chocolate"]]).apply(Serve(1))
    assert s.is_over and s.current_player is None and not s.legal_actions()
    assert s.winners == (1,)
    assert s.why_not(DRAW).rule == "IC-15"
    with pytest.raises(IllegalAction, match="IC-15"):
        s.apply(DRAW)


def test_ic15_tie_broken_by_most_cards_then_shared():
    s = _last_day([10, 9, 10], [["strawberry", "black_raspberry"], ["vanilla"],
                                ["chocolate_chip", "chocolate", "pistachio"]]).apply(Serve(1))
    assert s.scores == (10, 10, 10)
    assert s.winners == (2,)
    s = _last_day([10, 9, 10], [["strawberry", "black_raspberry", "pistachio"], ["vanilla"],
                                ["chocolate_chip", "chocolate", "pistachio"]]).apply(Serve(1))
    assert s.winners == (0, 2)


def test_ic15_days_setting():
    import random

    s = icecream.new_game("ice-cream", players=3, seed=2, days=2)
    rng = random.Random(0)
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.day == 2 and len(s.results) == 2


# -- IC-16 card conservation
def test_ic16_conservation_every_step_of_a_game():
    import random

    s = icecream.new_game("ice-cream", players=5, seed=13)
    rng = random.Random(1)
    while not s.is_over:
        s.check_invariants()
        s = s.apply(rng.choice(s.legal_actions()))
    s.check_invariants()
