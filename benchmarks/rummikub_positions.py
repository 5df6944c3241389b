"""Reproducible Rummikub positions: the card positions of :mod:`benchmarks.positions`, as
tiles (spades black, clubs blue, diamonds orange, hearts red; the ace is the 1).

Only positions with the ace low are drawn (a run never puts 1 after 13), as Rummikub's
book rules. A position keeps its seed, so one can be named and run again::

    python -m benchmarks.rummikub_positions --seed 7
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass

from benchmarks.positions import Position, adversarial, position
from rummy_cli.cards import AnyCard, Card, Suit
from rummy_cli.tiles import AnyTile, Colour, Tile, TileJoker, format_tile_table, format_tiles

COLOUR = {Suit.SPADES: Colour.BLACK, Suit.CLUBS: Colour.BLUE, Suit.DIAMONDS: Colour.ORANGE,
          Suit.HEARTS: Colour.RED}


@dataclass(frozen=True)
class TilePosition:
    """A table of legal sets and a rack."""

    seed: int
    table: tuple[tuple[AnyTile, ...], ...]
    rack: tuple[AnyTile, ...]

    @property
    def table_size(self) -> int:
        return sum(len(s) for s in self.table)

    @property
    def table_jokers(self) -> int:
        return sum(isinstance(t, TileJoker) for s in self.table for t in s)

    @property
    def rack_jokers(self) -> int:
        return sum(isinstance(t, TileJoker) for t in self.rack)

    def args(self) -> list[str]:
        """``rummy hint`` options for this position."""
        return ["--table", format_tile_table(self.table), "--hand", format_tiles(self.rack)]


def tile(card: AnyCard) -> AnyTile:
    if isinstance(card, Card):
        return Tile(card.rank, COLOUR[card.suit])
    return TileJoker()  # a joker needs no declaration in Rummikub


def as_tiles(p: Position) -> TilePosition:
    return TilePosition(p.seed, tuple(tuple(tile(c) for c in m) for m in p.table),
                        tuple(tile(c) for c in p.hand))


def cell(rack: int, table: int, n: int, jokers: tuple[int, int] = (0, 2)
         ) -> Iterator[TilePosition]:
    """``n`` positions of a rack and table size, every joker on the rack (the table's
    jokers are where rummikub-solver's model differs from the rules: settled point 5)."""
    seed = rack * 1000 + table * 100_000 + jokers[0] * 7
    found = 0
    for _ in range(200 * n):  # a table that overshoots may leave too few tiles for a rack
        p = as_tiles(position(seed, table_cards=(table, table), hand_cards=(rack, rack),
                              jokers=jokers, ace_high=False))
        seed += 1
        if p.table_jokers == 0 and len(p.rack) == rack and p.rack_jokers >= jokers[0]:
            found += 1
            yield p
            if found == n:
                return


def hard(n: int, seed: int) -> Iterator[TilePosition]:
    """Adversarial positions (dense tables, racks of 20-45, jokers on the rack)."""
    for i in range(n):
        yield as_tiles(adversarial(seed + i, ace_high=False, table_jokers=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rack", type=int, default=14)
    parser.add_argument("--table", type=int, default=40)
    args = parser.parse_args()
    p = next(cell(args.rack, args.table, 1))
    print(" ".join(f"'{a}'" if " " in a else a for a in ["rummy", "hint", *p.args(),
                                                          "--game", "rummikub"]))


if __name__ == "__main__":
    main()
