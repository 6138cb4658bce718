"""``python -m icecream new-game NAME`` writes a plug-in package that installs and meets
the contract as written: ``new-game tub`` writes Tub itself, and a new name gives a game
that ``check`` finds complete, whose own tests and the generic suite pass over it.

Installing is stood in for by what ``pip install -e`` leaves: a dist-info declaring the
entry point, and the project folder on the path (an install takes a minute here); the
report of issue 27 shows a real ``pip install -e`` into a fresh virtual environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from icecream.cli import main as cli
from icecream.cli.new_game import names, render

ROOT = Path(__file__).resolve().parents[1]
TUB = ROOT / "tests" / "example_game"


def test_new_game_tub_writes_tub_itself():
    files = {p: text for p, text in render("tub").items() if p.startswith("tub/")}
    on_disk = {str(p.relative_to(TUB)): p.read_text("utf-8")
               for p in (TUB / "tub").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert files == on_disk


def test_the_package_has_its_project_file_and_tests():
    files = render("sundae-bar")
    assert 'sundae-bar = "sundae_bar"' in files["pyproject.toml"]
    assert {"sundae_bar/i18n/en/sundae_bar.json", "sundae_bar/i18n/nl/sundae_bar.json",
            "sundae_bar/tutorials/sundae_bar.json", "tests/test_sundae_bar.py"} <= set(files)
    assert "{{" not in "".join(files.values())


@pytest.mark.parametrize(("name", "words"), [
    ("Sundae", "cannot be a game's name"), ("sundae_bar", "cannot be a game's name"),
    ("9lives", "cannot be a game's name"), ("ice-cream", "already registered"),
    ("json", "already the name of an installed module")])
def test_a_name_that_cannot_be_a_new_game_is_refused_in_one_line(name, words, tmp_path,
                                                                   capsys):
    assert cli(["new-game", name, "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_an_existing_folder_is_not_written_over(tmp_path, capsys):
    (tmp_path / "sundae-bar").mkdir()
    assert cli(["new-game", "sundae-bar", "--dir", str(tmp_path)]) == 2
    assert "already there" in capsys.readouterr().err


def _installed(name: str, project: Path, site: Path) -> dict[str, str]:
    """The environment of an interpreter where ``project`` is installed as ``pip install
    -e`` would: its dist-info (the entry point) in ``site``, its folder on the path."""
    n = names(name)
    info = site / f"{n['key']}_game-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-game\n"
                                   "Version: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[icecream.games]\n{name} = {n['key']}\n")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(project)]))


@pytest.mark.slow
def test_a_new_game_meets_the_contract_and_passes_its_own_and_the_generic_tests(tmp_path):
    assert cli(["new-game", "sundae-bar", "--dir", str(tmp_path)]) == 0
    project = tmp_path / "sundae-bar"
    env = _installed("sundae-bar", project, tmp_path / "site")
    check = subprocess.run([sys.executable, "-m", "icecream", "check", "sundae-bar"],
                           capture_output=True, text=True, env=env, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith("sundae-bar: meets the contract")
    own = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          str(project / "tests")], capture_output=True, text=True, env=env,
                         timeout=600, cwd=project)
    assert own.returncode == 0 and "3 passed" in own.stdout, own.stdout[-2000:]
    generic = ["test_games_conform.py", "test_contract.py", "test_tutorials.py",
               "test_teach_lesson.py", "test_bad_input_round3.py", "test_layers.py",
               "test_teaching_gaps.py", "test_bad_input_all_games.py"]
    suite = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "sundae",
         *[str(ROOT / "tests" / f) for f in generic]],
        capture_output=True, text=True, env=env, timeout=1200, cwd=ROOT)
    tail = suite.stdout.strip().splitlines()[-1]
    assert suite.returncode == 0, suite.stdout[-3000:]
    assert "failed" not in tail and int(tail.split(" passed")[0].split()[-1]) >= 20, tail
