"""Screenshots of Gelato Mio's what-if words beside their tables, in English and Dutch
(issue 29): PNG files to read each sentence against its row.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_words.py [--out DIR]``
(default ``/tmp/shots/words``). It starts its own Voila on 127.0.0.1 and a free port and
writes, per language ``en`` and ``nl``, at 1024x640 (the window only, scrolled so the
words and the rows they speak of are in view):

* ``1024x640_<lang>_compare_words.png``: the ruleset comparison's sentences and the top of
  its table, after *Run* with the page's defaults;
* ``1024x640_<lang>_compare_table.png``: the comparison table's rows (the difference column);
* ``1024x640_<lang>_position_words.png``: the position what-if's sentence and its table
  (a Gelato Mio rulebook example's start, the page's samples and time limit).

``--seconds N`` sets both time limits to N seconds (more games and samples, so that some
differences are measurable) and adds ``_<N>s`` to the file names.

It also prints the words and the table rows as the page shows them, to read side by side.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    fill_number,
    new_context,
    open_dashboard,
    select_in,
    text_of,
    wait_kernel_idle,
)

from icecream import get_game  # noqa: E402
from icecream.core.messages import t  # noqa: E402

SIZE = {"width": 1024, "height": 640}


def shoot(page: Any, out: Path, name: str, top: str) -> None:
    """The window scrolled so that ``top`` is at its top edge."""
    wait_kernel_idle(page)
    page.locator(top).first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"  {path}")


def rows(page: Any, css: str) -> list[str]:
    """The table's rows as the page shows them, cells joined by " | "."""
    return page.locator(f"{css} tr").evaluate_all(
        "trs => trs.map(tr => [...tr.children].map(c => c.innerText).join(' | '))")


def words(browser: Any, server: VoilaServer, out: Path, lang: str,
          seconds: int | None = None) -> None:
    watch = PageWatch()
    ctx = new_context(browser, watch, viewport=SIZE)
    page = open_dashboard(ctx, server, "what_if", watch)
    wait_kernel_idle(page)
    if lang != "en":
        select_in(page, ".ic-language", label=t(f"language.{lang}", lang))
        page.wait_for_function(
            "(text) => (document.querySelector('.ic-header')?.innerText || '').includes(text)",
            arg=t("dashboard.what_if.title", lang), timeout=60_000)
        wait_kernel_idle(page, settle_ms=300, timeout=60)
    select_in(page, ".ic-game-select", label=get_game("gelato-mio").title)
    wait_kernel_idle(page, settle_ms=300, timeout=60)
    tag = f"_{seconds}s" if seconds else ""
    if seconds:
        fill_number(page, ".ic-compare-seconds", seconds)
    page.click(".ic-compare-run")
    page.wait_for_selector(".ic-compare-chart .js-plotly-plot, .ic-compare-chart svg",
                           state="attached", timeout=180_000)
    print(f"{lang} comparison: {text_of(page, '.ic-compare-status')}")
    print(text_of(page, ".ic-compare-conclusions"))
    print("\n".join(rows(page, ".ic-compare-table")))
    shoot(page, out, f"1024x640_{lang}_compare_words{tag}", ".ic-compare-status")
    shoot(page, out, f"1024x640_{lang}_compare_table{tag}", ".ic-compare-table")
    page.get_by_text(t("widgets.whatif.position", lang), exact=True).click()
    page.wait_for_selector(".ic-position-picture svg", state="visible", timeout=60_000)
    if seconds:
        fill_number(page, ".ic-position-seconds", seconds)
    page.click(".ic-position-run")
    page.wait_for_selector(".ic-position-chart .js-plotly-plot, .ic-position-chart svg",
                           state="attached", timeout=180_000)
    print(f"{lang} position: {text_of(page, '.ic-position-status')}")
    print(text_of(page, ".ic-position-conclusion"))
    print("\n".join(rows(page, ".ic-position-table")))
    shoot(page, out, f"1024x640_{lang}_position_words{tag}", ".ic-position-status")
    ctx.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots/words"))
    parser.add_argument("--lang", action="append", choices=("en", "nl"))
    parser.add_argument("--seconds", type=int, help="both time limits, in seconds")
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with VoilaServer() as server, chromium_session() as browser:
        for lang in args.lang or ["en", "nl"]:
            words(browser, server, args.out, lang, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
