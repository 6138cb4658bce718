"""A round's words in the middle of a sentence (issue 31's classroom Dutch): "Speel door tot
dag 2 voorbij is", not "tot Dag 2". A game's catalog may give ``<round_label>.inline`` for
that place; the sentences that name the round inside them use it, in both languages
(English keeps "Day 2": a day is named like a title there)."""

from __future__ import annotations

import icecream
from icecream.core.history import History
from icecream.core.messages import t
from icecream.widgets import GameExplorer
from icecream.widgets.hooks import round_text
from icecream.widgets.panels import summary_html


def _explorer(lang: str) -> GameExplorer:
    return GameExplorer(players=["Ann", "Bob", "Cas"], seed=3, lang=lang)


def test_the_finish_round_tip_names_the_day_in_lowercase_dutch_inside_its_sentence():
    nl, en = _explorer("nl"), _explorer("en")
    assert nl.finish_round_button.description == "Dag 1 afmaken"  # a label starts with it
    assert "tot dag 1 voorbij is" in nl.finish_round_button.tooltip
    assert "Dag" not in nl.finish_round_button.tooltip
    assert "until Day 1 is over" in en.finish_round_button.tooltip
    assert round_text(nl.state, "nl") == "Dag 1" and round_text(nl.state, "nl", inline=True) \
        == "dag 1"


def test_the_round_summary_and_the_scored_table_name_the_day_inside_their_sentences():
    h = History(icecream.new_game("ice-cream", players=3, seed=4))
    while h.state.day == 1:
        h.play(h.state.legal_actions()[0])
    step = len(h.states) - 1  # the step that scored day 1
    assert "Puntentelling van dag 1" in summary_html(h, step, None, "nl")
    assert "Day 1 is scored" in summary_html(h, step, None, "en")
    assert t("widgets.svg.next_on_continue", "nl", day=t("ui.day_n.inline", "nl", n=2)) \
        == "Daarna begint dag 2"


def test_the_default_round_words_have_an_inline_form_too():
    assert t("ui.round.inline", "nl", n=3) == "ronde 3"
    assert t("ui.round.inline", "en", n=3) == "Round 3"
