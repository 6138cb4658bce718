"""The static site's Python side (``make site``, README "Publish the dashboards"):

* the dashboards it publishes (play, rulebook_examples, quiz, tutorial) build without pandas,
  numpy and plotly, which the site does not load (pandas and numpy have no WebAssembly wheels
  on PyPI);
* the what-if, which needs pandas, is the one dashboard left out;
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


def test_what_if_is_the_dashboard_left_out():
    assert set(build_site.DASHBOARDS) == {"play", "rulebook_examples", "quiz", "tutorial"}
    assert {p.stem for p in (ROOT / "dashboards").glob("*.ipynb")} - set(
        build_site.DASHBOARDS) == {"what_if"}
    done = _run_without_pandas(_dashboard_code("what_if"))
    assert done.returncode != 0 and "pandas" in done.stderr


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
