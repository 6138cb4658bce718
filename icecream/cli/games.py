"""``games``: list the registered games with their player counts and rulesets, then each
installed game plug-in that could not be loaded and why (the others still load)."""

from __future__ import annotations

import argparse

from ..core.protocol import get_game, list_games, plugin_problems


def add_parser(sub) -> None:
    p = sub.add_parser("games", help="list the games this installation can play")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for name in list_games():
        spec = get_game(name)
        print(f"{name}: {spec.title}, {spec.min_players}-{spec.max_players} players, "
              f"rulesets {', '.join(spec.rulesets)}")
    for problem in plugin_problems():
        print(f"not loaded: {problem}")
    return 0
