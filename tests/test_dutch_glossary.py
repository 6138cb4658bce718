"""Classroom Dutch (issue 31): the Dutch texts follow the glossary (docs/glossary-nl.md),
every button a text tells the reader to click is named as the button reads, in both
languages, and numbers and plurals are written by Babel ("28,8 punten", "1 punt")."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from icecream.core.messages import catalog, catalog_files, catalog_packages, languages, t

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary-nl.md"
NOTEBOOK = ROOT / "notebooks" / "01_leer_ijs.ipynb"


def _forms(value) -> list[str]:
    """A catalog value's texts: one for a plain string, one per plural form otherwise."""
    if isinstance(value, str):
        return [value]
    return [v for k, v in value.items() if k != "param"]


def _rejected() -> list[tuple[re.Pattern[str], str, str]]:
    """The glossary's ``rejected`` block: (pattern, scope, word to use)."""
    text = GLOSSARY.read_text("utf-8")
    block = re.search(r"```rejected\n(.*?)```", text, re.S)
    assert block, "docs/glossary-nl.md has no ```rejected block"
    rows = []
    for line in block.group(1).splitlines():
        if line.strip():
            pattern, scope, use = (part.strip() for part in line.rsplit(" | ", 2))
            rows.append((re.compile(pattern), scope, use))
    return rows


REJECTED = _rejected()


def _dutch_texts() -> list[tuple[str, str, str]]:
    """(scope, key, text) for every Dutch catalog text; the scope is the game's folder
    name for a game's own catalog (a plug-in's: its package's name, as Tub's ``tub``),
    ``generic`` for icecream/i18n. Quotations of the Dutch
    summary (keys ending in ``.ijs``) are the summary's own words and left out."""
    out = []
    for package in catalog_packages():
        parts = package.split(".")
        scope = ("generic" if package == "icecream.i18n"
                 else parts[2] if package.startswith("icecream.games.") else parts[0])
        for part in catalog_files("nl", package).values():
            for key, value in part.items():
                if key.endswith(".ijs"):
                    continue
                out.extend((scope, key, text) for text in _forms(value))
    return out


def _applies(scope: str, where: str, key: str) -> bool:
    if scope == "all":
        return True
    if scope == "tutorial":
        return key.startswith("tutorial.")
    return scope == where


def test_the_glossary_lists_rejected_words_for_every_issue_31_pair():
    # The pairs the teacher found (issue 31) each have a rule the tests enforce.
    uses = " ".join(use for _, _, use in REJECTED)
    for word in ("spel", "zet", "gesloten", "aanvullen", "startspeler", "logboek",
                 "regelversie", "reserveren", "ongebruikt", "bolletje", "inleveren",
                 "geleverd", "precies passend", "Anna", "lower case"):
        assert word in uses, word


@pytest.mark.parametrize("pattern,scope,use", REJECTED,
                         ids=[p.pattern[:30] for p, _, _ in REJECTED])
def test_dutch_catalogs_never_use_a_rejected_word(pattern, scope, use):
    bad = [(key, pattern.search(text).group(0)) for where, key, text in _dutch_texts()
           if _applies(scope, where, key) and pattern.search(text)]
    assert bad == [], f"use {use!r}"


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text("utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    # The summary's own words, quoted „…”, are left as the summary wrote them.
    return re.sub(r"\s+", " ", re.sub(r"„[^”]*”", "„…”", text))


def test_the_dutch_notebook_follows_the_glossary():
    text = _markdown(NOTEBOOK)
    bad = [(p.pattern, m.group(0)) for p, scope, _ in REJECTED
           if scope in ("all", "ice_cream", "tutorial") for m in p.finditer(text)]
    assert bad == []


def test_every_game_calls_its_ruleset_setting_regelversie():
    words = catalog("nl")
    labels = {k: v for k, v in words.items() if re.fullmatch(r"setting\.[\w-]+\.ruleset", k)}
    assert len(labels) >= 3 and set(labels.values()) == {"Regelversie"}, labels


# -- button names -----------------------------------------------------------------------
#: The catalog keys whose texts are what a button or a click target reads.
BUTTON_KEYS = re.compile(
    r"(.*\.button[._].*|.*\.svg\.chip_.*|widgets\.svg\.new_cone|widgets\.budget\.stop"
    r"|tutorial\.ui\.(back|next|restart|check|next_question|learn)"
    r"|teach\.ui\.(check|next|new_quiz|hint|hint_more)|explore\.ui\.run_\w+|gm\.ui\.pass)")
#: How a text tells the reader to press a button: the verb, then the quoted label.
CLICK = {"nl": re.compile(r"\b([Kk]lik|[Dd]ruk)( \w+)? op "),
         "en": re.compile(r"\b([Cc]lick|[Pp]ress)( \w+)? ")}
QUOTE = {"nl": ("„", "”"), "en": ("“", "”")}


def _labels(lang: str) -> list[re.Pattern[str]]:
    """Every button label of ``lang`` as a pattern (a ``{placeholder}`` matches any text;
    the arrows and the dots of "Wat als…?" are decoration, not the name)."""
    out = []
    for key, value in catalog(lang).items():
        if BUTTON_KEYS.fullmatch(key):
            for text in _forms(value):
                name = text.strip("◀▶ ")
                parts = re.split(r"\{\w+\}", name)
                out.append(re.compile(".+".join(re.escape(p) for p in parts)))
    return out


def _quoted_buttons(lang: str) -> list[tuple[str, str]]:
    """(key, name) for every quoted name right after a click/press verb."""
    open_, close = QUOTE[lang]
    found = []
    for key, value in catalog(lang).items():
        for text in _forms(value):
            for m in CLICK[lang].finditer(text):
                rest = text[m.end():]
                if rest.startswith(open_):
                    found.append((key, rest[1:rest.index(close)]))
    return found


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_quoted_button_name_is_a_current_button_label(lang):
    # "Klik op Weigeren" where the button reads "Ruilen" is what a learner cannot follow.
    labels = _labels(lang)
    quoted = _quoted_buttons(lang)
    assert len(quoted) >= 15  # the tutorials, the quiz, the examples and the what-if page
    bad = [(key, name) for key, name in quoted
           if "{" not in name and not any(p.fullmatch(name) for p in labels)]
    assert bad == []


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_button_to_click_is_always_quoted(lang):
    # After "klik op" comes the quoted label or an ordinary word ("klik op de munt"), never
    # an unquoted name ("klik op Verder"), which no test could check.
    open_ = QUOTE[lang][0]
    bad = []
    for key, value in catalog(lang).items():
        for text in _forms(value):
            for m in CLICK[lang].finditer(text):
                rest = text[m.end():]
                if rest and not (rest.startswith(open_) or rest[0].islower() or rest[0] == "{"):
                    bad.append((key, rest[:30]))
    assert bad == []


def test_the_tutorials_name_the_buttons_the_table_shows():
    # The two mistakes a learner met (issue 31), and the words that replaced them.
    nl = catalog("nl")
    for tid in ("ice_cream", "ijs"):
        assert f"„{nl['widgets.svg.button_swap']}”" in nl[f"tutorial.{tid}.swap"]
        assert f"„{nl['widgets.svg.new_cone']}”" in nl[f"tutorial.{tid}.first_cone"]
        assert "weiger" not in nl[f"tutorial.{tid}.swap.also"]


# -- numbers and plurals ----------------------------------------------------------------
PLURALS = {"nl": "punten|kaarten|bolletjes|munten|zetten|spellen|plaatsingen|bestellingen|"
                 "hoorntjes|spelers|dagen|vragen|stappen|klanten",
           "en": "points|cards|scoops|coins|moves|games|placements|orders|cones|players|"
                 "days|questions|steps|customers"}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


#: Parameters that name someone or something (a player, an option, a list of flavours...):
#: given a name, not a number, when the messages are rendered with sample numbers.
NAMED = frozenset({"player", "dealer", "winners", "tied", "names", "option", "other",
                   "action", "flavour", "flavours", "missing", "returned", "drawn", "best",
                   "worst", "bot", "policy", "reason", "why", "events", "card", "below",
                   "order", "order_flavours", "cone_flavours", "kind", "reward", "what",
                   "game", "games_list", "known", "kinds", "measure", "measures", "a", "b",
                   "by", "breakdown", "label", "branch", "button", "phase", "wanted",
                   "rainbow", "seat", "opponent", "discard", "how", "note", "title"})
#: Counts that are never 1, given 2 when rendered (parameter, and why it is never 1).
NEVER_ONE = {
    "teach.lesson.players": ("high", "a range of player counts ends at 2 or more"),
    "teach.conclude.first.measured": ("players", "a game has at least 2 players"),
    "teach.hint.pruned": ("total", "moves are pruned only from several"),
    "widgets.msg.names_mismatch": ("players", "a table has at least 2 players"),
    "ccp.event.setup": ("pile", "the draw pile holds 52 cards or more (CCP-3)"),
    "ccp.why.take_cards": ("coins", "the cards reward replaces 2 coins (CCP-4)"),
    "gm.customer.bowl": ("points", "a bowl is worth 6 or 12 points (GM-3)"),
    "gm.customer.two_ball_cone": ("points", "a two-ball cone is worth 4 points (GM-3)"),
    "gm.customer.one_ball_cone": ("points", "a one-ball cone is worth 2 points (GM-3)"),
    "gm.event.serve.bowl": ("points", "GM-3"),
    "gm.event.serve.two_ball_cone": ("points", "GM-3"),
    "gm.event.serve.one_ball_cone": ("points", "GM-3"),
    "gm.why.serve": ("points", "GM-3"),
    "gm.why.serve.missing": ("points", "GM-3"),
    "gm.event.setup": ("count", "2 to 4 players (GM-1)"),
    "gm.event.tie_break": ("count", "a tie is between 2 players or more"),
    "gm.event.objective.two_ball_cone": ("count", "the objective takes 2 cones (GM-7)"),
    "gm.event.objective.one_ball_cone": ("count", "the objective takes 3 cones (GM-7)"),
    "gm.event.ball_objective.strawberry": ("points", "5 points (GM-8)"),
    "gm.event.ball_objective.chocolate": ("points", "5 points (GM-8)"),
    "gm.event.ball_objective.vanilla": ("points", "5 points (GM-8)"),
    "gm.event.ball_objective.total": ("points", "5 points (GM-8)"),
    "ic.event.setup": ("count", "a game has at least 2 players (IC-1)"),
}


def _rendered(lang: str, sample: float) -> list[tuple[str, str]]:
    """Every catalog message of ``lang`` with ``sample`` for each number parameter."""
    out = []
    for key, value in catalog(lang).items():
        names: set[str] = set()
        for text in _forms(value):
            names |= _fields(text)
        if isinstance(value, dict):
            names.add(value.get("param", "count"))
        params = {n: "Anna" if n in NAMED else sample for n in names}
        if key in NEVER_ONE and sample == 1:
            params[NEVER_ONE[key][0]] = 2
        out.append((key, t(key, lang, **params)))
    return out


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_one_of_a_thing_is_never_written_as_a_plural(lang):
    # "1 punten" / "1 points" (issue 31): a count next to its noun is a plural entry.
    wrong = re.compile(rf"(?<![\d,.-])1 ({PLURALS[lang]})\b")
    bad = [(key, text) for key, text in _rendered(lang, 1) if wrong.search(text)]
    assert bad == []
    assert set(NEVER_ONE) <= set(catalog(lang))  # no stale exemption


@pytest.mark.parametrize("lang,point", [("nl", "."), ("en", ",")])
def test_a_fraction_is_written_the_language_way(lang, point):
    # 28.8 is "28,8" in Dutch: every float goes through Babel.
    wrong = re.compile(rf"\d{re.escape(point)}\d")
    rendered = _rendered(lang, 28.8)
    assert any("28" in text for _, text in rendered)
    assert [(key, text) for key, text in rendered if wrong.search(text)] == []


def test_the_conclusions_write_decimals_with_a_comma_in_dutch():
    from icecream.explore.difference import plural_number, score_unit, show_value

    score = show_value(28.8, False, "nl")
    text = t("teach.conclude.position.best", "nl", player="Anna", option="x", win="45%",
             samples=50, low="30%", high="60%", score=score,
             unit=score_unit(None, plural_number(score), "nl"))
    assert "28,8 punten" in text


def test_a_bot_is_named_by_what_it_does_in_both_languages():
    assert t("explore.metric.bot_win_rate.name", "nl", bot="heuristic") == \
        "Winkans van de bot die verstandig speelt"
    assert t("explore.metric.bot_win_rate.name", "en", bot="heuristic") == \
        "Win rate of the bot that plays sensibly"
    for lang in languages():
        assert "heuristic" not in t("teach.conclude.bots.real", lang, best="heuristic",
                                    worst="random")
