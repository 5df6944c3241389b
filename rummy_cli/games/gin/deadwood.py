"""Exact searches of the Gin family: its melds, the least deadwood of a hand
(the layoffs are :mod:`.layoffs`').

Gin melds (G3): a group is 3 or 4 cards of one rank, a run 3 or more cards of one suit in a
row, the ace low only (A-2-3, never Q-K-A). Deadwood (G2, G4) is what the cards in no meld
are worth: ace 1, 2-10 their value, J Q K 10. No jokers here: the Gin games have none.

Every search is exact: a hand is at most 11 cards, so a search over the melds that hold the
lowest card left, memoised on the cards left (at most 2**11 states), is complete and fast.

>>> from ...cards import parse_cards
>>> a = least_deadwood(parse_cards("7C 7D 7H 8H 9H"))  # G4: the run, not the group
>>> a.deadwood, a.table, [str(c) for c in a.unmatched]
(14, '7H 8H 9H', ['7D', '7C'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from ...cards import Card, Suit, card_key, format_table
from ...shapes import Kind, Shape, plain_kind

GinMeld = tuple[Card, ...]


def points(card: Card) -> int:
    """What a card counts as deadwood (G2): ace 1, 2-10 face value, J Q K 10.

    >>> from ...cards import parse_card
    >>> [points(parse_card(t)) for t in ("AS", "7H", "10D", "KC")]
    [1, 7, 10, 10]
    """
    return 10 if card.rank > 10 else card.rank


def total(cards: Sequence[Card]) -> int:
    """The points of these cards together."""
    return sum(points(c) for c in cards)


def meld_kind(cards: Sequence[Card]) -> Kind | None:
    """``group``, ``run`` or None: whether these cards are a Gin meld (G3).

    >>> from ...cards import parse_cards
    >>> [meld_kind(parse_cards(t)) for t in ("AS 2S 3S", "QS KS AS", "7H 7D 7C", "7H 8H")]
    ['run', None, 'group', None]
    """
    return plain_kind([(c.rank, c.suit) for c in cards], GIN_SHAPE) if len(cards) >= 3 else None


GIN_SHAPE = Shape(tuple(Suit), ones="low", min_size=3, max_group=4)  # G3: the ace low only
LEAST = GIN_SHAPE.min_size  # the searches read the shape's sizes once
GROUP_SIZES = tuple(range(LEAST, GIN_SHAPE.max_group + 1))


def in_order(meld: Sequence[Card]) -> GinMeld:
    """A meld as it is shown: a run from its lowest card, a group in suit order S H D C."""
    return tuple(sorted(meld, key=card_key))


@dataclass(frozen=True)
class Arrangement:
    """A hand laid out: disjoint melds, and the cards in none of them."""

    melds: tuple[GinMeld, ...]
    unmatched: tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        """The points of the cards in no meld (G4)."""
        return total(self.unmatched)

    @property
    def gin(self) -> bool:
        """Every card is in a meld."""
        return not self.unmatched

    @property
    def table(self) -> str:
        """The melds in the notation, ``/`` between them."""
        return format_table(self.melds) if self.melds else "no meld"


class HandBits:
    """A hand as bits: card i is bit i, in display order; every meld is a bit mask."""

    def __init__(self, cards: Sequence[Card]) -> None:
        if len(set(cards)) != len(cards):
            raise ValueError("a hand holds each card once")
        self.cards = sorted(cards, key=card_key)
        self.points = [points(c) for c in self.cards]
        self.full = (1 << len(self.cards)) - 1
        self.melds = self._melds()
        # the melds whose lowest card is card i: a search that always places the lowest card
        # left meets every set of disjoint melds exactly once
        self.lowest: list[list[int]] = [[] for _ in self.cards]
        for m in self.melds:
            self.lowest[(m & -m).bit_length() - 1].append(m)
        self._least: dict[int, tuple[int, int]] = {0: (0, 0)}

    def _melds(self) -> list[int]:
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[object, list[tuple[int, int]]] = {}
        for i, c in enumerate(self.cards):
            by_rank.setdefault(c.rank, []).append(i)
            by_suit.setdefault(c.suit, []).append((c.rank, i))
        melds: list[int] = []
        for same in by_rank.values():
            for size in GROUP_SIZES:
                melds += [mask_of(group) for group in combinations(same, size)]
        for suited in by_suit.values():
            suited.sort()
            stretch: list[int] = []  # cards in a row, ranks without a gap
            for n, (rank, i) in enumerate(suited):
                if n and rank != suited[n - 1][0] + 1:
                    melds += _runs(stretch)
                    stretch = []
                stretch.append(i)
            melds += _runs(stretch)
        return melds

    def least(self, mask: int) -> tuple[int, int]:
        """The least deadwood of the cards of ``mask``, and the meld that holds their lowest
        card in an arrangement reaching it (0: that card is deadwood)."""
        found = self._least.get(mask)
        if found is not None:
            return found
        low = mask & -mask
        i = low.bit_length() - 1
        best = (self.least(mask ^ low)[0] + self.points[i], 0)
        for m in self.lowest[i]:
            if m & mask == m:
                dead = self.least(mask ^ m)[0]
                if dead < best[0]:
                    best = (dead, m)
        self._least[mask] = best
        return best

    def arrangement(self, mask: int) -> Arrangement:
        """One arrangement of the cards of ``mask`` with the least deadwood."""
        melds: list[GinMeld] = []
        unmatched: list[Card] = []
        while mask:
            _, chosen = self.least(mask)
            if chosen:
                melds.append(self.of(chosen))
                mask ^= chosen
            else:
                low = mask & -mask
                unmatched.append(self.cards[low.bit_length() - 1])
                mask ^= low
        return Arrangement(shown(melds), tuple(unmatched))

    def of(self, mask: int) -> GinMeld:
        """The cards of a mask, in display order."""
        return tuple(c for i, c in enumerate(self.cards) if mask >> i & 1)

    def layouts(self, limit: int) -> Iterator[tuple[list[int], int]]:
        """Every set of disjoint melds leaving at most ``limit`` points: (melds, deadwood mask)."""
        def walk(mask: int, budget: int, chosen: list[int], dead: int) -> Iterator[
                tuple[list[int], int]]:
            if not mask:
                yield list(chosen), dead
                return
            low = mask & -mask
            i = low.bit_length() - 1
            if self.points[i] <= budget:
                yield from walk(mask ^ low, budget - self.points[i], chosen, dead | low)
            for m in self.lowest[i]:
                if m & mask == m:
                    chosen.append(m)
                    yield from walk(mask ^ m, budget, chosen, dead)
                    chosen.pop()

        yield from walk(self.full, limit, [], 0)


def mask_of(indices: Sequence[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def _runs(stretch: Sequence[int]) -> list[int]:
    """Every run of 3 or more inside cards in a row."""
    return [mask_of(stretch[a:b]) for a in range(len(stretch))
            for b in range(a + LEAST, len(stretch) + 1)]


def shown(melds: Sequence[GinMeld]) -> tuple[GinMeld, ...]:
    """Melds in a steady order: from the lowest rank up, then by suit."""
    return tuple(sorted((in_order(m) for m in melds),
                        key=lambda m: (m[0].rank, card_key(m[0]))))


def possible_melds(cards: Sequence[Card]) -> list[GinMeld]:
    """Every Gin meld these cards can make (G3), overlapping ones included.

    >>> from ...cards import format_cards, parse_cards
    >>> [format_cards(m) for m in possible_melds(parse_cards("7C 7D 7H 8H 9H"))]
    ['7H 7D 7C', '7H 8H 9H']
    """
    hand = HandBits(cards)
    return [hand.of(m) for m in hand.melds]


def least_deadwood(cards: Sequence[Card]) -> Arrangement:
    """The least deadwood of a hand over every set of disjoint melds (G4), and one
    arrangement reaching it."""
    hand = HandBits(cards)
    return hand.arrangement(hand.full)


def layouts(cards: Sequence[Card], limit: int) -> Iterator[Arrangement]:
    """Every layout of these cards with deadwood <= ``limit``: each set of disjoint melds
    once. With ``limit`` the least deadwood, the layouts D(a) assumes when none is given.

    >>> from ...cards import parse_cards
    >>> hand = parse_cards("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D")  # E8: runs or groups
    >>> [a.table for a in layouts(hand, 1)]
    ['5S 5D 5C / 6S 6D 6C / 7S 7D 7C', '5S 6S 7S / 5D 6D 7D / 5C 6C 7C']
    """
    hand = HandBits(cards)
    for melds, dead in hand.layouts(limit):
        yield Arrangement(shown([hand.of(m) for m in melds]), hand.of(dead))


# --- layoffs (G9) -------------------------------------------------------------------------


def bit_indices(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]
