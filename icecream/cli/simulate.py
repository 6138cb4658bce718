"""``simulate``: play many games with bots and write one CSV row per game and seat."""

from __future__ import annotations

import argparse
import csv
import sys

from ..bots import make_bot
from ..core.errors import IcecreamError
from ..core.protocol import get_game

COLUMNS = ("game", "seed", "seat", "bot", "score", "cards_left", "winner")


def add_parser(sub) -> None:
    p = sub.add_parser("simulate", help="play games with bots; one CSV row per game and seat")
    p.add_argument("--game", default="ice-cream")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bot", default="random")
    p.add_argument("--variant", action="append", metavar="NAME=VALUE")
    p.add_argument("--csv", metavar="FILE", help="write rows here (default: standard output)")
    p.set_defaults(run=run)


def simulate_rows(game: str, players: int, games: int, seed: int, bot: str, **variant):
    """Yield one dict per game and seat, with the columns in :data:`COLUMNS`."""
    spec = get_game(game)
    for g in range(games):
        gseed = seed + g
        s = spec.new_state(players=players, seed=gseed, **variant)
        bots = [make_bot(bot, seed=gseed * 31 + p) for p in range(players)]
        while not s.is_over:
            p = s.current_player
            s = s.apply(bots[p].choose(s.view(p)))
        for p in range(players):
            yield {"game": g, "seed": gseed, "seat": p, "bot": bot, "score": s.scores[p],
                   "cards_left": len(s.view(None).face_up[p]), "winner": p in s.winners}


def run(args: argparse.Namespace) -> int:
    from . import parse_variants

    if args.games < 1:
        raise IcecreamError("--games must be at least 1")
    variant = parse_variants(args.variant)
    get_game(args.game).new_state(players=args.players, seed=args.seed, **variant)
    make_bot(args.bot)
    rows = simulate_rows(args.game, args.players, args.games, args.seed, args.bot, **variant)
    out = open(args.csv, "w", newline="", encoding="utf-8") if args.csv else sys.stdout
    try:
        w = csv.DictWriter(out, fieldnames=COLUMNS)
        w.writeheader()
        for row in rows:
            w.writerow(row)
    finally:
        if args.csv:
            out.close()
    if args.csv:
        print(f"wrote {args.games * args.players} rows to {args.csv}", file=sys.stderr)
    return 0
