"""The generic layers name no game: games plug in through GameSpec hooks only."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "icecream"
GENERIC = ("core", "bots", "explore", "cli", "widgets")
# An import of a game package, or a game's name or title as code (not in a docstring
# example: doctests show a real game).
GAME_IMPORT = re.compile(r"^\s*(from|import)\s+[.\w]*games\.\w+", re.M)


def _code_lines(path: Path) -> list[str]:
    """The lines of ``path`` outside docstrings and comments."""
    out, in_doc = [], False
    for line in path.read_text("utf-8").splitlines():
        stripped = line.strip()
        quotes = stripped.count('"""')
        if in_doc:
            in_doc = quotes % 2 == 0
            continue
        if stripped.startswith('"""'):
            in_doc = quotes == 1
            continue
        if stripped.startswith("#"):
            continue
        out.append(line)
    return out


@pytest.mark.parametrize("layer", GENERIC)
def test_generic_layer_imports_and_names_no_game(layer):
    from icecream import list_games
    from icecream.core.protocol import get_game

    titles = [get_game(g).title for g in list_games()]
    for path in sorted((ROOT / layer).rglob("*.py")):
        code = "\n".join(_code_lines(path))
        assert not GAME_IMPORT.search(code), f"{path} imports a game package"
        for name in list_games():
            assert f'"{name}"' not in code, f"{path} names the game {name!r}"
        for title in titles:
            assert title not in code, f"{path} names the game {title!r}"


def test_core_finds_games_without_naming_them():
    # A fresh interpreter: importing the core registers nothing until a game is asked for,
    # then every package under icecream.games registers itself.
    code = ("import sys; import icecream.core.protocol as p; "
            "assert not any(m.startswith('icecream.games.') for m in sys.modules); "
            "print(p.list_games())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "ice-cream" in out
