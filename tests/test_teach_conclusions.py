"""Plain-words conclusions are made from the numbers they describe (issue 14, notebook 04)."""

from __future__ import annotations

from types import SimpleNamespace

import pandas as pd
import pytest

from icecream.core.messages import t
from icecream.games.ice_cream import load_scenario
from icecream.teach.conclusions import (
    bots_conclusion,
    comparison_conclusion,
    first_player_conclusion,
    interval_words,
    position_conclusion,
)


def _first(value: float, low: float, high: float, n: int = 400) -> pd.DataFrame:
    return pd.DataFrame([{"metric": "first_dealer_win_rate", "name": "First dealer's win rate",
                          "value": value, "low": low, "high": high, "n": n,
                          "reference": 0.25, "range_high": 1.0}])


@pytest.mark.parametrize(("numbers", "verdict"), [
    ((0.31, 0.28, 0.34), "advantage"),
    ((0.19, 0.16, 0.22), "disadvantage"),
    ((0.27, 0.22, 0.33), "unclear"),
])
def test_first_player_verdict_follows_the_range(numbers: tuple, verdict: str) -> None:
    text = first_player_conclusion(_first(*numbers), players=4)
    assert text.endswith(t(f"teach.conclude.first.{verdict}"))
    value, low, high = (f"{round(100 * x)}%" for x in numbers)
    assert f"won {value}" in text and f"between {low} and {high}" in text
    assert "400 games" in text and "25%" in text


def test_first_player_needs_its_row() -> None:
    with pytest.raises(ValueError, match="no first-player"):
        first_player_conclusion(pd.DataFrame([{"metric": "balance"}]), players=4)


def _comparison(rows: list[dict]) -> SimpleNamespace:
    return SimpleNamespace(label_a="rulebook", label_b="ijs", table=pd.DataFrame(rows))


def test_comparison_says_which_differences_are_real() -> None:
    c = _comparison([
        {"metric": "game_length", "name": "Game length", "value_a": 183.1, "low_a": 182.0,
         "high_a": 184.0, "value_b": 177.9, "low_b": 177.0, "high_b": 179.0, "range_high": None},
        {"metric": "balance", "name": "Balance", "value_a": 0.9, "low_a": 0.6, "high_a": 0.93,
         "value_b": 0.8, "low_b": 0.57, "high_b": 0.9, "range_high": 1.0},
        {"metric": "seat_win_rate[0]", "name": "Win rate of seat 1", "value_a": 0.1,
         "low_a": 0.05, "high_a": 0.15, "value_b": 0.5, "low_b": 0.45, "high_b": 0.55,
         "range_high": 1.0},
    ])
    real, luck = comparison_conclusion(c)
    # Said as the table shows it: whole numbers from 100 on, the difference with its range.
    assert real.startswith("Game length is lower with ijs (178) than with rulebook (183): "
                           "the difference is -5.2 (-6.6 to -3.8)")
    assert "Balance" in luck and "seat 1" not in real + luck
    only_luck = comparison_conclusion(_comparison([c.table.iloc[1].to_dict()]))
    assert only_luck[0] == t("teach.conclude.compare.none", a="rulebook", b="ijs")


def test_bots_conclusion_from_the_games() -> None:
    rows = []
    for game in range(40):
        for seat, bot in enumerate(["strong", "weak"]):
            rows.append({"game": game, "seat": seat, "bot": bot, "players": 2,
                         "winner": bot == "strong" or game % 10 == 0})
    text = bots_conclusion(pd.DataFrame(rows))
    assert "the strong bot won 100%" in text and "the weak bot 10%" in text
    assert text.endswith(t("teach.conclude.bots.real", best="strong", worst="weak"))


def test_position_conclusion_names_options_neutrally() -> None:
    ann = load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving", "day": 4, "scores": [10, 12, 12],
        "hands": [{"face_up": ["strawberry"]}, {"face_up": ["strawberry", "pistachio"]},
                  {"face_up": ["vanilla"]}],
        "cones": [["strawberry", "strawberry", "strawberry", "pistachio"]],
        "ice_cream_deck": ["vanilla", "chocolate"]})
    frame = pd.DataFrame([
        {"action": {"type": "serve", "cone": 1}, "seat": 0, "samples": 50, "win_rate": 0.9,
         "win_low": 0.8, "win_high": 0.95, "mean_score": 13.0, "vs_best": 0.0,
         "vs_best_low": 0.0, "vs_best_high": 0.0},
        {"action": {"type": "draw"}, "seat": 0, "samples": 50, "win_rate": 0.1,
         "win_low": 0.04, "win_high": 0.2, "mean_score": 10.0, "vs_best": -3.0,
         "vs_best_low": -3.4, "vs_best_high": -2.6},
    ])
    text = position_conclusion(frame, ann)
    assert text.startswith("From what Ann can see, \u201cServe cone 1\u201d scored the most: "
                           "13.0 points on average over 50 games")
    assert "\u201cDraw an Ice Cream card\u201d, won 10% and finished 3.0 points lower" in text
    assert "between 2.6 and 3.4 points lower" in text
    assert text.endswith(t("teach.conclude.position.real", option="Serve cone 1"))


def test_interval_words() -> None:
    assert interval_words(0.31, 0.28, 0.34) == "31% (likely between 28% and 34%)"
    with pytest.raises(ValueError):
        interval_words(float("nan"), 0.1, 0.2)
