"""``validate FILE``: check a scenario file (or a saved state) and describe its position."""

from __future__ import annotations

import argparse

from ..core.errors import ScenarioError, UnknownGame, quote
from ..core.protocol import check_common_fields, default_game, get_game, read_json_file


def add_parser(sub) -> None:
    p = sub.add_parser("validate", help="check a scenario file")
    p.add_argument("file")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    name = quote(args.file, 80)
    data = read_json_file(args.file, ScenarioError, name)
    if not isinstance(data, dict):
        raise ScenarioError(f"{name}: a scenario must be a JSON object")
    try:
        spec = get_game(data.get("game", default_game()))
    except UnknownGame as e:
        raise ScenarioError(f"{name}: game: {e}") from None
    check_common_fields(spec, data, ScenarioError)  # shared by every game's scenarios
    s = spec.from_scenario(data)
    who = "nobody (game over)" if s.is_over else s.names[s.current_player]
    print(f"{name}: a valid scenario; phase {s.phase}, {who} to act; legal actions: "
          + ", ".join(str(a) for a in s.legal_actions()))
    return 0
