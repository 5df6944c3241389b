"""Groups and runs, once for cards and tiles: the shape of a meld, with what differs as data.

Every game of the family melds the same two shapes: a group (one rank, no suit twice, at
most one of each suit) and a run (one suit, ranks in a row). What differs between the games
is data, held by a :class:`Shape`: the suits (cards) or colours (tiles), the least and the
greatest size of a group, and the ``ones`` rule of the 1 (the ace) next to the 13 (the
king): ``low`` (A-2-3 only; Gin, Rummikub's book), ``high`` (Q-K-A too, never K-A-2;
Manipulation Rummy, Rummikub ``ones=high``) or ``wrap`` (round the corner, K-A-2).

The engine knows neither cards nor tiles: a meld's items come in as ``(rank, suit)`` pairs
and whole sets go out made by the caller's ``make(rank, suit)``. The verdicts in words, with
their rule ids, stay with each game (``rummy_cli.melds`` for cards, ``games.rummikub.sets``
for tiles, ``games.gin.deadwood`` for Gin's joker-free melds): they judge with this engine.

>>> CARDS = Shape(suits=("S", "H", "D", "C"), ones="high")
>>> list(run_positions(3, "high"))[-1], list(run_windows(3, "high"))[-1]
((12, 13, 14), (12, 13, 1))
>>> plain_kind([(12, "S"), (13, "S"), (1, "S")], CARDS), plain_kind([(7, "S"), (7, "H")], CARDS)
('run', None)
>>> [(k, w) for k, w, _ in fillings([(5, "S"), (7, "S")], 1, 3, CARDS, lambda r, s: r + 0)]
[('run', [5, 6, 7])]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, Literal, TypeVar

Kind = Literal["group", "run"]
T = TypeVar("T", bound=Hashable)
Item = TypeVar("Item", bound=Hashable)  # an item the caller makes: a card or a tile
RANKS = range(1, 14)  # 1 (ace) to 13 (king) for cards and tiles alike


@dataclass(frozen=True)
class Violation:
    """One broken rule: a stable code, the rule id, and a sentence for the table.

    A meld's or a set's problems and a turn's violations are all of this kind (codes: the
    README's list).
    """

    code: str
    rule: str
    message: str


@dataclass(frozen=True)
class Shape(Generic[T]):
    """What a game's groups and runs may be: the data the engine judges with."""

    suits: tuple[T, ...]  # the suits or colours, in the order a group is filled
    ones: str = "low"  # where the 1 may stand beside the 13 (see the module's words)
    min_size: int = 3  # the least meld
    max_group: int = 4  # the greatest group (at most one of each suit)

    @property
    def longest_run(self) -> int:
        """13 ranks, or 14 when the 1 may also follow the 13 (A-2-...-K-A)."""
        return longest_run(self.ones)


def longest_run(ones: str) -> int:
    """The longest run under the ``ones`` rule: 13 (1 to 13), or 14 with the 1 after 13 too."""
    return 13 if ones == "low" else 14


def run_positions(size: int, ones: str) -> Iterator[tuple[int, ...]]:
    """The positions of every run of ``size``, low to high: 1-13, 14 for the 1 after the 13,
    and on past 14 for a run that goes round (``wrap``; position p is rank (p - 1) % 13 + 1).

    >>> list(run_positions(13, "low"))
    [(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)]
    >>> len(list(run_positions(14, "high"))), len(list(run_positions(15, "wrap")))
    (1, 0)
    >>> list(run_positions(3, "wrap"))[-1]
    (13, 14, 15)
    """
    if size > 14 or (size == 14 and ones == "low"):
        return
    if ones == "wrap":  # every rank alike: fourteen go round from any rank
        for start in RANKS:
            yield tuple(range(start, start + size))
        return
    top = 13 if ones == "low" else 14
    for start in range(1, top - size + 2):
        yield tuple(range(start, start + size))


def runs_holding(positions: Sequence[int], size: int, ones: str) -> Iterator[range]:
    """The positions of every run of ``size`` that holds all ``positions``, low to high.

    >>> [tuple(r) for r in runs_holding([12, 13], 3, "high")]
    [(11, 12, 13), (12, 13, 14)]
    """
    if ones == "wrap":
        for window in run_positions(size, ones):
            if set(window).issuperset(positions):
                yield range(window[0], window[0] + size)
        return
    top = longest_run(ones)
    if size > top:
        return
    lo = max(1, (max(positions) if positions else 1) - size + 1)
    hi = min(min(positions) if positions else top, top - size + 1)
    for start in range(lo, hi + 1):
        yield range(start, start + size)


def run_windows(size: int, ones: str) -> Iterator[tuple[int, ...]]:
    """The ranks of every run of ``size``, low to high (the 1 after the 13 as 1)."""
    for window in run_positions(size, ones):
        yield tuple((p - 1) % 13 + 1 for p in window)


def missing_suits(seen: Sequence[T], shape: Shape[T]) -> list[T]:
    """The suits a group holding ``seen`` lacks, in the shape's order."""
    return [s for s in shape.suits if s not in seen]


def candidates(fixed: Sequence[tuple[int, T]], size: int, shape: Shape[T],
               make: Callable[[int, T], Item]) -> Iterator[tuple[Kind, list[Item]]]:
    """Whole melds of ``size`` that might hold ``fixed`` (``(rank, suit)`` pairs): groups
    and runs, each made item by item with ``make(rank, suit)``, a group in sorted order."""
    ranks = {r for r, _ in fixed}
    suits = {s for _, s in fixed}
    if size <= min(len(shape.suits), shape.max_group) and len(ranks) <= 1:
        for n in (ranks or set(RANKS)):
            seen = [s for _, s in fixed]
            if len(set(seen)) != len(seen):
                break  # a suit twice: no group
            others = missing_suits(seen, shape)
            for extra in combinations(others, size - len(seen)):
                yield "group", sorted(make(n, s) for s in (*seen, *extra))  # type: ignore[type-var]
    if len(suits) <= 1:
        for s in (suits or set(shape.suits)):
            for window in run_windows(size, shape.ones):
                yield "run", [make(n, s) for n in window]


def fillings(fixed: Sequence[tuple[int, T]], free: int, size: int, shape: Shape[T],
             make: Callable[[int, T], Item], made: Sequence[Item] | None = None,
             ) -> Iterator[tuple[Kind, list[Item], list[Item]]]:
    """Every legal meld of ``size`` holding ``fixed`` and ``free`` jokers that stand for
    anything: ``(kind, the whole meld, what the free jokers stand for, sorted)``.

    ``made``: the fixed items as the caller has them made already (saves making them)."""
    if size < shape.min_size:
        return
    have = Counter(made if made is not None else [make(r, s) for r, s in fixed])
    for kind, whole in candidates(fixed, size, shape, make):
        missing = Counter(whole)
        missing.subtract(have)
        if any(n < 0 for n in missing.values()):
            continue
        fills = sorted(missing.elements())  # type: ignore[type-var]
        if len(fills) == free:
            yield kind, whole, fills


def plain_kind(items: Sequence[tuple[int, T]], shape: Shape[T]) -> Kind | None:
    """``group``, ``run`` or None: whether items without jokers make a meld of ``shape``."""
    size = len(items)
    if size < shape.min_size:
        return None
    ranks = sorted([r for r, _ in items])
    low, high = ranks[0], ranks[-1]
    if low == high:
        if len({s for _, s in items}) != size:
            return None  # a suit twice: no group
        return "group" if size <= shape.max_group else None
    suit = items[0][1]
    if any(s != suit for _, s in items):
        return None
    if len(set(ranks)) != size:  # a rank twice: only A-2-...-K-A or a run all round
        return next((k for k, _, _ in fillings(items, 0, size, shape, _pair)), None)
    if high - low == size - 1:
        return "run"
    if shape.ones == "low" or low != 1:
        return None
    if ranks[1] - 1 == 14 - size:  # the ace after the king: Q-K-A
        return "run"
    if shape.ones == "wrap":  # round the corner: one gap in the circle of 13 takes the rest
        gaps = [b - a for a, b in zip(ranks, ranks[1:])] + [low + 13 - high]
        return "run" if sum(1 for g in gaps if g != 1) == 1 and size <= 13 else None
    return None


def _pair(rank: int, suit: T) -> tuple[int, T]:
    return rank, suit
