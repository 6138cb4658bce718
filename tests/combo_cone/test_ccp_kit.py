"""Combo Cone Paradise on the game kit (issue 18): settings declared once, state fields
declared once, one check per action kind with a labelled fast legal path proved equal to
the checks, and a package without import cycles."""

from __future__ import annotations

import ast
import pickle
import random
from pathlib import Path

import pytest

import icecream
from icecream.core.conformance import check_legal_paths
from icecream.core.errors import ScenarioError, SettingsError
from icecream.core.fields import saved_names
from icecream.games.combo_cone import GAME, load_scenario
from icecream.games.combo_cone.settings import KIT, Settings
from icecream.games.combo_cone.state import FIELDS, PHASES, ComboConeState

PACKAGE = Path(icecream.__file__).parent / "games" / "combo_cone"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ccp_fast_legal_path_equals_the_checks_at_every_decision(players):
    for seed in range(2):
        s = icecream.new_game("combo-cone", players=players, seed=seed,
                              ruleset="review" if seed else "rulebook")
        rng = random.Random(seed)
        while not s.is_over:
            check_legal_paths(s)
            s = s.apply(rng.choice(s.legal_actions()))
        assert s.legal_actions() == s.checked_legal() == ()


def test_ccp_every_phase_offers_kinds_that_have_one_check():
    kinds = {k for p in PHASES for k in p.kinds}
    assert kinds == set(GAME.action_kinds)
    assert [p.name for p in PHASES] == ["main", "serving", "filling", "reward", "over"]
    for k in kinds:
        assert callable(getattr(ComboConeState, f"check_{k}"))
    # The explanation path exists once: no per-phase "why" methods are left.
    assert not [n for n in dir(ComboConeState) if n.startswith("_why")]


def test_ccp_settings_are_declared_once():
    assert Settings is KIT.cls
    assert GAME.settings_form == KIT.form() and GAME.setting_rules == KIT.rules()
    assert [f.name for f in GAME.settings_form] == ["ruleset", "first_player",
                                                    "rainbow_hand_limit"]
    s = KIT.make(3, "review", {})
    assert pickle.loads(pickle.dumps(s)) == s
    assert KIT.make(3, "review", {}) is s


@pytest.mark.parametrize("variant", [{"cls": 1}, {"names": ("A", "B")}, {"players": 3}])
def test_ccp_unknown_settings_are_refused(variant):
    with pytest.raises(SettingsError, match="unknown Combo Cone Paradise setting"):
        KIT.make(2, None, variant)


def test_ccp_a_setting_named_cls_is_refused_by_new_game_too():
    with pytest.raises(SettingsError, match=r"\['cls'\]"):
        icecream.new_game("combo-cone", players=2, seed=1, cls=1)


def test_ccp_scenario_fields_follow_the_state_fields():
    s = icecream.new_game("combo-cone", players=3, seed=4)
    saved = set(s.to_dict())
    assert set(saved_names(FIELDS)) <= saved
    assert saved - set(saved_names(FIELDS)) == {"game", "format_version", "players",
                                                "settings"}
    t = load_scenario({**s.to_dict(), "title": "A title", "description": "Some words"})
    assert t.to_dict() == s.to_dict()
    with pytest.raises(ScenarioError, match="unknown scenario field"):
        load_scenario({**s.to_dict(), "coins": [0, 0, 0]})


def test_ccp_clone_copies_every_changing_field():
    s = icecream.new_game("combo-cone", players=2, seed=1)
    c = s.clone()
    for f in FIELDS:
        value = getattr(s, f.name)
        if isinstance(value, list) and f.copy != "share":  # the box never changes
            assert getattr(c, f.name) == value and getattr(c, f.name) is not value, f.name


def _package_imports(path: Path) -> set[str]:
    """The sibling modules ``path`` imports, at module level or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out |= {a.name for a in node.names}
    return out


def test_ccp_package_has_no_import_cycles():
    graph = {p.stem: _package_imports(p) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    done: set[str] = set()

    def visit(mod: str, path: tuple[str, ...]) -> None:
        assert mod not in path, f"import cycle: {' -> '.join((*path, mod))}"
        if mod in done:
            return
        for dep in graph.get(mod, ()):
            visit(dep, (*path, mod))
        done.add(mod)

    for mod in graph:
        visit(mod, ())
