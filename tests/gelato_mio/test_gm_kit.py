"""Gelato Mio on the game kit: settings, state fields and phases declared once, one check
per action kind, a labelled fast legal path proved equal to the checks, no import cycle."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import icecream
from icecream.core.conformance import check_legal_paths
from icecream.core.errors import IllegalAction, SettingsError
from icecream.core.fields import saved_names
from icecream.core.scenario import COMMON_FIELDS
from icecream.games.gelato_mio import GAME, KIT, GelatoMioState
from icecream.games.gelato_mio.scenario import SCENARIO_FIELDS
from icecream.games.gelato_mio.state import FIELDS, PHASES

from .conftest import scenario


def test_gm_settings_come_from_the_kit():
    assert GAME.settings_form == KIT.form()
    assert [f.name for f in GAME.settings_form] == ["ruleset", "first_player", "refill", "flood"]
    assert GAME.setting_rules == {"first_player": "GM-1", "refill": "GM-4", "flood": "GM-4",
                                  "customers": "GM-3"}
    s = KIT.make(3, "review", {"first_player": 2})
    assert (s.refill, s.first_player, s.players) == ("every_spot", 2, 3)
    assert type(s).__module__ == "icecream.games.gelato_mio.settings"


@pytest.mark.parametrize("name", ["cls", "players", "ruleset_x"])
def test_gm_a_setting_named_like_a_parameter_is_refused_as_unknown(name):
    with pytest.raises(SettingsError, match="unknown Gelato Mio setting"):
        KIT.make(2, None, {name: 1})
    with pytest.raises(SettingsError, match="unknown Gelato Mio setting"):
        icecream.new_game("gelato-mio", players=2, **{"cls": 1})


def test_gm_scenario_fields_are_the_state_fields_and_the_common_ones():
    assert SCENARIO_FIELDS == set(COMMON_FIELDS) | set(saved_names(FIELDS))
    s = icecream.new_game("gelato-mio", players=3, seed=4)
    data = s.to_dict()
    assert set(data) <= SCENARIO_FIELDS
    assert set(saved_names(FIELDS)) - {"settings"} <= set(data)
    back = icecream.load_state(data)
    assert back.to_dict() == data
    titled = scenario(title="A rigged display", description="For the take example.")
    assert titled.display[0] >= 0


def test_gm_clone_copies_what_play_changes():
    s = scenario(hands=[["sugar", "sugar", "cream"], ["cone"]],
                 quality_control=None)
    c = s.clone()
    c.hands[0][0] += 1
    c.display[0] = -1
    c.deck.pop()
    assert s.hands[0][0] == 2 and s.display[0] >= 0 and len(s.deck) == len(c.deck) + 1
    assert c._legal is None and c.settings is s.settings


def test_gm_phases_are_data_with_one_check_per_kind():
    kinds = {k for p in PHASES for k in p.kinds}
    assert kinds == set(GAME.action_kinds)
    for k in kinds:
        assert callable(getattr(GelatoMioState, f"check_{k}"))
    assert [p.name for p in PHASES] == ["play", "quality_control", "last_round", "over"]
    assert not any(name.startswith("_why") for name in vars(GelatoMioState))


def _states(players: int, seed: int, steps: int, **variant):
    s = icecream.new_game("gelato-mio", players=players, seed=seed, **variant)
    rng = random.Random(seed)
    for _ in range(steps):
        yield s
        if s.is_over:
            return
        s = s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("players,variant", [
    (2, {}), (3, {"ruleset": "review"}), (4, {"flood": True}),
])
def test_gm_fast_legal_path_equals_the_checks(players, variant):
    phases = set()
    for s in _states(players, 11, 1500, **variant):
        check_legal_paths(s)
        phases.add(s.phase)
        opts = s.options()
        assert [o.action for o in opts if o.allowed] == list(s.legal_actions())
    assert "play" in phases


def test_gm_fast_legal_path_in_quality_control_and_when_stuck():
    qc = scenario(hands=[["sugar"] * 4 + ["strawberry"] * 4, []],
                  display=[["qc_hand", "cream", "wafer"], ["bowl", "cone", "vanilla"],
                           ["cream", "wafer", "sugar"]],
                  quality_control={"card": "qc_hand", "spot": [0, 0], "pending": [[0, 4]]})
    assert qc.phase == "quality_control"
    check_legal_paths(qc)
    assert qc.why_not({"type": "take", "row": 0, "col": 1}).rule == "GM-5"
    # Nothing else allowed: an empty display, one card in hand, the colleague's hand empty.
    stuck = scenario(hands=[["cone"], []], display=[[None] * 3] * 3)
    check_legal_paths(stuck)
    assert [a.type for a in stuck.legal_actions()] == ["pass"]
    assert stuck.options()[-1].allowed and stuck.options()[-1].action.type == "pass"


def test_gm_a_forbidden_action_equal_to_no_legal_one_is_refused_by_its_check():
    s = scenario(display=[[None] * 3] * 3)
    with pytest.raises(IllegalAction) as e:
        s.apply({"type": "take", "row": 0, "col": 0})
    assert e.value.rule == "GM-4"


def test_gm_package_has_no_import_cycle():
    folder = Path(icecream.games.gelato_mio.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):  # lazy imports too
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                deps.add(node.module.split(".")[0])
        graph[path.stem] = deps - {"__init__"}
    graph.pop("__init__")
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle {' -> '.join(path + (m,))}"
        if m in done:
            return
        for d in graph.get(m, ()):
            visit(d, path + (m,))
        done.add(m)

    for m in graph:
        visit(m, ())


def test_gm_settings_form_has_words_in_every_language():
    from icecream.core.messages import t

    for lang in ("en", "nl"):
        for f in GAME.settings_form:
            assert t(f"setting.gelato-mio.{f.name}", lang)
            for c in f.choices:
                assert t(f"setting.gelato-mio.{f.name}.{c}", lang)
