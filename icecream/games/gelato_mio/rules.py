"""Gelato Mio's rules registry: the rulings GM-1..GM-9 and the project's notes GMN-1..GMN-8.

Texts live in the translation catalog (``rule.<id>.title`` / ``rule.<id>.text``);
``docs/gelato-mio.md`` explains the project's own notes.
"""

from __future__ import annotations

from ...core.kit import numbered_rules

RULES = numbered_rules("gelato-mio", ("GM", 9), ("GMN", 8))
