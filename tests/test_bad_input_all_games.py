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
    ScenarioError,
    SettingsError,
    UnknownGame,
    one_line,
)
from icecream.core.protocol import list_games

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
