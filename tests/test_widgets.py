"""The explorers' Python side, driven as a browser would: clicks, steps, undo, the
scrubber, forks, perspectives, bots, new games, and forged input refused with nothing
changed."""

from __future__ import annotations

from html import unescape

import pytest

import icecream
from icecream.games.ice_cream import EXAMPLES
from icecream.widgets import ExampleExplorer, GameExplorer
from icecream.widgets.controls import TEACHER

NAMES = ["Ann", "Bob", "Cy"]


def snapshot(ex):
    """What must not change when an input is refused."""
    return (ex.state, ex.history.cursor, len(ex.history), ex.session.perspective,
            tuple(ex.session.players), ex.table.svg)


def classes(widget) -> set[str]:
    out = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        out |= classes(child)
    return out


@pytest.fixture
def game() -> GameExplorer:
    return GameExplorer(players=NAMES, seed=3)


def test_css_classes_are_all_there(game):
    found = classes(game)
    for css in ("ic-explorer", "ic-table", "ic-step", "ic-finish-phase", "ic-finish-round",
                "ic-play-to-end", "ic-undo", "ic-redo", "ic-scrubber", "ic-fork",
                "ic-perspective", "ic-new-game", "ic-explain", "ic-log", "ic-message",
                "ic-scores", "ic-branch", "ic-seat-player"):
        assert css in found, css
    found = classes(ExampleExplorer())
    for css in ("ic-example-explorer", "ic-table", "ic-example-select", "ic-example-next",
                "ic-example-outcome", "ic-explain", "ic-log", "ic-message", "ic-perspective"):
        assert css in found, css


def test_click_plays_through_the_engine_and_redraws(game):
    svg = game.table.svg
    assert game.click({"type": "swap"})
    assert game.history.cursor == 1 and game.state.current_player == 1
    assert "Ann discards the card they were dealt" in game.message
    assert not game.message_is_error
    assert game.table.svg != svg
    assert "step 1" in game.log_panel.value and "IC-5" in game.log_panel.value


FORGED = [
    {"type": "serve", "cone": 99},          # wrong phase and no such cone
    {"type": "keep", "cone": 1},            # extra field
    {"type": "fly"},                        # unknown action
    {"type": "place", "cone": "1"},         # wrong type
    {"type": "serve", "cone": True},        # a bool is not a cone
    {"cone": 1},                            # no type
    "keep",                                 # not a mapping
    None,
    ["keep"],
    {"type": "__import__('os').system('true')"},
]


@pytest.mark.parametrize("action", FORGED)
def test_forged_or_illegal_clicks_are_refused_and_change_nothing(game, action):
    before = snapshot(game)
    assert game.click(action) is False
    assert game.message_is_error and game.message
    assert snapshot(game) == before
    assert game.message_line.value.startswith('<div role="alert"')


@pytest.mark.parametrize("content", [
    {"kind": "action", "action": {"type": "draw"}},
    {"kind": "action", "action": {"type": "place", "cone": -3}},
    {"kind": "action"},
    {"kind": "eval", "action": {"type": "keep"}},
    {"kind": "action", "action": {"type": "keep"}, "extra": 1},
    {"kind": "action", "action": "keep"},
    "keep",
    [1, 2],
    {"kind": "action", "action": {str(k): k for k in range(100)}},
])
def test_messages_from_the_browser_are_checked(game, content):
    before = snapshot(game)
    game.table._handle_custom_msg(content, [])  # what a browser's model.send() reaches
    assert snapshot(game) == before
    assert game.message_is_error


def test_a_well_formed_browser_click_is_played(game):
    game.table._handle_custom_msg({"kind": "action", "action": {"type": "keep"}}, [])
    assert game.history.cursor == 1 and not game.message_is_error


def test_only_the_seat_to_act_may_click_from_its_own_view(game):
    assert game.set_perspective(1)
    before = snapshot(game)
    assert not game.click({"type": "keep"})  # Ann (seat 0) is to act, not Bob
    assert "now that is Ann" in game.message
    assert snapshot(game) == before
    assert game.set_perspective(0) and game.click({"type": "keep"})
    assert game.set_perspective(None) and game.click({"type": "keep"})  # teacher: anyone


def test_a_bot_seat_cannot_be_clicked_from_its_own_view():
    g = GameExplorer(players=NAMES, seed=3, bots=["random"] * 3, perspective=0)
    before = snapshot(g)
    assert not g.click({"type": "keep"})
    assert "bot" in g.message and snapshot(g) == before


@pytest.mark.parametrize("seat", [3, -1, "1", True, 1.0, [0]])
def test_perspective_out_of_range_is_refused(game, seat):
    before = snapshot(game)
    assert not game.set_perspective(seat)
    assert snapshot(game) == before and game.message_is_error


def test_perspective_selector_set_by_a_browser(game):
    game.perspective.value = 2
    assert game.session.perspective == 2
    assert "Seen by Cy" in unescape(game.table.svg)
    game.perspective.value = TEACHER
    assert game.session.perspective is None
    game.perspective.index = None  # a browser clearing the selection: refused, put back
    assert game.session.perspective is None and game.perspective.value == TEACHER
    assert game.message_is_error


def test_hidden_cards_stay_hidden_in_a_seats_view():
    g = GameExplorer(players=NAMES, seed=3, perspective=1)
    mine = g.state.view(1).face_down[1]
    others = {g.state.view(None).face_down[p] for p in (0, 2)}
    assert g.table.svg.count('class="ic-card-back"') == 2
    assert 'class="ic-card ic-face-down" data-flavour' in g.table.svg
    assert mine is not None and others
    assert "You are dealt a" in g.log_panel.value
    assert "only Ann sees it" not in g.log_panel.value and "only Cy sees it" not in \
        g.log_panel.value
    g.set_perspective(None)
    assert "only Ann sees it" in g.log_panel.value


def test_step_finish_phase_finish_round_and_play_to_end(game):
    assert game.step() and game.history.cursor == 1
    assert game.finish_phase() and game.state.phase == "cones"
    assert game.finish_phase() and game.state.phase == "serving"
    assert game.finish_round() and game.state.day == 2
    assert game.play_to_end() and game.state.is_over
    assert "Winner" in game.table.svg
    for command in (game.step, game.finish_phase, game.finish_round, game.play_to_end):
        before = snapshot(game)
        assert not command()
        assert "over" in game.message and snapshot(game) == before
    assert game.step_button.disabled


def test_same_seed_and_bots_replay_the_same_game():
    a = GameExplorer(players=NAMES, seed=11, bots=["random"] * 3)
    b = GameExplorer(players=NAMES, seed=11, bots=["random"] * 3)
    a.play_to_end()
    b.play_to_end()
    assert a.state.scores == b.state.scores and len(a.history) == len(b.history)


def test_bots_move_on_their_own_until_a_human_is_to_act():
    g = GameExplorer(players=NAMES, seed=5, bots=["human", "random", "random"])
    assert g.state.current_player == 0
    g.click({"type": "keep"})
    assert g.state.current_player == 0 and g.state.phase == "cones"  # Bob and Cy played
    assert len(g.history) == 3


def test_set_bot_validates_and_applies(game):
    assert game.set_bot(1, "random")
    assert game.session.players == ["human", "random", "human"]
    for seat, kind in ((5, "random"), (1, "alphago"), (1, None), ("1", "random"), (True, "human")):
        before = snapshot(game)
        assert not game.set_bot(seat, kind)
        assert snapshot(game) == before
    game.seat_selectors[2].value = "random"
    assert game.session.players[2] == "random"


def test_undo_redo_and_their_limits(game):
    assert not game.undo() and "Nothing to undo" in game.message
    game.click({"type": "keep"})
    game.click({"type": "keep"})
    assert game.undo() and game.history.cursor == 1
    assert game.redo() and game.history.cursor == 2
    assert not game.redo() and game.history.cursor == 2
    assert game.undo_button.disabled is False and game.redo_button.disabled is True


def test_scrubber_travels_and_refuses_bad_steps(game):
    game.finish_phase()
    n = len(game.history)
    assert game.scrubber.max == n and game.scrubber.value == n
    game.scrubber._handle_custom_msg({"kind": "jump", "step": 1}, [])  # a browser's slider
    assert game.history.cursor == 1 and game.state is game.history.states[1]
    assert game.scrubber.value == 1 and game.scrubber.value_text == f"1 of {n}"
    game.scrubber.value = 0  # a browser setting the trait itself: put back, nothing moves
    assert game.scrubber.value == 1 and game.history.cursor == 1
    game.scrubber._handle_custom_msg({"kind": "jump", "step": "0; drop"}, [])
    assert game.history.cursor == 1 and game.message_is_error
    assert game.jump(n) and game.history.cursor == n
    for bad in (-1, n + 1, "2", None, 2.0, True):
        before = snapshot(game)
        assert not game.jump(bad)
        assert snapshot(game) == before


def test_fork_keeps_both_lines(game):
    game.finish_phase()
    n = len(game.history)
    game.jump(1)
    assert game.fork()
    assert len(game.session.branches) == 2 and len(game.history) == 1
    game.step()
    assert len(game.history) == 2
    assert game.branch.value == 1
    game.branch.value = 0  # a browser choosing the first branch
    assert len(game.history) == n
    assert not game.switch_branch(7) and not game.switch_branch("0")


def test_a_move_at_a_past_step_keeps_the_later_steps_as_a_branch(game):
    game.finish_phase()
    n = len(game.history)
    old_line = game.history
    game.jump(2)
    assert game.click(game.state.legal_actions()[0].to_dict())
    assert len(game.session.branches) == 2 and game.history is not old_line
    assert len(old_line) == n                          # nothing was dropped
    assert game.history.cursor == 3 and len(game.history) == 3
    assert "the earlier line is kept" in unescape(game.message_line.value)
    assert game.branch.value == 1
    game.step()                                        # at the newest step: no new branch
    assert len(game.session.branches) == 2


def test_new_game_with_settings_and_refusals(game):
    assert game.new_game(players=["Dee", "Eve"], seed=9, ruleset="ijs", days=1)
    s = game.state
    assert s.names == ("Dee", "Eve") and s.settings.close == "flavour" and s.settings.days == 1
    assert [o[0] for o in game.perspective.options] == \
        ["Teacher (sees every card)", "Dee", "Eve"]
    assert len(game.seat_selectors) == 2
    for bad in ({"players": 7}, {"seed": -1}, {"seed": "1"}, {"colour": "red"},
                {"ruleset": "nope"}, {"players": ["Dee", "Dee"]}, {"days": True},
                {"first_dealer": 4}, {"players": ["A", 3]}, {"close": "both"}):
        before = snapshot(game)
        assert not game.new_game(**bad), bad
        assert snapshot(game) == before and game.message_is_error


def test_new_game_from_the_form(game):
    game.form.names.value = "Pat, Quinn, Rae, Sam"
    game.form.go.click()  # 4 names for 3 players: refused, with the reason
    assert game.state.names == tuple(NAMES) and game.message_is_error
    assert "4 names for 3 players" in game.message
    game.form.players.value = 4
    game.form.seed.value = 4
    game.form.fields["ruleset"].value = "ijs"
    assert game.form.fields["close"].value == "flavour"  # the ruleset implies it (IC-10)
    game.form.go.click()  # the New game button
    assert game.state.names == ("Pat", "Quinn", "Rae", "Sam")
    assert game.state.settings.close == "flavour" and "New game" in game.message


def test_explanation_panel_lists_every_option_with_its_rule():
    h = icecream.History(EXAMPLES["dan_case_a"].start())
    g = GameExplorer(h)
    html = g.explain.value
    assert html.count("<li") == len(g.state.options()) == 4
    assert "Cone 3 is only close, and you can serve cones 1 and 2 exactly" in html
    assert "You must serve one of cones 1 and 2, which you can serve exactly" in html
    assert "Serving (phase 3)" in html  # the rule's title, with its text foldable
    g.set_perspective(1)
    assert "To act: Dan." in unescape(g.explain.value) and "<li" not in g.explain.value


def test_table_svg_set_by_a_browser_is_put_back(game):
    good = game.table.svg
    game.table.svg = "<svg><script>alert(1)</script></svg>"
    assert game.table.svg == good


def test_example_explorer_plays_each_example_to_its_outcome():
    ex = ExampleExplorer()
    for eid, example in EXAMPLES.items():
        assert ex.select(eid)
        assert ex.position == 0 and ex.outcome.value == ""
        assert example.rulebook_text()[:40] in ex.rulebook.value
        for k in range(len(example.steps)):
            assert ex.next_step()
            assert example.step_note(k)[:30] in ex.note.value
        assert ex.finished
        assert example.outcome() in unescape(ex.outcome.value)
        assert not ex.next_step() and "Every step" in ex.message


def test_example_explorer_off_script_restart_and_forged_select():
    ex = ExampleExplorer("dan_case_a")
    assert ex.click({"type": "serve", "cone": 2})  # not the rulebook's choice
    assert ex.position is None and not ex.next_step()
    assert ex.undo() and ex.position == 0
    assert ex.next_step() and ex.finished
    assert ex.restart() and ex.position == 0 and ex.history.cursor == 0
    before = snapshot(ex)
    assert not ex.select("no_such_example") and not ex.select(3)
    assert snapshot(ex) == before
    ex.select_box.value = "joe_case_b"  # a browser picking another example
    assert ex.example.id == "joe_case_b" and ex.state.names[1] == "Joe"


def test_only_what_changed_is_redrawn(game, monkeypatch):
    import icecream.widgets.base as base

    calls = []
    real = base.hooks.render
    monkeypatch.setattr(base.hooks, "render", lambda *a, **k: calls.append(a) or real(*a, **k))
    game.refresh()
    assert calls == []  # nothing changed: no new picture
    game.click({"type": "keep"})
    assert len(calls) == 1
    game.set_perspective(None)  # already the teacher's view
    assert len(calls) == 1
    game.set_perspective(2)
    assert len(calls) == 2 and calls[-1][1] == 2
    assert not game.click({"type": "fly"})  # refused: the picture stays
    assert len(calls) == 2


# -- issue 11: no stuck states, scoring as a visible moment --------------------------------
def bots_game(**kw) -> GameExplorer:
    return GameExplorer(players=NAMES, seed=3, bots=["human", "random", "random"],
                        perspective=0, **kw)


def play_until(g: GameExplorer, done, limit: int = 400) -> None:
    """Ann (the human seat) plays her first legal option until ``done(g)``."""
    for _ in range(limit):
        if done(g):
            return
        assert g.session.human_to_act(), g.prompt.value
        assert g.click(g.state.legal_actions()[0].to_dict()), g.message
    raise AssertionError("never reached")


def test_a_scored_day_waits_with_a_summary_until_continue():
    g = bots_game()
    play_until(g, lambda g: g.session.summary is not None)
    at = g.history.cursor
    assert g.session.summary == at and g.state.day == 2
    assert g.summary_box.layout.display == "" and g.continue_button.layout.display == ""
    assert g.explain.layout.display == "none"
    text = unescape(g.summary.value)
    assert "Day 1 is scored" in text and "IC-13" in text
    for name in NAMES:
        assert f"{name} scores" in text  # each player's scoops and duplicates (IC-13)
    assert "Continue" in unescape(g.prompt.value)
    assert g.history.cursor == at  # the bots wait while the scoring is shown
    assert g.carry_on()
    assert g.session.summary is None and g.summary_box.layout.display == "none"
    assert g.session.human_to_act()


def test_game_over_summary_names_the_winner_and_offers_a_new_game():
    g = GameExplorer(players=NAMES, seed=3, days=1)
    assert g.play_to_end() and g.state.is_over
    text = unescape(g.summary.value)
    names = [g.state.names[p] for p in g.state.winners]
    assert "Game over" in text and all(n in text for n in names) and "IC-15" in text
    assert g.summary_new_game.layout.display == "" and g.continue_button.layout.display == "none"
    assert "Game over. Winner" in unescape(g.prompt.value)
    g.summary_new_game.click()
    assert not g.state.is_over and g.history.cursor == 0 and not g.message_is_error


def test_undo_goes_back_to_the_humans_previous_decision():
    g = bots_game()
    assert g.click({"type": "keep"})
    assert g.session.human_to_act() and g.history.cursor > 1  # the bots answered
    assert g.undo() and g.history.cursor == 0 and g.session.human_to_act()
    assert g.redo() and g.session.human_to_act()  # forward through the bots' moves


def test_scrubbing_back_to_a_bots_turn_offers_to_play_on():
    g = bots_game()
    g.click({"type": "keep"})
    n = len(g.history)
    assert g.jump(1) and not g.session.human_to_act()
    assert g.session.bots_waiting() and g.resume_button.layout.display == ""
    assert "play on from here" in unescape(g.prompt.value)
    assert g.carry_on()  # the bots play on from step 1 on a new line; the old one is kept
    assert len(g.session.branches) == 2 and g.session.human_to_act()
    assert g.resume_button.layout.display == "none"
    assert g.switch_branch(0) and len(g.history) == n
    assert g.jump(n) and g.session.human_to_act()


def test_step_for_a_human_seat_says_a_bot_chose():
    g = GameExplorer(players=NAMES, seed=3)
    assert g.step_button.description == "Bot move for Ann"
    assert g.step() and g.message.startswith("A bot chose for Ann, a human seat.")
    g2 = GameExplorer(players=NAMES, seed=3, bots=["random"] * 3)
    assert g2.step_button.description == "Step" and g2.step()
    assert "A bot chose" not in g2.message


def test_a_bigger_new_game_gives_the_new_seats_bots_so_nobody_waits():
    g = GameExplorer(players=["Ann", "Bob"], seed=3, bots=["human", "heuristic"],
                     perspective=0)
    assert g.new_game(players=["Ann", "Bob", "Cy", "Dee", "Eve"], seed=4)
    assert g.session.players == ["human", "heuristic", "heuristic", "heuristic", "heuristic"]
    assert len(g.seat_selectors) == 5
    play_until(g, lambda g: g.state.phase == "cones")  # never stuck on a seat


def test_prompt_says_whose_turn_in_words():
    g = bots_game()
    assert "Your turn" in unescape(g.prompt.value)
    g.set_perspective(1)
    assert "Your turn" not in unescape(g.prompt.value)
    h = GameExplorer(players=NAMES, seed=3, perspective=1)
    assert "To act: Ann, a human seat" in unescape(h.prompt.value)
    h.set_perspective(None)
    assert "teacher" in unescape(h.prompt.value)


def test_what_if_of_the_position_shown_respects_hidden_information():
    g = bots_game()
    assert g.what_if() and g.what_if_panel is not None
    assert g.what_if_panel.state is g.state
    g.set_perspective(1)  # Ann decides: Bob's seat may not explore Ann's decision
    assert not g.what_if() and g.message_is_error
    assert g.set_perspective(None) and g.what_if()


def test_example_explorer_shows_the_scoring_it_reaches():
    ex = ExampleExplorer("dan_larry_scoring")
    assert ex.summary.value == ""
    while ex.next_step():
        pass
    text = unescape(ex.summary.value)
    assert "Day 1 is scored" in text and "Dan scores" in text and "Larry scores" in text
    assert ex.undo() and ex.summary.value == ""


def test_a_long_run_pauses_and_goes_on_when_asked(monkeypatch):
    # No stuck page (issue 11): a run of moves longer than RUN_SECONDS stops, says so, and
    # the same button goes on from there.
    from icecream.widgets import session as session_module

    monkeypatch.setattr(session_module, "RUN_SECONDS", 0.0)
    g = GameExplorer(players=3, seed=2, bots=["human", "random", "random"])
    before = len(g.history)
    assert g.play_to_end() and not g.state.is_over
    assert len(g.history) == before + 1 and "press the same button again" in g.message
    monkeypatch.setattr(session_module, "RUN_SECONDS", 60.0)
    assert g.play_to_end() and g.state.is_over and "press the same" not in g.message


def test_page_bots_think_briefly():
    # A search bot on a page has a time limit per move, so "play to the end" stays short.
    g = GameExplorer(players=3, seed=2, bots=["human", "ismcts", "random"])
    assert g.session._bots[1].time_limit is not None and g.session._bots[1].time_limit <= 1


def test_the_play_pages_what_if_draws_its_chart_as_svg():
    """The play page loads no plotly front end (voila.json, issue 30): its What if? panel
    draws the same bars as SVG, which needs no script."""
    g = bots_game()
    assert g.what_if() and g.what_if_panel.plotly is False
    panel = g.what_if_panel
    panel.samples.value = 2
    assert panel.run()
    (box,) = panel.chart.children
    assert 'class="ic-svg-chart"' in box.value and "<rect" in box.value
