"""Notebook 05 speaks to a reader, not a programmer (issue 33): it printed the row's cards
as ``[0, 2] allowed … [0, 1] not allowed`` under "positions 1 and 3", counting from 0, and
the final coins and hands as a Python dict and list.

The notebook's cells are run and their printed text checked: the
Scoop groups are named by positions counted from 1, and nothing prints a Python list or
dict.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "05_learn_combo_cone_paradise.ipynb"


@pytest.fixture(scope="module")
def printed() -> str:
    """What the notebook's code cells print, run in order in one namespace in this process
    (no kernel: a few seconds; ``make test``'s nbval runs it in a kernel too)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    out = io.StringIO()
    namespace: dict = {}
    with contextlib.redirect_stdout(out):
        for cell in nb.cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, str(NOTEBOOK), "exec"), namespace)  # noqa: S102
    return out.getvalue()


def test_scoop_groups_are_named_by_positions_counted_from_1_ccp6(printed: str) -> None:
    assert "Group A (positions 1 and 3)" in printed
    assert re.search(r"^positions 1 and 3: allowed", printed, re.M), printed[:2000]
    assert re.search(r"^positions 2 and 3: allowed", printed, re.M)
    assert re.search(r"^positions 1 and 2: not allowed", printed, re.M)


def test_nothing_printed_is_a_python_list_or_dict(printed: str) -> None:
    found = re.findall(r"\[\d+(?:, \d+)*\]|\{'[^']*': ", printed)
    assert not found, found
