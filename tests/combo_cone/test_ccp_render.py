"""The SVG table: drawn from a seat's view only (CCPN-7), every option clickable with its
plain action, forbidden ones marked, accessible names on cards."""

from __future__ import annotations

import json
import random
import re
from html import unescape

import icecream
from icecream.core.messages import catalog
from icecream.games.combo_cone import GAME, load_scenario
from icecream.games.combo_cone.render import render_svg
from icecream.games.combo_cone.words import card_words

ROW = ["mint/heart/drop", "lemon/drop/star", "mint/drop/leaf", "vanilla/star/heart"]
ORDERS = ["vanilla", "chocolate+mint", "strawberry+pistachio+blueberry",
          "vanilla+chocolate+chocolate+mint"]


def actions_in(svg: str) -> list[tuple[dict, bool]]:
    out = []
    for m in re.finditer(r'<g class="([^"]*ic-option[^"]*)" data-action=\'([^\']*)\'', svg):
        out.append((json.loads(unescape(m.group(2))), "ic-forbidden" in m.group(1)))
    return out


def test_ccp_render_hook_is_registered_and_draws_svg():
    s = icecream.new_game("combo-cone", players=4, seed=2)
    svg = GAME.render_svg(s, 0, "en")
    assert svg.startswith("<svg") and svg.endswith("</svg>") and 'width="1024"' in svg
    if "word.and" in catalog("nl"):  # the shared Dutch words come with the Dutch branch
        assert GAME.render_svg(s, 0, "nl") != svg  # the words come from the catalog


def test_ccp_every_option_is_clickable_forbidden_ones_marked():
    s = load_scenario({"players": ["Ann", "Bob"], "row": ROW, "order_row": ORDERS,
                       "reserved": [["lemon", "mint", "pistachio"], []]})
    drawn = actions_in(render_svg(s, 0))
    want = [(o.action.to_dict(), not o.allowed) for o in s.options()]
    norm = sorted(json.dumps(a, sort_keys=True) + str(f) for a, f in drawn)
    assert norm == sorted(json.dumps(s.game.parse_action(a).to_dict(), sort_keys=True) + str(f)
                          for a, f in [(json.loads(json.dumps(a)), f) for a, f in want])
    assert any(f for _, f in drawn)  # Secure is forbidden at 3 reserved orders (CCP-7)
    for action, _ in drawn:  # each click is a valid plain action
        s.game.parse_action(action)


def test_ccp_other_hands_are_backs_and_only_the_actor_gets_options():
    s = load_scenario({"players": ["Ann", "Bob"], "row": ROW, "order_row": ORDERS,
                       "hands": [["rainbow"], ["blueberry/leaf/star", "pistachio/star/leaf"]]})
    mine = render_svg(s, 0)
    theirs = render_svg(s, 1)
    secret = card_words(["blueberry", "leaf", "star"])
    assert secret not in mine and "ccp-card-back" in mine
    assert secret in theirs and not actions_in(theirs)  # Bob waits: no options
    assert "Waiting for Ann" in theirs
    teacher = render_svg(s, None)
    assert secret in teacher and "Teacher" in teacher


def test_ccp_random_positions_never_show_hidden_cards():
    rng = random.Random(4)
    s = icecream.new_game("combo-cone", players=3, seed=6)
    for step in range(150):
        if s.is_over:
            break
        if step % 10 == 0:
            for seat in range(3):
                svg = render_svg(s, seat)
                for q in range(3):
                    if q == seat:
                        continue
                    for c in s.hands[q]:
                        assert f'data-card="{c}"' not in svg
                for c in s.pile + s.box:
                    assert f'data-card="{c}"' not in svg
                assert 'aria-label="' in svg and 'role="img"' in svg
        s = s.apply(rng.choice(s.legal_actions()))


def test_ccp_cones_are_stacks_with_brand_and_combo_icons():
    s = load_scenario({"players": ["Ann", "Bob"], "row": ROW, "order_row": ORDERS,
                       "cones": [[["pistachio/drop/heart", "mint/heart/leaf"], []], [[], []]]})
    svg = render_svg(s, 1)
    assert 'data-height="2"' in svg and "\u2665" in svg and "\u2666" in svg
    assert "Cone 1: pistachio (Drop, combo Heart); mint (Heart, combo Leaf)" in svg


def test_ccp_every_allowed_option_of_every_phase_is_clickable():
    from icecream.bots import make_bot

    bot = make_bot("heuristic", seed=9)  # it fills orders and takes rewards, unlike chance
    s = icecream.new_game("combo-cone", players=2, seed=13)
    seen = set()
    for _ in range(600):
        if s.is_over:
            break
        drawn = {json.dumps(s.game.parse_action(a).to_dict(), sort_keys=True, default=list)
                 for a, forbidden in actions_in(render_svg(s, s.current_player))
                 if not forbidden}
        legal = {json.dumps(a.to_dict(), sort_keys=True, default=list)
                 for a in s.legal_actions()}
        assert drawn == legal, s.phase
        seen.add(s.phase)
        s = s.apply(bot.choose(s.view(s.current_player)))
    assert {"main", "serving", "filling", "reward"} <= seen
