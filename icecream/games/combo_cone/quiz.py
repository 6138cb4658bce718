"""Combo Cone Paradise's own quiz question (the generic ones are in :mod:`icecream.teach.quiz`).

* ``setup_pile``: "how many Ice Cream cards are in the draw pile?" in a new game for this
  table's Artisans (CCP-3), from the engine's setup. Asked only where named (a tutorial's
  quiz): it is the same question at every position.

>>> import random
>>> from icecream import new_game
>>> q = setup_pile(new_game("combo-cone", players=3, seed=1), random.Random(0))
>>> [c.value for c in q.choices if c.correct]
[72]
"""

from __future__ import annotations

import random
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, t
from ...core.questions import (
    Question,
    asked_by_name,
    fresh_game,
    number_question,
    without_picture,
)


def _pile(state: Any) -> int:
    """The draw pile's size in a new game's setup event (CCP-3)."""
    return next(e.params["pile"] for e in state.events if e.rule == "CCP-3")


@without_picture
@asked_by_name
def setup_pile(state: Any, rng: random.Random,
               lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"A new game for <n> Artisans: how many cards are in the Ice Cream draw pile?" (CCP-3).

    Right: the engine's pile for this table's Artisans; wrong: the piles of the other
    player counts (the usual mix-up).
    """
    fresh = fresh_game(state)
    right = _pile(fresh)
    game = state.game
    wrong = [_pile(fresh_game(state, k)) for k in range(game.min_players, game.max_players + 1)]
    why = next(text for e, text in zip(fresh.events, fresh.event_texts(None, lang), strict=True)
               if e.rule == "CCP-3")
    prompt = t("teach.ccp.setup.prompt", lang, count=state.num_players)
    return number_question("setup_pile", prompt, state, right, wrong,
                           "teach.ccp.setup.label", why, "CCP-3", rng, lang)


QUIZ_KINDS = {"setup_pile": setup_pile}

__all__ = ["QUIZ_KINDS", "setup_pile"]
