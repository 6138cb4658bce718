"""Gelato Mio's own quiz question (the generic ones are in :mod:`icecream.teach.quiz`).

* ``setup_piles``: "how many customers are in each shuffled customer pile?" in a new game
  (GM-3), from the engine's setup. Asked only where named (a tutorial's quiz): it is the
  same question at every position.

>>> import random
>>> from icecream import new_game
>>> q = setup_piles(new_game("gelato-mio", players=2, seed=1), random.Random(0))
>>> [c.value for c in q.choices if c.correct]
[6]
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


@without_picture
@asked_by_name
def setup_piles(state: Any, rng: random.Random,
                lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"The customers other than the one face up are shuffled into piles: how many in each?"
    (GM-3).

    Right: the size of the engine's shuffled piles in a new game set up as this one;
    wrong: the other ways to split the same customers (all in one pile, in two, ...).
    """
    fresh = fresh_game(state)
    shuffled = fresh.piles[1:]  # pile 1 is the customer face up from the start
    total = sum(len(p) for p in shuffled)
    right = len(shuffled[0])
    wrong = [k for k in range(1, total + 1) if total % k == 0]
    why = t("teach.gm.setup.why", lang, total=total, piles=len(shuffled), count=right)
    prompt = t("teach.gm.setup.prompt", lang, total=total)
    return number_question("setup_piles", prompt, state, right, wrong,
                           "teach.gm.setup.label", why, "GM-3", rng, lang)


QUIZ_KINDS = {"setup_piles": setup_piles}

__all__ = ["QUIZ_KINDS", "setup_piles"]
