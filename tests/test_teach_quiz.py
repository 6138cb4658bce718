"""Quizzes generated and graded by the engine (issue 14).

Every generated question's answer is checked against the engine itself: the allowed
options against ``legal_actions()``/``is_legal``, scores and the next player against
``apply()``, a day's points against the scores after phase 3 ends (IC-12, IC-13).
Grading explains every wrong or missed pick with a rule of the game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import icecream
from icecream.core.messages import t
from icecream.games.ice_cream import load_scenario
from icecream.games.ice_cream.quiz import day_points, serve_cones
from icecream.teach.quiz import (
    GENERIC_KINDS,
    Question,
    QuizError,
    action_label,
    allowed_options,
    grade,
    make_quiz,
    next_player,
    positions,
    question_kinds,
    scores_after,
)

GAME = "ice-cream"


def check_against_engine(q: Question) -> None:
    """The question's right answers are exactly what the engine says."""
    s = q.state
    assert q.answer, "a question has a right answer"
    if not q.multiple:
        assert len(q.answer) == 1
    legal = [a.to_dict() for a in s.legal_actions()]
    rules = s.game.rules
    for c in q.choices:
        assert c.label and c.why, c
        assert c.rule in rules, c.rule
    if q.kind in ("allowed_options", "serve_cones"):
        assert q.seat == s.current_player  # asked from the deciding player's own view
        for c in q.choices:
            assert c.correct == s.is_legal(c.value) == (c.value in legal), c
        if q.kind == "serve_cones":
            assert all(c.value["type"] == "serve" for c in q.choices)
        return
    assert q.action in legal
    after = s.apply(q.action)
    if q.kind == "scores_after":
        for c in q.choices:
            assert c.correct == (tuple(c.value) == tuple(after.scores)), c
    elif q.kind == "next_player":
        for c in q.choices:
            assert c.correct == (c.value == after.current_player), c
        assert {c.value for c in q.choices} >= set(range(s.num_players))
    elif q.kind == "day_points":
        # IC-12: the action ends phase 3; IC-13: the day's points are the score change.
        assert len(after.results) == len(s.results) + 1
        for c in q.choices:
            assert c.correct == (c.value == after.scores[q.seat] - s.scores[q.seat]), c
    else:
        raise AssertionError(f"unchecked kind {q.kind}")
    assert len({repr(c.value) for c in q.choices}) == len(q.choices), "choices differ"


def test_every_kind_is_generated_and_matches_the_engine() -> None:
    quiz = make_quiz(GAME, count=20, seed=3)
    assert len(quiz) == 20
    # Every kind but those asked only where named (a game's setup, for tutorials).
    assert {q.kind for q in quiz} == {k for k, maker in question_kinds(GAME).items()
                                      if not getattr(maker, "asked_by_name", False)}
    for q in quiz:
        check_against_engine(q)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_generated_answers_match_the_engine_for_any_seed(seed: int, players: int) -> None:
    for q in make_quiz(GAME, count=6, seed=seed, players=players):
        check_against_engine(q)


def test_generic_kinds_on_every_position_of_a_game() -> None:
    rng = random.Random(0)
    asked = {k: 0 for k in ("allowed_options", "scores_after", "next_player", "serve_cones",
                            "day_points")}
    for s in positions(GAME, 4, seed=11):
        for maker in (allowed_options, scores_after, next_player, serve_cones, day_points):
            q = maker(s, rng)
            if q is not None:
                asked[q.kind] += 1
                check_against_engine(q)
    assert all(asked.values()), asked


def test_same_seed_same_quiz_other_seed_other_quiz() -> None:
    a = make_quiz(GAME, count=5, seed=7)
    b = make_quiz(GAME, count=5, seed=7)
    c = make_quiz(GAME, count=5, seed=8)
    assert [q.prompt for q in a] == [q.prompt for q in b]
    assert [q.prompt for q in a] != [q.prompt for q in c]


def test_kinds_can_be_chosen() -> None:
    quiz = make_quiz(GAME, count=4, seed=1, kinds=["day_points"])
    assert [q.kind for q in quiz] == ["day_points"] * 4


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"count": 0}, "from 1 to 100, not 0"),
    ({"count": True}, "not True"),
    ({"count": "3"}, "not '3'"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"kinds": ["colours"]}, "Unknown question kind: colours"),
    ({"kinds": ["colours", "sizes"]}, "Unknown question kinds: colours, sizes"),
    ({"kinds": []}, "Unknown question kind: -"),
])
def test_bad_quiz_requests_are_named(kwargs: dict, words: str) -> None:
    with pytest.raises(QuizError, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_quiz(GAME, **kwargs)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(icecream.IcecreamError, match="unknown game"):
        make_quiz("checkers")


# -- grading -------------------------------------------------------------------------------
def _phase3_no_exact() -> icecream.core.protocol.State:
    """Ann holds strawberry only: cone 1 is close (IC-10), cone 2 is not, draw is allowed."""
    return load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving",
        "hands": [{"face_up": ["strawberry"]}, {"face_up": ["vanilla"]},
                  {"face_up": ["chocolate"]}],
        "cones": [["strawberry", "pistachio"], ["vanilla", "pistachio", "chocolate"],
                  ["strawberry", "strawberry", "pistachio"]],
        "ice_cream_deck": ["vanilla"]})


def test_serve_cones_question_close_cones_ic10() -> None:
    q = serve_cones(_phase3_no_exact(), random.Random(0))
    assert q is not None and q.multiple
    by_cone = {c.value["cone"]: c for c in q.choices}
    assert by_cone[1].correct and by_cone[3].correct and not by_cone[2].correct
    assert "strawberry" in q.prompt and "Ann" in q.prompt
    check_against_engine(q)


def test_grading_explains_each_wrong_and_missed_pick_with_the_rule_ic10() -> None:
    q = serve_cones(_phase3_no_exact(), random.Random(0))
    index = {c.value["cone"]: i for i, c in enumerate(q.choices)}
    g = grade(q, [index[2]])  # cone 2 is wrong; cones 1 and 3 are missed
    assert not g.correct
    verdicts = {f.index: f.verdict for f in g.feedback}
    assert verdicts == {index[2]: "wrong", index[1]: "missed", index[3]: "missed"}
    wrong = next(f for f in g.feedback if f.verdict == "wrong")
    assert wrong.rule == "IC-10" and "IC-10" in wrong.why and "cone 2" in wrong.why
    assert g.rules == ("IC-10",)
    lines = g.lines()
    assert lines[0] == t("teach.quiz.wrong")
    assert any(q.choices[index[2]].label in line for line in lines[1:])
    right = grade(q, [index[1], index[3]])
    assert right.correct and not right.mistakes and right.lines()[0] == t("teach.quiz.right")


def test_allowed_options_explains_why_draw_is_forbidden_ic9() -> None:
    # Ann holds strawberry and pistachio: cone 1 is exact, so she must serve (IC-9).
    s = load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving",
        "hands": [{"face_up": ["strawberry", "pistachio"]}, {"face_up": ["vanilla"]},
                  {"face_up": ["chocolate"]}],
        "cones": [["strawberry", "pistachio"], ["vanilla", "pistachio", "chocolate"]],
        "ice_cream_deck": ["vanilla"]})
    q = allowed_options(s, random.Random(0))
    draw = next(i for i, c in enumerate(q.choices) if c.value == {"type": "draw"})
    g = grade(q, [draw])
    f = next(f for f in g.feedback if f.index == draw)
    assert f.verdict == "wrong" and f.rule == "IC-9"
    assert f.why == s.why_not({"type": "draw"}).reason.text("en", s.names, s.game.flavour_codes)
    check_against_engine(q)


def test_day_points_wrong_numbers_name_the_slip_ic13() -> None:
    # Ann serves her last cone: phase 3 ends (IC-12). She served 2 + 1 scoops and holds two
    # vanilla cards: 3 for scoops, 1 for the duplicate vanilla (IC-13).
    s = load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving",
        "hands": [{"face_up": ["strawberry", "vanilla", "vanilla"],
                   "served": {"strawberry": 2}},
                  {"face_up": ["chocolate"]}, {"face_up": ["pistachio"]}],
        "cones": [None, ["strawberry"]]})
    q = None
    rng = random.Random(0)
    while q is None or q.seat != 0:
        q = day_points(s, rng)
    values = {c.value: c for c in q.choices}
    assert values[4].correct
    assert "only the 3 scoops" in values[3].why and "(IC-13)" in values[3].why
    assert "only the duplicate cards" in values[1].why
    assert "kept" in values[5].why
    check_against_engine(q)


@pytest.mark.parametrize(("picks", "words"), [
    ([7], "There is no choice 7"),
    ([-1], "There is no choice -1"),
    ([True], "There is no choice True"),
    (["0"], "There is no choice '0'"),
    ("0", "must be a list of choice numbers"),
    (3, "must be a list of choice numbers"),
    ([0, 0], "picked twice"),
])
def test_bad_picks_are_refused_by_name(picks: object, words: str) -> None:
    q = serve_cones(_phase3_no_exact(), random.Random(0))
    with pytest.raises(QuizError, match=words):
        grade(q, picks)  # type: ignore[arg-type]


def test_one_answer_questions_need_exactly_one_pick() -> None:
    q = next(q for q in make_quiz(GAME, count=6, seed=2) if not q.multiple)
    with pytest.raises(QuizError, match="exactly one"):
        grade(q, [])
    with pytest.raises(QuizError, match="exactly one"):
        grade(q, [0, 1])
    assert grade(q, q.answer).correct


def test_action_labels_do_not_give_the_answer_away() -> None:
    s = _phase3_no_exact()
    labels = {action_label(s, o.action) for o in s.options()}
    assert labels == {"Serve cone 1", "Serve cone 2", "Serve cone 3", "Draw an Ice Cream card"}


def test_generic_kinds_name_no_game() -> None:
    """The generic layer's code (not its docstrings) names no game and no game's words."""
    import ast
    import inspect

    import icecream.teach.quiz as quiz

    tree = ast.parse(inspect.getsource(quiz))
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.ImportFrom):
            assert "games" not in (node.module or ""), node.module
        elif isinstance(node, ast.arg):
            words.append(node.arg)
    # (``flavour_codes`` is the protocol's own GameSpec field, so flavours are not listed.)
    game_words = {"ice", "cone", "cones", "scoop", "scoops", "day", "days"}
    for word in words:
        assert not game_words & set(word.lower().replace(".", "_").split("_")), word
    assert set(GENERIC_KINDS) == {"allowed_options", "scores_after", "next_player"}


@pytest.mark.parametrize("game", icecream.list_games())
def test_every_game_gets_generic_questions_checked_by_its_engine(game: str) -> None:
    quiz = make_quiz(game, count=3, seed=4, kinds=list(GENERIC_KINDS))
    assert {q.kind for q in quiz} == set(GENERIC_KINDS)
    for q in quiz:
        check_against_engine(q)
        grade(q, q.answer)


@pytest.mark.parametrize("game", ["ice-cream", "combo-cone", "gelato-mio"])
def test_quiz_words_follow_the_reader_s_language_and_show_no_ids(game: str) -> None:
    """Default names are words ("Speler 2" in Dutch); cards and orders are named, never
    given by a number from the data ("card 113", "order 11"); card codes are words."""
    import re

    for lang, other in (("en", "Speler "), ("nl", "Player ")):
        for q in make_quiz(game, count=4, seed=3, lang=lang):
            for text in [q.prompt, *(c.label for c in q.choices)]:
                assert other not in text, text
                assert not re.search(r"\b(card|kaart|order|bestelling) \d", text), text
                assert not re.search(r"\b(wafer|wafel) (and|en) ", text), text
                assert "_" not in text, text


def test_a_game_s_action_words_name_its_cards_and_orders_ccp7_ccp8() -> None:
    spec = icecream.get_game("combo-cone")
    s = spec.new_state(players=2, seed=1)
    from icecream.games.combo_cone.words import card_words

    secure = action_label(s, {"type": "secure", "order": 0})
    flavours = s.order_flavours(s.order_row[0])
    assert secure.startswith("Secure the ") and secure.endswith(" order")
    assert all(t(f"ccp.flavour.{f}") in secure for f in flavours)
    assert action_label(s, {"type": "secure", "order": "deck"}, "nl") == \
        "de verborgen bovenste bestelling van de bestelstapel reserveren"
    scoop = action_label(s, {"type": "scoop", "cards": [0, 2]})
    assert scoop == (f"Scoop {card_words(s.face(s.row[0]))} and "
                     f"{card_words(s.face(s.row[2]))} from the row (positions 1 and 3)")
    one = action_label(s, {"type": "scoop", "cards": [1]})
    assert one.endswith("(position 2)")


def test_counted_cards_use_the_catalog_s_plural_gm6() -> None:
    spec = icecream.get_game("gelato-mio")
    s = spec.new_state(players=3, seed=0)
    ask = {"type": "ask", "discard": ["wafer", "wafer"], "opponent": 1}
    assert action_label(s, ask) == "Ask Player 2 for a card, discarding 2 wafer cards"
    assert action_label(s, ask, "nl") == "Speler 2 om een kaart vragen, met afleggen van " \
        "2 wafelkaarten"
    mixed = {"type": "ask", "discard": ["sugar", "cream"], "opponent": 2}
    assert action_label(s, mixed) == "Ask Player 3 for a card, discarding sugar and cream"
