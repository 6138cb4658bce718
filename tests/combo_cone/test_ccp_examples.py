"""The rulebook's examples (and the worked combo chain) play as the rulebook says."""

from __future__ import annotations

import pytest

from icecream.games.combo_cone import EXAMPLES, GAME


def test_ccp_examples_are_registered_with_their_words():
    assert GAME.examples() is EXAMPLES
    for ex in EXAMPLES.values():
        assert ex.title() and ex.rulebook_text() and ex.outcome()
        assert all(r in GAME.rules for r in ex.rules)
        for k in range(len(ex.steps)):
            assert ex.step_note(k)


def test_ccp6_example_groups_a_and_b():
    ex = EXAMPLES["scoop_groups"]
    s = ex.start()
    scoops = [a.cards for a in s.legal_actions() if a.type == "scoop"]
    assert (0, 2) in scoops and (1, 2) in scoops  # group A: one flavour; group B: one brand
    assert len([c for c in scoops if len(c) > 1]) == 2
    end = ex.play()[-1]
    assert len(end.hands[0]) == 2


def test_ccp8_example_combo_a_and_no_combo_b():
    states = EXAMPLES["serve_combo"].play()
    assert [s.placements for s in states[1:4]] == [2, 2, 2]  # A: combos keep the budget
    assert "1 placement left" in states[4].event_texts()[0]  # B: uses a placement


def test_ccp9_example_triple_order_but_not_single():
    ex = EXAMPLES["fill_height"]
    s = ex.start()
    single = s.why_not({"type": "fill", "cone": 0, "order": 3})
    assert not single.allowed and single.rule == "CCP-9"
    end = ex.play()[-1]
    assert end.coins[0] == 3 and end.cones[0][0] == []


def test_ccp_worked_combo_chain():
    states = EXAMPLES["combo_chain"].play()
    combos = sum(1 for s in states for e in s.events if e.key.startswith("ccp.event.combo"))
    assert combos == 4
    assert states[-1].coins[0] == 7  # 5 for the four-scoop order, 2 with the Rainbow


@pytest.mark.parametrize("eid", list(EXAMPLES))
def test_ccp_examples_render(eid):
    for s in EXAMPLES[eid].play():
        GAME.render_svg(s, s.current_player if s.current_player is not None else None, "en")
