"""The translation catalog: every text shown to a player comes from here.

A :class:`Message` is a catalog key plus parameters; it becomes text only when a view
asks for it in a language. A language's catalog is the union of the JSON files in
``icecream/i18n/<lang>/`` (one file per area: engine, widgets, explore, dashboards; a key
defined twice is an error). English now; Dutch is planned. Parameters are rendered
by their names: ``player``/``dealer``/``seat`` are seats (shown with the player's
name), ``flavour``/``flavours`` are flavour codes.

>>> Message("ui.day", {"day": 2}).text()
'Day 2'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"
_SEAT_KEYS = frozenset({"player", "dealer", "seat"})
_FLAVOUR_KEYS = frozenset({"flavour", "missing", "drawn"})
_FLAVOURS_KEYS = frozenset({"flavours", "scoops", "returned"})


@cache
def catalog(lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The catalog for ``lang`` as a dict of key -> format string.

    Raises ``KeyError`` naming the language when there is no catalog for it.
    """
    folder = resources.files("icecream.i18n").joinpath(lang)
    if lang not in languages():
        raise KeyError(f"no translation catalog for language {lang!r}")
    merged: dict[str, str] = {}
    for part in sorted(folder.iterdir(), key=lambda p: p.name):
        if not part.name.endswith(".json"):
            continue
        for key, text in json.loads(part.read_text("utf-8")).items():
            if key in merged:
                raise ValueError(f"catalog {lang!r}: key {key!r} is defined twice ({part.name})")
            merged[key] = text
    return merged


def languages() -> list[str]:
    """Languages that have a catalog (a folder under ``icecream/i18n``)."""
    return sorted(
        p.name for p in resources.files("icecream.i18n").iterdir()
        if p.is_dir() and not p.name.startswith(("_", "."))
    )


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """Translate ``key`` with already-rendered ``params``.

    A catalog entry is a format string, or a plural entry: an object with one text per
    CLDR plural category of the language (``"one"``, ``"other"``...) and ``"param"``, the
    parameter that chooses (default ``count``), picked by Babel's plural rules:

    >>> t("test.plural", "en", count=1), t("test.plural", "en", count=3)
    ('1 card', '3 cards')

    A missing key raises ``KeyError`` naming it: a missing translation is a bug to see.
    """
    cat = catalog(lang)
    try:
        template = cat[key]
    except KeyError:
        raise KeyError(f"catalog {lang!r} has no message {key!r}") from None
    if isinstance(template, dict):
        template = _plural(template, lang, params)
    return template.format(**params) if params else template


def _plural(entry: dict, lang: str, params: dict) -> str:
    from babel import Locale

    number = params.get(entry.get("param", "count"), 0)
    try:
        form = Locale.parse(lang).plural_form(abs(number))
    except (TypeError, ValueError):
        form = "other"
    return entry.get(form, entry["other"])


def flavour_name(code: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The display name of a flavour code (``"chocolate_chip"`` -> ``"chocolate chip"``)."""
    return t(f"flavour.{code}", lang)


def join_words(words: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` in the catalog's words."""
    words = list(words)
    if not words:
        return t("word.nothing", lang)
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {t('word.and', lang)} {words[-1]}"


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog key and its parameters, translated on demand.

    ``names`` (seat -> player name) and ``flavours`` (flavour index -> code) let
    the message render seats and flavours given as numbers.
    """

    key: str
    params: dict = field(default_factory=dict)

    def text(
        self,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
        flavours: Sequence[str] | None = None,
    ) -> str:
        return t(self.key, lang, **render_params(self.params, lang, names, flavours))


def render_params(
    params: dict,
    lang: str = DEFAULT_LANGUAGE,
    names: Sequence[str] | None = None,
    flavours: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Turn seat numbers and flavour codes in ``params`` into words."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in _SEAT_KEYS and isinstance(v, int):
            out[k] = names[v] if names is not None else t("ui.seat", lang, seat=v + 1)
        elif k in _FLAVOUR_KEYS and v is not None and not isinstance(v, str | list | tuple):
            out[k] = flavour_name(flavours[v] if flavours else str(v), lang)
        elif k in _FLAVOUR_KEYS and isinstance(v, str):
            out[k] = flavour_name(v, lang)
        elif k in _FLAVOURS_KEYS and isinstance(v, list | tuple):
            counts: dict[str, int] = {}
            for f in v:
                name = flavour_name(flavours[f] if flavours and isinstance(f, int) else f, lang)
                counts[name] = counts.get(name, 0) + 1
            out[k] = join_words(
                [name if c == 1 else f"{c} {name}" for name, c in counts.items()], lang)
        else:
            out[k] = v
    return out
