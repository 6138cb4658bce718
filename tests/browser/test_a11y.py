"""Every dashboard passes axe-core's WCAG 2.1 A and AA rules, in English and in Dutch, at
1024x640 (issue 33).

axe-core comes with the ``axe-playwright-python`` package (its ``axe.min.js``); the test
injects it into the page and runs every rule tagged ``wcag2a``, ``wcag2aa``, ``wcag21a`` or
``wcag21aa`` by id, so the rules axe still calls experimental (``label-content-name-mismatch``
on the table's options, ``td-has-header`` on the scores) run too. One page load per
dashboard: axe runs on it in English, then again after the language switch (the play page
also with a Gelato Mio table; the tutorial shows Combo Cone's).
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from test_ice_cream_text import SHOWN_WIDTH
from voila_harness import (
    PageWatch,
    close_page,
    new_context,
    open_dashboard,
    select_in,
    start_new_game,
    wait_kernel_idle,
)

from icecream.core.messages import t
from icecream.widgets.hooks import game_title

DASHBOARDS = ("play", "tutorial", "what_if", "rulebook_examples", "quiz")
WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")

#: Runs every rule with one of the tags (experimental ones too) and returns the violations.
RUN_AXE = """async (tags) => {
  const ids = axe.getRules(tags).map((rule) => rule.ruleId);
  const result = await axe.run(document, {runOnly: {type: "rule", values: ids},
                                          resultTypes: ["violations"]});
  return result.violations;
}"""


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now."""
    page.evaluate(Axe().axe_script)
    return page.evaluate(RUN_AXE, list(WCAG_TAGS))


def describe(found: list[dict[str, Any]]) -> str:
    """One line per rule, and its first nodes, for a failure message."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:3]:
            lines.append(f"    {node['target']}: {node['html'][:160]}")
            lines.append(f"      {node['failureSummary'][:240]}".replace("\n", " | "))
    return "\n".join(lines)


@pytest.mark.parametrize("name", DASHBOARDS)
def test_dashboard_has_no_wcag21_violations_in_english_and_dutch(
        name: str, browser: Any, voila_server: Any, report: Any) -> None:
    watch = PageWatch()
    context = new_context(browser, watch, viewport={"width": 1024, "height": 640})
    page = open_dashboard(context, voila_server, name, watch)
    try:
        wait_kernel_idle(page, settle_ms=500, timeout=120)
        if name == "play":  # test_ice_cream_text measures the table at this width
            shown = page.eval_on_selector(".ic-explorer .ic-table svg",
                                          "el => el.getBoundingClientRect().width")
            assert shown >= SHOWN_WIDTH, f"the table is shown {shown:.0f} px wide"
        found = {"en": violations(page)}
        if name == "play":  # Gelato Mio's table too (the tutorial shows Combo Cone's)
            start_new_game(page, game_title("gelato-mio"), players=3, seed=1)
            found["en, Gelato Mio"] = violations(page)
        select_in(page, ".ic-language", label=t("language.nl", "nl"))
        page.wait_for_function(  # the page is in Dutch now: its language picker says so
            "(text) => document.body.innerText.includes(text)",
            arg=t("widgets.label.language", "nl"), timeout=60_000)
        wait_kernel_idle(page, settle_ms=500, timeout=60)
        found["nl" if name != "play" else "nl, Gelato Mio"] = violations(page)
        report(f"axe {name}: " + ", ".join(
            f"{lang} {sum(len(v['nodes']) for v in vs)} nodes" for lang, vs in found.items()))
        problems = {lang: describe(vs) for lang, vs in found.items() if vs}
        assert not problems, "\n".join(f"{name} ({lang}):\n{text}"
                                       for lang, text in problems.items())
        assert not watch.problems(), watch.problems()
    finally:
        close_page(page, voila_server)
        context.close()
