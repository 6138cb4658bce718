"""The example game (``tub``, a few dozen lines of rules on the kit) gets every generic
feature from its own folder alone: conformance, the play widget, the command line's
simulate, what-if comparisons and metrics, a quiz, save and load, rulebook examples in
both languages, and plugging in as another package's game through the ``icecream.games``
entry-point group. It is installed as a plug-in for these tests (a dist-info on the path,
its entry point loaded as the registry loads any); it meets the contract, and the generic
suite runs over it in a fresh interpreter where it is installed the same way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import icecream
from icecream.core import protocol

HERE = Path(__file__).parent


def write_dist_info(site: Path) -> Path:
    """An installed distribution declaring Tub's ``icecream.games`` entry point, as pip
    would leave it in ``site`` (the game's package is ``HERE/tub``)."""
    dist = site / "tub_game-0.1.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tub-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[icecream.games]\ntub = tub\n")
    return site


@pytest.fixture(scope="module", autouse=True)
def tub_registered(tmp_path_factory):
    """Tub installed as a plug-in for this module's tests: its distribution on the path
    and its entry point loaded as the registry loads any (removed after)."""
    import importlib
    from importlib import metadata

    site = write_dist_info(tmp_path_factory.mktemp("site"))
    sys.path[:0] = [str(site), str(HERE)]
    importlib.invalidate_caches()
    (ep,) = [e for e in metadata.entry_points(group="icecream.games") if e.name == "tub"]
    protocol.load_entry_point(ep)
    assert "tub" in icecream.list_games() and not icecream.plugin_problems()
    yield
    protocol.unregister_game("tub")
    for path in (str(site), str(HERE)):
        sys.path.remove(path)


def test_tub_meets_the_contract():
    from icecream.core.contract import check

    assert [str(f) for f in check("tub")] == []


#: The test files that run over every registered game (parametrized by list_games()).
GENERIC = ["test_bad_input.py", "test_bad_input_all_games.py", "test_bad_input_round3.py",
           "test_budgets.py", "test_contract.py", "test_explore_widgets.py",
           "test_games_conform.py", "test_generic_layers.py", "test_i18n.py", "test_layers.py",
           "test_quiz_questions.py", "test_soak.py", "test_teach_lesson.py",
           "test_teach_quiz.py", "test_teach_widgets.py", "test_teaching_gaps.py",
           "test_tutorials.py", "test_widgets_any_game.py"]


@pytest.mark.slow
def test_the_generic_suite_passes_over_tub_installed_as_a_plug_in(tmp_path):
    # A fresh interpreter with Tub installed (its dist-info on the path) collects every
    # generic test for it too; the ones that name no game run as well.
    site = write_dist_info(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(HERE)]))
    tests = HERE.parent
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
         "-k", "tub or not (ice or combo or gelato or ijs or ic_ or ccp or gm_)",
         *[str(tests / f) for f in GENERIC]],
        capture_output=True, text=True, env=env, timeout=1800, cwd=tests.parent)
    tail = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 0, run.stdout[-3000:]
    assert "failed" not in tail and int(tail.split(" passed")[0].split()[-1]) > 100, tail


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


def test_a_game_from_another_package_plugs_in_through_the_entry_point_group(tmp_path):
    # An installed distribution declaring an ``icecream.games`` entry point, as pip would
    # leave it: the game's package and its .dist-info with entry_points.txt.
    write_dist_info(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(HERE)]))
    run = subprocess.run(
        [sys.executable, "-m", "icecream", "simulate", "--game", "tub", "--players", "2",
         "--games", "5"], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    games = subprocess.run([sys.executable, "-m", "icecream", "games"], capture_output=True,
                           text=True, env=env, timeout=120)
    assert "tub" in games.stdout
    plain = subprocess.run([sys.executable, "-c", "import icecream; print(icecream.list_games())"],
                           capture_output=True, text=True, timeout=120)
    assert "tub" not in plain.stdout and json.loads(plain.stdout.replace("'", '"'))
