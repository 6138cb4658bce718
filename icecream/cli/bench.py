"""``bench``: random games per second on one core, full rule checking included.

Every game is played through ``legal_actions()`` and ``apply_in_place()`` on a clone, the
same rules code as ``apply()`` (which also copies the state for undo); each action is
picked uniformly among the legal ones.
"""

from __future__ import annotations

import argparse
import random
import time

from ..core.protocol import get_game


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="random games per second on one core")
    p.add_argument("--game", default="ice-cream")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--variant", action="append", metavar="NAME=VALUE")
    p.set_defaults(run=run)


def play_random_games(game: str, players: int, games: int, seed: int = 0,
                      **variant) -> tuple[int, int]:
    """Play ``games`` random games; returns (games, actions)."""
    spec = get_game(game)
    rnd = random.Random(seed).random
    actions = 0
    for g in range(games):
        s = spec.new_state(players=players, seed=seed + g, **variant).clone()
        step = s.apply_in_place
        while not s.is_over:
            legal = s.legal_actions()
            step(legal[int(rnd() * len(legal))])
            actions += 1
    return games, actions


def apply_latency(game: str, players: int, seed: int = 0, **variant) -> list[float]:
    """Seconds per ``apply()`` (a new immutable state, events included) and reading its
    event texts, for every action of one random game."""
    spec = get_game(game)
    rng = random.Random(seed)
    s = spec.new_state(players=players, seed=seed, **variant)
    times = []
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        t0 = time.perf_counter()
        s = s.apply(a)
        s.event_texts(None)
        times.append(time.perf_counter() - t0)
    return times


def run(args: argparse.Namespace) -> int:
    from . import parse_variants

    variant = parse_variants(args.variant)
    if args.games < 1:
        raise SystemExit("error: --games must be at least 1")
    get_game(args.game).new_state(players=args.players, seed=args.seed, **variant)  # check
    start = time.perf_counter()
    games, actions = play_random_games(args.game, args.players, args.games, args.seed, **variant)
    secs = time.perf_counter() - start
    print(f"{games / secs:.0f} games/s")
    print(f"{actions / secs:.0f} actions/s, {secs / actions * 1e6:.2f} us per action, "
          f"{actions / games:.0f} actions per game ({games} games of {args.game}, "
          f"{args.players} players, {secs:.2f} s on one core)")
    lat = sorted(apply_latency(args.game, args.players, args.seed, **variant))
    p50, p99 = lat[len(lat) // 2], lat[int(len(lat) * 0.99)]
    print(f"apply() with its event texts: p50 {p50 * 1e6:.0f} us, p99 {p99 * 1e6:.0f} us, "
          f"max {lat[-1] * 1e6:.0f} us over one game")
    return 0
