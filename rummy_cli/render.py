"""How cards, melds and score sheets look on screen. Only the CLI calls this module.

Suit symbols and red/black colour on a terminal; plain notation (``7H``, ``JK=7H``) when
output is not a terminal or with ``--ascii``. ``NO_COLOR`` (set to anything but the empty
string) takes the colour away and keeps the symbols, as no-color.org asks.

>>> from .cards import parse_cards
>>> show_cards(parse_cards("10H JK=7S"), PLAIN)
'10H JK=7S'
>>> show_cards(parse_cards("10H JK=7S"), Style(symbols=True, color=False))
'10♥ [7♠]'
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .cards import AnyCard, Card, Joker, rank_text

WIDTH = 80  # how wide a line may be when the output's width is unknown (piped, a file)
MIN_WIDTH, MAX_WIDTH = 40, 100  # narrower helps nobody; wider prose is hard to read (as help)


@dataclass(frozen=True)
class Style:
    """How to draw cards: suit symbols or letters, colour or not; how wide a line may be."""

    symbols: bool = False
    color: bool = False
    width: int = WIDTH


PLAIN = Style()


def choose_style(ascii_only: bool = False, unicode: bool = False) -> Style:
    """Symbols on a terminal (or with ``--unicode``), coloured unless NO_COLOR is set."""
    out = sys.stdout  # None when rummy was started with stdout closed (>&-)
    on_terminal = out is not None and out.isatty()
    width = line_width()
    if ascii_only:
        return Style(width=width)
    tty = on_terminal and os.environ.get("TERM") != "dumb"
    no_color = bool(os.environ.get("NO_COLOR"))  # no-color.org: set and not empty
    if (not tty and not unicode) or not can_show_symbols(out):
        return Style(width=width)
    return Style(symbols=True, color=tty and not no_color, width=width)


SYMBOLS = "\u2660\u2665\u2666\u2663\U0001f0cf"  # the four suits and the joker


def can_show_symbols(stream: object) -> bool:
    """Whether a stream's encoding can write the suit symbols (not cp1252 or ASCII).

    >>> import io
    >>> can_show_symbols(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    True
    >>> can_show_symbols(io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    False
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


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


def _paint(text: str, red: bool, style: Style) -> str:
    if not style.color:
        return text
    return f"\x1b[{'31' if red else '1'}m{text}\x1b[0m"


def show_card(card: AnyCard, style: Style = PLAIN) -> str:
    """One card; in symbol style a joker shows the card it stands for in brackets."""
    if not style.symbols:
        return str(card)
    if isinstance(card, Card):
        return _paint(rank_text(card.rank) + card.suit.symbol, card.suit.is_red, style)
    if card.declared is None:
        return _paint("🃏", False, style)
    inner = show_card(card.declared, style)
    return f"[{inner}]"


def show_cards(cards: Iterable[AnyCard], style: Style = PLAIN) -> str:
    """Cards separated by spaces; ``nothing`` for none."""
    shown = " ".join(show_card(c, style) for c in cards)
    return shown or "nothing"


# real cards only: 'JK=7H' and 'JK' in a sentence are what to type, and stay as they are
_CARD_IN_TEXT = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[SHDC](?![\w=])")


def show_text(text: str, style: Style = PLAIN) -> str:
    """A sentence of the referee's with its cards drawn in ``style``, like the cards around it.

    >>> show_text("9S is a spade in a hearts run; declare it, e.g. JK=8H", Style(symbols=True))
    '9♠ is a spade in a hearts run; declare it, e.g. JK=8H'
    """
    if not style.symbols:
        return text
    from .cards import parse_card

    return _CARD_IN_TEXT.sub(lambda m: show_card(parse_card(m.group()), style), text)


def wrap(text: str, style: Style = PLAIN, lead: str = "", indent: int | None = None) -> str:
    """``lead`` + ``text`` folded between words to ``style.width``, its cards in ``style``.

    A terminal folds a long line wherever it ends, mid-word; this folds between words.
    Later lines are indented by ``indent`` spaces (default: as wide as ``lead``). ``text``
    may hold cards drawn already (symbols, colour): only what shows is counted. A line
    break in ``text`` stays; each of its lines is folded so.

    >>> print(wrap("a card may not go back to a hand", Style(width=21), "  - "))
      - a card may not go
        back to a hand
    """
    pad = " " * (display_width(lead) if indent is None else indent)
    return "\n".join(_fold_line(line, style, lead if i == 0 else pad, pad)
                     for i, line in enumerate(text.split("\n")))


def fold(text: str, lead: str = "", indent: int | None = None, width: int | None = None) -> str:
    """Prose folded between words to the output's width (:func:`line_width`).

    For lines with no cards to draw: a round's result, a banner, a note under a table.

    >>> print(fold("Round 3 (Ben dealt): the stock ran out; Ben and Dee tie", indent=2,
    ...            width=30))
    Round 3 (Ben dealt): the stock
      ran out; Ben and Dee tie
    """
    return wrap(text, Style(width=width or line_width()), lead, indent)


def fold_result(text: str, indent: int = 2, width: int | None = None) -> str:
    """A round's result (or a banner): one line if it fits, else broken after a clause.

    The break is the end of a sentence if one lets both lines fit, else the end of a
    clause (``:`` or ``;``), else a comma outside brackets; the latest such place that
    lets the first line fit, of the best kind that has one. What follows is indented
    ``indent`` spaces (and broken again so if it is still too long). A line is never broken
    inside a clause ('the lowest rack (12)' stays whole) unless one clause alone is longer
    than the line: that one folds between words.

    >>> print(fold_result("Hand 7: Ben knocked, but Ann undercuts and wins: 30 points "
    ...                   "(deadwood Ben 9, Ann 4); entered in games 2 and 3.", width=60))
    Hand 7: Ben knocked, but Ann undercuts and wins:
      30 points (deadwood Ben 9, Ann 4);
      entered in games 2 and 3.
    >>> print(fold_result("Ben deals first; Ann is offered the upcard. Knock with 10 or "
    ...                   "less; first to 100.", indent=0, width=60))
    Ben deals first; Ann is offered the upcard.
    Knock with 10 or less; first to 100.
    """
    limit = width or line_width()
    if display_width(text) <= limit or "\n" in text:
        return fold(text, indent=indent, width=limit)
    fitting: list[list[int]] = []
    depth = list(accumulate(1 if ch == "(" else -1 if ch == ")" else 0 for ch in text))
    for clause in _CLAUSES:  # never inside brackets: '(the book's: 5)' stays whole
        breaks = [m.end() for m in clause.finditer(text)
                  if display_width(text[:m.end() - 1]) <= limit and depth[m.start()] <= 0]
        two = [b for b in breaks if indent + display_width(text[b:]) <= limit]
        if two:
            return _break_at(text, two[-1], indent, limit)
        fitting.append(breaks)
    best = next((breaks for breaks in fitting if breaks), None)
    if best is None:  # one clause longer than the line
        return fold(text, indent=indent, width=limit)
    return _break_at(text, max(best), indent, limit)


def _break_at(text: str, cut: int, indent: int, width: int) -> str:
    """Broken at ``cut``; the rest indented, and broken again the same way if it must be."""
    rest = fold_result(text[cut:].lstrip(), 0, max(width - indent, 1))
    return "\n".join([text[:cut].rstrip(), *(" " * indent + x for x in rest.split("\n"))])


# where a line may break, best first: a sentence's end, a clause's, a comma (never before a
# bracket: what it adds belongs to the clause it follows)
_CLAUSES = (re.compile(r"(?<!\be\.g)\. (?=\S)"), re.compile(r"[:;] (?=\S)"),
            re.compile(r", (?=[^(\s])"))


def _fold_line(text: str, style: Style, lead: str, pad: str) -> str:
    lines: list[str] = []
    line, width, placed = lead, display_width(lead), False  # placed: a word is on this line
    for word in _KEEP_TOGETHER.sub("\0", show_text(text, style)).split(" "):
        word = word.replace("\0", " ")  # kept together (see _KEEP_TOGETHER)
        seen = display_width(word)
        if placed and width + 1 + seen > style.width:
            lines.append(line.rstrip())
            line, width, placed = pad, len(pad), False
        if not placed:
            if word:  # a double space at a fold is dropped
                line, width, placed = line + word, width + seen, True
            continue
        line, width = f"{line} {word}", width + 1 + seen
    lines.append(line.rstrip())
    return "\n".join(lines)


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
# 'e.g.' stays with its example, and a sum with its result ('22 - 1 = 21')
_KEEP_TOGETHER = re.compile(r"(?<=\be\.g\.) |(?<=\d) (?=[-+=] \d)|(?<=\d [-+=]) (?=\d)")


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


class _Widths:
    """What tabulate asks of the ``wcwidth`` package, answered by :func:`display_width`:
    without it tabulate counts a wide character as one column and the table goes out of
    line (the package itself costs 15 ms to import)."""

    @staticmethod
    def wcswidth(text: str) -> int:
        return display_width(text)


def and_list(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 point', '2 points'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


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
    from .sheet import is_spreadsheet, spreadsheet

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


def joker_note(card: AnyCard) -> str:
    """'JK=6H' -> 'the joker stands for 6H'."""
    assert isinstance(card, Joker)
    return f"the joker stands for {card.declared}"
