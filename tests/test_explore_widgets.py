"""The what-if widgets: they run, show results, and refuse bad values."""

from __future__ import annotations

import icecream
from icecream.core.messages import t
from icecream.games.ice_cream import load_scenario
from icecream.widgets.chart import MIME
from icecream.widgets.whatif import PositionWhatIf, RulesetComparison


def _classes(w):
    return set(w._dom_classes)


def test_ruleset_comparison_runs_and_shows_table_chart_and_rules():
    w = RulesetComparison(games=4, players=3)
    assert "ic-whatif" in _classes(w)
    assert "ic-compare-run" in _classes(w.run_button)
    w.run_button.click()
    assert w.comparison is not None
    assert "<table" in w.table.value and "ic-compare-table" in _classes(w.table)
    assert "IC-10" in w.rules.value
    assert len(w.figure.data) == 6      # three panels, two settings each
    # drawn by plotly's MIME renderer from an Output widget, not a FigureWidget (anywidget)
    assert "ic-compare-chart" in _classes(w.chart)
    drawn = w.chart.children[0].outputs[0]["data"][MIME]
    assert [trace["type"] for trace in drawn["data"]] == ["bar"] * 6


def test_ruleset_comparison_refuses_bad_values():
    w = RulesetComparison(games=4, players=3)
    w.bots.options = ["random", "oracle"]  # as if a browser forced a value in
    w.bots.value = "oracle"
    assert w.run() is False
    assert "not one of the choices" in w.status.value
    assert w.comparison is None


def test_position_what_if_shows_options_with_error_bars():
    s = load_scenario({
        "players": ["Ann", "Bob", "Cy"], "phase": "serving", "day": 4, "scores": [10, 12, 12],
        "hands": [{"face_up": ["strawberry"]}, {"face_up": ["strawberry", "pistachio"]},
                  {"face_up": ["vanilla"]}],
        "cones": [["strawberry", "strawberry", "strawberry", "pistachio"]],
        "ice_cream_deck": ["vanilla", "chocolate"]})
    w = PositionWhatIf(s, samples=10)
    assert "Ann to act" in w.status.value
    assert w.run() is True
    assert [o.type for o in w.result.options] == ["serve", "draw"]
    assert "<table" in w.table.value
    bars = w.figure.data
    assert len(bars) == 2 and bars[0].error_y.array is not None
    # the option's own words, short: no explanation after the colon, no rule citation
    assert list(bars[0].x) == ["Serve close cone 1",
                               "Draw the top Ice Cream<br>card and put it face<br>up"]
    assert "ic-position-chart" in _classes(w.chart)
    drawn = w.chart.children[0].outputs[0]["data"][MIME]
    assert [trace["x"] for trace in drawn["data"]] == [list(bars[0].x)] * 2


def test_position_what_if_refuses_a_finished_game_and_bad_samples():
    over = load_scenario({"players": 3, "phase": "over", "day": 4})
    w = PositionWhatIf(over)
    assert w.run() is False and "game is over" in w.status.value
    w.set_state(icecream.new_game("ice-cream", players=3, seed=1))
    w.samples.max = 10**7
    w.samples.value = 10**6
    assert w.run() is False and "from 1 to 2000" in w.status.value


def test_what_if_board_offers_every_game_and_rebuilds_for_the_one_picked():
    from icecream.widgets.whatif import WhatIfBoard

    board = WhatIfBoard(games=4, samples=5)
    assert [g for _t, g in board.game_box.options] == icecream.list_games()
    assert board.comparison is not None and board.position is not None
    first = board.position.state
    ids = list(board.positions)
    assert board.show_position(ids[-1]) and board.position.state is not first
    assert "<svg" in board.picture.value
    # The picture scales to its box instead of being cut at the right (issue 11).
    assert ".ic-position-picture svg{max-width:100%;height:auto}" in board.picture.value
    assert not board.show_position("no_such_example") and not board.show_game("chess")


def test_status_says_done_before_the_chart_is_drawn(monkeypatch):
    # "Simulating…" stayed under finished results until the chart was drawn: the status
    # now says what was done as the numbers are shown, before the chart is made.
    import icecream.widgets.whatif as whatif

    seen = []
    shown = []
    real = whatif._draw

    def spy(figure, panels, title, lang, *plotly):
        seen.append(shown[-1].status.value)
        return real(figure, panels, title, lang, *plotly)

    monkeypatch.setattr(whatif, "_draw", spy)
    w = RulesetComparison(games=3, players=3)
    shown.append(w)
    assert w.run() is True
    p = PositionWhatIf(icecream.new_game("ice-cream", players=3, seed=2), samples=3)
    shown.append(p)
    assert p.run() is True
    running = "Simulating"
    assert len(seen) == 2 and not any(running in s for s in seen), seen
    assert "3 games" in seen[0] and "3 samples" in seen[1], seen


def test_without_plotly_the_charts_are_svg_bars_with_error_bars(monkeypatch):
    # The static site has no plotly: the same bars are drawn as SVG, no script.
    import icecream.widgets.whatif as whatif

    monkeypatch.setattr(whatif, "plotly_available", lambda: False)
    w = RulesetComparison(games=3, players=3)
    assert w.run() is True and w.figure is None
    svg = w.chart.children[0].value
    assert svg.startswith('<svg') and "<script" not in svg
    metrics = len(w.comparison.metrics)
    assert svg.count('class="ic-bar"') == 2 * metrics  # a bar per metric and setting
    assert svg.count('class="ic-error-bar"') == 2 * metrics
    p = PositionWhatIf(icecream.new_game("ice-cream", players=3, seed=2), samples=3, lang="nl")
    assert p.run() is True
    svg = p.chart.children[0].value
    assert svg.count('class="ic-bar"') == 2 * len(p.result.options)
    assert t("explore.col.win_rate", "nl") in svg  # Dutch words, like the table's
