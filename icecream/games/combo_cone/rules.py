"""Combo Cone Paradise's rules registry: the rulings CCP-1..CCP-12 and the project's notes
CCPN-1..CCPN-8 (texts in the catalog, ``rule.<id>.title`` / ``.text``; the notes are
explained in ``docs/combo-cone.md``)."""

from __future__ import annotations

from ...core.rules import Rule, RuleBook

#: How many project notes there are (CCPN-1..CCPN-n).
NOTES = 8

RULES = RuleBook(
    "combo-cone",
    [Rule(f"CCP-{i}", "ruling") for i in range(1, 13)]
    + [Rule(f"CCPN-{i}", "project") for i in range(1, NOTES + 1)],
)
