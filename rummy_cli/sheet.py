"""What every game's score sheet shares: the spreadsheet formats, and a table kept within an
80-column terminal by folding its one column of words.

Pure: strings in, strings out; tabulate is imported only when a table is drawn.

>>> print(sheet_table([[1, "Dee undercuts Cyrus", 30]], ["#", "End", "Dee"], "simple",
...                   fold=[1], width=22, compact=True))
#  End            Dee
-  -------------  ---
1  Dee undercuts   30
   Cyrus
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .spreadsheet import SPREADSHEET_FORMATS as SPREADSHEET_FORMATS
from .spreadsheet import is_spreadsheet as is_spreadsheet
from .spreadsheet import spreadsheet as spreadsheet
from .tables import table
from .width import display_width

SHEET_WIDTH = 80  # the score sheet fits a terminal of 80 columns

# formats drawn for reading on a screen, where a cell may take two lines; the others (html,
# markdown, latex...) are pasted somewhere that sets its own width
SCREEN_FORMATS = ("plain", "simple", "grid", "simple_grid", "rounded_grid", "heavy_grid",
                    "mixed_grid", "double_grid", "fancy_grid", "presto", "pretty", "psql",
                    "rst", "outline", "simple_outline", "rounded_outline", "heavy_outline",
                    "mixed_outline", "double_outline", "fancy_outline")


def sheet_table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str, *,
                fold: Sequence[int], width: int = SHEET_WIDTH, **options: Any) -> str:
    """The table drawn by :func:`rummy_cli.render.table`, kept within ``width`` on a screen
    by folding the words of the ``fold`` columns (in that order, as little as needed) onto
    a second line. When even that cannot bring it within ``width`` (long names), the rows stay
    on one line each. Formats not read on a screen are never folded. ``options`` go to
    ``table``."""
    drawn = table(rows, headers, fmt, **options)
    if fmt not in SCREEN_FORMATS:
        return drawn
    folded = [list(row) for row in rows]
    for column in fold:
        widest = max((display_width(line) for line in drawn.splitlines()), default=0)
        if widest <= width:
            return drawn
        cells = [str(row[column]) for row in folded if len(row) > column]
        now = max((display_width(c) for c in cells), default=0)
        least = max([_two_lines(c) for c in cells] + [display_width(headers[column]), 1])
        room = max(now - (widest - width), least)
        if room >= now:
            continue
        import textwrap

        for row in folded:
            if len(row) > column and row[column]:
                row[column] = "\n".join(textwrap.wrap(str(row[column]), room))
        drawn = table(folded, headers, fmt, **options)
    if max((display_width(line) for line in drawn.splitlines()), default=0) <= width:
        return drawn
    return table(rows, headers, fmt, **options)  # folding cannot make it fit: one line a row


def _two_lines(text: str) -> int:
    """The narrowest width at which ``text`` takes no more than two lines.

    >>> _two_lines("Rosalind undercuts Maximus"), _two_lines("Ann 4, Ben 9"), _two_lines("")
    (17, 6, 0)
    """
    words = text.split()
    return min((max(display_width(" ".join(words[:i])), display_width(" ".join(words[i:])))
                for i in range(1, len(words))), default=display_width(text))
