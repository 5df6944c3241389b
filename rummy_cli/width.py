"""How wide text is on a terminal, and how wide a line of output may be.

>>> display_width("Ann") + display_width("李")
5
"""

from __future__ import annotations

import os
import re
import sys

WIDTH = 80  # how wide a line may be when the output's width is unknown (piped, a file)
MIN_WIDTH, MAX_WIDTH = 40, 100  # narrower helps nobody; wider prose is hard to read (as help)


def _terminal_width() -> int:
    """The terminal's width (less one: a full line makes some terminals add a blank one).

    A terminal that says it has no columns (a new pseudo-terminal; Python 3.10 passes its
    0 on) has no width to keep: 80, as when piped.
    """
    import shutil

    columns = shutil.get_terminal_size((WIDTH + 1, 24)).columns
    if columns <= 0:
        return WIDTH
    return max(MIN_WIDTH, min(MAX_WIDTH, columns - 1))


def line_width() -> int:
    """How wide a line of output may be: the one place that knows it.

    ``$COLUMNS`` when it is set (as click and the shell's own tools read it), else the
    terminal's width, else 80 (piped into a file or a program). On a terminal one column
    is kept free: a line that fills it makes some terminals add a blank one. Never under
    40 nor over 100 (the help's width: longer lines of prose are hard to read).
    """
    out = sys.stdout  # None when rummy was started with stdout closed (>&-)
    if out is not None and out.isatty():
        return _terminal_width()
    columns = _columns_set()
    return WIDTH if columns is None else max(MIN_WIDTH, min(MAX_WIDTH, columns))


def _columns_set() -> int | None:
    """``$COLUMNS`` as a number of columns, or None if it is unset or not one."""
    text = os.environ.get("COLUMNS", "").strip()
    return int(text) if text.isdecimal() and text.isascii() and int(text) > 0 else None


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: a wide character (Chinese, Japanese,
    Korean) takes two, a combining accent or an invisible joiner none, colour codes none.

    >>> display_width("Ann"), display_width("李小龍"), display_width("Zoe\u0301")
    (3, 6, 3)
    """
    if text.isascii():
        return len(_ESCAPE.sub("", text)) if "\x1b" in text else len(text)
    from unicodedata import category, east_asian_width

    return sum(0 if category(ch) in ("Mn", "Me", "Cf") else
               2 if east_asian_width(ch) in ("W", "F") else 1
               for ch in _ESCAPE.sub("", text))


def pad_to(text: str, width: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` columns (see :func:`display_width`): on the
    right, or on the left when ``right`` (a right-aligned cell).

    >>> pad_to("李", 4) + "|", pad_to("Ann", 4, right=True)
    ('李  |', ' Ann')
    """
    fill = " " * max(0, width - display_width(text))
    return fill + text if right else text + fill
