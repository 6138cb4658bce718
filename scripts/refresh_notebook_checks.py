"""Re-run notebooks and keep stored output only in the cells nbval checks.

nbval compares a cell's new output with its stored output only where the cell is marked
``# NBVAL_CHECK_OUTPUT`` and has stored output. Notebooks are otherwise committed without
outputs (no widget state, no charts). Run this after changing any text a checked cell
prints:

    .venv/bin/python scripts/refresh_notebook_checks.py notebooks/*.ipynb

It executes each notebook in this environment (``ICECREAM_QUICK=1``), then clears every
output, execution count and widget state except the text outputs of checked cells.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

MARK = "# NBVAL_CHECK_OUTPUT"


def refresh(path: Path) -> int:
    nb = nbformat.read(path, as_version=4)
    os.environ.setdefault("ICECREAM_QUICK", "1")
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    checked = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if cell.source.lstrip().startswith(MARK):
            cell.outputs = [o for o in cell.outputs if o.output_type == "stream"]
            checked += 1
        else:
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return checked


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__)
        return 2
    for p in paths:
        print(f"{p}: {refresh(Path(p))} checked cell(s) refreshed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
