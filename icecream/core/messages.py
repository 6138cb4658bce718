"""The translation catalog: every text shown to a player comes from here.

A :class:`Message` is a catalog key plus parameters; it becomes text only when a view
asks for it in a language. A language's catalog is the union of the JSON files in
``icecream/i18n/<lang>/`` (the generic words, one file per area: engine, widgets, explore,
dashboards...) and in each registered game's own catalog package
(``icecream/games/<game>/i18n/<lang>/``, or a plug-in's; :func:`catalog_packages`); a key
defined twice is an error naming both places. English (``en``) and Dutch (``nl``)
are complete. Parameters are rendered by their names: ``player``/``dealer``/``seat`` are
seats (shown with the player's name), ``winners``/``tied`` lists of seats, ``flavour``/``flavours``
flavour codes, ``phase``/``wanted``/``action`` codes with a catalog entry
(``phase.<code>``, ``action.<code>``); any other list is joined into words
(``1, 2 and 3``) and also gives its length as ``<name>_count``, so a plural entry can
be chosen by it.

Plurals and numbers come from Babel (CLDR data), never from "(s)": a catalog value may be
an object with one text per plural category, and a float parameter is written the
language's way (``1.5`` in English, ``1,5`` in Dutch; ``{rate:.0%}`` gives ``25%``).

>>> Message("ui.day", {"day": 2}).text()
'Day 2'
>>> t("ui.day", "nl", day=2)
'Dag 2'

The language texts are produced in is an argument everywhere (``lang``); left out, it is
the language chosen with :func:`set_language` (English until then). An unknown language
is an :class:`UnknownLanguage` error listing the known ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from .errors import IcecreamError


class UnknownLanguage(IcecreamError, KeyError):
    """There is no translation catalog for the language asked for."""

    def __str__(self) -> str:  # KeyError quotes its message; we want plain text
        return str(self.args[0])


class _ChosenLanguage(str):
    """The default of every ``lang`` argument: "the language chosen with set_language".

    It compares equal to ``"en"`` (so code that reads it still sees a language code),
    but :func:`resolve_language` recognises it by identity and returns the chosen one.
    """

    __slots__ = ()


#: Default of every ``lang`` argument: follows :func:`set_language` (English until set).
DEFAULT_LANGUAGE: str = _ChosenLanguage("en")
_chosen = ["en"]


def languages() -> list[str]:
    """Languages that have a catalog (a folder under ``icecream/i18n``)."""
    return sorted(
        p.name for p in resources.files("icecream.i18n").iterdir()
        if p.is_dir() and not p.name.startswith(("_", "."))
    )


def resolve_language(lang: str | None = None) -> str:
    """The language code ``lang`` stands for, checked.

    ``None`` or :data:`DEFAULT_LANGUAGE` mean the language chosen with
    :func:`set_language`. An unknown code raises :class:`UnknownLanguage` naming the
    known ones:

    >>> resolve_language("nl")
    'nl'
    >>> resolve_language("fr")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    icecream.core.messages.UnknownLanguage: no ... 'fr'; known languages: en, nl
    """
    if lang is None or lang is DEFAULT_LANGUAGE:
        return _chosen[0]
    if not isinstance(lang, str) or lang not in _known():
        raise UnknownLanguage(
            f"no translation catalog for language {lang!r}; known languages: "
            f"{', '.join(_known())}")
    return lang


@cache
def _known() -> tuple[str, ...]:
    return tuple(languages())


def set_language(lang: str) -> str:
    """Choose the language every text is produced in when no ``lang`` is given.

    Returns the language chosen before, so a caller can put it back. An unknown language
    raises :class:`UnknownLanguage` and changes nothing.
    """
    new = resolve_language(lang)
    old, _chosen[0] = _chosen[0], new
    return old


def get_language() -> str:
    """The language chosen with :func:`set_language` (``"en"`` until then)."""
    return _chosen[0]


@contextmanager
def in_language(lang: str) -> Iterator[str]:
    """``with in_language("nl"):`` produces texts in Dutch inside the block only."""
    old = set_language(lang)
    try:
        yield get_language()
    finally:
        _chosen[0] = old


def catalog(lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The catalog for ``lang`` as a dict of key -> format string (or plural entry).

    Raises :class:`UnknownLanguage` (a ``KeyError``) naming the known languages when
    there is no catalog for ``lang``.
    """
    return _catalog(resolve_language(lang))


@cache
def _catalog(lang: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for package in catalog_packages():
        merged.update(_package_catalog(package, lang))
    return merged


#: The generic words: every view's, no game's.
GENERIC_CATALOG = "icecream.i18n"
#: The game packages whose catalogs are merged in, in the order they registered.
_EXTRA_CATALOGS: list[str] = []


class CatalogClash(IcecreamError, ValueError):
    """Two catalog packages define the same key: the second is refused (its game is not
    registered), so every other text still reads."""


def catalog_packages() -> list[str]:
    """The packages whose ``<lang>/*.json`` make up the catalog: the generic words
    (``icecream.i18n``) and each registered game's own (its ``GameSpec.catalog_package``).

    Asking loads the installed games first (a game's words come with the game).
    """
    for load in _GAME_LOADER:
        load()
    return [GENERIC_CATALOG, *_EXTRA_CATALOGS]


#: What loads the installed games: set by the protocol module (which imports this one, so
#: this one names no registry of its own).
_GAME_LOADER: list[Callable[[], None]] = []


def set_game_loader(load: Callable[[], None]) -> None:
    """Have :func:`catalog_packages` call ``load()`` first (the game registry's loader)."""
    _GAME_LOADER[:] = [load]


@cache
def _package_catalog(package: str, lang: str) -> dict[str, Any]:
    """``lang``'s words in one package: its JSON files merged; a key in two of its files
    is an error naming both."""
    merged: dict[str, Any] = {}
    where: dict[str, str] = {}
    for name, part in catalog_files(lang, package).items():
        for key, text in part.items():
            if key in merged:
                raise CatalogClash(f"catalog {lang!r}: key {key!r} is defined twice in "
                                   f"{package} ({where[key]} and {name})")
            merged[key] = text
            where[key] = name
    return merged


def register_catalog(package: str) -> None:
    """Merge ``package``'s catalog (``<package>/<lang>/*.json``, every language it has)
    into every language's catalog: each game brings its own words.

    A key that the generic words or an already registered package define raises
    :class:`CatalogClash` naming the key and both packages, and nothing is merged.
    Registering one twice changes nothing.
    """
    if package in _EXTRA_CATALOGS or package == GENERIC_CATALOG:
        return
    for lang in _known():
        new = _package_catalog(package, lang)
        for other in [GENERIC_CATALOG, *_EXTRA_CATALOGS]:
            both = sorted(new.keys() & _package_catalog(other, lang).keys())
            if both:
                more = f" (and {len(both) - 1} more)" if len(both) > 1 else ""
                raise CatalogClash(
                    f"catalog {lang!r}: key {both[0]!r}{more} is defined by both {other} "
                    f"and {package}; a key belongs to one package (rename it under the "
                    "game's catalog prefix)")
    _EXTRA_CATALOGS.append(package)
    _catalog.cache_clear()


def unregister_catalog(package: str) -> None:
    """Take ``package``'s words out of the catalog again (its game was unregistered)."""
    if package in _EXTRA_CATALOGS:
        _EXTRA_CATALOGS.remove(package)
        _catalog.cache_clear()


def catalog_files(lang: str, package: str = GENERIC_CATALOG) -> dict[str, dict[str, Any]]:
    """Each JSON file of ``lang``'s catalog in ``package``, by file name, as read (not
    merged)."""
    folder = resources.files(package).joinpath(resolve_language(lang))
    if not folder.is_dir():
        return {}
    return {
        part.name: json.loads(part.read_text("utf-8"))
        for part in sorted(folder.iterdir(), key=lambda p: p.name)
        if part.name.endswith(".json")
    }


def has_message(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    """True when ``lang``'s catalog defines ``key``."""
    return key in catalog(lang)


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """Translate ``key`` with already-rendered ``params``.

    A catalog entry is a format string, or a plural entry: an object with one text per
    CLDR plural category of the language (``"one"``, ``"other"``...) and ``"param"``, the
    parameter that chooses (default ``count``), picked by Babel's plural rules:

    >>> t("test.plural", "en", count=1), t("test.plural", "en", count=3)
    ('1 card', '3 cards')
    >>> t("test.plural", "nl", count=1), t("test.plural", "nl", count=3)
    ('1 kaart', '3 kaarten')

    Floats are written the language's way by Babel (see :func:`format_number`); a bot's
    code name in ``bot``/``best``/``worst`` becomes its ``bot.who.<name>`` words. A
    missing key raises ``KeyError`` naming it: a missing translation is a bug to see.
    """
    lang = resolve_language(lang)
    cat = _catalog(lang)
    try:
        template = cat[key]
    except KeyError:
        raise KeyError(f"catalog {lang!r} has no message {key!r}") from None
    if isinstance(template, dict):
        template = _plural(template, lang, params)
    if not params:
        return template
    # A bot is named by what it does ("the bot that plays sensibly"), not by its code name.
    params = {k: _bot_words(cat, v) if k in _BOT_PARAMS and isinstance(v, str) else v
              for k, v in params.items()}
    return template.format(**{k: _localised(v, lang) for k, v in params.items()})


#: Parameters that hold a bot's code name: written as the catalog's ``bot.who.<name>``
#: when it has one, so a sentence reads "the bot that plays sensibly won 45%".
_BOT_PARAMS = frozenset({"bot", "best", "worst"})


def _bot_words(cat: Mapping[str, Any], name: str) -> str:
    """A bot named by what it does (``bot.who.<name>``), or a bot without its own words
    by the catalog's ``bot.who`` pattern ("the {name} bot")."""
    own = cat.get(f"bot.who.{name}")
    return own if isinstance(own, str) else cat["bot.who"].format(name=name)


def _plural(entry: dict, lang: str, params: dict) -> str:
    from babel import Locale

    number = params.get(entry.get("param", "count"), 0)
    try:
        form = Locale.parse(lang).plural_form(abs(number))
    except (TypeError, ValueError):
        form = "other"
    return entry.get(form, entry["other"])


def plural_forms(lang: str) -> frozenset[str]:
    """The CLDR plural categories ``lang`` distinguishes (``{"one", "other"}`` for en, nl)."""
    from babel import Locale

    return frozenset(Locale.parse(resolve_language(lang)).plural_form.tags) | {"other"}


_SPEC = re.compile(r"^([+]?)(?:\.(\d+))?([f%]?)$")


def format_number(value: float, lang: str = DEFAULT_LANGUAGE, spec: str = "") -> str:
    """A number written the language's way, by Babel.

    ``spec`` is a small part of Python's format language: ``""``, ``".2f"`` (two
    decimals), ``".0%"`` (a percentage), with an optional leading ``+``. Whole numbers
    (``int``) are written plainly, without grouping, as counts and seat numbers are.

    >>> format_number(1.5, "nl"), format_number(0.255, "nl", ".1%"), format_number(1.5, "en")
    ('1,5', '25,5%', '1.5')
    >>> format_number(-0.25, "nl", "+.2f"), format_number(1234, "nl")
    ('-0,25', '1234')
    """
    from babel.numbers import format_decimal, format_percent

    lang = resolve_language(lang)
    if isinstance(value, int) and not spec.endswith("%"):
        return format(value, spec or "d")
    m = _SPEC.match(spec)
    if m is None:
        raise ValueError(f"number format {spec!r} is not supported: use '', '.Nf' or '.N%'")
    sign, digits, kind = m.groups()
    decimals = "" if digits in (None, "0") else "." + "0" * int(digits)
    if kind == "%":
        text = format_percent(value, format=f"#,##0{decimals}%", locale=lang)
    elif kind == "f" or digits is not None:
        text = format_decimal(value, format=f"#,##0{decimals}", locale=lang)
    else:
        text = format_decimal(value, locale=lang)
    if sign and value >= 0:
        text = "+" + text
    return text


class _Number:
    """A float parameter: formats itself with :func:`format_number` in a language."""

    __slots__ = ("value", "lang")

    def __init__(self, value: float, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        return format_number(self.value, self.lang, spec)

    def __str__(self) -> str:
        return format_number(self.value, self.lang)


def _localised(value: Any, lang: str) -> Any:
    return _Number(value, lang) if value.__class__ is float else value


def flavour_name(code: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The display name of a flavour code (``"chocolate_chip"`` -> ``"chocolate chip"``)."""
    return t(f"flavour.{code}", lang)


def counted_name(code: str, count: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """``count`` cards of flavour ``code`` in words: the name alone for one, else
    the plural entry ``counted.<code>`` when the catalog has one, else "<count> <name>"
    (flavours read as amounts: "2 chocolate").

    >>> counted_name("chocolate", 1), counted_name("chocolate", 2), counted_name("gm.wafer", 2)
    ('chocolate', '2 chocolate', '2 wafer cards')
    """
    name = flavour_name(code, lang)
    if count == 1:
        return name
    key = f"counted.{code}"
    if has_message(key, lang):
        return t(key, lang, count=count)
    return f"{format_number(count, lang)} {name}"


def counted_names(codes: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Flavour codes in words, repeats counted, in order of first appearance.

    >>> counted_names(["vanilla", "chocolate", "vanilla"])
    '2 vanilla and chocolate'
    """
    counts: dict[str, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    return join_words([counted_name(code, c, lang) for code, c in counts.items()], lang)


def join_words(words: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` in the catalog's words."""
    words = list(words)
    if not words:
        return t("word.nothing", lang)
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {t('word.and', lang)} {words[-1]}"


@dataclass(frozen=True, slots=True)
class ParamKinds:
    """Which message parameters name what, so they can be written as words.

    ``seat``/``seats``: parameters holding a seat number or a list of them; ``flavour``/
    ``flavours``: a flavour (an index into the message's flavours, or a code) or a list of
    them; ``codes``: parameter -> catalog prefix, for a code with its own entry
    (``{"phase": "phase"}`` writes ``phase="serving"`` as the entry ``phase.serving``).
    A game whose messages use other names or prefixes declares its own.
    """

    seat: frozenset[str] = frozenset({"player", "dealer", "seat"})
    seats: frozenset[str] = frozenset({"winners", "tied"})
    flavour: frozenset[str] = frozenset({"flavour", "missing", "drawn"})
    flavours: frozenset[str] = frozenset({"flavours", "scoops", "returned"})
    codes: Mapping[str, str] = field(
        default_factory=lambda: {"phase": "phase", "wanted": "phase", "action": "action"})


#: The parameter names every message understands unless its class says otherwise.
PARAM_KINDS = ParamKinds()


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog key and its parameters, translated on demand.

    ``names`` (seat -> player name) and ``flavours`` (flavour index -> code) let
    the message render seats and flavours given as numbers; which parameters are seats,
    flavours or codes is the class's ``kinds`` (a subclass may declare its own). A message
    a game made (an option's reason) knows its game's flavour codes (``codes``), so its
    text needs no ``flavours`` argument.
    """

    key: str
    params: dict = field(default_factory=dict)
    codes: tuple[str, ...] = field(default=(), compare=False, repr=False)
    kinds: ClassVar[ParamKinds] = PARAM_KINDS

    def text(
        self,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
        flavours: Sequence[str] | None = None,
    ) -> str:
        """The message in ``lang`` (default: the language chosen with set_language)."""
        if flavours is None and self.codes:
            flavours = self.codes
        return t(self.key, lang, **render_params(self.params, lang, names, flavours,
                                                 self.kinds))


def render_params(
    params: dict,
    lang: str = DEFAULT_LANGUAGE,
    names: Sequence[str] | None = None,
    flavours: Sequence[str] | None = None,
    kinds: ParamKinds = PARAM_KINDS,
) -> dict[str, Any]:
    """Turn seat numbers, flavours and codes in ``params`` into words (``kinds`` says
    which parameter is which).

    Every list parameter also gives its length as ``<name>_count`` (a plural entry's
    ``param``): ``{"returned": [3, 3]}`` -> ``returned`` "2 chocolate", ``returned_count`` 2.
    """
    out: dict[str, Any] = {}
    codes = kinds.codes
    for k, v in params.items():
        if k in kinds.seat and isinstance(v, int):
            out[k] = _seat(v, lang, names)
        elif k in kinds.seats and isinstance(v, list | tuple):
            out[k] = join_words([_seat(p, lang, names) for p in v], lang)
        elif k in kinds.flavour and v is not None and not isinstance(v, str | list | tuple):
            out[k] = flavour_name(flavours[v] if flavours else str(v), lang)
        elif k in kinds.flavour and isinstance(v, str):
            out[k] = flavour_name(v, lang)
        elif k in kinds.flavours and isinstance(v, list | tuple):
            out[k] = counted_names(
                [flavours[f] if flavours and isinstance(f, int) else f for f in v], lang)
        elif k in codes and isinstance(v, str) and has_message(f"{codes[k]}.{v}", lang):
            out[k] = t(f"{codes[k]}.{v}", lang)
        elif isinstance(v, list | tuple):
            out[k] = join_words([str(x) for x in v], lang)
        else:
            out[k] = v
        if isinstance(v, list | tuple):
            out.setdefault(f"{k}_count", len(v))
    return out


def _seat(seat: int, lang: str, names: Sequence[str] | None) -> str:
    return seat_name(names, seat, lang) if names is not None else t("ui.seat", lang,
                                                                      seat=seat + 1)


def seat_name(names: Sequence[str], seat: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name of the player in ``seat`` (0-based), as shown in ``lang``.

    A name the player chose is shown as it is; a default name ("Player 2", made from
    ``ui.default_name`` when a game starts) is a word, so it follows the reader's language:

    >>> seat_name(["Ann", "Player 2"], 1, "nl"), seat_name(["Ann", "Speler 2"], 0, "nl")
    ('Speler 2', 'Ann')
    """
    name = names[seat]
    if name in _default_names(seat):
        return t("ui.default_name", lang, seat=seat + 1)
    return name


@cache
def _default_names(seat: int) -> frozenset[str]:
    return frozenset(t("ui.default_name", lang, seat=seat + 1) for lang in _known())
