"""The translation catalog: every engine text in it in every language, rules registry complete."""

from __future__ import annotations

import io
import random
import re
import tokenize
from pathlib import Path

import pytest

import icecream
from icecream.core.messages import Message, catalog, languages, t
from icecream.games.ice_cream import RULES

ROOT = Path(icecream.__file__).parent


def test_english_catalog_exists_and_merges_files():
    assert "en" in languages()
    cat = catalog("en")
    assert cat["flavour.chocolate_chip"] == "chocolate chip"
    with pytest.raises(KeyError, match="no translation catalog for language 'xx'; known"):
        catalog("xx")
    with pytest.raises(KeyError, match="has no message"):
        t("no.such.key")


#: A catalog key as a whole string in code: a generic one, or a game's own under its
#: catalog prefix (Ice Cream's ``ic.event.deal``, Gelato Mio's ``gm.why...``).
KEY = re.compile(r"(?:(?:ic|gm|ccp)\.)?(?:event|why|ui|phase|example|rule|action|initials"
                 r"|preset)\.[a-z_.0-9A-Z-]+")


def code_keys(text: str) -> set[str]:
    """The catalog keys written as whole (non-f, not triple-quoted) string literals: keys
    quoted inside docstrings are examples, not uses."""
    found = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type != tokenize.STRING:
            continue
        body = tok.string.lstrip("rRbBuU")
        if body[:3] in ('"""', "'''") or body[:1] not in "\"'":
            continue
        if KEY.fullmatch(body[1:-1]):
            found.add(body[1:-1])
    return found


def test_code_keys_finds_prefixed_keys_and_skips_docstrings():
    code = 'x = t("ic.event.keep")\ny = "why.keep"\n"""See "phase.serving"."""\n'
    assert code_keys(code) == {"ic.event.keep", "why.keep"}


@pytest.mark.parametrize("lang", languages())
def test_every_message_key_used_in_code_exists(lang):
    cat = catalog(lang)
    used = set()
    for path in ROOT.rglob("*.py"):
        used |= code_keys(path.read_text())
    assert any(k.startswith("ic.why.") for k in used), "Ice Cream's own keys are scanned"
    missing = sorted(k for k in used if k not in cat and not k.endswith("."))
    assert not missing, f"catalog {lang} lacks {missing}"


def test_rules_registry_has_every_ruling_with_text():
    ids = list(RULES)
    assert ids[:16] == [f"IC-{i}" for i in range(1, 17)]
    for rid in ids:
        assert RULES[rid].title() and len(RULES[rid].text()) > 20
    assert RULES["IC-10"].cite() == "IC-10 Close cone"
    with pytest.raises(KeyError, match="no rule"):
        RULES["IC-99"]


@pytest.mark.parametrize("lang", languages())
def test_events_of_random_games_all_render_and_cite_known_rules(lang):
    s = icecream.new_game("ice-cream", players=4, seed=2)
    rng = random.Random(0)
    while not s.is_over:
        for e in s.events:
            assert e.rule is None or e.rule in RULES
        for seat in (None, 0, 1, 2, 3):
            for text in s.event_texts(seat, lang):
                assert "{" not in text
        s = s.apply(rng.choice(s.legal_actions()))


def test_message_renders_seats_and_flavours():
    m = Message("ic.event.draw", {"player": 1, "flavour": 4})
    assert m.text(names=("Ann", "Bob"), flavours=("a", "b", "c", "d", "pistachio")) == (
        "Bob draws a pistachio Ice Cream card and puts it face up (IC-9).")
