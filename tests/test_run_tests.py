"""scripts/run_tests.py: ``make test`` runs every test, once, and fails if any part fails."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import run_tests  # noqa: E402


def test_every_browser_file_runs_in_exactly_one_part_and_the_rest_in_units():
    parts = dict(run_tests.parts(2))
    browser = sorted(f for name, files in parts.items() if name != "units" for f in files)
    on_disk = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests/browser").glob("test_*.py"))
    assert browser == on_disk
    units = parts["units"]
    assert {"icecream", "tests", "notebooks", "--ignore=tests/browser"} <= set(units)
    assert "--doctest-modules" in units and "--nbval-lax" in units


def test_the_browser_parts_share_the_expected_time_evenly():
    shards = run_tests.browser_shards(2)
    totals = [sum(run_tests._seconds(ROOT / f) for f in shard) for shard in shards]
    longest = max(run_tests._seconds(p) for p in (ROOT / "tests/browser").glob("test_*.py"))
    assert len(shards) == 2 and max(totals) - min(totals) <= longest


def test_a_part_where_no_test_ran_fails_the_whole_run(capfd):
    # pytest's exit code 5 ("no tests ran") must fail `make test` like any failure.
    me = "tests/test_run_tests.py"
    passing = ("passing", [f"{me}::test_the_browser_parts_share_the_expected_time_evenly"])
    empty = ("empty", [me, "-k", "no_test_is_called_this_xyz"])
    lean = ["-q", "-p", "no:nbval", "-p", "no:hypothesispytest", "-p", "no:anyio"]
    assert run_tests.run([passing, empty], lean) == 1
    out = capfd.readouterr().out
    assert "passing exit 0, empty exit 5; FAILED: empty" in out
    assert "===== empty (exit 5) =====" in out  # the second part's output is shown
    assert "1 passed" in out  # the first part printed as it went (to this process's stdout)


def test_seconds_per_file_are_summed_from_the_junit_reports(tmp_path):
    (tmp_path / "a.xml").write_text(
        '<testsuites><testsuite>'
        '<testcase classname="tests.browser.test_play" name="x" time="2.5"/>'
        '<testcase classname="tests.browser.test_play" name="y" time="1.0"/>'
        '<testcase classname="tests.browser.test_quiz.TestQuiz" name="z" time="7"/>'
        '</testsuite></testsuites>', "utf-8")
    (tmp_path / "broken.xml").write_text("<testsuites>", "utf-8")
    found = run_tests.file_seconds([tmp_path / "a.xml", tmp_path / "broken.xml",
                                    tmp_path / "missing.xml"])
    assert found == {"test_quiz.py": 7.0, "test_play.py": 3.5}
    assert list(found) == ["test_quiz.py", "test_play.py"]  # longest first
