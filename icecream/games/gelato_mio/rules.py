"""Gelato Mio's rules registry: the rulings GM-1..GM-9 and the project's notes GMN-1..GMN-8.

Texts live in the translation catalog (``rule.<id>.title`` / ``rule.<id>.text``);
``docs/gelato-mio.md`` explains the project's own notes.
"""

from __future__ import annotations

from ...core.rules import Rule, RuleBook

RULES = RuleBook(
    "gelato-mio",
    [Rule(f"GM-{i}", "ruling") for i in range(1, 10)]
    + [Rule(f"GMN-{i}", "project") for i in range(1, 9)],
)
