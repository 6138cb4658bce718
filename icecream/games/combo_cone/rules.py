"""Combo Cone Paradise's rules registry: the rulings CCP-1..CCP-12 and the project's notes
CCPN-1..CCPN-8 (texts in the catalog, ``rule.<id>.title`` / ``.text``; the notes are
explained in ``docs/combo-cone.md``)."""

from __future__ import annotations

from ...core.kit import numbered_rules

#: How many project notes there are (CCPN-1..CCPN-n).
NOTES = 8

RULES = numbered_rules("combo-cone", ("CCP", 12), ("CCPN", NOTES))
