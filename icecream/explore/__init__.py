"""What-if exploration: simulations, variant sweeps, design metrics, comparisons.

* :func:`simulate` and :func:`sweep` play games with bots and return pandas frames
  (local processes or Dask for speed; the same seed gives the same frame).
* :mod:`.metrics`: design metrics with confidence intervals (:func:`metrics_table`).
* :func:`compare`: two rulesets or variant settings side by side, with the rule texts.
* :func:`what_if`: the current player's options in a position, by Monte Carlo over
  what that player cannot see.
* :mod:`.charts`: plotly charts of win rates.

>>> from icecream.explore import simulate
>>> simulate(players=3, games=2).shape[0]
6
"""

from .charts import win_rate_figure, win_rates
from .compare import Comparison, compare, differing_rules, presets
from .metrics import Estimate, Metric, default_metrics, metrics_table, wilson
from .position import what_if
from .simulate import SimulationError, game_seed, simulate, sweep

__all__ = [
    "Comparison", "Estimate", "Metric", "SimulationError", "compare",
    "default_metrics", "differing_rules", "game_seed", "presets", "metrics_table", "simulate",
    "sweep",
    "what_if", "wilson", "win_rate_figure", "win_rates",
]
