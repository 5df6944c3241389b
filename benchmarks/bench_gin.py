"""Time the Gin searches in-process: the least deadwood of a hand and `check knock`.

Prints figures; asserts nothing. Hands are dealt at random from a seed: uniform deals, and
"dense" deals from 6 neighbouring ranks (many overlapping melds: the hard case), plus a few
chosen worst cases (a 10-card run, whose layouts are many). If OpenSpiel is importable
(`pyspiel`, PyPI `open-spiel`, not a dependency of rummy), the least deadwood is compared
with `pyspiel.gin_rummy.GinRummyUtils.min_deadwood` on random hands of 1-10 cards (it
discards a card from an 11-card hand, so 11 cards are not compared).

Run: python benchmarks/bench_gin.py [--hands N] [--knocks N] [--seed N]
OpenSpiel in a venv of its own: PYTHONPATH=. /path/to/that/venv/bin/python benchmarks/bench_gin.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummy_cli.cards import ALL_CARDS, Card, Suit, parse_cards
from rummy_cli.games.gin.deadwood import layouts, least_deadwood
from rummy_cli.games.gin.rules import GIN
from rummy_cli.games.gin.showdown import check_knock


def deal(rnd: random.Random, size: int, dense: bool) -> list[Card]:
    if dense:
        low = rnd.randint(1, 8)
        deck = [c for c in ALL_CARDS if low <= c.rank <= low + 5]
    else:
        deck = list(ALL_CARDS)
    return rnd.sample(deck, size)


def timed(work: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = work(*args)
    return (time.perf_counter() - start) * 1000, result


def report(label: str, times: Sequence[float]) -> None:
    print(f"  {label:<38} n={len(times):<5} median {statistics.median(times):7.3f} ms   "
          f"max {max(times):7.3f} ms")


def bench_least(rnd: random.Random, hands: int) -> None:
    print("least deadwood (rummy deadwood):")
    for size, dense in ((10, False), (10, True), (11, False), (11, True)):
        dealt = [deal(rnd, size, dense) for _ in range(hands)]
        times = [timed(least_deadwood, hand)[0] for hand in dealt]
        report(f"{size} cards, {'dense' if dense else 'uniform'}", times)


def knocks(rnd: random.Random, count: int, dense: bool) -> list[tuple[list[Card], list[Card]]]:
    """Deals in which the knocker may knock (least deadwood <= 10)."""
    found: list[tuple[list[Card], list[Card]]] = []
    while len(found) < count:
        cards = deal(rnd, 20, dense) if dense else rnd.sample(list(ALL_CARDS), 20)
        if least_deadwood(cards[:10]).deadwood <= 10:
            found.append((cards[:10], cards[10:]))
    return found


WORST = [  # (knocker, defender): many layouts, many cards to lay off
    ("AS 2S 3S 4S 5S 6S 7S 8S AH 2H", "9S 10S JS 3H 4H 5H AD 2D 3D AC"),
    ("AS 2S 3S 4S 5S AH 2H 3H 4H 5H", "6S 7S 8S 6H 7H 8H AD 2D 3D AC"),
    ("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D", "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H"),  # E8
    ("2S 3S 4S 2H 3H 4H 2D 3D 4D AC", "AS 5S AH 5H AD 5D 2C 3C 4C 5C"),
]


def bench_knock(rnd: random.Random, count: int) -> None:
    print("check knock (no layout given: each layout of the least deadwood, the defender's "
          "best reply):")
    for dense in (False, True):
        times, most = [], 0
        for knocker, defender in knocks(rnd, count, dense):
            t, _ = timed(check_knock, GIN, knocker, defender)
            times.append(t)
            most = max(most, least_layouts(knocker))
        report(f"legal knocks, {'dense' if dense else 'uniform'} deals", times)
        print(f"  {'':<38} most least-deadwood layouts in one hand: {most}")
    for knocker_text, defender_text in WORST:
        knocker, defender = parse_cards(knocker_text), parse_cards(defender_text)
        assert all(isinstance(c, Card) for c in knocker + defender)
        k = [c for c in knocker if isinstance(c, Card)]
        d = [c for c in defender if isinstance(c, Card)]
        times = [timed(check_knock, GIN, k, d)[0] for _ in range(20)]
        report(f"{knocker_text[:20]}... ({least_layouts(k)} layouts)", times)


def least_layouts(knocker: Sequence[Card]) -> int:
    """How many layouts leave the least deadwood: those D(a) answers when none is given."""
    return sum(1 for _ in layouts(knocker, least_deadwood(knocker).deadwood))


def compare_openspiel(rnd: random.Random, hands: int) -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel: not importable here (pip install open-spiel, in a venv of its own); "
              "comparison skipped")
        return
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    suits = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}  # its "scdh"
    agree, ours, theirs = 0, [], []
    disagreements: list[str] = []
    for n in range(hands):
        hand = deal(rnd, rnd.randint(1, 10), dense=n % 2 == 1)
        ints = [suits[c.suit] * 13 + c.rank - 1 for c in hand]
        t1, mine = timed(least_deadwood, hand)
        t2, other = timed(utils.min_deadwood, ints)
        mine = mine.deadwood
        ours.append(t1)
        theirs.append(t2)
        if mine == other:
            agree += 1
        elif len(disagreements) < 5:
            disagreements.append(f"{' '.join(map(str, hand))}: rummy {mine}, OpenSpiel {other}")
    print(f"OpenSpiel {getattr(pyspiel, '__version__', '')}: least deadwood agrees on "
          f"{agree}/{hands} random hands of 1-10 cards (half of them dense)")
    report("rummy least_deadwood", ours)
    report("OpenSpiel GinRummyUtils.min_deadwood", theirs)
    for line in disagreements:
        print("  differs:", line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--knocks", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1959)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    bench_least(rnd, args.hands)
    bench_knock(rnd, args.knocks)
    compare_openspiel(rnd, args.hands)


if __name__ == "__main__":
    main()
