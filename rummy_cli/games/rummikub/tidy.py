"""Sets as shown, and joker-free tiles laid out quickly: what the solver's answers are made of.

A set is shown in its reading order, a joker with one value as ``JK=6R``; sets come runs
first (by colour, then lowest number), then groups (by number).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ...cards import Card
from ...search.problem import Cell
from ...tiles import AnyTile, Tile, TileJoker, TileSet
from .packing import pack
from .rules import RummikubRules
from .sets import Reading, readings
from .tilecards import bare_tile, card_of, problem_of, solve


def undeclared(sets: list[list[AnyTile]]) -> list[list[AnyTile]]:
    return [[TileJoker() if isinstance(t, TileJoker) else t for t in s] for s in sets]


def declare_back(sets: list[list[AnyTile]], declared: list[AnyTile]) -> list[list[AnyTile]]:
    """Jokers the input declared keep their declaration where the search put one of them."""
    wanted = Counter(declared)
    out = []
    for s in sets:
        row: list[AnyTile] = []
        for t in s:
            if isinstance(t, TileJoker) and wanted[t] > 0:
                wanted[t] -= 1
                row.append(t)
            elif isinstance(t, TileJoker):
                row.append(TileJoker())
            else:
                row.append(t)
        out.append(row)
    return out


def shown(sets: Sequence[Sequence[AnyTile]], rules: RummikubRules) -> list[TileSet]:
    """Sets as shown: in reading order, a joker with one value as ``JK=6R``, in a stable
    order (runs by colour and lowest number, then groups by number)."""
    shown = [show_set(s, rules) for s in sets]
    return [tiles for _, tiles in sorted(shown, key=lambda ks: ks[0])]


def show_set(tiles: Sequence[AnyTile], rules: RummikubRules
              ) -> tuple[tuple[int, int, int], TileSet]:
    """One set as shown, and its place among the sets."""
    bare = tuple(sorted((TileJoker() if isinstance(t, TileJoker) and t.stands_for is None
                         else t for t in tiles), key=reading_order))
    numbers = {t.number for t in bare if isinstance(t, Tile)}
    if all(isinstance(t, Tile) for t in bare) and not {1, 13} <= numbers:
        # no joker and no 1 after 13: a group by colour, a run low to high, as sorted
        plain = [t for t in bare if isinstance(t, Tile)]
        if len(numbers) == 1:
            return (1, plain[0].number, 0), tuple(sorted(plain, key=lambda t: t.colour.order))
        return (0, plain[0].colour.order, plain[0].number), bare
    found = readings_of(bare, rules)
    if not found:
        return (2, 0, 0), bare
    first = found[0]
    key = ((1, first.tiles[0].number, 0) if first.kind == "group"
           else (0, first.tiles[0].colour.order, first.tiles[0].number))
    if len(found) == 1:  # one reading: in its order, each joker as what it stands for
        real = Counter(t for t in bare if isinstance(t, Tile))
        ordered: list[AnyTile] = []
        for t in first.tiles:
            if real[t] > 0:
                real[t] -= 1
                ordered.append(t)
            else:
                ordered.append(TileJoker(t))
        return key, tuple(ordered)
    values = {v for r in found for v in r.jokers}  # undeclared jokers are alike
    one = next(iter(values)) if len(values) == 1 else None
    return key, tuple(TileJoker(one) if isinstance(t, TileJoker) and t.stands_for is None
                      else t for t in bare)


@lru_cache(maxsize=4096)
def readings_of(tiles: tuple[AnyTile, ...], rules: RummikubRules) -> tuple[Reading, ...]:
    return readings(tiles, rules)


def reading_order(tile: AnyTile) -> tuple[int, int, int]:
    """Low to high, colour by colour within a number, bare jokers last."""
    if isinstance(tile, TileJoker):
        if tile.stands_for is None:
            return (1, 0, 0)
        tile = tile.stands_for
    return (0, tile.number, tile.colour.order)


SMALL_LAY_OUT = 12  # tiles laid out by the packing rather than the search
SPLIT_LAY_OUT = 30  # ... by :func:`split` (no joker, no 1 after 13)


def set_key(tiles: Sequence[AnyTile]) -> tuple[str, ...]:
    return tuple(sorted("JK" if isinstance(t, TileJoker) else str(t) for t in tiles))


def plain_legal(tiles: Sequence[AnyTile], rules: RummikubRules) -> bool:
    """Is a set without a joker legal (K5-K7)? Read directly unless 1 may follow 13."""
    real = [t for t in tiles if isinstance(t, Tile)]
    if rules.ones != "low" or len(real) != len(tiles):
        return bool(readings_of(tuple(sorted(tiles, key=reading_order)), rules))
    if len(real) < 3:
        return False
    if len({t.number for t in real}) == 1:
        return len({t.colour for t in real}) == len(real) <= 4
    numbers = sorted(t.number for t in real)
    return (len({t.colour for t in real}) == 1
            and numbers == list(range(numbers[0], numbers[0] + len(numbers))))


def kind(tile: AnyTile) -> object:
    """A tile's kind: the tile, or one kind for every joker."""
    return tile if isinstance(tile, Tile) else "JK"


@lru_cache(maxsize=4096)
def split(tiles: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...] | None:
    """Real tiles (sorted low to high, no 1 after 13) split into legal sets, or None.

    The lowest tile starts a run of its colour or joins a group of its number.
    """
    if not tiles:
        return ()
    low, rest = tiles[0], list(tiles[1:])
    colours = sorted({t.colour for t in rest if t.number == low.number and t.colour != low.colour},
                     key=lambda c: c.order)
    for size in (2, 3):
        for others in combinations(colours, size):
            group = [low, *(Tile(low.number, c) for c in others)]
            left = list(rest)
            for t in group[1:]:
                left.remove(t)
            more = split(tuple(left))
            if more is not None:
                return (tuple(group), *more)
    run = [low]
    left = list(rest)
    while Tile(run[-1].number + 1, low.colour) in left:
        run.append(Tile(run[-1].number + 1, low.colour))
        left.remove(run[-1])
        if len(run) >= 3:
            more = split(tuple(left))
            if more is not None:
                return (tuple(run), *more)
    return None


def minus(tiles: Sequence[Tile], taken: Sequence[Tile]) -> list[Tile] | None:
    """``tiles`` less ``taken`` as multisets; None when ``taken`` is not all there."""
    have, want = Counter(tiles), Counter(taken)
    if any(have[t] < n for t, n in want.items()):
        return None
    return list((have - want).elements())


def lay_out(tiles: Sequence[Tile], rules: RummikubRules) -> list[list[AnyTile]] | None:
    """These real tiles, every one, in legal sets; None when they cannot be."""
    if not tiles:
        return []
    if len(tiles) < 3:
        return None
    if rules.ones == "low" and len(tiles) <= SPLIT_LAY_OUT:  # quicker than the search
        parts = split(tuple(sorted(tiles, key=reading_order)))
        return None if parts is None else [list(s) for s in parts]
    if len(tiles) <= SMALL_LAY_OUT:
        packed = pack(tiles, rules=rules)
        if packed is None or len(packed.real) != len(tiles):
            return None
        return [list(s.real) for s in packed.sets]
    cells: dict[Card, Cell] = {}
    for t in tiles:
        cells.setdefault(card_of(t), Cell()).must.append(card_of(t))
    solution = solve(problem_of(cells, rules))
    if solution is None:
        return None
    return [[bare_tile(c) for c in meld] for meld in solution.melds]


def less(tiles: Sequence[AnyTile], taken: Sequence[AnyTile]) -> list[AnyTile]:
    """``tiles`` less ``taken`` as a multiset (any joker takes a joker)."""
    left = list(tiles)
    for t in taken:
        if isinstance(t, TileJoker):
            j = next((x for x in left if isinstance(x, TileJoker)), None)
            if j is not None:
                left.remove(j)
        elif t in left:
            left.remove(t)
    return left
