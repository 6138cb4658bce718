"""Keep the project's build files consistent with each other.

* environment.yml (conda) lists the same dependencies, with the same version
  bounds, as pyproject.toml's runtime dependencies plus all extras;
* the README's quick start is exactly ``make dashboard`` and ``make test``;
* CI (``.ci/run``) runs ``make test``;
* ``uv.lock`` pins what pyproject.toml asks for, and requirements.lock.txt (pip's fallback) is
  its export; ``make`` installs from them;
* the repository is self-contained: no file points outside it, and every ruling cited is
  written in docs/rulings.md; the licence and metadata are set.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]

# PyPI requirement (normalised name + extras) -> the conda-forge packages that provide it.
# Anything not listed here has the same name on both sides.
CONDA_NAMES: dict[str, tuple[str, ...]] = {
    "dask[distributed]": ("dask", "distributed"),
}
# Conda entries that are not Python dependencies of the package.
CONDA_ONLY = {"python", "pip"}

_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*?)\s*$")


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _split(requirement: str) -> tuple[str, str, str]:
    """'Dask[Distributed] >= 1' -> ('dask', '[distributed]', '>=1')."""
    requirement = requirement.split(";", 1)[0]  # drop environment markers
    match = _REQ.match(requirement)
    assert match, f"cannot parse requirement {requirement!r}"
    name, extras, spec = match.groups()
    extras = extras.lower().replace(" ", "") if extras else ""
    return _normalise(name), extras, spec.replace(" ", "")


def _pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)


def _environment() -> dict:
    with open(ROOT / "environment.yml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def _pip_requirements() -> dict[str, str]:
    """Conda package name -> version specifier expected from pyproject (runtime + extras)."""
    project = _pyproject()["project"]
    requirements = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        requirements.extend(extra)
    expected: dict[str, str] = {}
    for requirement in requirements:
        name, extras, spec = _split(requirement)
        for conda_name in CONDA_NAMES.get(name + extras, (name,)):
            previous = expected.setdefault(conda_name, spec)
            assert previous == spec, (
                f"{conda_name} has different bounds in pyproject: {previous!r} vs {spec!r}"
            )
    return expected


def _conda_requirements() -> tuple[dict[str, str], list]:
    """(conda package name -> version specifier, the pip: sub-list)."""
    conda: dict[str, str] = {}
    pip_section: list = []
    for entry in _environment()["dependencies"]:
        if isinstance(entry, dict):
            pip_section.extend(entry.get("pip", []))
            continue
        name, extras, spec = _split(str(entry))
        assert not extras, f"conda specs take no extras: {entry!r}"
        assert name not in conda, f"{name} listed twice in environment.yml"
        conda[name] = spec
    return conda, pip_section


def test_environment_yml_header():
    env = _environment()
    assert env["name"] == "icecream-tabletop"
    assert env["channels"] == ["conda-forge"]


def test_environment_yml_installs_project_editable():
    conda, pip_section = _conda_requirements()
    assert "pip" in conda
    assert pip_section == ["-e ."]


def test_environment_yml_python_matches_requires_python():
    conda, _ = _conda_requirements()
    requires = _pyproject()["project"]["requires-python"]
    assert requires == ">=3.11"
    assert conda.get("python") == "=3.11"


def test_every_pyproject_dependency_is_in_environment_yml():
    expected = _pip_requirements()
    conda, _ = _conda_requirements()
    missing = sorted(set(expected) - set(conda))
    assert not missing, f"in pyproject.toml but not environment.yml: {missing}"
    different = {
        name: (spec, conda[name]) for name, spec in expected.items() if conda[name] != spec
    }
    assert not different, f"version bounds differ (pyproject, environment.yml): {different}"


def test_environment_yml_lists_nothing_pyproject_lacks():
    expected = _pip_requirements()
    conda, _ = _conda_requirements()
    extra = sorted(set(conda) - set(expected) - CONDA_ONLY)
    assert not extra, f"in environment.yml but not pyproject.toml: {extra}"


def test_voila_excludes_broken_release():
    # voila 0.5.7 broke widget rendering (voila#1472).
    conda, _ = _conda_requirements()
    assert conda["voila"] == ">=0.5.8"


def _quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(
        r"^(#+)\s*Quick start\s*$(.*?)(?=^#{1,6}\s|\Z)", text, re.MULTILINE | re.DOTALL | re.I
    )
    assert section, "README.md has no 'Quick start' section"
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", section.group(2), re.MULTILINE | re.DOTALL)
    assert blocks, "the Quick start section has no code block"
    commands = []
    for block in blocks:
        for line in block.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                commands.append(line.removeprefix("$ "))
    return commands


def test_readme_quick_start_is_make_dashboard_and_make_test():
    assert _quick_start_commands() == ["make dashboard", "make test"]


def test_readme_names_distribution_and_import_package():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "icecream-tabletop" in text
    assert "import icecream" in text or "`icecream`" in text


def test_ci_runs_make_test():
    script = ROOT / ".ci" / "run"
    lines = [
        line.strip()
        for line in script.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    assert "make test" in lines
    assert "set -euo pipefail" in lines


@pytest.mark.skipif(os.name != "posix", reason="exec bit is POSIX-only")
def test_ci_script_is_executable():
    assert os.access(ROOT / ".ci" / "run", os.X_OK)


def test_makefile_has_quick_start_targets():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("venv", "chromium", "test", "dashboard", "bench", "lint", "clean"):
        assert re.search(rf"^{target}:", text, re.MULTILINE), f"Makefile lacks target {target}"
    assert "playwright install" not in text, "browsers cannot be downloaded: use Debian's chromium"


def test_checked_notebook_cells_store_what_they_check():
    # A cell marked NBVAL_CHECK_OUTPUT without a stored output is compared with nothing:
    # nbval would pass it whatever it printed. Every other cell is committed without output.
    import json

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text("utf-8"))
        for k, cell in enumerate(nb["cells"]):
            if cell["cell_type"] != "code":
                continue
            checked = "# NBVAL_CHECK_OUTPUT" in "".join(cell["source"])
            assert bool(cell.get("outputs")) == checked, f"{path.name} cell {k}"


# -- the lock ------------------------------------------------------------------------------
def _uv() -> str | None:
    import shutil
    import sys

    local = Path(sys.executable).parent / "uv"
    return str(local) if local.exists() else shutil.which("uv")


def _run_uv(*args: str) -> subprocess.CompletedProcess:
    uv = _uv()
    if uv is None:
        pytest.skip("uv is not installed (the test extra installs it)")
    return subprocess.run([uv, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_uv_lock_matches_pyproject():
    # --check: fail when pyproject.toml asks for something uv.lock does not pin (or pins
    # what it no longer asks for). --offline: the packages are in uv's cache after `make`.
    done = _run_uv("lock", "--check", "--offline")
    assert done.returncode == 0, ("uv.lock is out of date with pyproject.toml: run `make lock`"
                                  f"\n{done.stderr[-2000:]}")


def test_pip_fallback_requirements_are_the_lock_exported():
    done = _run_uv("export", "--frozen", "--all-extras", "--no-emit-project",
                   "--format", "requirements-txt")
    assert done.returncode == 0, done.stderr
    committed = (ROOT / "requirements.lock.txt").read_text("utf-8")

    def pins(text: str) -> list[str]:
        return [line for line in text.splitlines() if line and not line.startswith("#")]

    assert pins(committed) == pins(done.stdout), (
        "requirements.lock.txt differs from `uv export` of uv.lock: run `make lock`")
    assert "--hash=sha256:" in committed


def _lock_versions() -> dict[str, str]:
    with open(ROOT / "uv.lock", "rb") as fh:
        lock = tomllib.load(fh)
    return {_normalise(p["name"]): p["version"] for p in lock["package"] if "version" in p}


def test_lock_pins_every_dependency_of_pyproject():
    # Without uv: every requirement of pyproject.toml (runtime and extras) is a package of the
    # lock, at a version within its bounds.
    from packaging.requirements import Requirement

    versions = _lock_versions()
    project = _pyproject()["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements.extend(extra)
    for text in requirements:
        req = Requirement(text)
        name = _normalise(req.name)
        assert name in versions, f"uv.lock has no {name}: run `make lock`"
        assert req.specifier.contains(versions[name], prereleases=True), (
            f"uv.lock pins {name} {versions[name]}, outside {req.specifier}: run `make lock`")
    assert "voila" in versions and versions["voila"] != "0.5.7"  # voila#1472


def test_makefile_installs_from_the_lock_with_the_locked_uv():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "sync --frozen" in text
    assert "--require-hashes -r requirements.lock.txt" in text
    match = re.search(r"^UV_VERSION := (\S+)$", text, re.MULTILINE)
    assert match and match.group(1) == _lock_versions()["uv"], "Makefile's UV_VERSION != uv.lock's"
    assert re.search(r"^site:", text, re.MULTILINE)


# -- a self-contained repository ------------------------------------------------------------
#: Paths to files outside the repository (spelt in pieces, so this file does not match them).
_OUTSIDE = re.compile("|".join(["shared" + "/", "/" + "work" + "/"]))


def _tracked_files() -> list[Path]:
    done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("not a git work tree")
    return [ROOT / name for name in done.stdout.decode().split("\0") if name]


def test_no_file_points_outside_the_repository():
    found = []
    for path in _tracked_files():
        if path.name in ("uv.lock", "requirements.lock.txt") or not path.is_file():
            continue
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue
        for k, line in enumerate(text.splitlines(), 1):
            if _OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{k}: {line.strip()[:100]}")
    assert not found, "\n".join(found)


def test_every_cited_ruling_is_written_in_docs():
    rulings = (ROOT / "docs" / "rulings.md").read_text("utf-8")
    written = set(re.findall(r"^- \*\*((?:IC|CCP|GM)-\d+) ", rulings, re.MULTILINE))
    cited = set()
    for folder in ("icecream", "docs", "notebooks", "dashboards"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".json", ".md", ".ipynb") and path.is_file():
                cited |= set(re.findall(r"\b((?:IC|CCP|GM)-\d+)\b", path.read_text("utf-8")))
    assert {"IC-1", "IC-16", "CCP-12", "GM-9"} <= written
    missing = sorted(cited - written, key=lambda r: (r.split("-")[0], int(r.split("-")[1])))
    assert not missing, f"cited but not written in docs/rulings.md: {missing}"


def test_licence_and_metadata():
    project = _pyproject()["project"]
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("BSD 3-Clause License")
    assert project["license"] == {"text": "BSD-3-Clause"}
    assert project["authors"]
    # Only real addresses, or none: the GitHub organisation once named here never existed.
    assert "icecream-tabletop/" not in json.dumps(project.get("urls", {}))


def test_binder_environment_is_lean_and_agrees_with_pyproject():
    with open(ROOT / "binder" / "environment.yml", encoding="utf-8") as fh:
        env = yaml.safe_load(fh)
    assert env["channels"] == ["conda-forge"]
    binder = {}
    for entry in env["dependencies"]:
        name, _, spec = _split(str(entry))
        binder[name] = spec
    project = _pyproject()["project"]
    wanted = {}
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["dashboard"]]:
        name, _, spec = _split(requirement)
        wanted[name] = spec
    assert {k: v for k, v in binder.items() if k not in CONDA_ONLY} == wanted
    for test_only in ("pytest", "hypothesis", "nbval", "playwright", "ruff", "uv"):
        assert test_only not in binder
    assert "pip install --no-deps ." in (ROOT / "binder" / "postBuild").read_text("utf-8")


def test_every_test_file_has_its_own_basename():
    """tests/ and tests/browser/ have no __init__.py, so pytest imports test files by
    basename: two files of one name stop the whole run at collection."""
    from collections import Counter
    from pathlib import Path

    root = Path(__file__).parent
    names = Counter(p.name for p in root.rglob("test_*.py")
                    if "example_game" not in p.parts)
    assert [n for n, k in names.items() if k > 1] == []
