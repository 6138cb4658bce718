"""The engine's fast paths against the rules written out plainly.

The engine classifies cones with per-flavour bit sets, packs served counts into one int a
seat and shuffles with hashed keys (all for speed, see ``state.py``); these tests check each
against a direct reading of the rule it stands for.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import icecream
from icecream.core.errors import SettingsError
from icecream.games.ice_cream.chance import shuffled
from icecream.games.ice_cream.components import NUM_FLAVOURS
from icecream.games.ice_cream.settings import KIT
from icecream.games.ice_cream.tables import CONE_BIT, ConeSets, cone_indexes, split

FLAVOUR = st.integers(min_value=0, max_value=NUM_FLAVOURS - 1)
CONE = st.lists(FLAVOUR, min_size=1, max_size=4).map(tuple)
CONES = st.lists(st.one_of(st.none(), CONE), min_size=0, max_size=30).map(tuple)
HELD = st.integers(min_value=0, max_value=(1 << NUM_FLAVOURS) - 1)


def plain_kind(cone: tuple[int, ...], held: int, by_flavour: bool) -> str:
    """IC-9 / IC-10 read literally: which scoops miss the player's cards."""
    miss = [f for f in cone if not held >> f & 1]
    if not miss:
        return "exact"
    if len(miss) == 1 or (by_flavour and len(set(miss)) == 1):
        return "close"
    return "neither"


@given(CONES, HELD, st.booleans())
def test_ic9_ic10_cone_sets_match_the_plain_rule(cones, held, by_flavour):
    exact, close = ConeSets(cones, by_flavour).classify(held)
    for i, cone in enumerate(cones):
        got = ("exact" if exact & CONE_BIT[i] else "close" if close & CONE_BIT[i]
               else "neither")
        want = "neither" if cone is None else plain_kind(cone, held, by_flavour)
        assert got == want, (cone, bin(held), by_flavour)
    assert cone_indexes(exact) == [i for i, c in enumerate(cones)
                               if c is not None and plain_kind(c, held, by_flavour) == "exact"]
    everything = sum(CONE_BIT[i] for i in range(len(cones)))
    assert exact & ~everything == 0 and close & ~everything == 0


@given(CONE, HELD)
def test_ic10_ic11_split_of_a_served_cone(cone, held):
    on_cards, back, gained = split(cone, held)
    assert sorted(on_cards + back) == sorted(cone)
    assert all(held >> f & 1 for f in on_cards) and not any(held >> f & 1 for f in back)
    counts = Counter(on_cards)
    assert gained == sum(k << 5 * f for f, k in counts.items())


@given(st.lists(FLAVOUR, max_size=30).map(tuple), st.integers(0, 2**40), st.integers(0, 60),
       st.integers(0, 4))
def test_seeded_shuffle_is_a_repeatable_permutation(cards, seed, day, purpose):
    out = shuffled(seed, day, purpose, cards)
    assert type(out) is list and sorted(out) == sorted(cards)
    assert shuffled(seed, day, purpose, list(cards)) == out


def test_seeded_shuffle_is_uniform_and_depends_on_each_part():
    orders = Counter(tuple(shuffled(seed, 1, 2, (0, 1, 2, 3))) for seed in range(24_000))
    assert len(orders) == 24
    # 1,000 expected each; a fair shuffle stays within +-15% with overwhelming probability.
    assert all(850 < k < 1150 for k in orders.values()), orders
    deck = tuple(range(6)) * 5
    base = shuffled(7, 1, 2, deck)
    assert base != shuffled(8, 1, 2, deck)
    assert base != shuffled(7, 2, 2, deck)
    assert base != shuffled(7, 1, 3, deck)


def test_served_counts_round_trip_through_their_packed_form():
    s = icecream.new_game("ice-cream", players=3, seed=1)
    c = s.clone()
    c.served = ((1, 0, 2, 0, 0, 5), (0,) * 6, (3, 3, 0, 0, 1, 0))
    assert c.served == ((1, 0, 2, 0, 0, 5), (0,) * 6, (3, 3, 0, 0, 1, 0))
    assert s.served == ((0,) * 6,) * 3  # the clone's change stays in the clone


def test_settings_made_once_are_reused_but_types_still_checked():
    first = KIT.make(3, None, {"days": 1})
    assert KIT.make(3, None, {"days": 1}) is first
    with pytest.raises(SettingsError, match="days"):
        KIT.make(3, None, {"days": True})  # equal to 1 as a dict key, refused all the same
    names = ["Ann", "Bob", "Cy"]
    assert KIT.make(names).names == tuple(names)
    names[0] = "Dee"  # the caller's list changes: the next call must not get the old names
    assert KIT.make(names).names == ("Dee", "Bob", "Cy")


def test_tables_fill_themselves_and_start_over_when_full(monkeypatch):
    from icecream.core import memo
    from icecream.games.ice_cream import tables

    monkeypatch.setattr(memo, "TABLE_LIMIT", 3)
    calls = []
    table = memo.Table(lambda k: calls.append(k) or k * 10)
    assert [table[k] for k in (1, 2, 1, 3)] == [10, 20, 10, 30] and calls == [1, 2, 3]
    assert table[4] == 40 and len(table) == 1  # full at 3: emptied, then 4 kept
    assert tables.CONE_BYTES[None] == b"\0\0" and tables.CONE_BYTES[(0, 0, 1)] == bytes((3, 2))


@pytest.mark.parametrize("setup", [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
    {"players": 4, "ruleset": "ijs"},
    {"players": 3, "scoops_per_cone": 1, "cones": 30},
    {"players": 5, "scoops_per_cone": 3, "cones": 9, "removed_scoops": 3},
])
def test_the_fast_legal_path_is_the_checks_at_every_decision(setup):
    """The packed-int fast path (``fast_legal``) allows exactly the candidates the checks
    allow, in the same order, at every decision of random games (the kit's proof)."""
    import random

    from icecream.core.conformance import check_legal_paths

    rng = random.Random(repr(setup))
    for seed in range(4):
        s = icecream.new_game("ice-cream", seed=seed, **setup)
        while not s.is_over:
            check_legal_paths(s)
            s = s.apply(rng.choice(s.legal_actions()))
        assert s.checked_legal() == () == s.legal_actions()


def test_the_game_package_has_no_import_cycle():
    """state.py imports neither the view nor the scenario module (they import it); the
    package's __init__ joins them, so every import in the package goes one way."""
    import ast
    from pathlib import Path

    pkg = Path(icecream.__file__).parent / "games" / "ice_cream"
    graph = {}
    for path in pkg.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module.split(".")[0]} if node.module else {
                    a.name for a in node.names}
        graph[path.stem] = deps - {"__init__"}

    def reaches(start: str, goal: str, seen: set) -> bool:
        for d in graph.get(start, ()):
            if d == goal or (d not in seen and reaches(d, goal, seen | {d})):
                return True
        return False

    assert not [m for m in graph if m != "__init__" and reaches(m, m, {m})]
