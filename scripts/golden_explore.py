"""Record golden outputs of the what-if layer for every game, and compare two recordings.

Written before the explore and teach layers stopped needing pandas and numpy (issue 28), so
that afterwards we can show that no result changed. Run it from the root of a checkout (it
records the ``icecream`` package of that checkout)::

    python scripts/golden_explore.py record OUTDIR
    python scripts/golden_explore.py compare OUTDIR_A OUTDIR_B

``record`` writes ``OUTDIR/<game>.json`` for every game of ``icecream.list_games()``, with
fixed seeds and small sample sizes (a few minutes in all):

* ``what_if``: :func:`icecream.explore.what_if` from the start of the game's first two
  rulebook examples, with the random policy (8 samples) and the game's own rollout policy
  (3 samples), every row of the table and its ``attrs``; and ``position_conclusion`` in
  English and Dutch; the what-if widget's display table (``PositionWhatIf._display``);
* ``hint``: :func:`icecream.teach.hint` of the same positions (10 games per option), its
  text and lines in English and Dutch;
* ``compare``: :func:`icecream.explore.compare` of the first preset against each other
  preset (10 random-bot games, 3 players), every row of ``table`` and ``rules``, the
  widget's ``comparison_table`` and ``comparison_conclusion`` in both languages; the first
  pair again with a budget (no time limit: the page's path, one pair of games at a time)
  and with the game's rollout bots (4 games);
* ``simulate``: :func:`icecream.explore.simulate` (3 players, 6 games, seed 3) as CSV text,
  a ``sweep`` over the players as CSV (and its game metrics by players),
  ``metrics_table`` of the frame, ``win_rates`` by
  turn order, ``first_player_conclusion`` and ``bots_conclusion`` of a mixed-bot run.

``compare A B`` prints every difference: a number that differs only in its last digits
(relative difference below 1e-12) is listed as such; anything else is a real difference.
It exits 0 when nothing differs beyond the last digits, 1 otherwise.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))


def plain(value: Any) -> Any:
    """``value`` as JSON data; floats as ``repr`` text (every digit kept), NaN as "nan"."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return {"float": repr(value)}
    if hasattr(value, "item") and not isinstance(value, dict | list | tuple):
        return plain(value.item())  # a numpy scalar
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return repr(value)


def frame_records(frame: Any) -> Any:
    """A pandas frame, or rows of dicts (a widget's table), as columns and rows."""
    if isinstance(frame, list):
        return {"columns": [str(c) for c in (frame[0] if frame else [])],
                "rows": plain(frame), "attrs": {}}
    return {"columns": [str(c) for c in frame.columns],
            "rows": plain(frame.to_dict("records")),
            "attrs": plain(dict(getattr(frame, "attrs", {})))}


def positions(game: str) -> list[tuple[str, Any]]:
    from icecream.core.protocol import get_game

    spec = get_game(game)
    out = []
    for eid, ex in list(spec.examples().items())[:2]:
        state = ex.start()
        if not state.is_over and state.current_player is not None \
                and len(state.legal_actions()) > 1:
            out.append((eid, state))
    return out


def record_game(game: str) -> dict[str, Any]:
    from icecream.core.protocol import get_game
    from icecream.explore import compare, metrics_table, simulate, sweep, what_if, win_rates
    from icecream.explore.budget import Budget
    from icecream.explore.compare import presets
    from icecream.explore.metrics import game_metrics
    from icecream.teach.conclusions import (
        bots_conclusion,
        comparison_conclusion,
        first_player_conclusion,
        position_conclusion,
    )
    from icecream.teach.hints import hint
    from icecream.widgets.whatif import PositionWhatIf, comparison_table

    spec = get_game(game)
    out: dict[str, Any] = {"what_if": {}, "hint": {}, "compare": {}, "simulate": {}}
    for eid, state in positions(game):
        for policy, n in (("random", 8), (None, 3)):
            key = f"{eid}/{policy or 'rollout'}"
            table = what_if(state, n=n, policy=policy, seed=5)
            entry = {"table": frame_records(table)}
            for lang in ("en", "nl"):
                entry[f"conclusion_{lang}"] = position_conclusion(table, state, lang)
                widget = PositionWhatIf(state, samples=n, lang=lang)
                try:  # the widget's table, from the records (or, before, from the frame)
                    from icecream.explore.position import compare_options
                    shown = widget._display(compare_options(state, n=n, policy=policy, seed=5))
                except ImportError:
                    shown = widget._display(table)
                entry[f"display_{lang}"] = frame_records(shown)
            out["what_if"][key] = entry
        for lang in ("en", "nl"):
            h = hint(state, samples=10, seed=1, lang=lang)
            out["hint"][f"{eid}/{lang}"] = {
                "text": h.text(), "lines": h.lines(), "samples": h.samples,
                "options": plain([vars(o) for o in h.options])}
    names = list(presets(game))
    table = presets(game)
    for other in names[1:]:
        c = compare(table[names[0]], table[other], games=10, players=3, seed=4, game=game)
        entry = {"table": frame_records(c.table), "rules": frame_records(c.rules),
                 "frame": frame_records(c.frame), "games": c.games}
        for lang in ("en", "nl"):
            entry[f"display_{lang}"] = frame_records(comparison_table(c, lang))
            entry[f"conclusion_{lang}"] = comparison_conclusion(c, lang)
        out["compare"][f"{names[0]}-{other}"] = entry
    if len(names) > 1:
        a, b = table[names[0]], table[names[1]]
        c = compare(a, b, games=6, players=3, seed=7, game=game, budget=Budget(None))
        out["compare"]["budget"] = {"table": frame_records(c.table),
                                    "frame": frame_records(c.frame), "games": c.games,
                                    "conclusion_en": comparison_conclusion(c, "en")}
        c = compare(a, b, games=4, players=3, seed=8, game=game, bots=None)
        out["compare"]["rollout"] = {"table": frame_records(c.table), "games": c.games}
    frame = simulate(game, players=3, games=6, seed=3)
    buf = io.StringIO()
    frame.to_csv(buf, index=False)
    out["simulate"]["csv"] = buf.getvalue()
    buf = io.StringIO()
    swept = sweep({"players": [2, 3]}, games=3, game=game, seed=2)
    swept.to_csv(buf, index=False)
    out["simulate"]["sweep_csv"] = buf.getvalue()
    metrics = metrics_table(frame)
    out["simulate"]["metrics"] = frame_records(metrics)
    out["simulate"]["metrics_by_players"] = frame_records(metrics_table(
        swept, [m() for m in game_metrics(game)], by="players"))
    out["simulate"]["win_rates"] = frame_records(win_rates(frame, "turn_order"))
    out["simulate"]["first_player"] = {
        lang: first_player_conclusion(metrics, 3, lang) for lang in ("en", "nl")}
    mixed = simulate(game, players=["A", "B", "C"], bots=["random", "greedy", "random"],
                     games=6, seed=1)
    out["simulate"]["bots"] = {lang: bots_conclusion(mixed, lang) for lang in ("en", "nl")}
    out["simulate"]["mixed_metrics"] = frame_records(metrics_table(mixed))
    del spec
    return out


def record(outdir: Path) -> int:
    import icecream

    outdir.mkdir(parents=True, exist_ok=True)
    print(f"recording {icecream.__file__}")
    for game in icecream.list_games():
        t0 = time.perf_counter()
        data = record_game(game)
        (outdir / f"{game}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False),
                                             "utf-8")
        print(f"{game}: {time.perf_counter() - t0:.1f} s")
    return 0


def diffs(a: Any, b: Any, path: str = "") -> list[tuple[str, str, Any, Any]]:
    """(kind, path, a, b) of every difference: kind "last-digit" or "real"."""
    if isinstance(a, dict) and isinstance(b, dict) and set(a) == {"float"} == set(b):
        x, y = float(a["float"]), float(b["float"])
        if a["float"] == b["float"] or (math.isnan(x) and math.isnan(y)):
            return []
        close = math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-15)
        return [("last-digit" if close else "real", path, a["float"], b["float"])]
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(("real", f"{path}/{k}", a.get(k, "<missing>"),
                            b.get(k, "<missing>")))
            else:
                out += diffs(a[k], b[k], f"{path}/{k}")
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [("real", f"{path} (length)", len(a), len(b))]
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += diffs(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [("real", path, a, b)]


def compare(dir_a: Path, dir_b: Path) -> int:
    bad = 0
    for fa in sorted(dir_a.glob("*.json")):
        fb = dir_b / fa.name
        if not fb.exists():
            print(f"{fa.name}: missing in {dir_b}")
            bad += 1
            continue
        found = diffs(json.loads(fa.read_text("utf-8")), json.loads(fb.read_text("utf-8")))
        real = [d for d in found if d[0] == "real"]
        last = [d for d in found if d[0] == "last-digit"]
        print(f"{fa.stem}: {'identical' if not found else ''}"
              f"{len(real)} real differences, {len(last)} last-digit" if found else
              f"{fa.stem}: identical")
        for kind, path, x, y in found[:200]:
            print(f"  {kind}: {path}: {str(x)[:200]!r} -> {str(y)[:200]!r}")
        bad += len(real)
    print("no differences beyond the last digit" if not bad else f"{bad} real differences")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("outdir", type=Path)
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("dir_a", type=Path)
    cmp_.add_argument("dir_b", type=Path)
    args = parser.parse_args(argv)
    if args.command == "record":
        return record(args.outdir)
    return compare(args.dir_a, args.dir_b)


if __name__ == "__main__":
    sys.exit(main())
