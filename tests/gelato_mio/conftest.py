"""Helpers for the Gelato Mio tests: scenarios with a rigged display and hands."""

from __future__ import annotations

from typing import Any

import pytest

from icecream.games.gelato_mio import load_scenario

PLAIN_DISPLAY = [["cone", "cream", "wafer"], ["bowl", "cone", "vanilla"],
                 ["cream", "wafer", "sugar"]]


def scenario(**fields: Any):
    """A two-player scenario (Ana, Bo) with a plain display unless given."""
    data: dict[str, Any] = {"format_version": 2, "players": ["Ana", "Bo"], "seed": 7,
                            "display": PLAIN_DISPLAY}
    data.update(fields)
    return load_scenario(data)


@pytest.fixture
def make():
    return scenario
