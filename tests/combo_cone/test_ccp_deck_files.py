"""Deck files (CCP-2, CCP-4): the shipped assumed deck, and another deck loaded from a file,
checked with errors that name the section and card."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import icecream
from icecream.core.errors import ScenarioError, SettingsError
from icecream.games.combo_cone.components import parse_components


def shipped() -> dict:
    folder = resources.files("icecream.games.combo_cone").joinpath("data")
    deck = json.loads(folder.joinpath("deck.json").read_text("utf-8"))
    deck["orders"] = json.loads(folder.joinpath("orders.json").read_text("utf-8"))["orders"]
    return deck


def write(tmp_path, data, name="deck.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_ccp2_another_deck_file_is_played(tmp_path):
    data = shipped()
    # Swap every vanilla for lemon and back: a different, valid deck.
    for c in data["ice_cream"]:
        c["flavour"] = {"vanilla": "lemon", "lemon": "vanilla"}.get(c["flavour"], c["flavour"])
    path = write(tmp_path, data)
    s = icecream.new_game("combo-cone", players=2, seed=1, deck=path)
    # The settings keep the file's data, not its path: saves carry it (issue 22).
    assert s.comps.ice_cream[0].flavour == 5  # lemon
    assert s.view(0).settings["deck"]["ice_cream"][0]["flavour"] == "lemon"
    assert s.settings.to_dict()["deck"] == s.comps.to_data()


def test_ccp2_a_deck_file_may_hold_only_orders(tmp_path):
    orders = shipped()["orders"]
    orders[0] = {"flavours": ["mint"], "coins": 7}
    s = icecream.new_game("combo-cone", players=2, seed=1,
                          deck=write(tmp_path, {"orders": orders}))
    assert s.comps.orders[0].coins == 7 and len(s.comps.ice_cream) == 112


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["ice_cream"].pop(), "112 Ice Cream cards, not 111"),
    (lambda d: d["ice_cream"][5].update(flavour="durian"),
     r"ice_cream\[5\]: unknown flavour 'durian'"),
    (lambda d: d["ice_cream"][7].update(brand="moon"), r"ice_cream\[7\]: unknown brand 'moon'"),
    (lambda d: d["ice_cream"][9].update(combo="sun"), r"ice_cream\[9\].combo: unknown brand"),
    (lambda d: d["ice_cream"][2].pop("combo"), r"ice_cream\[2\]: must be an object"),
    (lambda d: d.update(rainbow=9), "rainbow: the game has 10, not 9"),
    (lambda d: d.update(cones="15"), "cones: must be a whole number"),
    (lambda d: d["orders"].pop(), "52 Order cards, not 51"),
    (lambda d: d["orders"][3].update(flavours=[]),
     r"orders\[3\].flavours: an order asks for 1 to 4"),
    (lambda d: d["orders"][4].update(reward="hug"), r"orders\[4\].reward"),
    (lambda d: d["orders"][6].update(coins=-1), r"orders\[6\].coins"),
    (lambda d: d.update(extra=1), r"unknown section\(s\) \['extra'\]"),
])
def test_ccp2_bad_deck_files_name_what_is_wrong(tmp_path, change, message):
    data = shipped()
    change(data)
    with pytest.raises(SettingsError, match=message):
        icecream.new_game("combo-cone", players=2, seed=1, deck=write(tmp_path, data))


def test_ccp2_bad_json_and_bad_encoding_and_missing_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(SettingsError, match="not JSON"):
        icecream.new_game("combo-cone", players=2, seed=1, deck=str(bad))
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"note": "cr\u00e8me"}'.encode("latin-1"))
    with pytest.raises(SettingsError, match="not UTF-8"):
        icecream.new_game("combo-cone", players=2, seed=1, deck=str(latin))
    with pytest.raises(SettingsError, match="cannot read"):
        icecream.new_game("combo-cone", players=2, seed=1, deck=str(tmp_path / "none.json"))
    with pytest.raises(SettingsError, match="must be a JSON object"):
        parse_components([1, 2])
    with pytest.raises(SettingsError, match=r"deck must be a file path, the file's data "
                                            r"\(a JSON object\) or None \(CCP-2\)"):
        icecream.new_game("combo-cone", players=2, seed=1, deck=3)
    with pytest.raises(SettingsError, match="path to a deck file"):
        icecream.new_game("combo-cone", players=2, seed=1, deck=" ")


def test_ccp2_bad_deck_in_a_scenario_is_a_scenario_error(tmp_path):
    with pytest.raises(ScenarioError, match="settings: deck"):
        icecream.get_game("combo-cone").from_scenario(
            {"players": 2, "settings": {"deck": str(tmp_path / "none.json")}})
