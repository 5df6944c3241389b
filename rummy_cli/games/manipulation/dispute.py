"""A disputed turn of Manipulation Rummy as a dispute file gives it: its tables, hand and
figures read from plain data, each problem naming its line. Pure: no click, no YAML (the
command line has read the file)."""

from __future__ import annotations

from typing import Any

from ...cards import AnyCard, Table
from ...errors import UnusableInputError
from ...typed_input import cards_of, table_of


def described(value: Any) -> str:
    """A value read from a dispute file, in a player's words (not Python's).

    >>> described(None), described({"a": 1}), described(True), described("7H"), described(2)
    ('nothing', 'a mapping (key: value)', "'true'", "'7H'", '2')
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "'true'" if value else "'false'"
    if isinstance(value, dict):
        return "a mapping (key: value)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        from ...cards import quoted

        return quoted(value)
    return str(value)


def _card_texts(value: list[Any], what: str) -> list[str]:
    """The cards of a YAML list: each a card written as text (a bare 10 is read as a number)."""
    for i, card in enumerate(value, 1):
        if isinstance(card, bool) or not isinstance(card, (str, int)):
            wrong = "empty" if card is None else f"{described(card)}, not a card"
            raise UnusableInputError(
                f"{what}: card {i} is {wrong}; write the cards as 7H 8H 9H or [7H, 8H, 9H]")
    return [str(c) for c in value]


def table_from(value: Any, what: str) -> Table:
    """A table from a dispute file: a list of melds (strings or lists) or one string."""
    if value is None:
        return []
    if isinstance(value, str):
        return table_of(value, what)
    if not isinstance(value, list):
        raise UnusableInputError(
            f"{what}: a table is a list of melds (or one line, melds separated by '/'), "
            f"not {described(value)}")
    melds: Table = []
    for i, meld in enumerate(value, 1):
        where = f"{what}, meld {i}"
        if meld is None or meld == []:
            raise UnusableInputError(f"{where} is empty: give its cards or remove it")
        if isinstance(meld, list):
            melds.append(tuple(cards_of(_card_texts(meld, where), where)))
        elif isinstance(meld, (str, int)) and not isinstance(meld, bool):
            melds.append(tuple(cards_of(str(meld), where)))
        else:
            raise UnusableInputError(
                f"{where}: a meld is cards, as 7H 8H 9H or [7H, 8H, 9H], not "
                f"{described(meld)}")
        if not melds[-1]:
            raise UnusableInputError(f"{where} is empty: give its cards or remove it")
    return melds


def hand_from(value: Any, what: str) -> list[AnyCard]:
    """A hand from a dispute file: a list of cards or one string."""
    if value is None:
        return []
    if isinstance(value, list):
        return cards_of(_card_texts(value, what), what)
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return cards_of(str(value), what)
    raise UnusableInputError(
        f"{what}: a hand is cards, as 10H QC 5S or [10H, QC, 5S], not {described(value)}")


def int_field(value: Any, name: str, lo: int, hi: int, label: str) -> int:
    """A whole number from a dispute file's line ``name``, ``lo`` to ``hi``."""
    if isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
        from ...numbers import whole

        value = whole(value, f"{label}: {name}")  # draws: "2" is meant as 2
    if value is None:
        raise UnusableInputError(f"{label}: {name} is empty: give a whole number {lo} to {hi}, "
                                 "or leave the line out")
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UnusableInputError(f"{label}: {name} must be a whole number {lo} to {hi}, "
                                 f"not {described(value)}")
    return value
