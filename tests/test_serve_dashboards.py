"""``scripts/serve_dashboards.py`` (``make dashboard``, issue 30): the served settings are
checked before Voila starts; a value that makes no sense is refused with ONE line naming
the setting, and exit code 2, instead of a server that hangs or half-works."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "serve_dashboards.py"


@pytest.fixture(scope="module")
def serve() -> object:
    """The launcher as a module (it is a script, not a package module)."""
    pytest.importorskip("voila")
    spec = importlib.util.spec_from_file_location("serve_dashboards", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def check(serve: object, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    """Run ``serve_dashboards.py dashboards/ --check ARGS`` in this process (from ``cwd``):
    its exit code and what it printed."""
    monkeypatch.setenv("JUPYTER_PATH", str(ROOT / "share" / "jupyter"))

    def run(*args: str, cwd: Path = ROOT) -> SimpleNamespace:
        monkeypatch.chdir(cwd)
        sigterm = signal.getsignal(signal.SIGTERM)  # Voila takes SIGTERM over: give it back
        try:
            code = serve.main([str(ROOT / "dashboards"), "--check", *args])
        finally:
            signal.signal(signal.SIGTERM, sigterm)
        out = capsys.readouterr()
        return SimpleNamespace(returncode=code, stdout=out.out, stderr=out.err)

    return run


def test_the_served_settings_pass_and_say_what_they_are(check):
    done = check("--port=8866")
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("serve_dashboards: settings OK")
    assert "play 4" in line and "ends 45 s after its last activity" in line


def test_make_dashboard_refuses_a_bad_port_before_serving():
    # The script as make runs it: one line on stderr, exit code 2, no server.
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "share" / "jupyter")}
    done = subprocess.run([sys.executable, str(SCRIPT), "dashboards/", "--port=0"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr.strip() == "serve_dashboards: --port must be from 1 to 65535, not 0"


@pytest.mark.parametrize(("arg", "named"), [
    ("--port=70000", "--port must be from 1 to 65535, not 70000"),
    ("--MappingKernelManager.cull_interval=100",
     "MappingKernelManager.cull_interval must be from 1 to 45, not 100"),
    ("--MappingKernelManager.cull_idle_timeout=-5",
     "MappingKernelManager.cull_idle_timeout must be from 10 to 86400 (or 0), not -5"),
    ("--MappingKernelManager.cull_idle_timeout=soon",
     "MappingKernelManager.cull_idle_timeout must be a whole number, not 'soon'"),
    ("--MappingKernelManager.cull_connected=True", "an open page whose student thinks"),
    ('--VoilaKernelManager.kernel_pools_config={"play.ipynb": {"pool_size": -1}}',
     "kernel_pools_config['play.ipynb'].pool_size must be from 0 to 64, not -1"),
    ('--VoilaKernelManager.kernel_pools_config={"plya.ipynb": {"pool_size": 2}}',
     "kernel_pools_config['plya.ipynb']: no such notebook"),
    ('--VoilaKernelManager.kernel_pools_config={"play.ipynb": {"size": 2}}',
     "must be {\"pool_size\": N}"),
    ("--ClassroomKernelManager.connect_grace=0",
     "ClassroomKernelManager.connect_grace must be from 10 to 3600, not 0"),
])
def test_a_setting_that_makes_no_sense_is_refused_in_one_line(check, arg: str, named: str):
    done = check(arg)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("serve_dashboards: "), done.stderr
    assert named in lines[0]
    assert done.stdout == ""  # nothing was served, nothing said OK


def test_pools_bigger_than_the_machine_are_refused(check, tmp_path: Path):
    # A voila.json (read from the directory the server starts in) asking for 64 kernels
    # per dashboard: 320 preheated kernels, far over 60% of any test machine's memory.
    conf = json.loads((ROOT / "voila.json").read_text("utf-8"))
    conf["VoilaKernelManager"]["kernel_pools_config"] = {
        name: {"pool_size": 64} for name in conf["VoilaKernelManager"]["kernel_pools_config"]}
    (tmp_path / "voila.json").write_text(json.dumps(conf), "utf-8")
    machine_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    if 320 * 120 <= 0.6 * machine_mb:
        pytest.skip(f"this machine ({machine_mb / 1024:.0f} GB) could hold 320 kernels")
    done = check(cwd=tmp_path)
    assert done.returncode == 2
    assert "the kernel pools keep 320 kernels preheated" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
