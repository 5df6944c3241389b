"""The defender's layoffs (G9): the knocker's melds the defender's cards may extend, and the
reply that leaves the least deadwood.

>>> from ...cards import parse_cards
>>> r = best_layoffs([tuple(parse_cards("5S 6S 7S"))], parse_cards("3S 4S AD 8C 6H 7H 8H"))
>>> [str(x.card) for x in r.layoffs], r.deadwood  # 4S on 5S, then 3S on 4S (a chain)
(['4S', '3S'], 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card
from .deadwood import (
    Arrangement,
    GinMeld,
    HandBits,
    bit_indices,
    in_order,
    mask_of,
    meld_kind,
    total,
)


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
        self.hand = HandBits(cards)
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

    def __init__(self, targets: Targets, hand: HandBits) -> None:
        self.targets = targets
        self.hand = hand
        cards = hand.cards
        self.fourth = mask_of([i for i, c in enumerate(cards) if c in targets.fourth])
        self.anchor = mask_of([i for i, c in enumerate(cards) if targets.ends(c) is not None])
        # neighbours[i]: the defender's cards one rank from card i in its suit (chain links)
        index = {c: i for i, c in enumerate(cards)}
        self.neighbours = [
            mask_of([index[n] for r in (c.rank - 1, c.rank + 1) if 1 <= r <= 13
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
        for start in bit_indices(laid & self.anchor):  # each chain in turn, from the run outwards
            if start in placed:
                continue
            meld = self.targets.ends(cards[start])
            assert meld is not None
            chain = [start]
            placed.add(start)
            for i in chain:  # grows while it is read
                for j in bit_indices(self.neighbours[i] & chained):
                    if j not in placed:
                        placed.add(j)
                        chain.append(j)
            queue += [(i, meld) for i in chain]
        out = [Layoff(cards[i], meld) for i, meld in queue]
        out += [Layoff(cards[i], self.targets.fourth[cards[i]])
                for i in bit_indices(laid & ~chained)]
        return tuple(out)
