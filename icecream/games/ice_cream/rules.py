"""Ice Cream's rules registry: the rulings IC-1..IC-16 and the project's notes ICN-1..ICN-7.

Texts live in the translation catalog (``rule.<id>.title`` / ``rule.<id>.text``);
``docs/rules-notes.md`` explains the project's own notes.
"""

from __future__ import annotations

from ...core.kit import numbered_rules

RULES = numbered_rules("ice-cream", ("IC", 16), ("ICN", 7))
