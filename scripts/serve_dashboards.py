"""Serve the dashboards to a class: Voila with ``voila.json``, checked first (``make dashboard``).

Usage, from the repo root (``make dashboard`` does this)::

    .venv/bin/python scripts/serve_dashboards.py dashboards/ --port=8866 [voila options]
    .venv/bin/python scripts/serve_dashboards.py --check [voila options]   # check, serve nothing

This is Voila itself (its ``Voila`` application, reading ``./voila.json`` and the command
line), with what a class needs that a JSON file cannot say:

* **The settings are checked before anything starts.** A kernel pool, a culling time or a
  port that makes no sense (a negative pool, more preheated kernels than the machine has
  memory for, a cull interval longer than the idle time, a port out of range, ...) stops the
  start with ONE line naming the setting, its value and what it must be, and exit code 2.
* **A page loads only the front-end extensions it uses.** ``ClassroomVoila.page_extensions``
  in ``voila.json`` names the pages an extension is for (plotly's 4.8 MB bundle: only the
  what-if page draws a chart); every other page is served without it (Voila's
  ``page_config_hook``, which also serves the preheated pages).
* **A page that never connects, and only such a page, gets a grace time.** Jupyter Server
  culls a kernel once it has no connection and has been idle for ``cull_idle_timeout``. A
  preheated kernel may have finished its notebook long before a student asks for it, so it
  looks idle for long the moment its page is sent; :class:`ClassroomKernelManager` leaves a
  kernel that no page has connected to yet alone for ``connect_grace`` seconds after Voila
  handed it out, so a slow browser on a loaded machine still finds its kernel. Once its page
  has connected, the usual rule holds: a closed or reloaded page's kernel (no connection
  left) ends after ``cull_idle_timeout``; a page left open keeps it (``cull_connected``
  false).

* **Browsers keep the extensions' files.** Voila serves ``/voila/labextensions/`` as
  "no-cache" (every page asks for each file again); their names carry a hash of their
  content, so ``ClassroomVoila.cache_extensions`` serves them as immutable.
* **Kernels may yield to the server.** ``ClassroomKernelManager.kernel_nice`` (0-19, off by
  default) starts every kernel at that niceness, below the Voila process that serves every
  page.

A cell that reads the page's address in a preheated kernel waits for the request
(``icecream.widgets.learn.page_query``, Voila's request socket); such a cell carries the tag
``voila-waits-for-request`` and runs without the executor's cell timeout (it may wait in the
pool for hours).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.utils import url_path_join
from traitlets import Bool, Dict, Float, Int, TraitError
from traitlets.config.loader import DeferredConfigString
from voila.app import Voila

ROOT = Path(__file__).resolve().parents[1]
#: The cell tag of a cell that waits for the page's request (it gets no cell timeout).
WAITS_FOR_REQUEST = "voila-waits-for-request"
#: About what one preheated dashboard kernel holds (MB, RSS, measured: 80-170 MB): a pool
#: that would need more than the machine's memory is refused.
KERNEL_MB = 120
#: Longest a kernel may be kept from the culler before its page connects (seconds).
MAX_GRACE = 3600


class BadSetting(ValueError):
    """A setting that makes no sense; its message is the one line the server prints."""


# -- checks ------------------------------------------------------------------------------------
def _typed(value: Any) -> Any:
    """A value given on the command line (kept as text until its class reads it), typed."""
    if not isinstance(value, DeferredConfigString):
        return value
    text = str(value)
    if text in ("True", "False"):
        return text == "True"
    try:
        return json.loads(text)
    except ValueError:
        return text


def _number(where: str, value: Any, *, low: float, high: float | None = None,
            integer: bool = False, zero: bool = True) -> float:
    """``value`` as a number in [low, high] (0 allowed when ``zero``), else BadSetting."""
    kind = "a whole number" if integer else "a number"
    value = _typed(value)
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            integer and not isinstance(value, int)):
        raise BadSetting(f"{where} must be {kind}, not {value!r}")
    if value == 0 and zero:
        return value
    if value < low or (high is not None and value > high):
        bounds = f"from {low:g} to {high:g}" if high is not None else f"at least {low:g}"
        also = " (or 0)" if zero and low > 0 else ""
        raise BadSetting(f"{where} must be {bounds}{also}, not {value!r}")
    return value


def machine_mb() -> float:
    """The machine's memory in MB."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (ValueError, OSError, AttributeError):  # not POSIX: no bound from memory
        return float("inf")


def pool_sizes(app: Voila) -> dict[str, int]:
    """How many kernels each notebook's pool keeps preheated (checked), by notebook path."""
    conf = app.voila_configuration
    if not conf.preheat_kernel:
        return {}
    default = _number("VoilaConfiguration.default_pool_size", conf.default_pool_size,
                      low=0, high=64, integer=True)
    pools = _typed(app.config.get("VoilaKernelManager", {}).get("kernel_pools_config", {}))
    if not isinstance(pools, dict):
        raise BadSetting(f"VoilaKernelManager.kernel_pools_config must be an object "
                         f"(notebook -> {{\"pool_size\": N}}), not {pools!r}")
    root = Path(app.root_dir)
    notebooks = {str(p.relative_to(root)) for p in root.rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts}
    # As Voila reads it: given kernel_pools_config, a notebook it does not name gets the
    # "default" entry's pool, else 1 (default_pool_size then counts for nothing).
    sizes = dict.fromkeys(notebooks, 1 if pools else int(default))
    for name, entry in pools.items():
        where = f"VoilaKernelManager.kernel_pools_config[{name!r}]"
        if name != "default" and name not in notebooks:
            raise BadSetting(f"{where}: no such notebook in {root.name}/ "
                             f"(there are {', '.join(sorted(notebooks))})")
        if not isinstance(entry, dict) or "pool_size" not in entry:
            raise BadSetting(f"{where} must be {{\"pool_size\": N}}, not {entry!r}")
        size = int(_number(f"{where}.pool_size", entry["pool_size"], low=0, high=64,
                           integer=True))
        if name == "default":
            sizes = {nb: size if nb not in pools else sizes[nb] for nb in sizes}
        else:
            sizes[name] = size
    return sizes


def check(app: Voila) -> dict[str, int]:
    """Check the served settings (``voila.json`` and the command line, merged); the pool
    sizes. Raises :class:`BadSetting` with one line naming the first bad setting."""
    _number("--port", app.port, low=1, high=65535, integer=True, zero=False)
    sizes = pool_sizes(app)
    total = sum(sizes.values())
    if total * KERNEL_MB > 0.6 * machine_mb():
        raise BadSetting(f"the kernel pools keep {total} kernels preheated, about "
                         f"{total * KERNEL_MB / 1024:.1f} GB, more than 60% of this machine's "
                         f"{machine_mb() / 1024:.1f} GB: make the pool_size values smaller")
    if app.voila_configuration.preheat_kernel:
        fill = app.config.get("VoilaKernelManager", {}).get("fill_delay", 1)
        _number("VoilaKernelManager.fill_delay", fill, low=0, high=600)
    culling = app.config.get("MappingKernelManager", {})
    idle = _number("MappingKernelManager.cull_idle_timeout",
                   culling.get("cull_idle_timeout", 0), low=10, high=86400, integer=True)
    if idle:
        _number("MappingKernelManager.cull_interval", culling.get("cull_interval", 300),
                low=1, high=idle, integer=True, zero=False)
        if _typed(culling.get("cull_connected", False)) is not False and idle < 1200:
            raise BadSetting(
                f"MappingKernelManager.cull_connected is true with cull_idle_timeout {idle}: "
                f"an open page whose student thinks for {idle} s would lose its game "
                f"(use cull_connected false, or a timeout of at least 1200 s)")
    for name in ("timeout", "startup_timeout", "iopub_timeout"):
        value = app.config.get("VoilaExecutor", {}).get(name)
        if value is not None:
            _number(f"VoilaExecutor.{name}", value, low=1, high=3600, integer=True)
    grace = app.config.get("ClassroomKernelManager", {}).get("connect_grace", 120)
    _number("ClassroomKernelManager.connect_grace", grace, low=10, high=MAX_GRACE,
            zero=False)
    nice = app.config.get("ClassroomKernelManager", {}).get("kernel_nice", 0)
    _number("ClassroomKernelManager.kernel_nice", nice, low=0, high=19, integer=True)
    return sizes


# -- a page's front-end extensions ---------------------------------------------------------------
def page_extensions_hook(only_on: dict[str, list[str]]) -> Any:
    """Voila's ``page_config_hook``: drop each extension of ``only_on`` from the pages it is
    not for (``only_on``: extension name -> the notebooks, by name without ``.ipynb``)."""

    def hook(page_config: dict, *, notebook_path: str | None = None, **_: Any) -> dict:
        page = Path(notebook_path or "").stem
        page_config["federated_extensions"] = [
            x for x in page_config.get("federated_extensions", [])
            if x.get("name") not in only_on or page in only_on[x["name"]]]
        return page_config

    return hook


# -- kernels: culling that waits for a page to connect ---------------------------------------------
def classroom_manager(base: type) -> type:
    """``base`` (Jupyter Server's kernel manager class Voila uses) with a connect grace."""

    class ClassroomKernelManager(base):
        """Jupyter Server's culling, except for a kernel no page has connected to yet: that
        one is left alone for ``connect_grace`` seconds after the culler first finds it out
        of Voila's pool (Voila's own manager keeps pooled kernels from the culler). And
        kernels run at a lower CPU priority (``kernel_nice``) than the server itself."""

        connect_grace = Float(120.0, config=True,
                              help="Seconds a kernel handed to a page may wait for the page "
                                   "to connect before the idle rule applies to it.")
        kernel_nice = Int(0, config=True,
                          help="The niceness (0-19) of every kernel: how far its CPU priority "
                               "is below the Voila server's. 0 (the default) leaves it equal.")

        async def start_kernel(self, **kwargs: Any) -> str:
            kernel_id = await ensure_async(super().start_kernel(**kwargs))
            # A kernel refilling a pool (its notebook run from the start: imports, a game
            # built) is CPU work for a student who has not come yet, done while the server
            # sends the page that emptied the pool its files and widgets. Lower, it uses
            # what the server leaves. The priority stays lower once a page has it: raising
            # it again needs privileges, and kernels being equal among kernels is what a
            # class needs. Off by default: on a machine shared with other work (this
            # project's 2-core development machine), a lower kernel also yields to all of
            # that, and pages waited longer for their kernels (README "Serving a class").
            process = getattr(self.get_kernel(kernel_id).provisioner, "process", None)
            if self.kernel_nice and process is not None and hasattr(os, "setpriority"):
                try:
                    os.setpriority(os.PRIO_PROCESS, process.pid, self.kernel_nice)
                except OSError as e:  # gone already, or not ours to change: it runs as is
                    self.log.warning("kernel %s keeps its priority: %s", kernel_id, e)
            return kernel_id

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._connected_once: set[str] = set()
            self._waiting_since: dict[str, float] = {}

        def notify_connect(self, kernel_id: str) -> None:
            self._connected_once.add(kernel_id)
            self._waiting_since.pop(kernel_id, None)
            super().notify_connect(kernel_id)

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            if kernel_id not in self._connected_once:
                first = self._waiting_since.setdefault(kernel_id, time.monotonic())
                if time.monotonic() - first < self.connect_grace:
                    return
            await super().cull_kernel_if_idle(kernel_id)
            if kernel_id not in self:  # culled: forget it
                self._connected_once.discard(kernel_id)
                self._waiting_since.pop(kernel_id, None)

    return ClassroomKernelManager


def cell_timeout(default: int | None) -> Any:
    """nbclient's ``timeout_func``: no timeout for a cell waiting for the page's request."""

    def timeout(cell: Any) -> int | None:
        tags = cell.get("metadata", {}).get("tags", [])
        return None if WAITS_FOR_REQUEST in tags else default

    return timeout


class ClassroomVoila(Voila):
    """Voila, with the checks, per-page extensions and connect grace described above."""

    page_extensions = Dict(
        {}, config=True,
        help="Front-end extensions loaded only by some pages: extension name -> notebook "
             "names (without .ipynb). Every other page is served without the extension.")
    cache_extensions = Bool(
        True, config=True,
        help="Let browsers keep the front-end extensions' files (their names carry a hash "
             "of their content) instead of asking the server again on every page.")

    def initialize(self, argv: list[str] | None = None) -> None:
        super().initialize(argv)
        only_on = self.page_extensions
        if not isinstance(only_on, dict) or not all(
                isinstance(v, list) and all(isinstance(n, str) for n in v)
                for v in only_on.values()):
            raise BadSetting(f"ClassroomVoila.page_extensions must map an extension to a "
                             f"list of notebook names, not {only_on!r}")
        self.pools = check(self)
        conf = self.voila_configuration
        if only_on:
            conf.page_config_hook = page_extensions_hook(only_on)
        conf.multi_kernel_manager_class = classroom_manager(conf.multi_kernel_manager_class)
        executor = self.config.VoilaExecutor
        executor.timeout_func = cell_timeout(_typed(executor.get("timeout", None)))
        if self.cache_extensions:
            # Voila serves /voila/labextensions/ as "no-cache": a page asks again for every
            # extension file (a 304 each, from the same busy server) on every open and
            # reload. Their names carry a hash of their content (remoteEntry.<hash>.js,
            # <chunk>.<hash>.js): a changed file is a new name, so they can be kept.
            # Voila's own scripts (static/<chunk>.voila.js, no hash) keep their rule.
            prefix = url_path_join(self.base_url, "voila/labextensions/")
            settings = dict(self.tornado_settings)
            settings["static_immutable_cache"] = [
                *settings.get("static_immutable_cache", []), prefix]
            self.tornado_settings = settings


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only_check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    app = ClassroomVoila()
    try:
        app.initialize(argv)
    except (BadSetting, TraitError, ValueError) as e:
        print(f"serve_dashboards: {e}", file=sys.stderr)
        return 2
    pools = ", ".join(f"{Path(k).stem} {v}" for k, v in sorted(app.pools.items())) or "none"
    culling = app.config.get("MappingKernelManager", {})
    print(f"serve_dashboards: settings OK (preheated kernels: {pools}; a page's kernel ends "
          f"{culling.get('cull_idle_timeout', 0)} s after its last activity once no page "
          f"is connected, checked every {culling.get('cull_interval', 300)} s)", flush=True)
    if only_check:
        return 0
    app.start()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
