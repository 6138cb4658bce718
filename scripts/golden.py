"""Record golden outputs of every game, and compare two recordings.

Written before the "one game kit" refactor, so that afterwards we can show that nothing
changed for a user. Run it from the root of the checkout to record (it records the
``icecream`` package of the current directory, whatever the environment installed)::

    python scripts/golden.py record OUTDIR [--games N] [--workers W] [--all-seat-texts]
        [--resume]
    python scripts/golden.py compare OUTDIR_A OUTDIR_B

After a refactor, record the new code the same way (``cd`` to its checkout, run this
script from wherever it is, same ``--games``) and compare the two directories.

``record`` uses only the public protocol (``icecream.new_game``, ``State.legal_actions``,
``State.apply``, ``State.event_texts``, ``History``, ``GameSpec.render_svg``,
``GameSpec.examples``, ``icecream.teach.quiz.make_quiz``) and writes:

* ``games/<game>/<n>p-<first>-<last seed>.jsonl.gz``: for every game of ``icecream.list_games()``
  and every player count ``spec.min_players..spec.max_players``, N random games (default
  300). Game ``i`` is ``new_game(name, players=n, seed=i)``; each decision picks uniformly
  from ``state.legal_actions()`` with ``random.Random(f"{name}:{n}:{i}")`` and plays it
  (``History.play``, which calls ``state.apply``), at most 20,000 steps (``capped`` says a
  game hit the cap). A record holds sha256 digests of five categories: ``actions``
  (``a.to_dict()`` of each), ``texts_en`` and ``texts_nl`` (for every state, step 0 the
  new game included, a list of readers: the teacher's ``event_texts(None, lang)`` then
  seat k's ``event_texts(k, lang)``), ``scores`` (scores, winners, phase, steps, capped,
  error) and ``save`` (``History.to_dict()``, the data ``History.save`` writes). Per-block
  digests (100 steps a block) locate a difference. The first 5 games of each (game,
  count) also keep the full data, so ``compare`` can show the differing step and texts.
  Gelato Mio random games are long (about 2,500 to 8,000 decisions) and reading every
  seat's texts costs most of their time (the full run would take about 25 minutes with
  2 workers on an idle machine), so for gelato-mio games from seed 20 on only the
  teacher's texts are recorded (``seat_texts`` false in the record);
  ``--all-seat-texts`` records them all.
* ``examples.jsonl.gz``: every rulebook example of every game (``spec.examples()``): its
  title, rulebook text, outcome and step notes in en and nl, its actions, the event texts
  of every state for the teacher and each seat in en and nl, and the final scores,
  winners, phase and a digest of the final ``to_dict()``.
* ``svg/<game>-<seed>.jsonl.gz``: the table (``spec.render_svg(state, seat, lang=lang)``)
  for seat ``None`` and seat 0, in en and nl, at every 7th step and the last step of the
  3-player random games with seeds 0, 1 and 2 (the same games as above): a digest each,
  and the full SVG for the first three sampled steps and the last of seed 0.
* ``quiz.jsonl.gz``: ``make_quiz(game, count=5, seed=s, lang=lang)`` for seeds 0..2 in en
  and nl: every question's kind, prompt, instruction, seat, action and choices (label,
  right or not, why, rule, value) and a digest of its position.
* ``meta.json``: the commit, the options, counts and the time each part took.

Work is split over W forked worker processes (default 2): the quick parts and the
games kept in full first, then the rest, Gelato Mio's long games last, 5 seeds at a time
over all its player counts. Each file is written whole when its part is done, so a
stopped run loses only the parts in progress: ``record OUTDIR --resume`` (same options)
records only what OUTDIR lacks.

``compare A B`` compares every record the two recordings both hold (B may hold fewer
games, e.g. a quick ``--games 5`` run) and prints, per category, how many were compared
and matched and the first differences with their game, player count, seed, step and the
two texts. It exits 0 when everything compared is identical, 1 otherwise.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Record the package of the directory this is run from (as ``python -c`` would), not the
# one the environment installed (an editable install may point at another checkout).
if Path("icecream/__init__.py").is_file():
    sys.path.insert(0, os.getcwd())

import icecream  # noqa: E402
from icecream.core.protocol import get_game  # noqa: E402

LANGS = ("en", "nl")
MAX_STEPS = 20_000
FULL_GAMES = 5  # games per (game, players) kept in full
CHUNKS = {"gelato-mio": 5}  # seeds per worker task (default 25)
BLOCK = 100  # steps per block digest
SEAT_TEXT_LIMITS = {"gelato-mio": 20}  # seat texts only for seeds below this
SVG_SEEDS = (0, 1, 2)
SVG_PLAYERS = 3
SVG_EVERY = 7
SVG_FULL_STEPS = 3  # sampled steps of the first seed kept in full (plus the last)
QUIZ_SEEDS = (0, 1, 2)
QUIZ_COUNT = 5
GAME_CATEGORIES = ("actions", "texts_en", "texts_nl", "scores", "save")
SHOW = 5  # differences shown per category


# -- helpers ----------------------------------------------------------------------------
def plain(data: Any) -> Any:
    """``data`` as JSON gives it back (tuples become lists), so records compare alike."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def sha(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def blocks(items: list[Any]) -> list[str]:
    return [sha(items[k:k + BLOCK])[:16] for k in range(0, len(items), BLOCK)]


def step_texts(state: Any, lang: str, seats: bool) -> list[list[str]]:
    """The teacher's event texts, then (with ``seats``) each seat's."""
    out = [list(state.event_texts(None, lang))]
    if seats:
        out += [list(state.event_texts(s, lang)) for s in range(state.num_players)]
    return out


def write_jsonl(path: Path, records: list[dict]) -> None:
    """Write whole or not at all (a stopped run leaves no half file; see ``--resume``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    tmp.replace(path)


def read_jsonl(path: Path) -> Iterator[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


# -- recording ----------------------------------------------------------------------------
def random_game(name: str, n: int, seed: int, seat_texts: bool = True,
                on_state: Any = None) -> dict[str, Any]:
    """Play one seeded random game; the full data of every category.

    The game is played through a :class:`icecream.History` (``play`` parses the action and
    calls ``state.apply``), so the saved game needs no second replay of the actions.
    """
    history = icecream.History.new(name, players=n, seed=seed)
    state = history.state
    rng = random.Random(f"{name}:{n}:{seed}")
    actions: list[dict] = []
    texts: dict[str, list] = {lang: [step_texts(state, lang, seat_texts)] for lang in LANGS}
    error = None
    if on_state:
        on_state(0, state)
    try:
        while not state.is_over and len(actions) < MAX_STEPS:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state = history.play(action).state
            actions.append(plain(action.to_dict()))
            for lang in LANGS:
                texts[lang].append(step_texts(state, lang, seat_texts))
            if on_state:
                on_state(len(actions), state)
    except Exception as e:  # a crash is an outcome too
        error = f"step {len(actions) + 1}: {type(e).__name__}: {e}"
    scores = {"scores": list(state.scores), "winners": list(state.winners),
              "phase": state.phase, "over": state.is_over, "steps": len(actions),
              "capped": not state.is_over and len(actions) >= MAX_STEPS, "error": error}
    try:
        save = plain(history.to_dict())
    except Exception as e:
        save = {"error": f"{type(e).__name__}: {e}"}
    return {"actions": actions, "texts_en": texts["en"], "texts_nl": texts["nl"],
            "scores": scores, "save": save}


def game_record(name: str, n: int, seed: int, all_seat_texts: bool) -> dict[str, Any]:
    seat_texts = all_seat_texts or seed < SEAT_TEXT_LIMITS.get(name, 10**9)
    data = random_game(name, n, seed, seat_texts)
    rec: dict[str, Any] = {
        "game": name, "players": n, "seed": seed, "seat_texts": seat_texts,
        "steps": data["scores"]["steps"], "capped": data["scores"]["capped"],
        "digests": {c: sha(data[c]) for c in GAME_CATEGORIES},
        "blocks": {c: blocks(data[c]) for c in ("actions", "texts_en", "texts_nl")},
    }
    if seed < FULL_GAMES:
        rec["full"] = data
    return rec


def task_games(outdir: Path, name: str, n: int, seeds: tuple[int, ...],
               all_seat_texts: bool) -> dict[str, Any]:
    records = [game_record(name, n, i, all_seat_texts) for i in seeds]
    write_jsonl(outdir / "games" / name / f"{n}p-{seeds[0]:04d}-{seeds[-1]:04d}.jsonl.gz",
                records)
    return {"records": len(records), "capped": sum(r["capped"] for r in records),
            "steps": sum(r["steps"] for r in records)}


def task_svg(outdir: Path, name: str, seed: int) -> dict[str, Any]:
    spec = get_game(name)
    records: list[dict] = []
    last: list[Any] = [None, None]

    def render(step: int, state: Any, final: bool = False) -> None:
        sampled = step // SVG_EVERY
        full = seed == SVG_SEEDS[0] and (final or sampled < SVG_FULL_STEPS)
        for seat in (None, 0):
            for lang in LANGS:
                try:
                    svg = spec.render_svg(state, seat, lang=lang)
                except Exception as e:
                    svg = f"error: {type(e).__name__}: {e}"
                rec = {"game": name, "players": SVG_PLAYERS, "seed": seed, "step": step,
                       "seat": seat, "lang": lang, "digest": sha(svg)}
                if full:
                    rec["svg"] = svg
                records.append(rec)

    def on_state(step: int, state: Any) -> None:
        last[:] = [step, state]
        if step % SVG_EVERY == 0:
            render(step, state)

    random_game(name, SVG_PLAYERS, seed, seat_texts=False, on_state=on_state)
    if last[0] % SVG_EVERY:
        render(last[0], last[1], final=True)
    elif seed == SVG_SEEDS[0]:  # the last step was sampled: keep it in full too
        for rec in records[-4:]:
            rec["svg"] = spec.render_svg(last[1], rec["seat"], lang=rec["lang"])
    write_jsonl(outdir / "svg" / f"{name}-{seed}.jsonl.gz", records)
    return {"records": len(records)}


def example_record(name: str, eid: str, example: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"game": name, "id": eid, "rules": list(example.rules),
                           "actions": plain(list(example.steps))}
    for part in ("title", "rulebook_text", "outcome"):
        rec[part] = {lang: getattr(example, part)(lang) for lang in LANGS}
    rec["notes"] = {lang: [example.step_note(k, lang) for k in range(len(example.steps))]
                    for lang in LANGS}
    try:
        states = example.play()
        final = states[-1]
        rec["texts"] = {lang: [step_texts(s, lang, True) for s in states] for lang in LANGS}
        rec["result"] = {"scores": list(final.scores), "winners": list(final.winners),
                         "phase": final.phase, "over": final.is_over,
                         "state": sha(final.to_dict())}
    except Exception as e:
        rec["error"] = f"{type(e).__name__}: {e}"
    return rec


def task_examples(outdir: Path) -> dict[str, Any]:
    records = []
    for name in icecream.list_games():
        for eid, example in get_game(name).examples().items():
            records.append(example_record(name, eid, example))
    write_jsonl(outdir / "examples.jsonl.gz", records)
    return {"records": len(records)}


def task_quiz(outdir: Path) -> dict[str, Any]:
    from icecream.teach.quiz import make_quiz

    records = []
    for name in icecream.list_games():
        for lang in LANGS:
            for seed in QUIZ_SEEDS:
                key = {"game": name, "lang": lang, "seed": seed}
                try:
                    quiz = make_quiz(name, count=QUIZ_COUNT, seed=seed, lang=lang)
                except Exception as e:
                    records.append({**key, "index": 0, "error": f"{type(e).__name__}: {e}"})
                    continue
                for k, q in enumerate(quiz):
                    records.append(plain({
                        **key, "index": k, "kind": q.kind, "prompt": q.prompt,
                        "instruction": q.instruction, "seat": q.seat, "multiple": q.multiple,
                        "action": q.action, "state": sha(q.state.to_dict()),
                        "choices": [{"label": c.label, "correct": c.correct, "why": c.why,
                                     "rule": c.rule, "value": c.value} for c in q.choices],
                    }))
    write_jsonl(outdir / "quiz.jsonl.gz", records)
    return {"records": len(records)}


def run_task(task: tuple) -> tuple[tuple, dict[str, Any], float]:
    t0 = time.time()
    kind, args = task[0], task[1:]
    fn = {"games": task_games, "svg": task_svg, "examples": task_examples,
          "quiz": task_quiz}[kind]
    return task, fn(*args), time.time() - t0


def git_info() -> dict[str, Any]:
    root = Path(icecream.__file__).resolve().parent.parent

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                                  check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""

    return {"commit": git("rev-parse", "HEAD"),
            "dirty_icecream": bool(git("status", "--porcelain", "--", "icecream")),
            "package": str(Path(icecream.__file__).resolve().parent)}


def task_path(outdir: Path, task: tuple) -> Path | None:
    """The file a task writes (``None`` for games: their seeds are checked one by one)."""
    kind = task[0]
    if kind == "svg":
        return outdir / "svg" / f"{task[2]}-{task[3]}.jsonl.gz"
    if kind in ("examples", "quiz"):
        return outdir / f"{kind}.jsonl.gz"
    return None


def recorded_games(outdir: Path) -> set[tuple[str, int, int]]:
    return set(load_games(outdir)) if (outdir / "games").is_dir() else set()


def record(outdir: Path, games: int, workers: int, all_seat_texts: bool,
           resume: bool) -> int:
    if outdir.exists() and any(outdir.iterdir()) and not resume:
        print(f"{outdir} exists and is not empty; choose a new directory or --resume",
              file=sys.stderr)
        return 2
    outdir.mkdir(parents=True, exist_ok=True)
    print(f"recording {icecream.__file__}", flush=True)
    t0 = time.time()
    done_games = recorded_games(outdir)
    meta_path = outdir / "meta.json"
    meta = json.loads(meta_path.read_text("utf-8")) if resume and meta_path.exists() else {}
    # The quick parts and the games kept in full first, Gelato Mio's long games last, a
    # few seeds at a time and every player count alike, so a run stopped early (and
    # resumed) covers all counts evenly.
    tasks: list[tuple] = [("examples", outdir), ("quiz", outdir)]
    slow: list[tuple] = []
    for name in icecream.list_games():
        spec = get_game(name)
        size = CHUNKS.get(name, 25)
        for start in range(0, games, size):
            for n in range(spec.max_players, spec.min_players - 1, -1):
                seeds = tuple(i for i in range(start, min(start + size, games))
                              if (name, n, i) not in done_games)
                if seeds:
                    task = ("games", outdir, name, n, seeds, all_seat_texts)
                    (slow if name in CHUNKS else tasks).append(task)
        tasks += [("svg", outdir, name, seed) for seed in SVG_SEEDS]
    first = [t for t in tasks + slow if t[0] != "games" or t[4][0] < FULL_GAMES]
    tasks = first + [t for t in tasks + slow if t not in first]
    if resume:
        tasks = [t for t in tasks if not ((p := task_path(outdir, t)) and p.exists())]
    parts: dict[str, dict[str, float]] = meta.get("worker_seconds", {})
    counts: dict[str, int] = meta.get("records_written", {})
    runs: list[dict] = meta.get("runs", [])
    runs.append({"started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                 "workers": workers, "tasks": len(tasks), "seconds": 0})

    def write_meta() -> None:
        runs[-1]["seconds"] = round(time.time() - t0, 1)
        meta.update({
            **git_info(), "python": sys.version.split()[0],
            "options": {"games": games, "all_seat_texts": all_seat_texts,
                        "max_steps": MAX_STEPS, "full_games": FULL_GAMES,
                        "seat_text_limits": {} if all_seat_texts else SEAT_TEXT_LIMITS,
                        "svg": {"seeds": SVG_SEEDS, "players": SVG_PLAYERS,
                                "every": SVG_EVERY},
                        "quiz": {"seeds": QUIZ_SEEDS, "count": QUIZ_COUNT}},
            "records_written": counts, "runs": runs,
            "seconds": round(sum(r["seconds"] for r in runs), 1), "worker_seconds": parts,
        })
        tmp = meta_path.with_name("meta.json.tmp")
        tmp.write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        tmp.replace(meta_path)

    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        for done, (task, result, secs) in enumerate(pool.imap_unordered(run_task, tasks), 1):
            kind = task[0]
            label = f"games {task[2]} {task[3]}p" if kind == "games" else \
                f"svg {task[2]}" if kind == "svg" else kind
            part = parts.setdefault(label, {"seconds": 0.0, "records": 0})
            part["seconds"] = round(part["seconds"] + secs, 1)
            part["records"] += result["records"]
            counts[kind] = counts.get(kind, 0) + result["records"]
            counts["capped_games"] = counts.get("capped_games", 0) + result.get("capped", 0)
            seeds = f" seeds {task[4][0]}-{task[4][-1]}" if kind == "games" else ""
            print(f"[{time.time() - t0:7.1f}s] {done}/{len(tasks)} {label}{seeds} "
                  f"({secs:.1f}s)", flush=True)
            write_meta()
    write_meta()
    print(json.dumps({k: meta[k] for k in ("commit", "records_written", "seconds")}))
    return 0


# -- comparing ----------------------------------------------------------------------------
def clip(value: Any, width: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[:width] + f"... ({len(text)} chars)"


def first_diff(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The path of the first place where ``a`` and ``b`` differ, and the two values."""
    if type(a) is not type(b):
        return path or "/", a, b
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}/{k}", a.get(k, "<missing>"), b.get(k, "<missing>")
            d = first_diff(a[k], b[k], f"{path}/{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        for k, (x, y) in enumerate(zip(a, b, strict=False)):
            d = first_diff(x, y, f"{path}[{k}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{path} (length)", len(a), len(b)
        return None
    return None if a == b else (path or "/", a, b)


def text_diff(a: str, b: str, around: int = 80) -> str:
    k = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
             min(len(a), len(b)))
    lo = max(0, k - around)
    return (f"at char {k}:\n      A: ...{a[lo:k + around]!r}\n"
            f"      B: ...{b[lo:k + around]!r}")


def reader(index: int) -> str:
    return "teacher" if index == 0 else f"seat {index - 1}"


def explain_game(cat: str, a: dict, b: dict) -> str:
    """Where a game record's category differs, as precisely as the two records allow."""
    fa, fb = a.get("full"), b.get("full")
    if fa and fb:
        x, y = fa[cat], fb[cat]
        if cat == "actions":
            for k, (u, v) in enumerate(zip(x, y, strict=False)):
                if u != v:
                    return f"step {k + 1}: action A {clip(u)} / B {clip(v)}"
            return f"A has {len(x)} actions, B {len(y)}"
        if cat.startswith("texts"):
            for k, (u, v) in enumerate(zip(x, y, strict=False)):
                if u != v:
                    who = next((r for r in range(max(len(u), len(v)))
                                if (u[r:r + 1] or [None]) != (v[r:r + 1] or [None])), 0)
                    return (f"step {k} ({reader(who)}):\n      A: {clip(u[who:who + 1])}\n"
                            f"      B: {clip(v[who:who + 1])}")
            return f"A has {len(x)} steps, B {len(y)}"
        d = first_diff(x, y)
        return f"{d[0]}: A {clip(d[1])} / B {clip(d[2])}" if d else "?"
    if a["seat_texts"] != b["seat_texts"] and cat.startswith("texts"):
        return "recorded with and without seats' texts (different --all-seat-texts)"
    if cat in a["blocks"]:
        ba, bb = a["blocks"][cat], b["blocks"][cat]
        k = next((i for i, (u, v) in enumerate(zip(ba, bb, strict=False)) if u != v),
                 min(len(ba), len(bb)))
        unit = "actions" if cat == "actions" else "states (step 0 = new game)"
        return (f"first difference within {unit} {k * BLOCK}..{(k + 1) * BLOCK - 1} "
                f"(A {a['steps']} steps, B {b['steps']})")
    return f"steps A {a['steps']} / B {b['steps']}"


def load_games(outdir: Path) -> dict[tuple, dict]:
    out = {}
    for path in sorted((outdir / "games").rglob("*.jsonl.gz")):
        for r in read_jsonl(path):
            out[(r["game"], r["players"], r["seed"])] = r
    return out


def load_keyed(path: Path, fields: tuple[str, ...]) -> dict[tuple, dict]:
    out: dict[tuple, dict] = {}
    paths = sorted(path.glob("*.jsonl.gz")) if path.is_dir() else [path]
    for p in paths:
        if p.exists():
            for r in read_jsonl(p):
                out[tuple(r[f] for f in fields)] = r
    return out


class Tally:
    def __init__(self, name: str) -> None:
        self.name, self.compared, self.matched, self.diffs = name, 0, 0, []

    def add(self, same: bool, explain: Any) -> None:
        self.compared += 1
        if same:
            self.matched += 1
        elif len(self.diffs) < SHOW:
            self.diffs.append(explain())
        else:
            self.diffs.append(None)

    def report(self, only_a: int, only_b: int) -> None:
        extra = f"; only in A {only_a}, only in B {only_b}" if only_a or only_b else ""
        print(f"{self.name}: {self.matched}/{self.compared} match{extra}")
        for d in [d for d in self.diffs if d is not None]:
            print(f"  - {d}")
        more = sum(d is None for d in self.diffs)
        if more:
            print(f"  ... and {more} more")


def compare(dir_a: Path, dir_b: Path) -> int:
    ok = True
    total = 0
    ga, gb = load_games(dir_a), load_games(dir_b)
    common = sorted(set(ga) & set(gb))
    for cat in GAME_CATEGORIES:
        tally = Tally(f"games.{cat}")
        for key in common:
            a, b = ga[key], gb[key]
            tally.add(a["digests"][cat] == b["digests"][cat],
                      lambda a=a, b=b, key=key, cat=cat:
                      f"{key[0]} {key[1]}p seed {key[2]}: {explain_game(cat, a, b)}")
        tally.report(len(set(ga) - set(gb)), len(set(gb) - set(ga)))
        ok &= tally.matched == tally.compared
        total += tally.compared

    def keyed(name: str, path: str, fields: tuple[str, ...], value: str | None) -> None:
        nonlocal ok, total
        ra, rb = load_keyed(dir_a / path, fields), load_keyed(dir_b / path, fields)
        tally = Tally(name)
        for key in sorted(set(ra) & set(rb), key=repr):
            a, b = ra[key], rb[key]
            if value:  # digest records (SVG): show the text where both have it
                def explain(a=a, b=b, key=key) -> str:
                    head = ", ".join(f"{f} {k}" for f, k in zip(fields, key, strict=True))
                    if value in a and value in b:
                        return f"{head}: {text_diff(a[value], b[value])}"
                    return f"{head}: digests differ (full SVG not kept for this step)"
                tally.add(a["digest"] == b["digest"], explain)
            else:
                def explain(a=a, b=b, key=key) -> str:
                    head = ", ".join(f"{f} {k}" for f, k in zip(fields, key, strict=True))
                    path_, x, y = first_diff(a, b) or ("?", None, None)
                    if isinstance(x, str) and isinstance(y, str):
                        return f"{head}: {path_}\n      A: {clip(x)}\n      B: {clip(y)}"
                    return f"{head}: {path_}: A {clip(x)} / B {clip(y)}"
                tally.add(a == b, explain)
        tally.report(len(set(ra) - set(rb)), len(set(rb) - set(ra)))
        ok &= tally.matched == tally.compared
        total += tally.compared

    keyed("examples", "examples.jsonl.gz", ("game", "id"), None)
    keyed("svg", "svg", ("game", "seed", "step", "seat", "lang"), "svg")
    keyed("quiz", "quiz.jsonl.gz", ("game", "lang", "seed", "index"), None)
    print(f"games compared: {len(common)} (A {len(ga)}, B {len(gb)}); records compared "
          f"in all categories: {total}")
    if total == 0:
        print("nothing compared: are these recordings?")
        return 1
    print("IDENTICAL" if ok else "DIFFERENT")
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    rec = sub.add_parser("record", help="record golden outputs into OUTDIR")
    rec.add_argument("outdir", type=Path)
    rec.add_argument("--games", type=int, default=300, help="games per player count")
    rec.add_argument("--workers", type=int, default=2)
    rec.add_argument("--all-seat-texts", action="store_true",
                     help="record every seat's texts in every Gelato Mio game too")
    rec.add_argument("--resume", action="store_true",
                     help="add what is missing to an earlier (stopped) recording in OUTDIR")
    cmp_ = sub.add_parser("compare", help="compare two recordings")
    cmp_.add_argument("dir_a", type=Path)
    cmp_.add_argument("dir_b", type=Path)
    args = parser.parse_args(argv)
    if args.mode == "record":
        return record(args.outdir, args.games, args.workers, args.all_seat_texts,
                      args.resume)
    return compare(args.dir_a, args.dir_b)


if __name__ == "__main__":
    sys.exit(main())
