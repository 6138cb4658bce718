"""The SVG table (icecream.games.ice_cream.render): well-formed, true to the state, and
true to what each seat may see (IC-6); highlights are exactly the engine's options."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

import icecream
from icecream.bots import make_bot
from icecream.core.messages import join_words
from icecream.games.ice_cream import EXAMPLES, FLAVOURS, INITIALS, load_scenario
from icecream.games.ice_cream.render import render_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter() if css in (e.get("class") or "").split()]


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{NS}text")]


def options_drawn(root: ET.Element, forbidden: bool = False) -> list[dict]:
    """The clickable options drawn: allowed ones, or (``forbidden``) those that say why not."""
    return sorted((json.loads(e.get("data-action")) for e in with_class(root, "ic-option")
                   if ("ic-forbidden" in e.get("class").split()) == forbidden),
                  key=json.dumps)


def forbidden(state) -> list[dict]:
    return sorted((o.action.to_dict() for o in state.options() if not o.allowed),
                  key=json.dumps)


def allowed(state) -> list[dict]:
    return sorted((o.action.to_dict() for o in state.options() if o.allowed), key=json.dumps)


def game_states(seed: int = 4, players: int = 4, every: int = 7):
    """Every ``every``-th state of a random game, and the last."""
    bot = make_bot("random", seed=seed)
    s = icecream.new_game("ice-cream", players=players, seed=seed)
    out = [s]
    k = 0
    while not s.is_over:
        s = s.apply(bot.choose(s.view(s.current_player)))
        k += 1
        if k % every == 0:
            out.append(s)
    out.append(s)
    return out


# A phase-2 table where Ann hides strawberry and Cy hides black raspberry: neither flavour
# is anywhere else on the table.
# Bob dealt and turned the first scoop; three scoops later it is his turn again (IC-7).
HIDDEN = {
    "players": ["Ann", "Bob", "Cy"], "phase": "cones", "dealer": 1, "to_act": 1,
    "hands": [{"face_up": ["vanilla"], "face_down": "strawberry"},
              {"face_up": ["chocolate_chip"], "face_down": "pistachio"},
              {"face_up": ["pistachio"], "face_down": "black_raspberry"}],
    "cones": [["pistachio"], ["chocolate_chip", "vanilla"]],
    "scoop_deck": ["vanilla"],
}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_picture_of_a_game_is_well_formed_and_counts_match(players):
    for s in game_states(seed=players, players=players):
        for seat in (None, *range(players)):
            root = parse(render_svg(s, seat))
            v = s.view(seat)
            cones = with_class(root, "ic-cone")
            assert len(cones) == len(v.cones)
            for n, (el, cone) in enumerate(zip(cones, v.cones, strict=True), start=1):
                assert el.get("data-cone") == str(n)
                scoops = with_class(el, "ic-scoop")
                assert [sc.get("data-flavour") for sc in scoops] == \
                    [FLAVOURS[f] for f in (cone or ())]
            panels = with_class(root, "ic-player")
            assert [int(p.get("data-seat")) for p in panels] == list(range(players))
            for p, panel in enumerate(panels):
                cards = with_class(panel, "ic-card") + with_class(panel, "ic-card-back")
                assert len(cards) == len(v.face_up[p]) + v.has_face_down[p]
                assert panel.get("data-score") == str(v.scores[p])
            assert with_class(root, "ic-deck")[0].get("data-count") == \
                str(v.ice_cream_deck_size)


def test_a_seat_never_sees_another_seats_face_down_card():
    s = load_scenario(HIDDEN)
    bob = render_svg(s, 1)
    root = parse(bob)
    for hidden in ("strawberry", "black_raspberry", "black raspberry"):
        assert hidden not in bob
    assert "St" not in texts(root) and "BR" not in texts(root)
    assert len(with_class(root, "ic-card-back")) == 2
    # Bob sees his own face-down pistachio card face up, marked face down.
    mine = with_class(root, "ic-face-down")
    assert [c.get("data-flavour") for c in mine] == ["pistachio"]

    ann = render_svg(s, 0)
    assert 'data-flavour="strawberry"' in ann and "strawberry" in texts(parse(ann))
    assert "black_raspberry" not in ann and "BR" not in texts(parse(ann))

    teacher = parse(render_svg(s, None))
    flavours = {c.get("data-flavour") for c in with_class(teacher, "ic-face-down")}
    assert flavours == {"strawberry", "pistachio", "black_raspberry"}
    assert not with_class(teacher, "ic-card-back")


def test_teacher_banner_only_in_the_teachers_view():
    s = load_scenario(HIDDEN)
    assert "Teacher's view: shows every hidden card" in texts(parse(render_svg(s, None)))
    for seat in range(3):
        assert "Teacher's view: shows every hidden card" not in texts(parse(render_svg(s, seat)))


def test_phase_2_highlights_are_the_place_options_and_the_new_cone():
    s = load_scenario(HIDDEN)
    root = parse(render_svg(s, 1))
    assert options_drawn(root) == allowed(s)
    assert {"type": "place", "cone": None} in options_drawn(root)
    new = with_class(root, "ic-new-cone")
    assert len(new) == 1 and "ic-option" in new[0].get("class")
    turned = with_class(root, "ic-turned-scoop")
    assert turned[0].get("data-flavour") == "vanilla"


def test_full_cone_is_not_clickable_in_the_four_scoop_example():
    ex = EXAMPLES["dan_four_scoop_limit"]
    s = ex.start()
    root = parse(render_svg(s, s.current_player))
    full = [c for c in with_class(root, "ic-cone") if c.get("data-cone") == "1"][0]
    assert full.get("data-scoops") == "4"
    assert "ic-forbidden" in full.get("class")  # a click says why not (IC-7), in place
    assert {"type": "place", "cone": 1} not in options_drawn(root)
    assert options_drawn(root) == allowed(s)
    assert options_drawn(root, forbidden=True) == forbidden(s)
    assert full.get("aria-disabled") == "true"


def test_phase_3_highlights_exact_close_and_forbidden_cones():
    s = EXAMPLES["dan_case_a"].start()  # Dan: cones 1 and 2 exact, cone 3 neither
    root = parse(render_svg(s, None))
    assert options_drawn(root) == [{"cone": 1, "type": "serve"}, {"cone": 2, "type": "serve"}]
    tags = {c.get("data-cone"): [t.get("class") for t in with_class(c, "ic-tag")]
            for c in with_class(root, "ic-cone")}
    assert tags == {"1": ["ic-tag ic-tag-exact"], "2": ["ic-tag ic-tag-exact"],
                    "3": ["ic-tag ic-tag-no"]}
    draw = [b for b in with_class(root, "ic-button")]
    assert len(draw) == 1 and "ic-disabled" in draw[0].get("class")  # must serve (IC-9)
    assert options_drawn(root, forbidden=True) == forbidden(s)

    joe = EXAMPLES["joe_case_b"].start()  # Joe: cone 2 close, or draw
    root = parse(render_svg(joe, joe.current_player))
    assert options_drawn(root) == allowed(joe)
    close = [c for c in with_class(root, "ic-cone") if c.get("data-cone") == "2"][0]
    assert [t.get("class") for t in with_class(close, "ic-tag")] == ["ic-tag ic-tag-close"]
    assert {"type": "draw"} in options_drawn(root)


def test_only_the_seat_to_act_and_the_teacher_get_highlights():
    s = icecream.new_game("ice-cream", players=3, seed=2)
    assert options_drawn(parse(render_svg(s, 0))) == [{"type": "keep"}, {"type": "swap"}]
    assert options_drawn(parse(render_svg(s, None))) == [{"type": "keep"}, {"type": "swap"}]
    assert options_drawn(parse(render_svg(s, 1))) == []
    assert options_drawn(parse(render_svg(s, 0, highlight=False))) == []
    assert "Waiting for Player 1 to decide" in texts(parse(render_svg(s, 2)))


def test_served_scoops_sit_on_the_matching_card():
    ex = EXAMPLES["dan_case_a"]
    after = ex.play()[-1]  # Dan served two strawberry and one chocolate chip scoop
    root = parse(render_svg(after, None))
    dan = with_class(root, "ic-player")[0]
    opened = {c.get("data-flavour"): c.get("data-served") for c in with_class(dan, "ic-opened")}
    assert opened == {"strawberry": "2", "chocolate_chip": "1"}
    served = [c for c in with_class(root, "ic-cone") if c.get("data-cone") == "1"][0]
    assert "ic-served" in served.get("class") and served.get("data-scoops") == "0"


def test_names_are_escaped_and_flavours_carry_initials():
    s = icecream.new_game("ice-cream", players=["<b>&'\"", "Bob", "Cy"], seed=1)
    root = parse(render_svg(s, None))  # would not parse if the name were not escaped
    assert "<b>&'\"" in texts(root)
    for card in with_class(root, "ic-card"):
        f = FLAVOURS.index(card.get("data-flavour"))
        assert INITIALS[f] in texts(card)


def test_game_over_names_the_winners_and_repr_svg_works():
    s = game_states(seed=9, players=3)[-1]
    root = parse(s._repr_svg_())
    names = join_words([s.names[p] for p in s.winners])
    word = "Winner" if len(s.winners) == 1 else "Winners"  # a real plural, never "(s)"
    assert f"{word}: {names}" in texts(root)
    assert options_drawn(root) == []


def test_cards_and_cones_have_accessible_names_and_flavours_are_distinct():
    from icecream.games.ice_cream.render import CLICK, FLAVOUR_COLOURS

    s = EXAMPLES["dan_case_a"].start()
    root = parse(render_svg(s, None))
    for card in with_class(root, "ic-card"):
        assert card.get("role") == "img" and card.get("aria-label", "").endswith("card")
    cones = with_class(root, "ic-cone")
    assert cones and all(c.get("aria-label", "").startswith("Cone ") for c in cones)
    assert len(set(FLAVOUR_COLOURS)) == 6 and CLICK not in FLAVOUR_COLOURS
    chocolate = FLAVOUR_COLOURS[FLAVOURS.index("chocolate")]
    r, g, b = (int(chocolate[k:k + 2], 16) for k in (1, 3, 5))
    assert r > g > b and r < 0x90  # a dark brown, not orange-red


def test_the_table_names_the_ruleset_and_a_two_player_house_variant():
    two = render_svg(icecream.new_game("ice-cream", players=2, seed=1, ruleset="ijs"), None)
    assert "Dutch summary (IJs)" in two and "2 players: a house variant (IC-1)" in two
    three = render_svg(icecream.new_game("ice-cream", players=3, seed=1), 0)
    assert "Rulebook (English)" in three and "house variant" not in three
    assert "Your turn" in three and "Your turn" not in render_svg(
        icecream.new_game("ice-cream", players=3, seed=1), 1)
