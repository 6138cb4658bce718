"""Errors raised by the engines and the tools around them.

Every error names what was wrong; rule errors also name the rule (an id from the
rules registry, such as ``IC-9``), so a view can show the rule text beside the message.
"""

from __future__ import annotations


class IcecreamError(Exception):
    """Base class of every error this package raises on purpose."""


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
