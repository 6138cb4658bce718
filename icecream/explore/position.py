"""Position what-if: from a position, how good is each of the current player's options?

For the player to act, each legal action is tried on samples of the cards that player
cannot see (sampled from THEIR view only, by the game's ``determinizer``), and each
sample is played to the end of the game by a bot policy. Sample ``i`` is the same deal
and the same bot seeds for every option still in the race (common random numbers), so
differences between options are paired and not blurred by luck. Each option gets its
expected final score and its win chance (a shared win counts, IC-15), with 95% intervals.

**Adaptive sampling** (racing, Maron & Moore 1994, with sequential halving, Karnin et al.
2013, as in Gumbel MuZero): the samples are played round by round; from :data:`RACE_FROM`
samples on, every :data:`RACE_EVERY` samples, an option whose paired difference to the
leader (the option with the highest mean final score so far, on the same samples) lies
wholly below 0 with a wide margin (mean + :data:`DROP_Z` standard errors < 0: a strict
bound, since it is looked at again and again) is *dropped* (reason ``"worse"``). And
sequential halving splits the work in rounds, ending with two options: after the first
sample of every option, the samples the rest of the budget allows are estimated (the
time left over the first sample's time per option; without a time limit, ``n`` per
option), split equally between ``ceil(log2(options / 2)) + 1`` rounds and, within a
round, between the options left; at the end of each round but the last, the lower half
by mean score is dropped (reason ``"halved"``; :func:`halving_schedule`). A dropped
option plays no more samples, and the time goes to telling the best from the runner-up.
When one option is left, the work ends early (``decided``), but only when the runner-up's
row says so too: its paired bootstrap interval, the one the page shows, lies clearly below
0 (the race's normal bound can pass while a skewed spread still holds 0 there; then the
runner-up plays on, and the race asks again when the two have played twice as many).
``adaptive=False`` plays every option on every sample, as before; ``halving=False`` races
without halving (a long run's contenders all play ``n``).

The rollouts are played by the game's ``rollout_policy`` (a cheap bot under which the game
lasts about as long as at a table) unless ``policy`` names another. A :class:`~.budget.
Budget` stops the work at its time limit or on request: the table then holds the samples
finished so far, and says so in ``table.attrs`` (``partial``, ``samples``, ``requested``,
``reason``). Without a budget, :func:`what_if` and :func:`compare_options` use the position
page's default time limit, :data:`WHAT_IF_SECONDS` (10 s, of which the games get
:data:`~icecream.core.budget.PLAY_SHARE`); ``seconds=None`` removes it.

:func:`compare_options` computes the result as plain records (:class:`OptionComparison`,
one :class:`OptionResult` per option, keeping every sample's outcome) without pandas or
numpy, so a page in the browser runs it too; :func:`what_if` hands the same as a pandas
frame to a notebook.

The fields per option (:meth:`OptionResult.row`, the columns of :func:`what_if`'s table):

* ``action`` (plain form), ``type``, ``label`` (the engine's words), ``rule`` (its id), ``seat``;
* ``mean_score``, ``score_low``, ``score_high``: the mean final score and its bootstrap
  95% interval (points; coins in Combo Cone Paradise);
* ``win_rate``, ``win_low``, ``win_high``: the win chance, Wilson 95% interval (IC-15);
* ``vs_best``, ``vs_best_low``, ``vs_best_high``: mean final score minus the best option's,
  paired over the samples both played (a dropped option: its own samples), with a
  bootstrap 95% interval; the best option's own row is 0 (0 to 0) and has ``is_best``;
* ``samples``: the samples this option played (fewer than the best's when dropped);
* ``is_best``: the option with the highest mean final score among those not dropped;
* ``dropped`` (bool), ``dropped_after`` (samples played when it was dropped, else
  ``None``) and ``drop_reason`` (``"worse"``: its paired difference to the leader was
  clearly below 0; ``"halved"``: in the lower half by mean at a halving round; else
  ``None``).

The comparison as a whole (:class:`OptionComparison`): ``samples`` (the most any option
played), ``requested``, ``partial``, ``reason`` (``"time"``, ``"stopped"``), ``decided``
(the race ended with one option left), ``best``, ``runner_up``, ``advantage`` (the best's
paired lead over the runner-up, an :class:`~.stats.Estimate`) and ``verdict``:
``"clear"`` (the lead's interval excludes 0), ``"too_close"`` (it contains 0 and is at
most :data:`CLOSE_WIDTH` points wide: the two are too close to call) or ``"undecided"``
(more samples are needed to say either).

>>> import icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=2)
>>> table = what_if(s, n=20, seed=1)
>>> list(table["type"])
['keep', 'swap']
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..bots import decide, make_bot
from ..core.messages import DEFAULT_LANGUAGE
from .budget import Budget, Steps, finish, play_out_steps
from .difference import CLOSE_WIDTH, LOWER, difference
from .simulate import SimulationError, bot_seed, game_seed
from .stats import Estimate, bootstrap_mean, wilson

#: Bot policies offered for the rollouts (the widget offers these).
POLICIES = ("random", "greedy", "heuristic", "rollout")
#: The position page's default time limit (seconds) for :func:`what_if` and
#: :func:`compare_options` when no budget is given.
WHAT_IF_SECONDS = 10.0
#: The samples a position what-if asks for unless told (the API's and the page's): more
#: than the time limit usually allows a game of many options, so the race and the time
#: limit decide where the work ends, not a small count.
WHAT_IF_SAMPLES = 1000
#: The race starts after this many samples of every option ...
RACE_FROM = 8
#: ... and looks again every this many samples.
RACE_EVERY = 4
#: An option is dropped when its paired mean difference to the leader plus this many
#: standard errors is below 0 (about 1 in 700 for one look at a true tie; strict because
#: the race looks many times).
DROP_Z = 3.0


def play_out(state: Any, bots: list) -> Any:
    """Play ``state`` (a clone nobody else holds) to the end with ``bots``, one per seat.

    Random bots pick from the state's legal actions (the same list and rule as their
    view's); every other bot decides from its seat's view.
    """
    step = state.apply_in_place
    while not state.is_over:
        p = state.current_player
        step(decide(bots[p], state, p))
    return state


class _StopOnly:
    """A budget seen through Stop alone (for the samples its time limit may not cut)."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget

    def expired(self) -> bool:
        if self.budget.stopped:
            self.budget.reason = "stopped"
            return True
        return False


class NoSamples(SimulationError):
    """The budget ran out (or Stop was pressed) before one sample was finished."""


def rollout_policy(state: Any, policy: str | None = None) -> str:
    """``policy``, or the game's own rollout policy when it is ``None``."""
    return policy if policy is not None else getattr(state.game, "rollout_policy", "random")


@dataclass(frozen=True)
class OptionResult:
    """One option of a position what-if: the action, its words and rule, and the outcome
    of each sample for the player to act (``scores``, ``wins``; sample ``i`` is the same
    deal for every option). The intervals are computed from them when first read.

    ``best_scores`` are the best option's scores on the same samples, so :attr:`vs_best`
    is a paired difference; ``seed`` seeds the bootstrap.
    """

    action: Any
    plain: dict
    label: str
    rule: str | None
    scores: tuple[float, ...]
    wins: tuple[bool, ...]
    best_scores: tuple[float, ...] = field(repr=False)
    seat: int
    seed: int = 0
    #: The samples played when the race dropped this option (``None``: never dropped).
    dropped_after: int | None = None
    #: Why it was dropped: ``"worse"`` (clearly below the leader, paired), ``"halved"``
    #: (the lower half by mean at a halving round); else ``None``.
    drop_reason: str | None = None
    #: True for the comparison's best option (highest mean score of those not dropped).
    is_best: bool = False

    @property
    def dropped(self) -> bool:
        """True when the race stopped playing this option early."""
        return self.dropped_after is not None

    @property
    def samples(self) -> int:
        """Samples played on this option."""
        return len(self.scores)

    @property
    def type(self) -> str:
        return self.plain["type"]

    @cached_property
    def score(self) -> Estimate:
        """The mean final score with a bootstrap 95% interval."""
        return bootstrap_mean(self.scores, seed=self.seed)

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores)

    @cached_property
    def win(self) -> Estimate:
        """The win rate (a shared win counts, IC-15) with its Wilson 95% interval."""
        return wilson(float(sum(self.wins)), len(self.wins))

    @cached_property
    def vs_best(self) -> Estimate:
        """Mean score minus the best option's, paired over the samples both played (a
        dropped option's own, fewer ones): far tighter than two intervals side by side."""
        return bootstrap_mean([a - b for a, b in zip(self.scores, self.best_scores,
                                                     strict=True)],
                              seed=self.seed)

    def row(self) -> dict[str, Any]:
        """The option as a row of :func:`what_if`'s table."""
        sc, wr, diff = self.score, self.win, self.vs_best
        return {"action": self.plain, "type": self.type, "label": self.label,
                "rule": self.rule, "mean_score": sc.value, "score_low": sc.low,
                "score_high": sc.high, "win_rate": wr.value, "win_low": wr.low,
                "win_high": wr.high, "vs_best": diff.value, "vs_best_low": diff.low,
                "vs_best_high": diff.high, "samples": self.samples, "seat": self.seat,
                "is_best": self.is_best, "dropped": self.dropped,
                "dropped_after": self.dropped_after, "drop_reason": self.drop_reason}


@dataclass(frozen=True)
class OptionComparison:
    """The options of a position compared (:func:`compare_options`), in the engine's
    order; ``samples`` of ``requested`` were played on the options still in the race at
    the end (dropped ones played fewer: their ``samples``), and ``reason`` says why a
    partial run stopped (``"time"`` or ``"stopped"``). ``decided``: the race ended early
    with one option left, the others clearly worse (not partial)."""

    options: tuple[OptionResult, ...]
    seat: int
    samples: int
    requested: int
    policy: str
    reason: str | None = None
    decided: bool = False

    @property
    def partial(self) -> bool:
        return self.samples < self.requested and not self.decided

    @property
    def best(self) -> OptionResult:
        """The option with the highest mean final score among those not dropped (the
        first such)."""
        for o in self.options:
            if o.is_best:
                return o
        return _top(self.options)

    @property
    def runner_up(self) -> OptionResult | None:
        """The next best option: the highest mean score of the others still in the race,
        else (all others dropped) the one with the highest mean score; ``None`` alone."""
        best = self.best
        others = [o for o in self.options if o is not best]
        if not others:
            return None
        alive = [o for o in others if not o.dropped]
        return _top(alive or others)

    @cached_property
    def advantage(self) -> Estimate | None:
        """The best option's lead over the runner-up: mean final score difference, paired
        over the samples both played, with the bootstrap 95% interval (the runner-up's
        ``vs_best`` interval turned round); ``None`` with one option."""
        other = self.runner_up
        if other is None:
            return None
        diff = other.vs_best
        return Estimate(-diff.value, -diff.high, -diff.low, diff.n, diff.method)

    @property
    def verdict(self) -> str:
        """``"clear"`` when the lead's interval excludes 0, ``"too_close"`` when it holds 0
        and is at most :data:`CLOSE_WIDTH` points wide, else ``"undecided"`` (and
        ``"only"`` for a single option). Decided by :func:`~icecream.explore.difference.
        difference` on the runner-up's row, as shown: the page's words say the same."""
        other = self.runner_up
        if other is None:
            return "only"
        gap = difference(other.vs_best.value, other.vs_best.low, other.vs_best.high)
        if gap.verdict == LOWER:
            return "clear"
        return "too_close" if gap.close else "undecided"

    @property
    def games(self) -> int:
        """Rollouts played in all (the samples of every option added up)."""
        return sum(o.samples for o in self.options)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per option (the columns of :func:`what_if`'s table)."""
        return [o.row() for o in self.options]

    def attrs(self) -> dict[str, Any]:
        """What the table's ``attrs`` say: partial, samples, requested, policy, reason,
        decided, verdict, games (rollouts in all)."""
        return {"partial": self.partial, "samples": self.samples,
                "requested": self.requested, "policy": self.policy,
                "reason": self.reason if self.partial else None, "decided": self.decided,
                "verdict": self.verdict, "games": self.games}

    def to_frame(self):
        """The options as a pandas frame, with :meth:`attrs` (needs pandas)."""
        import pandas as pd

        table = pd.DataFrame(self.rows())
        table.attrs.update(self.attrs())
        return table


def _top(options: Sequence[OptionResult]) -> OptionResult:
    """The option with the highest mean final score (the first such)."""
    means = [o.mean_score for o in options]
    return options[means.index(max(means))]


def _default_budget(budget: Budget | None, seconds: float | None) -> Budget | None:
    """``budget``, or the page's for ``seconds`` (``None``: no limit)."""
    if budget is not None or seconds is None:
        return budget
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
        raise SimulationError(f"seconds must be a positive number or None, not {seconds!r}")
    return Budget.for_page(seconds)


def what_if(state: Any, n: int = WHAT_IF_SAMPLES, policy: str | None = None, seed: int = 0,
            policy_options: Mapping[str, Any] | None = None,
            lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
            min_samples: int = 0, actions: Sequence[Any] | None = None,
            seconds: float | None = WHAT_IF_SECONDS, adaptive: bool = True,
            halving: bool = True):
    """Compare the current player's legal actions by Monte Carlo over what they cannot see,
    as a pandas frame (:func:`compare_options` as a table; needs pandas).

    At most ``n`` samples per action (1000 by default: the time limit usually comes
    first, and the race gives its samples to the best options), rollouts by the
    ``policy`` bot for every seat
    (default: the game's ``rollout_policy``; options in ``policy_options``). Options
    clearly worse than the leader are dropped early (racing, ``adaptive``; see the
    module's docstring). One row per legal action, in the engine's order, with the
    columns listed in the module's docstring (action, type, label, rule, mean_score,
    score_low, score_high, win_rate, win_low, win_high, vs_best, vs_best_low,
    vs_best_high, samples, seat, is_best, dropped, dropped_after, drop_reason).

    Time: unless a ``budget`` is given, the position page's default limit applies,
    ``seconds`` (:data:`WHAT_IF_SECONDS`, 10 s, the games getting 3/4 of it);
    ``seconds=None`` plays all ``n`` samples however long that takes. A run cut short
    keeps the samples finished (every option still in the race played on each) and says
    so in ``attrs``; raises :class:`NoSamples` when not one was. The time limit does not
    cut the first ``min_samples`` samples (Stop does): a hint always has a game per
    option. ``actions`` compares only those legal actions (in the engine's order).
    """
    return compare_options(state, n, policy, seed, policy_options, lang, budget, min_samples,
                           actions, seconds, adaptive, halving).to_frame()


def compare_options(state: Any, n: int = WHAT_IF_SAMPLES, policy: str | None = None, seed: int = 0,
                    policy_options: Mapping[str, Any] | None = None,
                    lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
                    min_samples: int = 0, actions: Sequence[Any] | None = None,
                    seconds: float | None = WHAT_IF_SECONDS,
                    adaptive: bool = True, halving: bool = True) -> OptionComparison:
    """:func:`what_if` as records, computed without pandas or numpy (same arguments and
    the same default time limit, :data:`WHAT_IF_SECONDS`)."""
    return finish(compare_options_steps(state, n, policy, seed, policy_options, lang,
                                        _default_budget(budget, seconds), min_samples,
                                        actions, adaptive=adaptive, halving=halving))


def compare_options_steps(state: Any, n: int = WHAT_IF_SAMPLES, policy: str | None = None,
                          seed: int = 0, policy_options: Mapping[str, Any] | None = None,
                          lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
                          min_samples: int = 0,
                          actions: Sequence[Any] | None = None,
                          adaptive: bool = True,
                          halving: bool = True) -> Steps[OptionComparison]:
    """:func:`compare_options` as steps (:data:`~icecream.core.budget.Steps`): a page
    without threads advances it a slice at a time. The page gives the ``budget`` (none:
    no time limit here)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise SimulationError(f"n (samples) must be a whole number >= 1, not {n!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number, not {seed!r}")
    if getattr(state, "is_over", True) or state.current_player is None:
        raise SimulationError("the game is over: there is no decision to compare")
    options = dict(policy_options or {})
    policy = rollout_policy(state, policy)
    make_bot(policy, seed=0, **options)  # a clear error for an unknown policy or option
    me = state.current_player
    determinizer = state.game.determinizer
    if determinizer is None:
        raise SimulationError(f"{state.game.title} has no determinizer: what-ifs need one "
                              "to sample what the player cannot see")
    sampler = determinizer(state.view(me))
    legal = list(state.legal_actions())
    if actions is None:
        actions = legal
    else:
        if not actions:
            raise SimulationError("actions to compare: name at least one legal action")
        unknown = [a for a in actions if a not in legal]
        if unknown:
            raise SimulationError(f"actions to compare must be legal now, not {unknown}")
        actions = [a for a in legal if a in actions]
    players = state.num_players
    scores: list[list[float]] = [[] for _ in actions]
    wins: list[list[bool]] = [[] for _ in actions]
    alive = list(range(len(actions)))  # the options still in the race
    dropped: dict[int, tuple[int, str]] = {}
    halve_at: frozenset[int] = frozenset()
    sure_at = 0  # the samples from which the race may end, decided (_shown_lower)
    began = time.monotonic()
    done = 0
    for i in range(n):
        # The budget as this sample sees it: the time limit spares the first samples.
        check: Any = budget if budget is None or i >= min_samples else _StopOnly(budget)
        if check is not None:
            budget.report(i, n)
            if check.expired():
                break
        sseed = game_seed(seed, i)
        sample = sampler.sample(random.Random(sseed))
        got = []
        for k in alive:
            s = sample.clone()
            s.apply_in_place(actions[k])
            # The same bot seeds for every option: common random numbers (paired).
            bots = [make_bot(policy, seed=bot_seed(sseed, q), **options)
                    for q in range(players)]
            finished = yield from play_out_steps(s, lambda st, p, b=bots: decide(b[p], st, p),
                                                 check)
            if not finished:
                break  # this sample is cut short: leave it out
            got.append((float(s.scores[me]), me in s.winners))
        if len(got) < len(alive):
            break
        for k, (score, won) in zip(alive, got, strict=True):
            scores[k].append(score)
            wins[k].append(won)
        done = i + 1
        if adaptive and len(alive) > 1 and done >= RACE_FROM \
                and (done - RACE_FROM) % RACE_EVERY == 0:
            worse = _race(alive, scores)
            if len(worse) == len(alive) - 1:
                # The race would end, decided: only when the runner-up's row, the interval
                # the page shows, says clearly lower too (a skewed spread can hold 0 there
                # while the race's normal bound is below it); else the two play on, and it
                # is asked again when they have played twice as many samples.
                leader = next(k for k in alive if k not in worse)
                top = max(worse, key=lambda k: sum(scores[k]))
                if done < sure_at:
                    worse.remove(top)
                elif not _shown_lower(scores[top], scores[leader], seed):
                    worse.remove(top)
                    sure_at = 2 * done
            for k in worse:
                dropped[k] = (done, "worse")
            alive = [k for k in alive if k not in dropped]
        if done == 1 and adaptive and halving:
            # The rounds of sequential halving, from what the first sample cost.
            cost = (time.monotonic() - began) / len(alive)
            left = None if budget is None or budget.deadline is None \
                else budget.deadline - time.monotonic()
            total = (n - 1) * len(alive)
            if left is not None and cost > 0:
                total = min(total, int(left / cost))
            halve_at = halving_schedule(len(alive), total)
        if adaptive and len(alive) > 2 and done in halve_at:
            for k in _halve(alive, scores):
                dropped[k] = (done, "halved")
            alive = [k for k in alive if k not in dropped]
        if len(alive) == 1 and len(actions) > 1:
            break  # decided: every other option is clearly worse
        yield
    if budget is not None:
        budget.report(done, n, force=True)
    if done == 0:
        raise NoSamples("no sample finished within the time budget" if budget is None
                        or budget.reason != "stopped" else "stopped before one sample finished")
    means = [sum(scores[k]) / len(scores[k]) for k in alive]
    top = alive[means.index(max(means))]
    best = tuple(scores[top])
    results = tuple(
        OptionResult(action, action.to_dict(), state.describe(action, lang),
                     state.why_not(action).rule, tuple(scores[k]), tuple(wins[k]),
                     best[:len(scores[k])], me, seed,
                     dropped_after=dropped[k][0] if k in dropped else None,
                     drop_reason=dropped[k][1] if k in dropped else None, is_best=k == top)
        for k, action in enumerate(actions))
    decided = len(alive) == 1 and len(actions) > 1 and done < n
    reason = budget.reason if done < n and budget is not None and not decided else None
    return OptionComparison(results, me, done, n, policy, reason, decided)


def halving_schedule(options: int, total: int) -> frozenset[int]:
    """The sample counts (of the options left) at which sequential halving cuts, for
    ``options`` options after their first sample and ``total`` more option-samples to
    spend: ``ceil(log2(options / 2)) + 1`` rounds of equal cost, each option left getting
    its share of a round (at least one sample); the last round, with two options, ends
    with the budget.

    >>> sorted(halving_schedule(8, 240))  # 8 -> 4 -> 2: 3 rounds of 80
    [11, 31]
    >>> sorted(halving_schedule(2, 100))
    []
    """
    rounds = max(1, math.ceil(math.log2(options / 2))) + 1 if options > 2 else 1
    share = total / rounds
    cuts = []
    at, left = 1, options
    for _ in range(rounds - 1):
        at += max(1, int(share / left))
        cuts.append(at)
        left = max(2, math.ceil(left / 2))
    return frozenset(cuts)


def _halve(alive: list[int], scores: list[list[float]]) -> list[int]:
    """Sequential halving's cut: the options of ``alive`` (more than two, all on the same
    samples) in the lower half by mean score, keeping at least two (ties keep the
    engine's order)."""
    count = len(scores[alive[0]])
    keep = max(2, math.ceil(len(alive) / 2))
    order = sorted(alive, key=lambda k: -sum(scores[k]) / count)
    return sorted(order[keep:])


def _shown_lower(scores: list[float], leader: list[float], seed: int) -> bool:
    """Whether ``scores`` lie clearly below ``leader``'s on the same samples by the
    interval their row would show (the paired bootstrap's, read by
    :func:`~.difference.difference`)."""
    gap = bootstrap_mean([a - b for a, b in zip(scores, leader, strict=True)], seed=seed)
    return difference(gap.value, gap.low, gap.high).verdict == LOWER


def _race(alive: list[int], scores: list[list[float]]) -> list[int]:
    """The options of ``alive`` to drop: those whose paired difference to the leader
    (the highest mean so far; all of ``alive`` played the same samples) has mean +
    :data:`DROP_Z` standard errors below 0."""
    count = len(scores[alive[0]])
    means = [sum(scores[k]) / count for k in alive]
    leader = scores[alive[means.index(max(means))]]
    out = []
    for k in alive:
        diffs = [a - b for a, b in zip(scores[k], leader, strict=True)]
        m = sum(diffs) / count
        if m >= 0:
            continue
        var = sum((d - m) ** 2 for d in diffs) / (count - 1)
        if m + DROP_Z * math.sqrt(var / count) < 0:
            out.append(k)
    return out


__all__ = ["CLOSE_WIDTH", "DROP_Z", "POLICIES", "RACE_EVERY", "RACE_FROM", "WHAT_IF_SAMPLES",
           "WHAT_IF_SECONDS", "NoSamples", "OptionComparison", "OptionResult", "compare_options",
           "compare_options_steps", "halving_schedule", "play_out", "rollout_policy", "what_if"]
