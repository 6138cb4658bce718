"""Ice Cream's own quiz questions (the generic ones are in :mod:`icecream.teach.quiz`).

* ``serve_cones``: "which cones may you serve?" in phase 3, right are the cones the
  engine allows (IC-9, IC-10), each wrong pick explained by the engine's reason;
* ``day_points``: "how many points does this day score?" at the step that ends phase 3
  (IC-12), the wrong numbers being the usual slips of IC-13 (forgetting duplicates,
  forgetting scoops, counting the card kept).

>>> import random
>>> from icecream.teach.quiz import positions
>>> qs = [serve_cones(s, random.Random(0)) for s in positions("ice-cream", 3, seed=2)]
>>> q = next(q for q in qs if q is not None)
>>> q.kind, q.multiple
('serve_cones', True)
"""

from __future__ import annotations

import random
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, flavour_name, join_words, seat_name, t
from ...core.questions import Choice, Question, action_label, cap_choices
from .actions import Serve
from .components import FLAVOURS


def _flavours(codes: list[int], lang: str) -> str:
    counts: dict[int, int] = {}
    for f in codes:
        counts[f] = counts.get(f, 0) + 1
    return join_words([flavour_name(FLAVOURS[f], lang) if c == 1 else
                       f"{c} {flavour_name(FLAVOURS[f], lang)}" for f, c in counts.items()], lang)


def serve_cones(state: Any, rng: random.Random,
                lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"<Player> holds ...: which cones may <player> serve now?" (IC-9, IC-10).

    Asked in phase 3 when at least two cones are on the table and some may be served and
    some not. Right: the cones whose ``Serve`` the engine allows.
    """
    if state.phase != "serving" or state.current_player is None:
        return None
    p = state.current_player
    options = [o for o in state.options() if isinstance(o.action, Serve)]
    if len(options) < 2 or all(o.allowed for o in options) or not any(o.allowed for o in options):
        return None
    choices = []
    for o in options:
        cone = state.cones[o.action.cone - 1]
        label = t("teach.ic.cone_label", lang, cone=o.action.cone,
                  scoops=_flavours(list(cone), lang))
        choices.append(Choice(label, o.allowed,
                              o.reason.text(lang, state.names, state.game.flavour_codes),
                              o.rule, o.action.to_dict()))
    prompt = t("teach.ic.serve.prompt", lang, player=seat_name(state.names, p, lang),
               flavours=_flavours(state.held_flavours(p), lang))
    return Question("serve_cones", prompt, state, p, tuple(cap_choices(rng, choices)), True,
                    None, lang)


def _day_end(state: Any) -> list[tuple[Any, Any]]:
    """Serving steps that end phase 3: known from the table alone (a draw's card is not)."""
    out = []
    for a in state.legal_actions():
        if isinstance(a, Serve):
            after = state.apply(a)
            if len(after.results) > len(state.results):
                out.append((a, after))
    return out


def day_points(state: Any, rng: random.Random,
               lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"<Action> ends phase 3: how many points does <player> score today?" (IC-13).

    The right number is the engine's (scoops served plus duplicate cards discarded).
    Wrong numbers are the usual slips, each explained with IC-13: only the scoops, only
    the duplicates, one card too many (the kept card of a flavour scores nothing), and
    one point fewer.
    """
    if state.phase != "serving" or state.current_player is None:
        return None
    steps = _day_end(state)
    if not steps:
        return None
    action, after = rng.choice(steps)
    day = len(state.results)
    # Prefer a player whose day has both parts to count; otherwise anyone.
    both = [q for q in range(state.num_players) if all(after.results[day][q])]
    q = rng.choice(both or list(range(state.num_players)))
    scoops, dupes = after.results[day][q]
    right = scoops + dupes
    name = seat_name(state.names, q, lang)
    breakdown = t("teach.ic.points.breakdown", lang, player=name, scoops=scoops,
                  dupes=dupes, points=right)
    slips = {right: breakdown}
    if dupes:
        slips.setdefault(scoops, t("teach.ic.points.only_scoops", lang, scoops=scoops,
                                   dupes=dupes, breakdown=breakdown))
    if scoops:
        slips.setdefault(dupes, t("teach.ic.points.only_dupes", lang, scoops=scoops,
                                  breakdown=breakdown))
    slips.setdefault(right + 1, t("teach.ic.points.kept_card", lang,
                                  breakdown=breakdown))
    if right > 0:
        slips.setdefault(right - 1, t("teach.ic.points.one_less", lang,
                                      breakdown=breakdown))
    values = sorted(slips)
    choices = tuple(Choice(t("teach.ic.points.label", lang, count=v), v == right,
                           slips[v], "IC-13", v) for v in values)
    served = [f for f, n in enumerate(state.served[q]) for _ in range(n)]
    prompt = t("teach.ic.points.prompt", lang, action=action_label(state, action, lang),
               player=name, day=state.day, actor=seat_name(state.names, state.current_player, lang),
               served=_flavours(served, lang) if served else t("word.nothing", lang),
               cards=_flavours(list(state.cards[q]), lang))
    return Question("day_points", prompt, state, q, choices, False, action.to_dict(), lang)


QUIZ_KINDS = {"serve_cones": serve_cones, "day_points": day_points}

__all__ = ["QUIZ_KINDS", "day_points", "serve_cones"]
