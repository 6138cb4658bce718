"""URL lengths of shared positions (issue 32, docs/sharing.md): for each game and player
count, random games 0-60 actions in, the play page's whole address (``play.ipynb?position=
<token>``, a puzzle's with ``&puzzle=1&lang=nl``) for the seat to act and for the
teacher's view; prints min-max per game, and how many would go into a file instead.

    .venv/bin/python benchmarks/bench_share_links.py [--games 20]
"""

from __future__ import annotations

import argparse
import random

import icecream
from icecream.core.share import encode_position, fits_in_link
from icecream.widgets.sharing import share_address


def lengths(game: str, games: int) -> tuple[list[int], list[int], list[int], int]:
    spec = icecream.get_game(game)
    seat_links, teacher_links, puzzles, too_long = [], [], [], 0
    rng = random.Random(7)
    for k in range(games):
        players = rng.randint(spec.min_players, spec.max_players)
        state = icecream.new_game(game, players=players, seed=k)
        for _ in range(rng.randint(0, 60)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        for seat, out in ((state.current_player, seat_links), (None, teacher_links)):
            token = encode_position(state, seat)
            too_long += not fits_in_link(token)
            out.append(len(share_address(token)))
        puzzles.append(len(share_address(encode_position(state, state.current_player),
                                         puzzle=True, lang="nl")))
    return seat_links, teacher_links, puzzles, too_long


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':<12} {'seat address':>14} {'teacher':>10} {'puzzle (nl)':>12} {'to a file':>9}")
    for game in icecream.list_games():
        seat, teacher, puzzle, too_long = lengths(game, args.games)
        span = lambda xs: f"{min(xs)}-{max(xs)}"  # noqa: E731
        print(f"{game:<12} {span(seat):>14} {span(teacher):>10} {span(puzzle):>12} {too_long:>9}")


if __name__ == "__main__":
    main()
