"""Build the dashboards into a static site (``make site``): voici on JupyterLite with Pyodide.

Everything comes from the package registries, nothing from a CDN: the project's wheel is
built here; its pure-Python dependencies (pandas and numpy left out: they have no WebAssembly
wheels on PyPI, and the what-if layer computes without them; plotly and tqdm too: the site
draws its charts as SVG and has no command line) and Pyodide's package manager (micropip,
packaging) come from PyPI; the Pyodide runtime comes from the ``pyodide`` package of the npm
registry (``npm pack``). That package holds the interpreter and its standard library only, so
the site's Pyodide lock file (``static/pyodide/pyodide-lock.json``) lists exactly the wheels
shipped beside it, and the kernel loads the project and its dependencies from there as it
starts; asking PyPI is turned off.

Run from the repo root with the project's venv (``make site``)::

    .venv/bin/python scripts/build_site.py [--output _site]

Every dashboard is published (play with its Hint and What if? buttons, rulebook_examples,
quiz, tutorial, what_if): they compute without pandas and numpy, and their budgeted work
(hints, what-ifs, comparisons) runs in slices between which the page handles Stop
(:mod:`icecream.widgets.budget`), as Pyodide has one thread.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email import parser as _email_parser
from pathlib import Path

from jupyterlite_pyodide_kernel import constants as kernel_constants
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

PROJECT = "icecream-tabletop"
#: The dashboards of the static site: all of them.
DASHBOARDS = ("play", "rulebook_examples", "quiz", "tutorial", "what_if")
#: The Pyodide that the installed jupyterlite-pyodide-kernel is built for: the version of
#: the npm package that holds its runtime.
PYODIDE_VERSION = kernel_constants.PYODIDE_VERSION
#: The runtime files the site needs from the npm package.
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json", "package.json")
#: Pyodide's own packages the kernel loads by name (``loadPackage``): taken from PyPI at the
#: versions Pyodide's lock file names.
LOCK_PACKAGES = ("micropip", "packaging")
#: Runtime dependencies that do not go to the browser: pandas and numpy (no WebAssembly wheel
#: on PyPI; the what-if layer computes without them), plotly (the site's charts are SVG: a
#: student waits for no 15 MB wheel and its import, see benchmarks/bench_site_chart.py) and
#: tqdm (the command line's progress bar).
NOT_IN_BROWSER = {"pandas", "numpy", "plotly", "tqdm"}
#: Standard-library modules that Pyodide keeps out of its core (C code; not in the npm
#: package) and that the kernel installs by name as it starts. The site ships placeholders so
#: that step passes: ``ssl`` is empty (``import ssl`` fails, as on a Python built without
#: it); ``sqlite3`` is the few names IPython imports, for a history that the Pyodide kernel
#: turns off anyway (``connect`` refuses).
STDLIB_PLACEHOLDERS = {
    "ssl": {},
    "sqlite3": {"sqlite3/__init__.py": '''"""A stand-in for sqlite3: this static site has none.

IPython imports these names for its history, which the Pyodide kernel turns off; ``connect``
refuses."""

PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class Connection:
    pass


def connect(*args, **kwargs):
    raise OperationalError("sqlite3 is not available in this static site")


def register_adapter(*args, **kwargs):
    pass


def register_converter(*args, **kwargs):
    pass
'''},
}
#: Dependencies the project's wheel names that the kernel does not load as it starts (and the
#: site does not ship: :data:`NOT_IN_BROWSER`).
NOT_PRELOADED = {"plotly", "tqdm", "pandas", "numpy"}
#: What the Pyodide kernel installs at start besides the project (its worker asks for them).
KERNEL_NEEDS = ("ipython", "jedi", "comm")
#: Shipped by jupyterlite-pyodide-kernel itself as stubs for the browser: never from PyPI.
KERNEL_STUBS = {"ipykernel", "widgetsnbextension", "pyodide-kernel", "piplite"}


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> str:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, check=True, text=True,
                          stdout=subprocess.PIPE, env={**os.environ, **(env or {})})
    return done.stdout


def _norm(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _uv() -> str:
    for candidate in (BIN / "uv", shutil.which("uv")):
        if candidate and Path(candidate).exists():
            return str(candidate)
    sys.exit("build_site: uv is missing (make venv installs it)")


def project_wheel(dest: Path) -> Path:
    """The project's own wheel, built from the work tree."""
    run(_uv(), "build", "--wheel", "--out-dir", dest, ROOT)
    (wheel,) = dest.glob("icecream_tabletop-*.whl")
    return wheel


def browser_requirements(work: Path, pyodide: dict) -> list[str]:
    """name==version of every pure-Python wheel the site ships, resolved for Pyodide's Python
    (wasm32): at the version Pyodide's own lock file names where it names the package (the
    versions its kernel was built and tested with: IPython 8 for Pyodide 0.27), otherwise as
    pinned in uv.lock."""
    info, locked = pyodide["info"], pyodide["packages"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = [r for r in project["dependencies"]
              if _norm(Requirement(r).name) not in NOT_IN_BROWSER]
    wanted += KERNEL_NEEDS
    (work / "browser.in").write_text("\n".join(wanted) + "\n", "utf-8")
    pure = {name: entry["version"] for name, entry in locked.items()
            if entry["file_name"].endswith("-none-any.whl")}
    exported = run(_uv(), "export", "--frozen", "--all-extras", "--no-hashes",
                   "--no-emit-project", "--no-header", "--no-annotate")
    constraints = [line for line in exported.splitlines()
                   if line.strip() and not line.startswith(("#", " "))
                   and _norm(line.split("==")[0].strip()) not in pure]
    constraints += [f"{name}=={version}" for name, version in sorted(pure.items())]
    (work / "constraints.txt").write_text("\n".join(constraints) + "\n", "utf-8")
    out = run(_uv(), "pip", "compile", work / "browser.in", "-c", work / "constraints.txt",
              "--python-platform", f"wasm32-pyodide{info['abi_version'].split('_')[0]}",
              "--python-version", ".".join(info["python"].split(".")[:2]),
              "--no-header", "--no-annotate", "--quiet")
    pins = [line.strip() for line in out.splitlines()
            if line.strip() and not line.startswith(("#", " "))]
    for pin in pins:
        name = _norm(pin.split("==")[0])
        if name in NOT_IN_BROWSER:
            sys.exit(f"build_site: {name} would be needed in the browser ({pin})")
    skip = KERNEL_STUBS | set(LOCK_PACKAGES)
    return [p for p in pins if _norm(p.split("==")[0]) not in skip]


def download_wheels(pins: list[str], dest: Path, info: dict) -> list[Path]:
    """Pure-Python wheels (``py3-none-any``) of ``pins`` from PyPI."""
    dest.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--implementation", "py", "--abi", "none",
        "--platform", "any", "--python-version", ".".join(info["python"].split(".")[:2]),
        "--dest", dest, *pins)
    return sorted(dest.glob("*.whl"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_pyodide(work: Path) -> Path:
    """The ``pyodide`` package from the npm registry (``npm pack``, which checks its
    integrity), kept in ``<work>/npm``."""
    cache = work / "npm"
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            sys.exit("build_site: npm is missing (Debian: apt-get install npm); it fetches "
                     "the Pyodide runtime from the npm registry")
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", cache,
            "--silent", cwd=cache)
    return tgz


def pyodide_lock(tgz: Path) -> dict:
    with tarfile.open(tgz) as tar, tar.extractfile("package/pyodide-lock.json") as fh:
        return json.load(fh)


def _wheel_metadata(wheel: Path) -> tuple[str, list[str], list[str]]:
    """(project name, Requires-Dist, top-level import names) of a wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = _email_parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            imports = zf.read(top).decode("utf-8").split()
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if "/" in n and ".dist-info/" not in n and ".data/" not in n
                              and n.split("/")[0].isidentifier()})
    return meta["Name"], meta.get_all("Requires-Dist") or [], imports


def placeholder_wheel(name: str, dest: Path) -> Path:
    """The placeholder wheel ``name`` of STDLIB_PLACEHOLDERS."""
    wheel = dest / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        **STDLIB_PLACEHOLDERS[name],
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                            "Summary: placeholder: not available in this static site\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: build_site\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{n},,\n" for n in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(wheel, "w") as zf:
        for n, text in files.items():
            zf.writestr(zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0)), text)
    return wheel


def pyodide_runtime(work: Path, tgz: Path, wheels: list[Path]) -> Path:
    """``<work>/static/pyodide``: the npm package's runtime, with a lock file that lists
    exactly ``wheels`` (pure-Python wheels beside it, their dependencies as their metadata
    says for Pyodide), so Pyodide finds every package it loads here and nowhere else."""
    target = work / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            with tar.extractfile(member) as src, open(target / name, "wb") as dst:
                shutil.copyfileobj(src, dst)
    lock = json.loads((target / "pyodide-lock.json").read_text("utf-8"))
    python = lock["info"]["python"]
    env = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
           "platform_machine": "wasm32", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "python_full_version": python,
           "python_version": ".".join(python.split(".")[:2]), "extra": ""}
    metadata = {}
    for wheel in wheels:
        name, requires, imports = _wheel_metadata(wheel)
        metadata[_norm(name)] = (wheel, requires, imports)
    packages = {}
    for name, (wheel, requires, imports) in sorted(metadata.items()):
        depends = []
        for text in requires:
            req = Requirement(text)
            dep = _norm(req.name)
            if name == PROJECT and dep in NOT_PRELOADED:
                continue
            if (req.marker is None or req.marker.evaluate(env)) and dep in metadata:
                depends.append(dep)
        packages[name] = {
            "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": _sha256(wheel), "package_type": "package",
            "imports": imports, "depends": sorted(set(depends)), "unvendored_tests": False,
        }
        shutil.copy2(wheel, target / wheel.name)
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), "utf-8")
    return target


def lite_config(work: Path) -> None:
    """jupyter-lite.json: the kernel installs only from the site's own wheels."""
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    # load the project and its dependencies as the kernel starts
                    "loadPyodideOptions": {"packages": [PROJECT]},
                }
            }
        },
    }
    (work / "jupyter-lite.json").write_text(json.dumps(config, indent=2), "utf-8")


_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)',
                     re.DOTALL)


def fix_page_configs(output: Path) -> int:
    """voici writes the kernel's settings into each page with addresses relative to the site
    root (``./static/pyodide/pyodide.js``), which the kernel reads relative to the page
    (``voici/render/``); and it drops ``disablePyPIFallback``. Set both right in every page
    and in ``jupyter-lite.json``. Returns the number of pages fixed."""

    def fix(config: dict, prefix: str) -> None:
        plugins = config.setdefault("litePluginSettings", {})
        kernel = plugins.setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
        kernel["disablePyPIFallback"] = True
        kernel["loadPyodideOptions"] = {"packages": [PROJECT]}
        kernel["pyodideUrl"] = _rebase("./static/pyodide/pyodide.js", prefix)
        kernel["pipliteUrls"] = [_rebase(u, prefix) for u in kernel.get("pipliteUrls", [])]

    root = output / "jupyter-lite.json"
    data = json.loads(root.read_text("utf-8"))
    fix(data["jupyter-config-data"], "")
    root.write_text(json.dumps(data, indent=2), "utf-8")
    fixed = 0
    for page in sorted((output / "voici").rglob("*.html")):
        text = page.read_text("utf-8")
        match = _CONFIG.search(text)
        if not match:
            continue
        config = json.loads(match.group(2))
        fix(config, config.get("baseUrl", ""))
        new = match.group(1) + json.dumps(config) + match.group(3)
        page.write_text(text[:match.start()] + new + text[match.end():], "utf-8")
        fixed += 1
    return fixed


def _rebase(url: str, prefix: str) -> str:
    return prefix + url[2:] if prefix and url.startswith("./") else url


def contents(work: Path) -> Path:
    folder = work / "dashboards"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in DASHBOARDS:
        shutil.copy2(ROOT / "dashboards" / f"{name}.ipynb", folder)
    return folder


def build(output: Path, work: Path) -> None:
    work.mkdir(parents=True, exist_ok=True)
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir()
    tgz = fetch_pyodide(work)
    lock = pyodide_lock(tgz)
    info, locked = lock["info"], lock["packages"]
    lock_dir = work / "lock-wheels"
    shutil.rmtree(lock_dir, ignore_errors=True)
    download_wheels([f"{n}=={locked[n]['version']}" for n in LOCK_PACKAGES], lock_dir, info)
    shipped = [*lock_dir.glob("*.whl"), *download_wheels(browser_requirements(work, lock),
                                                          wheels, info)]
    shipped.append(project_wheel(wheels))
    shipped += [placeholder_wheel(name, lock_dir) for name in STDLIB_PLACEHOLDERS]
    pyodide_runtime(work, tgz, shipped)
    lite_config(work)
    folder = contents(work)
    shutil.rmtree(output, ignore_errors=True)
    for state in work.glob(".jupyterlite.doit.db*"):  # a fresh build, every task run
        state.unlink()
    args = ["build", "--lite-dir", work, "--output-dir", output.resolve(),
            "--contents", folder, "--disable-addons", "jupyterlite-xeus",
            "--no-sourcemaps", "--strip_sources=True", "--show_tracebacks=False",
            "--template", "icecream"]
    run(BIN / "voici", *args, cwd=work, env={"JUPYTER_PATH": str(ROOT / "share" / "jupyter")})
    print(f"fixed the kernel settings of {fix_page_configs(output)} pages")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    files = sum(1 for p in output.rglob("*") if p.is_file())
    print(f"site: {output} ({files} files, {size / 2**20:.1f} MiB); serve it with "
          f"`python -m http.server -d {output}` and open /voici/render/play.html")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "_site")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "site")
    args = parser.parse_args(argv)
    build(args.output, args.work)


if __name__ == "__main__":
    main()
