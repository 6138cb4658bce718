"""``check GAME``: everything a registered game lacks or gets wrong against the contract
(:mod:`icecream.core.contract`), one line per finding with its fix, then the optional
parts it leaves out and what the pages do without them. Exit status 0 when it meets the
contract, 1 with findings, 2 for an unknown game.

Besides the core's checks, the command loads the game's tutorials through the teaching
layer (a tutorial is played through and its quiz questions asked when it loads)."""

from __future__ import annotations

import argparse

from ..core.contract import PARTS, Finding, absent_parts, check
from ..core.protocol import get_game


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="list what a registered game lacks or gets wrong")
    p.add_argument("game", help="the registered game's name (python -m icecream games)")
    p.add_argument("--positions", type=int, default=24, metavar="N",
                   help="positions of random play whose texts, saves and views are checked")
    p.set_defaults(run=run)


def tutorial_findings(name: str) -> list[Finding]:
    """The game's tutorials as the tutorial page loads them: a file that does not load
    (a step that is not legal, a missing word, a quiz that cannot be asked) is a finding."""
    from ..teach.tutorial import TutorialError, tutorials

    try:
        tutorials(name)
    except TutorialError as e:
        return [Finding("tutorials", str(e), "fix the tutorial file it names")]
    return []


def run(args: argparse.Namespace) -> int:
    name = args.game
    get_game(name)  # an unknown game: one line, exit status 2
    findings = check(name, positions=max(2, args.positions)) + tutorial_findings(name)
    required = sum(p.required for p in PARTS)
    if findings:
        print(f"{name}: {len(findings)} finding(s)")
        for f in findings:
            print(str(f))
    else:
        print(f"{name}: meets the contract ({required} required parts, "
              f"{len(PARTS) - required} optional)")
    for part in absent_parts(name):
        print(f"optional {part.name} absent: {part.without}")
    return 1 if findings else 0
