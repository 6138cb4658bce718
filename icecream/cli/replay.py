"""``replay FILE``: check a saved game by replaying every action, then summarise it."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import printable
from ..core.history import load_history


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help="check and summarise a saved game")
    p.add_argument("file")
    p.add_argument("--log", action="store_true", help="print the teacher's event log too")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    h = load_history(Path(args.file))  # always a file, even if its name starts with "{"
    s = h.states[-1]
    print(f"{printable(args.file)}: a valid {h.game} game of {len(h)} actions "
          f"(replayed through the rules; viewing step {h.cursor})")
    print(f"players: {', '.join(s.names)}")
    spec = s.game
    print(f"position: {spec.round_attr} {getattr(s, spec.round_attr, '?')}, phase {s.phase}"
          + ("" if s.is_over else f", {s.names[s.current_player]} to act"))
    print("scores: " + ", ".join(f"{n} {v}" for n, v in zip(s.names, s.scores, strict=True)))
    if s.is_over:
        print("winner(s): " + ", ".join(s.names[p] for p in s.winners))
    if args.log:
        for step, text in h.log(None, upto=len(h)):
            print(f"{step:4d}  {text}")
    return 0
