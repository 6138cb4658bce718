"""``simulate``: play many games with bots; one row per game and seat (CSV or Parquet).

Built on :func:`icecream.explore.simulate.stream`: the columns start with game, seed, seat,
bot, score, cards_left, winner, then the rest of the simulation frame. Rows are written as
the games finish (memory stays flat however many games), to a temporary file renamed
over the output only when every game is written; every argument and the output path are
checked before the first game. Ctrl-C stops at once: workers are terminated and no
output file is left.

    python -m icecream simulate --games 1000 --bot heuristic --bot random --bot random \\
        --bot random --workers 2 --parquet out.parquet
"""

from __future__ import annotations

import argparse
import sys

from ..bots import bot_names, make_bot
from ..core.errors import IcecreamError, printable
from ..core.protocol import get_game

#: The first columns, kept from the first version of this command.
COLUMNS = ("game", "seed", "seat", "bot", "score", "cards_left", "winner")


class SimulateArgumentError(IcecreamError, ValueError):
    """A ``simulate`` argument is not valid (the message names it)."""


def add_parser(sub) -> None:
    p = sub.add_parser("simulate", help="play games with bots; one row per game and seat")
    p.add_argument("--game", default=None,
                   help="a registered game (python -m icecream games lists them)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bot", action="append", metavar="NAME",
                   help="bot for every seat (once) or for each seat in turn (once per seat); "
                        "default random")
    p.add_argument("--ruleset", default=None, help="one of the game's named rulesets")
    p.add_argument("--variant", action="append", metavar="NAME=VALUE")
    p.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask scheduler at ADDRESS")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--csv", metavar="FILE", help="write CSV here (default: standard output)")
    out.add_argument("--parquet", metavar="FILE", help="write Parquet here (needs pyarrow)")
    p.set_defaults(run=run)


def check_args(args: argparse.Namespace) -> list[str]:
    """Check the arguments; return the bot name of every seat."""
    from ..explore.simulate import check_players, max_workers

    if args.games < 1:
        raise SimulateArgumentError(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        raise SimulateArgumentError(f"--workers must be at least 1, not {args.workers}")
    if args.workers > max_workers():
        raise SimulateArgumentError(f"--workers must be at most {max_workers()} (four per "
                                    f"CPU on this machine, at most 64), not {args.workers}")
    check_players(args.game, args.players)  # before anything is made per seat
    bots = args.bot or ["random"]
    for name in bots:
        if name not in bot_names():
            make_bot(name)  # raises SettingsError listing the known bots
    if len(bots) == 1:
        return bots * args.players
    if len(bots) != args.players:
        raise SimulateArgumentError(
            f"{len(bots)} --bot values for {args.players} players: give one --bot for all "
            f"seats or exactly one per seat")
    return bots


def run(args: argparse.Namespace) -> int:
    from ..explore.simulate import RowWriter, make_config, stream, write
    from .variants import parse_variants

    bots = check_args(args)
    variant = parse_variants(args.variant)
    for reserved in ("players", "ruleset", "bots", "seed", "games"):
        if reserved in variant:
            raise SimulateArgumentError(f"--variant {reserved}=... is not a variant: use "
                                        f"--{reserved}")
    get_game(args.game).new_state(players=args.players, seed=args.seed,
                                  ruleset=args.ruleset, **variant)  # a clear SettingsError
    if args.parquet:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise SimulateArgumentError("--parquet needs pyarrow: pip install "
                                        "'icecream-tabletop[parquet]'") from None
    config = make_config(args.game, args.players, bots, args.ruleset, **variant)
    fmt = "parquet" if args.parquet else "csv"
    path = args.parquet or args.csv
    # The output is checked (and its temporary file made) before any game is played.
    writer = RowWriter(path if path else sys.stdout, fmt, drop=("config",))
    try:
        chunks = stream([config], args.games, args.seed, args.workers, args.dask,
                        args.progress)
    except BaseException:
        writer.discard()
        raise
    rows = write(writer, chunks)
    if path:
        print(f"wrote {rows} rows to {printable(path)}", file=sys.stderr)
    return 0
