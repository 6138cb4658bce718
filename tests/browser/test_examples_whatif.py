"""rulebook_examples.ipynb and what_if.ipynb in a real Chromium.

* A rulebook example is clicked through to the outcome the rulebook states, and the
  scores the page shows are the rulebook's (Dan 8, Larry 5).
* The ruleset comparison runs from its button and its plotly chart has data points; so
  does the comparison of a rulebook position's options.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from voila_harness import VoilaServer, close_page, select_in, text_of, wait_kernel_idle

from icecream.core.messages import t
from icecream.games.ice_cream import EXAMPLES

EX = ".ic-example-explorer"


def test_rulebook_example_clicked_to_its_outcome(open_page: Any, check: Any,
                                                 voila_server: VoilaServer) -> None:
    page = open_page("rulebook_examples")
    example = EXAMPLES["dan_larry_scoring"]
    select_in(page, f"{EX} .ic-example-select", label=example.title())
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText || '').includes(text)",
        arg=[f"{EX} .ic-example-rulebook", example.title()])
    wait_kernel_idle(page)
    assert text_of(page, f"{EX} .ic-example-outcome").strip() == ""
    clicks = 0
    while not page.locator(f"{EX} .ic-example-next").is_disabled():
        note = page.inner_text(f"{EX} .ic-example-note")
        page.click(f"{EX} .ic-example-next")
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerText !== old",
            arg=[f"{EX} .ic-example-note", note])
        wait_kernel_idle(page)
        clicks += 1
        assert clicks <= len(example.steps)
    assert clicks == len(example.steps)
    outcome = text_of(page, f"{EX} .ic-example-outcome")
    assert example.outcome() in outcome, outcome
    # The table shows the rulebook's totals: Dan 8, Larry 5 (IC-13).
    names = example.start().names
    shown = page.eval_on_selector_all(
        f"{EX} .ic-table .ic-player", "gs => gs.map(g => [g.getAttribute('data-seat'),"
        " g.querySelector('.ic-score').textContent])")
    scores = {names[int(seat)]: text for seat, text in shown}
    for name, total in (("Dan", 8), ("Larry", 5)):
        assert scores[name] == t("widgets.svg.score", score=total), scores
    check(page)
    close_page(page, voila_server)


def test_ruleset_comparison_draws_its_chart(open_page: Any, check: Any,
                                            voila_server: VoilaServer) -> None:
    page = open_page("what_if")
    page.click(".ic-compare-run")
    points = ".ic-compare-chart .js-plotly-plot .point, .ic-compare-chart .js-plotly-plot .js-line"
    try:  # a budgeted run (20 s); slack for a busy machine, as the other what-if waits
        page.wait_for_selector(points, state="attached", timeout=120_000)
    except PlaywrightTimeout:  # say whether it was still running or lost its chart
        raise AssertionError(
            f"no chart after 120 s; the page says: {text_of(page, '.ic-compare-status')!r}, "
            f"chart box: {page.inner_html('.ic-compare-chart')[:300]!r}") from None
    assert page.locator(points).count() > 0
    assert page.locator(".ic-compare-chart .js-plotly-plot .trace").count() > 0
    table = text_of(page, ".ic-compare-table")
    assert table.strip(), "no comparison table"
    status = text_of(page, ".ic-compare-status")
    assert status.strip() and t("explore.ui.running") not in status, status
    # The position tab: pick a rulebook position, see it, compare its options.
    page.get_by_text(t("widgets.whatif.position"), exact=True).click()
    before = page.inner_html(".ic-position-picture")
    select_in(page, ".ic-position-select", label=EXAMPLES["joe_case_b"].title())
    page.wait_for_function(
        "(old) => document.querySelector('.ic-position-picture').innerHTML !== old",
        arg=before)
    assert page.locator(".ic-position-picture svg .ic-card").count() > 0
    page.click(".ic-position-run")
    bars = ".ic-position-chart .js-plotly-plot .point"
    page.wait_for_selector(bars, state="attached", timeout=60_000)
    assert page.locator(bars).count() >= 2  # one bar per option, at least two options
    check(page)
    close_page(page, voila_server)
