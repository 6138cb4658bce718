"""Hints with reasons from bot statistics: how often each option of a decision wins.

A hint is asked for the player to act and computed from THEIR view only: the cards they
cannot see are sampled (the game's determinizer, via :func:`icecream.explore.what_if`),
each option is played on the same samples to the end by bots, and the wins are counted.
The reason is said in plain words with its margin of error, e.g. "Serve cone 3 won 62%
of the simulated games (likely between 55% and 69%), against 48% for Draw an Ice Cream
card". Whether the best option is clearly best is said from the runner-up's final score
against it on the same games: the range its line shows, by the one rule of
:mod:`icecream.explore.difference` (a range that includes 0 cannot tell them apart).
Hints are a teaching aid that a view shows only when asked (off by default).

The games are played by the game's own rollout bots (``GameSpec.rollout_policy``) unless
another policy is named, and a time limit bounds the work: the hint page's default,
:data:`HINT_SECONDS` (2 s), unless a :class:`~icecream.core.budget.Budget` or other
``seconds`` are given. A hint cut short says so, with how many games per option it used.
Options clearly worse than the leader are dropped early (racing, see
:mod:`icecream.explore.position`), so the games go to the best options; each option says
how many games it got and whether (and after how many) it was dropped.

>>> import icecream
>>> h = hint(icecream.new_game("ice-cream", players=3, seed=2), samples=10, seconds=None)
>>> len(h.options), sorted(o.label for o in h.options)[0], h.samples
(2, 'Keep the dealt card', 10)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..core.budget import Budget, Steps, finish
from ..core.errors import IcecreamError
from ..core.messages import DEFAULT_LANGUAGE, seat_name, t
from ..core.protocol import State
from ..explore.difference import LOWER, Difference, difference, plural_number, score_unit
from .conclusions import ranked_options
from .quiz import action_label

#: Hint sample sizes a view may ask for (more samples, firmer numbers, longer wait).
MIN_SAMPLES, MAX_SAMPLES = 1, 2000
#: The hint page's default time limit (seconds) when no budget is given.
HINT_SECONDS = 2.0


class HintError(IcecreamError, ValueError):
    """A hint cannot be given (the game is over, a bad sample size or policy)."""


@dataclass(frozen=True)
class HintOption:
    """One option's result: its words, win rate with a 95% interval, mean final score,
    and its final score against the best option's on the same games (``vs_best`` with
    its 95% interval; 0 for the best option itself); ``samples`` games played on it;
    ``dropped_after`` (games when the race dropped it, else ``None``) and ``drop_reason``
    (``"worse"``: clearly below the leader; ``"halved"``: the lower half by mean at a
    sequential-halving round)."""

    action: dict
    label: str
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    vs_best: float = 0.0
    vs_best_low: float = 0.0
    vs_best_high: float = 0.0
    samples: int = 0
    dropped_after: int | None = None
    drop_reason: str | None = None

    @property
    def dropped(self) -> bool:
        """True when the race stopped playing this option early."""
        return self.dropped_after is not None


@dataclass(frozen=True)
class Hint:
    """The options of ``seat``'s decision, best first, from ``samples`` simulated games each."""

    seat: int
    player: str
    samples: int
    policy: str
    options: tuple[HintOption, ...]
    lang: str = DEFAULT_LANGUAGE
    #: The games per option asked for (``samples`` is what was played).
    requested: int | None = None
    #: Why a partial hint stopped early: ``"time"`` or ``"stopped"`` (``None``: complete).
    reason: str | None = None
    #: How many options the decision has when only the best ranked were played out
    #: (``GameSpec.hint_options``); ``None``: every option was.
    of_options: int | None = None
    #: The game (:class:`~icecream.core.protocol.GameSpec`) whose unit the scores are
    #: counted in (``<prefix>unit``: coins, points...); ``None``: points.
    game: Any = field(default=None, repr=False, compare=False)
    #: The policy that ranked the options played out when ``of_options`` is set (the
    #: rollout policy, or the game's heuristic when the rollout policy does not rank).
    ranked_by: str | None = None

    @property
    def partial(self) -> bool:
        """True when the hint stopped before its games were all played."""
        return self.reason is not None

    @property
    def best(self) -> HintOption:
        return self.options[0]

    def gap(self) -> Difference | None:
        """The runner-up's final score against the best option's on the same games, as
        its line shows it (:func:`~icecream.explore.difference.difference`); ``None``
        when there is one option."""
        if len(self.options) < 2:
            return None
        second = self.options[1]
        return difference(second.vs_best, second.vs_best_low, second.vs_best_high,
                          lang=self.lang)

    @property
    def clear(self) -> bool:
        """True when the runner-up's paired score difference to the best option, as its
        line shows it, lies below 0: the samples tell the two apart (otherwise the
        difference may be luck)."""
        gap = self.gap()
        return gap is None or gap.verdict == LOWER

    def method(self) -> str:
        """How the numbers were made, in plain words."""
        text = t("teach.hint.intro_counted", self.lang, samples=self.samples, player=self.player,
                 policy=t(f"teach.hint.policy.{self.policy}", self.lang))
        if self.of_options is not None:
            ranker = self.ranked_by or self.policy
            text += " " + t("teach.hint.pruned", self.lang, count=len(self.options),
                            total=self.of_options,
                            policy=t(f"teach.hint.policy.{ranker}", self.lang))
        if self.partial:
            text += " " + t(f"teach.hint.partial.{self.reason}", self.lang,
                            samples=self.samples, requested=self.requested or self.samples)
        return text

    def summary(self, unclear: str = "teach.hint.unclear") -> str:
        """The best option against the runner-up: their win rates with ranges, then
        whether the runner-up's score against the best on the same games (the range its
        line shows) tells them apart, or shows them too close to call (a narrow range
        around 0), or neither (``unclear``: the catalog key said then, which may name a
        page's own control for more games)."""
        lang = self.lang
        best = self.best
        gap = self.gap()
        if gap is None:  # one option
            return t("teach.hint.only", lang, option=best.label, win=_pct(best.win_rate),
                     low=_pct(best.win_low), high=_pct(best.win_high))
        second = self.options[1]
        compare = t("teach.hint.compare", lang, option=best.label, win=_pct(best.win_rate),
                    low=_pct(best.win_low), high=_pct(best.win_high), other=second.label,
                    other_win=_pct(second.win_rate), other_low=_pct(second.win_low),
                    other_high=_pct(second.win_high))
        words = {"option": best.label, "other": second.label, "diff": gap.text,
                 "amount": gap.amount(), "near": gap.near(), "far": gap.far(),
                 "unit": score_unit(self.game, gap.plural_of("amount") if self.clear
                                    else gap.plural_of("far"), lang),
                 "range_unit": score_unit(self.game, gap.plural_of("far"), lang)}
        key = "teach.hint.clear" if self.clear else "teach.hint.close" if gap.close \
            else unclear
        verdict = t(key, lang, width=gap.close_width(),
                    width_unit=score_unit(self.game, plural_number(gap.close_width()), lang),
                    **words)
        return f"{compare} {verdict}"

    def text(self) -> str:
        """The hint in plain words: how it was made, the numbers and how sure they are."""
        return f"{self.method()} {self.summary()}"

    def lines(self) -> list[str]:
        """One line per option, best first: its win rate and interval, and its score
        against the best option on the same games ("the best average score" for the
        best)."""
        out = []
        for k, o in enumerate(self.options):
            win = {"option": o.label, "win": _pct(o.win_rate), "low": _pct(o.win_low),
                   "high": _pct(o.win_high)}
            if k == 0:
                out.append(t("teach.hint.line_best", self.lang, **win))
            else:
                diff = difference(o.vs_best, o.vs_best_low, o.vs_best_high, lang=self.lang)
                out.append(t("teach.hint.line", self.lang, diff=diff.text, **win))
        return out


def _pct(x: float) -> int:
    return round(100 * x)


def hint(state: State, samples: int = 100, policy: str | None = None, seed: int = 0,
         lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
         seconds: float | None = HINT_SECONDS) -> Hint:
    """The options of the player to act, compared by simulation from their view only.

    At most ``samples`` simulated games per option, played out by ``policy`` bots
    (default: the game's rollout policy); options clearly worse than the leader are
    dropped early. Options still in the race come first, sorted by mean final score (the
    best first: every other option's ``vs_best`` is measured against it), then by win
    rate; the dropped ones follow.

    Time: unless a ``budget`` is given, the hint page's default limit applies, ``seconds``
    (:data:`HINT_SECONDS`, 2 s, the games getting 3/4 of it); ``seconds=None`` plays all
    the games however long they take. A hint cut short (after at least one game per
    option, unless stopped) says how many games it used.
    Raises :class:`HintError` naming the problem when the game is over, a setting is bad
    or the budget ran out before one game per option was played.
    """
    if budget is None and seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
            raise HintError(f"seconds must be a positive number or None, not {seconds!r}")
        budget = Budget.for_page(seconds)
    return finish(hint_steps(state, samples, policy, seed, lang, budget))


def hint_steps(state: State, samples: int = 100, policy: str | None = None, seed: int = 0,
               lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None) -> Steps[Hint]:
    """:func:`hint` as steps (:data:`~icecream.core.budget.Steps`): a page without threads
    advances it a slice at a time. The page gives the ``budget`` (none: no time limit)."""
    from ..explore.position import POLICIES, NoSamples, compare_options_steps, rollout_policy
    from ..explore.simulate import SimulationError

    if getattr(state, "is_over", True) or state.current_player is None:
        raise HintError(t("teach.hint.error.over", lang))
    if (isinstance(samples, bool) or not isinstance(samples, int)
            or not MIN_SAMPLES <= samples <= MAX_SAMPLES):
        raise HintError(t("teach.hint.error.samples", lang, samples=repr(samples),
                          low=MIN_SAMPLES, high=MAX_SAMPLES))
    if policy is not None and policy not in POLICIES:
        raise HintError(t("teach.hint.error.policy", lang, policy=repr(policy),
                          known=", ".join(POLICIES)))
    policy = rollout_policy(state, policy)
    actions, of_options, ranked_by = _best_ranked(state, policy, seed)
    try:
        # A hint always plays one game per option (its time limit cannot cut those; Stop
        # can): a Gelato Mio sample of every option takes about 1 s on a 2-core machine.
        # Records only: a hint reads win rates and mean scores, so no bootstrap is drawn.
        found = yield from compare_options_steps(state, n=samples, policy=policy, seed=seed,
                                                 lang=lang, budget=budget, min_samples=1,
                                                 actions=actions)
    except NoSamples:
        raise HintError(t("teach.hint.error.no_time", lang)) from None
    except SimulationError as e:  # a game without a determinizer, a policy it lacks...
        raise HintError(str(e)) from None
    # The best is the option every vs_best is measured against (the highest mean final
    # score among those still in the race), then the others by mean score and win rate,
    # the dropped ones last: the order of the lines.
    rows = [o.row() for o in found.options]
    ranked = [found.options[i] for i in ranked_options(rows, found)]
    options = tuple(HintOption(o.plain, action_label(state, o.plain, lang), o.win.value,
                               o.win.low, o.win.high, o.mean_score, vs_best=o.vs_best.value,
                               vs_best_low=o.vs_best.low, vs_best_high=o.vs_best.high,
                               samples=o.samples, dropped_after=o.dropped_after,
                               drop_reason=o.drop_reason) for o in ranked)
    seat = state.current_player
    return Hint(seat, seat_name(state.names, seat, lang), found.samples, policy, options, lang,
                requested=samples, reason=found.reason if found.partial else None,
                of_options=of_options, game=state.game, ranked_by=ranked_by)


def _best_ranked(state: State, policy: str,
                 seed: int) -> tuple[list[Any] | None, int | None, str | None]:
    """The options a hint plays out: all of them (``(None, None, None)``), or, when the game
    caps them (``GameSpec.hint_options``) and its ``policy`` ranks options
    (:meth:`~icecream.core.policy.Policy.rank`; else its ``heuristic`` policy), the best
    ranked that many, in the engine's order, with how many options there were and the
    policy that ranked them. Ties keep the engine's order."""
    limit = getattr(state.game, "hint_options", None)
    legal = list(state.legal_actions())
    if not limit or len(legal) <= limit:
        return None, None, None
    # The rollout policy is made for speed and may not rank; the game's heuristic, which
    # plays the opponents, then ranks the options instead.
    view = state.view(state.current_player)
    values = ranker = None
    for ranker in dict.fromkeys((policy, "heuristic")):
        factory = getattr(state.game, "policies", {}).get(ranker)
        if factory is not None:
            values = factory(random.Random(seed)).rank(view)
            if values is not None:
                break
    if values is None:
        return None, None, None
    if len(values) != len(legal):
        raise HintError(f"the {ranker} policy ranked {len(values)} of {len(legal)} options")
    best = sorted(range(len(legal)), key=lambda i: -values[i])[:limit]
    return [legal[i] for i in sorted(best)], len(legal), ranker


__all__ = ["HINT_SECONDS", "MAX_SAMPLES", "MIN_SAMPLES", "Hint", "HintError", "HintOption", "hint",
           "hint_steps"]
