"""CSV that a spreadsheet opens as data: a cell a player named cannot become a live formula there."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

# A spreadsheet reads a cell that begins with one of these as a formula (OWASP's "CSV injection" guidance);
# tab and carriage return are there because some spreadsheets drop them and read what follows.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[-+]?[0-9]+(\.[0-9]+)?")  # a number written as text ("-1.5" points) is no formula

Cell = str | int | float


def safe_cell(cell: Cell) -> Cell:
    """The cell as a spreadsheet should show it: text that would start a formula gets a leading apostrophe, which
    spreadsheets hide and read as "this is text"; numbers stay numbers (a negative score is not a formula)."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def csv_text(rows: Iterable[Sequence[Cell]]) -> str:
    """The rows as CSV text, every text cell made safe, one line per row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
