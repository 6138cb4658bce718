"""The quiz widget and the hint panel, driven as a notebook or a browser would drive them."""

from __future__ import annotations

import icecream
from icecream.core.messages import t
from icecream.games.ice_cream import load_scenario
from icecream.teach.quiz import make_quiz
from icecream.widgets.hints import HintPanel
from icecream.widgets.quiz import QuizWidget, picture


def _wrong_picks(q) -> list[int]:
    wrong = [k for k, c in enumerate(q.choices) if not c.correct]
    return wrong[:1] if not q.multiple else wrong


def test_quiz_widget_grades_ticks_and_shows_the_rules_broken() -> None:
    w = QuizWidget(count=4, seed=5)
    assert "ic-quiz" in w._dom_classes
    q = w.question
    _tick(w, _wrong_picks(q))
    w.check_button.click()
    assert w.graded is not None and not w.graded.correct
    assert t("teach.quiz.wrong") in w.feedback.value
    for rule in w.graded.rules:  # the full text of every rule broken is shown
        assert q.state.game.rules[rule].text().replace("'", "&#x27;") in w.rules.value
    assert all(box.disabled for box in w.boxes) and w.check_button.disabled
    assert w.radio is None or w.radio.disabled
    assert w.right == 0 and w.answered == 1
    assert w.answer(q.answer) is None  # checked once only
    assert w.next_question()
    g = w.answer(w.question.answer)
    assert g.correct and w.right == 1 and t("teach.quiz.right") in w.feedback.value


def _tick(w: QuizWidget, picks: list[int]) -> None:
    """Tick ``picks`` as a browser does: the checkboxes, or the one radio button."""
    if w.radio is not None:
        w.radio.value = picks[0]
    for k in picks if w.radio is None else ():
        w.boxes[k].value = True


def test_one_answer_question_has_radio_buttons_and_pick_all_has_checkboxes() -> None:
    qs = make_quiz("ice-cream", count=8, seed=2)
    w = QuizWidget(questions=[q for q in qs if not q.multiple])
    assert w.radio is not None and not w.boxes
    assert "ic-quiz-radio" in w.radio._dom_classes
    assert [label for label, _k in w.radio.options] == [c.label for c in w.question.choices]
    assert w.picks == ()
    w.radio.value = 0
    w.radio.value = 1
    assert w.picks == (1,)
    w = QuizWidget(questions=[q for q in qs if q.multiple])
    assert w.radio is None and len(w.boxes) == len(w.question.choices)


def test_quiz_widget_refuses_bad_values_and_changes_nothing() -> None:
    w = QuizWidget(count=2, seed=1)
    assert w.answer([99]) is None and w.graded is None
    assert "There is no choice 99" in w.message.value
    assert not w.new_quiz(seed="1; import os") and w.seed == 1
    assert not w.new_quiz(seed=True)
    assert w.new_quiz(seed=9) and w.seed == 9 and w.index == 0
    w.next_question()
    assert not w.next_question()  # after the last question: a message, no change
    assert "last question" in w.message.value and w.index == 1


def test_quiz_picture_shows_the_asked_seat_without_option_marks() -> None:
    q = next(q for q in make_quiz("ice-cream", count=10, seed=4) if q.kind == "serve_cones")
    svg = picture(q)
    assert "<svg" in svg and "ic-option" not in svg
    marked = q.state.game.render_svg(q.state, q.seat)
    assert "ic-option" in marked  # the same table with marks would show the answer


# -- hints ---------------------------------------------------------------------------------
def _close_or_draw():
    return load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving", "day": 4, "scores": [10, 12, 12],
        "hands": [{"face_up": ["strawberry"]}, {"face_up": ["strawberry", "pistachio"]},
                  {"face_up": ["vanilla"]}],
        "cones": [["strawberry", "strawberry", "strawberry", "pistachio"]],
        "ice_cream_deck": ["vanilla", "chocolate"]})


def test_hint_is_off_by_default_and_says_the_numbers_in_words() -> None:
    panel = HintPanel(_close_or_draw(), samples=30)
    assert not panel.enabled and panel.text == "" and panel.output.value == ""
    assert panel.set_enabled(True)
    h = panel.hint
    assert h.best.label == "Serve cone 1"  # serving scores 3 and wins; drawing hands it to Bob
    assert f"{round(100 * h.best.win_rate)}%" in panel.text
    assert "Draw an Ice Cream card" in panel.text
    panel.toggle.value = False
    assert panel.text == "" and panel.hint is None


def test_hint_shows_only_in_the_deciding_players_view_ic6() -> None:
    s = icecream.new_game("ice-cream", players=3, seed=2)  # Player 1 decides on a hidden card
    panel = HintPanel(s, perspective=1, samples=5)
    panel.set_enabled(True)
    assert panel.hint is None and "only in" in panel.text
    panel.set_state(s, perspective=0)
    assert panel.hint is not None
    panel.set_state(s, perspective=None)  # the teacher sees it too
    assert panel.hint is not None


def test_hint_refuses_a_non_bool_switch() -> None:
    panel = HintPanel(_close_or_draw(), samples=5)
    assert not panel.set_enabled("yes") and not panel.enabled
    assert "true or false" in panel.text


def test_game_explorer_has_a_hint_toggle_off_by_default() -> None:
    from icecream.widgets import GameExplorer

    ex = GameExplorer(players=["Ann", "Bob", "Cy"], seed=2, perspective=0)
    assert not ex.hints.enabled and ex.hints.hint is None
    ex.hints.samples = 10
    ex.hints.set_enabled(True)
    assert ex.hints.hint is not None and "Ann" in ex.hints.text
    ex.click({"type": "keep"})  # Bob decides next: Ann's view shows no hint for him (IC-6)
    assert ex.hints.hint is None and "Bob" in ex.hints.text
    ex.set_perspective(None)  # the teacher sees Bob's hint
    assert ex.hints.hint is not None and ex.hints.hint.player == "Bob"


def test_hint_for_every_game() -> None:
    for game in icecream.list_games():
        state = icecream.new_game(game, players=3, seed=1)
        while len(state.legal_actions()) < 2:
            state = state.apply(state.legal_actions()[0])
        panel = HintPanel(state, samples=3)
        panel.set_enabled(True)
        assert panel.hint is not None, (game, panel.text)
        # Every option, or the best ranked the game caps a hint at, saying so.
        legal = len(state.legal_actions())
        cap = state.game.hint_options
        assert len(panel.hint.options) == min(legal, cap or legal)
        assert panel.hint.of_options == (legal if cap and legal > cap else None)


def test_quiz_widget_switches_game_and_refuses_unknown_ones() -> None:
    w = QuizWidget(count=2, seed=3)
    w.game_select.value = "gelato-mio"
    assert w.game == "gelato-mio" and w.question.state.game.name == "gelato-mio"
    assert not w.new_quiz(game="chess") and w.game == "gelato-mio"
    assert "no game &#x27;chess&#x27;" in w.message.value
    for game in icecream.list_games():
        w.new_quiz(game=game)
        for q in w.questions:
            assert "ic-option" not in picture(q)  # never a picture that shows the answer
