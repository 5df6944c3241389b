"""The cards left in a hand as the ledger keeps them, shared by the card games: the cards in
the notation, or the hand's total.

>>> normalize_hand("3c  10h,jk", "Ann"), typed_hand("12")
('3C 10H JK', 12)
"""

from __future__ import annotations

from .cards import ALL_CARDS, Joker, format_cards, parse_cards
from .document import written
from .errors import RefusedError, RummyError
from .numbers import is_digits

HandEntry = str | int  # the cards left in hand, as notation, or the hand's total


def typed_hand(text: str) -> HandEntry:
    """A hand as typed: digits are a total (no card is written in digits alone), else cards.
    A minus and digits is a negative total, which the checks of a hand (or a rack) refuse as
    one, not as a card or tile it is not.

    >>> typed_hand(" 14 "), typed_hand("3C 2D"), typed_hand("²"), typed_hand("1_0")
    (14, '3C 2D', '²', '1_0')
    >>> typed_hand(" -3 ")
    -3
    """
    total = typed_total(text)
    if total is None and text.strip().startswith("-"):
        below = typed_total(text.strip()[1:])
        return text if below is None else -below
    return text if total is None else total


MAX_TOTAL_DIGITS = 18  # beyond any total: all the cards of two decks are worth 730


def typed_total(text: str, what: str = "hand") -> int | None:
    """A total written in ASCII digits (``"12"``), else None; refuses an absurdly long one.

    Python's ``int`` would also take ``1_0`` and other scripts' digits (``٣``): a player
    typing those meant something else. ``what``: what the total counts ('rack' in Rummikub).

    >>> typed_total("12"), typed_total("1_0"), typed_total("٣"), typed_total("-3")
    (12, None, None, None)
    """
    stripped = text.strip()
    if not is_digits(stripped):
        return None
    if len(stripped.lstrip("0")) > MAX_TOTAL_DIGITS:
        things = "tiles" if what == "rack" else "cards"
        raise RefusedError(f"a {what} total of {len(stripped)} digits is more than all the "
                           f"{things} are worth: give the points left in the {what}, e.g. 12")
    return int(stripped)


def normalize_hand(entry: HandEntry, who: str) -> HandEntry:
    """A hand as the ledger keeps it: cards in canonical notation, or a total >= 0.

    >>> normalize_hand("3c  10h,jk", "Ann"), normalize_hand("3C 10H JK", "Ann")
    ('3C 10H JK', '3C 10H JK')
    """
    if isinstance(entry, bool):
        raise RummyError(f"{who}'s hand must be cards or a total, not {written(entry)}")
    if isinstance(entry, int):
        if entry < 0:
            raise RummyError(f"{who}'s hand total cannot be negative ({entry})")
        return entry
    if _canonical_tokens(entry) is not None:
        return entry  # already as the ledger keeps it: a long ledger is mostly such hands
    try:
        cards = parse_cards(entry)
    except RummyError as exc:
        tile = _a_tile_in(entry)
        if tile is not None:  # a ledger's hand has no --game to give: say how Rummikub starts
            from .cards import CARD_HELP

            raise type(exc)(f"{who}'s hand: {tile} is a Rummikub tile, but this game is played "
                            "with cards (a Rummikub game starts with 'rummy new NAMES --game "
                            f"rummikub'); {CARD_HELP}") from None
        raise type(exc)(f"{who}'s hand: {exc}") from None
    declared = [str(c) for c in cards if isinstance(c, Joker) and c.declared is not None]
    if declared:
        raise RefusedError(f"{who}'s hand: {declared[0]}: a joker in a hand stands for "
                           "nothing yet; write it JK")
    return format_cards(cards)


def _a_tile_in(entry: str) -> str | None:
    """The first word of ``entry`` written as a Rummikub tile (7R, 13K), if any."""
    from .tiles import looks_like_tile

    return next((w.upper() for w in entry.replace(",", " ").split()
                 if looks_like_tile(w.upper())), None)


# every card as the ledger writes it (a joker in a hand stands for nothing yet: JK)
_CANONICAL = frozenset(str(c) for c in ALL_CARDS) | {"JK"}


def _canonical_tokens(text: str) -> list[str] | None:
    """The cards of ``text`` when it is already in the ledger's notation ("3C 10H JK", or
    "" for none), else None: such a hand needs no parsing to be scored.

    >>> _canonical_tokens("3C 10H JK"), _canonical_tokens(""), _canonical_tokens("3c")
    (['3C', '10H', 'JK'], [], None)
    """
    if not text:
        return []
    tokens = text.split(" ")
    return tokens if _CANONICAL.issuperset(tokens) else None
