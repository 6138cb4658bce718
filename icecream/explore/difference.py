"""A difference and its 95% interval, as the reader sees it: one rule for its words.

Every what-if page puts a difference in a table row and says it in a sentence: a ruleset
against another (a metric's B - A), an option against the best one (its paired score
difference), the hint's runner-up against its best option. Both come from
:func:`difference`, which rounds the interval to what is shown and decides from the
shown numbers only:

* the shown interval contains 0 (``-1.0 to +0.0`` does): **no measurable difference**
  (:data:`NONE`);
* it lies above 0: **likely higher** (:data:`HIGHER`); below 0: **likely lower**
  (:data:`LOWER`);
* the best option's own row is **best** (:data:`BEST`), not ``+0.0 (+0.0 to +0.0)``.

So a sentence can never call a difference real while its row shows a range through 0,
nor the other way round (issue 29: "Score spread -2.7 (-5.0 to -0.4)" under a sentence
saying the ranges overlap).

Numbers are written by Babel in the reader's language (:func:`show_value`); a score is
counted in the game's own unit (:func:`score_unit`: coins where a game counts coins,
points by default), with the plural the shown number takes ("1.0 points", "1 point").

>>> d = difference(-1.1, -6.8, 5.6)
>>> d.text, d.verdict
('-1.1 (-6.8 to +5.6)', 'none')
>>> d = difference(-2.74, -5.01, -0.36, lang="nl")
>>> d.text, d.verdict, d.amount(), d.near(), d.far()
('-2,7 (-5,0 tot -0,4)', 'lower', '2,7', '0,4', '5,0')
>>> difference(0.0, 0.0, 0.0, best=True).text
'best'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..core.messages import DEFAULT_LANGUAGE, format_number, has_message, t

#: The verdicts of :func:`difference`.
BEST, NONE, HIGHER, LOWER, MISSING = "best", "none", "higher", "lower", "missing"
#: A score difference whose shown range includes 0 and is at most this wide (points, or
#: the game's unit) is *too close to call*: the two options are about as good (issue 29).
CLOSE_WIDTH = 2.0


def shown(value: float, rate: bool) -> float:
    """``value`` rounded to what :func:`show_value` writes: a rate (0..1) to a whole
    percentage, any other amount to one decimal below 100 and whole from 100 on; a value
    that shows as zero is 0.0 (never -0.0)."""
    value = float(value)
    if not math.isfinite(value):
        return value
    if rate:
        return round(value, 2) or 0.0
    return round(value, 1 if abs(value) < 100 else 0) or 0.0


def show_value(value: float, rate: bool, lang: str = DEFAULT_LANGUAGE,
               sign: bool = False) -> str:
    """A value as a person reads it: a rate (0..1) as a whole percentage ("31%"), any
    other amount with one decimal below 100 ("24.3", Dutch "24,3"), whole above; with
    ``sign``, a leading "+" on what is not negative."""
    if not math.isfinite(value):
        return "\u2013"
    plus = "+" if sign else ""
    # Rounded first to what is shown, so a value that shows as zero is zero and never
    # "-0.0" (seen at Ice Cream's position what-if, issue 21).
    value = shown(value, rate)
    if rate:
        return format_number(value, lang, f"{plus}.0%")
    return format_number(value, lang, f"{plus}.1f" if abs(value) < 100 else f"{plus}.0f")


def show_interval(value: float, low: float, high: float, rate: bool,
                  lang: str = DEFAULT_LANGUAGE) -> str:
    """``31% (28% to 34%)``: a value and its 95% interval in the same units."""
    return t("widgets.whatif.interval", lang, value=show_value(value, rate, lang),
             low=show_value(low, rate, lang), high=show_value(high, rate, lang))


@dataclass(frozen=True)
class Difference:
    """A difference with its 95% interval as shown: ``value``, ``low`` and ``high`` are
    the rounded numbers the reader sees, ``verdict`` one of :data:`BEST`, :data:`NONE`,
    :data:`HIGHER`, :data:`LOWER` (or :data:`MISSING`: no number to show)."""

    value: float
    low: float
    high: float
    rate: bool
    verdict: str
    lang: str = DEFAULT_LANGUAGE

    @property
    def text(self) -> str:
        """The row's text: ``-1.1 (-6.8 to +5.6)``, ``best``, or a dash when missing."""
        if self.verdict == BEST:
            return t("explore.diff.best", self.lang)
        if self.verdict == MISSING:
            return "\u2013"
        return t("widgets.whatif.interval", self.lang, value=self._sign(self.value),
                 low=self._sign(self.low), high=self._sign(self.high))

    @property
    def cell(self) -> str:
        """A comparison table's cell: :attr:`text`, and for a range that includes 0 the
        words "no measurable difference" beside it, as the sentences say."""
        if self.verdict == NONE:
            return t("widgets.whatif.no_difference_row", self.lang, interval=self.text,
                     words=t("widgets.whatif.no_difference", self.lang))
        return self.text

    @property
    def close(self) -> bool:
        """True for a score difference with no measurable difference whose shown range is
        at most :data:`CLOSE_WIDTH` wide: too close to call (not "more samples needed")."""
        return (self.verdict == NONE and not self.rate
                and self.high - self.low <= CLOSE_WIDTH)

    def close_width(self) -> str:
        """:data:`CLOSE_WIDTH` written as the numbers are ("2.0", Dutch "2,0")."""
        return self._plain(CLOSE_WIDTH)

    @property
    def measurable(self) -> bool:
        """True when the shown interval lies wholly above or below 0."""
        return self.verdict in (HIGHER, LOWER)

    def amount(self) -> str:
        """The size of the difference as shown, without its sign ("2.7", "3%")."""
        return self._plain(abs(self.value))

    def near(self) -> str:
        """The end of a measurable interval nearer to 0, without sign ("0.4")."""
        return self._plain(min(abs(self.low), abs(self.high)))

    def far(self) -> str:
        """The end of a measurable interval farther from 0, without sign ("5.0")."""
        return self._plain(max(abs(self.low), abs(self.high)))

    def plural_of(self, which: str = "amount") -> Decimal:
        """The number a unit's plural agrees with (``amount``, ``near`` or ``far``), as
        shown: "1.0" is plural in English and Dutch, "1" is not."""
        return plural_number(getattr(self, which)())

    def _sign(self, value: float) -> str:
        return show_value(value, self.rate, self.lang, sign=True)

    def _plain(self, value: float) -> str:
        return show_value(value, self.rate, self.lang)


def difference(value: float, low: float, high: float, rate: bool = False,
               lang: str = DEFAULT_LANGUAGE, best: bool = False) -> Difference:
    """The difference ``value`` with its interval ``low``..``high`` as shown, and its
    verdict decided on the shown numbers (see the module docstring). ``rate``: a share
    (0..1), shown as percentages. ``best``: the best option's own row (its difference
    to itself). Raises ``ValueError`` for an interval whose ends are the wrong way round.
    """
    v, lo, hi = (shown(x, rate) for x in (value, low, high))
    if best:
        return Difference(0.0, 0.0, 0.0, rate, BEST, lang)
    if not all(math.isfinite(x) for x in (v, lo, hi)):
        return Difference(v, lo, hi, rate, MISSING, lang)
    if lo > hi:
        raise ValueError(f"an interval runs from its low end to its high end, not from "
                         f"{low!r} to {high!r}")
    verdict = HIGHER if lo > 0 else LOWER if hi < 0 else NONE
    return Difference(v, lo, hi, rate, verdict, lang)


def difference_of(a: Any, b: Any, rate: bool = False,
                  lang: str = DEFAULT_LANGUAGE) -> Difference:
    """``b - a`` of two estimates (anything with ``value``, ``low`` and ``high``, or
    ``None``: missing), its interval combined from theirs as if independent: the two
    half-widths added in quadrature. Two settings played on the same seeds are not
    independent, so this errs on the wide side: a difference it calls measurable is."""
    if a is None or b is None:
        nan = float("nan")
        return difference(nan, nan, nan, rate, lang)
    half = math.hypot((a.high - a.low) / 2, (b.high - b.low) / 2)
    diff = b.value - a.value
    return difference(diff, diff - half, diff + half, rate, lang)


def plural_number(text: str) -> Decimal:
    """A number as written (``"1,0"``, ``"1.0"``, ``"31%"``) for Babel's plural rules,
    which count its visible decimals: "1,0 punten", "1 punt"."""
    digits = text.replace("%", "").replace("+", "").replace(",", ".").strip()
    try:
        return abs(Decimal(digits))
    except ArithmeticError:
        return Decimal(0)


def score_unit(game: Any, count: Decimal | float | int,
               lang: str = DEFAULT_LANGUAGE) -> str:
    """What ``game`` (a :class:`~icecream.core.protocol.GameSpec`, or ``None``) counts its
    scores in, agreeing with ``count``: its catalog's ``<prefix>unit`` (a plural entry:
    "coin"/"coins" for a game scored in coins), or "points" (``explore.unit``) for a game
    whose catalog has none."""
    key = unit_key(game)
    if not key or not has_message(key, lang):
        key = "explore.unit"
    return t(key, lang, count=count)


def unit_key(game: Any) -> str:
    """The catalog key of ``game``'s score unit (``<prefix>unit``); empty for a game
    without a catalog prefix (its scores are called points)."""
    return game.catalog_key("unit") if getattr(game, "catalog_prefix", "") else ""


__all__ = ["BEST", "CLOSE_WIDTH", "HIGHER", "LOWER", "MISSING", "NONE", "Difference", "difference",
           "difference_of", "plural_number", "score_unit", "show_interval", "show_value",
           "shown", "unit_key"]
