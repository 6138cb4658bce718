"""What-if exploration: simulations, variant sweeps, design metrics, comparisons.

* :func:`simulate` and :func:`sweep` play games with bots and return pandas frames
  (local processes or Dask for speed; the same seed gives the same frame);
  :func:`.simulate.stream` gives the same rows as plain dicts.
* Everything else computes in pure Python (:mod:`.stats`: means, Wilson and bootstrap
  intervals) and returns plain records, so a page in the browser (Pyodide, no pandas or
  numpy) runs it too; pandas frames are made from the records for notebooks.
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
from .metrics import Metric, default_metrics, metric_rows, metrics_table
from .position import OptionComparison, compare_options, what_if
from .simulate import SimulationError, game_seed, simulate, sweep
from .stats import Estimate, wilson

__all__ = [
    "Comparison", "Estimate", "Metric", "OptionComparison", "SimulationError", "compare",
    "compare_options", "default_metrics", "differing_rules", "game_seed", "metric_rows",
    "metrics_table", "presets", "simulate", "sweep", "what_if", "wilson", "win_rate_figure",
    "win_rates",
]
