"""Position what-if: from a position, how good is each of the current player's options?

For the player to act, each legal action is tried on ``n`` samples of the cards that
player cannot see (sampled from THEIR view only, by the game's ``determinizer``),
and each sample is played to the end of the game by a bot policy. The same samples and
the same bot seeds are used for every action (common random numbers), so differences
between options are not blurred by luck. Each option gets its expected final score and
its win chance (a shared win counts, IC-15), with 95% intervals.

The rollouts are played by the game's ``rollout_policy`` (a bot under which the game
lasts about as long as at a table) unless ``policy`` names another. A :class:`~.budget.
Budget` stops the work at its time limit or on request: the table then holds the samples
finished so far, and says so in ``table.attrs`` (``partial``, ``samples``, ``requested``,
``reason``).

:func:`compare_options` computes the result as plain records (:class:`OptionComparison`,
one :class:`OptionResult` per option, keeping every sample's outcome) without pandas or
numpy, so a page in the browser runs it too; :func:`what_if` hands the same as a pandas
frame to a notebook.

>>> import icecream
>>> s = icecream.new_game("ice-cream", players=3, seed=2)
>>> table = what_if(s, n=20, seed=1)
>>> list(table["type"])
['keep', 'swap']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..bots import decide, make_bot
from ..core.messages import DEFAULT_LANGUAGE
from .budget import Budget, Steps, finish, play_out_steps
from .simulate import SimulationError, bot_seed, game_seed
from .stats import Estimate, bootstrap_mean, wilson

#: Bot policies offered for the rollouts (the widget offers these).
POLICIES = ("random", "greedy", "heuristic")


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
        """Mean score minus the best option's, paired over the same samples: far tighter
        than the two intervals side by side."""
        return bootstrap_mean([a - b for a, b in zip(self.scores, self.best_scores,
                                                     strict=True)], seed=self.seed)

    def row(self) -> dict[str, Any]:
        """The option as a row of :func:`what_if`'s table."""
        sc, wr, diff = self.score, self.win, self.vs_best
        return {"action": self.plain, "type": self.type, "label": self.label,
                "rule": self.rule, "mean_score": sc.value, "score_low": sc.low,
                "score_high": sc.high, "win_rate": wr.value, "win_low": wr.low,
                "win_high": wr.high, "vs_best": diff.value, "vs_best_low": diff.low,
                "vs_best_high": diff.high, "samples": self.samples, "seat": self.seat}


@dataclass(frozen=True)
class OptionComparison:
    """The options of a position compared (:func:`compare_options`), in the engine's
    order; ``samples`` of ``requested`` were played on each, and ``reason`` says why a
    partial run stopped (``"time"`` or ``"stopped"``)."""

    options: tuple[OptionResult, ...]
    seat: int
    samples: int
    requested: int
    policy: str
    reason: str | None = None

    @property
    def partial(self) -> bool:
        return self.samples < self.requested

    @property
    def best(self) -> OptionResult:
        """The option with the highest mean final score (the first such)."""
        means = [o.mean_score for o in self.options]
        return self.options[means.index(max(means))]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per option (the columns of :func:`what_if`'s table)."""
        return [o.row() for o in self.options]

    def attrs(self) -> dict[str, Any]:
        """What the table's ``attrs`` say: partial, samples, requested, policy, reason."""
        return {"partial": self.partial, "samples": self.samples,
                "requested": self.requested, "policy": self.policy,
                "reason": self.reason if self.partial else None}

    def to_frame(self):
        """The options as a pandas frame, with :meth:`attrs` (needs pandas)."""
        import pandas as pd

        table = pd.DataFrame(self.rows())
        table.attrs.update(self.attrs())
        return table


def what_if(state: Any, n: int = 200, policy: str | None = None, seed: int = 0,
            policy_options: Mapping[str, Any] | None = None,
            lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
            min_samples: int = 0, actions: Sequence[Any] | None = None):
    """Compare the current player's legal actions by Monte Carlo over what they cannot see,
    as a pandas frame (:func:`compare_options` as a table; needs pandas).

    ``n`` samples per action, rollouts by the ``policy`` bot for every seat (default: the
    game's ``rollout_policy``; options in ``policy_options``). One row per legal action,
    in the engine's order: action (plain form), type, label, rule, mean_score,
    score_low, score_high, win_rate, win_low, win_high, vs_best (mean score minus the
    best option's, paired over the same samples), vs_best_low, vs_best_high, samples,
    seat. With a ``budget``, stops early with the samples finished (every option played
    on each); raises :class:`NoSamples` when not one was. The time limit does not cut
    the first ``min_samples`` samples (Stop does): a hint always has a game per option.
    ``actions`` compares only those legal actions (in the engine's order), not all.
    """
    return compare_options(state, n, policy, seed, policy_options, lang, budget, min_samples,
                           actions).to_frame()


def compare_options(state: Any, n: int = 200, policy: str | None = None, seed: int = 0,
                    policy_options: Mapping[str, Any] | None = None,
                    lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
                    min_samples: int = 0,
                    actions: Sequence[Any] | None = None) -> OptionComparison:
    """:func:`what_if` as records, computed without pandas or numpy (same arguments)."""
    return finish(compare_options_steps(state, n, policy, seed, policy_options, lang, budget,
                                        min_samples, actions))


def compare_options_steps(state: Any, n: int = 200, policy: str | None = None,
                          seed: int = 0, policy_options: Mapping[str, Any] | None = None,
                          lang: str = DEFAULT_LANGUAGE, budget: Budget | None = None,
                          min_samples: int = 0,
                          actions: Sequence[Any] | None = None) -> Steps[OptionComparison]:
    """:func:`compare_options` as steps (:data:`~icecream.core.budget.Steps`): a page
    without threads advances it a slice at a time."""
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
        for action in actions:
            s = sample.clone()
            s.apply_in_place(action)
            bots = [make_bot(policy, seed=bot_seed(sseed, q), **options)
                    for q in range(players)]
            finished = yield from play_out_steps(s, lambda st, p, b=bots: decide(b[p], st, p),
                                                 check)
            if not finished:
                break  # this sample is cut short: leave it out
            got.append((float(s.scores[me]), me in s.winners))
        if len(got) < len(actions):
            break
        for k, (score, won) in enumerate(got):
            scores[k].append(score)
            wins[k].append(won)
        done = i + 1
        yield
    if budget is not None:
        budget.report(done, n, force=True)
    if done == 0:
        raise NoSamples("no sample finished within the time budget" if budget is None
                        or budget.reason != "stopped" else "stopped before one sample finished")
    means = [sum(sc) / done for sc in scores]
    best = tuple(scores[means.index(max(means))])
    results = tuple(
        OptionResult(action, action.to_dict(), state.describe(action, lang),
                     state.why_not(action).rule, tuple(scores[k]), tuple(wins[k]), best, me,
                     seed)
        for k, action in enumerate(actions))
    reason = budget.reason if done < n and budget is not None else None
    return OptionComparison(results, me, done, n, policy, reason)


__all__ = ["POLICIES", "NoSamples", "OptionComparison", "OptionResult", "compare_options",
           "compare_options_steps", "play_out", "rollout_policy", "what_if"]
