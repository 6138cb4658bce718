"""The command line: ``python -m icecream {simulate,bench,replay,validate} ...``.

Each command is a module with ``add_parser(subparsers)`` and ``run(args) -> int``.
Errors the user can fix (an unknown game, a bad variant, a bad file) print one clear
line to stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..core.errors import IcecreamError
from ..core.protocol import default_game
from . import bench, games, replay, simulate, validate

COMMANDS = (simulate, bench, replay, validate, games)


def parse_variants(items: Sequence[str] | None) -> dict[str, object]:
    """``["close=flavour", "days=5"]`` -> ``{"close": "flavour", "days": 5}``.

    Whole numbers become ints; anything else stays text. The game checks the values.
    """
    out: dict[str, object] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise IcecreamError(f"--variant takes NAME=VALUE, not {item!r}")
        try:
            out[key] = int(value)
        except ValueError:
            out[key] = value
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m icecream",
        description="Rules engines for ice-cream card games: simulate, benchmark, replay.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for cmd in COMMANDS:
        cmd.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if getattr(args, "game", "") is None:
            args.game = default_game()
        return args.run(args)
    except IcecreamError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head`: not an error
        return 0
    except OSError as e:
        print(f"error: {e.filename or ''}: {e.strerror or e}", file=sys.stderr)
        return 2
