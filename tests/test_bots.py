"""Bots: every bot plays only legal actions, decides from its view only (IC-6), and the
determinization it relies on is consistent with the view and never reads the state."""

from __future__ import annotations

import random

import pytest

import icecream
from icecream.bots import bot_names, make_bot
from icecream.core.errors import SettingsError
from icecream.games.ice_cream import load_scenario
from icecream.games.ice_cream.determinize import Determinizer, determinize

FAST_OPTIONS = {"ismcts": {"playouts": 25}}


def _bot(name: str, seed: int = 0):
    return make_bot(name, seed=seed, **FAST_OPTIONS.get(name, {}))


def test_registry_lists_the_five_bots():
    assert bot_names() == ["greedy", "heuristic", "ismcts", "random", "rollout"]


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic", "ismcts"])
def test_bots_only_play_legal_actions_through_a_whole_game(name):
    s = icecream.new_game("ice-cream", players=4, seed=11, ruleset="ijs")
    bots = [_bot(name, seed=p) for p in range(4)]
    while not s.is_over:
        p = s.current_player
        view = s.view(p)
        action = bots[p].choose(view)
        assert action in view.legal_actions
        assert s.is_legal(action)
        s = s.apply(action)
    s.check_invariants()


@pytest.mark.parametrize("name", ["greedy", "heuristic", "ismcts"])
def test_bot_options_are_checked(name):
    # A game's policy bots check their options when they meet the game (prepare).
    with pytest.raises(SettingsError, match="no option"):
        make_bot(name, colour="blue").prepare("ice-cream")


def test_bad_option_values_name_the_option():
    with pytest.raises(SettingsError, match="playouts"):
        make_bot("ismcts", playouts=0)
    with pytest.raises(SettingsError, match="horizon"):
        make_bot("ismcts", horizon="week")
    with pytest.raises(SettingsError, match="close_min"):
        make_bot("heuristic", close_min=-1).prepare("ice-cream")


def test_a_bot_refuses_a_view_without_a_decision():
    s = icecream.new_game("ice-cream", players=3, seed=1)
    for name in bot_names():
        with pytest.raises(ValueError, match="not this seat's turn"):
            _bot(name).choose(s.view(1))


# -- never peek (IC-6) -----------------------------------------------------------------------

def _rehide(s, seat: int, rng: random.Random):
    """The same position for ``seat``'s eyes, with everything ``seat`` cannot see changed.

    Others' face-down cards are exchanged with deck cards of other flavours, the Ice
    Cream deck is reordered, and the removed scoops are exchanged with scoops in the deck.
    """
    d = s.to_dict()
    deck = d["ice_cream_deck"]
    for p, hand in enumerate(d["hands"]):
        if p != seat and hand["face_down"] is not None:
            for i, f in enumerate(deck):
                if f != hand["face_down"]:
                    deck[i], hand["face_down"] = hand["face_down"], f
                    break
    rng.shuffle(deck)
    scoops = d["scoop_deck"]
    start = 1 if d["phase"] == "cones" else 0  # the turned scoop is seen by all
    for i, f in enumerate(d["removed_scoops"]):
        for j in range(start, len(scoops)):
            if scoops[j] != f:
                scoops[j], d["removed_scoops"][i] = f, scoops[j]
                break
    rest = scoops[start:]
    rng.shuffle(rest)
    d["scoop_deck"] = scoops[:start] + rest
    d["seed"] = d["seed"] + 1
    return load_scenario(d)


def _decision_points(count: int, seed: int = 0):
    rng = random.Random(seed)
    points = []
    g = 0
    while len(points) < count:
        s = icecream.new_game("ice-cream", players=4, seed=100 + g)
        g += 1
        while not s.is_over:
            legal = s.legal_actions()
            if len(legal) > 1 and rng.random() < 0.15:
                points.append(s)
            s = s.apply(legal[int(rng.random() * len(legal))])
    return points[:count]


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic", "ismcts"])
def test_bots_never_peek_hidden_changes_give_the_same_decision(name):
    rng = random.Random(5)
    changed = 0
    for k, s in enumerate(_decision_points(30)):
        p = s.current_player
        other = _rehide(s, p, rng)
        assert other.view(p) == s.view(p)  # the seat cannot tell the two apart
        if other.to_dict() != s.to_dict():
            changed += 1
        mine = _bot(name, seed=k).choose(s.view(p))
        theirs = _bot(name, seed=k).choose(other.view(p))
        assert mine == theirs
    assert changed >= 25  # the hidden parts really differed


def test_rehide_really_changes_what_others_hold():
    s = icecream.new_game("ice-cream", players=4, seed=3)
    other = _rehide(s, 0, random.Random(1))
    assert other.view(0) == s.view(0)
    assert other.view(1) != s.view(1)  # seat 1's own face-down card changed


# -- determinization ---------------------------------------------------------------------------

def test_determinize_keeps_everything_the_seat_sees():
    rng = random.Random(2)
    for s in _decision_points(20, seed=3):
        p = s.current_player
        d = determinize(s.view(p), rng)
        d.check_invariants()
        assert d.view(p) == s.view(p)
        assert [a.to_dict() for a in d.legal_actions()] == list(s.view(p).legal_actions)


def test_determinize_varies_what_the_seat_cannot_see():
    s = icecream.new_game("ice-cream", players=5, seed=8)
    sampler = Determinizer(s.view(2))
    samples = [sampler.sample(random.Random(i)) for i in range(20)]
    assert len({x.hidden for x in samples}) > 1
    assert len({x.ic_deck for x in samples}) > 1
    assert len({x.removed for x in samples}) > 1
    assert all(x.hidden[2] == s.hidden[2] for x in samples)


def test_determinize_is_repeatable_and_reads_only_the_view():
    s = icecream.new_game("ice-cream", players=3, seed=4)
    view = s.view(1)
    a = determinize(view, random.Random(9))
    b = determinize(view, random.Random(9))
    assert a.to_dict() == b.to_dict()
    with pytest.raises(TypeError, match="IceCreamView"):
        determinize(s, random.Random(0))
    with pytest.raises(ValueError, match="teacher"):
        determinize(s.view(None), random.Random(0))


def test_determinize_in_phase_one_keeps_my_discard_and_the_deck_size():
    s = icecream.new_game("ice-cream", players=4, seed=6)
    s = s.apply({"type": "swap"})  # seat 0 swaps
    s = s.apply({"type": "swap"})  # seat 1 swaps: seat 2 does not see that discard
    view = s.view(2)
    d = determinize(view, random.Random(0))
    assert d.view(2) == view
    assert len(d.ic_discard) == 2 and len(d.ic_deck) == len(s.ic_deck)


# -- what the bots do ------------------------------------------------------------------------

def _serving(hands, cones, deck=("pistachio",), scores=None):
    n = len(hands)
    return load_scenario({"players": n, "phase": "serving", "day": 4,
                          "hands": [{"face_up": h} for h in hands], "cones": cones,
                          "ice_cream_deck": list(deck), "scores": scores or [0] * n})


def test_greedy_and_heuristic_serve_the_biggest_exact_cone():
    s = _serving([["vanilla", "chocolate"], ["strawberry"], ["pistachio"]],
                 [["vanilla"], ["vanilla", "chocolate", "chocolate"], ["strawberry"]])
    for name in ("greedy", "heuristic"):
        assert _bot(name).choose(s.view(0)) == {"type": "serve", "cone": 2}


def test_heuristic_draws_rather_than_serve_a_one_scoop_close_cone():
    s = _serving([["vanilla"], ["strawberry"], ["pistachio"]], [["chocolate"]])
    assert _bot("heuristic").choose(s.view(0)) == {"type": "draw"}
    s = _serving([["vanilla"], ["strawberry"], ["pistachio"]],
                 [["chocolate", "vanilla", "vanilla"]])
    assert _bot("heuristic").choose(s.view(0)) == {"type": "serve", "cone": 1}


def test_heuristic_swaps_a_delivery_that_adds_no_new_flavour():
    s = load_scenario({"players": 3, "phase": "deliveries", "hands": [
        {"face_up": ["vanilla"], "face_down": "vanilla"},
        {"face_up": ["pistachio"], "face_down": "chocolate"},
        {"face_up": ["strawberry"], "face_down": "strawberry"}]})
    assert _bot("heuristic").choose(s.view(0)) == {"type": "swap"}
    s = s.apply({"type": "keep"})
    assert _bot("heuristic").choose(s.view(1)) == {"type": "keep"}


def _cones(cones, scoop):
    # Seat 0 turns the next scoop: the dealer turned the first and play went clockwise
    # (IC-7), and phase 1 dealt everyone a face-down card (IC-5).
    placed = sum(len(c) for c in cones)
    return load_scenario({"players": 3, "phase": "cones", "to_act": 0,
                          "dealer": -placed % 3, "hands": [
        {"face_up": ["vanilla"], "face_down": "chocolate"},
        {"face_up": ["pistachio"], "face_down": "chocolate_chip"},
        {"face_up": ["strawberry"], "face_down": "chocolate_chip"}],
        "cones": cones, "scoop_deck": [scoop]})


def test_heuristic_builds_a_cone_it_can_serve():
    # Seat 0 holds vanilla face up and chocolate face down: cone 1 is its own.
    s = _cones([["vanilla", "chocolate"], ["strawberry", "black_raspberry"]], "chocolate")
    assert _bot("heuristic").choose(s.view(0)) == {"type": "place", "cone": 1}


def test_heuristic_spoils_a_cone_a_rival_can_serve():
    # Seat 1 holds pistachio: a black raspberry scoop spoils its cone 2.
    s = _cones([["strawberry", "black_raspberry"], ["pistachio", "pistachio", "pistachio"]],
               "black_raspberry")
    assert _bot("heuristic").choose(s.view(0)) == {"type": "place", "cone": 2}
    s = _cones([["vanilla", "chocolate"], ["pistachio", "pistachio", "pistachio"]],
               "chocolate")
    assert _bot("heuristic").choose(s.view(0)) == {"type": "place", "cone": 2}


def test_ismcts_finds_the_winning_close_serve_on_the_last_turn():
    # Seat 0 wins by serving the close cone now; drawing lets seat 1 serve it exactly.
    s = _serving([["strawberry"], ["strawberry", "pistachio"], ["vanilla"]],
                 [["strawberry", "strawberry", "strawberry", "pistachio"]],
                 deck=("vanilla", "chocolate"), scores=[10, 12, 12])
    bot = make_bot("ismcts", seed=0, playouts=60)
    assert bot.choose(s.view(0)) == {"type": "serve", "cone": 1}
    assert bot.last_playouts == 60


def test_ismcts_is_repeatable_and_honours_a_time_limit():
    s = icecream.new_game("ice-cream", players=4, seed=21)
    a = make_bot("ismcts", seed=3, playouts=40).choose(s.view(0))
    b = make_bot("ismcts", seed=3, playouts=40).choose(s.view(0))
    assert a == b
    bot = make_bot("ismcts", seed=3, playouts=10**6, time_limit=0.05)
    bot.choose(s.view(0))
    assert 1 <= bot.last_playouts < 10**6


def test_determinize_matches_every_seats_view_in_every_phase():
    rng = random.Random(12)
    for players in (2, 3, 5):
        s = icecream.new_game("ice-cream", players=players, seed=players, ruleset="ijs")
        while not s.is_over:
            for seat in range(players):
                if rng.random() < 0.3:
                    view = s.view(seat)
                    d = determinize(view, rng)
                    d.check_invariants()
                    assert d.view(seat) == view
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])


def test_ismcts_plays_whole_games_with_the_game_horizon():
    s = icecream.new_game("ice-cream", players=3, seed=2, days=2)
    bot = make_bot("ismcts", seed=1, playouts=15, horizon="game")
    while not s.is_over:
        p = s.current_player
        action = bot.choose(s.view(p))
        s = s.apply(action)
    s.check_invariants()


def test_stronger_bots_beat_random_ones():
    from icecream.explore import simulate
    from icecream.explore.metrics import BotWinRate

    df = simulate(players=4, games=300, seed=8, bots=["heuristic", "random", "random", "random"])
    assert BotWinRate("heuristic").compute(df).low > 0.3  # fair share is 0.25
    df = simulate(players=4, games=24, seed=8, bots=["ismcts", "random", "random", "random"],
                  bot_options={"ismcts": {"playouts": 30}})
    assert df.loc[df["bot"] == "ismcts", "score"].mean() > df.loc[df["bot"] == "random",
                                                                    "score"].mean()
