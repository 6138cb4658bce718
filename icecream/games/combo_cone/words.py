"""Words for Combo Cone Paradise's messages: cards, orders, brands and flavours.

Events and explanations carry plain parameters (card faces as ``["mint", "heart", "star"]``
or ``["rainbow"]``, orders as lists of flavour codes, brand and reward codes); a
:class:`CcpMessage` turns them into words of the requested language from the catalog
(``ccp.flavour.*``, ``ccp.brand.*``, ``ccp.reward.*``) and then renders seats as names.

>>> CcpMessage("ccp.why.place_empty", {"card": ["mint", "heart", "star"], "cone": 1}).text()
'Put mint (Heart, combo Star) on your empty cone 1: this uses a placement (CCP-8).'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.messages import DEFAULT_LANGUAGE, Message, join_words, render_params, t

#: Parameters holding one card face, a list of card faces, an order, a brand, a reward.
_CARD = frozenset({"card", "top", "below"})
_CARDS = frozenset({"cards", "taken"})
_ORDER = frozenset({"order_flavours", "needs", "cone_flavours"})
_BRAND = frozenset({"brand", "combo"})
_REWARD = frozenset({"reward"})
#: Whether Secure brings a Rainbow: "yes", "none" (pile empty) or "limit" (CCPN-3).
_RAINBOW = frozenset({"rainbow"})
_PHASE = frozenset({"phase", "wanted"})


def card_words(face: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """``["mint", "heart", "star"]`` -> ``"mint (Heart, combo Star)"``; a Rainbow's name."""
    if list(face) == ["rainbow"]:
        return t("ccp.card.rainbow", lang)
    flavour, brand, combo = face
    return t("ccp.card.face", lang, flavour=t(f"ccp.flavour.{flavour}", lang),
             brand=t(f"ccp.brand.{brand}", lang), combo=t(f"ccp.brand.{combo}", lang))


def action_words(state: Any, action: Any, lang: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """Words for the ids in an action's fields (cards, orders, rewards), for its neutral
    label in a quiz (``GameSpec.action_words``). A position that is not on the table
    (an option that is not allowed) keeps its number.

    >>> from icecream.games.combo_cone import new_state
    >>> s = new_state(players=2, seed=1)
    >>> action_words(s, s.game.parse_action({"type": "secure", "order": "deck"}))
    {'order': 'the hidden top order of the Order deck'}
    """
    kind = action.type
    if kind == "place" and 0 <= action.card < len(state.cards):
        return {"card": card_words(state.face(action.card), lang)}
    if kind == "scoop" and all(0 <= i < len(state.row) for i in action.cards):
        return {"cards": join_words([card_words(state.face(state.row[i]), lang)
                                     for i in action.cards], lang)}
    if kind == "secure" and action.order == "deck":
        return {"order": t("ccp.teach.deck_order", lang)}
    if kind == "secure" and isinstance(action.order, int) \
            and 0 <= action.order < len(state.order_row):
        return {"order": _order_words(state, state.order_row[action.order], lang)}
    if kind == "fill" and 0 <= action.order < len(state.comps.orders):
        return {"order": _order_words(state, action.order, lang)}
    if kind == "take_reward":
        return {"kind": t(f"ccp.reward.{action.kind}", lang)}
    return {}


def _order_words(state: Any, order: int, lang: str) -> str:
    return t("ccp.teach.order", lang, flavours=flavours_words(state.order_flavours(order), lang))


def flavours_words(codes: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Flavour codes as words, repeats counted: ``2 mint and vanilla``."""
    counts: dict[str, int] = {}
    for c in codes:
        name = t("ccp.card.rainbow", lang) if c == "rainbow" else t(f"ccp.flavour.{c}", lang)
        counts[name] = counts.get(name, 0) + 1
    return join_words([n if k == 1 else f"{k} {n}" for n, k in counts.items()], lang)


def ccp_params(params: dict, lang: str = DEFAULT_LANGUAGE,
               names: Sequence[str] | None = None) -> dict[str, Any]:
    """``params`` with cards, orders, brands and rewards in words and seats as names."""
    mine: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    for k, v in params.items():
        if k in _CARD:
            mine[k] = card_words(v, lang)
        elif k in _CARDS:
            mine[k] = join_words([card_words(c, lang) for c in v], lang)
        elif k in _ORDER:
            mine[k] = flavours_words(v, lang)
        elif k in _BRAND:
            mine[k] = t(f"ccp.brand.{v}", lang)
        elif k in _REWARD:
            mine[k] = t(f"ccp.reward.{v}", lang)
        elif k in _PHASE:
            mine[k] = t(f"ccp.phase.{v}", lang)
        elif k in _RAINBOW:
            mine[k] = t(f"ccp.rainbow.{v}", lang)
        else:
            rest[k] = v
    out = render_params(rest, lang, names, None)
    out.update(mine)
    return out


@dataclass(frozen=True, slots=True)
class CcpMessage(Message):
    """A :class:`Message` whose parameters may name cards, orders, brands and rewards."""

    def text(self, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] | None = None,
             flavours: Sequence[str] | None = None) -> str:
        """The text in ``lang``, with cards, orders, brands, rewards and seats in words."""
        return t(self.key, lang, **ccp_params(self.params, lang, names))
