"""Hints sample adaptively and within the hint page's time limit (issue 29)."""

from __future__ import annotations

import inspect

import pytest

import icecream
from icecream.teach.hints import HINT_SECONDS, HintError, hint


def _many_options():
    s = icecream.new_game("ice-cream", players=3, seed=2)
    while len(s.legal_actions()) < 5:
        s = s.apply(s.legal_actions()[0])
    return s


def test_a_hint_drops_options_and_lists_them_after_the_contenders():
    s = _many_options()
    h = hint(s, samples=40, seed=3, seconds=None)
    assert len(h.options) == len(s.legal_actions())
    dropped = [o for o in h.options if o.dropped]
    kept = [o for o in h.options if not o.dropped]
    assert dropped and len(kept) >= 1
    # The contenders first (best first), then the dropped ones.
    assert list(h.options) == kept + dropped
    assert all(o.samples == h.samples for o in kept)
    assert all(o.samples == o.dropped_after and o.drop_reason in ("worse", "halved")
               for o in dropped)
    # (A drop that leaves one option ends the hint, decided: that one has as many.)
    assert all(o.samples <= h.samples for o in dropped)


def test_hint_takes_the_hint_pages_time_limit_unless_told_otherwise():
    assert inspect.signature(hint).parameters["seconds"].default == HINT_SECONDS == 2
    s = icecream.new_game("gelato-mio", players=3, seed=3)
    quick = hint(s, samples=2000, seconds=0.05)
    # One game per option always (the time limit spares it), then the limit stops it.
    assert quick.partial and quick.reason == "time" and 1 <= quick.samples < 2000
    with pytest.raises(HintError, match="seconds must be a positive number"):
        hint(s, seconds="2")
