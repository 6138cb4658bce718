"""Design metrics on hand-made data whose values are known."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from icecream.core.messages import catalog
from icecream.explore.metrics import (
    GAME_METRICS,
    Balance,
    BotWinRate,
    Decisiveness,
    FirstPlayerWinRate,
    GameLength,
    LeadChanges,
    ScoreSpread,
    SeatWinRate,
    SharedWins,
    WinMargin,
    bootstrap,
    bootstrap_mean,
    default_metrics,
    game_metrics,
    metric_class,
    metrics_table,
    wilson,
)
from icecream.explore.stats import percentile, resample_indexes
from icecream.games.ice_cream.metrics import METRICS as ICE_CREAM_METRICS

FirstDealerWinRate, ScoopShare = (metric_class(m) for m in ICE_CREAM_METRICS)

# game: (final scores, winners, first dealer, totals after day 1)
GAMES = [
    ([10, 8, 6], {0}, 0, [5, 6, 2]),     # seat 1 led after day 1, seat 0 won: 1 change
    ([7, 9, 9], {1, 2}, 1, [3, 4, 1]),   # shared win; the day-1 leader is a winner
    ([4, 4, 12], {2}, 2, [2, 1, 6]),     # led throughout
    ([6, 6, 3], {0}, 1, [3, 3, 1]),      # tied lead throughout; seat 0 wins on cards
]


def _frame() -> pd.DataFrame:
    rows = []
    for g, (scores, winners, dealer, day1) in enumerate(GAMES):
        for p in range(3):
            dupes = 1 if p == 0 else 0
            rows.append({"game": g, "seat": p, "bot": "heuristic" if p == 0 else "random",
                         "score": scores[p], "winner": p in winners,
                         "deal_order": (p - dealer) % 3, "turn_order": (p - dealer) % 3,
                         "turns": 10,
                         "points_scoops": scores[p] - dupes, "points_duplicates": dupes,
                         "score_after_day_1": day1[p], "score_after_day_2": scores[p]})
    return pd.DataFrame(rows)


@pytest.mark.parametrize("metric, expected", [
    (FirstDealerWinRate(), 0.75),
    (FirstPlayerWinRate(), 0.75),
    (SeatWinRate(0), 0.5),
    (SeatWinRate(1), 0.25),
    (SeatWinRate(2), 0.5),
    (Balance(), 0.75),
    (ScoreSpread(), 4.25),
    (WinMargin(), 2.5),
    (GameLength(), 30.0),
    (LeadChanges(), 0.5),
    (Decisiveness(), 0.5),
    (SharedWins(), 0.25),
    (ScoopShare(), 80 / 84),
    (BotWinRate("heuristic"), 0.5),
    (BotWinRate("random"), 3 / 8),
])
def test_metric_values_on_hand_made_games(metric, expected):
    e = metric.compute(_frame())
    assert e.value == pytest.approx(expected)
    assert e.low <= e.value <= e.high
    assert metric.range[0] <= e.low and e.high <= metric.range[1]


def test_wilson_interval_matches_the_textbook_values():
    e = wilson(50, 100)
    assert (round(e.low, 4), round(e.high, 4)) == (0.4038, 0.5962)
    e = wilson(0, 10)
    assert e.low == 0.0 and round(e.high, 4) == 0.2775
    assert math.isnan(wilson(0, 0).value)


def test_bootstrap_is_repeatable_and_narrows_with_more_games():
    rng = np.random.default_rng(1)
    small = rng.normal(5, 2, 50).tolist()
    big = rng.normal(5, 2, 5000).tolist()

    def mean(x):
        return sum(x) / len(x)

    a, b = bootstrap([small], mean), bootstrap([small], mean)
    assert a == b
    fast = bootstrap_mean(small)  # the same resamples: equal but for the last digits
    assert (fast.low, fast.high) == pytest.approx((a.low, a.high), rel=1e-12)
    wide = a.high - a.low
    narrow = bootstrap_mean(big).high - bootstrap_mean(big).low
    assert narrow < wide / 5
    assert bootstrap_mean(big).low < 5 < bootstrap_mean(big).high


@pytest.mark.parametrize("seed", [0, 1, 5, 2**31 - 1, 2**40 + 3])
def test_pure_python_resampling_draws_what_numpy_drew(seed):
    # The bootstrap's games are the ones numpy's default_rng(seed).integers drew when this
    # layer used numpy, so every interval is the same as before (issue 28).
    for n in (1, 2, 3, 10, 37, 200):
        drawn = np.random.default_rng(seed).integers(0, n, size=(40, n))
        assert (np.array(resample_indexes(n, 40, seed)) == drawn).all(), (seed, n)


def test_percentiles_are_numpy_s_linear_ones_to_the_last_digit():
    rng = np.random.default_rng(3)
    for size in (1, 2, 5, 999, 1000):
        values = rng.normal(0, 3, size).tolist()
        for q in (2.5, 50, 97.5):
            assert percentile(values, q) == float(np.percentile(values, q))


def test_metrics_table_rows_and_grouping():
    frame = _frame()
    table = metrics_table(frame)
    assert list(table["metric"][:len(GAME_METRICS)]) == [m.key for m in GAME_METRICS]
    assert "seat_win_rate[2]" in set(table["metric"])
    assert "bot_win_rate[random]" in set(table["metric"])
    assert table.loc[table["metric"] == "balance", "value"].item() == pytest.approx(0.75)
    assert table.loc[table["metric"] == "seat_win_rate[0]", "reference"].item() == \
        pytest.approx(1 / 3)
    both = pd.concat([frame.assign(variant="a"), frame.assign(variant="b")])
    grouped = metrics_table(both, by="variant")
    assert set(grouped["variant"]) == {"a", "b"}
    assert len(grouped) == 2 * len(table)
    with pytest.raises(KeyError, match="nothing"):
        metrics_table(frame, by="nothing")


def test_every_metric_text_is_in_the_catalog():
    cat = catalog("en")  # also checks that no key is defined twice across files
    for m in default_metrics(_frame()):
        assert f"explore.metric.{m.key}.name" in cat
        assert m.name() and m.description()
    assert SeatWinRate(0).name() == "Win rate of seat 1"


def test_lead_changes_and_decisiveness_need_day_columns():
    frame = _frame().drop(columns=["score_after_day_1", "score_after_day_2"])
    assert math.isnan(LeadChanges().compute(frame).value)
    assert math.isnan(Decisiveness().compute(frame).value)


def test_a_game_s_own_metrics_join_the_generic_ones():
    # Ice Cream's first-dealer metric (IC-4) takes the generic first player's place and
    # its scoop share (IC-13) comes after the generic ones.
    kinds = game_metrics("ice-cream")
    assert kinds[0] is FirstDealerWinRate and FirstPlayerWinRate not in kinds
    assert kinds[-1] is ScoopShare and kinds[1:-1] == GAME_METRICS[1:]
    keys = [m.key for m in default_metrics(_frame().assign(game_name="ice-cream"))]
    assert keys[0] == "first_dealer_win_rate" and "scoop_share" in keys
    assert "scoop_share" not in [m.key for m in default_metrics(_frame())]
