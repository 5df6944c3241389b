"""Tables in any of tabulate's formats or as a spreadsheet (csv, tsv), kept within the line
by folding columns of words and shortening long headings.

Tabulate is imported only when a table is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .spreadsheet import is_spreadsheet, spreadsheet
from .width import display_width, line_width


class _Widths:
    """What tabulate asks of the ``wcwidth`` package, answered by :func:`display_width`:
    without it tabulate counts a wide character as one column and the table goes out of
    line (the package itself costs 15 ms to import)."""

    @staticmethod
    def wcswidth(text: str) -> int:
        return display_width(text)


TABLE_FORMATS_HINT = "plain, simple, github, grid, pipe, html, latex, ..."


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str = "simple",
          colalign: Sequence[str] | None = None, compact: bool = False,
          rule_above: int | None = None, floatfmt: str = "g",
          width: int | None = None) -> str:
    """A table in ``fmt``: ``csv``, or any of tabulate's (imported only when a table is drawn).

    ``compact``: columns as wide as their widest cell, without tabulate's two extra spaces
    after each heading. ``rule_above``: a rule above that row, in the formats that draw one
    between rows without breaking (``simple``). ``floatfmt``: how tabulate writes decimals
    (``".1f"`` keeps ``7.0`` from showing as ``7``).

    A table for reading on screen (``simple``, ``plain``, the grids) that is wider than
    ``width`` (default: :func:`line_width`) takes its headings on two lines or more, then
    folds its widest columns of words (names); numbers and single words are never folded.
    Then a heading of one word wider than its column ('Alexandrina' over '136*') is
    shortened, as little as needed and each still told apart (:func:`shortened`). If even
    that does not make it fit, it is drawn as it is. Formats meant for other programs (csv,
    markdown, html, latex) are always drawn as they are.

    >>> print(table([[1, "Ann 3"], ["", "Total"]], ["#", "End"], "csv"))
    #,End
    1,Ann 3
    ,Total
    >>> table([["Ann", 19]], ["Player", "Points"], "tsv").split("\\t")  # just the values
    ['Player', 'Points\\nAnn', '19']
    """
    if is_spreadsheet(fmt):  # csv, tsv: for a program, never padded
        return spreadsheet([r for r in rows if _is_row(r)], headers, fmt)
    import tabulate as tabulate_module
    from tabulate import SEPARATING_LINE, tabulate

    if getattr(tabulate_module, "wcwidth", False) is None:  # (its optional package absent)
        # names in Chinese or Japanese: each character takes two columns
        tabulate_module.wcwidth = _Widths  # type: ignore[attr-defined]
        tabulate_module.WIDE_CHARS_MODE = True
    drawn: list[Any] = list(rows)
    if rule_above is not None and fmt == "simple" and 0 < rule_above < len(drawn):
        drawn.insert(rule_above, SEPARATING_LINE)
    padding = tabulate_module.MIN_PADDING

    heading = list(headers)  # the headings drawn: shortened if the table must be narrower

    def draw(heads: list[int | None] | None, cells: list[int | None] | None,
             tight: bool = False) -> str:
        tabulate_module.MIN_PADDING = 0 if compact or tight else padding
        return tabulate(drawn, headers=heading, tablefmt=fmt,
                        colalign=list(colalign) if colalign else None, floatfmt=floatfmt,
                        maxheadercolwidths=heads, maxcolwidths=cells)  # type: ignore[arg-type]

    limit = width or line_width()
    try:
        shown = _fitted(draw, rows, headers, floatfmt, limit, fmt)
        if fmt not in SCREEN_FORMATS or _widest(shown) <= limit:
            return shown
        # a heading of one long word cannot fold: shorten those wider than their column
        data = _data_widths(rows, len(headers), floatfmt)
        long = [i for i, h in enumerate(headers) if len(h.split()) == 1
                and display_width(h) > max(data[i], _NARROWEST)]
        tried = list(headers)
        for size in range(max((display_width(headers[i]) for i in long), default=0) - 1,
                          _SHORTEST - 1, -1):  # no narrower than its column's cells
            heading[:] = shortened(headers, {i: max(size, data[i]) for i in long})
            if heading == tried:
                continue
            tried = list(heading)
            fitted = _fitted(draw, rows, heading, floatfmt, limit, fmt)
            if _widest(fitted) <= limit:
                return fitted
        return shown
    finally:
        tabulate_module.MIN_PADDING = padding


_SHORTEST = 3  # a heading is shortened to no fewer columns than this ('Al.')


def shortened(names: Sequence[str], size: int | Mapping[int, int]) -> list[str]:
    """Names cut to ``size`` columns with a '.' (or each name at index ``i`` to ``size[i]``,
    the others kept whole): longer where two would look alike, so that every name is still
    told apart. The one way a name too long for its place is shortened (the score sheets,
    the Hollywood sheet).

    >>> shortened(["Alexandrina", "Bartholomew", "Ben"], 6)
    ['Alexa.', 'Barth.', 'Ben']
    >>> shortened(["Alexandrina", "Alexander", "Ben"], 6)
    ['Alexandr.', 'Alexander', 'Ben']
    >>> shortened(["Alexandrina", "Bartholomew"], {1: 5})
    ['Alexandrina', 'Bart.']
    """
    names = list(names)
    sizes = dict.fromkeys(range(len(names)), size) if isinstance(size, int) else dict(size)
    longest = max((display_width(n) for n in names), default=0)
    for more in range(longest + 1):
        cut = [_cut(n, sizes[i] + more) if i in sizes else n for i, n in enumerate(names)]
        if len({c.casefold() for c in cut}) == len({n.casefold() for n in names}):
            return cut
    return names


def _cut(name: str, size: int) -> str:
    """``name`` in at most ``size`` columns: cut, with a '.' to say so."""
    if display_width(name) <= size:
        return name
    kept = ""
    for ch in name:
        if display_width(kept + ch) > size - 1:
            break
        kept += ch
    return kept + "."


def _data_widths(rows: Sequence[Sequence[Any]], count: int, floatfmt: str) -> list[int]:
    """How wide each column's widest cell is (the headings aside)."""
    return [max((display_width(_cell_text(r[i], floatfmt)) for r in rows
                 if _is_row(r) and i < len(r)), default=0) for i in range(count)]


# the formats read on a screen, that draw a cell of several lines as the table's own lines
# (the others are read by a program or pasted where their width is set: csv, html, ...)
SCREEN_FORMATS = ("plain", "simple", "grid", "simple_grid", "rounded_grid", "heavy_grid",
                  "mixed_grid", "double_grid", "fancy_grid", "outline", "simple_outline",
                  "rounded_outline", "heavy_outline", "mixed_outline", "double_outline",
                  "fancy_outline", "psql", "presto", "pretty")
_NARROWEST = 4  # a column of words is never folded narrower than this, nor than a word


def _fitted(draw: Callable[[list[int | None] | None, list[int | None] | None, bool], str],
            rows: Sequence[Sequence[Any]], headers: Sequence[str], floatfmt: str,
            width: int, fmt: str) -> str:
    """The table drawn by ``draw`` made to fit ``width`` if it can (see :func:`table`)."""
    whole = shown = draw(None, None, False)
    if fmt not in SCREEN_FORMATS or _widest(shown) <= width or not headers:
        return shown
    count = len(headers)
    cells = [[_cell_text(r[i], floatfmt) for r in rows if i < len(r) and _is_row(r)]
             for i in range(count)]
    data = [max((display_width(c) for c in col), default=0) for col in cells]
    # first: each heading folded between its words, no wider than its column's cells
    heads: list[int | None] = [max(data[i], _longest_word(headers[i])) for i in range(count)]
    shown = draw(heads, None, False)
    if _widest(shown) > width:  # then: no room kept beside a heading for its number
        shown = draw(heads, None, True)
    # then: the widest column of words, folded between words, until the table fits
    limits: list[int | None] = [None] * count
    words = [i for i in range(count)
             if any(not _numeric(c) for c in cells[i]) and data[i] > _NARROWEST]
    while _widest(shown) > width:
        over = _widest(shown) - width
        now = {i: limits[i] or data[i] for i in words}
        floor = {i: max(_NARROWEST, max(map(_longest_word, cells[i]), default=0)) for i in words}
        can = [i for i in words if now[i] > floor[i]]
        if not can:  # as narrow as words allow: folded, it would only be harder to read
            return whole
        i = max(can, key=lambda c: now[c])
        # no narrower than the next widest: the columns of words end up alike
        step = min([over, *(max(1, now[i] - now[j]) for j in can if j != i)])
        limits[i] = max(floor[i], now[i] - step)
        heads[i] = min(heads[i] or data[i], max(limits[i] or 0, _longest_word(headers[i])))
        shown = draw(heads, limits, True)
    return shown


def _widest(text: str) -> int:
    return max((display_width(line) for line in text.splitlines()), default=0)


def _longest_word(text: str) -> int:
    """The widest piece a fold keeps whole: a word, or part of one up to a hyphen."""
    return max((display_width(w) for w in re.split(r"\s+|(?<=-)", text)), default=0)


def _is_row(row: Any) -> bool:
    return isinstance(row, (list, tuple))  # not tabulate's SEPARATING_LINE


def _cell_text(cell: Any, floatfmt: str) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float):
        return format(cell, floatfmt)
    return str(cell)


def _numeric(text: str) -> bool:
    try:
        float(text.rstrip("*"))
    except ValueError:
        return not text.strip()  # an empty cell is no word either
    return True


_LATEX = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
          "}": r"\}", "~": r"\textasciitilde{}", "^": r"\^{}", "\\": r"\textbackslash{}"}


def footer(text: str, fmt: str) -> str | None:
    """A line to print under a table of format ``fmt``, escaped as the table's cells are.

    >>> footer("Bo&Co wins", "latex"), footer("<b> wins", "html"), footer("x", "csv")
    ('Bo\\\\&Co wins', '<p>&lt;b&gt; wins</p>', None)
    """
    if fmt in ("tsv", "csv"):  # data to be read by a program: a line of prose would be a row
        return None
    if fmt in ("html", "unsafehtml"):
        import html

        return f"<p>{html.escape(text)}</p>"
    if fmt.startswith("latex") and fmt != "latex_raw":
        return "".join(_LATEX.get(ch, ch) for ch in text)
    return text


# other names a person may type for a format (``--format markdown`` draws ``github``)
FORMAT_ALIASES = {"markdown": "github", "md": "github", "text": "simple"}


def table_formats() -> list[str]:
    """Every name ``--format`` takes: tabulate's formats, csv, and the aliases (markdown).

    >>> {"csv", "tsv", "markdown", "github", "simple"} <= set(table_formats())
    True
    """
    from tabulate import tabulate_formats

    return sorted({*tabulate_formats, "csv", *FORMAT_ALIASES})
