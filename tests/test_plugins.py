"""Game plug-ins load safely: each ``icecream.games`` entry point on its own, a broken one
reported once (``plugin_problems()``, ``python -m icecream games``, the pages' game
pickers) while the others load, and a catalog key two packages define names both."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace

import pytest

import icecream
from icecream.core import messages, protocol
from icecream.core.errors import UnknownGame
from icecream.core.messages import CatalogClash, register_catalog, t

EXAMPLE = Path(__file__).parent / "example_game"


class FakeEntryPoint:
    """An entry point of the ``icecream.games`` group whose load runs ``load``."""

    def __init__(self, name: str, load, dist: str = "fake-games") -> None:
        self.name = name
        self.value = f"fake_{name}"
        self.group = "icecream.games"
        self.dist = SimpleNamespace(name=dist)
        self._load = load

    def load(self):
        return self._load()


@pytest.fixture
def fresh_registry(monkeypatch):
    """The registry as a new process has it, with the real games' modules already
    imported (their entry points load them again as cached modules)."""
    icecream.list_games()
    monkeypatch.setattr(protocol, "_GAMES", dict(protocol._GAMES))
    monkeypatch.setattr(protocol, "_PROBLEMS", {})
    monkeypatch.setattr(protocol, "_LOADED", False)
    monkeypatch.setattr(messages, "_EXTRA_CATALOGS", list(messages._EXTRA_CATALOGS))
    messages._catalog.cache_clear()
    yield
    messages._catalog.cache_clear()


def _with_entry_points(monkeypatch, *fakes: FakeEntryPoint) -> None:
    real = metadata.entry_points(group="icecream.games")

    def entry_points(group: str):
        assert group == "icecream.games"
        return [*real, *fakes]

    monkeypatch.setattr(metadata, "entry_points", entry_points)


def _raise_import_error():
    raise ImportError("No module named 'numpyy'")


def test_a_broken_plug_in_is_reported_once_and_the_other_games_load(fresh_registry,
                                                                      monkeypatch):
    calls = []

    def broken():
        calls.append(1)
        _raise_import_error()

    _with_entry_points(monkeypatch, FakeEntryPoint("broken-game", broken))
    games = icecream.list_games()
    assert {"ice-cream", "combo-cone", "gelato-mio"} <= set(games)
    assert icecream.list_games() == games  # a later call is not left empty
    problems = icecream.plugin_problems()
    assert [p.entry_point for p in problems] == ["broken-game"]
    assert problems[0].distribution == "fake-games"
    assert "ImportError: No module named 'numpyy'" in str(problems[0])
    assert calls == [1]  # tried once, reported once
    with pytest.raises(UnknownGame, match="broken-game.*was not loaded: ImportError"):
        icecream.get_game("broken-game")
    # Every text still reads.
    assert t("rule.IC-1.title", "nl") and t("ccp.flavour.mint") == "mint"


def test_a_plug_in_that_registers_then_fails_is_taken_out_again(fresh_registry, monkeypatch):
    spec = protocol._GAMES["ice-cream"]  # not get_game: that would load the registry now

    def half():
        import dataclasses

        protocol.register_game(dataclasses.replace(spec, name="half-game",
                                                   catalog_package=None))
        raise RuntimeError("setup failed after registering")

    _with_entry_points(monkeypatch, FakeEntryPoint("half-game", half))
    assert "half-game" not in icecream.list_games()
    assert "RuntimeError: setup failed" in icecream.plugin_problems()[0].error


def test_the_pages_game_pickers_name_a_broken_plug_in(fresh_registry, monkeypatch):
    from icecream.widgets import hooks

    _with_entry_points(monkeypatch, FakeEntryPoint("broken-game", _raise_import_error))
    en = hooks.plugin_notice("en")
    nl = hooks.plugin_notice("nl")
    assert "The game plug-in broken-game could not be loaded" in en and "numpyy" in en
    assert "De spel-plug-in broken-game kon niet worden geladen" in nl
    from icecream.widgets.controls import SettingsForm

    form = SettingsForm(lambda _f: None, lang="en")
    assert "broken-game" in form.plugin_note.value


def _notes(widget) -> list:
    """Every plug-in notice in ``widget``'s tree."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if "ic-plugin-note" in getattr(w, "_dom_classes", ()):
            out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


@pytest.mark.parametrize("lang,words", [("en", "The game plug-in broken-game could not be"),
                                        ("nl", "De spel-plug-in broken-game kon niet")])
def test_every_page_that_lists_games_names_a_broken_plug_in(fresh_registry, monkeypatch,
                                                              lang, words):
    # The tutorial, the quiz and the rulebook examples list games too (not only the play
    # form and the what-if picker): each names the broken plug-in once, in its language.
    from icecream.widgets.example_explorer import ExampleExplorer
    from icecream.widgets.quiz import QuizWidget
    from icecream.widgets.tutorial import TutorialWidget

    _with_entry_points(monkeypatch, FakeEntryPoint("broken-game", _raise_import_error))
    for page in (TutorialWidget(lang=lang), QuizWidget(count=1, seed=2, lang=lang),
                 ExampleExplorer(lang=lang)):
        (note,) = _notes(page)
        assert words in note.value and "numpyy" in note.value, type(page).__name__
        assert note.layout.display != "none"


def test_the_pages_show_no_notice_when_every_game_loaded():
    from icecream.widgets.example_explorer import ExampleExplorer
    from icecream.widgets.quiz import QuizWidget
    from icecream.widgets.tutorial import TutorialWidget

    for page in (TutorialWidget(), QuizWidget(count=1), ExampleExplorer()):
        (note,) = _notes(page)
        assert note.value == "" and note.layout.display == "none", type(page).__name__


def test_no_notice_when_every_game_loaded():
    from icecream.widgets import hooks

    assert icecream.plugin_problems() == []
    assert hooks.plugin_notice("en") == ""


def _catalog_package(tmp_path: Path, name: str, words: dict[str, str]) -> str:
    import json

    root = tmp_path / name
    for lang in ("en", "nl"):
        (root / lang).mkdir(parents=True)
        (root / lang / "words.json").write_text(json.dumps(words), "utf-8")
    (root / "__init__.py").write_text("")
    return name


def test_a_catalog_key_two_packages_define_names_both_and_breaks_no_other_text(
        fresh_registry, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _catalog_package(tmp_path, "clashing_words", {"ccp.flavour.mint": "menthe",
                                                            "clash.own": "own"})
    with pytest.raises(CatalogClash) as err:
        register_catalog(package)
    text = str(err.value)
    assert "'ccp.flavour.mint'" in text
    assert "icecream.games.combo_cone.i18n" in text and "clashing_words" in text
    assert package not in messages.catalog_packages()
    assert t("ccp.flavour.mint") == "mint" and t("word.and", "nl") == "en"


def test_a_game_whose_words_clash_is_refused_as_a_broken_plug_in(fresh_registry, tmp_path,
                                                                  monkeypatch):
    import dataclasses

    monkeypatch.syspath_prepend(str(tmp_path))
    package = _catalog_package(tmp_path, "clashing_game_words", {"word.and": "und"})
    spec = dataclasses.replace(protocol._GAMES["ice-cream"], name="clashing-game",
                               catalog_package=package)
    _with_entry_points(monkeypatch, FakeEntryPoint(
        "clashing-game", lambda: protocol.register_game(spec)))
    assert "clashing-game" not in icecream.list_games()
    (problem,) = icecream.plugin_problems()
    assert "CatalogClash" in problem.error and "'word.and'" in problem.error
    assert "icecream.i18n" in problem.error and "clashing_game_words" in problem.error
    assert t("word.and") == "and"


def test_installed_broken_plug_in_beside_working_ones_on_the_command_line(tmp_path):
    # Two installed distributions as pip leaves them: a working game (Tub) and a broken one.
    for dist, entry in (("tub_game-0.1", "tub = tub"), ("broken_game-0.1", "broken = broken")):
        info = tmp_path / f"{dist}.dist-info"
        info.mkdir()
        name = dist.split("-")[0].replace("_", "-")
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
        (info / "entry_points.txt").write_text(f"[icecream.games]\n{entry}\n")
    (tmp_path / "broken.py").write_text("import numpyy  # a typo in a plug-in\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(EXAMPLE)]))
    run = subprocess.run([sys.executable, "-m", "icecream", "games"], capture_output=True,
                         text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == [
        "combo-cone", "gelato-mio", "ice-cream", "tub"]
    broken = [line for line in lines if line.startswith("not loaded:")]
    assert broken == ["not loaded: game plug-in 'broken' (broken, from broken-game) was not "
                      "loaded: ModuleNotFoundError: No module named 'numpyy'"]
    sim = subprocess.run([sys.executable, "-m", "icecream", "simulate", "--game", "tub",
                          "--players", "2", "--games", "3"], capture_output=True, text=True,
                         env=env, timeout=120)
    assert sim.returncode == 0, sim.stderr


def test_a_spec_missing_required_fields_is_refused_at_registration_naming_each(
        fresh_registry, monkeypatch):
    import dataclasses

    from icecream.core.protocol import GameSpecError

    spec = dataclasses.replace(protocol._GAMES["ice-cream"], name="half-done", title="",
                               min_players=3, max_players=2, new_state=None,
                               catalog_package=None)
    with pytest.raises(GameSpecError) as err:
        protocol.register_game(spec)
    text = str(err.value)
    assert text.startswith("game 'half-done' cannot be registered: no title")
    assert "player range 3..2 is empty" in text and "new_state is not callable" in text
    assert "\n" not in text and "half-done" not in protocol._GAMES
    _with_entry_points(monkeypatch, FakeEntryPoint(
        "half-done", lambda: protocol.register_game(spec)))
    assert "half-done" not in icecream.list_games()
    assert "GameSpecError: game 'half-done' cannot be registered" in \
        icecream.plugin_problems()[0].error
