"""The contract a game meets is checked in one place (``icecream.core.contract.check``,
``python -m icecream check GAME``): every registered game meets it, and each kind of gap
is a finding of one line with its fix. No test here names a game: the gaps are made from
the default game's own spec, as a newcomer's game would have them."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

import icecream
from icecream.cli import main as cli
from icecream.core import contract, protocol
from icecream.core.contract import PARTS, absent_parts, check, layer_findings
from icecream.core.errors import SettingsError
from icecream.core.messages import catalog


@pytest.mark.parametrize("game", icecream.list_games())
def test_every_registered_game_meets_the_contract(game):
    assert [str(f) for f in check(game)] == []


def test_the_contract_states_required_and_optional_parts():
    required = {p.name for p in PARTS if p.required}
    assert {"spec", "state", "catalog", "determinizer", "step_limit"} == required
    assert all(p.without for p in PARTS if not p.required)  # what is off without it


@pytest.fixture
def changed(monkeypatch):
    """``changed(**fields)``: the default game registered with some fields replaced (its
    states learn the new spec, as registration teaches them)."""
    name = icecream.default_game()
    spec = icecream.get_game(name)

    def make(**fields):
        new = dataclasses.replace(spec, **fields)
        monkeypatch.setitem(protocol._GAMES, name, new)
        state_class = type(spec.new_state(players=spec.min_players, seed=1))
        monkeypatch.setattr(state_class, "game", new)
        return name, new

    return make


def test_a_missing_catalog_key_is_a_finding_naming_the_key_and_where_to_add_it(monkeypatch):
    game = icecream.default_game()
    spec = icecream.get_game(game)
    state = spec.new_state(players=spec.min_players, seed=1)
    key = spec.catalog_key(f"phase.{state.phase}")
    monkeypatch.delitem(catalog("nl"), key)
    found = [str(f) for f in check(game)]
    assert f"catalog: nl: no {key!r} (phase name on the table); fix: add {key!r} to " \
           f"{spec.catalog_package}/nl/*.json" in found
    assert all("nl" in line for line in found)
    code = cli(["check", game])
    assert code == 1


def test_a_determinizer_that_invents_what_a_seat_sees_is_a_finding(changed):
    game, spec = changed()

    class Invents:
        def __init__(self, view):
            self.view = view

        def sample(self, rng):  # a new deal: not what the seat saw
            return spec.new_state(players=len(self.view.names), seed=rng.randrange(10**6))

    changed(determinizer=Invents)
    found = [f for f in check(game) if f.part == "determinizer"]
    assert found and "determinizer(view).sample(rng).view(seat) == view" in found[0].fix


def test_a_policy_that_picks_no_legal_action_is_a_finding(changed):
    bad = SimpleNamespace(choose=lambda view: {"type": "no_such_kind"})
    # The rollout bots stay random here: only the greedy policy is under test.
    game, _spec = changed(policies={"greedy": lambda rng, **kw: bad}, rollout_policy="random")
    found = [str(f) for f in check(game, positions=4) if f.part == "policies"]
    assert found and found[0].startswith("policies: policy 'greedy' raised ActionFormatError")


def test_a_rollout_bot_the_game_does_not_have_is_a_finding(changed):
    game, _spec = changed(policies={}, rollout_policy="heuristic")
    found = [str(f) for f in check(game, positions=4) if f.part == "policies"]
    assert found == ["policies: rollout_policy 'heuristic' is not one of its bots ['ismcts', "
                     "'random']; fix: name random or one of GameSpec.policies"]


def test_a_loader_that_lets_a_settings_error_escape_is_a_finding(changed):
    def loose(data):  # reads the settings without core.scenario's reader
        raise SettingsError(f"unknown setting(s) {sorted(data.get('settings', {}))}")

    game, spec = changed()
    changed(from_scenario=lambda data: loose(data) if data.get("settings") or
            set(data) - {"game", "players"} else spec.from_scenario(data))
    found = [str(f) for f in contract._refusals(protocol._GAMES[game])]
    assert any(line.startswith("scenario: players given as a setting raised SettingsError")
               for line in found), found


def test_an_optional_part_left_out_is_named_with_what_is_off(changed):
    game, _spec = changed(policies={}, rollout_policy="random")
    names = {p.name: p for p in absent_parts(game)}
    assert "policies" in names and "random" in names["policies"].without
    assert check(game, positions=4) == []  # optional: no finding


def test_a_game_package_importing_a_higher_layer_is_a_finding(tmp_path, monkeypatch):
    pkg = tmp_path / "leaky_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import table\n")
    (pkg / "table.py").write_text("def draw():\n    from icecream.widgets import hooks\n"
                                  "    from icecream.core import messages\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = [str(f) for f in layer_findings("leaky_game")]
    assert found == ["layers: leaky_game.table imports icecream.widgets; fix: a game imports "
                     "only icecream.core and itself (bots, explore, teach and widgets serve it "
                     "through the protocol)"]


def test_the_command_line_check_exit_status(capsys):
    game = icecream.default_game()
    assert cli(["check", game]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{game}: meets the contract")
    assert cli(["check", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown game 'no-such-game'") and err.count("\n") == 1


@pytest.mark.parametrize("game", icecream.list_games())
def test_an_options_reason_reads_without_being_told_the_games_codes(game):
    # A reason knows its game's flavour codes (a Gelato Mio reason once asked for
    # 'flavour.7', the index of a card, when read on its own).
    spec = icecream.get_game(game)
    s = spec.new_state(players=spec.min_players, seed=1)
    for option in s.options():
        for lang in ("en", "nl"):
            assert option.reason.text(lang) == option.reason.text(lang, None,
                                                                  spec.flavour_codes)


def test_a_game_without_a_bot_kind_names_its_bots_in_words(changed):
    from icecream.bots import make_bot

    game, spec = changed(policies={}, rollout_policy="random")
    s = spec.new_state(players=spec.min_players, seed=1)
    with pytest.raises(SettingsError, match=r"has no greedy bot \(a game's own policies are "
                                            r"optional\); its bots are random and ismcts$"):
        make_bot("greedy").choose(s.view(s.current_player))


def test_presets_without_labels_switch_the_comparison_off_with_a_sentence(monkeypatch):
    # An optional part left out is never a KeyError on a page: the what-if board says
    # there is nothing to compare (the KeyError 'ss.preset.rulebook').
    from icecream.explore.compare import preset_key, preset_label, presets
    from icecream.widgets.whatif import WhatIfBoard

    game = icecream.default_game()
    spec = icecream.get_game(game)
    for lang in ("en", "nl"):
        for name in presets(game):
            monkeypatch.delitem(catalog(lang), preset_key(spec, name))
    board = WhatIfBoard(game=game, games=4, samples=4, lang="nl")
    assert board.comparison is None
    assert board.tabs.children[0].value.startswith(spec.title)  # widgets.whatif.no_presets
    first = next(iter(presets(game)))
    assert preset_label(first, "en", game) == ", ".join(
        f"{k}={v}" for k, v in presets(game)[first].items())
