"""Cards as values, and the one parser and formatter of the card notation.

>>> parse_card("10h")
Card(rank=10, suit=<Suit.HEARTS: 'H'>)
>>> str(parse_card("td")), str(parse_card("Q♣")), str(parse_card("jk=7h"))
('10D', 'QC', 'JK=7H')
>>> [str(c) for c in parse_cards("7H, 8H 9H")]
['7H', '8H', '9H']
>>> format_table(parse_table("7H 8H 9H / QS QH QD JK=QC"))
'7H 8H 9H / QS QH QD JK=QC'
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .errors import NotationError


class Suit(enum.Enum):
    """The four suits; the value is the letter of the notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons, so identity hashing is exact, and it runs in C: cards are
    # hashed and sorted by suit constantly (counting copies, the solver).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return _SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit's name in words, e.g. 'hearts'."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def order(self) -> int:
        """Position in the display order S H D C."""
        return _SUIT_ORDER[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}
SUIT_OF_TEXT: dict[str, Suit] = {s.value: s for s in Suit}
SUIT_OF_TEXT.update({s.symbol: s for s in Suit})
SUIT_OF_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_OF_TEXT: dict[str, int] = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
RANK_OF_TEXT.update({str(n): n for n in range(2, 11)})
_RANK_TEXT = ("", "A", *map(str, range(2, 11)), "J", "Q", "K", "A")  # index 14: ace high
RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def rank_text(rank: int) -> str:
    """The rank as written in the notation; 14 (ace high) is written A.

    >>> rank_text(1), rank_text(10), rank_text(14)
    ('A', '10', 'A')
    """
    return RANK_NAMES.get(rank if rank != 14 else 1, str(rank))


@dataclass(frozen=True)
class Card:
    """A real card: rank 1 (ace) to 13 (king), and a suit."""

    rank: int
    suit: Suit

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + self.suit._value_  # _value_: no property lookup

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, (Card, Joker)):
            return NotImplemented
        return card_key(self) < card_key(other)


@dataclass(frozen=True)
class Joker:
    """A joker; on the table it carries the card it stands for (``declared``)."""

    declared: Card | None = None

    def __str__(self) -> str:
        return "JK" if self.declared is None else f"JK={self.declared}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, (Card, Joker)):
            return NotImplemented
        return card_key(self) < card_key(other)


AnyCard = Card | Joker
Meld = tuple[AnyCard, ...]
Table = list[Meld]

ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in range(1, 14))


def card_key(card: AnyCard) -> tuple[int, int, int]:
    """A sort key: suit, then rank, jokers after the cards they stand for, bare jokers last."""
    if isinstance(card, Card):
        return (card.suit.order, card.rank, 0)
    if card.declared is None:
        return (9, 99, 1)
    return (card.declared.suit.order, card.declared.rank, 1)


def represented(card: AnyCard) -> Card | None:
    """The real card this card stands for: itself, a joker's declaration, or None.

    >>> represented(parse_card("JK=7H")) == parse_card("7H"), represented(Joker())
    (True, None)
    """
    return card if isinstance(card, Card) else card.declared


CARD_HELP = "a card is a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C), e.g. 10H or QS"
_SPLIT = re.compile(r"[\s,]+")
_MELD_SPLIT = re.compile(r"[/|]")


def quoted(token: str, most: int = 24) -> str:
    """A token as an error message quotes it, cut short if it is long.

    >>> quoted("7X"), quoted("A" * 100)
    ("'7X'", "'AAAAAAAAAAAAAAAAAAAAAAAA...' (100 characters)")
    """
    if len(token) <= most:
        return repr(token)
    return f"{token[:most]!r}"[:-1] + f"...' ({len(token)} characters)"


_WRITTEN = {"1": ("an ace", "A"), "14": ("an ace", "A"), "11": ("a jack", "J"),
            "12": ("a queen", "Q"), "13": ("a king", "K")}


def _parse_real(token: str, original: str, joker: bool = False) -> Card:
    text = token.strip().upper()
    if len(text) >= 2 and text[-1] in SUIT_OF_TEXT and text[:-1] in RANK_OF_TEXT:
        return Card(RANK_OF_TEXT[text[:-1]], SUIT_OF_TEXT[text[-1]])
    rank, suit = text[:-1], text[-1:]
    eg = "JK=" if joker else ""
    from .tiles import looks_like_tile  # only on the way to an error: startup stays small

    if looks_like_tile(text):
        why = f"{text} is a Rummikub tile (tiles go with --game rummikub); {CARD_HELP}"
    elif text in RANK_OF_TEXT:
        why = f"{text} has no suit; {CARD_HELP}" if joker else f"it has no suit; {CARD_HELP}"
    elif suit in SUIT_OF_TEXT and rank in _WRITTEN:
        name, letter = _WRITTEN[rank]
        why = f"{name} is written {letter}, e.g. {eg}{letter}{suit}"
    elif len(text) >= 2 and text[0] in SUIT_OF_TEXT and text[1:] in RANK_OF_TEXT:
        why = f"the rank comes first, e.g. {eg}{text[1:]}{text[0]}"
    elif not joker and len(re.split(r"[;.:+&]", text)) > 1:
        why = "cards are separated by spaces or commas, e.g. 7H 8H 9H or 7H,8H,9H"
    else:
        why = CARD_HELP
    raise NotationError(f"{quoted(original)} is not a card: {why}")


# phones put a variation selector after a suit symbol (7♥ + U+FE0F); copied text may carry
# zero-width characters: none of them is part of a card. A zero-width space (or word joiner,
# or byte-order mark) is ignored inside a card (9<ZWSP>H is 9H) and separates two cards like
# a space (7H<ZWSP>8H); joiners and selectors are dropped.
_DROPPED = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200c\u200d"), None)
_ZERO_WIDTH_SPACES = "\u200b\u2060\ufeff"
_INVISIBLE: dict[int, str | None] = {**_DROPPED, **dict.fromkeys(map(ord, _ZERO_WIDTH_SPACES),
                                                                 None)}
_ZERO_WIDTH_SPLIT = re.compile(f"[{_ZERO_WIDTH_SPACES}]+")


def words_of(text: str, is_one: Callable[[str], bool]) -> list[str]:
    r"""The words of a list of cards or tiles: split at spaces and commas, invisible
    characters dropped; a zero-width space is ignored where the word without it is one card
    or tile (``is_one``), and separates two where it is not. Shared by cards and tiles.

    >>> words_of("9\u200bH, 7H\u200b8H 10\ufe0fH", lambda w: w in ("9H", "10H"))
    ['9H', '7H', '8H', '10H']
    """
    words: list[str] = []
    for word in _SPLIT.split(text.translate(_DROPPED)):
        if not word:
            continue
        if _ZERO_WIDTH_SPLIT.search(word) is None:
            words.append(word)
            continue
        whole = _ZERO_WIDTH_SPLIT.sub("", word)
        if is_one(whole):
            words.append(whole)
        else:
            words += [w for w in _ZERO_WIDTH_SPLIT.split(word) if w]
    return words


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except NotationError:
        return False
    return True


@lru_cache(maxsize=1024)  # a ledger repeats the same tokens thousands of times
def parse_card(token: str) -> AnyCard:
    """One card: ``7H``, ``10h``, ``Td``, ``Q♣``, ``JK``, ``JOKER``, ``JK=7H``.

    >>> parse_card("7X")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.NotationError: '7X' is not a card: a card is a rank (A, 2-10, J, Q, K) \
and a suit (S, H, D, C), e.g. 10H or QS
    """
    text = token.translate(_INVISIBLE).strip().upper()
    head, eq, tail = text.partition("=")
    if head in ("JK", "JOKER", "🃏"):
        if not eq:
            return Joker()
        if not tail:
            raise NotationError(
                f"{quoted(token)}: say which card the joker stands for, e.g. JK=7H")
        if tail.partition("=")[0] in ("JK", "JOKER"):
            raise NotationError(f"{quoted(token)}: a joker stands for a real card, not a joker")
        return Joker(_parse_real(tail, token, joker=True))
    if eq:
        raise NotationError(
            f"{quoted(token)} is not a card: only a joker carries '=', e.g. JK=7H")
    return _parse_real(text, token)


def parse_cards(text: str | Iterable[str]) -> list[AnyCard]:
    """A list of cards separated by spaces and/or commas (or several such strings).

    >>> [str(c) for c in parse_cards(["7H 8h", "jk"])]
    ['7H', '8H', 'JK']
    """
    chunks = [text] if isinstance(text, str) else list(text)
    cards: list[AnyCard] = []
    for chunk in chunks:
        cards.extend(_parse_chunk(chunk))
    return cards


@lru_cache(maxsize=4096)  # a long ledger repeats the same hands
def _parse_chunk(chunk: str) -> tuple[AnyCard, ...]:
    if any(ch in chunk for ch in "/|"):
        raise NotationError(
            f"{quoted(chunk)}: '/' separates melds of a table; here a list of cards is expected"
        )
    return tuple(parse_card(tok) for tok in words_of(chunk, _is_card))


EMPTY_TABLE_WORDS = ("", "EMPTY", "NONE", "[]")


def parse_table(text: str) -> Table:
    """A table: melds separated by ``/`` (or ``|``). ``""`` or ``empty`` is the empty table.

    >>> parse_table("empty")
    []
    >>> len(parse_table("7H 8H 9H | QS QH QD"))
    2
    """
    if text.strip().upper() in EMPTY_TABLE_WORDS:
        return []
    melds: Table = []
    for part in _MELD_SPLIT.split(text):
        if part.strip():
            melds.append(tuple(parse_cards(part)))
    return melds


def format_cards(cards: Iterable[AnyCard]) -> str:
    """Cards in the notation, space separated."""
    return " ".join(str(c) for c in cards)


def format_table(table: Sequence[Sequence[AnyCard]]) -> str:
    """A table in the notation, melds separated by `` / ``; the empty table is ``empty``."""
    return " / ".join(format_cards(m) for m in table) if table else "empty"


def real_counts(cards: Iterable[AnyCard]) -> Counter[Card]:
    """How many of each real card (jokers not counted)."""
    return Counter(c for c in cards if isinstance(c, Card))


def joker_count(cards: Iterable[AnyCard]) -> int:
    """How many jokers."""
    return sum(1 for c in cards if isinstance(c, Joker))


FEW = 3  # of many sentences alike, an error line names this many, then counts the rest


def first_few(sentences: list[str], more: str) -> list[str]:
    """The first :data:`FEW` sentences, and how many ``more`` there are: one line stays
    readable when every card of a deck is typed three times.

    >>> first_few(["a", "b", "c", "d", "e"], "more letters")
    ['a', 'b', 'c', 'and 2 more letters']
    """
    if len(sentences) <= FEW + 1:
        return sentences
    return [*sentences[:FEW], f"and {len(sentences) - FEW} {more}"]


def times(n: int) -> str:
    """How often something appears, in the one wording every message uses.

    >>> times(1), times(2), times(3)
    ('once', 'twice', '3 times')
    """
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def check_copies(cards: Iterable[AnyCard], decks: int) -> list[str]:
    """Sentences for every card (and the jokers) seen more often than ``decks`` decks hold (R2).

    >>> check_copies(parse_cards("7H 7H JK"), 1)
    ['7H appears twice, but 1 deck holds only 1']
    """
    cards = list(cards)
    unit = "deck holds" if decks == 1 else "decks hold"
    over = [(card, n) for card, n in real_counts(cards).items() if n > decks]
    problems = first_few([
        f"{card} appears {times(n)}, but {decks} {unit} only {decks}"
        for card, n in sorted(over, key=lambda kv: card_key(kv[0]))
    ], f"more cards appear more than {decks} times")
    jokers = joker_count(cards)
    if jokers > decks:
        problems.append(f"there are {jokers} jokers, but {decks} {unit} only {decks}")
    return problems
