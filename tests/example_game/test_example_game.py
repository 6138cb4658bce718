"""The example game (``tub``, a few dozen lines of rules on the kit) gets every generic
feature from its own folder alone: conformance, the play widget, the command line's
simulate, what-if comparisons and metrics, a quiz, save and load, rulebook examples in
both languages, and plugging in as another package's game through the ``icecream.games``
entry-point group. The test session installs it as a plug-in (tests/conftest.py: a
dist-info on the path, its entry point loaded as the registry loads any), so it meets the
contract and every generic test, parametrized by ``list_games()``, runs over it here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import icecream

HERE = Path(__file__).parent


def test_tub_is_loaded_as_a_plug_in_through_its_entry_point():
    # The session installs Tub as pip would (tests/conftest.py): the registry finds its
    # entry point and loads it like any other package's game.
    from importlib import metadata

    (ep,) = [e for e in metadata.entry_points(group="icecream.games") if e.name == "tub"]
    assert ep.value == "tub" and ep.dist.name == "tub-game"
    assert "tub" in icecream.list_games() and not icecream.plugin_problems()
    assert icecream.get_game("tub").title == "Tub"


def test_tub_meets_the_contract():
    from icecream.core.contract import check

    assert [str(f) for f in check("tub")] == []


def test_tub_passes_the_protocol_conformance_checks():
    from icecream.core.conformance import check_random_playouts

    for players in (2, 4):
        report = check_random_playouts("tub", players=players, seed=3, games=3)
        assert report.games == 3 and report.illegal_refused > 0


def test_tub_rules_are_one_check_per_action_kind():
    s = icecream.new_game("tub", players=2, seed=1, scoops=9)
    assert [a.count for a in s.legal_actions()] == [1, 2, 3]
    o = s.why_not({"type": "take", "count": 4})
    assert not o.allowed and o.rule == "TUB-3" and "1 to 3" in o.reason.text()
    assert s.describe(s.legal_actions()[0], "nl").startswith("Neem aardbei")


def test_tub_settings_come_from_the_declarations():
    from icecream.core.errors import SettingsError

    spec = icecream.get_game("tub")
    assert [f.name for f in spec.settings_form] == ["ruleset", "first_player", "scoops", "most"]
    assert spec.setting_rules["scoops"] == "TUB-2"
    with pytest.raises(SettingsError, match="scoops must be a whole number 9..30 \\(TUB-2\\)"):
        icecream.new_game("tub", players=2, scoops=99)
    with pytest.raises(SettingsError, match="unknown Tub setting"):
        icecream.new_game("tub", players=2, cls=1)


def test_tub_saves_and_loads_and_replays():
    h = icecream.History.new("tub", players=3, seed=5)
    while not h.state.is_over:
        h.play(h.state.legal_actions()[-1])
    again = icecream.load_history(h.to_json())
    assert again.state.to_dict() == h.state.to_dict() and again.state.winners
    assert icecream.load_state(h.state.to_json()).to_dict() == h.state.to_dict()


def test_tub_rulebook_example_plays_as_told_in_both_languages():
    ex = icecream.get_game("tub").examples()["last_scoop"]
    end = ex.play()[-1]
    assert end.scores == (6, 10) and end.winners == (1,)
    assert ex.step_note(1, "nl").startswith("Bob neemt")
    assert "Bob wint" in " ".join(end.event_texts(None, "nl"))


def test_tub_plays_in_the_play_widget_by_clicks():
    from icecream.widgets import GameExplorer

    ex = GameExplorer(game="tub", players=["Ann", "Bob"], seed=2)
    assert 'data-action=\'{"type":"take","count":1}\'' in ex.table.svg
    assert ex.click({"type": "take", "count": 3})
    assert ex.session.state.current_player == 1
    assert not ex.click({"type": "take", "count": 7})  # refused, explained, nothing changed
    assert ex.session.state.current_player == 1


def test_tub_simulates_compares_and_gets_its_own_metric():
    from icecream.explore import compare, simulate
    from icecream.explore.metrics import game_metrics

    frame = simulate("tub", players=3, games=30, seed=1)
    assert len(frame) == 90 and set(frame["game_name"]) == {"tub"}
    assert "points_bonus" in frame.columns
    assert game_metrics("tub")[-1].key == "tub_bonus_share"
    cmp = compare({"ruleset": "rulebook"}, {"ruleset": "short"}, games=20, players=2,
                  game="tub")
    assert cmp is not None


def test_tub_quiz_is_made_and_graded_by_the_engine():
    from icecream.teach.quiz import grade, make_quiz

    quiz = make_quiz("tub", count=3, seed=1)
    assert quiz and all(grade(q, q.answer).correct for q in quiz)


def test_tub_command_line_simulates_to_csv(tmp_path):
    from icecream.cli import main

    out = tmp_path / "tub.csv"
    assert main(["simulate", "--game", "tub", "--players", "2", "--games", "20",
                 "--csv", str(out)]) == 0
    assert out.read_text().count("\n") == 41


def test_a_game_from_another_package_plugs_in_through_the_entry_point_group(tub_site):
    # An installed distribution declaring an ``icecream.games`` entry point, as pip would
    # leave it: the game's package and its .dist-info with entry_points.txt. A process
    # without it (PYTHONPATH without the session's install) has only the built-in games.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tub_site), str(HERE)]))
    run = subprocess.run(
        [sys.executable, "-m", "icecream", "simulate", "--game", "tub", "--players", "2",
         "--games", "5"], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    games = subprocess.run([sys.executable, "-m", "icecream", "games"], capture_output=True,
                           text=True, env=env, timeout=120)
    assert "tub" in games.stdout
    bare = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    plain = subprocess.run([sys.executable, "-c", "import icecream; print(icecream.list_games())"],
                           capture_output=True, text=True, timeout=120, env=bare)
    assert "tub" not in plain.stdout and json.loads(plain.stdout.replace("'", '"'))
