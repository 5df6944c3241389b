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

from rummy_cli.cards import AnyCard, Card, Joker, Meld, Suit, format_cards, format_table

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
