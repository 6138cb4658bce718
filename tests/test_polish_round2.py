"""Issue 21, round 2, Python side: Ice Cream's scored day shown as scored until Continue
(through the generic ``round_start_event`` / ``render_scoring`` hooks), the rulebook
example's outcome above the table, Combo Cone's table (readable sizes, numbered row
cards, brands and cone strips explained, one word for Secure), and Gelato Mio's table
(the Showcase named apart from the Display, Quality Control's own colour)."""

from __future__ import annotations

import re
from html import unescape

import icecream
from icecream.core.history import History
from icecream.core.messages import t
from icecream.games.combo_cone import render as ccp_render
from icecream.games.gelato_mio import render as gm_render
from icecream.games.ice_cream.render import render_scoring
from icecream.widgets import ExampleExplorer, GameExplorer, hooks

NAMES = ["Ann", "Bob", "Cy"]


def _scored_game() -> GameExplorer:
    """Ann (human) plays her first option against random bots until day 1 is scored."""
    g = GameExplorer(players=NAMES, seed=3, bots=["human", "random", "random"], perspective=0)
    for _ in range(400):
        if g.session.summary is not None:
            return g
        assert g.click(g.state.legal_actions()[0].to_dict()), g.message
    raise AssertionError("day 1 was never scored")


def test_ic13_scored_day_shows_the_scored_table_until_continue() -> None:
    g = _scored_game()
    assert g.scoring_shown and g.state.day == 2  # the engine has dealt day 2 already...
    svg = unescape(g.table.svg)
    # ...but the table shows day 1 as scored: no options, each player's breakdown, the
    # cards handed in, and what Continue does.
    assert 'data-scoring="1"' in svg and "ic-option" not in svg
    assert svg.count('class="ic-last-day"') == 3
    assert t("widgets.svg.day_scored", day=t("ui.day_n.inline", n=1)) in svg
    assert t("widgets.svg.next_on_continue", day=t("ui.day_n.inline", n=2)) in svg
    # Day 2's deal waits: neither the summary nor the message line tells it yet.
    dealt = t("ic.event.day", day=2, dealer="")[:12]
    summary = unescape(g.summary.value)
    assert "IC-13" in summary and dealt not in summary and dealt not in g.message
    assert g.carry_on()
    assert not g.scoring_shown and 'data-scoring="1"' not in g.table.svg
    assert dealt in g.message  # told once the player carries on


def test_ic13_cards_handed_in_are_what_the_scoring_took() -> None:
    h = History.new("ice-cream", players=NAMES, seed=5)
    while h.state.day == 1:
        h.play(h.state.legal_actions()[-1])
    before, after = h.states[-2], h.state
    svg = render_scoring(before, after, seat=None)
    parts = re.split(r'(?=<g class="ic-player)', svg)
    for p in range(3):
        panel = next(x for x in parts if x.startswith(f'<g class="ic-player" data-seat="{p}"'))
        shown = panel.count('class="ic-card')
        handed = panel.count("ic-handed-in")
        kept = len(after.view(None).face_up[p])
        assert shown - handed == kept, (p, shown, handed, kept)
        score = next(e.params for e in after.events
                     if e.key == "ic.event.score" and e.params["player"] == p)
        assert t("widgets.svg.scoops", count=score["scoops"]) in unescape(panel)


def test_round_split_and_render_scoring_are_generic_hooks() -> None:
    # A game that declares no round start keeps all its events together, and a game
    # without a scoring picture shows the position after the step.
    s = icecream.new_game("combo-cone", players=3, seed=1)
    s2 = s.apply(s.legal_actions()[0])
    assert s2.game.round_start_event == "" and s2.round_split() == len(s2.events)
    assert hooks.render_scoring(s, s2, 0) == hooks.render(s2, 0)
    assert hooks.split_round_texts(s2, 0) == (s2.event_texts(0), [])
    ic = icecream.get_game("ice-cream")
    assert ic.round_start_event == "ic.event.day" and ic.render_scoring is render_scoring


def test_rulebook_example_outcome_heads_the_page() -> None:
    ex = ExampleExplorer("dan_larry_scoring")
    kids = list(ex.children)
    assert kids.index(ex.outcome) < kids.index(ex.message_line)
    table_row = next(k for k in kids if ex.table in getattr(k, "children", ()))
    assert kids.index(ex.outcome) < kids.index(table_row)
    while ex.next_step():
        pass
    assert ex.finished and ex.example.outcome() in unescape(ex.outcome.value)


def _ccp(players: int, steps: int, seed: int = 4) -> object:
    s = icecream.new_game("combo-cone", players=players, seed=seed)
    bot = icecream.bots.make_bot("heuristic", seed=1)
    for _ in range(steps):
        s = s.apply(bot.choose(s.view(s.current_player)))
    return s


def test_ccp_table_text_reads_at_least_11px_where_it_is_shown() -> None:
    # Shown ~700 px wide beside the play page's side panel (and in the quiz) at 1024x640.
    svg = ccp_render.render_svg(_ccp(4, 40), 0)
    width = int(re.search(r'width="(\d+)"', svg)[1])
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) * 700 / width >= 11, (min(sizes), width)


def test_ccp_row_cards_carry_the_numbers_the_scoop_chips_use() -> None:
    s = icecream.new_game("combo-cone", players=3, seed=1)
    svg = ccp_render.render_svg(s, s.current_player)
    for i in range(4):
        card = re.search(rf'<g [^>]*ccp-row-card ccp-pos-{i}.*?</g>', svg, re.S)[0]
        assert re.search(rf'class="ccp-pos-number".*?>{i + 1}</text>', card, re.S), i
    # "Scoop 1+3" names the cards numbered 1 and 3: row positions 0 and 2.
    chip = re.search(r'data-action=\'(\{"type":"scoop","cards":\[0,2\]\})\'', svg)
    assert chip and t("ccp.svg.chip_scoop", cards="1+3") in svg


def test_ccp_brands_and_cone_strips_have_a_legend() -> None:
    svg = unescape(ccp_render.render_svg(_ccp(3, 30), 0))
    legend = re.search(r'class="ccp-legend"[^>]*>([^<]*)<', svg)[1]
    for brand, icon in ccp_render.BRAND_ICONS.items():
        assert f"{icon} {t(f'ccp.brand.{brand}')}" in legend
    assert t("ccp.svg.cone_legend") in svg


def test_ccp7_secure_is_the_one_word_for_the_action() -> None:
    s = icecream.new_game("combo-cone", players=3, seed=1)
    secures = [o for o in s.options() if o.action.type == "secure"]
    assert secures
    for o in secures:
        text = o.reason.text("en", s.names)
        assert text.startswith("Secure"), text
    after = s.apply(secures[0].action)
    assert any(" secures " in e for e in after.event_texts(None))
    assert t("ccp.svg.chip_secure") == "Secure" and "Secure" in t("ccp.svg.order_row")


def test_ccp_five_players_orders_keep_their_width_and_coins_their_line() -> None:
    s = icecream.new_game("combo-cone", players=5, seed=4)
    for _ in range(200):  # every Artisan Secures when it can: reserved orders pile up
        legal = s.legal_actions()
        secure = [a for a in legal if a.type == "secure"]
        s = s.apply(secure[0] if secure else legal[0])
        if sum(len(r) for r in s.view(None).reserved) >= 8:
            break
    svg = ccp_render.render_svg(s, s.current_player)
    widths = re.findall(r'ccp-reserved"[^>]*>.*?<rect x="\d+" y="\d+" width="(\d+)"', svg, re.S)
    assert widths and all(int(w) == ccp_render.ORDER_W for w in widths), widths
    for p in range(5):  # the name line and the coins line are two texts, apart
        head = re.search(rf'ccp-seat-{p}"><rect[^>]*/></g><text[^>]*y="(\d+)"[^>]*>([^<]*)'
                         r'</text><text[^>]*y="(\d+)"', svg)
        assert head and int(head[3]) - int(head[1]) >= 16, p
        assert "coin" not in head[2], head[2]  # the name line names no coins


def test_gm_showcase_is_named_apart_from_the_display_and_qc_has_its_own_colour() -> None:
    s = icecream.new_game("gelato-mio", players=3, seed=1)
    # The words drawn, a text's lines (tspans) joined (a pile's label takes two lines).
    svg = re.sub(r"<tspan[^>]*>|</tspan>", "", unescape(gm_render.render_svg(s, 0)))
    assert t("gm.ui.showcase") in svg
    # The showcase is pile 1 and the three customer piles are 2-4, as the engine's
    # messages count them ("serve the customer on pile 4"; round 3).
    assert t("gm.ui.pile", number=2, count=6) in svg and t("gm.ui.pile", number=4, count=6) \
        in svg and t("gm.ui.pile", number=1, count=6) not in svg
    assert t("gm.ui.display").startswith("Display")
    colours = gm_render.COLOURS
    assert colours["qc_hand"] != colours["cone"] and colours["qc_balls"] != colours["cone"]
    assert colours["qc_hand"] not in {colours[k] for k in colours if not k.startswith("qc_")}


def test_ic_long_cone_names_fit_their_slot_in_dutch() -> None:
    s = icecream.new_game("ice-cream", players=3, seed=1, ruleset="ijs")
    for _ in range(20):
        if s.phase == "cones":
            break
        s = s.apply(s.legal_actions()[0])
    svg = s.game.render_svg(s, None, "nl")
    names = re.findall(r'<text class="ic-cone-name"([^>]*)>([^<]*)<', svg)
    assert names
    new = t("widgets.svg.new_cone", "nl")
    if " " in new:  # "Nieuw hoorntje": two lines, each within the slot
        assert all(w in [n for _a, n in names] for w in new.split(" ", 1))


def test_ccp12_game_over_names_the_winner_in_the_readers_language():
    """The evaluation event carries seats, not names baked in by the engine: a default
    name reads "Speler 3" in Dutch (issue 21; CCP-12)."""
    import random

    from icecream import new_game

    s = new_game("combo-cone", players=3, seed=5)
    r = random.Random(1)
    while not s.is_over:
        s = s.apply(r.choice(s.legal_actions()))
    en, nl = s.event_texts(None, "en")[-1], s.event_texts(None, "nl")[-1]
    assert "CCP-12" in en and "Player" in en
    assert "Speler" in nl and "Player" not in nl
