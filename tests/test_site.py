"""The static site's Python side (``make site``, README "Publish the dashboards"):

* it publishes every dashboard, and they build without pandas, numpy and plotly, which the
  site does not ship (pandas and numpy have no WebAssembly wheels on PyPI; its charts are SVG);
* the explore and teach layers compute a what-if, a hint and a comparison without them (the
  same numbers as with them: ``scripts/golden_explore.py``), and a budgeted run advanced in
  slices, as on a page without threads, answers Stop within a second;
* the build script's pieces that need no network: the placeholder wheels and the settings it
  writes into every page.

The browser test (``tests/browser/test_static_site.py``) builds the site and plays in it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402

WITHOUT = """
import sys
for name in ("pandas", "numpy", "plotly", "tqdm"):
    sys.modules[name] = None  # import fails, as in the static site
{code}
print("built")
"""


def _run_without_pandas(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT.format(code=code)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def _dashboard_code(name: str) -> str:
    nb = json.loads((ROOT / "dashboards" / f"{name}.ipynb").read_text("utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def test_published_dashboards_need_no_pandas_numpy_or_plotly():
    code = "\n".join(_dashboard_code(name) for name in build_site.DASHBOARDS)
    # ... and whole games of every game play to their end (the engine alone).
    code += """
import random
import icecream
for game in ("ice-cream", "combo-cone", "gelato-mio"):
    s = icecream.new_game(game, players=3, seed=2).clone()
    s.random_playout(random.Random(0).random)
    assert s.is_over, game
"""
    done = _run_without_pandas(code)
    assert done.returncode == 0 and "built" in done.stdout, done.stderr[-3000:]


def test_every_dashboard_is_published():
    assert set(build_site.DASHBOARDS) == {p.stem for p in (ROOT / "dashboards").glob("*.ipynb")}
    assert {"pandas", "numpy", "plotly"} <= build_site.NOT_IN_BROWSER


def test_what_if_hint_and_comparison_compute_without_pandas_numpy_or_plotly():
    code = """
import icecream
from icecream.core.budget import Budget
from icecream.explore import compare, compare_options
from icecream.explore.compare import presets
from icecream.teach.conclusions import comparison_conclusion, position_conclusion
from icecream.teach.hints import hint
from icecream.widgets.whatif import PositionWhatIf, RulesetComparison
for game in icecream.list_games():
    s = icecream.new_game(game, players=3, seed=2)
    # No time limit: random Gelato Mio games are thousands of moves (the page's 10 s
    # default could end this before 3 samples on a loaded machine).
    found = compare_options(s, n=3, policy="random", seed=1, seconds=None)
    assert found.samples == 3 and all(o.score.low <= o.score.high for o in found.options)
    assert position_conclusion(found, s, "nl")
    h = hint(s, samples=3, policy="random", lang="nl", seconds=None)
    assert h.options and h.text()
    names = list(presets(game))
    c = compare(presets(game)[names[0]], presets(game)[names[-1]], games=3, players=3,
                game=game, budget=Budget(None))
    assert c.games == 3 and c.metrics and comparison_conclusion(c, "en")
    w = RulesetComparison(games=3, players=3, game=game, lang="nl")
    assert w.run() and "<svg" in w.chart.children[0].value and "<table" in w.table.value
    p = PositionWhatIf(s, samples=2, policy="random")
    assert p.run() and "<svg" in p.chart.children[0].value
"""
    done = _run_without_pandas(code)
    assert done.returncode == 0 and "built" in done.stdout, done.stderr[-3000:]


def test_a_page_without_threads_runs_work_in_slices_and_stop_answers_within_a_second():
    # As in Pyodide: no thread can start, so the runner advances the hint's steps in an
    # asyncio task; a Stop (here a timer on the same loop, as a click is a message the
    # browser hands the kernel between slices) ends it within a second.
    code = """
import asyncio, time, threading
import icecream
import icecream.widgets.budget as budget
from icecream.teach.hints import hint_steps
budget.threads_available = lambda: False
threading.Thread.start = lambda self: (_ for _ in ()).throw(RuntimeError("no threads"))
runner = budget.BudgetRunner(seconds=60, unit="games")
s = icecream.new_game("gelato-mio", players=3, seed=2)
out = []

async def main():
    started = runner.start(None, lambda r, e: out.append((time.monotonic(), r, e)),
                           seconds=60, background=True,
                           steps=lambda b: hint_steps(s, samples=2000, budget=b))
    assert started and runner.running
    ticks = 0
    t0 = time.monotonic()
    while time.monotonic() - t0 < 1.5:  # the loop keeps turning while the hint runs
        await asyncio.sleep(0.01)
        ticks += 1
    assert ticks >= 5, ticks  # blocking work would have let none through
    pressed = time.monotonic()
    runner.stop()
    while runner.running:
        await asyncio.sleep(0.01)
    ended, result, error = out[0]
    assert error is None and result.partial and result.reason == "stopped", (error, result)
    print(f"stopped after {ended - pressed:.2f} s")
    assert ended - pressed < 1.0, ended - pressed

asyncio.run(main())
"""
    done = _run_without_pandas(code)
    assert done.returncode == 0 and "built" in done.stdout, done.stderr[-3000:]


def test_placeholder_wheel_is_an_empty_installable_wheel(tmp_path):
    wheel = build_site.placeholder_wheel("ssl", tmp_path)
    assert wheel.name == "ssl-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert sorted(names) == ["ssl-0.0.0.dist-info/METADATA", "ssl-0.0.0.dist-info/RECORD",
                             "ssl-0.0.0.dist-info/WHEEL"]
    name, requires, imports = build_site._wheel_metadata(wheel)
    assert (name, requires, imports) == ("ssl", [], [])
    sqlite = build_site.placeholder_wheel("sqlite3", tmp_path)
    assert build_site._wheel_metadata(sqlite)[2] == ["sqlite3"]


def test_pages_get_kernel_settings_relative_to_themselves(tmp_path):
    site = tmp_path / "site"
    (site / "voici" / "render").mkdir(parents=True)
    plugin = "@jupyterlite/pyodide-kernel-extension:kernel"
    root = {"jupyter-config-data": {"litePluginSettings": {plugin: {
        "pipliteUrls": ["./extensions/x/all.json"]}}}}
    (site / "jupyter-lite.json").write_text(json.dumps(root), "utf-8")
    page = {"baseUrl": "../../", "litePluginSettings": {plugin: {
        "pipliteUrls": ["./extensions/x/all.json"], "pyodideUrl": "./static/pyodide/pyodide.js"}}}
    (site / "voici" / "render" / "play.html").write_text(
        '<html><script id="jupyter-config-data" type="application/json">'
        f"{json.dumps(page)}</script></html>", "utf-8")
    assert build_site.fix_page_configs(site) == 1
    text = (site / "voici" / "render" / "play.html").read_text("utf-8")
    config = json.loads(text.split('application/json">')[1].split("</script>")[0])
    kernel = config["litePluginSettings"][plugin]
    assert kernel["pyodideUrl"] == "../../static/pyodide/pyodide.js"
    assert kernel["pipliteUrls"] == ["../../extensions/x/all.json"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"] == {"packages": [build_site.PROJECT]}
    rooted = json.loads((site / "jupyter-lite.json").read_text("utf-8"))
    kernel = rooted["jupyter-config-data"]["litePluginSettings"][plugin]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    assert kernel["disablePyPIFallback"] is True
