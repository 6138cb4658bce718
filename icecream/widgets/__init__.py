"""Jupyter widgets for teaching the ice-cream card games: a clickable table, step controls
and explorers, generic over every registered game (:mod:`.hooks`).

* :class:`GameExplorer` — a whole game with every control (notebooks and Voila use the
  same class).
* :class:`ExampleExplorer` — a game's rulebook examples, played out click by click.
* :class:`RulesBox` — the text of some rules, to show beside a table in a lesson.
* :class:`RulesetComparison`, :class:`PositionWhatIf` — what-if panels: two rulesets side by
  side, and the options of a position compared by Monte Carlo (:mod:`icecream.explore`).

Both hold no rules: a click becomes a plain action that the engine parses and applies
(refusing illegal ones), and every picture and text is drawn from the engine's state,
views and options. Every value a browser sends is checked first (:mod:`.validate`).

Stable CSS classes, for browser tests (set with ``add_class``; SVG classes by the renderer):

* containers: ``ic-explorer`` (GameExplorer), ``ic-example-explorer`` (ExampleExplorer);
* the table: ``ic-table`` (the anywidget), inside it the SVG with ``ic-cone`` (attribute
  ``data-cone="N"``), ``ic-new-cone``, ``ic-option`` (clickable; ``data-action`` holds the
  plain action as JSON), ``ic-card`` (attribute ``data-flavour``), ``ic-card-back`` (a card
  hidden from this view), ``ic-button`` (keep / swap / draw), ``ic-player`` (``data-seat``);
* controls: ``ic-step``, ``ic-finish-phase``, ``ic-finish-round``, ``ic-play-to-end``,
  ``ic-undo``, ``ic-redo``, ``ic-scrubber``, ``ic-fork``, ``ic-branch``, ``ic-perspective``,
  ``ic-seat-player`` (one per seat, also ``ic-seat-<N>``), ``ic-new-game`` (the new-game
  button; its fields have ``ic-setting`` and ``ic-setting-<name>``, the game picker
  ``ic-game-select``, the form ``ic-settings``, a house-variant note ``ic-house-variant``);
* panels: ``ic-rules`` (a RulesBox), ``ic-explain`` (options of the decision and their
  rules), ``ic-log``, ``ic-message``, ``ic-scores``;
* examples: ``ic-example-select``, ``ic-example-next``, ``ic-example-restart``,
  ``ic-example-rulebook``, ``ic-example-note``, ``ic-example-outcome``.
"""

from .example_explorer import ExampleExplorer
from .explorer import GameExplorer
from .rules import RulesBox

# The what-if panels need pandas (their results are tables): imported on first use, so the
# other dashboards run where pandas is missing (the static site's Pyodide, README).
_WHATIF = ("PositionWhatIf", "RulesetComparison", "WhatIfRefused")


def __getattr__(name: str):
    if name in _WHATIF:
        from . import whatif

        return getattr(whatif, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ExampleExplorer", "GameExplorer", "PositionWhatIf", "RulesBox", "RulesetComparison",
           "WhatIfRefused"]
