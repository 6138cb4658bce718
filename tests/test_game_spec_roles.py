"""``GameSpec`` grouped by role: every field has one of the five roles and is required or
optional, the guide's table lists them as the code does, each registered game reads its
parts by role, and registration refuses a hook of the wrong kind naming it and its role."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import icecream
from icecream.core.protocol import (
    SPEC_ROLES,
    GameSpec,
    GameSpecError,
    register_game,
    spec_fields,
)

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def test_every_field_has_a_role_and_only_fields_without_defaults_are_required():
    for f in dataclasses.fields(GameSpec):
        assert f.metadata["role"] in SPEC_ROLES, f.name
        no_default = (f.default is dataclasses.MISSING
                      and f.default_factory is dataclasses.MISSING)
        assert f.metadata["required"] == no_default, f.name
    assert sum(len(spec_fields(r)) for r in SPEC_ROLES) == len(dataclasses.fields(GameSpec))
    assert len(spec_fields(required=True)) == 11  # boardgame.io's game object has ~10 keys


def test_the_guide_lists_each_role_as_the_code_does():
    text = GUIDE.read_text("utf-8")
    section = text.split("## `GameSpec` by role", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| (\w+) \| (.+) \|$", section, re.M))
    for role in SPEC_ROLES:
        listed = re.findall(r"(\*\*)?`(\w+)`", rows[role])
        assert [name for _b, name in listed] == list(spec_fields(role)), role
        assert {name for bold, name in listed if bold} == set(
            spec_fields(role, required=True)), role


@pytest.mark.parametrize("game", icecream.list_games())
def test_each_game_reads_its_parts_by_role(game):
    spec = icecream.get_game(game)
    bots = spec.part("bots")
    assert list(bots) == ["determinizer", "policies", "rollout_policy"]
    assert bots["rollout_policy"] == spec.rollout_policy
    assert spec.part("rules")["step_limit"] == spec.step_limit > 0
    with pytest.raises(TypeError):
        bots["policies"] = {}  # read-only, as the spec is


def test_registration_refuses_an_optional_hook_of_the_wrong_kind():
    spec = icecream.get_game(icecream.default_game())
    bad = dataclasses.replace(spec, name="bad-hooks", render_svg="table.svg", policies=[])
    with pytest.raises(GameSpecError) as e:
        register_game(bad)
    assert "render_svg (presentation) is not callable" in str(e.value)
    assert "policies (bots) is not a mapping" in str(e.value)
    assert "bad-hooks" not in icecream.list_games()


def test_an_unknown_role_is_named():
    with pytest.raises(ValueError, match="unknown role 'ui'; roles are rules, presentation"):
        spec_fields("ui")
