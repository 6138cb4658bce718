"""Keep the project's build files consistent with each other.

* environment.yml (conda) lists the same dependencies, with the same version
  bounds, as pyproject.toml's runtime dependencies plus all extras;
* the README's quick start is exactly ``make dashboard`` and ``make test``;
* CI (``.ci/run``) runs ``make test``.
"""

from __future__ import annotations

import os
import re
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
