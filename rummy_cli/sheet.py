"""What every game's score sheet shares: the spreadsheet formats, and a table kept within an
80-column terminal by folding its one column of words.

Pure: strings in, strings out; tabulate is imported only when a table is drawn.

>>> print(sheet_table([[1, "Dee undercuts Cyrus", 30]], ["#", "End", "Dee"], "simple",
...                   fold=1, width=22, compact=True))
#  End            Dee
-  -------------  ---
1  Dee undercuts   30
   Cyrus
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SHEET_WIDTH = 80  # the score sheet fits a terminal of 80 columns
SPREADSHEET_FORMATS = ("csv", "tsv")  # data for a program: one plain value per cell

# formats drawn for reading on a screen, where a cell may take two lines; the others (html,
# markdown, latex...) are pasted somewhere that sets its own width
SCREEN_FORMATS = ("plain", "simple", "grid", "simple_grid", "rounded_grid", "heavy_grid",
                    "mixed_grid", "double_grid", "fancy_grid", "presto", "pretty", "psql",
                    "rst", "outline", "simple_outline", "rounded_outline", "heavy_outline",
                    "mixed_outline", "double_outline", "fancy_outline")


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


def sheet_table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str, *,
                fold: int, width: int = SHEET_WIDTH, **options: Any) -> str:
    """The table drawn by :func:`rummy_cli.render.table`, with the words of column ``fold``
    folded between words onto more lines when the table would be wider than ``width`` (only
    in the formats read on a screen). ``options`` go to ``table``."""
    from .render import table

    drawn = table(rows, headers, fmt, **options)
    if fmt not in SCREEN_FORMATS:
        return drawn
    widest = max((len(line) for line in drawn.splitlines()), default=0)
    if widest <= width:
        return drawn
    cells = [str(row[fold]) for row in rows if len(row) > fold]
    now = max((len(c) for c in cells), default=0)
    longest_word = max((len(w) for c in cells for w in c.split()), default=0)
    room = max(now - (widest - width), longest_word, len(headers[fold]), 1)
    if room >= now:
        return drawn
    import textwrap

    folded = [[*row[:fold], "\n".join(textwrap.wrap(str(row[fold]), room)) or row[fold],
               *row[fold + 1:]] if len(row) > fold else row for row in rows]
    return table(folded, headers, fmt, **options)
