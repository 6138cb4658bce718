"""Screenshots of the broken-plug-in notice on the pages that list games, in Chromium.

Run from the repo root: ``.venv/bin/python benchmarks/screenshot_plugin_notice.py [--out
DIR] [--lang nl]`` (default ``/tmp/shots``, English). It installs, in a temporary folder,
a game plug-in whose import fails (an ``icecream.games`` entry point naming a module that
imports a package that does not exist), starts its own Voila with that folder on
``PYTHONPATH``, and writes ``1024x640[_lang]_plugin_notice_<page>.png`` for the quiz, the
tutorial and the rulebook examples: each page names the broken plug-in once and offers the
other games.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voila_harness import (  # noqa: E402
    PageWatch,
    VoilaServer,
    chromium_missing_reason,
    chromium_session,
    close_page,
    new_context,
    open_dashboard,
    python_errors,
    select_in,
    wait_kernel_idle,
)

import icecream  # noqa: E402
from icecream.core.messages import t  # noqa: E402

PAGES = ("quiz", "tutorial", "rulebook_examples")


def broken_plugin(site: Path) -> Path:
    """A plug-in distribution in ``site`` whose entry point cannot be imported."""
    dist = site / "broken_game-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[icecream.games]\nbroken = broken_game\n")
    (site / "broken_game.py").write_text("import numpyy  # a typo: the plug-in cannot load\n")
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--lang", default="en", choices=icecream.languages())
    args = parser.parse_args(argv)
    reason = chromium_missing_reason()
    if reason:
        print(reason)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    tag = "1024x640" if args.lang == "en" else f"1024x640_{args.lang}"
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = broken_plugin(Path(tmp))
        with VoilaServer(env={"PYTHONPATH": str(site)}) as server, \
                chromium_session() as browser:
            watch = PageWatch()
            ctx = new_context(browser, watch, viewport={"width": 1024, "height": 640})
            for name in PAGES:
                page = open_dashboard(ctx, server, name, watch, timeout=600)
                if args.lang != "en":
                    select_in(page, ".ic-language", label=t(f"language.{args.lang}", args.lang))
                    wait_kernel_idle(page, settle_ms=500, timeout=600)
                page.wait_for_selector(".ic-plugin-note:has-text('broken')", timeout=600_000)
                path = args.out / f"{tag}_plugin_notice_{name}.png"
                page.screenshot(path=str(path))
                print(f"  {path}: {page.inner_text('.ic-plugin-note')}")
                problems += python_errors(page)
                close_page(page, server)
            problems += watch.problems()
    if problems:
        print(f"  ERRORS: {problems}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
