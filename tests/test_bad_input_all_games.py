"""Bad input for every game (issue 22): one clear line naming the field, never a crash,
never a message that quotes megabytes, nothing half-applied."""

from __future__ import annotations

import copy
import json
import os

import pytest

import icecream
from icecream.cli import main
from icecream.core.errors import (
    MESSAGE_LIMIT,
    IcecreamError,
    IllegalAction,
    SaveFileError,
    ScenarioError,
    SettingsError,
    UnknownGame,
    one_line,
)
from icecream.core.protocol import check_plain, get_game, list_games, load_state, parse_json
from icecream.explore.simulate import simulate

GAMES = list_games()
HUGE_TEXT = "x" * 10_000_000


def _one_line_error(capsys, argv, code=2) -> str:
    assert main(argv) == code
    out = capsys.readouterr()
    assert out.err.startswith("error: ") and out.err.count("\n") == 1, out.err[:600]
    assert "Traceback" not in out.err and len(out.err) <= MESSAGE_LIMIT + 10, out.err[:600]
    return out.err


# -- messages: one line of at most 500 characters, the reason kept ----------------------------

@pytest.mark.parametrize("kind", [IcecreamError, IllegalAction, ScenarioError, SettingsError,
                                  UnknownGame])
def test_every_error_is_one_bounded_line_that_keeps_its_reason(kind):
    e = kind(f"hands[0]: unknown card {HUGE_TEXT!r}\nsecond line; the reason (IC-9)")
    text = str(e)
    assert len(text) <= MESSAGE_LIMIT and "\n" not in text
    assert text.startswith("hands[0]: unknown card 'xxx") and text.endswith("the reason (IC-9)")


def test_a_message_of_many_short_words_keeps_both_ends():
    text = one_line("phase: " + "ab " * 1_000_000 + "is not a phase; phases are a, b, c")
    assert len(text) <= MESSAGE_LIMIT
    assert text.startswith("phase: ab") and text.endswith("phases are a, b, c")


@pytest.mark.parametrize("game", GAMES)
def test_a_ruleset_of_ten_megabytes_is_quoted_briefly(game, capsys):
    with pytest.raises(SettingsError) as e:
        icecream.new_game(game, ruleset=HUGE_TEXT)
    assert len(str(e.value)) <= MESSAGE_LIMIT and "ruleset" in str(e.value)
    err = _one_line_error(capsys, ["simulate", "--game", game, "--games", "1",
                                   "--players", "2" if game != "ice-cream" else "3",
                                   "--ruleset", "r" * 100_000])
    assert "ruleset" in err


# -- JSON read within limits, and the refusal names where the bad value is -------------------

HOSTILE_JSON = [
    ('"scores": [1, 2, NaN]', "scores[2]: NaN is not a number JSON can hold"),
    ('"scores": [1, -Infinity]', "scores[1]: -Infinity is not a number JSON can hold"),
    ('"scores": [1, 1e999]', "scores[1]: '1e999' is too large a number"),
    ('"hands": [{"face_up": ["\\udc00"]}]', "hands[0].face_up[0]: text '\\udc00' holds a "
                                            "lone surrogate"),
    ('"hands": [{"face_up": ' + "[" * 40 + "]" * 40 + "}]",
     "hands[0].face_up[0][0][0]...[0][0][0][0][0]: nested more than 32 levels deep"),
    ('"seed": ' + "9" * 5000, "seed: a number of 5000 digits is too long (at most 30)"),
    ('"title": {"\\ud800": 1}', "title: a field name '\\ud800' holds a lone surrogate"),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field, message", HOSTILE_JSON)
def test_a_bad_json_value_is_refused_naming_its_field(game, field, message, tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(f'{{"game": "{game}", "players": 2, {field}}}')
    err = _one_line_error(capsys, ["validate", str(path)])
    assert f": {message}" in err, err
    with pytest.raises(ScenarioError, match=r"^scenario: ") as e:
        get_game(game).from_scenario(path.read_text())
    assert f"scenario: {message}" in str(e.value)


def test_python_data_is_refused_naming_its_field():
    with pytest.raises(SaveFileError, match=r"^saved state: scores\[2\]: nan is not"):
        load_state({"game": "ice-cream", "players": 3, "scores": [0, 0, float("nan")]})
    with pytest.raises(SaveFileError, match=r"^x: \['a b'\]\.c: set is not plain data"):
        check_plain({"a b": {"c": {1}}}, what="x")


def test_text_nested_too_deep_to_parse_names_its_line_and_column():
    with pytest.raises(SaveFileError, match="nested more than 32 levels deep "
                                            r"\(at line 2 column 201\)"):
        parse_json("{}\n" + "[" * 100_000)


# -- data files (deck=, customers=) go through the same bounded reader -------------------------

DATA_SETTINGS = [("combo-cone", "deck"), ("gelato-mio", "customers")]


def _hostile_files(tmp_path):
    """(label, path) of every kind of file a data setting must refuse in one line."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    files = {
        "nested": ("[" * 100_000).encode(), "digits": b'{"rainbow": ' + b"7" * 5000 + b"}",
        "utf8": b'{"note": "cr\xe8me"}', "utf16": '{"note": "x"}'.encode("utf-16"),
        "nan": b'{"note": NaN}', "surrogate": b'{"note": "\\udc00"}', "empty": b"",
    }
    out = [("nul", str(tmp_path / "a\0b")), ("long", "/tmp/" + "d" * 5000),
           ("fifo", str(fifo)), ("dir", str(tmp_path)), ("zero", "/dev/zero"),
           ("urandom", "/dev/urandom"), ("missing", str(tmp_path / "none.json"))]
    for label, raw in files.items():
        (tmp_path / label).write_bytes(raw)
        out.append((label, str(tmp_path / label)))
    return out


@pytest.mark.parametrize("game, setting", DATA_SETTINGS)
def test_hostile_data_files_are_one_line_naming_the_setting(game, setting, tmp_path, capsys):
    for label, path in _hostile_files(tmp_path):
        with pytest.raises(SettingsError) as e:
            icecream.new_game(game, players=2, **{setting: path})
        text = str(e.value)
        assert text.startswith(f"{setting}: ") and len(text) <= MESSAGE_LIMIT, (label, text)
        if label in ("nan", "surrogate"):
            assert "note" in text, text  # the field it is in
        err = _one_line_error(capsys, ["simulate", "--game", game, "--players", "2",
                                       "--games", "1", "--variant", f"{setting}={path}"])
        assert f"{setting}: " in err, (label, err)


@pytest.mark.parametrize("game, setting", DATA_SETTINGS)
def test_a_long_data_file_name_on_the_command_line_shows_the_setting_and_reason(
        game, setting, capsys):
    err = _one_line_error(capsys, ["simulate", "--game", game, "--players", "2", "--games",
                                   "1", "--variant", f"{setting}=/tmp/{'d' * 5000}.json"])
    assert err.startswith(f"error: {setting}: cannot read '/tmp/ddd")
    assert err.rstrip().endswith("File name too long")


def _shipped_file(game: str) -> dict:
    if game == "gelato-mio":
        from icecream.games.gelato_mio import load_customers
        return {"note": "copy", "customers": [c.to_dict() for c in load_customers()]}
    from icecream.games.combo_cone.components import shipped_components
    c = shipped_components()
    return {"note": "copy", "orders": [o.to_data() for o in c.orders]}


def _edit(game: str, data: dict, value) -> None:
    if game == "gelato-mio":
        data["customers"][5]["points"] = value
    else:
        data["orders"][5]["coins"] = value


def _read_back(state, game: str):
    if game == "gelato-mio":
        return state.settings.recipes[5].points
    return state.settings.components.orders[5].coins


@pytest.mark.parametrize("game, setting", DATA_SETTINGS)
def test_an_edited_data_file_is_read_again(game, setting, tmp_path):
    path = tmp_path / "data.json"
    data = _shipped_file(game)
    _edit(game, data, 7)
    path.write_text(json.dumps(data))
    assert _read_back(icecream.new_game(game, players=2, **{setting: str(path)}), game) == 7
    _edit(game, data, 8)
    path.write_text(json.dumps(data))
    assert _read_back(icecream.new_game(game, players=2, **{setting: str(path)}), game) == 8
    _edit(game, data, "eight")  # an edit that breaks the file is refused, not ignored
    path.write_text(json.dumps(data))
    with pytest.raises(SettingsError, match=r"\[5\]"):
        icecream.new_game(game, players=2, **{setting: str(path)})


def test_a_customer_id_that_could_not_be_saved_is_refused(tmp_path):
    from icecream.games.gelato_mio.components import parse_customers

    data = _shipped_file("gelato-mio")
    for bad in ("\udc00", "tab\there", "x" * 10_000_000):
        data["customers"][3]["id"] = bad
        with pytest.raises(SettingsError, match=r"customers\[3\]\.id must be 1-40 printable") \
                as e:
            parse_customers(data)
        assert len(str(e.value)) <= MESSAGE_LIMIT


# -- seeds ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [10 ** 5000, -(10 ** 40), 10 ** 30], ids=["5001", "-41", "31"])
def test_a_seed_too_long_to_save_is_a_settings_error(game, seed):
    with pytest.raises(SettingsError, match="seed must be a whole number of at most 30 digits"):
        icecream.new_game(game, players=2, seed=seed)
    with pytest.raises(ScenarioError, match="seed"):
        get_game(game).from_scenario({"players": 2, "seed": seed})
    with pytest.raises(IcecreamError, match="seed must be a whole number of at most 30"):
        simulate(game=game, players=2, games=1, seed=seed)
    icecream.new_game(game, players=2, seed=10 ** 30 - 1)  # 30 digits: a seed like any other


# -- the command line's numbers and output path -----------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", ["99999999999999999999999", "9999999999", "0", "-7"])
def test_a_player_count_out_of_range_is_checked_before_any_seat_is_made(game, players, capsys):
    err = _one_line_error(capsys, ["simulate", "--game", game, "--players", players,
                                   "--games", "1"])
    assert f"not {players}" in err
    with pytest.raises(IcecreamError, match=f"not {players}"):
        simulate(game=game, players=int(players), games=1)


@pytest.mark.parametrize("fmt", ["--csv", "--parquet"])
def test_an_output_that_cannot_be_made_names_the_path_given(fmt, capsys):
    pytest.importorskip("pyarrow")
    err = _one_line_error(capsys, ["simulate", "--games", "1", "--players", "3", fmt,
                                   "/proc/version"])
    assert err.startswith("error: output '/proc/version': cannot write it") and ".part" not in err


def test_a_failed_rename_leaves_no_temporary_file(tmp_path, capsys, monkeypatch):
    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    err = _one_line_error(capsys, ["simulate", "--games", "2", "--players", "3", "--csv",
                                   str(tmp_path / "out.csv")])
    assert "output" in err and "out.csv" in err and "Permission denied" in err
    assert list(tmp_path.iterdir()) == []


# -- ten megabytes in any text field: a bounded quotation -------------------------------------

def _text_leaves(data, path=()):
    if isinstance(data, str):
        yield path
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _text_leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _text_leaves(v, (*path, i))


def _replaced(data, path, value):
    if not path:
        return value
    out = copy.copy(data)
    out[path[0]] = _replaced(data[path[0]], path[1:], value)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_ten_megabytes_in_any_text_field_of_an_example_is_quoted_briefly(game):
    spec = get_game(game)
    huge = "q" * 10_000_000
    refused = 0
    for example in spec.examples().values():
        scenario = {**example.scenario, "phase": example.scenario.get("phase", "x")}
        for path in list(_text_leaves(scenario))[:12]:
            try:
                spec.from_scenario(_replaced(scenario, path, huge))
            except IcecreamError as e:
                refused += 1
                assert len(str(e)) <= MESSAGE_LIMIT and "\n" not in str(e), (path, str(e)[:600])
    assert refused


@pytest.mark.parametrize("field", ["flavour", "brand", "combo"])
def test_a_deck_card_of_ten_megabytes_is_quoted_briefly(field):
    from icecream.games.combo_cone.components import parse_components, shipped_components

    cards = [{"flavour": "mint", "brand": "heart", "combo": "star"}
             for _ in shipped_components().ice_cream]
    cards[4][field] = HUGE_TEXT
    orders = [o.to_data() for o in shipped_components().orders]
    orders[2]["reward"] = HUGE_TEXT
    for data in ({"ice_cream": cards}, {"orders": orders}):
        with pytest.raises(SettingsError) as e:
            parse_components(data)
        assert len(str(e.value)) <= MESSAGE_LIMIT and ("[4]" in str(e.value)
                                                       or "orders[2]" in str(e.value))
