"""Ice Cream's own quiz questions (the generic ones are in :mod:`icecream.teach.quiz`).

* ``serve_cones``: "which cones may you serve?" in phase 3, right are the cones the
  engine allows (IC-9, IC-10), each wrong pick explained by the engine's reason;
* ``day_points``: "how many points does this day score?" at the step that ends phase 3
  (IC-12), the wrong numbers being the usual slips of IC-13 (forgetting duplicates,
  forgetting scoops, counting the card kept);
* ``setup_removed``: "how many Scoop cards are removed?" in a new game for this table's
  players (IC-3), from the engine's setup;
* ``next_dealer``: "who deals the next day?" (IC-14), after a serve that ends the day or,
  once the last day is over, as if the game went on.

The last two are asked only where named (a tutorial's quiz), not in a random quiz.

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
from ...core.questions import (
    Choice,
    Question,
    action_label,
    asked_by_name,
    cap_choices,
    fresh_game,
    number_question,
    without_picture,
)
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


@without_picture
@asked_by_name
def setup_removed(state: Any, rng: random.Random,
                  lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"A new game for <n> players: how many Scoop cards are removed?" (IC-3).

    The right number is the engine's, from a new game with this table's players and
    settings; the wrong ones are what other player counts remove, and one more or less.
    """
    fresh = fresh_game(state)
    right = fresh.settings.removed_scoops
    game = state.game
    wrong = [fresh_game(state, k).settings.removed_scoops
             for k in range(game.min_players, game.max_players + 1)] + [right - 1, right + 1, 0]
    why = next(text for e, text in zip(fresh.events, fresh.event_texts(None, lang), strict=True)
               if e.rule == "IC-3")
    prompt = t("teach.ic.setup.prompt", lang, count=state.num_players)
    return number_question("setup_removed", prompt, state, right, wrong,
                           "teach.ic.setup.label", why, "IC-3", rng, lang)


def _dealer_after(state: Any) -> tuple[Any, Any] | None:
    """(the action, the position after it) where a day ends and the next dealer is chosen
    (IC-14): a serve that ends a day that is not the last, or (the last day over) the
    engine's own choice of the next dealer as if one more day were played."""
    if state.is_over:
        if not state.results:
            return None
        after = state.clone()
        ev: list = []
        after.dealer = after._next_dealer(ev)  # IC-14, as the engine would choose it
        after._events = tuple(ev)  # its words: the engine's own IC-14 event
        return None, after
    for action, after in _day_end(state):
        if not after.is_over:
            return action, after
    return None


@asked_by_name
def next_dealer(state: Any, rng: random.Random,
                lang: str = DEFAULT_LANGUAGE) -> Question | None:
    """"Who deals the next day?" (IC-14): the lowest total deals; a tie goes clockwise.

    Asked after a serve that ends a day (not the last) or, at a game's end, for a day
    more. The choices are every player; right is the engine's next dealer.
    """
    found = _dealer_after(state)
    if found is None:
        return None
    action, after = found
    right = after.dealer
    rule_events = [text for e, text in zip(after.events, after.event_texts(None, lang), strict=True)
                   if e.rule == "IC-14"]
    why = " ".join(rule_events[-1:])
    scores = join_words([t("teach.quiz.score_of", lang, player=seat_name(state.names, k, lang),
                           score=sc) for k, sc in enumerate(after.scores)], lang)
    if action is None:
        prompt = t("teach.ic.dealer.prompt_over", lang, day=state.day, scores=scores)
    else:
        prompt = t("teach.ic.dealer.prompt", lang, day=state.day, scores=scores,
                   action=action_label(state, action, lang),
                   player=seat_name(state.names, state.current_player, lang))
    choices = []
    for seat in range(state.num_players):
        name = seat_name(state.names, seat, lang)
        text = why if seat == right else t("teach.ic.dealer.wrong", lang, player=name,
                                           why=why)
        choices.append(Choice(name, seat == right, text, "IC-14", seat))
    return Question("next_dealer", prompt, state, None, tuple(choices), False,
                    None if action is None else action.to_dict(), lang)


QUIZ_KINDS = {"serve_cones": serve_cones, "day_points": day_points,
              "setup_removed": setup_removed, "next_dealer": next_dealer}

__all__ = ["QUIZ_KINDS", "day_points", "next_dealer", "serve_cones", "setup_removed"]
