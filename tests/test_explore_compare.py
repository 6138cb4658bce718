"""Rulesets side by side: the metrics table, the chart and the rules that differ."""

from __future__ import annotations

import pytest

from icecream.core.errors import SettingsError
from icecream.explore.compare import compare, differing_rules, preset_label, presets
from icecream.games.ice_cream.rules import RULES

PRESETS = presets("ice-cream")

def test_rulebook_against_ijs_differs_by_the_close_rule_only():
    c = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=6, players=3)
    assert list(c.rules["rule"]) == ["IC-10"]
    row = c.rules.iloc[0]
    assert row["text"] == RULES["IC-10"].text()
    assert "close=scoop" in row["setting_a"] and "close=flavour" in row["setting_b"]
    assert set(c.frame["setting"]) == {"ruleset=rulebook", "ruleset=ijs"}
    t = c.table.set_index("metric")
    assert t.loc["balance", "difference"] == pytest.approx(
        t.loc["balance", "value_b"] - t.loc["balance", "value_a"])
    assert (c.table["n_a"] == c.table["n_b"]).all()
    # Same seeds on both sides (common random numbers).
    seeds = c.frame.groupby("config")["seed"].apply(tuple)
    assert seeds.iloc[0] == seeds.iloc[1]


def test_variant_settings_name_their_rules():
    rules = differing_rules({"days": 4}, {"days": 5, "removed_scoops": 3})
    assert list(rules["rule"]) == ["IC-3", "IC-15"]
    assert differing_rules({"ruleset": "rulebook"}, {"close": "scoop"}).empty


def test_figure_and_display_table():
    c = compare(PRESETS["rulebook"], PRESETS["rulebook_5_days"], games=4, players=3,
                label_a="A", label_b="B")
    fig = c.figure()
    assert {tr.name for tr in fig.data} == {"A", "B"}
    assert all(tr.error_y.array is not None for tr in fig.data)
    # Game length (about 180) has a panel of its own so it does not flatten the other bars.
    assert [list(tr.x) for tr in fig.data if tr.xaxis == "x3"] == [["Game length"]] * 2
    assert all("Game length" not in list(tr.x) for tr in fig.data if tr.xaxis != "x3")
    shown = c.display_table()
    assert list(shown.columns[:3]) == ["Metric", "A", "B"]
    # Numbers in the reader's language, never in e-notation: a decimal comma in Dutch.
    row = list(c.table["metric"]).index("balance")  # a share: three decimals
    assert "e" not in shown.iloc[row]["A"] and "." in shown.iloc[row]["A"]
    dutch = c.display_table("nl").iloc[row]
    assert "," in dutch["A"] and "." not in dutch["A"], dutch["A"]
    assert "IC-15" in set(c.rules["rule"])


def test_bad_settings_are_refused():
    with pytest.raises(SettingsError, match="setting a must be a mapping"):
        compare("rulebook", {"ruleset": "ijs"}, games=1)
    with pytest.raises(SettingsError, match="unknown ruleset"):
        compare({"ruleset": "rulebook"}, {"ruleset": "nl"}, games=1)
    with pytest.raises(SettingsError, match="unknown preset"):
        preset_label("nothing")


def test_compare_takes_the_comparison_pages_default_time_limit():
    import inspect

    from icecream.explore.compare import COMPARE_SECONDS

    assert inspect.signature(compare).parameters["seconds"].default == COMPARE_SECONDS == 20
    # A short limit stops a long run, keeping whole pairs of games and saying so.
    c = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=100000, players=3,
                seconds=0.5)
    assert c.partial and c.reason == "time" and 1 <= c.games < 100000
    full = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=3, players=3,
                   seconds=None)
    assert not full.partial and full.games == 3
    with pytest.raises(SettingsError, match="seconds must be a positive number"):
        compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=3, seconds=-1)
