"""Issue 21, round 3, Python side: while a scored round waits for *Continue*, a table click
or a Step is refused with words saying so (nothing changes); Combo Cone's game-over
heading is capitalised in both languages; Gelato Mio's table text is drawn large enough
to read at >= 11 px where the pages show it."""

from __future__ import annotations

import re
from html import unescape

import pytest

import icecream
from icecream.core.messages import t
from icecream.games.gelato_mio import render as gm_render
from icecream.widgets import GameExplorer

NAMES = ["Ann", "Bob", "Cy"]


def _scored(lang: str = "en") -> GameExplorer:
    """Ann (human) plays her first option against random bots until day 1 is scored."""
    g = GameExplorer(players=NAMES, seed=3, bots=["human", "random", "random"],
                     perspective=0, lang=lang)
    for _ in range(400):
        if g.scoring_shown:
            return g
        assert g.click(g.state.legal_actions()[0].to_dict()), g.message
    raise AssertionError("day 1 was never scored")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_ic13_click_and_step_are_refused_while_the_scoring_waits_for_continue(
        lang: str) -> None:
    g = _scored(lang)
    state, cursor, svg = g.state, g.history.cursor, g.table.svg
    words = t("widgets.msg.continue_first", lang, button=t("widgets.button.continue", lang))
    assert t("widgets.button.continue", lang) in words
    legal = state.legal_actions()[0].to_dict()  # a move the rules allow in the next day
    for command in (lambda: g.click(legal), g.step):
        assert command() is False
        assert g.message == words and g.message_is_error
        # Nothing changed: the same state, the same step, still the scored table.
        assert g.state is state and g.history.cursor == cursor and g.scoring_shown
        assert g.table.svg == svg
    # Continue deals the next day; then the same click is played.
    assert g.carry_on() and not g.scoring_shown
    assert g.click(g.state.legal_actions()[0].to_dict()), g.message
    assert g.history.cursor > cursor


def test_ic13_the_continue_first_words_are_natural_dutch() -> None:
    nl = t("widgets.msg.continue_first", "nl", button=t("widgets.button.continue", "nl"))
    assert "Verder" in nl and "puntentelling" in nl and "niets veranderd" in nl


def _over(game: str) -> object:
    s = icecream.new_game(game, players=3, seed=5)
    bot = icecream.bots.make_bot("heuristic", seed=1)
    for _ in range(5000):
        if s.is_over:
            return s
        s = s.apply(bot.choose(s.view(s.current_player)))
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_ccp12_game_over_heading_is_capitalised(lang: str) -> None:
    s = _over("combo-cone")
    svg = unescape(s.game.render_svg(s, None, lang))
    head = re.search(r'class="ic-phase"[^>]*>([^<]*)<', svg).group(1)
    assert head == t("ccp.svg.game_over", lang) and head[0].isupper(), head
    # In a sentence the phase keeps its lower case ("nu is het einde van het spel").
    assert t("ccp.phase.over", lang)[0].islower()


def test_gm_phase_over_reads_as_the_other_games_heading_in_dutch() -> None:
    assert t("gm.phase.over", "nl") == t("ic.phase.over", "nl") == "Einde van het spel"


#: The widest the play page and the quiz show Gelato Mio's table at 1024x640 (measured in
#: Chromium: ~700 px beside the play page's side panel); text below MIN_PX is unreadable
#: on a projector (issue 21).
SHOWN_PX, MIN_PX = 700, 11


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_gm_table_text_reads_at_least_11px_where_it_is_shown(lang: str) -> None:
    s = icecream.new_game("gelato-mio", players=4, seed=2)
    bot = icecream.bots.make_bot("heuristic", seed=1)
    for _ in range(40):
        s = s.apply(bot.choose(s.view(s.current_player)))
    for seat in (None, s.current_player):
        svg = gm_render.render_svg(s, seat, lang)
        width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
        assert min(sizes) * SHOWN_PX / width >= MIN_PX, (lang, seat, min(sizes), width)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_what_if_bots_are_named_by_what_they_do(lang: str) -> None:
    """The what-if page's bot choices read as the play page's seats do ("plays at random",
    "speelt willekeurig"), not as the bots' code names ("random")."""
    from icecream.widgets.session import bot_words
    from icecream.widgets.whatif import PositionWhatIf, RulesetComparison

    w = RulesetComparison(games=4, players=3, lang=lang, game="ice-cream")
    labels = [label for label, _ in w.bots.options]
    bots = ("random", "greedy", "heuristic", "rollout")  # rollout: every game's own (issue 29)
    assert labels == [t(f"widgets.bot.{b}", lang) for b in bots]
    assert "random" not in labels and w.bots.value in bots
    p = PositionWhatIf(icecream.new_game("ice-cream", players=3, seed=1), lang=lang)
    assert [label for label, _ in p.policy.options] == [
        bot_words(b, lang) for _, b in p.policy.options]
    assert all(label != value for label, value in p.policy.options)


def test_ccp_header_names_the_phase_as_a_heading_in_dutch() -> None:
    """The table's header reads "Ronde 1 · hoofdactie", not "· de hoofdactie" (the
    phase's name inside a sentence keeps its article)."""
    s = icecream.new_game("combo-cone", players=3, seed=1)
    svg = unescape(s.game.render_svg(s, 0, "nl"))
    head = re.search(r'class="ic-phase"[^>]*>([^<]*)<', svg).group(1)
    assert head.endswith(t("ccp.svg.phase.main", "nl")) and " de " not in head, head
    assert t("ccp.phase.main", "nl") == "de hoofdactie"


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_gm3_piles_are_counted_alike_on_the_table_in_the_quiz_and_in_the_engine(
        lang: str) -> None:
    """The table names the piles as the quiz's choices and the engine's messages do: the
    last pile is "pile 4" everywhere (it read "Pile 3" on the table, "pile 4" in the quiz's
    "Serve the customer on pile 4" and in the options' reasons)."""
    from icecream.core.questions import action_label

    s = icecream.new_game("gelato-mio", players=3, seed=1)
    words = re.sub(r"<[^>]+>", "", unescape(gm_render.render_svg(s, 0, lang)))
    last = len(s.view(0).pile_tops) - 1
    assert t("gm.ui.pile", lang, number=last + 1, count=s.view(0).pile_sizes[last]) in words
    assert t("gm.ui.showcase", lang) in words
    label = action_label(s, {"type": "serve", "pile": last}, lang)
    assert str(last + 1) in label
    serve = [o for o in s.options() if o.action.to_dict() == {"type": "serve", "pile": last}]
    assert serve and str(last + 1) in serve[0].reason.text(lang, s.names, s.game.flavour_codes)


def test_what_if_numbers_never_read_minus_zero() -> None:
    """A difference that rounds to nothing reads "+0.0" / "+0%", never "-0.0" (seen on
    Ice Cream's position what-if: "-0.0 (-2.8 to +2.7)")."""
    from icecream.widgets.whatif import show_value

    minus_zero = {"-0.0", "-0,0", "-0%", "\u22120.0", "\u22120,0"}
    for lang in ("en", "nl"):
        for v in (-0.05, -0.0449, -0.049, -0.0, -1e-9, -0.0049, -0.005, -0.0051):
            assert show_value(v, False, lang, sign=True) not in minus_zero, v
            assert show_value(v, True, lang, sign=True) not in minus_zero, v
        assert show_value(-0.049, False, lang, sign=True).startswith("+")
