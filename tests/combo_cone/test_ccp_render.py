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
from icecream.games.combo_cone.render import WIDTH, render_svg
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
    assert svg.startswith("<svg") and svg.endswith("</svg>") and f'width="{WIDTH}"' in svg
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


def test_ccp_viewing_seat_gets_the_widest_panel_and_others_room_for_three_orders():
    """The seat whose hand is face up gets the room the others do not need (its hand
    shows in fewer rows at 1024x640); others keep room for three reserved orders (CCP-7);
    the teacher's view has equal panels."""
    from icecream.games.combo_cone.render import OTHER_MIN_W, M, panel_widths

    for n in range(2, 6):
        room = WIDTH - 2 * M - 8 * (n - 1)
        teacher = panel_widths(n, None)
        assert len(set(teacher)) == 1 and sum(teacher) <= room
        for seat in range(n):
            widths = panel_widths(n, seat)
            assert len(widths) == n and sum(widths) <= room, (n, seat, widths)
            assert widths[seat] == max(widths)
            assert all(w >= OTHER_MIN_W for p, w in enumerate(widths) if p != seat) \
                or len(set(widths)) == 1, (n, widths)
    assert panel_widths(2, 0)[0] > panel_widths(2, None)[0]
    # Drawn: seat 1's panel frame is wider than seat 2's in seat 1's picture.
    s = icecream.new_game("combo-cone", players=2, seed=4)
    frames = re.findall(r'<g class="ccp-player ccp-seat-(\d)"><rect x="\d+" y="\d+" '
                        r'width="(\d+)"', render_svg(s, 0))
    assert dict(frames) == {"0": str(panel_widths(2, 0)[0]), "1": str(panel_widths(2, 0)[1])}


def test_ccp_every_text_is_readable_and_the_own_hand_comes_first_at_2_3_4_players():
    """Issue 11: the table is shown ~700 px wide beside the play dashboard's side panel, so
    every text is at least 13 units (~9 px); hand cards name their flavour by initial, the
    legend under the rows names every initial; the own hand is drawn right under the
    Artisan's name, above cones and reserved orders, so it stays in a 1024x640 window."""
    from icecream.bots import make_bot
    from icecream.games.combo_cone.components import FLAVOURS

    for n in (2, 3, 4):
        s = icecream.new_game("combo-cone", players=n, seed=21)
        bot = make_bot("heuristic", seed=3)
        for _ in range(30 * n):
            s = s.apply(bot.choose(s.view(s.current_player)))
        seat = s.current_player
        svg = render_svg(s, seat)
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) >= 13, (n, min(sizes))
        legend = re.search(r'class="ccp-initials"[^>]*>([^<]*)<', svg)[1]
        for f in FLAVOURS:
            assert catalog()[f"ccp.flavour.{f}"] in legend
        panel = re.search(rf'class="ccp-player ccp-seat-{seat}"><rect x="\d+" y="(\d+)"', svg)
        hand_ys = [int(y) for y in re.findall(r'class="ccp-card ccp-hand-card[^>]*>'
                                              r'<title>[^<]*</title><rect x="\d+" y="(\d+)"',
                                              svg)]
        assert hand_ys, n
        # the first hand row sits right under the name, the hand label and nothing else
        assert min(hand_ys) - int(panel[1]) <= 44 + 17, (n, hand_ys, panel[1])
