"""Fuzz every game's scenario, state and save loaders with mutated real files (issue 22).

Seeds: each game's rulebook examples (scenarios), saved states of random positions
(``state.to_dict()``) and saved games (``History.to_dict()``, with the digest made again
after a mutation half of the time, so the mutation reaches the replay). Each seed gets 1-3
random mutations (field deletions, type swaps, huge numbers and strings, deep nesting, NaN
and infinities, lone surrogates, out-of-range indexes) and is loaded through the public
loaders (``GameSpec.from_scenario``, ``load_state``, ``load_history``) and, as a JSON file,
through the command line (``validate``, or ``replay`` for saves). Each outcome is one of:

- **crash**: any exception outside the ``IcecreamError`` family (on the command line: a
  traceback, an exit status other than 0 or 2);
- **refused**: an ``IcecreamError`` of one line of at most 500 characters (the command
  line: exit status 2 and one ``error:`` line); a longer or multi-line refusal is counted
  as **unclear**;
- **accepted**: loaded. An accepted position is then played to its end with random
  legal actions (at most ``--play-limit`` of them): a position with no legal action that
  is not over, an exception, or a game that does not end is counted as a **crash** of
  the play (``play crash``), else ``play ended``.

    .venv/bin/python benchmarks/fuzz_scenarios.py --cases 3000 --seed 1

Crashes are grouped by the innermost project line of their traceback and printed with an
example input.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from icecream.cli import main as cli  # noqa: E402
from icecream.core.errors import MESSAGE_LIMIT, IcecreamError  # noqa: E402
from icecream.core.history import History, digest, load_history  # noqa: E402
from icecream.core.protocol import get_game, list_games, load_state  # noqa: E402

HUGE_TEXT = "z" * 1_000_000
SWAPS: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 7, 99, 10**9, 1.5, -0.0, "", "x",
                    "vanilla", [], {}, [None], [0], {"a": 1}, [[[]]]]


def paths(data: Any, here: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``data`` (the root is ``()``)."""
    out = [here]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*here, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*here, i))
    return out


def get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate(data: Any, rng: random.Random) -> tuple[Any, str]:
    """One random mutation of a deep copy of ``data``; returns it and its description."""
    data = copy.deepcopy(data)
    path = rng.choice(paths(data))
    kind = rng.choice(["delete", "swap", "huge_int", "huge_text", "deep", "nan", "surrogate",
                       "index", "add_field", "negative", "list_grow"])
    value = get(data, path)

    def put(new: Any) -> None:
        nonlocal data
        if not path:
            data = new
        else:
            get(data, path[:-1])[path[-1]] = new

    if kind == "delete" and path:
        parent = get(data, path[:-1])
        del parent[path[-1]]
    elif kind == "swap":
        put(rng.choice(SWAPS))
    elif kind == "huge_int":
        put(rng.choice([10**40, -(10**40), 2**63, 10**5000, -(10**5000)]))
    elif kind == "huge_text":
        put(rng.choice([HUGE_TEXT, "a b " * 100_000, "\n" * 1000]))
    elif kind == "deep":
        depth = rng.choice([33, 40, 200, 5000])
        for _ in range(depth):
            value = [value]
        put(value)
        kind = f"deep({depth})"
    elif kind == "nan":
        put(rng.choice([float("nan"), float("inf"), float("-inf"), 1e308 * 10]))
    elif kind == "surrogate":
        put(rng.choice(["\ud800", "a\udcff", {"\udc80": 1}]))
    elif kind == "index":
        if isinstance(value, int) and not isinstance(value, bool):
            put(value + rng.choice([-100, -1, 1, 5, 50, 10**6]))
        else:
            put(rng.choice([-1, 5, 9, 99, 10**6]))
    elif kind == "negative" and isinstance(value, int) and not isinstance(value, bool):
        put(-value - 1)
    elif kind == "add_field" and isinstance(value, dict):
        value[rng.choice(["extra", "cls", "__class__", "x" * 100])] = rng.choice(SWAPS)
    elif kind == "list_grow" and isinstance(value, list):
        value.extend(copy.deepcopy(value) * rng.choice([1, 2, 50]) or [0] * 100)
    else:
        put(rng.choice(SWAPS))
        kind = f"swap({kind})"
    where = ".".join(str(k) for k in path)[:80] or "<root>"
    return data, f"{kind} at {where}"


def seeds(game: str, rng: random.Random) -> list[tuple[str, dict]]:
    """(kind, data) seeds of one game: its examples, saved states, saved games."""
    spec = get_game(game)
    out: list[tuple[str, dict]] = []
    for ex in spec.examples().values():
        out.append(("scenario", {"game": game, **copy.deepcopy(ex.scenario)}))
    for n in (spec.min_players, spec.max_players):
        h = History.new(game, players=n, seed=rng.randrange(1000))
        for step in range(rng.choice([3, 20, 60])):
            s = h.states[-1]
            if s.is_over:
                break
            h.play(rng.choice(s.legal_actions()))
            if step in (2, 19):
                out.append(("state", h.states[-1].to_dict()))
        out.append(("save", h.to_dict()))
    return out


def redigest(data: Any) -> Any:
    """A mutated save with its digest made again (so the replay itself is reached)."""
    if isinstance(data, dict) and "digest" in data:
        try:
            body = {k: v for k, v in data.items() if k != "digest"}
            data = {**body, "digest": digest(body)}
        except Exception:  # noqa: BLE001 - an unhashable mutation keeps the old digest
            pass
    return data


def to_json(data: Any) -> str:
    """JSON text of ``data``, NaN and 5,000-digit numbers included (as a hostile file)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(data)
    finally:
        sys.set_int_max_str_digits(old)


def api_loader(kind: str, game: str) -> Callable[[Any], Any]:
    if kind == "scenario":
        return get_game(game).from_scenario
    if kind == "state":
        return load_state
    return load_history


def play_out(state: Any, rng: random.Random, limit: int) -> tuple[str, str]:
    """Play ``state`` (a loaded position) to its end with random legal actions."""
    try:
        s = state.clone()
        for _ in range(limit):
            if s.is_over:
                s.check_invariants()
                return "ended", ""
            legal = s.legal_actions()
            if not legal:
                return "crash", f"no legal action in phase {s.phase!r}, not over"
            s.apply_in_place(legal[rng.randrange(len(legal))])
    except Exception:  # noqa: BLE001 - counting crashes is the point
        return "crash", _where()
    return ("ended", "") if s.is_over else ("crash", f"no end in {limit} random actions")


def outcome_api(load: Callable[[Any], Any], data: Any) -> tuple[str, str | Any]:
    try:
        loaded = load(data)
    except IcecreamError as e:
        text = str(e)
        return ("refused" if "\n" not in text and len(text) <= MESSAGE_LIMIT else "unclear",
                text)
    except RecursionError:
        return "crash", _where()
    except Exception:  # noqa: BLE001 - counting crashes is the point
        return "crash", _where()
    return "accepted", loaded


def outcome_cli(argv: list[str]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli(argv)
    except Exception:  # noqa: BLE001
        return "crash", _where()
    text = err.getvalue()
    if code == 0:
        return "accepted", ""
    if code == 2 and text.startswith("error: ") and text.count("\n") == 1 \
            and len(text) <= MESSAGE_LIMIT + 10:
        return "refused", text.strip()
    return ("crash" if "Traceback" in text or code not in (0, 2) else "unclear"), text[:300]


def _where() -> str:
    """The exception and the innermost line of this project in its traceback."""
    kind, value, tb = sys.exc_info()
    frames = [f for f in traceback.extract_tb(tb) if "/icecream/" in f.filename]
    inner = frames[-1] if frames else traceback.extract_tb(tb)[-1]
    short = inner.filename.split("/icecream/", 1)[-1]
    return (f"{kind.__name__ if kind else '?'} at icecream/{short}:{inner.lineno} "
            f"({inner.line}): {str(value)[:120]}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=2000, help="mutated inputs per game")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cli-every", type=int, default=3,
                   help="also run one case in this many through the command line")
    p.add_argument("--play-limit", type=int, default=60_000,
                   help="random actions allowed to finish an accepted position")
    args = p.parse_args()
    rng = random.Random(args.seed)
    totals: Counter = Counter()
    crashes: dict[str, list[str]] = defaultdict(list)
    unclear: list[str] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "case.json"
        for game in list_games():
            pool = seeds(game, rng)
            counts: Counter = Counter()
            for case in range(args.cases):
                kind, seed = rng.choice(pool)
                data, what = seed, []
                for _ in range(rng.choice([1, 1, 2, 3])):
                    data, desc = mutate(data, rng)
                    what.append(desc)
                    if desc.startswith("deep(5000)"):
                        break  # too deep to copy and mutate again (as it should be)
                if kind == "save" and rng.random() < 0.5:
                    data = redigest(data)
                label = f"{game} {kind}: {'; '.join(what)}"
                result, detail = outcome_api(api_loader(kind, game), data)
                counts["api " + result] += 1
                if result == "accepted":
                    state = detail.state if kind == "save" else detail
                    played, detail = play_out(state, rng, args.play_limit)
                    counts["play " + played] += 1
                    if played == "crash":
                        crashes[detail].append(label + " (play)")
                if result == "crash":
                    crashes[detail].append(label)
                elif result == "unclear":
                    unclear.append(f"{label}: {detail[:200]}")
                if case % args.cli_every == 0:
                    try:
                        path.write_text(to_json(data), encoding="utf-8", errors="surrogatepass")
                    except (TypeError, ValueError, RecursionError):
                        continue
                    argv = ["replay" if kind == "save" else "validate", str(path)]
                    result, detail = outcome_cli(argv)
                    counts["cli " + result] += 1
                    if result == "crash":
                        crashes[detail].append(label + " (command line)")
                    elif result == "unclear":
                        unclear.append(f"{label} (command line): {detail[:200]}")
            totals.update(counts)
            print(f"{game}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
                  flush=True)
    print(f"all games ({time.perf_counter() - start:.0f} s): "
          + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))
    print(f"{len(crashes)} distinct crash site(s), {sum(map(len, crashes.values()))} crashes")
    for where, labels in sorted(crashes.items(), key=lambda kv: -len(kv[1])):
        print(f"- {len(labels)}x {where}\n    e.g. {labels[0][:200]}")
    for line in unclear[:10]:
        print(f"unclear: {line}")


if __name__ == "__main__":
    main()
