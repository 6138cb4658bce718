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
    catalog_packages,
    format_number,
    get_language,
    in_language,
    languages,
    plural_forms,
    set_language,
    t,
)
from icecream.games.ice_cream import RULES

#: The passages of the Dutch summary IJs that the IJs ruleset quotes, as checked against the
#: summary (which the repository does not ship; docs/rulings.md names it).
QUOTATIONS = Path(__file__).parent / "fixtures" / "ijs_quotations.txt"
#: The generic words and every registered game's own catalog (each game keeps its words in
#: its package, as a plug-in does).
PACKAGES = catalog_packages()


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


def _file_pairs() -> list[tuple[str, str, str]]:
    """(package, language, file name) for every catalog file of a language other than
    English, in the generic words and in each game's own catalog."""
    return [(package, lang, name) for package in PACKAGES for lang in languages()
            if lang != "en" for name in sorted(catalog_files(lang, package))]


def test_both_languages_have_the_same_catalog_files():
    assert {"en", "nl"} <= set(languages())
    en = set(catalog_files("en"))
    assert {"engine.json", "widgets.json", "explore.json", "dashboards.json"} <= en
    for package in PACKAGES:
        en = set(catalog_files("en", package))
        assert en, f"{package} has no English catalog"
        for lang in languages():
            assert set(catalog_files(lang, package)) == en, \
                f"{package}: {lang} catalog files differ from en"


def test_each_game_keeps_its_words_in_its_own_package():
    # A built-in game is one folder, as a plug-in is: its catalog is in its package.
    for name in icecream.list_games():
        package = icecream.get_game(name).catalog_package
        assert package in PACKAGES and package != "icecream.i18n", name


@pytest.mark.parametrize("package,lang,name", _file_pairs())
def test_every_key_of_a_file_exists_in_its_twin(package, lang, name):
    # Per file pair, so a game's own catalog file (combo_cone.json...) is checked too.
    en = catalog_files("en", package)[name]
    other = catalog_files(lang, package)[name]
    assert sorted(set(en) - set(other)) == [], f"{package} {lang}/{name} lacks these keys"
    assert sorted(set(other) - set(en)) == [], f"{package} {lang}/{name} has keys en lacks"


@pytest.mark.parametrize("package,lang,name", _file_pairs())
def test_placeholders_match_in_every_form(package, lang, name):
    en = catalog_files("en", package)[name]
    other = catalog_files(lang, package)[name]
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
    # The engine, widget, explore and dashboard files, generic and Ice Cream's (a game's
    # other files are its authors' to check the same way).
    shared = ("engine.json", "widgets.json", "explore.json", "dashboards.json")
    en = {k: v for p in PACKAGES for f, part in catalog_files("en", p).items() if f in shared
          for k, v in part.items()}
    nl = {k: v for p in PACKAGES for f, part in catalog_files("nl", p).items() if f in shared
          for k, v in part.items()}
    # Texts that are the same in both languages on purpose: names, numbers, the initials
    # of flavours whose Dutch name starts alike (chocolade, pistache, vanille).
    same_ok = {"widgets.scores.day_points", "widgets.label.bot", "widgets.svg.score",
               "explore.ui.bots", "widgets.form.names_hint", "ic.initials.chocolate",
               "ic.initials.pistachio", "ic.initials.vanilla",
               "widgets.label.seat_view"}  # a seat's view is named by the player's name alone
    words = re.compile(r"[A-Za-z]{2,}")
    same = sorted(k for k in en if en[k] == nl[k] and k not in same_ok
                  and words.search(re.sub(r"\{\w+\}", "", str(en[k]))))
    assert same == []


def test_plural_forms_chosen_by_babel_in_both_languages():
    m = Message("ic.event.reshuffle", {"count": 1})
    assert m.text("en") == "The discarded Ice Cream card is shuffled back into the deck (IC-5)."
    assert m.text("nl") == "De afgelegde roomijskaart wordt terug in de stapel geschud (IC-5)."
    m = Message("ic.event.reshuffle", {"count": 3})
    assert m.text("nl") == "De 3 afgelegde roomijskaarten worden terug in de stapel geschud (IC-5)."
    # A list parameter chooses by its length (<name>_count).
    two = Message("ic.why.must_serve", {"cones": [1, 3]})
    assert two.text("en") == ("You must serve one of cones 1 and 3, which you can serve "
                              "exactly, so you cannot draw (IC-9).")
    assert "een van de hoorntjes 1 en 3" in two.text("nl")
    one = Message("ic.why.must_serve", {"cones": [2]})
    assert one.text("nl").startswith("Je moet hoorntje 2 bedienen")
    # Zero is "other" in both languages: "0 punten", "0 points".
    zero = Message("ic.event.score", {"player": 0, "scoops": 0, "dupes": 0, "points": 0,
                                   "total": 0})
    assert "0 punten" in zero.text("nl", names=["Ann"])
    assert "0 points" in zero.text("en", names=["Ann"])


def test_winners_are_seats_rendered_in_the_language_IC_15():
    names = ["Ann", "Bob", "Cy"]
    one = Message("ic.event.game_over", {"winners": [1], "score": 9, "cards": 2, "tied": [1]})
    assert one.text("nl", names=names) == (
        "De laatste dag is voorbij. Winnaar: Bob, met 9 punten (IC-15).")
    shared = Message("ic.event.game_over_shared", {"winners": [0, 2], "score": 9, "cards": 3,
                                                 "tied": [0, 2]})
    assert shared.text("nl", names=names) == (
        "De laatste dag is voorbij. Ann en Cy staan gelijk met 9 punten en hebben evenveel "
        "roomijskaarten (3): zij delen de overwinning (IC-15).")
    assert shared.text("en", names=names).startswith("The last day is over. Ann and Cy tie")
    # The seats are joined in the reader's language, default names too.
    assert shared.text("nl", names=["Player 1", "Player 2", "Player 3"]).startswith(
        "De laatste dag is voorbij. Speler 1 en Speler 3 staan gelijk")


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


def _quotations() -> set[str]:
    lines = QUOTATIONS.read_text("utf-8").splitlines()
    return {" ".join(line.split()) for line in lines if line.strip() and not line.startswith("#")}


def test_ijs_ruleset_quotes_the_dutch_summary_IC_10():
    text = RULES["IC-10"].text("nl", ruleset="ijs")
    assert "slechts één afwijkende smaak" in text
    assert RULES["IC-10"].title("nl", ruleset="ijs") == "Eén afwijkende smaak"
    # Without the ruleset, or for a rule the summary does not word, the general text.
    assert RULES["IC-10"].text("nl") != text
    assert RULES["IC-1"].text("nl", ruleset="ijs") == RULES["IC-1"].text("nl")
    assert RULES["IC-10"].text("nl", ruleset="rulebook") == RULES["IC-10"].text("nl")


def test_every_ijs_quotation_is_the_summarys_own_wording():
    checked = _quotations()
    quoted = set()
    worded = RULES.worded_by("ijs", "nl")
    assert {r.id for r in worded} >= {"IC-5", "IC-7", "IC-9", "IC-10", "IC-12", "IC-13",
                                      "IC-14", "IC-15"}
    for rule in worded:
        quotes = re.findall(r"„(.+?)”", rule.text("nl", ruleset="ijs"))
        assert quotes, f"{rule.id}: the IJs text quotes the summary"
        for quote in quotes:
            for part in quote.split(" […] "):
                assert part in checked, (f"{rule.id}: {part!r} is not a checked quotation of "
                                         f"the summary ({QUOTATIONS.name})")
                quoted.add(part)
    assert quoted == checked, f"{QUOTATIONS.name} lists passages no rule quotes"


def test_ruleset_shown_by_name():
    assert RULES.ruleset_title("ijs", "nl") == "Nederlandse samenvatting (IJs)"
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
        "„kaart pakken” hoort bij Fase 3: Klanten bedienen; nu is het Fase 1: Levering roomijs.")
    assert s.describe(Draw(), "en") == (
        "'draw' belongs to Phase 3: Serve customers; now it is Phase 1: Ice Cream deliveries.")


def test_catalog_files_are_valid_json_without_duplicate_keys():
    import json

    def no_dupes(pairs):
        keys = [k for k, _ in pairs]
        dupes = {k for k in keys if keys.count(k) > 1}
        assert not dupes, dupes
        return dict(pairs)

    from importlib import resources

    for package in PACKAGES:
        for lang in languages():
            folder = resources.files(package).joinpath(lang)
            for path in folder.iterdir():
                if path.name.endswith(".json"):
                    json.loads(path.read_text("utf-8"), object_pairs_hook=no_dupes)


def test_flavour_initials_on_the_table_are_the_languages_own():
    from icecream.games.ice_cream.render import render_svg

    s = icecream.new_game("ice-cream", players=3, seed=1)
    nl = render_svg(s, None, lang="nl")
    assert ">Ab<" in nl or ">ZF<" in nl or ">St<" in nl
    codes = icecream.get_game("ice-cream").flavour_codes
    initials = {t(f"ic.initials.{c}", lang) for c in codes for lang in ("en", "nl")}
    assert len({t(f"ic.initials.{c}", "nl") for c in codes}) == 6  # told apart in Dutch too
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


# -- the language switch of the explorers and dashboards ----------------------------------
def _english_only_fragments(min_len: int = 4) -> set[str]:
    """Literal pieces of English catalog texts that no Dutch text contains: if one shows
    on a Dutch page, a text was not translated."""
    en, nl = catalog("en"), catalog("nl")
    dutch = " ".join(text for value in nl.values() for text in _forms(value).values())
    out = set()
    for key, value in en.items():
        if nl.get(key) == value:  # the same in both (a language's own name, a title)
            continue
        for text in _forms(value).values():
            for piece in re.split(r"\{[^}]*\}", text):
                piece = piece.strip(" .,:;()'\"-–—")
                if len(piece) >= min_len and piece not in dutch:
                    out.add(piece)
    return out


def english_leaks(text: str) -> list[str]:
    """The English-only catalog pieces found in ``text`` (whole words only)."""
    return sorted(p for p in _english_only_fragments()
                  if re.search(rf"(?<![\w]){re.escape(p)}(?![\w])", text))


def _shown(markup: str) -> str:
    """The text of HTML or SVG as a reader meets it: no tags or attributes, tooltips kept."""
    import html

    return html.unescape(re.sub(r"<[^>]*>", " ", markup))


def _widget_texts(w) -> str:
    """Every text a widget tree shows: HTML and SVG text, labels, tooltips and options
    (a selector's value is a code, its label the text)."""
    import ipywidgets as widgets

    out = []
    labels = getattr(w, "_options_labels", None)
    attrs = ("description", "tooltip", "placeholder") + (() if labels is not None else ("value",))
    for attr in attrs:
        v = getattr(w, attr, None)
        if isinstance(v, str):
            out.append(_shown(v))
    out += [str(label) for label in labels or ()]
    if isinstance(getattr(w, "svg", None), str):
        out.append(_shown(w.svg))
    for child in getattr(w, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            out.append(_widget_texts(child))
    return "\n".join(out)


@pytest.fixture
def english_afterwards():
    yield
    set_language("en")  # a switch sets the kernel's language: put it back for other tests


def test_game_explorer_switches_to_dutch_keeping_the_game(english_afterwards):
    from icecream.widgets import GameExplorer
    from icecream.widgets.language import LanguageSwitch

    g = GameExplorer(players=4, seed=1, ruleset="ijs",
                     bots=["human", "heuristic", "heuristic", "heuristic"], perspective=0)
    for _ in range(3):
        g.click(g.state.legal_actions()[0])
    g.fork()
    switch = LanguageSwitch(g, header="dashboard.play")
    english = _widget_texts(switch)
    assert english_leaks(english)  # the check finds English where there is English
    assert switch.set_language("nl") is True
    new = switch.widget
    assert new is not g and new.lang == "nl" and get_language() == "nl"
    assert (len(new.history), new.history.cursor) == (len(g.history), g.history.cursor)
    assert len(new.session.branches) == len(g.session.branches) == 2
    assert new.session.players == g.session.players and new.session.perspective == 0
    # The state keeps its language-neutral names: the very same game, not a replay.
    assert new.state.names == g.state.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert new.history is g.history and new.state.to_dict() == g.state.to_dict()
    dutch = _widget_texts(switch)
    assert english_leaks(dutch) == []
    assert "Een spel spelen" in dutch and "Taal" in dutch
    # The IJs game's rule texts are the Dutch summary's words (IC-10).
    assert "IJsjes samenstellen" in new.explain.value
    switch.set_language("en")
    assert switch.widget.state.names[0] == "Player 1" and "Play a game" in _widget_texts(switch)


def test_chosen_names_are_kept_and_an_unknown_language_changes_nothing(english_afterwards):
    from icecream.widgets import GameExplorer
    from icecream.widgets.language import LanguageSwitch

    g = GameExplorer(players=["Ann", "Bob", "Cy"], seed=2)
    switch = LanguageSwitch(g)
    assert switch.set_language("fr") is False
    assert switch.widget is g and switch.lang == "en" and get_language() == "en"
    switch.selector.value = "nl"  # what the browser does
    assert switch.widget.state.names == ("Ann", "Bob", "Cy")
    assert switch.widget.history is g.history  # nothing to rename: the same game


def test_rule_texts_in_an_ijs_game_are_the_summarys_words_IC_10(english_afterwards):
    from icecream.widgets import GameExplorer
    from icecream.widgets.hooks import rules

    s = icecream.new_game("ice-cream", players=3, seed=1, ruleset="ijs")
    assert rules(s)["IC-10"].text("nl") == RULES["IC-10"].text("nl", ruleset="ijs")
    plain = icecream.new_game("ice-cream", players=3, seed=1)
    assert rules(plain)["IC-10"].text("nl") == RULES["IC-10"].text("nl")
    g = GameExplorer(ruleset="ijs", players=3, seed=1, lang="nl")
    g.finish_phase()
    g.finish_phase()  # to phase 3, where IC-10 is cited
    assert "slechts één afwijkende smaak" in g.explain.value + g.log_panel.value


def test_example_explorer_and_what_if_board_switch(english_afterwards):
    from icecream.widgets import ExampleExplorer
    from icecream.widgets.language import LanguageSwitch
    from icecream.widgets.whatif import WhatIfBoard

    e = ExampleExplorer("joe_case_b")
    e.next_step()
    e.next_step()
    switch = LanguageSwitch(e, header="dashboard.examples")
    switch.set_language("nl")
    assert switch.widget.position == 2 and switch.widget.example.id == "joe_case_b"
    assert "Ook Larry kan niets precies bedienen" in switch.widget.note.value
    assert english_leaks(_widget_texts(switch)) == []
    board = LanguageSwitch(WhatIfBoard(games=10, samples=10), header="dashboard.what_if")
    board.set_language("nl")
    assert board.widget.lang == "nl" and board.widget.game_box.value == "ice-cream"
    assert "Wat als?" in _widget_texts(board)


def test_a_widget_the_switch_cannot_rebuild_is_a_clear_error():
    import ipywidgets as widgets

    from icecream.widgets.language import LanguageSwitch, in_language

    with pytest.raises(TypeError, match="give LanguageSwitch a rebuild function"):
        in_language(widgets.HTML("x"), "nl")
    made = LanguageSwitch(widgets.HTML("x"), rebuild=lambda w, lang: widgets.HTML(lang))
    made.set_language("nl")
    set_language("en")
    assert made.widget.value == "nl"


def test_quiz_switches_keeping_its_questions(english_afterwards):
    from icecream.widgets.language import LanguageSwitch
    from icecream.widgets.quiz import QuizWidget

    quiz = QuizWidget(game="ice-cream", count=3, seed=0)
    quiz.next_question()
    switch = LanguageSwitch(quiz, header="teach.dashboard")
    switch.set_language("nl")
    new = switch.widget
    assert new.lang == "nl" and new.index == 1 and len(new.questions) == 3
    assert [q.kind for q in new.questions] == [q.kind for q in quiz.questions]
    assert english_leaks(_widget_texts(switch)) == []


def test_default_names_stay_language_neutral_in_the_state_and_are_translated_where_shown():
    from icecream.core.messages import seat_name

    english = icecream.new_game("ice-cream", players=3, seed=1)
    with in_language("nl"):  # the state does not depend on the language chosen
        dutch = icecream.new_game("ice-cream", players=3, seed=1)
        assert dutch.names == english.names == ("Player 1", "Player 2", "Player 3")
        assert icecream.new_game("combo-cone", players=2, seed=1).names[0] == "Player 1"
        assert dutch.to_dict() == english.to_dict()
    assert seat_name(dutch.names, 0, "nl") == "Speler 1"
    assert any("Speler 1" in x for x in dutch.event_texts(None, "nl"))
    assert not any("Player" in x for x in dutch.event_texts(None, "nl"))
