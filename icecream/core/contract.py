"""The contract a game meets, checked in one place: ``python -m icecream check GAME`` and
:func:`check` (the generic tests call it) list everything a registered game lacks or gets
wrong, one :class:`Finding` a line, each with its fix.

The parts are :data:`PARTS`: each says whether it is required and, for an optional one,
what the pages do without it (they switch that feature off with a sentence, never a
``KeyError``). What is checked:

* **hooks**: the required :class:`~icecream.core.protocol.GameSpec` fields and hooks, a
  new game for the smallest and largest table, the step limit, the rollout bot;
* **catalog**: every key the generic layers look up, in every language: rule titles and
  texts, ``rule.<id>.settings`` naming each setting, ``setting.<game>.<name>[.<choice>]``
  and ``.ruleset.<r>``, ``<prefix>phase.<phase>``, ``teach.action.<game>.<type>``,
  ``<prefix>preset.<name>``, lesson keys ``teach.<game>.goal|component.*|round.*|term.*|
  define.*``, flavour words, metric names, quiz kind names, example texts, tutorial title,
  intro and done; then the texts of positions met in play (events and their
  ``<event>.teacher`` form, reasons, neutral action labels, the round label) rendered in
  every language, so a key built at run time is found too;
* **scenario**: every position met in play saves and loads as itself, older format
  versions included (``GameSpec.older_formats``); every example plays;
* **determinizer**: ``determinizer(view).sample(rng).view(seat) == view``;
* **policies**: each policy picks a legal action from a seat's view;
* **layers**: the game's package imports only ``icecream.core`` and itself.

>>> from icecream.core.protocol import default_game
>>> [str(f) for f in check(default_game(), positions=4)]
[]
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import random
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import IcecreamError
from .messages import catalog, languages, t
from .protocol import Action, GameSpec, State, get_game, load_state, spec_problems
from .questions import action_label, game_key

#: A form label's closing rule id, " (IC-10)": not part of the words a note names.
_RULE_ID_SUFFIX = re.compile(r" \([A-Z]+-\d+\)$")


@dataclass(frozen=True)
class Finding:
    """One thing a game lacks or gets wrong: the part of the contract, the problem and
    its fix, printed on one line."""

    part: str
    problem: str
    fix: str

    def __str__(self) -> str:
        return f"{self.part}: {self.problem}; fix: {self.fix}"


@dataclass(frozen=True)
class Part:
    """A part of the contract: ``required``, or optional with what is off without it."""

    name: str
    required: bool
    what: str
    without: str = ""


#: The contract, part by part (docs/protocol.md lists the same table).
PARTS: tuple[Part, ...] = (
    Part("spec", True, "name, title, player range, action kinds, rule book, new_state, "
         "from_dict, from_scenario, rulesets, examples (a function, may return none)"),
    Part("state", True, "the State protocol: current_player, phase, is_over, scores, "
         "winners, events, legal_actions, why_not (one check per action kind), apply, "
         "apply_in_place, clone, view(seat), to_dict, setup_args"),
    Part("catalog", True, "catalog_package with the game's words in every language "
         "(rule titles and texts, settings, phases, actions, presets, lesson, events)"),
    Part("determinizer", True, "determinizer(view).sample(rng) -> a whole position that "
         "agrees with the view (search bots, hints, what-ifs)"),
    Part("step_limit", True, "random play ends within GameSpec.step_limit actions"),
    Part("render_svg", False, "the table as SVG",
         "the table is drawn plainly: its options as buttons"),
    Part("policies", False, "greedy and heuristic policies",
         "no greedy or heuristic bot: random and ismcts only; rollouts play random"),
    Part("examples", False, "rulebook examples (examples/*.json)",
         "the examples page and the what-if position tab say the game has none"),
    Part("tutorials", False, "guided first games (tutorial_package/tutorials/*.json)",
         "the tutorial page offers no tutorial for the game"),
    Part("presets", False, "named what-if settings",
         "the ruleset comparison offers one preset per ruleset and settings choice "
         "(labelled <prefix>preset.<name>; with no ruleset it says there is nothing to "
         "compare)"),
    Part("metrics", False, "the game's own design metrics", "generic metrics only"),
    Part("quiz_kinds", False, "the game's own quiz questions", "generic questions only"),
    Part("older_formats", False, "older scenario format versions still read",
         "only the current format version loads"),
    Part("unit", False, "the unit scores are counted in: <prefix>unit, a plural entry in "
         "every language (e.g. coin/coins)",
         "what-ifs and hints call scores points"),
)

#: Positions of random play whose texts, saves and views are checked.
POSITIONS = 24


def check(name: str, positions: int = POSITIONS, seed: int = 0) -> list[Finding]:
    """Everything the registered game ``name`` lacks or gets wrong (empty: it meets the
    contract). Raises :class:`UnknownGame` for a name that is not registered."""
    spec = get_game(name)
    out: list[Finding] = []
    out += _spec(spec)
    if any(f.part == "spec" for f in out):
        return out  # without a working new game nothing else can be tried
    states = _play(spec, positions, seed, out)
    out += _catalog(spec, states)
    for state in states:
        out += _texts(spec, state)
        out += _scenario(spec, state)
        out += _determinizer(spec, state, seed)
        out += _policies(spec, state, seed)
    out += _refusals(spec)
    out += _examples(spec)
    out += _layers(spec)
    return list(dict.fromkeys(out))  # each finding once, in the order found


def absent_parts(name: str) -> list[Part]:
    """The optional parts game ``name`` leaves out (each switches a feature off)."""
    spec = get_game(name)
    present = {
        "render_svg": spec.render_svg is not None,
        "policies": bool(spec.policies),
        "examples": bool(spec.examples()),
        "tutorials": bool(_tutorial_files(spec)),
        "presets": bool(spec.presets),
        "metrics": bool(spec.metrics),
        "quiz_kinds": bool(spec.quiz_kinds),
        "older_formats": bool(spec.older_formats),
        "unit": bool(spec.catalog_prefix) and all(
            spec.catalog_key("unit") in catalog(lang) for lang in languages()),
    }
    return [p for p in PARTS if not p.required and not present.get(p.name, True)]


# -- the spec and its hooks ----------------------------------------------------------------
def _spec(spec: GameSpec) -> list[Finding]:
    out = []

    def need(ok: bool, problem: str, fix: str, part: str = "spec") -> None:
        if not ok:
            out.append(Finding(part, problem, fix))

    out += [Finding("spec", problem, fix) for problem, fix in spec_problems(spec)]
    if out:
        return out
    need(spec.determinizer is not None, "no determinizer", "give GameSpec.determinizer: "
         "view -> object whose sample(rng) returns a whole position agreeing with the view",
         "determinizer")
    need(bool(spec.catalog_package), "no catalog_package", "give GameSpec.catalog_package "
         "(the package holding <lang>/*.json with the game's words)", "catalog")
    bots = {"random", "ismcts", *spec.policies}
    need(spec.rollout_policy in bots, f"rollout_policy {spec.rollout_policy!r} is not one of "
         f"its bots {sorted(bots)}", "name random or one of GameSpec.policies", "policies")
    for players in sorted({spec.min_players, spec.max_players}):
        try:
            state = spec.new_state(players=players, seed=1)
            need(isinstance(state, State) and state.num_players == players,
                 f"new_state(players={players}) did not make a {players}-player State",
                 "return the game's State")
            need(state.game is spec, "a state's game is not its GameSpec",
                 "let the registration set the state class's game (kit_game does)")
        except Exception as e:
            out.append(Finding("spec", f"new_state(players={players}, seed=1) raised "
                               f"{_one_line(e)}", "make new_state work for every count"))
    return out


def _play(spec: GameSpec, positions: int, seed: int, out: list[Finding]) -> list[State]:
    """Positions met in random play (both ends of the player range), each game checked
    to end within the step limit; findings go to ``out``."""
    states: list[State] = []
    rng = random.Random(f"contract/{spec.name}/{seed}")
    counts = sorted({spec.min_players, spec.max_players})
    per_game = max(2, positions // len(counts))
    for players in counts:
        s = spec.new_state(players=players, seed=rng.randrange(1000))
        seen: list[State] = [s]
        try:
            for _ in range(spec.step_limit):
                if s.is_over:
                    break
                legal = s.legal_actions()
                if not legal:
                    out.append(Finding("state", f"a {s.phase!r} position that is not over has "
                                       "no legal action", "end the game or offer an action"))
                    break
                action = rng.choice(legal)
                s = s.apply(action)
                seen.append(s)
        except Exception as e:
            out.append(Finding("state", f"playing {action} in a {s.phase!r} position raised "
                               f"{_one_line(e)}", "make every legal action apply"))
            states += seen
            continue
        if not s.is_over:
            out.append(Finding("step_limit", f"a random {players}-player game did not end in "
                               f"{spec.step_limit} actions",
                               "raise GameSpec.step_limit or make the game end"))
        step = max(1, len(seen) // per_game)
        states += seen[::step][:per_game - 1] + [seen[-1]]
    return states


# -- words -----------------------------------------------------------------------------------
_MISSING = re.compile(r"catalog '([^']+)' has no message '([^']+)'")


def _missing(spec: GameSpec, key: str, lang: str, why: str) -> Finding:
    return Finding("catalog", f"{lang}: no {key!r} ({why})",
                   f"add {key!r} to {spec.catalog_package or 'the catalog package'}/{lang}/"
                   "*.json")


def _keys_needed(spec: GameSpec) -> list[tuple[str, str]]:
    """(key, why) every language's catalog must have for ``spec``, known without play."""
    g, gk = spec.name, game_key(spec)
    out: list[tuple[str, str]] = []
    for rid in spec.rules:
        out += [(f"rule.{rid}.title", "rule title"), (f"rule.{rid}.text", "rule text")]
    for f in spec.settings_form:
        out.append((f"setting.{g}.{f.name}", "new-game form label"))
        out += [(f"setting.{g}.{f.name}.{c}", "new-game form choice") for c in f.choices]
    out += [(f"setting.{g}.ruleset.{r}", "ruleset name") for r in spec.rulesets]
    out += [(f"teach.action.{gk}.{kind}", "neutral action label (quiz, hints)")
            for kind in spec.action_kinds]
    out += [(spec.catalog_key(f"preset.{name}", "explore"), "what-if preset label")
            for name in spec.what_if_presets()]
    out += [(f"{m.text_key}.{part}", "metric") for m in spec.metrics
            for part in ("name", "description")]
    out += [(f"teach.quiz.kind.{kind}", "quiz question kind") for kind in spec.quiz_kinds]
    out.append((f"teach.{gk}.goal", "the lesson's first line"))
    for phase in _phases(spec):
        out.append((spec.catalog_key(f"phase.{phase}"), "phase name on the table"))
    for tid, data in _tutorial_files(spec).items():
        out += [(f"tutorial.{tid}.{part}", "tutorial") for part in ("title", "intro", "done")]
        for step in data.get("steps", []) if isinstance(data, dict) else []:
            out += [(step[k], "tutorial step") for k in ("text", "also")
                    if isinstance(step, dict) and isinstance(step.get(k), str)]
    return out


def _phases(spec: GameSpec) -> list[str]:
    """The phases a game declares (a kit state's ``PHASES``)."""
    state = spec.new_state(players=spec.min_players, seed=1)
    return [p.name for p in getattr(type(state), "PHASES", ())]


def _catalog(spec: GameSpec, states: list[State]) -> list[Finding]:
    out = []
    needed = _keys_needed(spec)
    for state in states:  # phases met in play too (``over`` among them)
        needed.append((spec.catalog_key(f"phase.{state.phase}"), "phase name on the table"))
    for lang in languages():
        words = catalog(lang)
        out += [_missing(spec, key, lang, why) for key, why in dict(needed).items()
                if key not in words]
        gk = game_key(spec)
        for part in ("component", "round"):
            if not any(k.startswith(f"teach.{gk}.{part}.") for k in words):
                out.append(_missing(spec, f"teach.{gk}.{part}.1", lang, f"lesson: {part}s"))
        for key in [k for k in words if k.startswith(f"teach.{gk}.term.")]:
            define = f"teach.{gk}.define.{key.rsplit('.', 1)[1]}"
            if define not in words:
                out.append(_missing(spec, define, lang, f"the meaning of {key}"))
        for code in spec.flavour_codes:
            if f"flavour.{code}" not in words and f"{gk}.flavour.{code}" not in words:
                out.append(_missing(spec, f"flavour.{code}", lang, "flavour word"))
        for name, rid in spec.setting_rules.items():
            if name == "players" or rid not in spec.rules:
                continue
            note = spec.rules[rid].settings_note(lang)
            # Named as the new-game form shows it in that language (no code names in a
            # sentence); a setting the form does not label keeps its code name.
            label_key = f"setting.{spec.name}.{name}"
            label = (_RULE_ID_SUFFIX.sub("", t(label_key, lang)) if label_key in words
                     else name)
            if label not in note:
                key = f"rule.{rid}.settings"
                out.append(Finding("catalog", f"{lang}: {key!r} does not name the setting "
                                   f"{label!r} ({name})", f"say in {key!r} what {label!r} "
                                   "sets, in the form's words (rule texts are for players; "
                                   "settings notes for who sets a game up)"))
    return out


def _texts(spec: GameSpec, state: State) -> list[Finding]:
    """Render what the generic layers show of ``state`` in every language; a missing key
    becomes a finding naming it."""
    out = []
    seats: list[int | None] = [None, *range(state.num_players)]
    for lang in languages():
        jobs: list[tuple[str, Callable[[], Any]]] = [
            (f"events as seat {seat}", lambda s=seat, la=lang: state.event_texts(s, la))
            for seat in seats]
        if not state.is_over:
            for opt in state.options()[:12]:
                jobs.append((f"reason for {opt.action}",
                             lambda o=opt, la=lang: o.reason.text(la, state.names,
                                                                  spec.flavour_codes)))
                jobs.append((f"neutral label of {opt.action}",
                             lambda o=opt, la=lang: action_label(state, o.action, la)))
        if hasattr(state, spec.round_attr):
            jobs.append(("round label", lambda la=lang: t(spec.round_label, la,
                                                          n=getattr(state, spec.round_attr))))
        if spec.render_svg is not None:
            jobs += [(f"table as seat {seat}", lambda s=seat, la=lang: spec.render_svg(
                state, s, la)) for seat in (None, state.current_player)]
        for what, job in jobs:
            try:
                job()
            except KeyError as e:
                m = _MISSING.search(str(e))
                if m:
                    out.append(_missing(spec, m.group(2), m.group(1), what))
                else:
                    out.append(Finding("catalog", f"{lang}: {what} raised KeyError {e}",
                                       "give every message parameter a word (a code needs "
                                       "its catalog entry, a flavour index its game's "
                                       "flavour_codes)"))
            except Exception as e:
                out.append(Finding("state", f"{what} ({lang}) raised {_one_line(e)}",
                                   "fix the game's text or drawing"))
    return out


# -- scenarios, views, bots -----------------------------------------------------------------
def _scenario(spec: GameSpec, state: State) -> list[Finding]:
    out = []
    try:
        data = state.to_dict()
        again = spec.from_scenario(json.loads(json.dumps(data)))
        if again.to_dict() != data:
            out.append(Finding("scenario", f"a {state.phase!r} position does not load back as "
                               "itself", "save every field the position has (save= hook) "
                               "and read each back in from_scenario"))
        if load_state(json.dumps(data)).to_dict() != data:
            out.append(Finding("scenario", "load_state of a save differs from the save",
                               "let from_dict read what to_dict writes"))
        for version, change in spec.older_formats.items():
            old = change.write(copy.deepcopy(data))
            old["format_version"] = version
            if spec.from_scenario(old).to_dict() != data:
                out.append(Finding("scenario", f"format version {version} written by its "
                                   "FormatChange does not load as the position",
                                   "make FormatChange.read undo FormatChange.write"))
    except IcecreamError as e:
        out.append(Finding("scenario", f"a saved {state.phase!r} position is refused: "
                           f"{_one_line(e)}", "accept every position play reaches"))
    except Exception as e:
        out.append(Finding("scenario", f"saving and loading a {state.phase!r} position raised "
                           f"{_one_line(e)}", "check from_scenario against to_dict"))
    return out


#: Scenarios every loader refuses with one ScenarioError line (what each one tests).
HOSTILE = (
    ({"settings": {"players": 3}}, "players given as a setting"),
    ({"settings": {"no_such_setting": 1}}, "an unknown setting"),
    ({"settings": {"ruleset": "no_such_ruleset"}}, "an unknown ruleset"),
    ({"no_such_field": 1}, "an unknown field"),
    ({"format_version": 999}, "a format version that never was"),
    ({"players": "many"}, "players that are not a count or names"),
)


def _refusals(spec: GameSpec) -> list[Finding]:
    from .errors import ScenarioError

    out = []
    for extra, what in HOSTILE:
        data = {"game": spec.name, "players": spec.min_players, **extra}
        try:
            spec.from_scenario(data)
        except ScenarioError as e:
            if "\n" in str(e):
                out.append(Finding("scenario", f"{what} is refused on more than one line",
                                   "one line naming the field"))
            continue
        except Exception as e:
            out.append(Finding("scenario", f"{what} raised {_one_line(e)}, not a "
                               "ScenarioError", "read the settings with core.scenario."
                               "scenario_settings and the fields with its readers"))
            continue
        out.append(Finding("scenario", f"{what} ({extra}) is accepted",
                           "refuse it with a ScenarioError naming the field"))
    return out


def _determinizer(spec: GameSpec, state: State, seed: int) -> list[Finding]:
    if spec.determinizer is None or state.is_over:
        return []
    seat = state.current_player
    try:
        view = state.view(seat)
        sample = spec.determinizer(view).sample(random.Random(seed))
        if sample.view(seat) != view:
            return [Finding("determinizer", f"a sample of seat {seat}'s view in phase "
                            f"{state.phase!r} is seen differently by that seat",
                            "deal only what the seat cannot see; copy everything it sees "
                            "(determinizer(view).sample(rng).view(seat) == view)")]
    except Exception as e:
        return [Finding("determinizer", f"sampling seat {seat}'s view raised {_one_line(e)}",
                        "make sample(rng) build a whole position from the view")]
    return []


def _policies(spec: GameSpec, state: State, seed: int) -> list[Finding]:
    if state.is_over:
        return []
    out = []
    seat = state.current_player
    legal = [a.to_dict() for a in state.legal_actions()]
    for name, factory in spec.policies.items():
        try:
            chosen = factory(random.Random(seed)).choose(state.view(seat))
            plain = chosen.to_dict() if isinstance(chosen, Action) else dict(chosen)
            if spec.parse_action(plain).to_dict() not in legal:
                out.append(Finding("policies", f"policy {name!r} chose {plain}, which is not "
                                   f"legal in phase {state.phase!r}",
                                   "choose among the view's legal_actions"))
        except Exception as e:
            out.append(Finding("policies", f"policy {name!r} raised {_one_line(e)}",
                               "make policy(rng).choose(view) return a legal plain action"))
    return out


def _examples(spec: GameSpec) -> list[Finding]:
    out = []
    try:
        examples = spec.examples()
    except Exception as e:
        return [Finding("examples", f"examples() raised {_one_line(e)}",
                        "load the examples/*.json files the game names")]
    for eid, ex in examples.items():
        try:
            ex.play()
            for lang in languages():
                ex.title(lang), ex.rulebook_text(lang), ex.outcome(lang)
        except KeyError as e:
            m = _MISSING.search(str(e))
            out.append(_missing(spec, m.group(2), m.group(1), f"example {eid}") if m else
                       Finding("examples", f"example {eid} raised KeyError {e}",
                               "give the example its words"))
        except Exception as e:
            out.append(Finding("examples", f"example {eid} does not play: {_one_line(e)}",
                               "make its steps legal from its scenario"))
    return out


# -- files of the game's package ----------------------------------------------------------
def game_package(spec: GameSpec) -> str:
    """The package the game lives in (the one whose module defines its ``new_state``)."""
    name = spec.new_state.__module__
    return getattr(sys.modules.get(name), "__package__", None) or name


def _tutorial_files(spec: GameSpec) -> dict[str, Any]:
    """The game's tutorial files by id, as parsed (``{}`` without tutorials)."""
    if not spec.tutorial_package:
        return {}
    folder = resources.files(spec.tutorial_package).joinpath("tutorials")
    if not folder.is_dir():
        return {}
    out = {}
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.endswith(".json"):
            data = json.loads(path.read_text("utf-8"))
            out[data.get("id", path.name[:-5]) if isinstance(data, dict) else path.name] = data
    return out


def package_imports(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` (its files) and the ``icecream`` modules it imports,
    read from the source (imports inside functions too)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return {}
    root = Path(next(iter(spec.submodule_search_locations)))
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("").parts
        name = ".".join((package, *rel[:-1])) if rel[-1] == "__init__" else \
            ".".join((package, *rel))
        base = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = base.split(".")
                    mod = ".".join(parts[:len(parts) - node.level + 1] +
                                   ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                found.add(mod)
        out[name] = {m for m in found if m == "icecream" or m.startswith("icecream.")}
    return out


def _layers(spec: GameSpec) -> list[Finding]:
    return layer_findings(game_package(spec))


def layer_findings(package: str) -> list[Finding]:
    """A finding per import of a game package's modules that is neither ``icecream.core``
    nor the package itself (the layer rule every game keeps, plug-ins included)."""
    out = []
    for module, imports in package_imports(package).items():
        for dep in sorted(imports):
            own = dep == package or dep.startswith(package + ".")
            if not (own or dep.startswith("icecream.core")):
                out.append(Finding("layers", f"{module} imports {dep}",
                                   "a game imports only icecream.core and itself (bots, "
                                   "explore, teach and widgets serve it through the "
                                   "protocol)"))
    return out


def _one_line(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}".splitlines()[0] if str(e) else type(e).__name__
    return text[:200]


def check_all(names: Iterable[str]) -> dict[str, list[Finding]]:
    """:func:`check` of each game, by name."""
    return {name: check(name) for name in names}


__all__ = ["HOSTILE", "PARTS", "Finding", "Part", "absent_parts", "check", "check_all",
           "game_package", "layer_findings", "package_imports"]
