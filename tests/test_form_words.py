"""The new-game form says what it did with a value it could not take (issue 33).

A number out of range was clamped silently in the browser (players 99 became 5); now the
server sets it in range and the form's note says so, in the form's language. Names given
twice were refused with a Python list (``['Ann', 'Ann', 'Bob']``); now in words, the
language's own list (Babel).
"""

from __future__ import annotations

import pytest

from icecream.core.messages import t
from icecream.widgets.controls import SettingsForm
from icecream.widgets.numbers import CheckedIntText
from icecream.widgets.validate import Refused


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_players_out_of_range_are_set_in_range_and_the_form_says_so(lang: str) -> None:
    form = SettingsForm(lambda _f: None, lang=lang, game="ice-cream")
    assert form.note.value == ""
    high = form.spec.max_players
    form.players.value = 99
    assert form.players.value == high
    assert t("widgets.form.clamped", lang, field=t("widgets.form.players", lang), value=99,
             low=form.spec.min_players, high=high, used=high) in form.note.value
    form.seed.value = -5
    assert form.seed.value == 0 and "-5" in form.note.value


def test_every_number_of_a_games_own_settings_is_checked_the_same_way() -> None:
    form = SettingsForm(lambda _f: None, game="ice-cream")
    numbers = [w for w in form.fields.values() if isinstance(w, CheckedIntText)]
    assert numbers, "Ice Cream has number settings (days)"
    field = numbers[0]
    field.value = field.max + 50
    assert field.value == field.max and str(field.max + 50) in form.note.value


@pytest.mark.parametrize(("lang", "names"), [("en", "Ann and Bob"), ("nl", "Ann en Bob")])
def test_names_given_twice_are_named_in_words_not_a_python_list(lang: str, names: str) -> None:
    form = SettingsForm(lambda _f: None, lang=lang, game="ice-cream")
    form.players.value = 5
    form.names.value = "Ann, Bob, Ann, Bob, Cy"
    with pytest.raises(Refused) as e:
        form.values()
    text = str(e.value)
    assert names in text and "[" not in text and "'" not in text
    assert text == t("widgets.msg.names_twice", lang, count=2, names=names)
