"""The dashboards and the served configuration as files (no browser needed).

* every dashboard is a thin notebook committed without outputs, whose texts are catalog
  keys that exist;
* ``dashboards.json`` holds only keys the dashboards use;
* every option in ``voila.json`` is a real configurable of the installed Voila stack (a
  misspelt option is silently ignored by traitlets), with the safety settings on.
"""

from __future__ import annotations

import importlib.util
import json
import re

import nbformat
import pytest
from voila_harness import MAIN_WIDGET, ROOT

from icecream.core.messages import catalog

#: These tests read files only: they run without Chromium.
NEEDS_BROWSER = False

DASHBOARDS = sorted((ROOT / "dashboards").glob("*.ipynb"))
_KEY = re.compile(r"""\bt\(\s*f?["']([a-z0-9_.{}]+)["']""")
#: A LanguageSwitch header: a catalog prefix whose .title, .intro (and .about) it shows.
_HEADER = re.compile(r"""\bheader\s*=\s*["']([a-z0-9_.]+)["']""")


def test_every_dashboard_is_tested() -> None:
    assert sorted(p.stem for p in DASHBOARDS) == sorted(MAIN_WIDGET)


@pytest.mark.parametrize("path", DASHBOARDS, ids=lambda p: p.stem)
def test_dashboard_is_thin_and_has_no_outputs(path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert 1 <= len(code) <= 2, "a dashboard imports, builds a widget and displays it"
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, "commit without outputs"
        assert len(cell.source.splitlines()) <= 45, "keep the logic in icecream/, not here"
    assert "from icecream.widgets" in code[0].source


@pytest.mark.parametrize("path", DASHBOARDS, ids=lambda p: p.stem)
def test_dashboard_texts_are_catalog_keys(path) -> None:
    source = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells
                       if c.cell_type == "code")
    keys = _KEY.findall(source) + [f"{prefix}.{part}" for prefix in _HEADER.findall(source)
                                   for part in ("title", "intro")]
    assert keys, "a dashboard's words come from the catalog"
    known = catalog("en")
    for key in keys:
        if "{" in key:  # an f-string key: its prefix must exist
            assert any(k.startswith(key.split("{")[0]) for k in known), key
        else:
            assert key in known, key


def test_dashboards_catalog_has_only_used_keys() -> None:
    keys = json.loads((ROOT / "icecream/i18n/en/dashboards.json").read_text("utf-8"))
    assert all(k.startswith("dashboard.") for k in keys)
    used = "\n".join(p.read_text("utf-8") for p in DASHBOARDS)
    headers = set(_HEADER.findall(used.replace('\\"', '"')))
    unused = [k for k in keys if k not in used and k.rsplit(".", 1)[0] not in headers]
    assert not unused, f"keys no dashboard uses: {unused}"


def test_voila_json_options_exist_and_are_safe() -> None:
    from jupyter_client.manager import KernelManager
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from voila.app import Voila
    from voila.configuration import VoilaConfiguration
    from voila.execute import VoilaExecutor
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    # make dashboard serves through scripts/serve_dashboards.py, whose sections are its own
    spec = importlib.util.spec_from_file_location("serve_dashboards",
                                                  ROOT / "scripts" / "serve_dashboards.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    pooled = voila_kernel_manager_factory(MappingKernelManager, preheat_kernel=True,
                                          default_pool_size=1)
    classes = {"Voila": Voila, "VoilaConfiguration": VoilaConfiguration,
               "VoilaExecutor": VoilaExecutor, "MappingKernelManager": MappingKernelManager,
               "ClassroomVoila": serve.ClassroomVoila, "VoilaKernelManager": pooled,
               "ClassroomKernelManager": serve.classroom_manager(pooled),
               "KernelManager": KernelManager}
    config = json.loads((ROOT / "voila.json").read_text("utf-8"))
    for section, options in config.items():
        assert section in classes, f"unknown section {section}"
        traits = classes[section].class_traits(config=True)
        for name in options:
            assert name in traits, f"{section}.{name} is not an option of the installed voila"
    conf = config["VoilaConfiguration"]
    assert conf["strip_sources"] is True and conf["show_tracebacks"] is False
    assert conf["template"] == "icecream"
    assert "@jupyterlite/pyodide-kernel-extension" in conf["extension_denylist"]
    assert config["VoilaExecutor"]["timeout"] > 0
    # nbclient's default of 4 s drops a cell's output when the kernel's IOPub messages
    # arrive later than that after its reply: on a busy server (five pages opened at
    # once) a page then rendered blank. Waiting longer costs nothing when they are on time.
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert config["MappingKernelManager"]["cull_interval"] > 0


def test_icecream_template_drops_exactly_the_cdn_links_of_lab() -> None:
    # share/jupyter/voila/templates/icecream extends Voila's lab template and removes its two
    # Font Awesome links by their exact text: if a Voila release changes them, fail here.
    import sys
    from pathlib import Path

    folder = ROOT / "share" / "jupyter" / "voila" / "templates" / "icecream"
    assert json.loads((folder / "conf.json").read_text("utf-8")) == {"base_template": "lab"}
    ours = (folder / "index.html.j2").read_text("utf-8")
    cdn = re.search(r"set fa_cdn = '([^']+)'", ours).group(1)
    dropped = {'<link rel="stylesheet" href="' + cdn + rest
               for rest in re.findall(r"fa_cdn ~ '([^']+)'", ours)}
    lab = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"
    links = {line.strip() for line in lab.read_text("utf-8").splitlines()
             if "<link" in line and "://" in line}
    assert links and links == dropped
    assert "cdn" not in (folder / "page.html").read_text("utf-8").replace("CDN", "")
