"""Lesson texts, the printable summary and its export, narration, and the teaching notebooks'
form (scaffolding hidden, nbval still checking it)."""

from __future__ import annotations

import json
import subprocess
import sys
from html import unescape
from pathlib import Path

import nbformat
import pytest

import icecream
from icecream.core.messages import catalog, languages, t
from icecream.games.ice_cream import RULES
from icecream.teach.lesson import (
    components,
    flavours,
    glossary,
    goal,
    narrate,
    narration_text,
    overview_html,
    players_text,
    rule_texts,
    rules_html,
    summary_html,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def test_overview_opens_with_goal_players_components_flavours_glossary() -> None:
    html = overview_html("ice-cream")
    order = [html.index(goal("ice-cream")), html.index(players_text("ice-cream")),
             html.index(components("ice-cream")[0]), html.index("black raspberry"),
             html.index(glossary("ice-cream")[0][1])]
    assert order == sorted(order), "goal first, then players, components, flavours, glossary"
    assert players_text("ice-cream") == ("3 to 5 players. 2 players is a house variant (IC-1), "
                                         "not in the rulebook.")
    assert len(flavours("ice-cream")) == 6
    terms = [term for term, _ in glossary("ice-cream")]
    assert {"Exact cone", "Close cone", "Duplicate", "Held flavours"} <= set(terms)


def test_every_rule_text_is_reachable_in_full() -> None:
    html = rules_html("ice-cream")
    for rule_id in RULES:
        assert RULES[rule_id].text().replace("'", "&#x27;") in html, rule_id
    assert [cite for cite, _ in rule_texts("ice-cream", ["IC-8", "IC-12", "IC-15"])] == [
        "IC-8 Held flavours", "IC-12 End of phase 3", "IC-15 End"]
    assert "IC-16" not in summary_html("ice-cream")  # one page: the rules in full are apart
    assert RULES["IC-16"].text() in summary_html("ice-cream", all_rules=True)


def test_narration_keeps_a_seats_secrets_ic6() -> None:
    s = icecream.new_game("ice-cream", players=["Ann", "Bob", "Cy"], seed=7)
    actions = [{"type": "keep"}] * 3
    teacher = narration_text(narrate(s, actions))
    ann = narration_text(narrate(s, actions, seat=0))
    assert "Ann keeps the card" in teacher and "Ann keeps the card" in ann
    # Phase 2 starts after the third keep: same public words for both readers.
    assert teacher.count("\n") == ann.count("\n")
    beats = narrate(s, actions, seat=0)
    assert [b.player for b in beats] == ["Ann", "Bob", "Cy"]


def test_narration_checks_each_action() -> None:
    s = icecream.new_game("ice-cream", players=3, seed=7)
    with pytest.raises(icecream.IllegalAction):
        narrate(s, [{"type": "draw"}])


def test_summary_notebook_exports_to_html_without_code(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--no-input",
                    "--execute", str(NOTEBOOKS / "00_rules_summary.ipynb"), "--output-dir",
                    str(tmp_path)], check=True, capture_output=True, timeout=300)
    html = unescape((tmp_path / "00_rules_summary.html").read_text("utf-8"))
    for game in icecream.list_games():  # one page per game
        assert goal(game) in html, game
    for step in ("Phase 1, deliveries", "Phase 4, score", "End (IC-15)"):
        assert step in html
    assert "summary_html" not in html and "from icecream" not in html  # no code printed


# -- the notebooks' form ---------------------------------------------------------------------
TEACHING = ["00_rules_summary", "01_learn_ice_cream", "02_rulebook_examples", "04_what_if"]


@pytest.mark.parametrize("name", TEACHING)
def test_scaffolding_is_hidden_and_outputs_only_where_checked(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        checked = "NBVAL_CHECK_OUTPUT" in cell.source
        raw = checked or ".options()" in cell.source or "def " in cell.source
        if raw:  # test scaffolding and raw API calls stay out of what learners read
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, cell.source
            assert "hide-input" in cell.metadata.get("tags", []), cell.source
        if checked:
            assert cell.outputs, f"{name}: a checked cell stores the output nbval compares"
        else:
            assert cell.outputs == [], f"{name}: committed without outputs"


def test_learn_notebook_opens_with_the_goal_and_shows_the_three_rules() -> None:
    nb = nbformat.read(NOTEBOOKS / "01_learn_ice_cream.ipynb", as_version=4)
    first_code = next(c for c in nb.cells if c.cell_type == "code")
    assert "overview_html" in first_code.source  # goal, players, components, glossary first
    shown = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for rule in ("IC-8", "IC-12", "IC-15"):
        assert f'"{rule}"' in shown, rule
    text = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    # Both endings of phase 3 (IC-12) and the game's end with its tie-break (IC-15).
    assert t("ic.event.all_served") in text
    assert t("ic.event.no_action", player="Cy") in text
    end = next(line for line in text.splitlines() if "(IC-15)" in line)
    assert "Bob" in end and "Ann" in end


def test_teach_catalog_keys_exist_in_every_language() -> None:
    en = json.loads((ROOT / "icecream/i18n/en/teach.json").read_text("utf-8"))
    for lang in languages():
        lang_dir = ROOT / "icecream/i18n" / lang
        path = lang_dir / "teach.json"
        if lang != "en":
            assert path.exists(), f"{lang_dir.name} has no teach.json"
            other = json.loads(path.read_text("utf-8"))
            assert set(other) == set(en), set(en) ^ set(other)
    assert all(k.startswith("teach.") for k in en)
    assert set(en) <= set(catalog("en"))


def test_everything_teach_makes_speaks_dutch_too() -> None:
    from icecream.teach.hints import hint
    from icecream.teach.quiz import grade, make_quiz

    quiz = make_quiz("ice-cream", count=5, seed=1, lang="nl")
    assert {q.kind for q in quiz} == {"serve_cones", "day_points", "allowed_options",
                                      "scores_after", "next_player"}
    for q in quiz:
        lines = grade(q, q.answer).lines()
        assert lines[0] == t("teach.quiz.right", "nl")
    assert "Smaken" in overview_html("ice-cream", "nl")
    assert "aardbei" in overview_html("ice-cream", "nl")
    h = hint(icecream.new_game("ice-cream", players=3, seed=2), samples=5, lang="nl")
    assert t("teach.action.ic.keep", "nl") in h.text()


@pytest.mark.parametrize("game", icecream.list_games())
def test_every_game_has_its_lesson_texts(game: str) -> None:
    for lang in ("en", "nl"):
        html = unescape(summary_html(game, lang))
        assert goal(game, lang) and components(game, lang) and glossary(game, lang)
        assert all(name in html for name in flavours(game, lang))
        spec = icecream.get_game(game)
        low = spec.min_rulebook_players or spec.min_players
        assert players_text(game, lang).startswith(f"{low} ")
