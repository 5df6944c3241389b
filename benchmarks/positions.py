"""Reproducible random positions for the solver: a legal table and a hand, from two decks.

A position is made from one seed, so ``position(seed)`` is the same on every machine:
the table is 20-100 cards in legal melds (runs and groups), the hand 10-20 cards, and
0-2 jokers are dealt, each to the table (replacing a card of a meld, which goes back to
the stock and may reach the hand) or to the hand.

Run as a module to print a few::

    python -m benchmarks.positions --n 3 --seed 1
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from rummy_cli.cards import (
    AnyCard,
    Card,
    Joker,
    Meld,
    Suit,
    format_cards,
    format_table,
    parse_cards,
    parse_table,
)

DECKS = 2


@dataclass(frozen=True)
class Position:
    """One solver input: the table before the turn and the hand after drawing."""

    seed: int
    table: tuple[Meld, ...]
    hand: tuple[AnyCard, ...]

    @property
    def table_size(self) -> int:
        return sum(len(m) for m in self.table)

    @property
    def table_jokers(self) -> int:
        return sum(1 for m in self.table for c in m if isinstance(c, Joker))


def position(
    seed: int,
    table_cards: tuple[int, int] = (20, 100),
    hand_cards: tuple[int, int] = (10, 20),
    jokers: tuple[int, int] = (0, 2),
    ace_high: bool = True,
) -> Position:
    """The position of ``seed``: sizes drawn uniformly from the given (low, high) ranges.

    With ``ace_high=False`` no run of the table puts an ace after a king (for solvers of
    games where the ace is only low).
    """
    rng = random.Random(seed)
    stock: Counter[Card] = Counter({c: DECKS for c in _all_cards()})
    melds = _table(rng, stock, rng.randint(*table_cards), ace_high)
    hand: list[AnyCard] = []
    for _ in range(rng.randint(*jokers)):
        if melds and rng.random() < 0.5:
            _joker_into(rng, melds, stock)
        else:
            hand.append(Joker())
    pile = sorted(stock.elements(), key=lambda c: (c.suit.order, c.rank))
    rng.shuffle(pile)
    hand.extend(pile[: rng.randint(*hand_cards) - len(hand)])
    return Position(seed, tuple(tuple(m) for m in melds), tuple(hand))


def adversarial(seed: int, ace_high: bool = True, table_jokers: bool = True) -> Position:
    """A hard position: a dense table, a big hand (20-45 cards), and jokers.

    With ``ace_high=False`` no run of the table puts an ace after a king, and with
    ``table_jokers=False`` every joker goes to the hand: positions where the rules of
    Rummikub and ours agree (see ``benchmarks.bench_solver``).

    The hand is what a player holds after many turns without a meld (three draws a
    turn). A third of the time the table holds groups of small cards, both copies, and
    the hand aces and court cards of a few suits; a third of the time the hand is built
    around ranks in two suits only; the rest is drawn at random. Both jokers of the two
    decks are in play most of the time, each on the table (declared) or in the hand.
    """
    rng = random.Random(seed)
    stock: Counter[Card] = Counter({c: DECKS for c in _all_cards()})
    size = rng.randint(20, 45)
    hand: list[AnyCard] = []
    groups: list[list[AnyCard]] = []
    stuck = rng.random()
    if stuck < 1 / 3:  # like a game gone long: groups of small cards out, court cards held
        for rank in rng.sample(range(1, 11), rng.randint(3, 6)):
            for _ in range(rng.randint(1, 2)):
                group = [Card(rank, suit) for suit in Suit]
                if all(stock[c] for c in group):
                    stock.subtract(group)
                    groups.append(list(group))
        for rank in (1, 11, 12, 13):
            for suit in rng.sample(list(Suit), rng.randint(1, 3)):
                take = min(stock[Card(rank, suit)], rng.randint(1, 2), size - len(hand))
                hand.extend([Card(rank, suit)] * take)
                stock[Card(rank, suit)] -= take
    elif stuck < 2 / 3:  # held back from the table: it goes to the hand
        for rank in rng.sample(range(1, 14), rng.randint(4, 8)):
            for suit in rng.sample(list(Suit), 2):
                take = min(stock[Card(rank, suit)], rng.randint(1, 2), size - len(hand))
                hand.extend([Card(rank, suit)] * take)
                stock[Card(rank, suit)] -= take
    on_groups = sum(len(g) for g in groups)
    melds = groups + _table(rng, stock, max(0, rng.randint(30, 100) - on_groups), ace_high)
    jokers = rng.choice((0, 1, 2, 2, 2))
    on_table = rng.randint(0, jokers) if table_jokers else 0
    for _ in range(on_table):
        _joker_into(rng, melds, stock)
    hand.extend(Joker() for _ in range(jokers - on_table))
    pile = sorted(stock.elements(), key=lambda c: (c.suit.order, c.rank))
    rng.shuffle(pile)
    if groups:  # the rest of the hand from two suits of each rank, as far as they go
        two = {rank: set(rng.sample(list(Suit), 2)) for rank in range(1, 14)}
        pile.sort(key=lambda c: c.suit not in two[c.rank])
    hand.extend(pile[: max(0, size - len(hand))])
    return Position(seed, tuple(tuple(m) for m in melds), tuple(hand))


def named(table: str, hand: str) -> Position:
    """A position written out, as for ``rummy hint --table ... --hand ...``."""
    return Position(-1, parse_table(table), tuple(parse_cards(hand)))


# Positions that once took the solver seconds: a 30-card hand with both jokers, and a
# 45-card hand beside a table holding both jokers, declared.
HARD = (
    named("AS AH AD AC / 8S 8H 8D 8C / 3S 3H 3D 3C / 2S 2H 2D 2C / 3S 4S 5S 6S 7S 8S / "
          "2S 2H 2D 2C / 5S 5H 5D 5C / 9S 9H 9D 9C / 5D 6D 7D 8D 9D 10D / 4C 5C 6C 7C 8C 9C",
          "KC JK JH JS JS 4D 6H 4H 7C JH AD 5H KS QD QH 7H 6S AH 7S 4C KC AS 4S KS 3H JC QD "
          "4D 3C JK"),
    named("JK=5D 6D JK=7D / 5S 5H 5C / 7S 7H 7C 7D / 9H 10H JH QH KH / 2C 3C 4C 5C 6C / "
          "QS QH QD / AS 2S 3S 4S / 10C 10D 10S / KD KC KS",
          "6D JS 9C 7C 3D JS 2D 9H 9C 2H 8D QC 6H 8S QC JD 4D KD 3D 6H 2D 3C AS 4D KS 8S 8D "
          "10C JD 4C 2H 5H AH 5D AH 10H 2C AC QD JC AD 4H 6S 4H 7S"),
)


# The worst positions the hill-climb found (``python -m benchmarks.climb``): the solver
# goes through the most states on these. Each comment says how many it took when found.
CLIMBED: tuple[Position, ...] = (
    # climb seed 202 (300 steps on from the kept ones, 2026-12-03; seeds 200 and 201 found
    # nothing worse than the two below in 300 steps each): 55 on the table, 30 in hand,
    # 224,735 states, 0.82 s CPU: the worst found
    named("JD QD KD JK=AD / AH AD AS / 3D 3H 3C / KD KS KH / 9C 9D 9H 9S / 9H 9C 9D 9S / 10H 10D "
          "JK=10S / QH QS QC / AH AC AD / 3C 3D 3H 3S / JS QS KS / 2H 2S 2C / 4S 4H 4C / 5C 5S "
          "5D / 5D 5S 5H / JS JD JC / 10H 10C 10D",
          "10C KC 2S 4H 7S 6H 10S 2H QC 4S 4D 6H QD 2D 6D 7C KH 4C 3S 5H KC QH 7S AC JH 2D AS 2C "
          "7C 4D"),
    # climb seed 103 (300 steps on from the kept ones, against the solver with the bound by
    # open runs): 58 on the table, 30 in hand, 224,210 states, 0.87 s CPU
    named("JD QD KD JK=AD / AH AD AS / 3D 3H 3C / KD KS KH / 9C 9D 9H 9S / 9H 9C 9D 9S / 10H 10D "
          "JK=10S / QH QS QC / 8S 8D 8H / AH AC AD / 3C 3D 3H 3S / JS QS KS / 2H 2S 2C / 4S 4H "
          "4C / 5C 5S 5D / 6D 7D 8D / 5H 5D 5C / JD JH JS",
          "10S KC 4H 8H 4D 7S 2H 4S 4C 6H QD 2D 6D 7C 10C KH 2S 3S 7C KC AS 7S AC JH 2D 10C 2C "
          "QH 6H QC"),
    # climb seed 102 (the same): 52 on the table, 30 in hand, 212,938 states, 0.81 s CPU
    named("JC QC KC JK=AC / AD AH AS / 9S 9D 9C 9H / 10H 10D 10C / 3H 4H 5H / AS 2S 3S 4S / 6S 7S "
          "8S 9S 10S JS QS / 8D 9D 10D / 2D 2S 2C JK=2H / 4C 4D 4S / 2C 3C 4C 5C / AD 2D 3D / KC "
          "KS KD KH / 7H 7S 7C",
          "AC 3D 5C QD 5S 6H JS 2H 3H 4H 8C 9H 3C 8C 4D 3S AC 2H QC KH QD 5D 6D 5S 6S AH 7D 5D "
          "7C 5H"),
    # climb seed 72 (150 steps on from a position 400 steps on from seed 13's below):
    # 55 on the table, 30 in hand, 220,789 states, 0.85 s CPU (90,509 with the bound by
    # open runs)
    named("JD QD KD JK=AD / AH AD AS / 3D 3H 3C / KD KS KH / 9C 9D 9H 9S / 9H 9C 9D 9S / 10H 10D "
          "JK=10S / QH QS QC / AH AC AD / 3C 3D 3H 3S / JS QS KS / 2H 2S 2C / 4S 4H 4C / 5C 5S "
          "5D / 6D 7D 8D / 8S 8H 8D / 5D 5S 5H",
          "10S KC 2S 4H 7S 6H 10S 2H QC 4S 5C 6H QD 2D 6D 7C KH JC 3S 5H KC QH 7S AC JH 2D AS 2C "
          "7C 4D"),
    # climb seed 71 (150 steps on from a position 400 steps on from seed 1's below):
    # 58 on the table, 30 in hand, 209,347 states, 0.74 s CPU: the QD that frees
    # JK=QD in the hand
    named("KD KS KH / AC 2C 3C 4C 5C 6C / 5H 5D 5S 5C / 7S 7D 7C 7H / 9D 9S 9C / JK=QD KD AD / "
          "JK=8D 9D 10D / 2C 2H 2D / 3H 3S 3D 3C / 8D 8S 8H / 4S 4D 4C / AC AD AS / 6C 6S 6H / "
          "9C 10C JC QC / 6S 7S 8S / JH JC JS / 10S JS QS",
          "AH KH 3D 2H 4H 2S QD QC 2S 3H 3S 7H 5D 6D 2D 4S KC QD 5S JH AH 4H KS 10D KC 8H 6D 5H "
          "7D 4D"),
    # climb seed 70 (150 steps on from a fresh climb of 250 steps): 58 on the table,
    # 30 in hand, 175,116 states, 0.47 s CPU: JK=AC at the top of an ace-high run,
    # both ACs in the hand
    named("JC QC KC JK=AC / AD AH AS / 6D 7D 8D / 9S 9D 9C 9H / 10H 10D 10C / 3H 4H 5H / AS 2S "
          "3S 4S / 6S 7S 8S 9S 10S JS QS / 8D 9D 10D / 2D 2S 2C JK=2H / 4C 4D 4S / 2C 3C 4C 5C / "
          "AD 2D 3D / KC KS KD KH / 7H 7S 7C / 9C 10C JC",
          "AC 3D 5C QD 5S 6H JS 2H 3H 4H 8C 9H 3C 8C 5H 3S AC 2H QC KH QD 5D 6D 5S 6S AH 7D 5D "
          "7C 7H"),
    # climb seed 13: 55 on the table, 30 in hand, 273,625 states when found, 110,376 now;
    # the shape of the worst: JK=AD at the top of an ace-high run, the ADs that
    # free it in the hand
    named("JD QD KD JK=AD / JH JD JS / AH AD AS / 3D 3H 3C / KD KS KH / 9C 9D 9H 9S / "
          "9H 9C 9D 9S / 10H 10D JK=10S / QH QS QC / 8S 8D 8H / AH AC AD / 3C 3D 3H 3S / "
          "JS QS KS / 2H 2S 2C / 4S 4H 4C / 5C 5S 5D / 6D 7D 8D",
          "AD 10S KC JC 4H 7S 6H 10S 2H 10H 4S 5C 6H QD 2D 6D 7C 10C KH JC 3S 7C KC AS 7S AC "
          "JH 2D 10C 2C"),
    # climb seed 1: 48 on the table, 22 in hand, 164,428 states (35,169 now): both jokers
    # in the hand
    named("KD KS KH / AC 2C 3C 4C 5C 6C / 5H 5D 5S 5C / 7S 7D 7C 7H / 9D 9S 9C / QD KD AD / "
          "8D 9D 10D / 2C 2H 2D / 3H 3S 3D 3C / 10S 10H 10C / 6H 6D 6S / 8D 8S 8H / "
          "4S 4D 4C / AC AD AS",
          "JK AH QC QC 2H 4H 2S 7C 10C 2S 3H 3S 7H 9S 6D 3D 4S KC QD 5S JH JK"),
    # climb seed 12: 61 on the table, 33 in hand, 59,211 states (17,090 now)
    named("3S 3H 3D 3C / 3S 3H 3D 3C / 7S 7H 7D 7C / 7S 7H 7D 7C / AS AH AD AC / "
          "10S 10H 10D 10C / 4S 4H 4D 4C / 9H 10H JH / 8C 8D 8S / 2D 2H 2C / 9C 10C JC / "
          "9D 10D JD / 4D 5D 6D / 4S 5S 6S / 2H 2C 2S / 9S 10S JS / 6D 6S 6C / 5D 5C 5H",
          "AD AS JH QD QC QH KH KH KS KC KC JK 4H 2D 5C 5S 9H 6H 2S AH 8D 5H 6H 8C 8H 9S QC "
          "4C JS QD AC 9D JK"),
)


def near_hard(seed: int) -> Position:
    """A position near the first of :data:`HARD`: its table, its hand with some cards
    swapped for others of the stock, and cards drawn or let go to make 20-45."""
    rng = random.Random(seed)
    base = HARD[0]
    stock: Counter[Card] = Counter({c: DECKS for c in _all_cards()})
    stock.subtract(c for m in base.table for c in m if isinstance(c, Card))
    hand = list(base.hand)
    rng.shuffle(hand)
    size = rng.randint(20, 45)
    del hand[max(0, len(hand) - rng.randint(0, 10)):]
    hand = hand[:size]
    stock.subtract(c for c in hand if isinstance(c, Card))
    pile = sorted(stock.elements(), key=lambda c: (c.suit.order, c.rank))
    rng.shuffle(pile)
    hand.extend(pile[: max(0, size - len(hand))])
    return Position(seed, base.table, tuple(hand))


def positions(n: int, seed: int = 0, **kwargs: object) -> Iterator[Position]:
    """``n`` positions with consecutive seeds from ``seed``."""
    for i in range(n):
        yield position(seed + i, **kwargs)  # type: ignore[arg-type]


def _all_cards() -> list[Card]:
    return [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


def _table(
    rng: random.Random, stock: Counter[Card], size: int, ace_high: bool
) -> list[list[AnyCard]]:
    """Random legal melds from the stock until the table holds at least ``size`` cards."""
    melds: list[list[AnyCard]] = []
    placed = 0
    tries = 0
    while placed < size and tries < 10_000:
        tries += 1
        meld = _run(rng, ace_high) if rng.random() < 0.6 else _group(rng)
        need = Counter(meld)
        if any(stock[c] < n for c, n in need.items()):
            continue
        stock.subtract(need)
        melds.append(list(meld))
        placed += len(meld)
    return melds


def _run(rng: random.Random, ace_high: bool) -> list[Card]:
    suit = rng.choice(list(Suit))
    length = rng.choice((3, 3, 3, 4, 4, 5, 6, 7))
    top = 14 if ace_high else 13
    start = rng.randint(1, top - length + 1)
    return [Card(1 if r == 14 else r, suit) for r in range(start, start + length)]


def _group(rng: random.Random) -> list[Card]:
    rank = rng.randint(1, 13)
    suits = rng.sample(list(Suit), rng.choice((3, 3, 4)))
    return [Card(rank, s) for s in suits]


def _joker_into(rng: random.Random, melds: list[list[AnyCard]], stock: Counter[Card]) -> None:
    """A joker takes the place of a real card of the table, declared as that card."""
    meld = rng.choice(melds)
    spots = [i for i, c in enumerate(meld) if isinstance(c, Card)]
    if len(spots) < 2:  # keep at least one real card per meld
        return
    i = rng.choice(spots)
    card = meld[i]
    assert isinstance(card, Card)
    meld[i] = Joker(card)
    stock[card] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=5, help="how many positions")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    for p in positions(args.n, args.seed):
        print(f"seed {p.seed}: {p.table_size} cards on the table, {len(p.hand)} in hand")
        print(f"  --table '{format_table(p.table)}'")
        print(f"  --hand '{format_cards(p.hand)}'")


if __name__ == "__main__":
    main()
