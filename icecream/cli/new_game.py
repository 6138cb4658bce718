"""``new-game NAME [--dir DIR]``: write a plug-in package for a new game that installs and
meets the contract as written, to change from there.

The game is a copy of Tub, the model game (docs/protocol.md walks through it), under the
new name: ``DIR/NAME/`` holds ``pyproject.toml`` (the ``icecream.games`` entry point), the
game's package (rules, view, table, catalogs in English and Dutch, an example, a
tutorial) and ``tests/test_<key>.py``. The files are the templates in
``templates/new_game`` with the names filled in (:func:`names`); ``new-game tub`` writes
Tub itself.
"""

from __future__ import annotations

import argparse
import keyword
import re
from importlib import resources
from importlib.util import find_spec
from pathlib import Path

from ..core.errors import IcecreamError
from ..core.protocol import list_games

#: A game's name: lower-case words of letters and digits joined by dashes.
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


class NewGameError(IcecreamError, ValueError):
    """A name that cannot be a new game's, or a folder that is already there."""


def add_parser(sub) -> None:
    p = sub.add_parser("new-game", help="write a plug-in package for a new game")
    p.add_argument("name", help="the game's name: lower-case words joined by dashes")
    p.add_argument("--dir", default=".", help="the folder to write NAME/ into (default: .)")
    p.set_defaults(run=run)


def names(name: str) -> dict[str, str]:
    """The names the templates use, from the game's ``name``.

    >>> sorted(names("sundae-bar").items())  # doctest: +NORMALIZE_WHITESPACE
    [('Camel', 'SundaeBar'), ('RULE', 'SUNDAEBAR'), ('Title', 'Sundae Bar'),
     ('key', 'sundae_bar'), ('name', 'sundae-bar')]
    """
    words = name.split("-")
    return {"name": name, "key": "_".join(words), "Title": " ".join(w.capitalize()
                                                                    for w in words),
            "Camel": "".join(w.capitalize() for w in words), "RULE": "".join(words).upper()}


def fill(text: str, values: dict[str, str]) -> str:
    """A template's text with each ``{{name}}`` filled in."""
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], text)


def template_files() -> dict[str, str]:
    """Each template file, by its path under ``templates/new_game`` (without ``.tmpl``)."""
    root = resources.files("icecream.cli").joinpath("templates", "new_game")
    out: dict[str, str] = {}

    def walk(folder, prefix: str) -> None:
        for item in sorted(folder.iterdir(), key=lambda p: p.name):
            if item.is_dir():
                walk(item, f"{prefix}{item.name}/")
            elif item.name.endswith(".tmpl"):
                out[prefix + item.name[:-len(".tmpl")]] = item.read_text("utf-8")

    walk(root, "")
    return out


def render(name: str) -> dict[str, str]:
    """The package for game ``name``: path (under ``NAME/``) -> text."""
    values = names(name)
    key = values["key"]
    out = {}
    for path, text in template_files().items():
        path = re.sub(r"^game/", f"{key}/", path)
        path = re.sub(r"(^|/)(game)(\.json)$", rf"\1{key}\3", path)
        path = path.replace("tests/test_game.py", f"tests/test_{key}.py")
        out[path] = fill(text, values)
    return out


def check_name(name: str) -> None:
    """Refuse a name that is not lower-case words joined by dashes, that a registered
    game has, or whose package name another installed module has."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise NewGameError(f"{name!r} cannot be a game's name: use lower-case words of "
                           "letters and digits joined by dashes (sundae-bar)")
    key = names(name)["key"]
    if name in list_games():
        raise NewGameError(f"a game named {name!r} is already registered")
    if keyword.iskeyword(key) or find_spec(key) is not None:
        raise NewGameError(f"{key!r} is already the name of an installed module; choose "
                           "another name")


def write(name: str, folder: str | Path = ".") -> Path:
    """Write the package for game ``name`` into ``folder/name/``; returns that folder."""
    check_name(name)
    target = Path(folder) / name
    if target.exists():
        raise NewGameError(f"{target} is already there; choose another --dir or name")
    for path, text in render(name).items():
        out = target / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, "utf-8")
    return target


def run(args: argparse.Namespace) -> int:
    target = write(args.name, args.dir)
    key = names(args.name)["key"]
    print(f"wrote {target}: the game {args.name!r} (package {key}), "
          "a copy of the model game to change")
    print(f"next: pip install -e {target}; python -m icecream check {args.name}; "
          f"pytest {target / 'tests'}")
    return 0
