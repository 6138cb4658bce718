"""The house's floors: core < games < bots < explore < teach < widgets (and the command
line and dashboards on top); core imports no game (its doctests included), a game imports
only core and itself (a plug-in's package too), and no module imports itself round a
circle.

Imports are read from the source (top-level and inside functions alike: an import made
on demand is still a dependency), so the test sees what a reader sees.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import icecream

ROOT = Path(icecream.__file__).parent
#: Each folder's floor: a module may import its own floor and the floors below.
FLOORS = {"core": 0, "i18n": 0, "games": 1, "bots": 2, "explore": 3, "teach": 4,
          "widgets": 5, "cli": 5}


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """The icecream modules ``path`` imports (relative imports resolved)."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("icecream"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if not mod.startswith("icecream"):
                continue
            # ``from .pkg import mod`` imports a module when the name is one.
            for a in node.names:
                sub = f"{mod}.{a.name}"
                out.add(sub if _exists(sub) else mod)
    return {m for m in out if m != name}


def _exists(module: str) -> bool:
    path = ROOT.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


MODULES = {_module(p): p for p in sorted(ROOT.rglob("*.py"))}
GRAPH = {m: _imports(p) for m, p in MODULES.items()}


def _floor(module: str) -> int | None:
    parts = module.split(".")
    return FLOORS.get(parts[1]) if len(parts) > 1 else None


def test_every_import_goes_to_the_same_floor_or_below():
    wrong = []
    for m, deps in GRAPH.items():
        floor = _floor(m)
        if floor is None:
            continue
        wrong += [f"{m} -> {d}" for d in sorted(deps)
                  if _floor(d) is not None and _floor(d) > floor]
    assert not wrong, "imports that go up a floor:\n" + "\n".join(wrong)


def test_a_game_imports_only_core_and_itself():
    wrong = []
    for m, deps in GRAPH.items():
        parts = m.split(".")
        if len(parts) < 3 or parts[1] != "games":
            continue
        own = ".".join(parts[:3])
        wrong += [f"{m} -> {d}" for d in sorted(deps)
                  if not (d.startswith("icecream.core") or d == own or d.startswith(own + "."))]
    assert not wrong, "a game imports more than core and itself:\n" + "\n".join(wrong)


def test_every_registered_game_package_imports_only_core_and_itself():
    # Plug-ins included: the contract's layer rule, read from each game's package files.
    from icecream.core.contract import game_package, layer_findings

    wrong = [str(f) for game in icecream.list_games()
             for f in layer_findings(game_package(icecream.get_game(game)))]
    assert not wrong, "\n".join(wrong)


def test_core_names_no_game_even_in_its_doctests():
    # This package's games (a plug-in's name is chosen outside it: "tub" may be a word).
    games = [g for g in icecream.list_games()
             if icecream.get_game(g).new_state.__module__.startswith("icecream.games.")]
    wrong = []
    for m, path in MODULES.items():
        if not m.startswith("icecream.core"):
            continue
        text = path.read_text("utf-8")
        # The entry-point group is called "icecream.games"; a module of it is not named.
        wrong += [f"{m}: {g}" for g in games + ["icecream.games.", "icecream.games import",
                                                  "import icecream.games"] if g in text]
    assert not wrong, "core names a game:\n" + "\n".join(wrong)


def _cycles() -> list[list[str]]:
    """Every import circle (one per strongly connected group of two or more modules)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH.get(v, ()):
            if w not in GRAPH:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in GRAPH:
        if v not in index:
            visit(v)
    return out


def test_no_import_circles():
    # A package's __init__ re-exports its modules: a module importing a sibling through
    # the package counts as importing the package, which is a circle worth seeing.
    cycles = _cycles()
    assert not cycles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


@pytest.mark.parametrize("layer", sorted(set(FLOORS) - {"i18n"}))
def test_the_floors_exist(layer):
    assert (ROOT / layer / "__init__.py").exists()
