"""Protocol conformance: random playouts that must never break the game API.

Modelled on OpenSpiel's random-simulation test. Every game registered with the protocol
must pass :func:`check_random_playouts`; tests call it for each game and setting.

>>> import icecream
>>> check_random_playouts(icecream.default_game(), players=3, seed=11, games=1).games
1
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import ActionFormatError, IllegalAction
from .protocol import State, get_game, load_state

#: Plain actions no game accepts: unknown types and malformed fields.
FORGED_ACTIONS: tuple[Any, ...] = (
    {"type": "teleport"},
    {"cone": 1},
    "serve",
    None,
    {"type": "serve", "cone": "2"},
    {"type": "place", "cone": 1.5},
    {"type": "serve", "cone": True},
)


@dataclass(frozen=True)
class ConformanceReport:
    """What a conformance run covered."""

    games: int
    actions: int
    illegal_refused: int


def _snapshot(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def check_state(state: State, rng: random.Random, deep: bool = True) -> int:
    """Check one non-terminal or terminal state against the protocol; returns refusals."""
    spec = state.game
    legal = list(state.legal_actions())
    if state.is_over:
        assert state.current_player is None, "a finished game has no player to act"
        assert not legal, "a finished game has no legal action"
        assert state.winners, "a finished game has winners"
        return 0
    assert legal, f"no legal action in a live state ({state!r})"
    check_legal_paths(state)
    p = state.current_player
    assert isinstance(p, int) and 0 <= p < state.num_players
    assert len(set(legal)) == len(legal), "legal actions are distinct"
    options = state.options()
    allowed = [o.action for o in options if o.allowed]
    assert sorted(map(str, allowed)) == sorted(map(str, legal)), (
        "options() allows exactly the legal actions")
    for o in options:
        assert o.rule in spec.rules, f"option cites unknown rule {o.rule}"
        o.reason.text(names=state.names, flavours=spec.flavour_codes)  # renders
    for a in legal:
        assert spec.parse_action(a.to_dict()) == a, "plain form round-trips"
    if not deep:
        return 0
    before = _snapshot(state)
    refused = check_refusals(state, rng.sample(FORGED_ACTIONS, 2), options)
    # Every legal action applies, with the plain form too, and never mutates this state.
    for a in legal:
        child = state.apply(a)
        assert child is not state
        again = state.apply(a.to_dict())
        assert _snapshot(again) == _snapshot(child), "plain and object forms agree"
    assert _snapshot(state) == before, "apply() must not change the state it is called on"
    # Views: the actor sees its legal actions; other seats see none; texts render.
    for seat in range(state.num_players):
        v = state.view(seat)
        if seat == p:
            assert list(v.legal_actions) == [a.to_dict() for a in legal]
        else:
            assert not v.legal_actions, "only the seat to act sees legal actions"
        state.event_texts(seat)
    assert state.view(None).teacher
    state.event_texts(None)
    # Save/load round trip.
    restored = load_state(json.loads(json.dumps(state.to_dict())))
    assert _snapshot(restored) == before, "to_dict/load_state round-trips"
    assert [a.to_dict() for a in restored.legal_actions()] == [a.to_dict() for a in legal]
    return refused


def check_refusals(state: State, forged: Sequence[Any],
                   options: Sequence[Any] | None = None) -> int:
    """Every forbidden option of ``state`` is refused citing its rule, every ``forged``
    action is refused, and none of them changes ``state``; returns the refusals.

    ``options`` are ``state.options()`` when the caller has them already.
    """
    before = _snapshot(state)
    refused = 0
    for o in state.options() if options is None else options:
        if not o.allowed:
            try:
                state.apply(o.action)
            except IllegalAction as e:
                assert e.rule == o.rule, "the refusal cites the option's rule"
                refused += 1
            else:
                raise AssertionError(f"forbidden option {o.action} was applied")
    for action in forged:
        try:
            state.apply(action)
        except (ActionFormatError, IllegalAction):
            refused += 1
        else:
            raise AssertionError(f"forged action {action!r} was applied")
    assert _snapshot(state) == before, "a refused action must not change the state"
    return refused


def check_legal_paths(state: State) -> None:
    """For a game built on the rules kit (:mod:`icecream.core.phases`): its legal actions,
    by whatever labelled fast path, are exactly the candidates its checks allow, in the
    same order, and every check of a legal action says allowed."""
    checked_legal = getattr(state, "checked_legal", None)
    if checked_legal is None:
        return
    legal = list(state.legal_actions())
    checked = list(checked_legal())
    assert legal == checked, (
        f"the fast legal path differs from the checks at {state!r}: "
        f"only fast {[str(a) for a in legal if a not in checked]}, "
        f"only checked {[str(a) for a in checked if a not in legal]}, or another order")
    for a in legal:
        assert state.check(a).allowed, f"the check refuses the legal action {a}"  # type: ignore


def check_legal_at_every_decision(game: str, players: int, seed: int = 0, games: int = 3,
                                  **variant: Any) -> int:
    """Play ``games`` random games of ``game`` and prove, at EVERY decision, the game's
    legal actions (whatever fast path it labels) equal to the candidates its checks
    allow, in order (:func:`check_legal_paths`); returns the decisions checked.

    This is what lets a game write each rule once, in its ``check_<type>``: a fast path
    or a memo may hold how the legal actions are found, never which are legal. A game
    ends within its spec's ``step_limit`` or the run fails.
    """
    spec = get_game(game)
    decisions = 0
    for g in range(games):
        state = spec.new_state(players=players, seed=seed * 1000 + g, **variant)
        pick = random.Random(seed * 1000 + g).random
        steps = 0
        while not state.is_over:
            check_legal_paths(state)
            legal = state.legal_actions()
            state = state.apply(legal[int(pick() * len(legal))])
            steps += 1
            assert steps <= spec.step_limit, (
                f"{game}: no end within step_limit={spec.step_limit} decisions")
        decisions += steps
    return decisions


def check_random_playouts(game: str, players: int = 4, seed: int = 0, games: int = 5,
                          max_actions: int = 100_000, deep_every: int = 1,
                          max_checks: int | None = None, **variant: Any) -> ConformanceReport:
    """Play ``games`` random games, checking every state (deeply every ``deep_every``th).

    With ``max_checks``, each game is played first and at most that many of its states,
    evenly spaced and the last one included, are checked: random games of some games last
    thousands of decisions. Raises ``AssertionError`` describing the first violation.
    """
    spec = get_game(game)
    rng = random.Random(seed)
    actions = refused = 0
    for g in range(games):
        state = spec.new_state(players=players, seed=seed * 1000 + g, **variant)
        if max_checks is not None:
            trail = [state]
            pick = random.Random(seed * 1000 + g)
            while not trail[-1].is_over:
                trail.append(trail[-1].apply(pick.choice(list(trail[-1].legal_actions()))))
                assert len(trail) <= max_actions, f"game did not end within {max_actions} actions"
            every = max(1, len(trail) // max_checks)
            picked = sorted(set(range(0, len(trail), every)) | {len(trail) - 1})
            for n, k in enumerate(picked):
                if n % 50 == 0:  # each plays the rest of the game three ways
                    check_playout_paths(trail[k], seed=k + g)
                refused += check_state(trail[k], rng, deep=(n % deep_every == 0))
            actions += len(trail) - 1
            continue
        k = 0
        while True:
            if k % 50 == 0:
                check_playout_paths(state, seed=k + g)
            refused += check_state(state, rng, deep=(k % deep_every == 0))
            if state.is_over:
                break
            state = state.apply(rng.choice(list(state.legal_actions())))
            k += 1
            assert k < max_actions, f"game did not end within {max_actions} actions"
        actions += k
    return ConformanceReport(games, actions, refused)


def check_playout_paths(state: State, seed: int = 0) -> None:
    """A game's own ``random_playout`` plays the same game as the protocol's loop and as
    ``apply()`` step by step, from the same generator (games without ``clone`` skip this).
    """
    if not hasattr(state, "clone"):
        return
    before = _snapshot(state)
    fast = state.clone()
    n_fast = fast.random_playout(random.Random(seed).random)
    generic = state.clone()
    n_generic = State.random_playout(generic, random.Random(seed).random)
    pick = random.Random(seed).random
    slow = state
    n_slow = 0
    while not slow.is_over:
        legal = slow.legal_actions()
        slow = slow.apply(legal[int(pick() * len(legal))])
        n_slow += 1
    assert n_fast == n_generic == n_slow, "random_playout plays as many actions as apply()"
    assert fast.to_dict() == generic.to_dict() == slow.to_dict(), (
        "random_playout ends where the protocol's loop and apply() end")
    assert fast.events == slow.events, "and with the same last events"
    assert _snapshot(state) == before, "playouts on clones leave the state alone"


def replay(game: str, setup: Mapping[str, Any], actions: list[Any]) -> State:
    """Replay ``actions`` from ``new_game(game, **setup)``: a seed plus actions is a game."""
    state = get_game(game).new_state(**setup)
    for a in actions:
        state = state.apply(a)
    return state
