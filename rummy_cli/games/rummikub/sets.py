"""Rummikub's sets (K5-K7, K13): every legal reading of a group or run of tiles.

A joker needs no declaration: it stands for whatever makes its set legal, and a set's jokers
are read jointly. :func:`readings` lists every legal reading of a set, each naming the tiles
its jokers stand for; a set with none is illegal. ``JK=7R`` binds that joker to 7R.

>>> from rummy_cli.tiles import parse_tiles
>>> [str(r) for r in readings(parse_tiles("5R JK 7R"))]
['run 5R 6R 7R (JK=6R)']
>>> sorted(str(t) for t in joker_values(parse_tiles("5R 6R JK"))[0])
['4R', '7R']
>>> kind_of(readings(parse_tiles("7K JK JK"))), best_value(readings(parse_tiles("9R 10R JK")))
('either', 30)
>>> readings(parse_tiles("12R 13R 1R"))
()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from ...tiles import COLOURS, NUMBERS, AnyTile, Colour, Tile, TileJoker
from .rules import RUMMIKUB, RummikubRules

MIN_SET = 3  # K5


@dataclass(frozen=True)
class Reading:
    """One legal reading of a set: its kind, and the tile each joker stands for."""

    kind: str  # "group" or "run"
    tiles: tuple[Tile, ...]  # the whole set read, in order (a run low to high)
    jokers: tuple[Tile, ...]  # what each joker stands for, in the order the jokers come

    @property
    def value(self) -> int:
        """The set's worth in this reading: every number, a joker's by what it stands for."""
        return sum(t.number for t in self.tiles)

    @property
    def joker_value(self) -> int:
        """The part of :attr:`value` that the jokers give."""
        return sum(t.number for t in self.jokers)

    def __str__(self) -> str:
        shown = " ".join(map(str, self.tiles))
        if not self.jokers:
            return f"{self.kind} {shown}"
        return f"{self.kind} {shown} ({', '.join(f'JK={t}' for t in self.jokers)})"


def readings(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> tuple[Reading, ...]:
    """Every legal reading of ``tiles`` as one set: none if it is no set (K5-K7, K13).

    Undeclared jokers are alike, so each different way of filling the set is listed once,
    its tiles given to the undeclared jokers in the order they come.
    """
    if len(tiles) < MIN_SET:
        return ()
    real = [t for t in tiles if isinstance(t, Tile)]
    declared = [t.stands_for for t in tiles if isinstance(t, TileJoker) and t.stands_for]
    free = sum(1 for t in tiles if isinstance(t, TileJoker) and t.stands_for is None)
    fixed = real + declared
    found: list[Reading] = []
    for kind, whole in _candidates(fixed, len(tiles), rules):
        missing = Counter(whole)
        missing.subtract(Counter(fixed))
        if any(n < 0 for n in missing.values()):
            continue
        fills = sorted(missing.elements())
        if len(fills) != free:
            continue
        jokers = _joker_tiles(tiles, fills)
        found.append(Reading(kind, tuple(whole), jokers))
    return tuple(found)


def _joker_tiles(tiles: Sequence[AnyTile], fills: list[Tile]) -> tuple[Tile, ...]:
    rest = iter(fills)
    return tuple(t.stands_for if t.stands_for else next(rest)
                 for t in tiles if isinstance(t, TileJoker))


def _candidates(fixed: list[Tile], size: int,
                rules: RummikubRules) -> Iterator[tuple[str, list[Tile]]]:
    """Whole sets of ``size`` tiles that might contain ``fixed``: groups and runs."""
    numbers = {t.number for t in fixed}
    colours = {t.colour for t in fixed}
    if size <= len(COLOURS) and len(numbers) <= 1:
        for n in (numbers or set(NUMBERS)):
            seen = [t.colour for t in fixed]
            if len(set(seen)) != len(seen):
                break  # a colour twice: no group (K6)
            others = [c for c in COLOURS if c not in seen]
            for extra in combinations(others, size - len(seen)):
                yield "group", sorted(Tile(n, c) for c in (*seen, *extra))
    if len(colours) <= 1:
        for c in (colours or set(COLOURS)):
            for window in run_windows(size, rules.ones):
                yield "run", [Tile(n, c) for n in window]


def run_windows(size: int, ones: str) -> Iterator[tuple[int, ...]]:
    """The numbers of every run of ``size`` tiles, low to high (K7 with the ``ones`` rule).

    >>> list(run_windows(13, "low"))
    [(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)]
    >>> list(run_windows(3, "high"))[-1], list(run_windows(3, "wrap"))[-1]
    ((12, 13, 1), (13, 1, 2))
    >>> len(list(run_windows(14, "high"))), len(list(run_windows(15, "wrap")))
    (1, 0)
    """
    top = 13 if ones == "low" else 14  # 14: the 1 after 13
    if size > 14 or (size == 14 and ones == "low"):
        return
    if ones == "wrap" and size < 14:
        for start in NUMBERS:
            yield tuple((start - 1 + i) % 13 + 1 for i in range(size))
        return
    for start in range(1, top - size + 2):
        yield tuple(n if n <= 13 else 1 for n in range(start, start + size))


def is_legal(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> bool:
    """Whether ``tiles`` form a legal set."""
    return bool(readings(tiles, rules))


def kind_of(found: Sequence[Reading]) -> str | None:
    """'group', 'run', 'either' (jokers allow both) or None (no legal reading)."""
    kinds = {r.kind for r in found}
    if not kinds:
        return None
    return kinds.pop() if len(kinds) == 1 else "either"


def best_value(found: Sequence[Reading]) -> int | None:
    """The set's worth at its best reading (K9), None for an illegal set."""
    return max((r.value for r in found), default=None)


def joker_values(tiles: Sequence[AnyTile],
                 rules: RummikubRules = RUMMIKUB) -> list[frozenset[Tile]]:
    """For each joker of the set, in order, every tile it stands for in some legal reading.

    Undeclared jokers are alike, so they share one list (settled point 12).
    """
    found = readings(tiles, rules)
    positions = [i for i, t in enumerate(tiles) if isinstance(t, TileJoker)]
    values: list[set[Tile]] = [set() for _ in positions]
    for r in found:
        undeclared = {t for t, p in zip(r.jokers, positions, strict=True)
                      if not _declared(tiles[p])}
        for k, p in enumerate(positions):
            values[k].update({r.jokers[k]} if _declared(tiles[p]) else undeclared)
    return [frozenset(v) for v in values]


def _declared(tile: AnyTile) -> bool:
    return isinstance(tile, TileJoker) and tile.stands_for is not None


def forced(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> list[AnyTile]:
    """The set as shown: a joker with one possible tile as ``JK=6R``, the others as given."""
    values = iter(joker_values(tiles, rules))
    shown: list[AnyTile] = []
    for t in tiles:
        if isinstance(t, TileJoker):
            options = next(values)
            shown.append(TileJoker(next(iter(options))) if len(options) == 1 else t)
        else:
            shown.append(t)
    return shown


def colour_word(colour: Colour) -> str:
    """The colour as a player says it."""
    return colour.word
