"""``bench``: random games per second on one core, full rule checking included.

Each game starts from ``new_state()`` and is played out by the engine's
``random_playout``: at every decision the legal actions are worked out by the full rules,
one is drawn uniformly, and it is applied by the same rules code as ``apply()`` (which also
copies the state for undo). The protocol's own loop (``legal_actions()`` then
``apply_in_place()`` for each action, with the membership check) plays the very same
games and is timed too, so both figures are printed.
"""

from __future__ import annotations

import argparse
import random
import time

from ..core.errors import IcecreamError
from ..core.protocol import State, get_game


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="random games per second on one core")
    p.add_argument("--game", default=None,
                   help="a registered game (python -m icecream games lists them)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--warmup", type=int, default=200,
                   help="games to play first, not timed: they fill the engine's lookup "
                        "tables, so short runs measure the steady rate too")
    p.add_argument("--variant", action="append", metavar="NAME=VALUE")
    p.set_defaults(run=run)


def play_random_games(game: str, players: int, games: int, seed: int = 0,
                      protocol_loop: bool = False, **variant) -> tuple[int, int]:
    """Play ``games`` random games; returns (games, actions).

    With ``protocol_loop`` each action goes through ``legal_actions()`` and
    ``apply_in_place()`` (the generic :meth:`State.random_playout`) instead of the game's
    own playout loop; the games are the same.
    """
    spec = get_game(game)
    rnd = random.Random(seed).random
    actions = 0
    for g in range(games):
        s = spec.new_state(players=players, seed=seed + g, **variant).clone()
        actions += State.random_playout(s, rnd) if protocol_loop else s.random_playout(rnd)
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


def _timed(game: str, players: int, games: int, seed: int, protocol_loop: bool,
           variant: dict) -> tuple[int, int, float]:
    start = time.perf_counter()
    n, actions = play_random_games(game, players, games, seed, protocol_loop, **variant)
    return n, actions, time.perf_counter() - start


def _rate(per_second: float) -> str:
    """A rate in whole numbers, or with two significant digits below 10 (a game with long
    random games plays fewer than 10 a second, and "1 games/s" would hide a factor of 2)."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.2g}"


def run(args: argparse.Namespace) -> int:
    from .variants import parse_variants

    variant = parse_variants(args.variant)
    if args.games < 1:
        raise IcecreamError("--games must be at least 1")
    get_game(args.game).new_state(players=args.players, seed=args.seed, **variant)  # check
    if args.warmup < 0:
        raise IcecreamError("--warmup must be at least 0")
    if args.warmup:
        # Other seeds than the timed games, so the timed games meet the tables part-filled.
        play_random_games(args.game, args.players, args.warmup, args.seed + 10**9, **variant)
    games, actions, secs = _timed(args.game, args.players, args.games, args.seed, False, variant)
    print(f"{_rate(games / secs)} games/s")
    print(f"{actions / secs:.0f} actions/s, {secs / actions * 1e6:.2f} us per action, "
          f"{actions / games:.0f} actions per game ({games} games of {args.game}, "
          f"{args.players} players, {secs:.2f} s on one core"
          + (f", after {args.warmup} untimed warm-up games)" if args.warmup else ")"))
    _, _, loop_secs = _timed(args.game, args.players, args.games, args.seed, True, variant)
    print(f"the same games through legal_actions() and apply_in_place(): "
          f"{_rate(games / loop_secs)} games/s")
    lat = sorted(apply_latency(args.game, args.players, args.seed, **variant))
    p50, p99 = lat[len(lat) // 2], lat[int(len(lat) * 0.99)]
    print(f"apply() with its event texts: p50 {p50 * 1e6:.0f} us, p99 {p99 * 1e6:.0f} us, "
          f"max {lat[-1] * 1e6:.0f} us over one game")
    return 0
