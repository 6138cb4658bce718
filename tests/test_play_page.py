"""The play page's Python side for issue 21: what happened since the player's last move,
the options panel, the new-game form and the game-over summary."""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape

import pytest

import icecream
from icecream.core.messages import set_language, t
from icecream.widgets import GameExplorer, panels
from icecream.widgets.controls import SettingsForm, kind_options


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")  # a language switch sets the kernel's language


def _bots_game(game: str = "ice-cream") -> GameExplorer:
    spec = icecream.get_game(game)
    n = max(3, spec.min_players) if spec.max_players >= 3 else spec.min_players
    return GameExplorer(game=game, players=n, seed=2,
                        bots=["human"] + ["random"] * (n - 1), perspective=0)


def test_after_a_move_the_message_tells_every_bot_move_until_it_is_your_turn() -> None:
    g = _bots_game()
    before = g.history.cursor
    assert g.click(g.state.legal_actions()[0].to_dict())
    steps = g.history.cursor - before
    assert steps > 1, "the bots answered"
    events = g.session.events_since(before)
    # Every event of every step since the click is there, not only the last bot's.
    for text in events:
        assert text in g.message
    earlier = g.history.states[before + 1].event_texts(0, "en")
    assert earlier and all(e in g.message for e in earlier)
    html = unescape(g.message_line.value)
    assert all(e in html for e in events) and "…" not in html


def test_the_message_line_lists_events_one_a_line_and_caps_a_long_run() -> None:
    events = [f"event {k}" for k in range(panels.MAX_EVENTS + 5)]
    html = panels.message_html(["note"], False, events)
    assert html.count("<li>") == panels.MAX_EVENTS
    assert "event 4<" not in html and f"event {panels.MAX_EVENTS + 4}" in html
    assert t("widgets.msg.more_events", count=5) in unescape(html)
    assert "line-clamp" not in html and "overflow-y:auto" in html


def test_forbidden_options_are_one_click_away_not_listed_in_full() -> None:
    s = icecream.new_game("combo-cone", players=2, seed=3)
    opts = s.options()
    forbidden = [o for o in opts if not o.allowed]
    assert forbidden, "the position has forbidden options"
    html = panels.explain_html(s, None)
    shown, hidden = html.split('<details class="ic-forbidden-list">')
    assert shown.count('class="ic-allowed"') == len(opts) - len(forbidden)
    assert 'class="ic-forbidden"' not in shown
    assert hidden.count('class="ic-forbidden"') == len(forbidden)
    assert t("widgets.explain.show_forbidden", count=len(forbidden)) in unescape(hidden)


def test_a_none_choice_is_shown_in_the_form_and_given_back_as_none() -> None:
    form = SettingsForm(lambda _f: None, game="combo-cone")
    field = form.fields["rainbow_hand_limit"]
    assert field.value is not None and field.label  # the field is not blank
    assert form.values()["rainbow_hand_limit"] is None
    field.value = 2
    assert form.values()["rainbow_hand_limit"] == 2


def test_the_new_game_form_closes_when_the_game_starts() -> None:
    g = _bots_game()
    g.settings_toggle.value = True
    assert g.form.layout.display == ""
    g.form.go.click()
    assert not g.message_is_error, g.message
    assert g.settings_toggle.value is False and g.form.layout.display == "none"
    # A refused form stays open, to be corrected.
    g.settings_toggle.value = True
    g.form.names.value = "Ann, Bob"
    g.form.go.click()
    assert g.message_is_error and g.form.layout.display == ""


def test_game_over_summary_has_a_round_column_only_where_rounds_score() -> None:
    head = t("widgets.summary.this_round")
    for game, per_round in (("combo-cone", False), ("ice-cream", True)):
        g = GameExplorer(game=game, players=2 if game != "ice-cream" else 3, seed=1,
                         days=1) if game == "ice-cream" else GameExplorer(
            game=game, players=2, seed=1)
        g.play_to_end()
        html = panels.summary_html(g.history, len(g.history), None)
        assert (head in unescape(html)) is per_round, game


def test_bots_are_named_by_what_they_do_in_both_languages() -> None:
    from icecream.bots import bot_names
    from icecream.widgets.controls import kind_options

    for lang in ("en", "nl"):
        labels = [label for label, _kind in kind_options(lang)]
        for name in bot_names():  # "bot: ismcts" meant nothing to a student
            assert t("widgets.label.bot", lang, name=name) not in labels, (lang, labels)
        assert len(set(labels)) == len(labels)
    assert [v for _l, v in kind_options("nl")] == ["human", *bot_names()]


def test_game_titles_and_the_default_ruleset_follow_the_language(english_afterwards) -> None:
    from icecream.widgets.controls import game_options, language_ruleset
    from icecream.widgets.language import LanguageSwitch

    assert ("IJs", "ice-cream") in game_options("nl")
    assert ("Ice Cream", "ice-cream") in game_options("en")
    spec = icecream.get_game("ice-cream")
    assert language_ruleset(spec, "nl") == "ijs" and language_ruleset(spec, "en") == "rulebook"
    assert SettingsForm(lambda _f: None, lang="nl").fields["ruleset"].value == "ijs"
    # The page's own game, nothing played yet, is played by the Dutch rules in Dutch; the
    # hint stays on.
    g = GameExplorer(players=4, seed=1, bots=["human"] + ["heuristic"] * 3, perspective=0)
    g.hints.set_enabled(True)
    switch = LanguageSwitch(g)
    switch.set_language("nl")
    new = switch.widget
    assert new.state.setup_args()["ruleset"] == "ijs" and new.hints.enabled
    assert new.form.game.label == "IJs"


def test_a_seat_offers_only_the_bots_that_can_play_its_game() -> None:
    # Tub (a plug-in) has no policies of its own: no "plays sensibly" seat that would fail
    # on its first move; and a new game of it turns such a seat into the random bot.
    tub = [kind for _label, kind in kind_options("en", "tub")]
    assert tub[0] == "human" and "random" in tub and "heuristic" not in tub
    assert "heuristic" in [kind for _label, kind in kind_options("en", "ice-cream")]
    page = GameExplorer(game="ice-cream", players=3, bots=["human", "heuristic", "heuristic"])
    page.form.game.value = "tub"
    page.form.go.click()
    assert page.session.players[1:] == ["random", "random"]
    assert [v for _l, v in page.seat_selectors[1].options] == tub
