"""Exact searches of the Gin family: its melds, the least deadwood of a hand, the layoffs.

Gin melds (G3): a group is 3 or 4 cards of one rank, a run 3 or more cards of one suit in a
row, the ace low only (A-2-3, never Q-K-A). Deadwood (G2, G4) is what the cards in no meld
are worth: ace 1, 2-10 their value, J Q K 10. No jokers here: the Gin games have none.

Every search is exact: a hand is at most 11 cards, so a search over the melds that hold the
lowest card left, memoised on the cards left (at most 2**11 states), is complete and fast.

>>> from ...cards import parse_cards
>>> a = least_deadwood(parse_cards("7C 7D 7H 8H 9H"))  # G4: the run, not the group
>>> a.deadwood, a.table, [str(c) for c in a.unmatched]
(14, '7H 8H 9H', ['7D', '7C'])
>>> r = best_layoffs([tuple(parse_cards("5S 6S 7S"))], parse_cards("3S 4S AD 8C 6H 7H 8H"))
>>> [str(x.card) for x in r.layoffs], r.deadwood  # 4S on 5S, then 3S on 4S (a chain)
(['4S', '3S'], 9)
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


class _Hand:
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
                melds += [_mask(group) for group in combinations(same, size)]
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


def _mask(indices: Sequence[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def _runs(stretch: Sequence[int]) -> list[int]:
    """Every run of 3 or more inside cards in a row."""
    return [_mask(stretch[a:b]) for a in range(len(stretch))
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
    hand = _Hand(cards)
    return [hand.of(m) for m in hand.melds]


def least_deadwood(cards: Sequence[Card]) -> Arrangement:
    """The least deadwood of a hand over every set of disjoint melds (G4), and one
    arrangement reaching it."""
    hand = _Hand(cards)
    return hand.arrangement(hand.full)


def layouts(cards: Sequence[Card], limit: int) -> Iterator[Arrangement]:
    """Every layout of these cards with deadwood <= ``limit``: each set of disjoint melds
    once. With ``limit`` the least deadwood, the layouts D(a) assumes when none is given.

    >>> from ...cards import parse_cards
    >>> hand = parse_cards("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D")  # E8: runs or groups
    >>> [a.table for a in layouts(hand, 1)]
    ['5S 5D 5C / 6S 6D 6C / 7S 7D 7C', '5S 6S 7S / 5D 6D 7D / 5C 6C 7C']
    """
    hand = _Hand(cards)
    for melds, dead in hand.layouts(limit):
        yield Arrangement(shown([hand.of(m) for m in melds]), hand.of(dead))


# --- layoffs (G9) -------------------------------------------------------------------------

@dataclass(frozen=True)
class Layoff:
    """One card the defender lays off, and the knocker's meld it goes on."""

    card: Card
    meld: GinMeld


@dataclass(frozen=True)
class Reply:
    """The defender's answer to a knock: cards laid off, own melds, and what is left."""

    layoffs: tuple[Layoff, ...]
    melds: tuple[GinMeld, ...]
    unmatched: tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        """The defender's deadwood after the layoffs (G10's D)."""
        return total(self.unmatched)

    @property
    def laid_off(self) -> tuple[Card, ...]:
        """The cards laid off, in an order they can be laid."""
        return tuple(x.card for x in self.layoffs)


class Targets:
    """Where a knocker's melds take cards (G9): the 4th card of each 3-card group, and the
    next card at either end of each run, and on from a card laid off there (chains)."""

    def __init__(self, melds: Sequence[Sequence[Card]]) -> None:
        self.fourth: dict[Card, GinMeld] = {}
        self.run_of: dict[Card, GinMeld] = {}  # every card of a knocker's run
        for meld in melds:
            ordered = in_order(meld)
            kind = meld_kind(ordered)
            if kind == "group" and len(ordered) == 3:
                suits = {c.suit for c in ordered}
                missing = next(s for s in type(ordered[0].suit) if s not in suits)
                self.fourth[Card(ordered[0].rank, missing)] = ordered
            elif kind == "run":
                for c in ordered:
                    self.run_of[c] = ordered

    def ends(self, card: Card) -> GinMeld | None:
        """The knocker's run this card is next to, if any."""
        for rank in (card.rank - 1, card.rank + 1):
            if 1 <= rank <= 13:
                meld = self.run_of.get(Card(rank, card.suit))
                if meld is not None:
                    return meld
        return None


def best_layoffs(knocker_melds: Sequence[Sequence[Card]], defender: Sequence[Card]) -> Reply:
    """The defender's best reply (G9, D(b)): the least deadwood over every set of cards
    that can be laid off on the knocker's melds, the rest melded among themselves.

    A card goes on one knocker meld; a chain may build on any card laid off before; the
    defender may break an own meld to lay off (E6). Ties: the fewest cards laid off.
    """
    return Defender(defender).reply(knocker_melds)


class Defender:
    """A defender's hand facing knocks: replies to many knocker layouts share one search.

    Two layouts that offer the defender's cards the same places (the same 4th cards, the
    same cards next to a run) get the same reply, found once.
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self.hand = _Hand(cards)
        self._found: dict[tuple[int, int], int] = {}

    @property
    def alone(self) -> Arrangement:
        """The defender's least deadwood with nothing laid off (against gin)."""
        return self.hand.arrangement(self.hand.full)

    def deadwood(self, knocker_melds: Sequence[Sequence[Card]]) -> int:
        """The defender's least deadwood after laying off on these melds."""
        replier = _Replier(Targets(knocker_melds), self.hand)
        return self.hand.least(self.hand.full ^ self._laid(replier))[0]

    def reply(self, knocker_melds: Sequence[Sequence[Card]]) -> Reply:
        """The defender's best reply to these melds (see :func:`best_layoffs`)."""
        replier = _Replier(Targets(knocker_melds), self.hand)
        laid = self._laid(replier)
        rest = self.hand.arrangement(self.hand.full ^ laid)
        return Reply(replier.order(laid), rest.melds, rest.unmatched)

    def _laid(self, replier: _Replier) -> int:
        key = (replier.fourth, replier.anchor)
        if key not in self._found:
            self._found[key] = replier.best()
        return self._found[key]


class _Replier:
    """One defender's hand against one knocker's layout, as bits: the cards that are a
    group's 4th card, the cards next to a run (anchors), and the links of chains."""

    def __init__(self, targets: Targets, hand: _Hand) -> None:
        self.targets = targets
        self.hand = hand
        cards = hand.cards
        self.fourth = _mask([i for i, c in enumerate(cards) if c in targets.fourth])
        self.anchor = _mask([i for i, c in enumerate(cards) if targets.ends(c) is not None])
        # neighbours[i]: the defender's cards one rank from card i in its suit (chain links)
        index = {c: i for i, c in enumerate(cards)}
        self.neighbours = [
            _mask([index[n] for r in (c.rank - 1, c.rank + 1) if 1 <= r <= 13
                   and (n := Card(r, c.suit)) in index]) for c in cards]

    def chained(self, laid: int) -> int:
        """The cards of ``laid`` that reach a knocker's run through cards of ``laid``."""
        reached = frontier = laid & self.anchor
        while frontier:
            grow = 0
            f = frontier
            while f:
                low = f & -f
                grow |= self.neighbours[low.bit_length() - 1]
                f ^= low
            frontier = grow & laid & ~reached
            reached |= frontier
        return reached

    def best(self) -> int:
        """The cards to lay off (a mask) for the least deadwood; ties: the fewest."""
        hand = self.hand
        candidates = self.fourth | self.chained(hand.full)
        best = (hand.least(hand.full)[0], 0, 0)  # (deadwood, cards laid off, laid mask)
        laid = candidates
        while laid:  # every non-empty subset of the candidates
            if not laid & ~self.fourth & ~self.chained(laid):  # each card has a place
                dead = hand.least(hand.full ^ laid)[0]
                if (dead, laid.bit_count()) < best[:2]:
                    best = (dead, laid.bit_count(), laid)
            laid = (laid - 1) & candidates
        return best[2]

    def order(self, laid: int) -> tuple[Layoff, ...]:
        """The layoffs in an order they can be made, each with the meld it goes on."""
        cards = self.hand.cards
        chained = self.chained(laid)
        queue: list[tuple[int, GinMeld]] = []
        placed: set[int] = set()
        for start in _bits(laid & self.anchor):  # each chain in turn, from the run outwards
            if start in placed:
                continue
            meld = self.targets.ends(cards[start])
            assert meld is not None
            chain = [start]
            placed.add(start)
            for i in chain:  # grows while it is read
                for j in _bits(self.neighbours[i] & chained):
                    if j not in placed:
                        placed.add(j)
                        chain.append(j)
            queue += [(i, meld) for i in chain]
        out = [Layoff(cards[i], meld) for i, meld in queue]
        out += [Layoff(cards[i], self.targets.fourth[cards[i]]) for i in _bits(laid & ~chained)]
        return tuple(out)


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]
