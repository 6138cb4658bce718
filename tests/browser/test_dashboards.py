"""Each dashboard loads in a real Chromium, served with the repo's ``voila.json``.

A dashboard passes when its main widget (by its CSS class) appears, with no JavaScript
error, no console error and no Python error output in the page, and none of its source
code in the page (``strip_sources``).
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any
from urllib.parse import urlparse

import pytest
from voila_harness import MAIN_WIDGET, ROOT, PageWatch, VoilaServer, close_page, watch_page


@pytest.mark.parametrize("name", sorted(MAIN_WIDGET))
def test_dashboard_loads_without_error(name: str, open_page: Any, check: Any,
                                       voila_server: VoilaServer, watch: PageWatch,
                                       report: Any) -> None:
    t0 = time.perf_counter()
    page = open_page(name)
    report(f"{name}: main widget after {time.perf_counter() - t0:.1f} s; requests aborted "
           f"for leaving 127.0.0.1: {sorted({urlparse(u).hostname for u in watch.aborted})}")
    assert page.locator(MAIN_WIDGET[name]).count() >= 1
    # Let late widget renders (plotly, anywidget) finish before looking for errors.
    page.wait_for_load_state("networkidle")
    check(page)
    html = page.content()
    assert "import ipywidgets" not in html and "from icecream" not in html, \
        "the dashboard's source code is in the page: strip_sources is off"
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0
    # The server runs with ./voila.json: its culler settings are the ones in effect.
    cull = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))["MappingKernelManager"]
    line = (f"Culling kernels with idle durations > {cull['cull_idle_timeout']} seconds at "
            f"{cull['cull_interval']} second intervals")
    assert line in voila_server.log_text(), voila_server.log_text()[-2000:]
    close_page(page, voila_server)


def test_notebooks_are_not_downloadable(voila_server: VoilaServer) -> None:
    """The served config denies the notebooks' files (their source) to browsers."""
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{voila_server.url}/voila/files/play.ipynb", timeout=10)


def test_tree_lists_the_dashboards(voila_server: VoilaServer, context: Any,
                                   watch: PageWatch) -> None:
    """``make dashboard``'s address lists every dashboard."""
    page = context.new_page()
    watch_page(page, watch)
    page.goto(voila_server.url + "/")
    for name in MAIN_WIDGET:
        page.get_by_text(f"{name}.ipynb", exact=True).wait_for(timeout=30_000)
    assert not watch.page_errors, watch.page_errors
    page.close()
