"""Spreadsheet-safe CSV: text that would start a formula is neutralised, numbers and plain text are not touched."""

from __future__ import annotations

import csv
import io

import pytest

from engine.platform.spreadsheets import csv_text, safe_cell


@pytest.mark.parametrize("text", ["=1+1", "+1+1", "-2+3", "@SUM(A1)", "\tX", "\rX", '=HYPERLINK("x","y")'])
def test_a_cell_that_begins_a_formula_gets_an_apostrophe(text: str) -> None:
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("cell", ["ann", "Spring Cup", "", "a=b", "-1", "-1.5", "+3", 7, -4, 2.5, "'quoted"])
def test_plain_text_and_numbers_are_left_as_they_are(cell: str | int | float) -> None:
    assert safe_cell(cell) == cell


def test_csv_text_makes_every_cell_safe_and_reads_back_as_written() -> None:
    text = csv_text([["name", "score"], ["=A1", -3], ['a "quoted", name', 5]])
    assert list(csv.reader(io.StringIO(text))) == [["name", "score"], ["'=A1", "-3"], ['a "quoted", name', "5"]]
