"""What a newcomer learning each game from the notebooks alone tripped over (issue 21,
"Teaching gaps" and "Dutch"), checked where a test can see it: rule texts written for players
with the settings apart, the complete one-page summary, the notebooks' words against what the
engine draws and prints, the new worked examples, and Dutch without English leftovers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from icecream.core.messages import catalog, has_message, t
from icecream.core.protocol import get_game, list_games
from icecream.games.combo_cone import EXAMPLES as CCP_EXAMPLES
from icecream.games.gelato_mio import EXAMPLES as GM_EXAMPLES
from icecream.games.ice_cream import EXAMPLES as IC_EXAMPLES
from icecream.games.ice_cream import RULES as IC_RULES
from icecream.games.ice_cream import load_scenario
from icecream.games.ice_cream.render import CLICK, render_svg
from icecream.teach.lesson import game_title, rules_html, summary_html
from icecream.teach.quiz import make_quiz

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = ("en", "nl")


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"]


def _markdown(name: str) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(name) if c["cell_type"] == "markdown")


def _outputs(cell: dict) -> str:
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", []))


# -- rule texts are for players; settings are a separate note (IC-4, IC-10, IC-15) --------
ENGINE_WORDS = re.compile(r"\bengine\b|\ba setting\b|what-if|default seat|=|\bvariant\b \w+[ =]"
                          r"|het programma|\binstelling\b|standaard plaats|wat-als", re.I)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list_games())
def test_rule_texts_carry_no_settings_talk_ic4_ic10_ic15(game, lang):
    spec = get_game(game)
    rules = spec.rules
    for ruleset in (None, *spec.rulesets):
        for rid in rules:
            rule = rules[rid]
            if rule.source == "project":
                continue
            text = rule.text(lang, ruleset=ruleset)
            assert not ENGINE_WORDS.search(text), f"{game} {rid} ({lang}, {ruleset}): {text}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list_games())
def test_every_setting_is_named_in_its_rules_settings_note(game, lang):
    # Named as the new-game form shows it, in the reader's language (issue 31: no code
    # names such as "close: 'scoop'" in a Dutch sentence); a setting the form does not
    # show (a file to load from Python) keeps its code name.
    spec = get_game(game)
    for name, rid in spec.setting_rules.items():
        if name == "players":  # the player count is the rule itself (IC-1, CCP-1, GM-1)
            continue
        key = f"setting.{game}.{name}"
        label = re.sub(r" \([A-Z]+-\d+\)$", "", t(key, lang)) if has_message(key, lang) else name
        assert label in spec.rules[rid].settings_note(lang), (game, rid, label, lang)


def test_rules_html_lists_the_settings_after_the_rules_ic4():
    html = rules_html("ice-cream", ["IC-4", "IC-5"])
    rule, _, notes = html.partition('class="ic-settings-notes"')
    assert "First dealer" not in rule and "First dealer" in notes
    assert "IC-5</b>:" not in notes  # a rule without a setting gets no note


# -- notebook 00: the summary is complete -------------------------------------------------
SUMMARY_WORDS = {
    "en": ("face up", "first dealer", "must keep that replacement", "must place it",
           "draws an Ice Cream card, face up", "go back to the Scoop deck",
           "all scoops of one flavour on one card", "on a tie"),
    "nl": ("open", "eerste startspeler", "die vervangende kaart moet hij houden",
           "moet het neerleggen", "die open komt te liggen", "terug in de stapel ijsbolletjes",
           "alle bolletjes van één smaak op één kaart", "bij een gelijke stand"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_notebook_00_summary_names_every_rule_a_newcomer_needs_ic4_ic11_ic14(lang):
    html = summary_html("ice-cream", lang)
    for rid in ("IC-3", "IC-4", "IC-5", "IC-7", "IC-11", "IC-12", "IC-13", "IC-14", "IC-15"):
        assert rid in html, (lang, rid)
    for words in SUMMARY_WORDS[lang]:
        assert words in html, (lang, words)
    cells = _cells("00_rules_summary.ipynb")
    assert any("summaries_html()" in "".join(c["source"]) for c in cells)


def test_no_notebook_calls_the_summary_every_rule_in_full():
    for path in NOTEBOOKS.glob("*.ipynb"):
        text = _markdown(path.name)
        assert not re.search(r"summary[^.]*with every rule in full", text), path.name


def test_the_game_is_named_ijs_in_dutch():
    assert game_title("ice-cream", "nl") == "IJs"
    assert "<h2>IJs:" in summary_html("ice-cream", "nl")
    assert game_title("ice-cream", "en") == "Ice Cream"


# -- notebook 01 (Ice Cream) ---------------------------------------------------------------
def test_notebook_01_names_the_frames_the_picture_draws_ic9():
    words = _markdown("01_learn_ice_cream.ipynb")
    assert "green" not in words
    assert "solid blue frame" in words and "dashed\nblue frame" in words
    s = load_scenario({"players": ["Ann", "Bob", "Cy"], "phase": "serving", "dealer": 0,
                       "to_act": 0,
                       "hands": [{"face_up": ["strawberry"]}, {"face_up": ["vanilla"]},
                                 {"face_up": ["chocolate"]}],
                       "cones": [["strawberry"], ["strawberry", "pistachio"]]})
    svg = render_svg(s, 0)
    exact = re.search(r'class="ic-tag ic-tag-exact"', svg)
    assert exact and f'stroke="{CLICK}"' in svg and CLICK == "#0072B2"  # blue, not green


def test_notebook_01_explains_no_on_close_cones_badges_and_borders_ic9_ic11():
    words = _markdown("01_learn_ice_cream.ipynb")
    assert "A close cone is marked *no* whenever an\nexact cone exists" in words
    assert "thick\nborder" in words and "number badge" in words
    s = load_scenario({"players": ["Ann", "Bob", "Cy"], "phase": "serving", "dealer": 0,
                       "to_act": 0,
                       "hands": [{"face_up": ["strawberry"]}, {"face_up": ["vanilla"]},
                                 {"face_up": ["chocolate"]}],
                       "cones": [["strawberry"], ["strawberry", "pistachio"]]})
    close = [o for o in s.options() if not o.allowed and o.rule == "IC-9"]
    assert close and "exactly" in s.describe(close[0].action)
    svg = render_svg(s, 0)
    assert re.findall(r'class="ic-tag ic-tag-(\w+)"', svg) == ["exact", "no"]
    assert "<title>Cone 2 is only close, and you can serve cone 1 exactly" in svg  # the reason


def test_notebook_01_says_why_anns_other_strawberry_is_no_duplicate_ic13():
    words = _markdown("01_learn_ice_cream.ipynb")
    assert "docs/rules-notes.md" not in words
    assert "is not a duplicate" in words and "discarded **first**" in words


def test_the_lessons_quiz_uses_the_lessons_names():
    names = ["Ann", "Bob", "Cy"]
    quiz = make_quiz("ice-cream", count=6, seed=1, players=names)
    assert all("Player " not in q.prompt for q in quiz)
    assert any(name in quiz[0].prompt for name in names)
    source = "".join("".join(c["source"]) for c in _cells("01_learn_ice_cream.ipynb"))
    assert "QuizWidget(count=6, seed=1, players=NAMES)" in source
    for name in ("05_learn_combo_cone_paradise.ipynb", "06_learn_gelato_mio.ipynb"):
        source = "".join("".join(c["source"]) for c in _cells(name))
        calls = re.findall(r"QuizWidget\([^)]*\)", source)
        assert calls and all("players=" in call for call in calls), name


# -- notebook 05 (Combo Cone Paradise) -----------------------------------------------------
def test_ccp_serve_is_placements_on_any_cone_ccp8():
    text = get_game("combo-cone").rules["CCP-8"].text()
    assert "any of their Cones" in text and "another Cone" in text
    for lang in LANGS:
        for key, value in catalog(lang).items():
            assert "one per Cone" not in str(value) and "één per Hoorntje" not in str(value), key
    words = _markdown("05_learn_combo_cone_paradise.ipynb")
    assert "one placement per Cone" not in words and "**another** of your Cones" in words


def test_ccp_example_a_rainbow_on_a_card_fills_a_reserved_order_ccp7_ccp8_ccp9():
    ex = CCP_EXAMPLES["rainbow_reserved"]
    states = ex.play()
    start, end = states[0], states[-1]
    assert start.reserved[0] and not end.reserved[0]          # the reserved order was filled
    assert end.coins[0] == 5
    rainbow = " ".join(states[2].event_texts(0))
    assert "Combo!" in rainbow and "a Rainbow on mint" in rainbow  # placed on a card: a combo
    for lang in LANGS:
        assert ex.title(lang) and ex.outcome(lang) and ex.rulebook_text(lang)


def test_notebook_05_prints_both_fills():
    cells = _cells("05_learn_combo_cone_paradise.ipynb")
    both = [c for c in cells if "for k in (6, 7)" in "".join(c["source"])]
    assert len(both) == 1
    assert len(re.findall(r"\n    Ann fills the .* with cone \d", _outputs(both[0]))) == 2


@pytest.mark.parametrize("lang", LANGS)
def test_no_day_in_a_game_without_days_ccp11(lang):
    for key, value in catalog(lang).items():
        if key.startswith("ccp."):
            assert "end of the day" not in str(value) and "einde van de dag" not in str(value)


# -- notebook 06 (Gelato Mio) ---------------------------------------------------------------
def test_gm_display_is_only_the_grid_gm3_gm4():
    for key, value in catalog("en").items():
        if key.startswith(("gm.", "rule.GM", "teach.gm")):
            assert "on display" not in str(value), key
    words = _markdown("06_learn_gelato_mio.ipynb")
    assert "waits on display" not in words and "pile 1" in words


def test_gm_rules_say_pairs_rounding_and_the_turn_ending_gm5_gm9():
    rules = get_game("gelato-mio").rules
    assert "three identical cards are one pair" in rules["GM-9"].text()
    gm5 = rules["GM-5"].text()
    assert gm5.count("rounded down") == 2 and "the turn ends" in gm5
    words = _markdown("06_learn_gelato_mio.ipynb")
    assert "three identical cards make one pair" in words and "**the turn ends**" in words


def test_gm_example_claims_an_objective_gm7():
    ex = GM_EXAMPLES["claim_objective"]
    before, after = ex.play()
    assert after.claimed[0] == 0 and before.claimed[0] != 0
    assert "claims the 5-point objective" in " ".join(after.event_texts(0))
    for lang in LANGS:
        assert ex.title(lang) and ex.outcome(lang) and ex.step_note(0, lang)


def test_notebook_06_final_score_shows_served_customers_balls_gm8():
    cells = _cells("06_learn_gelato_mio.ipynb")
    out = "".join(_outputs(c) for c in cells if "final[-1]" in "".join(c["source"]))
    assert "served one_ball_cone_s1 (balls: 1 strawberry)" in out
    assert "balls in all (GM-8)" in out


# -- every example has its captions, in both languages --------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_example_has_its_captions(lang):
    for examples in (IC_EXAMPLES, CCP_EXAMPLES, GM_EXAMPLES):
        for eid, ex in examples.items():
            assert ex.title(lang) and ex.outcome(lang), (eid, lang)
            for k in range(len(ex.steps)):
                if ex.step_note(k, "en"):
                    assert ex.step_note(k, lang), (eid, k, lang)


# -- Dutch: IJs (01_leer_ijs) and the catalog ----------------------------------------------
def test_leer_ijs_glossary_says_one_card_per_flavour_ic9():
    words = _markdown("01_leer_ijs.ipynb")
    assert "van elk bolletje op het hoorntje heb je een roomijskaart" not in words
    assert "één kaart per smaak is genoeg" in words


def test_leer_ijs_headings_cite_only_rules_their_section_shows():
    cells = _cells("01_leer_ijs.ipynb")
    for k, cell in enumerate(cells):
        head = "".join(cell["source"]).split("\n")[0]
        span = re.search(r"\(IC-(\d+) \.\.\. IC-(\d+)\)", head) if head.startswith("##") else None
        if not span:
            continue
        shown = "".join("".join(c["source"]) for c in cells[k + 1:k + 3])
        for n in range(int(span[1]), int(span[2]) + 1):
            assert f'"IC-{n}"' in shown, (head, n)


def test_leer_ijs_calques_are_gone():
    words = _markdown("01_leer_ijs.ipynb")
    for calque in ("rulings", "Het speelt met de regelversie", "een naam die spelers kunnen lezen",
                   "hoorntje is *nee*", "die elke kaart toont en dat zegt", "IJs spelen*"):
        assert calque not in words, calque
    assert t("dashboard.play.title", "nl") in words


def test_ijs_quote_and_engine_agree_where_a_close_cones_scoops_go_ic10():
    quote = IC_RULES["IC-10"].text("nl", ruleset="ijs")
    assert "worden dan afgelegd" in quote and "terug in de stapel ijsbolletjes" in quote
    s = load_scenario({"players": ["Anna", "Bram", "Cor"], "settings": {"ruleset": "ijs"},
                       "phase": "serving",
                       "hands": [{"face_up": ["strawberry"]}, {"face_up": ["vanilla"]},
                                 {"face_up": ["chocolate"]}],
                       "cones": [["strawberry", "pistachio", "pistachio"]],
                       "ice_cream_deck": ["vanilla"]})
    after = s.apply({"type": "serve", "cone": 1})
    assert "terug in de stapel ijsbolletjes" in " ".join(after.event_texts(0, "nl"))


def test_leer_ijs_shows_duplicates_at_scoring_ic13():
    cells = _cells("01_leer_ijs.ipynb")
    out = "".join(_outputs(c) for c in cells if "PUNTEN" in "".join(c["source"]))
    assert "Anna scoort 3 voor geleverde bolletjes en 1 voor ingeleverde dubbele kaarten" in out


def test_swap_is_one_word_in_dutch_ic5():
    nl = catalog("nl")
    assert nl["widgets.svg.button_swap"] == "Ruilen"
    for key in ("ic.why.swap", "ic.event.swap", "teach.action.ic.swap", "teach.ic.define.delivery"):
        assert "ruil" in nl[key].lower() and "weiger" not in nl[key].lower(), key


def test_dutch_table_labels_fit_where_the_english_ones_do():
    for key, params in (("widgets.svg.cone", {"cone": 12}), ("widgets.svg.new_cone", {})):
        assert len(t(key, "nl", **params)) <= len(t(key, "en", **params)), key

    def badges(lang: str) -> str:  # a player's badge line: dealer, to act, scoops today
        return " · ".join((t("widgets.svg.dealer", lang), t("widgets.svg.acting", lang),
                           t("widgets.svg.served_today", lang, count=2)))

    assert len(badges("nl")) <= len(badges("en"))


#: English words that never belong in a Dutch sentence shown on a page.
ENGLISH = re.compile(r"\b(the|and|you|your|cards?|player|scoops?|cones?|rulings?|engine|"
                     r"settings?|which|with|from)\b", re.I)
#: Keys a page shows (events, reasons, rules, lessons, table words).
SHOWN = ("ic.event", "ic.why", "ccp.event", "ccp.why", "gm.event", "gm.why", "rule.",
         "teach.ic.", "teach.ccp.", "teach.gm.", "teach.lesson", "widgets.svg")


def _texts(value) -> list[str]:
    return [value] if isinstance(value, str) else [v for k, v in value.items() if k != "param"]


def test_dutch_page_texts_have_no_english_leftovers():
    found = []
    for key, value in catalog("nl").items():
        if not key.startswith(SHOWN) or key.endswith((".settings", ".title")):
            continue  # settings notes name settings as code (first_dealer); titles are names
        for text in _texts(value):
            plain = re.sub(r"\{[^}]*\}|'[^']*'|‘[^’]*’|\([^)]*Engels[^)]*\)", "", text)
            if ENGLISH.search(plain):
                found.append(f"{key}: {text}")
    assert not found, "\n".join(found)
