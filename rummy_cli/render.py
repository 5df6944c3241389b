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
from itertools import accumulate

from .cards import AnyCard, Card, Joker, parse_card, rank_text
from .tables import FORMAT_ALIASES as FORMAT_ALIASES  # the CLI finds the tables here too
from .tables import SCREEN_FORMATS as SCREEN_FORMATS
from .tables import TABLE_FORMATS_HINT as TABLE_FORMATS_HINT
from .tables import footer as footer
from .tables import shortened as shortened
from .tables import table as table
from .tables import table_formats as table_formats
from .width import MAX_WIDTH as MAX_WIDTH
from .width import MIN_WIDTH as MIN_WIDTH
from .width import WIDTH
from .width import display_width as display_width
from .width import line_width as line_width
from .width import pad_to as pad_to


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


# 'e.g.' stays with its example, and a sum with its result ('22 - 1 = 21')
_KEEP_TOGETHER = re.compile(r"(?<=\be\.g\.) |(?<=\d) (?=[-+=] \d)|(?<=\d [-+=]) (?=\d)")


def and_list(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 point', '2 points'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def joker_note(card: AnyCard) -> str:
    """'JK=6H' -> 'the joker stands for 6H'."""
    assert isinstance(card, Joker)
    return f"the joker stands for {card.declared}"
