"""The command line: bench, replay, validate, and clear errors (exit 2)."""

from __future__ import annotations

import json
import re

import pytest

from icecream import History
from icecream.cli import main
from icecream.games.ice_cream import EXAMPLES


def test_bench_prints_games_per_second(capsys):
    assert main(["bench", "--game", "ice-cream", "--players", "4", "--games", "20"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(r"\d+ games/s", first)
    assert int(first.split()[0]) > 0


def test_replay_checks_and_summarises(tmp_path, capsys):
    h = History.new("ice-cream", players=["Ann", "Bob", "Cy"], seed=3)
    while not h.state.is_over:
        h.play(h.state.legal_actions()[0])
    path = tmp_path / "g.json"
    h.save(path)
    assert main(["replay", str(path), "--log"]) == 0
    out = capsys.readouterr().out
    assert f"a valid ice-cream game of {len(h)} actions" in out
    assert "players: Ann, Bob, Cy" in out and "winner(s): " in out
    assert "Setup:" in out


def test_replay_refuses_a_tampered_file(tmp_path, capsys):
    from icecream.core.history import digest

    h = History.new("ice-cream", players=3, seed=3)
    h.play({"type": "keep"})
    data = h.to_dict()
    data["actions"].append({"type": "serve", "cone": 4})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "changed after it was saved" in err and err.count("\n") == 1
    del data["digest"]
    data["digest"] = digest(data)  # a forger who recomputes the digest still fails
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "action 2" in err and "does not replay" in err


def test_replay_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_validate_scenario(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(EXAMPLES["dan_case_a"].scenario))
    assert main(["validate", str(path)]) == 0
    assert "serve(cone=1), serve(cone=2)" in capsys.readouterr().out
    path.write_text(json.dumps({"players": 3, "day": 0}))
    assert main(["validate", str(path)]) == 2
    assert "day: must be a whole number" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "message"), [
    (["bench", "--game", "chess", "--games", "1"], "unknown game 'chess'"),
    (["bench", "--games", "1", "--variant", "close=maybe"], "setting close"),
    (["bench", "--games", "1", "--variant", "closeflavour"], "NAME=VALUE"),
    (["bench", "--games", "1", "--variant", "colour=red"], "unknown Ice Cream setting"),
    (["bench", "--games", "1", "--players", "9"], "3 to 5 players"),
    (["bench", "--games", "0"], "--games must be at least 1"),
    (["bench", "--games", "1", "--warmup", "-1"], "--warmup must be at least 0"),
])
def test_clear_errors(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_variant_words_become_booleans_and_none():
    # A game's yes/no setting (Gelato Mio's flood, GM-4) and "off" (None) from the command
    # line, as the settings form gives them.
    from icecream.cli import parse_variants

    assert parse_variants(["flood=TRUE", "days=5", "limit=none", "close=flavour"]) == {
        "flood": True, "days": 5, "limit": None, "close": "flavour"}
