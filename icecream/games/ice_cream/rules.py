"""Ice Cream's rules registry: the rulings IC-1..IC-16 and the project's notes ICN-1..ICN-7.

Texts live in the translation catalog (``rule.<id>.title`` / ``rule.<id>.text``);
``docs/rules-notes.md`` explains the project's own notes.
"""

from __future__ import annotations

from ...core.rules import Rule, RuleBook

RULES = RuleBook(
    "ice-cream",
    [Rule(f"IC-{i}", "ruling") for i in range(1, 17)]
    + [Rule(f"ICN-{i}", "project") for i in range(1, 8)],
)
