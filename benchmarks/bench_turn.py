"""Time `check turn` on a full two-deck table, in-process. Prints figures; asserts nothing.

The table holds 96 cards in 32 melds (each suit's A-Q twice, in runs of three, two of them
with a declared joker); the player extends a run with a king.
Run: python benchmarks/bench_turn.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from rummy_cli.cards import Card, Joker, Suit
from rummy_cli.games.manipulation.turn import judge_turn
from rummy_cli.melds import _analyze


def position() -> tuple[list[tuple[Card | Joker, ...]], list[Card | Joker],
                        list[tuple[Card | Joker, ...]]]:
    before: list[tuple[Card | Joker, ...]] = []
    for suit in Suit:
        for _ in range(2):  # two decks: each suit's A-Q twice, in runs of three
            before += [tuple(Card(r, suit) for r in range(a, a + 3)) for a in (1, 4, 7, 10)]
    before[3] = (Card(10, Suit.SPADES), Card(11, Suit.SPADES), Joker(Card(12, Suit.SPADES)))
    before[9] = (Card(4, Suit.HEARTS), Joker(Card(5, Suit.HEARTS)), Card(6, Suit.HEARTS))
    hand: list[Card | Joker] = [Card(13, s) for s in Suit] + [Card(12, Suit.SPADES)]
    after = list(before)
    after[3] = before[3] + (Card(13, Suit.SPADES),)  # KS extends 10S JS JK=QS
    return before, hand, after


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    before, hand, after = position()
    cards = sum(len(m) for m in after)
    verdict = judge_turn(before, hand, after, decks=2)
    times = []
    for _ in range(args.repeat):
        _analyze.cache_clear()  # time a cold check, as one `rummy check turn` would run it
        start = time.perf_counter()
        judge_turn(before, hand, after, decks=2)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"check turn: {cards} cards in {len(after)} melds, legal={verdict.legal}")
    print(f"in-process: median {statistics.median(times):.2f} ms, "
          f"p99 {times[int(len(times) * 0.99) - 1]:.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
