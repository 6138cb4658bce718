"""``validate FILE``: check a scenario file (or a saved state) and describe its position."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..core.errors import ScenarioError
from ..core.protocol import default_game, get_game


def add_parser(sub) -> None:
    p = sub.add_parser("validate", help="check a scenario file")
    p.add_argument("file")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    text = Path(args.file).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{args.file}: not JSON ({e})") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{args.file}: a scenario must be a JSON object")
    s = get_game(data.get("game", default_game())).from_scenario(data)
    who = "nobody (game over)" if s.is_over else s.names[s.current_player]
    print(f"{args.file}: a valid scenario; phase {s.phase}, {who} to act; legal actions: "
          + ", ".join(str(a) for a in s.legal_actions()))
    return 0
