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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import AnyCard, Card, Joker, rank_text

WIDTH = 100  # the widest line of prose, as the help is; a narrower terminal narrows it


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
    width = _terminal_width() if on_terminal else WIDTH
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
    """The terminal's width (less one: a full line makes some terminals add a blank one)."""
    import shutil

    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH + 1, 24)).columns - 1))


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
    may hold cards drawn already (symbols, colour): only what shows is counted.

    >>> print(wrap("a card may not go back to a hand", Style(width=21), "  - "))
      - a card may not go
        back to a hand
    """
    pad = " " * (len(lead) if indent is None else indent)
    lines: list[str] = []
    line, width, placed = lead, len(lead), False  # placed: a word is on this line
    for word in _KEEP_TOGETHER.sub("\0", show_text(text, style)).split(" "):
        word = word.replace("\0", " ")  # 'e.g.' stays with its example
        seen = len(_ESCAPE.sub("", word))
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
_KEEP_TOGETHER = re.compile(r"(?<=\be\.g\.) ")


def and_list(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 point', '2 points'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


TABLE_FORMATS_HINT = "plain, simple, github, grid, pipe, html, latex, ..."


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str = "simple",
          colalign: Sequence[str] | None = None, compact: bool = False,
          rule_above: int | None = None, floatfmt: str = "g") -> str:
    """A table in ``fmt``: ``csv``, or any of tabulate's (imported only when a table is drawn).

    ``compact``: columns as wide as their widest cell, without tabulate's two extra spaces
    after each heading. ``rule_above``: a rule above that row, in the formats that draw one
    between rows without breaking (``simple``). ``floatfmt``: how tabulate writes decimals
    (``".1f"`` keeps ``7.0`` from showing as ``7``).

    >>> print(table([[1, "Ann 3"], ["", "Total"]], ["#", "End"], "csv"))
    #,End
    1,Ann 3
    ,Total
    """
    if fmt == "csv":
        return _csv(rows, headers)
    import tabulate as tabulate_module
    from tabulate import SEPARATING_LINE, tabulate

    drawn: list[Any] = list(rows)
    if rule_above is not None and fmt == "simple" and 0 < rule_above < len(drawn):
        drawn.insert(rule_above, SEPARATING_LINE)
    padding = tabulate_module.MIN_PADDING
    if compact:
        tabulate_module.MIN_PADDING = 0
    try:
        return tabulate(drawn, headers=list(headers), tablefmt=fmt,
                        colalign=list(colalign) if colalign else None, floatfmt=floatfmt)
    finally:
        tabulate_module.MIN_PADDING = padding


def _csv(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue().removesuffix("\n")


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


def table_formats() -> list[str]:
    """Every format a table can be drawn in: tabulate's, and csv."""
    from tabulate import tabulate_formats

    return sorted({*tabulate_formats, "csv"})


def joker_note(card: AnyCard) -> str:
    """'JK=6H' -> 'the joker stands for 6H'."""
    assert isinstance(card, Joker)
    return f"the joker stands for {card.declared}"
