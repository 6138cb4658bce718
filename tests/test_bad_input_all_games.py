"""Bad input for every game (issue 22): one clear line naming the field, never a crash,
never a message that quotes megabytes, nothing half-applied."""

from __future__ import annotations

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
