"""The command line: ``python -m icecream {simulate,bench,replay,validate,games,check,
new-game} ...``.

Each command is a module with ``add_parser(subparsers)`` and ``run(args) -> int``.
Errors the user can fix (an unknown game, a bad variant, a bad file, a bad argument)
print one clear line to stderr, quoting input only up to a bounded length, and exit with
status 2; Ctrl-C prints one line and exits with status 130. Never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..core.errors import IcecreamError, one_line
from ..core.protocol import default_game
from . import bench, check, games, new_game, replay, simulate, validate
from .variants import parse_variants

COMMANDS = (simulate, bench, replay, validate, games, check, new_game)
__all__ = ["COMMANDS", "build_parser", "main", "parse_variants"]


#: The longest error line printed (input inside it is quoted shorter still; the reason
#: is kept, see :func:`icecream.core.errors.one_line`).
MAX_ERROR = 500


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {one_line(message, 300)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command."""
    parser = OneLineParser(
        prog="python -m icecream",
        description="Rules engines for ice-cream card games: simulate, benchmark, replay.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for cmd in COMMANDS:
        cmd.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status (0, 2 for an error, 130 after Ctrl-C)."""
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:  # --help (0) or a bad argument (2, one line printed)
            return e.code if isinstance(e.code, int) else 2
        if getattr(args, "game", "") is None:
            args.game = default_game()
        return args.run(args)
    except IcecreamError as e:
        return _fail(str(e))
    except BrokenPipeError:  # output piped into `head`: not an error
        return 0
    except OSError as e:
        return _fail(f"{e.filename or ''}: {e.strerror or e}")
    except KeyboardInterrupt:
        return _fail("interrupted (Ctrl-C)", 130)


def _fail(message: str, status: int = 2) -> int:
    print(f"error: {one_line(message, MAX_ERROR - 7)}", file=sys.stderr)
    return status
