"""Screenshots of the play page's Save · Load · Share link row, a shared link opened and a
puzzle answered (issue 32), in English and Dutch, in a real Chromium at 1024x640.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_sharing.py [--out DIR]``
(default ``/tmp/shots/shareplay``). It starts its own Voila and writes, per language,
``toolbar-share-<lang>.png`` (the row with a link made), ``shared-link-<lang>.png`` (that
link opened in a fresh browser) and ``puzzle-answered-<lang>.png`` (a puzzle link opened
and its first move picked: the hint's and the what-if's numbers and the rules).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from test_sharing import _dutch, _share, _wait_message  # noqa: E402
from voila_harness import (  # noqa: E402
    OPTIONS,
    PLAY,
    PageWatch,
    VoilaServer,
    chromium_session,
    close_page,
    new_context,
    open_dashboard,
    wait_kernel_idle,
)

from icecream.core.messages import t  # noqa: E402

SIZE = {"width": 1024, "height": 640}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots/shareplay"))
    args = parser.parse_args()
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    server = VoilaServer(env={"ICECREAM_QUICK": "1"})
    server.start()
    try:
        with chromium_session() as browser:
            for lang in ("en", "nl"):
                watch = PageWatch()
                context = new_context(browser, watch, viewport=SIZE)
                page = open_dashboard(context, server, "play", watch, timeout=120)
                if lang == "nl":
                    _dutch(page)
                page.wait_for_selector(OPTIONS, timeout=60_000)
                address = _share(page, lang)
                wait_kernel_idle(page, settle_ms=300)
                page.screenshot(path=str(out / f"toolbar-share-{lang}.png"))
                puzzle = _share(page, lang, puzzle=True)
                close_page(page, server)
                context.close()
                fresh = new_context(browser, watch, viewport=SIZE)
                other = fresh.new_page()
                other.goto(address, wait_until="domcontentloaded", timeout=120_000)
                other.wait_for_selector(PLAY, state="visible", timeout=120_000)
                _wait_message(other, t("widgets.share.opened_seat", lang,
                                       player=t("ui.default_name", lang, seat=1))[:40])
                wait_kernel_idle(other, settle_ms=300)
                other.screenshot(path=str(out / f"shared-link-{lang}.png"))
                other.goto(puzzle, wait_until="domcontentloaded", timeout=120_000)
                other.wait_for_selector(".ic-puzzle", state="visible", timeout=120_000)
                other.locator(".ic-puzzle-option").first.click()
                other.wait_for_selector(".ic-puzzle-answers", state="visible",
                                        timeout=120_000)
                other.locator(".ic-puzzle-result").scroll_into_view_if_needed()
                other.screenshot(path=str(out / f"puzzle-answered-{lang}.png"))
                close_page(other, server)
                fresh.close()
                print(f"{lang}: {out}/toolbar-share-{lang}.png, shared-link-{lang}.png, "
                      f"puzzle-answered-{lang}.png")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
