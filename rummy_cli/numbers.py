"""Whole numbers typed by a user: one bounded parser for every option, id and figure.

Python refuses to turn more than 4,300 digits into a number (and would take long to do it
for millions): no number in a card game has more than a few digits, so more than
:data:`MAX_DIGITS` is refused before any conversion, with a message that quotes the input
cut to a readable length.

>>> whole("12", "--seed"), whole(" 007 ", "--game", lo=1), whole("-3", "--seed", signed=True)
(12, 7, -3)
>>> whole("9" * 5000, "--decks")
Traceback (most recent call last):
...
rummy_cli.errors.NotationError: --decks: a number of 5000 digits is far larger than any in \
a card or tile game
>>> whole("0", "round N", lo=1)
Traceback (most recent call last):
...
rummy_cli.errors.NotationError: round N is a whole number from 1, not 0
>>> whole("x" * 100, "--seed")
Traceback (most recent call last):
...
rummy_cli.errors.NotationError: --seed is a whole number (digits 0-9), not \
'xxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)
"""

from __future__ import annotations

from .errors import NotationError

MAX_DIGITS = 18  # as in a ledger: no count, total or score of a card game comes near it


def is_digits(text: str) -> bool:
    """Whether ``text`` is a number in the digits 0-9: the one rule for every number typed
    (an option, a total, a tile's number, a choice). Python's ``isdigit`` and ``int`` also
    take other scripts' digits (``٣``) and ``²``: a player typing those meant something else.

    >>> is_digits("12"), is_digits("٣"), is_digits("²"), is_digits(""), is_digits("1_0")
    (True, False, False, False, False)
    """
    return text.isascii() and text.isdigit()


def other_digits(text: str) -> str | None:
    """``text`` with another script's decimal digits written 0-9, if it has any (for a hint).

    >>> other_digits("٥R"), other_digits("5R"), other_digits("²R")
    ('5R', None, None)
    """
    import unicodedata

    if text.isascii() or not any(ch.isdecimal() and not ch.isascii() for ch in text):
        return None
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in text)


def whole(text: str, what: str, lo: int | None = None, hi: int | None = None,
          signed: bool = False) -> int:
    """The whole number ``text`` is (ASCII digits, a sign only if ``signed``), within
    ``lo``..``hi``; else :class:`NotationError` naming ``what`` (the option or field)."""
    from .cards import quoted

    digits = text.strip()
    sign = 1
    if signed and digits[:1] in ("-", "+"):
        sign, digits = (-1 if digits[0] == "-" else 1), digits[1:]
    if not is_digits(digits):
        raise NotationError(f"{what} is a whole number (digits 0-9), not {quoted(text)}")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise NotationError(f"{what}: a number of {len(digits)} digits is far larger than any "
                            "in a card or tile game")
    number = sign * int(digits)
    if (lo is not None and number < lo) or (hi is not None and number > hi):
        raise NotationError(f"{what} is a whole number {_span(lo, hi)}, not {number}")
    return number


def _span(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    return f"from {lo}" if lo is not None else f"up to {hi}"
