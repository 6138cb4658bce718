"""What a student waits for to see a what-if chart on the static site: plotly or SVG (issue 28).

The static site's Python (Pyodide) must draw the what-if charts with nothing from a CDN. Two
ways were open: ship plotly (its wheel holds plotly.js, ``package_data/plotly.min.js``) and
draw with it, or draw the same bars as SVG in Python (``icecream.widgets.chart.svg_chart``).
This prints what each costs, measured here in CPython (Pyodide runs Python about 1.5 to 3
times slower, and downloads what it loads):

* plotly: the size of its installed package (what the page would download and unpack: the
  wheel holds the same files, compressed), the time of a cold ``import plotly.graph_objects``
  (a fresh process), and the time to make a comparison's figure and its MIME bundle;
* SVG: the time to draw the same comparison's chart, and its size.

Run: ``.venv/bin/python benchmarks/bench_site_chart.py``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from importlib import metadata


def installed_size(dist: str) -> tuple[int, int]:
    """(bytes, files) of an installed distribution."""
    files = metadata.distribution(dist).files or []
    total = sum(f.locate().stat().st_size for f in files if f.locate().exists())
    return total, len(files)


def cold_import(module: str) -> float:
    code = (f"import time; t = time.perf_counter(); import {module}; "
            "print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip())


def main() -> None:
    from icecream.explore.compare import compare, presets
    from icecream.widgets.chart import svg_chart
    from icecream.widgets.whatif import comparison_panels

    size, files = installed_size("plotly")
    js = next((f for f in metadata.distribution("plotly").files or []
               if str(f).endswith("plotly.min.js")), None)
    js_size = js.locate().stat().st_size if js else 0
    print(f"plotly package installed: {size / 2**20:.1f} MiB in {files} files "
          f"(plotly.min.js {js_size / 2**20:.1f} MiB)")
    imports = [cold_import("plotly.graph_objects") for _ in range(3)]
    print(f"cold import plotly.graph_objects: best {min(imports):.2f} s of "
          f"{', '.join(f'{x:.2f}' for x in imports)}")
    p = presets("ice-cream")
    c = compare(p["rulebook"], p["ijs"], games=50, players=4, seed=0, game="ice-cream")
    import plotly.graph_objects  # noqa: F401  (imported: the figure's own time only)
    import plotly.io as pio

    for which in ("first", "second"):  # the first loads plotly's validators
        t0 = time.perf_counter()
        fig = c.figure("en")
        bundle = pio.renderers["plotly_mimetype"].to_mimebundle(fig.to_dict())
        t_fig = time.perf_counter() - t0
        print(f"plotly figure + MIME bundle ({which}): {1000 * t_fig:.0f} ms, "
              f"{len(str(bundle)) / 1024:.0f} KiB of JSON")
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        svg = svg_chart(comparison_panels(c, "en"), "title", "en")
        best = min(best, time.perf_counter() - t0)
    print(f"SVG chart: {1000 * best:.1f} ms, {len(svg) / 1024:.0f} KiB, no script")


if __name__ == "__main__":
    main()
