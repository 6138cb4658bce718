"""Issue 12: every malformed file or value gets the documented error from the API and one
line plus exit status 2 from the command line; never a traceback, never a flood."""

from __future__ import annotations

import json

import pytest

import icecream
from icecream import History, load_history
from icecream.cli import main
from icecream.core.errors import (
    ActionFormatError,
    SaveFileError,
    ScenarioError,
    SettingsError,
    UnknownGame,
)
from icecream.core.protocol import MAX_DEPTH, check_plain, parse_json
from icecream.games.ice_cream import load_scenario
from icecream.games.ice_cream.actions import Place, Serve

NAMES = ["Ann", "Bob", "Cy"]
SCENARIO = {"players": NAMES, "phase": "serving",
            "hands": [{"face_up": ["vanilla"]}, {"face_up": ["pistachio"]}, {"face_up": []}],
            "cones": [["vanilla", "vanilla"]]}
DEEP = "[" * 5000 + "]" * 5000
HUGE = "9" * 5000
BIG = 10 ** 4999  # 5,000 digits: more than Python's int-to-text limit (4,300)


def _save() -> dict:
    h = History.new("ice-cream", players=NAMES, seed=4)
    h.play({"type": "keep"})
    return h.to_dict()


def _one_line_error(capsys, argv, code=2) -> str:
    assert main(argv) == code
    out = capsys.readouterr()
    assert out.err.startswith("error: ") and out.err.count("\n") == 1, out.err
    assert "Traceback" not in out.err and len(out.err) <= 510
    return out.err


# -- files: the command line and the API -------------------------------------------------------

BAD_FILES = {
    "not_utf8": ("bytes", b'{"players": ["Ann\xff", "Bob", "Cy"]}', "not UTF-8"),
    "deep": ("text", '{"players": ' + DEEP + "}", "nested more than"),
    "deep_object": ("text", '{"a": ' * 4000 + "1" + "}" * 4000, "nested more than"),
    "huge_number": ("text", '{"players": 3, "seed": ' + HUGE + "}", "5000 digits"),
    "infinite": ("text", '{"players": 3, "seed": 1e999}', "too large a number"),
    "nan": ("text", '{"players": 3, "seed": NaN}', "NaN is not a number"),
    "surrogate": ("text", '{"players": ["\\ud800", "Bob", "Cy"]}', "lone surrogate"),
    "not_json": ("text", '{"players": 3,', "not JSON"),
    "empty": ("text", "", "not JSON"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_scenario_files_one_line_exit_2(case, tmp_path, capsys):
    kind, content, message = BAD_FILES[case]
    path = tmp_path / "s.json"
    path.write_bytes(content if kind == "bytes" else content.encode("utf-8", "surrogatepass"))
    assert message in _one_line_error(capsys, ["validate", str(path)])
    with pytest.raises(SaveFileError, match=message):
        load_history(path)
    with pytest.raises(SaveFileError, match=message):
        icecream.load_state(path.read_bytes())
    if kind == "text":
        with pytest.raises(ScenarioError, match=message):
            load_scenario(content)


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_save_files_one_line_exit_2(case, tmp_path, capsys):
    kind, content, message = BAD_FILES[case]
    path = tmp_path / "g.json"
    path.write_bytes(content if kind == "bytes" else content.encode("utf-8", "surrogatepass"))
    assert message in _one_line_error(capsys, ["replay", str(path)])


def test_a_directory_or_missing_file_is_one_line(tmp_path, capsys):
    assert "cannot read" in _one_line_error(capsys, ["replay", str(tmp_path)])
    assert "cannot read" in _one_line_error(capsys, ["validate", str(tmp_path / "none")])


def test_values_in_valid_json_are_checked(tmp_path, capsys):
    cases = [
        ({**SCENARIO, "game": ["ice-cream"]}, ScenarioError, "game: .*not \\['ice-cream'\\]"),
        ({**SCENARIO, "settings": {"ruleset": ["ijs"]}}, ScenarioError,
         "settings: unknown ruleset \\['ijs'\\]"),
        ({**SCENARIO, "settings": {"ruleset": {"a": 1}}}, ScenarioError, "unknown ruleset"),
        ({**SCENARIO, "settings": {"players": 4}}, ScenarioError,
         "settings.players: players is a field of the scenario"),
        ({**SCENARIO, "phase": ["serving"]}, ScenarioError, "phase: must be one of"),
        ({**SCENARIO, "players": ["Ann", "B\u0007b", "Cy"]}, ScenarioError, "printable"),
        ({**SCENARIO, "day": True}, ScenarioError, "day: must be a whole number"),
        ({**SCENARIO, "format_version": True}, ScenarioError, "format_version"),
    ]
    for data, error, message in cases:
        with pytest.raises(error, match=message):
            load_scenario(data)
        path = tmp_path / "s.json"
        path.write_text(json.dumps(data))
        _one_line_error(capsys, ["validate", str(path)])
    path.write_text(json.dumps({**SCENARIO, "game": ["ice-cream"]}))
    assert "game" in _one_line_error(capsys, ["validate", str(path)])


def test_game_as_a_list_or_object():
    for game in (["ice-cream"], {"name": "ice-cream"}, 7, None):
        with pytest.raises(UnknownGame, match="a game is named by text"):
            icecream.get_game(game)
        with pytest.raises(SaveFileError, match="game"):
            icecream.load_state({"game": game})
        with pytest.raises(SaveFileError, match="unknown game|named by text"):
            load_history({**_save(), "game": game, "format_version": 2})


@pytest.mark.parametrize("bad_type", [["serve"], {"serve": 1}, 3, None, True])
def test_action_type_must_be_text(bad_type):
    s = icecream.new_game("ice-cream", players=3, seed=1)
    with pytest.raises(ActionFormatError, match="'type' must be text"):
        s.apply({"type": bad_type})
    h = History.new("ice-cream", players=3, seed=1)
    with pytest.raises(ActionFormatError):
        h.play({"type": bad_type, "cone": 1})
    assert len(h) == 0
    data = {k: v for k, v in _save().items() if k not in ("digest", "outcome")}
    data.update(format_version=2, actions=[{"type": bad_type}])
    with pytest.raises(SaveFileError, match="action 1 .* does not replay"):
        load_history(data)


@pytest.mark.parametrize("value", [True, False, 1.0, 2.5, "1", [1], None])
def test_action_objects_with_the_wrong_field_type_are_refused(value):
    """``Serve(True)`` equals ``Serve(1)`` for Python, so it could pass a legal-action list:
    it is refused when made, like its plain form."""
    if value is not None:
        with pytest.raises(ActionFormatError, match="field 'cone' must be int, not"):
            Serve(value)
        with pytest.raises(ActionFormatError, match="field 'cone' must be int"):
            icecream.get_game("ice-cream").parse_action({"type": "serve", "cone": value})
    if value is not None:
        with pytest.raises(ActionFormatError, match="field 'cone' must be int or null"):
            Place(value)
    assert Serve(1) == Serve(cone=1) and Place(None) == Place()


def test_names_with_lone_surrogates_or_control_characters():
    for name in ("\ud800", "Ann\udfff", "tab\there", "line\nbreak"):
        with pytest.raises(SettingsError, match="printable Unicode text"):
            icecream.new_game("ice-cream", players=[name, "Bob", "Cy"])
        with pytest.raises(ScenarioError, match="printable Unicode text|lone surrogate"):
            load_scenario({**SCENARIO, "players": [name, "Bob", "Cy"]})


def test_huge_numbers_are_quoted_briefly():
    with pytest.raises(SettingsError, match="not a number of 5000 digits"):
        icecream.new_game("ice-cream", players=BIG)
    with pytest.raises(SettingsError, match="seed must be a whole number, not \\[") as e:
        icecream.new_game("ice-cream", players=3, seed=[1] * 10_000)
    assert len(str(e.value)) < 150
    with pytest.raises(ScenarioError, match="too long a number"):
        load_scenario({**SCENARIO, "seed": BIG})
    with pytest.raises(ScenarioError, match="too long a number"):
        load_scenario({**SCENARIO, "scores": [BIG, 0, 0]})


def test_deep_python_data_is_refused_without_recursion():
    deep: list = []
    for _ in range(50_000):
        deep = [deep]
    with pytest.raises(ScenarioError, match=f"nested more than {MAX_DEPTH}"):
        load_scenario({**SCENARIO, "cones": deep})
    with pytest.raises(SaveFileError, match="nested more than"):
        load_history({**_save(), "actions": deep})
    with pytest.raises(SaveFileError, match="nested more than"):
        parse_json(DEEP)
    with pytest.raises(SaveFileError, match="not plain data"):
        check_plain({"a": object()})


def test_error_messages_quote_input_briefly(tmp_path, capsys):
    long = "x" * 100_000
    for data in ({**SCENARIO, "phase": long}, {**SCENARIO, long: 1},
                 {**SCENARIO, "players": [long, "Bob", "Cy"]},
                 {**SCENARIO, "hands": [{"face_up": [long]}, {}, {}]},
                 {**SCENARIO, "scores": [list(range(10_000)), 0, 0]}):
        with pytest.raises(ScenarioError) as e:
            load_scenario(data)
        assert len(str(e.value)) < 400, str(e.value)[:500]
        path = tmp_path / "s.json"
        path.write_text(json.dumps(data))
        _one_line_error(capsys, ["validate", str(path)])


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", HUGE + "x"],
    ["simulate", "--players", "three"],
    ["bench", "--games", "1", "--seed", "1.5"],
    ["replay"],
    ["frobnicate"],
    ["simulate", "--games", "1", "--variant", "days=" + HUGE],
])
def test_bad_arguments_are_one_line(argv, capsys):
    _one_line_error(capsys, argv)


def test_help_still_works(capsys):
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


# -- widgets: forged browser messages, server-side caps, escaping --------------------------

FORGED = [{"type": ["serve"]}, {"type": {"serve": 1}}, {"type": "serve", "cone": True},
          {"type": "serve", "cone": 1.0}, {"type": "serve", "cone": 10**4000},
          {"type": "keep", "extra": 1}, {"type": "serve", "cone": [[[[[[[[1]]]]]]]] * 2}]


@pytest.mark.parametrize("action", FORGED, ids=range(len(FORGED)))
def test_a_forged_table_message_shows_the_refusal(action):
    from icecream.core.messages import t
    from icecream.games.ice_cream import EXAMPLES
    from icecream.widgets import GameExplorer

    explorer = GameExplorer(History(EXAMPLES["dan_case_a"].start()))
    before = explorer.state
    explorer.table._received(explorer.table, {"kind": "action", "action": action}, [])
    assert explorer.message_is_error
    assert explorer.message == t("widgets.msg.bad_action")
    assert explorer.state is before and len(explorer.history) == 0


def test_the_new_game_player_count_is_capped_on_the_server():
    from icecream.widgets import GameExplorer
    from icecream.widgets.controls import SettingsForm

    explorer = GameExplorer(players=3, seed=1)
    for players in (10**6, 0, -3, ["x"] * 1000):
        assert explorer.new_game(players=players) is False
        assert explorer.message_is_error and explorer.state.num_players == 3
    form = SettingsForm(lambda form: None, game="ice-cream")
    form.players.max = 10**7  # a browser may set any synced trait, the bounds too
    form.players.value = 10**7
    first = form.fields[form.spec.first_player_setting]
    assert len(first.options) == form.spec.max_players


def test_names_are_escaped_once():
    from icecream.games.ice_cream.render import render_svg
    from icecream.widgets import GameExplorer

    s = icecream.new_game("ice-cream", players=["A&B", "<C>", "D"], seed=2)
    for seat in (None, 0, 1):
        svg = render_svg(s, seat)
        assert "A&amp;B" in svg and "&lt;C&gt;" in svg
        assert "&amp;amp;" not in svg and "&amp;lt;" not in svg and "<C>" not in svg
    explorer = GameExplorer(players=["A&B", "<C>", "D"], seed=2)
    assert "&amp;amp;" not in explorer.table.svg and "A&amp;B" in explorer.table.svg


def _refused_under_python_O(tmp_path, code: str) -> str:
    """Run ``code`` with ``python -O`` (asserts off); its output, after checking it ran
    and that ``check_invariants`` refused the broken position."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env={"PYTHONPATH": str(root), "PATH": "/usr/bin"},
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "refused: " in out.stdout, out.stdout
    return out.stdout


def test_check_invariants_runs_under_python_O(tmp_path):
    code = (
        "import icecream\n"
        "assert False, 'asserts are off under -O, so this line passes'\n"
        "s = icecream.new_game('ice-cream', players=3, seed=1)\n"
        "s.check_invariants()\n"
        "s.removed = s.removed[1:]\n"
        "try:\n"
        "    s.check_invariants()\n"
        "except AssertionError as e:\n"
        "    print('refused:', e)\n"
    )
    assert "IC-16" in _refused_under_python_O(tmp_path, code)


# -- every registered game, through the generic entry points ---------------------------------

GAMES = icecream.list_games()


def _a_position(game: str) -> dict:
    spec = icecream.get_game(game)
    return icecream.new_game(game, players=spec.min_players, seed=1).to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_shared_fields_are_checked_for_every_game(game, tmp_path, capsys):
    data = _a_position(game)
    cases = [({"players": 3}, "settings.players: players is a field"),
             ({"ruleset": ["rulebook"]}, "settings.ruleset: unknown ruleset"),
             ({"ruleset": {"a": 1}}, "settings.ruleset: unknown ruleset")]
    for extra, message in cases:
        bad = {**data, "settings": {**data.get("settings", {}), **extra}}
        with pytest.raises(ScenarioError, match=message):
            icecream.load_state(bad)
        path = tmp_path / "s.json"
        path.write_text(json.dumps(bad))
        assert message in _one_line_error(capsys, ["validate", str(path)])
    for ruleset in (["rulebook"], {"a": 1}, 3):
        with pytest.raises(SettingsError, match="unknown ruleset"):
            icecream.new_game(game, ruleset=ruleset)
        with pytest.raises(SettingsError, match="unknown ruleset"):
            History.new(game, ruleset=ruleset)


@pytest.mark.parametrize("game", GAMES)
def test_every_games_saved_positions_survive_wrong_types(game):
    """Each field of a saved position replaced by a value of the wrong type: always the
    documented error, never a TypeError from inside the game."""
    data = _a_position(game)
    wrong = [None, True, -1, 1.5, "x", [1], {"a": 1}, [[["deep"]]]]
    for key in sorted(data):
        for value in wrong:
            try:
                icecream.load_state({**data, key: value})
            except (ScenarioError, SaveFileError, SettingsError, UnknownGame):
                pass


def test_gelato_customer_ids_of_the_wrong_type():
    data = _a_position("gelato-mio")
    for key in ("served", "piles"):
        value = [[["a"]] for _ in data[key]]  # a list where a customer id belongs
        with pytest.raises(ScenarioError, match=key):
            icecream.load_state({**data, key: value})


def test_file_names_that_are_not_utf8_print_safely(tmp_path):
    """A file name with undecodable bytes (Linux allows any) is shown quoted, not a crash."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    h = History.new("ice-cream", players=3, seed=1)
    h.play({"type": "keep"})
    name = os.fsdecode(b"g\xff.json")  # the surrogate escape Python gives such bytes
    h.save(tmp_path / name)
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONIOENCODING": "utf-8"}
    for argv in (["replay", b"g\xff.json"],
                 ["simulate", "--games", "1", "--players", "3", "--csv", b"o\xff.csv"]):
        out = subprocess.run([sys.executable, "-m", "icecream", *argv], cwd=tmp_path,
                             capture_output=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        assert b"Traceback" not in out.stderr
        assert b"\\udcff" in out.stdout + out.stderr


@pytest.mark.parametrize("game, pile, words", [
    ("combo-cone", "pile", "Ice Cream cards not conserved"),
    ("gelato-mio", "deck", "ingredient cards"),
])
def test_every_game_checks_its_invariants_under_python_O(tmp_path, game, pile, words):
    # CCP and GM card conservation (CCP-2, GM-2) with asserts switched off by -O.
    code = (
        "import icecream\n"
        f"s = icecream.new_game({game!r}, players=2, seed=1).clone()\n"
        "s.check_invariants()\n"
        f"s.{pile}.pop()\n"
        "try:\n"
        "    s.check_invariants()\n"
        "except AssertionError as e:\n"
        "    print('refused:', e)\n"
    )
    assert words in _refused_under_python_O(tmp_path, code)


@pytest.mark.parametrize("game", icecream.list_games())
@pytest.mark.parametrize("name", ["You", " you ", "Jij"])
def test_a_pronoun_is_no_players_name(game, name):
    # Texts speak of players by name ("Ann scores 3"): "You scores 3" would not read
    # (issue 11), so such a name is refused with the reason, in every game.
    spec = icecream.get_game(game)
    names = [name] + [f"P{k}" for k in range(1, spec.min_players)]
    with pytest.raises(icecream.core.SettingsError, match="speak of each player by name"):
        icecream.new_game(game, players=names)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text, words", [
    ("[" * 5000, "nested more than 32 levels"),
    ('{"players": 2, "seed": 1' + "0" * 5000 + "}", "digits is too long"),
    ('{"players": 2, "game": ["ice-cream"]}', "game: this is"),
    ('{"players": 2, "settings": {"players": 3}}', "settings.players"),
])
def test_every_game_s_scenario_loader_refuses_hostile_text(game, text, words):
    # One shared start for every game's loader (core.scenario): the API's error type,
    # never a RecursionError or a ValueError from int().
    with pytest.raises(icecream.core.ScenarioError, match=words):
        icecream.get_game(game).from_scenario(text)
