"""The bot interface and the random bot.

A bot sees only its seat's view (``state.view(seat)``), never the state: that is how
the hidden-information rule (IC-6) is kept. It returns an action in plain form, picked
among ``view.legal_actions``. Bots are made by name through a registry so that
simulations, the command line and widgets can offer every bot.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import SettingsError


class Bot(ABC):
    """A player that decides from a seat's view. ``seed`` makes its choices repeatable."""

    name: str = ""
    #: True for a bot that can decide in a playout from the state itself
    #: (:meth:`choose_in_playout`), reading only what its seat's view shows.
    plays_from_state: bool = False

    def __init__(self, seed: int | None = 0, **options: Any) -> None:
        if options:
            raise SettingsError(f"bot {self.name!r} takes no option(s) {sorted(options)}")
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Any) -> dict[str, Any]:
        """The action to play, in plain form, chosen from ``view.legal_actions``."""

    @staticmethod
    def legal_actions(view: Any) -> Sequence[dict[str, Any]]:
        """``view.legal_actions``; ``ValueError`` when the seat has no decision to make."""
        legal = view.legal_actions
        if not legal:
            raise ValueError("the view has no legal action: it is not this seat's turn")
        return legal

    def choose_in_playout(self, state: Any, seat: int) -> Any:
        """The action for ``seat`` in a playout's ``state``: what :meth:`choose` picks
        from ``state.view(seat)``. A bot with ``plays_from_state`` reads the state without
        building the view, and only what the view shows."""
        return self.choose(state.view(seat))

    def prepare(self, game: str) -> Any:
        """Check that this bot can play ``game`` (a :class:`SettingsError` if not)."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: Any) -> dict[str, Any]:
        legal = self.legal_actions(view)
        return legal[int(self.rng.random() * len(legal))]


def decide(bot: Bot, state: Any, seat: int) -> Any:
    """``bot``'s choice for ``seat`` in ``state`` (a playout's own state).

    A random bot picks straight from ``state.legal_actions()``: the same list, in the same
    order, as its view's, with the same draw of its generator, so the same decision as
    :meth:`RandomBot.choose` without building the view. A bot that ``plays_from_state``
    (the ``rollout`` bot) reads the state through :meth:`Bot.choose_in_playout`, only what
    the seat's view shows (building a view costs more than a random move). Every other
    bot decides from its seat's view.
    """
    if type(bot) is RandomBot:
        legal = state.legal_actions()
        return legal[int(bot.rng.random() * len(legal))]
    if bot.plays_from_state:
        return bot.choose_in_playout(state, seat)
    return bot.choose(state.view(seat))


BOTS: dict[str, Callable[..., Bot]] = {}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory`` available as ``make_bot(name, ...)``."""
    BOTS[name] = factory


def bot_names(game: str | None = None) -> list[str]:
    """The registered bots' names; with ``game``, only those that can play it (a game's
    own policies, such as its heuristic, are optional: :meth:`Bot.prepare` says)."""
    if game is None:
        return sorted(BOTS)
    names = []
    for name in sorted(BOTS):
        try:
            BOTS[name](seed=0).prepare(game)
        except SettingsError:
            continue
        names.append(name)
    return names


def make_bot(name: str, seed: int | None = 0, **options: Any) -> Bot:
    """A bot by name; :class:`SettingsError` lists the known names."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise SettingsError(f"unknown bot {name!r}; bots are {', '.join(bot_names())}") from None
    return factory(seed=seed, **options)


register_bot("random", RandomBot)
