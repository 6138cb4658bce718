"""Quiz questions for issue 21: no question twice in a quiz, no trivial "who decides
next?", and the game's end said as a sentence."""

from __future__ import annotations

import random

import pytest

from icecream import list_games
from icecream.core.messages import t
from icecream.teach.quiz import _same, grade, make_quiz, next_player, positions


@pytest.mark.parametrize("game", list_games())
def test_no_question_comes_twice_and_who_decides_next_is_never_just_the_next_seat(
        game: str) -> None:
    quiz = make_quiz(game, count=5, seed=0)
    assert len({_same(q) for q in quiz}) == len(quiz)
    assert len({q.prompt for q in quiz}) == len(quiz)
    for q in quiz:
        if q.kind == "next_player":
            n = q.state.num_players
            right = q.choices[q.answer[0]].value
            assert right != (q.state.current_player + 1) % n, q.prompt


def test_the_games_end_reads_as_a_sentence_not_nobody_decides() -> None:
    states = list(positions("combo-cone", seed=1))
    q = None
    for state in reversed(states[-10:-1]):  # the game ends within its last steps
        for r in range(20):
            q = next_player(state, random.Random(r))
            if q is not None and q.choices[q.answer[0]].value is None:
                break
        if q is not None and q.choices[q.answer[0]].value is None:
            break
    assert q is not None and q.choices[q.answer[0]].value is None, "a game-ending question"
    nobody = t("teach.quiz.nobody")
    for line in grade(q, [q.answer[0]]).lines() + [c.why for c in q.choices]:
        assert f"{nobody} decides" not in line
    right = q.choices[q.answer[0]]
    assert right.label == nobody and "the game is over" in right.why


def test_quiz_positions_come_from_games_of_table_length_issue_17():
    """Quiz positions are played by each game's rollout policy, so no question shows a
    position from a game dragged on far past a table's length (Gelato Mio: random play
    reached round 678; the heuristic plays games of about 50 rounds)."""
    from icecream import get_game
    from icecream.teach.quiz import positions

    spec = get_game("gelato-mio")
    assert spec.rollout_policy != "random"
    *_, last = positions("gelato-mio", seed=3)
    assert last.is_over
    assert last.round < 100
