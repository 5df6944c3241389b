"""Rack tiles laid as new sets, exactly, with a floor on the sets' worth: the opening (K9).

The arrangement search of :mod:`rummy_cli.search` scores tile by tile, so it cannot say
what a joker is worth (the number it stands for depends on its set), nor keep to a
minimum worth. This search can: it lists every legal set the tiles can make (each reading
of a joker apart, with its worth) and packs them, the lowest tile first: that tile is left
out or goes into one of the sets it is the lowest tile of. What is left of the tiles is
the state; each state keeps, for each worth reached (counted up to the floor only), the
best score. So it is exact, and quick for a rack: the sets of a tile are few.

>>> from rummy_cli.tiles import parse_tiles
>>> best = pack(parse_tiles("10K 10B 10R 4O 5O 6O 2K"), floor=30)
>>> [" ".join(map(str, s.tiles)) for s in best.sets], best.value
(['4O 5O 6O', '10K 10B 10R'], 45)
>>> pack(parse_tiles("9R 10R JK"), floor=30).value, pack(parse_tiles("8R 9R JK"), floor=30)
(30, None)
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

from ...tiles import COLOURS, AnyTile, Tile, TileJoker
from .rules import RUMMIKUB, RummikubRules
from .sets import run_windows

MOST_PACKED = 40_000  # racks packed at most: beyond it the search refuses, within seconds
# Refused at once, before a set is listed (a refusal after the search took 5 s for 100
# tiles): more tiles than MOST_TILES (measured: no random rack of 92 tiles packed within
# MOST_PACKED states, two of three of 84 did), or more sets for the listing to try than
# MOST_LISTED, each reading of the jokers apart (see :func:`listing_work`; the most of a
# rack measured to pack: 64,220, a whole colour's run and 4 jokers going round; 100 tiles
# with 4 jokers going round: 257,231, 3 s of listing)
MOST_TILES = 84
MOST_LISTED = 100_000
MOST_JOKERS_ALONE = 4  # a set of jokers only is a group of four at most (settled point 3)
ALONE_NUMBER = 13  # ... each worth 13 in an opening
LEFT_OUT = -1000  # a choice: LEFT_OUT - n leaves n copies of the lowest tile out


class Tally:
    """The states every packing went through, added up: a measure of work that does not
    depend on the machine or its load (what tests and benchmarks count)."""

    states = 0
    sets = 0  # the legal sets listed for the packings (each reading of the jokers apart)


TALLY = Tally()


@dataclass(frozen=True)
class Candidate:
    """One legal set the tiles can make, read one way: its real tiles, jokers and worth."""

    real: tuple[Tile, ...]  # as the set reads, without the jokers
    jokers: tuple[Tile, ...]  # the tiles the jokers stand for
    value: int  # the worth this reading counts toward an opening

    @property
    def tiles(self) -> tuple[AnyTile, ...]:
        """The set in reading order, a joker as ``JK=`` the tile it stands for."""
        whole = sorted([*((t, False) for t in self.real), *((t, True) for t in self.jokers)],
                       key=lambda tj: (tj[0].number, tj[0].colour.order))
        return tuple(TileJoker(t) if joker else t for t, joker in whole)


@dataclass(frozen=True)
class Packing:
    """The best packing found: its sets, its score and its worth (K9)."""

    sets: tuple[Candidate, ...]
    score: int
    value: int

    @property
    def real(self) -> list[Tile]:
        """The real tiles the sets use."""
        return [t for s in self.sets for t in s.real]

    @property
    def jokers(self) -> int:
        """The jokers the sets use."""
        return sum(len(s.jokers) for s in self.sets)


def candidates(tiles: Counter[Tile], jokers: int, rules: RummikubRules = RUMMIKUB,
               joker_worth: str = "value", longest: int = 14) -> list[Candidate]:
    """Every legal set (K5-K7, K13) of these tiles with at least one real tile, each way of
    reading its jokers apart, none longer than ``longest``. ``joker_worth``: a joker counts
    what it stands for (``value``) or 0 (``zero``); ``no`` lists no set with a joker."""
    usable = 0 if joker_worth == "no" else jokers
    found: dict[tuple[tuple[Tile, ...], int], Candidate] = {}

    def add(real: list[Tile], stand: list[Tile]) -> None:
        if not real or len(stand) > usable:
            return
        need = Counter(real)
        if any(tiles[t] < n for t, n in need.items()):
            return
        worth = sum(t.number for t in real)
        if joker_worth == "value":
            worth += sum(t.number for t in stand)
        key = (tuple(sorted(real, key=_order)), len(stand))
        known = found.get(key)
        if known is None or known.value < worth:
            found[key] = Candidate(tuple(real), tuple(stand), worth)

    numbers = sorted({t.number for t in tiles})
    for n in numbers:
        here = [c for c in COLOURS if tiles[Tile(n, c)]]
        for size in (3, 4):
            for real_count in range(1, min(size, len(here)) + 1):
                for chosen in combinations(here, real_count):
                    missing = [c for c in COLOURS if c not in chosen]
                    for fill in combinations(missing, size - real_count):
                        add([Tile(n, c) for c in chosen], [Tile(n, c) for c in fill])
    colours = sorted({t.colour for t in tiles}, key=lambda c: c.order)
    for colour in colours:
        have = {t.number for t in tiles if t.colour == colour}
        for size in range(3, min(14, longest) + 1):
            for window in _windows(size, rules.ones):
                holes = [i for i, n in enumerate(window) if n not in have]
                if len(holes) > usable or len(holes) == size:
                    continue
                cells = [Tile(n, colour) for n in window]
                present = [i for i in range(size) if i not in holes]
                # a joker may also stand where a real tile could go: any of the positions
                for extra in range(usable - len(holes) + 1):
                    for more in combinations(present, extra):
                        gone = {*holes, *more}
                        add([cells[i] for i in range(size) if i not in gone],
                            [cells[i] for i in sorted(gone)])
    TALLY.sets += len(found)
    return list(found.values())


def listing_work(tiles: Counter[Tile], jokers: int, rules: RummikubRules = RUMMIKUB,
                 joker_worth: str = "value", longest: int = 14) -> int:
    """The sets :func:`candidates` would try for these tiles (its work, each reading of the
    jokers apart, before any is found twice), counted without listing one: a few thousand
    sums, so that a packing too big to search is refused before anything costly.

    >>> from rummy_cli.tiles import parse_tiles
    >>> rack = Counter(parse_tiles("10K 10B 10R 4O 5O 6O 2K"))
    >>> listing_work(rack, 0), len(candidates(rack, 0))
    (40, 2)
    >>> listing_work(rack, 4, RUMMIKUB.with_house_rules({"ones": "wrap"}))
    216
    """
    usable = 0 if joker_worth == "no" else jokers
    work = 0
    for n in {t.number for t in tiles}:
        here = sum(1 for c in COLOURS if tiles[Tile(n, c)])
        for size in (3, 4):
            for real_count in range(1, min(size, here) + 1):
                work += comb(here, real_count) * comb(len(COLOURS) - real_count,
                                                      size - real_count)
    for colour in {t.colour for t in tiles}:
        have = {t.number for t in tiles if t.colour == colour}
        for size in range(3, min(14, longest) + 1):
            for window in _windows(size, rules.ones):
                holes = sum(1 for n in window if n not in have)
                if holes > usable or holes == size:
                    continue
                work += sum(comb(size - holes, extra) for extra in range(usable - holes + 1))
    return work


@lru_cache(maxsize=64)
def _windows(size: int, ones: str) -> tuple[tuple[int, ...], ...]:
    return tuple(run_windows(size, ones))


def _order(tile: Tile) -> tuple[int, int]:
    return (tile.number, tile.colour.order)


Front = dict[int, tuple[int, int, int]]  # worth reached (capped) -> (score, choice, worth after)


def pack(tiles: Sequence[AnyTile], floor: int = 0, rules: RummikubRules = RUMMIKUB,
         weight: Callable[[AnyTile], int] | None = None, joker_worth: str = "value",
         by_value: bool = False, must: Counter[Tile] | None = None,
         must_jokers: int = 0, longest: int = 14, most: int = MOST_PACKED) -> Packing | None:
    """The best sets of some of ``tiles`` worth at least ``floor`` together, or None.

    Best: the highest total ``weight`` of the tiles placed (one each by default), then
    (ties) the highest worth; with ``by_value``, the highest worth itself. Jokers count
    as ``joker_worth`` says (K9's ``opening_joker``). A set of jokers only (three or four)
    is a group worth 13 a joker. ``must``: copies of tiles (among ``tiles``) that every
    packing places, as a table's tiles; ``must_jokers``: jokers likewise. ``longest``: no
    set longer (a run of six or more is two runs: the search is far smaller with 5).
    ``most``: the states searched at most (one more, then :class:`.tilecards.NotSolvable`,
    also counted in :data:`TALLY`); more
    tiles than :data:`MOST_TILES`, or sets to list than :data:`MOST_LISTED`, are refused
    so before any is listed.

    >>> from rummy_cli.tiles import parse_tiles
    >>> wrap, rack = RUMMIKUB.with_house_rules({"ones": "wrap"}), parse_tiles("13R 1R 2R 5K")
    >>> [" ".join(map(str, s.tiles)) for s in pack(rack, 0, wrap, must=Counter(rack[:2])).sets]
    ['1R 2R 13R']
    >>> pack(rack, 0, wrap, must=Counter(parse_tiles("5K"))) is None
    True
    """
    weigh = weight or (lambda _: 1)
    real = Counter(t for t in tiles if isinstance(t, Tile))
    joker_tiles = [t for t in tiles if isinstance(t, TileJoker)]
    jokers = len(joker_tiles) if joker_worth != "no" else 0
    joker_weight = weigh(joker_tiles[0]) if joker_tiles else 0
    if len(tiles) > MOST_TILES or listing_work(real, jokers, rules, joker_worth,
                                                longest) > MOST_LISTED:
        raise _too_many(len(tiles))  # at once: listing the sets alone would take seconds
    order = sorted(real, key=_order)
    index = {t: i for i, t in enumerate(order)}
    found = candidates(real, jokers, rules, joker_worth, longest)
    scale = 1 + 14 * (len(tiles) + 1) * 4  # the worth breaks ties below the weights
    by_first: list[list[tuple[Candidate, tuple[int, ...], int]]] = [[] for _ in order]
    for cand in found:
        need = [0] * len(order)
        for t in cand.real:
            need[index[t]] += 1
        score = (cand.value if by_value
                 else sum(weigh(t) for t in cand.real) + joker_weight * len(cand.jokers))
        first = min(index[t] for t in cand.real)
        by_first[first].append((cand, tuple(need), score))
    cap = max(0, floor)
    spare = [real[t] - (must or Counter())[t] for t in order]  # copies that may stay out
    if any(n < 0 for n in spare) or must_jokers > len(joker_tiles):
        return None
    most_out = jokers - must_jokers  # jokers that may stay out
    memo: dict[tuple[tuple[int, ...], int, bool], Front] = {}

    def alone_sets(left: int) -> list[tuple[int, int]]:
        """(jokers, worth) of each set of jokers only."""
        if joker_worth == "no":
            return []
        return [(k, ALONE_NUMBER * k if joker_worth == "value" else 0)
                for k in range(3, min(left, MOST_JOKERS_ALONE) + 1)]

    def merge(front: Front, worth: int, score: int, choice: int, sub: int) -> None:
        capped = min(cap, worth)
        known = front.get(capped)
        if known is None or known[0] < score:
            front[capped] = (score, choice, sub)

    def remember(key: tuple[tuple[int, ...], int, bool], front: Front) -> Front:
        _pareto(front)
        memo[key] = front
        TALLY.states += 1
        if len(memo) > most:  # an absurd rack (dozens of tiles): refuse, never hang
            raise _too_many(len(tiles))
        return front

    def solve(counts: tuple[int, ...], left: int, started: bool) -> Front:
        """The best packings of what is left; ``started``: the lowest tile's copies left
        out are decided (sets holding it only, from now on)."""
        key = (counts, left, started)
        known = memo.get(key)
        if known is not None:
            return known
        front: Front = {}
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            if left <= most_out:
                front[0] = (0, -1, 0)
            for k, worth in alone_sets(left):
                if left - k <= most_out:
                    gain = worth if by_value else k * joker_weight
                    merge(front, worth, _scored(gain, worth, scale, by_value), -2 - k, 0)
        else:
            if not started:  # leave out some copies of the lowest tile, at once
                for out in range(min(counts[first], spare[first]) + 1):
                    rest = list(counts)
                    rest[first] -= out
                    for v, (score, _, _) in solve(tuple(rest), left, bool(rest[first])).items():
                        merge(front, v, score, LEFT_OUT - out, v)
                return remember(key, front)
            for i, (cand, need, gain) in enumerate(by_first[first]):
                if len(cand.jokers) > left or any(c < n for c, n in zip(counts, need)):
                    continue
                after = tuple(c - n for c, n in zip(counts, need))
                sub = solve(after, left - len(cand.jokers), bool(after[first]))
                for v, (score, _, _) in sub.items():
                    merge(front, v + cand.value, score + _scored(gain, cand.value, scale,
                                                                 by_value), i, v)
        return remember(key, front)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * len(tiles) + 200))
    try:
        top = solve(tuple(real[t] for t in order), jokers, False)
    finally:
        sys.setrecursionlimit(limit)
    if cap not in top:
        return None
    # walk back the choices
    sets: list[Candidate] = []
    counts, left, v = tuple(real[t] for t in order), jokers, cap
    score, choice, sub = top[cap]
    while True:
        at = next((i for i, n in enumerate(counts) if n), None)
        if at is None:
            if LEFT_OUT < choice <= -2:
                k = -2 - choice
                sets.append(Candidate((), tuple(Tile(ALONE_NUMBER, c) for c in COLOURS[:k]),
                                      ALONE_NUMBER * k if joker_worth == "value" else 0))
            break
        if choice <= LEFT_OUT:
            fewer = list(counts)
            fewer[at] -= LEFT_OUT - choice
            counts = tuple(fewer)
        else:
            cand, used, _ = by_first[at][choice]
            sets.append(cand)
            counts = tuple(c - n for c, n in zip(counts, used))
            left -= len(cand.jokers)
        v = sub
        score, choice, sub = memo[(counts, left, bool(counts[at]))][v]
    value = sum(s.value for s in sets)
    total = top[cap][0]
    return Packing(tuple(sorted(sets, key=lambda s: _order(s.real[0]) if s.real else (99, 0))),
                   total // scale if not by_value else total, value)


def _too_many(count: int) -> Exception:
    from .tilecards import NotSolvable

    return NotSolvable(f"too many tiles to search for their best sets ({count}); "
                       "try it with fewer tiles")


def _scored(gain: int, worth: int, scale: int, by_value: bool) -> int:
    """One number ordering packings: the weights first, then the worth."""
    return gain if by_value else gain * scale + worth


def _pareto(front: Front) -> None:
    """Drop every worth level whose score a higher level matches or beats."""
    best = None
    for v in sorted(front, reverse=True):
        if best is not None and front[v][0] <= best:
            del front[v]
        else:
            best = front[v][0]
