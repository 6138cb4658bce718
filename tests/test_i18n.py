"""Dutch is a first-class language: every catalog file has its twin, placeholders agree,
plurals come from Babel's CLDR rules, numbers are written the language's way, and the IJs
ruleset words its rules in the Dutch summary's own words (IC-10 "slechts één afwijkende
smaak")."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

import icecream
from icecream.core.messages import (
    DEFAULT_LANGUAGE,
    Message,
    UnknownLanguage,
    catalog,
    catalog_files,
    format_number,
    get_language,
    in_language,
    languages,
    plural_forms,
    set_language,
    t,
)
from icecream.games.ice_cream import RULES

SUMMARY = Path("/work/shared/rulebooks/ijs.nl.txt")
ROOT = Path(icecream.__file__).parent / "i18n"


def _forms(value) -> dict[str, str]:
    """A catalog value's texts: one for a plain string, one per plural form otherwise."""
    if isinstance(value, str):
        return {"": value}
    return {k: v for k, v in value.items() if k != "param"}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _placeholders(value) -> set[str]:
    out: set[str] = set()
    for text in _forms(value).values():
        out |= _fields(text)
    return out


def _file_pairs() -> list[tuple[str, str]]:
    """(language, file name) for every catalog file of a language other than English."""
    return [(lang, name) for lang in languages() if lang != "en"
            for name in sorted(catalog_files(lang))]


def test_both_languages_have_the_same_catalog_files():
    assert {"en", "nl"} <= set(languages())
    en = set(catalog_files("en"))
    assert {"engine.json", "widgets.json", "explore.json", "dashboards.json"} <= en
    for lang in languages():
        assert set(catalog_files(lang)) == en, f"{lang} catalog files differ from en"


@pytest.mark.parametrize("lang,name", _file_pairs())
def test_every_key_of_a_file_exists_in_its_twin(lang, name):
    # Per file pair, so a game's own catalog file (combo_cone.json...) is checked too.
    en = catalog_files("en")[name]
    other = catalog_files(lang)[name]
    assert sorted(set(en) - set(other)) == [], f"{lang}/{name} lacks these keys"
    assert sorted(set(other) - set(en)) == [], f"{lang}/{name} has keys en/{name} lacks"


@pytest.mark.parametrize("lang,name", _file_pairs())
def test_placeholders_match_in_every_form(lang, name):
    en = catalog_files("en")[name]
    other = catalog_files(lang)[name]
    bad = []
    for key in en.keys() & other.keys():
        allowed = _placeholders(en[key])
        if _placeholders(other[key]) != allowed:
            bad.append((key, sorted(allowed), sorted(_placeholders(other[key]))))
        for form, text in _forms(other[key]).items():
            if not _fields(text) <= allowed:
                bad.append((key, form, sorted(_fields(text) - allowed)))
        # A plural entry is chosen by the same parameter in both languages.
        if isinstance(other[key], dict) and isinstance(en[key], dict):
            assert other[key].get("param", "count") == en[key].get("param", "count"), key
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_plural_entries_have_the_forms_the_language_needs(lang):
    needed = plural_forms(lang)
    assert needed == {"one", "other"}
    for key, value in catalog(lang).items():
        if isinstance(value, dict):
            forms = set(value) - {"param"}
            assert forms == needed, f"{lang} {key}: forms {sorted(forms)}, needs {sorted(needed)}"
            assert isinstance(value.get("param", "count"), str), key


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_no_text_writes_a_plural_by_hand(lang):
    # "card(s)", "kaart(en)": plurals are Babel's job. Quotations of the Dutch summary
    # may elide ("[…]") but never carry "(en)".
    pattern = re.compile(r"\w\((s|es|en|n)\)")
    for key, value in catalog(lang).items():
        for text in _forms(value).values():
            assert not pattern.search(text), f"{lang} {key}: {text}"


def test_no_dutch_text_is_left_in_english():
    en, nl = catalog("en"), catalog("nl")
    # Texts that are the same in both languages on purpose: names, numbers, the initials
    # of flavours whose Dutch name starts alike (chocolade, pistache, vanille).
    same_ok = {"widgets.scores.day_points", "widgets.label.bot", "widgets.svg.score",
               "explore.ui.bots", "widgets.form.names_hint", "initials.chocolate",
               "initials.pistachio", "initials.vanilla",
               "widgets.label.seat_view"}  # a seat's view is named by the player's name alone
    same = sorted(k for k in en if en[k] == nl[k] and k not in same_ok)
    assert same == []


def test_plural_forms_chosen_by_babel_in_both_languages():
    m = Message("event.reshuffle", {"count": 1})
    assert m.text("en") == "The discarded Ice Cream card is shuffled back into the deck (IC-5)."
    assert m.text("nl") == "De afgelegde roomijskaart wordt terug in de stapel geschud (IC-5)."
    m = Message("event.reshuffle", {"count": 3})
    assert m.text("nl") == "De 3 afgelegde roomijskaarten worden terug in de stapel geschud (IC-5)."
    # A list parameter chooses by its length (<name>_count).
    two = Message("why.must_serve", {"cones": [1, 3]})
    assert two.text("en") == ("You must serve one of cones 1 and 3, which you can serve "
                              "exactly, so you cannot draw (IC-9).")
    assert "een van de hoorntjes 1 en 3" in two.text("nl")
    one = Message("why.must_serve", {"cones": [2]})
    assert one.text("nl").startswith("Je moet hoorntje 2 bedienen")
    # Zero is "other" in both languages: "0 punten", "0 points".
    zero = Message("event.score", {"player": 0, "scoops": 0, "dupes": 0, "points": 0,
                                   "total": 0})
    assert "0 punten" in zero.text("nl", names=["Ann"])
    assert "0 points" in zero.text("en", names=["Ann"])


def test_winners_are_seats_rendered_in_the_language_IC_15():
    # The game's end says who won and by which step of IC-15's tie-break.
    m = Message("event.game_over_shared", {"winners": [0, 2], "score": 8, "cards": 2})
    assert m.text("nl", names=["Ann", "Bob", "Cy"]) == (
        "De laatste dag is voorbij. Ann en Cy staan gelijk met 8 punten en hebben evenveel "
        "roomijskaarten (2): zij delen de overwinning (IC-15).")
    assert m.text("en", names=["Ann", "Bob", "Cy"]).endswith(
        "Ann and Cy tie with 8 points and hold as many Ice Cream cards (2): they share the "
        "win (IC-15).")
    one = Message("event.game_over", {"winners": [1], "score": 9})
    assert one.text("nl", names=["Ann", "Bob"]) == (
        "De laatste dag is voorbij. Winnaar: Bob, met 9 punten (IC-15).")
    cards = Message("event.game_over_cards", {"winners": [1], "tied": [0, 1], "score": 9,
                                               "cards": 3})
    assert "Ann en Bob staan gelijk" in cards.text("nl", names=["Ann", "Bob"])


def test_numbers_are_formatted_by_babel():
    assert format_number(1.5, "nl") == "1,5"
    assert format_number(1.5, "en") == "1.5"
    assert format_number(0.256, "nl", ".0%") == "26%"
    assert format_number(0.2555, "en", ".1%") == "25.6%"
    assert format_number(1234.5, "nl", ".2f") == "1.234,50"
    assert format_number(1234.5, "en", ".2f") == "1,234.50"
    assert format_number(0.5, "nl", "+.1f") == "+0,5"
    assert format_number(-0.5, "nl", "+.1f") == "-0,5"
    assert format_number(7, "nl") == "7"  # whole numbers plainly: counts, seats, days
    with pytest.raises(ValueError, match="not supported"):
        format_number(1.5, "nl", "e")


def test_float_parameters_render_the_language_way():
    assert t("explore.ui.done_compare", "nl", games=200, secs=1.5) == (
        "200 spellen van elke instelling gespeeld in 1,5 s.")
    assert t("explore.ui.done_compare", "en", games=200, secs=1.5) == (
        "Played 200 games of each setting in 1.5 s.")


def test_unknown_language_is_a_clear_error_listing_the_known_ones():
    for bad in ("fr", "", "NL"):
        with pytest.raises(UnknownLanguage, match="known languages: en, nl"):
            t("ui.day", bad, day=1)
    with pytest.raises(UnknownLanguage, match="'de'"):
        set_language("de")
    assert get_language() == "en"  # nothing half-applied
    s = icecream.new_game("ice-cream", players=3, seed=1)
    with pytest.raises(UnknownLanguage, match="known languages"):
        s.event_texts(None, "xx")


def test_set_language_is_the_default_of_every_text():
    s = icecream.new_game("ice-cream", players=3, seed=1, ruleset="ijs")
    english = s.event_texts(None)
    old = set_language("nl")
    try:
        assert old == "en" and get_language() == "nl"
        assert s.event_texts(None)[0].startswith("Voorbereiding:")
        assert s.describe(s.legal_actions()[0]) == s.describe(s.legal_actions()[0], "nl")
        assert RULES["IC-10"].title() == "Bijna passend hoorntje"
        assert s.event_texts(None, "en") == english  # an explicit language still wins
    finally:
        set_language(old)
    assert s.event_texts(None) == english
    with in_language("nl"):
        assert t("ui.day", day=3) == "Dag 3"
        assert DEFAULT_LANGUAGE == "en"  # the default still reads as a language code
    assert t("ui.day", day=3) == "Day 3"


def test_top_level_api_offers_the_language():
    assert icecream.languages() == ["en", "nl"]
    with icecream.in_language("nl"):
        assert icecream.get_language() == "nl"
    assert icecream.set_language("en") == "en"


def _summary() -> str:
    return " ".join(SUMMARY.read_text("utf-8").split())


def test_ijs_ruleset_quotes_the_dutch_summary_IC_10():
    text = RULES["IC-10"].text("nl", ruleset="ijs")
    assert "slechts één afwijkende smaak" in text
    assert RULES["IC-10"].title("nl", ruleset="ijs") == "Eén afwijkende smaak"
    # Without the ruleset, or for a rule the summary does not word, the general text.
    assert RULES["IC-10"].text("nl") != text
    assert RULES["IC-1"].text("nl", ruleset="ijs") == RULES["IC-1"].text("nl")
    assert RULES["IC-10"].text("nl", ruleset="rulebook") == RULES["IC-10"].text("nl")


@pytest.mark.skipif(not SUMMARY.exists(), reason="the shared rulebooks are not mounted")
def test_every_ijs_quotation_is_the_summarys_own_wording():
    summary = _summary()
    worded = RULES.worded_by("ijs", "nl")
    assert {r.id for r in worded} >= {"IC-5", "IC-7", "IC-9", "IC-10", "IC-12", "IC-13",
                                      "IC-14", "IC-15"}
    for rule in worded:
        quotes = re.findall(r"„(.+?)”", rule.text("nl", ruleset="ijs"))
        assert quotes, f"{rule.id}: the IJs text quotes the summary"
        for quote in quotes:
            for part in quote.split(" […] "):
                assert part in summary, f"{rule.id}: {part!r} is not in the summary"


def test_ruleset_shown_by_name():
    assert RULES.ruleset_title("ijs", "nl") == "IJs (Nederlandse samenvatting)"
    assert RULES.ruleset_title("rulebook", "en") == "Rulebook (English)"
    for ruleset in icecream.get_game("ice-cream").rulesets:
        for lang in languages():
            assert RULES.ruleset_title(ruleset, lang)


def test_a_whole_game_renders_in_dutch_with_no_placeholder_left():
    s = icecream.new_game("ice-cream", players=4, seed=5, ruleset="ijs")
    rng = random.Random(3)
    texts = []
    while not s.is_over:
        for seat in (None, 0, 1):
            texts += s.event_texts(seat, "nl")
        texts += [s.describe(o.action, "nl") for o in s.options()]
        s = s.apply(rng.choice(s.legal_actions()))
    texts += s.event_texts(None, "nl")
    assert texts and all("{" not in x and "}" not in x for x in texts)
    assert any(x.startswith("De laatste dag is voorbij.") for x in texts)
    # Catalog words of English never leak into the Dutch texts of a game.
    english_only = {"Scoop", "Ice Cream", "serves", "scores", "deals", " cone "}
    leaks = [x for x in texts for w in english_only if w in x]
    assert leaks == []


def test_wrong_phase_names_the_phases_in_the_language_ICN_1():
    s = icecream.new_game("ice-cream", players=3, seed=1)
    from icecream.games.ice_cream import Draw
    assert s.describe(Draw(), "nl") == (
        "'kaart pakken' hoort bij Fase 3: Klanten bedienen; nu is het Fase 1: Levering roomijs.")
    assert s.describe(Draw(), "en") == (
        "'draw' belongs to Phase 3: Serve customers; now it is Phase 1: Ice Cream deliveries.")


def test_catalog_files_are_valid_json_without_duplicate_keys():
    import json

    def no_dupes(pairs):
        keys = [k for k, _ in pairs]
        dupes = {k for k in keys if keys.count(k) > 1}
        assert not dupes, dupes
        return dict(pairs)

    for path in ROOT.glob("*/*.json"):
        json.loads(path.read_text("utf-8"), object_pairs_hook=no_dupes)


def test_flavour_initials_on_the_table_are_the_languages_own():
    from icecream.games.ice_cream.render import render_svg

    s = icecream.new_game("ice-cream", players=3, seed=1)
    nl = render_svg(s, None, lang="nl")
    assert ">Ab<" in nl or ">ZF<" in nl or ">St<" in nl
    codes = icecream.get_game("ice-cream").flavour_codes
    initials = {t(f"initials.{c}", lang) for c in codes for lang in ("en", "nl")}
    assert len({t(f"initials.{c}", "nl") for c in codes}) == 6  # told apart in Dutch too
    assert initials >= {"Ab", "ZF", "BR", "CC"}


def test_default_names_are_words_in_the_readers_language():
    s = icecream.new_game("ice-cream", players=3, seed=1)
    assert s.names == ("Player 1", "Player 2", "Player 3")
    assert s.event_texts(None, "nl")[1] == "Dag 1 begint; Speler 1 is startspeler en deelt (IC-5)."
    from icecream.games.ice_cream.render import render_svg

    assert "Speler 2" in render_svg(s, None, lang="nl")
    assert "Player 2" not in render_svg(s, None, lang="nl")
    named = icecream.new_game("ice-cream", players=["Ann", "Player 1", "Cy"], seed=1)
    assert "Ann" in named.event_texts(None, "nl")[1]  # a chosen name stays as it is


def test_a_rulebook_for_a_ruleset_words_every_rule_by_it():
    ijs = RULES.for_ruleset("ijs")
    assert list(ijs) == list(RULES)
    assert ijs["IC-10"].text("nl") == RULES["IC-10"].text("nl", ruleset="ijs")
    assert ijs["IC-1"].text("nl") == RULES["IC-1"].text("nl")
    assert RULES.for_ruleset("rulebook")["IC-10"].text("en") == RULES["IC-10"].text("en")
    assert ijs["IC-10"].cite("en") == "IC-10 One deviating flavour"
