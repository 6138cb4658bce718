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
    ("--ClassroomKernelManager.kernel_nice=25",
     "ClassroomKernelManager.kernel_nice must be from 0 to 19, not 25"),
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


def test_kernel_nice_lowers_the_priority_of_the_kernels_it_starts(serve, tmp_path: Path
                                                                  ) -> None:
    # A real kernel started by the launcher's kernel manager (niceness 19: never below the
    # test's own, so no privilege is needed to set it).
    import asyncio

    import psutil
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    manager = serve.classroom_manager(AsyncMappingKernelManager)(root_dir=str(tmp_path),
                                                                 kernel_nice=19)

    async def started_nice() -> tuple[int, int]:
        kid = await manager.start_kernel(kernel_name="python3")
        try:
            process = psutil.Process(manager.get_kernel(kid).provisioner.process.pid)
            return process.nice(), psutil.Process().nice()
        finally:
            await manager.shutdown_kernel(kid, now=True)

    kernel, ours = asyncio.run(started_nice())
    assert kernel == 19 and ours != 19


# -- what a page's kernel loads (memory per page) ------------------------------------------------
@pytest.mark.parametrize(("imports", "absent"), [
    # The quiz page: the language switch and the quiz, neither explorer.
    ("icecream.widgets.language, icecream.widgets.quiz",
     ["icecream.widgets.explorer", "icecream.widgets.example_explorer"]),
    # The tutorial page: no explorer either, and nothing of Voila's or Jupyter Server's.
    ("icecream.widgets.tutorial, icecream.widgets.learn",
     ["icecream.widgets.explorer", "icecream.widgets.example_explorer", "voila",
      "jupyter_server"]),
    # Asking the package for one widget loads that widget's module only.
    ("icecream.widgets", ["icecream.widgets.explorer", "icecream.widgets.whatif"]),
])
def test_a_page_imports_only_what_it_shows(imports: str, absent: list[str]) -> None:
    code = (f"import sys, {imports}\n"
            f"print([m for m in {absent!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_the_package_still_hands_out_every_widget() -> None:
    import icecream.widgets as package

    for name in package.__all__:
        widget = getattr(package, name)
        assert widget.__name__ == name and widget.__module__.startswith("icecream.widgets.")


# -- a preheated kernel's request (the tutorial's ?game=) ---------------------------------------
VOILA_ENV = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "1b2c3d4e-0000-1111-2222-333344445555",
             "VOILA_APP_IP": "10.1.2.3", "VOILA_APP_PORT": "9001",
             "VOILA_SERVER_URL": "/services/icecream/"}


@pytest.mark.parametrize("extra", [{}, {"VOILA_WS_PROTOCOL": "wss"},
                                   {"VOILA_WS_BASE_URL": "/hub/icecream/"}])
def test_the_request_address_is_voilas_own(monkeypatch: pytest.MonkeyPatch,
                                           extra: dict[str, str]) -> None:
    # icecream.widgets.learn builds the address as voila.utils.wait_for_request does (it
    # does not import voila.utils in the kernel: 35-45 MB); Voila's function, asked here
    # with its socket replaced, must reach the same address.
    voila_utils = pytest.importorskip("voila.utils")
    from icecream.widgets.learn import request_info_url

    for key, value in {**VOILA_ENV, **extra}.items():
        monkeypatch.setenv(key, value)
    asked = []

    async def fake_info(ws_url: str) -> str:
        asked.append(ws_url)
        return "{}"

    monkeypatch.setattr(voila_utils, "_get_request_info", fake_info)
    voila_utils.wait_for_request()
    assert asked == [request_info_url()]


def test_a_preheated_kernel_reads_the_request_voila_sends(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    # A socket standing for Voila's /voila/query/<kernel id>: it sends the request's
    # variables as one JSON object once the page is asked for, as Voila does.
    server_mod = pytest.importorskip("websockets.sync.server")
    import threading

    from icecream.widgets.learn import page_query

    sent = {"QUERY_STRING": "game=combo-cone&lang=nl", "SCRIPT_NAME": "/voila/render/x"}
    paths = []

    def handler(socket: object) -> None:
        paths.append(socket.request.path)
        socket.send(json.dumps(sent))

    with server_mod.serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        for key, value in {**VOILA_ENV, "VOILA_APP_IP": "127.0.0.1",
                           "VOILA_APP_PORT": str(port), "QUERY_STRING": "",
                           "SCRIPT_NAME": ""}.items():
            monkeypatch.setenv(key, value)
        assert page_query() == "game=combo-cone&lang=nl"
        server.shutdown()
    assert paths == [f"/services/icecream/voila/query/{VOILA_ENV['VOILA_KERNEL_ID']}"]
    assert os.environ["SCRIPT_NAME"] == "/voila/render/x"


def test_without_voila_the_query_is_the_environments(monkeypatch: pytest.MonkeyPatch) -> None:
    from icecream.widgets.learn import page_query

    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "game=gelato-mio")
    assert page_query() == "game=gelato-mio"
