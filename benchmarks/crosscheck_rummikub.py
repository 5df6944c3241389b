"""Does our solver play as many cards as rummikub-solver, wherever the two rule sets agree?

    python -m benchmarks.crosscheck_rummikub            # 500 positions
    python -m benchmarks.crosscheck_rummikub --n 50

rummikub-solver (PyPI) is an integer program over every possible set; ours is a search.
Their rules and ours agree when the ace is only low (ours set to ``ace_high=False``) and
no joker is on the table (a table joker is always free in Rummikub, while here it keeps
its declaration, R14): on such positions both must play the same number of cards. Jokers
in the hand are in play. Skipped, with a message, when rummikub-solver is not installed:
it is not a dependency of ours, install it in a separate virtual environment.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from benchmarks.bench_solver import ACE_LOW, ours, rummikub_backends
from benchmarks.positions import Position, positions
from rummy_cli.cards import format_cards, format_table


def agreeing(n: int, seed: int) -> Iterator[Position]:
    """``n`` positions without a table joker, ace low: half typical, half larger hands."""
    found = 0
    i = seed
    while found < n:
        hands = (7, 20) if found % 2 == 0 else (20, 30)
        p = next(positions(1, i, ace_high=False, hand_cards=hands))
        i += 1
        if p.table_jokers == 0:
            found += 1
            yield p


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500, help="positions to compare")
    parser.add_argument("--seed", type=int, default=500_000, help="the first seed")
    args = parser.parse_args()
    backends = rummikub_backends()
    if not backends:
        print("skipped: rummikub-solver is not installed (pip install rummikub-solver, "
              "in a separate virtual environment)")
        return 0
    name, theirs = backends[0]
    mine = ours(ACE_LOW)
    differ = 0
    jokers = 0
    for p in agreeing(args.n, args.seed):
        jokers += any(str(c) == "JK" for c in p.hand)
        a, b = mine(p), theirs(p)
        if a != b:
            differ += 1
            print(f"seed {p.seed}: ours {a}, theirs ({name}) {b}")
            print(f"  --table '{format_table(p.table)}' --hand '{format_cards(p.hand)}'")
    print(f"{args.n - differ} of {args.n} positions the same number of cards "
          f"({jokers} with a joker in the hand), against rummikub-solver with {name}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
