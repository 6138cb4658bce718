"""Simulation output has fixed columns: a game's length never adds columns (issue 22).

Per-round running totals live in one column, ``round_scores`` (JSON text), which the
lead-change and decisiveness metrics read.
"""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from icecream.cli import main
from icecream.explore.metrics import Decisiveness, LeadChanges
from icecream.explore.simulate import make_config, play_game

#: game -> (players, bot, games): enough games that their lengths differ.
RUNS = {"ice-cream": (4, "random", 30), "combo-cone": (4, "random", 40),
        "gelato-mio": (2, "heuristic", 12)}


@pytest.mark.parametrize("game", sorted(RUNS))
def test_every_game_of_a_run_has_the_same_columns(game):
    players, bot, games = RUNS[game]
    config = make_config(game, players, bot)
    keys = {tuple(row) for i in range(games) for row in play_game(config, i, 3)}
    assert len(keys) == 1, keys  # not one column more or less, whichever game came first
    rows = [row for i in range(games) for row in play_game(config, i, 3)]
    lengths = {len(json.loads(r["round_scores"])) for r in rows}
    if game != "ice-cream":  # Ice Cream always plays its days; the others vary
        assert len(lengths) > 1
    for r in rows:
        totals = json.loads(r["round_scores"])
        assert totals and all(isinstance(t, int) for t in totals)


@pytest.mark.parametrize("game", sorted(RUNS))
def test_a_streamed_csv_of_games_of_any_length_is_written(game, tmp_path, capsys):
    players, bot, games = RUNS[game]
    path = tmp_path / "out.csv"
    argv = ["simulate", "--game", game, "--players", str(players), "--games", str(games),
            "--bot", bot, "--csv", str(path)]
    assert main(argv) == 0, capsys.readouterr().err
    df = pd.read_csv(path)
    assert len(df) == players * games and df.columns[-1] == "round_scores"
    assert not [c for c in df.columns if c.startswith("score_after_")]
    assert math.isfinite(LeadChanges().compute(df).value)
    assert math.isfinite(Decisiveness().compute(df).value)


def test_the_metrics_read_round_scores_as_they_read_the_older_columns():
    wide = pd.DataFrame([
        {"game": g, "seat": p, "score": s[-1], "winner": w == p,
         **{f"score_after_round_{k + 1}": v for k, v in enumerate(s)}}
        for g, (totals, w) in enumerate([([[1, 3, 5], [2, 2, 4]], 0),
                                         ([[0, 4, 4], [1, 1, 6]], 1),
                                         ([[3, 3, 3], [0, 5, 9]], 1)])
        for p, s in enumerate(totals)])
    listed = wide[["game", "seat", "score", "winner"]].assign(round_scores=[
        json.dumps([r[f"score_after_round_{k}"] for k in (1, 2, 3)])
        for _, r in wide.iterrows()])
    for metric in (LeadChanges(), Decisiveness()):
        assert metric.compute(listed).value == metric.compute(wide).value
    assert LeadChanges().compute(listed).value == pytest.approx(4 / 3)


def test_games_of_different_lengths_line_up_on_their_last_rounds():
    # Game 0 has three rounds, game 1 two: game 1 is padded in front with its first
    # totals, so it has the one lead change it had and is decided after its round 1.
    frame = pd.DataFrame([
        {"game": 0, "seat": 0, "score": 5, "winner": True, "round_scores": "[1,3,5]"},
        {"game": 0, "seat": 1, "score": 4, "winner": False, "round_scores": "[2,2,4]"},
        {"game": 1, "seat": 0, "score": 2, "winner": False, "round_scores": "[1,2]"},
        {"game": 1, "seat": 1, "score": 6, "winner": True, "round_scores": "[0,6]"},
    ])
    assert LeadChanges().compute(frame).value == 1.0
    assert Decisiveness().compute(frame).value == 0.5
