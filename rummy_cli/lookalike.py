"""Which notation a word is written in: a card's or a tile's, for the hint of an error.

Apart from both parsers, so that neither imports the other to say "that is a tile".
"""

from __future__ import annotations

import re

_TILE = re.compile(r"^([0-9]{1,2})([KBORY])$")  # digits 0-9 only, as every number typed
_CARD = re.compile(r"^(A|[2-9]|10|[TJQK])([SHDC♠♥♦♣♤♡♢♧])$")


def looks_like_tile(token: str) -> bool:
    """Whether ``token`` is written as a Rummikub tile (a card command's hint).

    >>> looks_like_tile("7R"), looks_like_tile("13k"), looks_like_tile("7H")
    (True, True, False)
    """
    match = _TILE.match(token.strip().upper())
    return match is not None and 1 <= int(match.group(1)) <= 13


def looks_like_card(token: str) -> bool:
    """Whether ``token`` is written as a playing card (a tile command's hint).

    >>> looks_like_card("7H"), looks_like_card("QS"), looks_like_card("7R")
    (True, True, False)
    """
    return bool(_CARD.match(token.strip().upper()))
