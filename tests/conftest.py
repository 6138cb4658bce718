"""The test session's installed games: the repository's own three and Tub, the example
game (``tests/example_game/tub``), installed as a plug-in exactly as pip would leave an
other package's game: a ``.dist-info`` declaring its ``icecream.games`` entry point, on
the path. So Tub is loaded by the registry like any plug-in (never by a test's import),
and every generic test, parametrized by ``list_games()``, runs over it in this session
with nothing hiding it.

The install goes into ``PYTHONPATH`` too: a plug-in is installed for every process, so
the command line, the notebook kernels and ``nbconvert`` runs the tests start see it.
A session of browser tests alone (``tests/browser``) does not install it: those drive
the dashboards in Chromium, whose per-game cases the in-process widget tests cover for
every game, Tub included.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parent / "example_game"
BROWSER = Path(__file__).parent / "browser"


def write_dist_info(site: Path) -> Path:
    """An installed distribution declaring Tub's ``icecream.games`` entry point, as pip
    would leave it in ``site`` (the game's package is ``tests/example_game/tub``)."""
    dist = site / "tub_game-0.1.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tub-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[icecream.games]\ntub = tub\n")
    return site


def _browser_only(config) -> bool:
    args = [Path(a.split("::")[0]).resolve() for a in config.args] or [Path.cwd()]
    return all(a == BROWSER or BROWSER in a.parents for a in args)


_SITE: list[str] = []


def pytest_configure(config) -> None:
    if _browser_only(config):
        return
    site = write_dist_info(Path(tempfile.mkdtemp(prefix="tub-site-")))
    paths = [str(site), str(EXAMPLE)]
    _SITE.append(str(site))
    sys.path[:0] = paths
    os.environ["PYTHONPATH"] = os.pathsep.join(
        paths + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    importlib.invalidate_caches()


def pytest_unconfigure(config) -> None:
    for site in _SITE:
        shutil.rmtree(site, ignore_errors=True)


@pytest.fixture
def tub_site(tmp_path: Path) -> Path:
    """A fresh site folder with Tub's distribution installed in it (not yet on any path):
    for the tests that install the plug-in into another process themselves."""
    return write_dist_info(tmp_path / "site")
