"""``python -m icecream simulate``: columns, bots per seat, workers, Parquet, clear errors."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from icecream.cli import main

BASE = ["game", "seed", "seat", "bot", "score", "cards_left", "winner"]


def _run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_csv_to_stdout_keeps_the_first_columns(capsys):
    code, out, _ = _run(["simulate", "--games", "2", "--players", "3"], capsys)
    assert code == 0
    df = pd.read_csv(io.StringIO(out))
    assert list(df.columns[:7]) == BASE
    assert len(df) == 6 and set(df["bot"]) == {"random"}
    assert df["winner"].dtype == bool


def test_one_bot_per_seat_workers_and_ruleset(tmp_path, capsys):
    path = tmp_path / "out.csv"
    argv = ["simulate", "--games", "4", "--bot", "heuristic", "--bot", "random", "--bot",
            "greedy", "--players", "3", "--ruleset", "ijs", "--csv", str(path)]
    assert _run(argv + ["--workers", "2"], capsys)[0] == 0
    two = pd.read_csv(path)
    assert list(two["bot"][:3]) == ["heuristic", "random", "greedy"]
    assert set(two["close"]) == {"flavour"}
    assert _run(argv, capsys)[0] == 0
    pd.testing.assert_frame_equal(pd.read_csv(path), two)


def test_parquet_output(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    path = tmp_path / "out.parquet"
    code, _, err = _run(["simulate", "--games", "2", "--variant", "days=2", "--parquet",
                         str(path)], capsys)
    assert code == 0 and "wrote 8 rows" in err
    df = pd.read_parquet(path)
    assert list(df.columns[:7]) == BASE and set(df["days"]) == {2}


@pytest.mark.parametrize("argv, message", [
    (["--bot", "oracle"], "unknown bot 'oracle'"),
    (["--bot", "random", "--bot", "greedy"], "2 --bot values for 4 players"),
    (["--variant", "close=maybe"], "close must be one of"),
    (["--variant", "colour=red"], "unknown Ice Cream setting"),
    (["--variant", "players=3"], "use --players"),
    (["--ruleset", "nl"], "unknown ruleset 'nl'"),
    (["--games", "0"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
])
def test_bad_arguments_exit_2_with_one_clear_line(argv, message, capsys):
    code, out, err = _run(["simulate", "--games", "1", *argv], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err
