"""Data for a program: comma- or tab-separated values, one plain value per cell."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SPREADSHEET_FORMATS = ("csv", "tsv")  # data for a program: one plain value per cell


def is_spreadsheet(fmt: str) -> bool:
    """Whether ``fmt`` is read by a program (csv, tsv): numbers alone in their cells."""
    return fmt in SPREADSHEET_FORMATS


def spreadsheet(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str) -> str:
    """``rows`` under ``headers`` as comma- (csv) or tab-separated (tsv) values, quoted where
    a cell needs it and never padded, so a spreadsheet reads every number as a number.

    >>> spreadsheet([[1, "Ann, 2", 30]], ["#", "End", "Ann"], "tsv")
    '#\\tEnd\\tAnn\\n1\\tAnn, 2\\t30'
    """
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t" if fmt == "tsv" else ",", lineterminator="\n")
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue().removesuffix("\n")
