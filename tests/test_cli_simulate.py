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


# -- issue 12: checked before simulating, written whole or not at all, Ctrl-C --------------


def _one_line(capsys, argv):
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
    return err


def test_the_output_path_is_checked_before_simulating(tmp_path, capsys):
    # A trillion games: an error only comes back at once if no game was played first.
    many = ["simulate", "--games", str(10**12)]
    assert "does not exist" in _one_line(capsys, many + ["--csv", str(tmp_path / "x" / "o.csv")])
    assert "is a directory" in _one_line(capsys, many + ["--parquet", str(tmp_path)])
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_leaves_no_output_file(tmp_path, capsys, monkeypatch):
    import errno

    calls = []
    original = pd.DataFrame.to_csv

    def to_csv(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(pd.DataFrame, "to_csv", to_csv)
    path = tmp_path / "out.csv"
    err = _one_line(capsys, ["simulate", "--games", "40", "--players", "3", "--csv", str(path)])
    assert "No space left on device" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv, message", [
    (["--workers", "100000"], "--workers must be at most"),
    (["--dask", "nonsense!!"], "cannot use the Dask scheduler"),
])
def test_workers_capped_and_bad_dask_address(argv, message, tmp_path, capsys):
    if "--dask" in argv:
        pytest.importorskip("distributed")
    out = tmp_path / "o.csv"
    assert message in _one_line(capsys, ["simulate", "--games", "1", "--csv", str(out), *argv])
    assert list(tmp_path.iterdir()) == []


#: Runs ``python -m icecream`` with SIGINT's default handler (KeyboardInterrupt), whatever
#: the disposition inherited from the process that started the suite.
_AS_IN_A_TERMINAL = ("import runpy, signal; signal.signal(signal.SIGINT, "
                     "signal.default_int_handler); runpy.run_module('icecream', "
                     "run_name='__main__', alter_sys=True)")


def _long_run(tmp_path):
    """A trillion-game run with two workers, started and writing; (process, worker pids)."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    # `python -m icecream simulate ...` as typed in a terminal, where SIGINT does its
    # default. A process started with SIGINT ignored keeps ignoring it (POSIX; Python then
    # installs no KeyboardInterrupt handler), and the suite inherits that when it runs as a
    # background job of a non-interactive shell: each Ctrl-C test then waited its 30 s.
    proc = subprocess.Popen(
        [sys.executable, "-c", _AS_IN_A_TERMINAL, "simulate", "--games", str(10**12),
         "--workers", "2", "--csv", str(tmp_path / "out.csv")], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env=env, cwd=tmp_path, start_new_session=True)
    deadline = time.monotonic() + 60
    children: list[str] = []
    while time.monotonic() < deadline and len(children) < 2:  # the workers are up
        time.sleep(0.2)
        children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                  text=True).stdout.split()
    assert len(children) >= 2, "the workers never started"
    time.sleep(1.0)  # games are being played and written
    assert any(p.name.endswith(".part") for p in tmp_path.iterdir())
    return proc, children


def _finish(proc, children, tmp_path, code, message):
    import subprocess
    import time
    from pathlib import Path

    sent = time.monotonic()
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise
    took = time.monotonic() - sent
    text = err.decode()
    assert proc.returncode == code and took < 10
    assert text.count("\n") == 1 and text.startswith(message), text
    assert "Traceback" not in text
    assert list(tmp_path.iterdir()) == []
    time.sleep(0.5)
    assert [c for c in children if Path(f"/proc/{c}").exists()] == []


@pytest.mark.parametrize("whole_group", [True, False])
def test_ctrl_c_stops_at_once_leaves_no_workers_no_file_no_traceback(tmp_path, whole_group):
    """The first SIGINT (from a terminal: to the whole process group) stops a long run,
    even when the suite itself was started with SIGINT ignored (see _long_run)."""
    import os
    import signal

    proc, children = _long_run(tmp_path)
    if whole_group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    _finish(proc, children, tmp_path, 130, "error: interrupted")


def test_a_killed_worker_ends_the_run_with_one_line(tmp_path):
    import os
    import signal

    proc, children = _long_run(tmp_path)
    os.kill(int(children[0]), signal.SIGKILL)
    _finish(proc, children, tmp_path, 2, "error: a worker process died")
