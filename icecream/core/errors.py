"""Errors raised by the engines and the tools around them.

Every error names what was wrong; rule errors also name the rule (an id from the
rules registry, such as ``IC-9``), so a view can show the rule text beside the message.
"""

from __future__ import annotations

#: The longest message an error carries: one line of at most this many characters.
MESSAGE_LIMIT = 500
#: A word (a run without spaces: a quoted path, a long number) longer than this is cut
#: in its middle before a message is shortened any other way.
WORD_LIMIT = 80


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one line of at most ``limit`` characters, keeping its reason.

    Quotations of hostile input are what make messages long, and a quotation is one
    long word (a path, a number, a repr without spaces) or sits in the middle: long words
    are cut in their middle first (``'xxxx...xxx'``), then, if the line is still too
    long, its middle goes, so the start (what was wrong) and the end (the reason) stay.

    >>> one_line("deck: cannot read '" + "x" * 5000 + "y': File name too long", 80)
    "deck: cannot read 'xxxxxxxxxxxxx...xxxxy': File name too long"
    >>> len(one_line("why: " + "a b " * 5000 + "the reason")) <= 500
    True
    >>> one_line("why: " + "a b " * 5000 + "the reason").endswith("the reason")
    True
    """
    if len(text) <= limit and text.isprintable():
        return text
    if len(text) > 64 * limit:  # hostile: keep both ends, drop the bulk before splitting
        text = text[:32 * limit] + " ... " + text[-32 * limit:]
    words = "".join(ch if ch.isprintable() else " " for ch in text).split()
    most = min(WORD_LIMIT, limit // 3)
    keep = (most - 3) // 3
    words = [w if len(w) <= most else w[:2 * keep] + "..." + w[-keep:] for w in words]
    line = " ".join(words)
    if len(line) <= limit:
        return line
    head = (limit - 5) * 2 // 5
    return line[:head] + " ... " + line[len(line) - (limit - 5 - head):]


class IcecreamError(Exception):
    """Base class of every error this package raises on purpose.

    Its message is one line of at most :data:`MESSAGE_LIMIT` characters
    (:func:`one_line`), however much input the code that raised it quoted.
    """

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            args = (one_line(args[0]), *args[1:])
        super().__init__(*args)


class IllegalAction(IcecreamError):
    """An action the rules do not allow now. The state it was tried on is unchanged.

    ``rule`` is the id of the rule that forbids it; ``reason`` is a
    :class:`~icecream.core.messages.Message` a view can translate.
    """

    def __init__(self, message: str, rule: str | None = None, reason=None) -> None:
        super().__init__(message)
        self.rule = rule
        self.reason = reason


class SettingsError(IcecreamError, ValueError):
    """A game setting (variant value, player count, ruleset name) is not valid."""


class UnknownGame(IcecreamError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:  # KeyError quotes its message; we want plain text
        return str(self.args[0])


class ScenarioError(IcecreamError, ValueError):
    """A scenario (a set-up position) is not valid; the message names the field."""


class SaveFileError(IcecreamError, ValueError):
    """A saved game or state file cannot be read or does not replay."""


class ActionFormatError(IcecreamError, ValueError):
    """A plain-data action (``{"type": "serve", "cone": 2}``) is malformed."""


#: The longest quotation of user input an error message carries (messages stay one line).
QUOTE_LIMIT = 60


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` bounded to ``limit`` characters, safe for any input.

    Error messages quote what was wrong, but input can be hostile: a 5,000-digit number
    (whose ``repr`` Python refuses), a list nested thousands deep, a megabyte of text.
    The quotation is cut with ``...`` and never raises.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> quote(10 ** 5000)
    'a number of 5001 digits'
    >>> quote([[[[[[1]]]]]])
    '[[[[...]]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        digits = len(str(abs(value))) if value.bit_length() < 13000 else None
        if digits is None:  # str() itself is refused past 4,300 digits: estimate
            digits = int(value.bit_length() * 0.30103) + 1
        return f"a number of {digits} digits"
    try:
        text = _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())  # one line
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short_repr() -> object:
    import reprlib

    r = reprlib.Repr()
    r.maxlevel = 3
    r.maxstring = QUOTE_LIMIT
    r.maxother = QUOTE_LIMIT
    r.maxlong = 40
    r.maxlist = r.maxtuple = r.maxdict = r.maxset = 6
    return r


_REPR = _short_repr()


def clip(text: str, limit: int = 300) -> str:
    """``text`` on one line and at most ``limit`` characters (a message inside a message).

    >>> clip("two\\nlines " + "x" * 400, 20)
    'two lines xxxxxxx...'
    """
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def printable(text: str, limit: int = 200) -> str:
    """``text`` as it is when it prints safely on one line (a file name from the command
    line, say), else its bounded quotation: a name with undecodable bytes or control
    characters cannot crash or garble the output.

    >>> printable("out.csv"), printable("bad\\udcffname.csv")
    ('out.csv', "'bad\\\\udcffname.csv'")
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return quote(text, limit)
    return text if text.isprintable() and len(text) <= limit else quote(text, limit)
