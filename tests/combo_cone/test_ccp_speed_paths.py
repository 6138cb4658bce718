"""The engine's faster paths (issue 17) against the rules they stand for: a new game
dealt by core.chance (CCP-3), the combo table against the CCP-8 rule, the fill table
against the CCP-9 rule, and the serving and filling shortcuts on a deck where many cards
share their faces (CCP-8: identical cards are one choice), checked at every decision."""

from __future__ import annotations

import json
import random
from importlib import resources
from math import comb

import pytest

import icecream
from icecream.core import chance
from icecream.core.conformance import check_legal_paths, check_playout_paths
from icecream.games.combo_cone.components import FLAVOURS
from icecream.games.combo_cone.settings import PILE_SIZE
from icecream.games.combo_cone.state import CHANCE, SETUP_ORDERS, SETUP_PILE


@pytest.mark.parametrize("players", [2, 5])
def test_ccp3_a_new_game_is_dealt_by_core_chance(players):
    for seed in range(20):
        s = icecream.new_game("combo-cone", players=players, seed=seed)
        cards = chance.shuffled(CHANCE, seed, SETUP_PILE, 0, range(len(s.comps.ice_cream)))
        orders = chance.shuffled(CHANCE, seed, SETUP_ORDERS, 0, range(len(s.comps.orders)))
        size = PILE_SIZE[players]
        assert s.pile + s.row[::-1] == cards[:size] and s.box == sorted(cards[size:])
        assert s.order_deck + s.order_row[::-1] == orders


def test_ccp8_combo_table_is_the_combo_rule():
    s = icecream.new_game("combo-cone", players=2, seed=0)
    table = s.comps.combos
    n = len(s.cards)
    assert [[table[b][t] for t in range(n)] for b in range(n)] == [
        [s.combo(b, t) for t in range(n)] for b in range(n)]
    assert s.comps.shared_cards == frozenset(s.comps.rainbow_ids)


def _twins_deck(tmp_path) -> str:
    """The shipped deck with cards 2k+1 below 60 made twins of cards 2k: the lowest ids
    share their faces in pairs, the others (and the Rainbows) as shipped."""
    folder = resources.files("icecream.games.combo_cone").joinpath("data")
    deck = json.loads(folder.joinpath("deck.json").read_text("utf-8"))
    deck.pop("note", None)
    cards = deck["ice_cream"]
    for i in range(1, 60, 2):
        cards[i] = dict(cards[i - 1])
    path = tmp_path / "twins.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("players", [2, 4])
def test_ccp8_ccp9_fast_paths_hold_when_cards_share_faces(tmp_path, players):
    deck = _twins_deck(tmp_path)
    repeated = after_twin = 0
    for seed in range(3):
        s = icecream.new_game("combo-cone", players=players, seed=seed, deck=deck)
        assert s.comps.shared_cards == frozenset(range(60)) | set(s.comps.rainbow_ids)
        rng = random.Random(seed)
        k = 0
        while not s.is_over:
            check_legal_paths(s)
            if k % 40 == 0:
                check_playout_paths(s, seed=k)
            if s.phase == "serving":
                hand = s.hands[s.to_act]
                faces = {s.comps.canon[c] for c in hand}
                repeated += len(faces) < len(hand)
                # a card of its own after twins in the hand: its options are not where
                # its place in the hand says
                after_twin += len(faces) < len(hand) and hand[-1] >= 60
                # CCP-8: one option per face and cone, then stopping.
                assert len(s.legal_actions()) == len(faces) * len(s.cones[s.to_act]) + 1
            s = s.apply(rng.choice(s.legal_actions()))
            k += 1
    assert repeated > 0 and after_twin > 0, "no hand with a repeated face was served from"


def test_ccp9_fill_table_is_the_fill_rule_for_every_stack():
    comps = icecream.new_game("combo-cone", players=2, seed=0).comps
    table = comps.fillable
    # every multiset of flavours and Rainbows up to the tallest order, each by the rule
    assert len(table) == sum(comb(len(FLAVOURS) + 1 + h - 1, h)
                             for h in range(1, comps.max_height + 1))
    assert all(table[key] == comps.orders_filled(key) for key in table)
    assert sum(1 for ids in table.values() if ids) > len(comps.orders)
