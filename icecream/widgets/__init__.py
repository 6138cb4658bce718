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

# Every widget is imported on first use (PEP 562), so a page pays only for what it shows:
# the quiz page needs neither explorer, and the what-if panels need pandas (their results
# are tables), so the other dashboards run where pandas is missing (the static site's
# Pyodide, README).
_LAZY = {"ExampleExplorer": "example_explorer", "GameExplorer": "explorer",
         "RulesBox": "rules", "PositionWhatIf": "whatif", "RulesetComparison": "whatif",
         "WhatIfRefused": "whatif"}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked once: later lookups find it without this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = ["ExampleExplorer", "GameExplorer", "PositionWhatIf", "RulesBox", "RulesetComparison",
           "WhatIfRefused"]
