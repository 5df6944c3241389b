"""The sets a plan of the strict joker rules may hold (see :mod:`.strict`): the table sets
a held joker locks, the new sets a freed joker may go to, and the jokers a table frees."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING

from ...tiles import COLOURS, AnyTile, Tile, TileJoker, TileSet
from .jokers import TableJoker
from .rules import RummikubRules
from .sets import judge_set, run_windows
from .tidy import reading_order, readings_of, set_key

if TYPE_CHECKING:
    pass


Locked = tuple[Counter[str], Counter[str], set[str]]  # a table set holding a joker


def keeps_locked(locked: Locked, after: Counter[str]) -> bool:
    """Whether a set after the turn keeps a table set holding a joker (K16, as the
    referee counts it): all of it, or its real tiles and a tile its joker stood for."""
    whole, reals, values = locked
    return not whole - after or (not reals - after and any(after[v] > reals[v]
                                                             for v in values))


@lru_cache(maxsize=8192)
def set_kinds(tiles: TileSet) -> Counter[str]:
    return Counter(set_key(tiles))


@lru_cache(maxsize=8192)
def joker_slots(tiles: TileSet, rules: RummikubRules
           ) -> tuple[list[tuple[Tile, ...]], list[frozenset[Tile]], Counter[Tile]]:
    """A set's joint readings (each joker's tile), each joker's values, its real tiles."""
    verdict = judge_set(tiles, rules)
    joint = list({tuple(sorted(map(str, r.jokers))): r.jokers for r in verdict.found}.values())
    return joint, list(verdict.joker_values), Counter(t for t in tiles if isinstance(t, Tile))


def kind_of(tile: AnyTile) -> AnyTile:
    """A tile as the plan counts it: itself, every joker alike."""
    return tile if isinstance(tile, Tile) else TileJoker()


def freed_jokers(before_joint: list[list[list[TableJoker]]], sets: Sequence[Sequence[AnyTile]],
           rules: RummikubRules) -> int:
    """How many table jokers at least stand for no tile they stood for (K14)."""
    table = [j for part in (b[0] for b in before_joint) for j in part]
    if not table:
        return 0
    slots: list[frozenset[Tile]] = []
    for s in sets:
        if any(isinstance(t, TileJoker) for t in s):
            verdict = judge_set(tuple(TileJoker() if isinstance(t, TileJoker) else t
                                      for t in s), rules)
            slots.extend(verdict.joker_values)
    values = [j.values for j in table]
    best = 0
    for chosen in product(range(len(slots) + 1), repeat=len(values)):
        picked = [k for k in chosen if k < len(slots)]
        if len(set(picked)) != len(picked):
            continue
        best = max(best, sum(1 for v, k in zip(values, chosen)
                             if k < len(slots) and v & slots[k]))
    return len(values) - best


def sets_with(core: Counter[Tile], pool: Counter[Tile], jokers: int, rules: RummikubRules,
               anchors: set[Tile], witnesses: set[Tile], new_set: bool) -> list[TileSet]:
    """Every legal set holding ``core``, its other real tiles from ``pool`` (which holds the
    core too), with at most ``jokers`` jokers; with ``new_set``, a joker at least and two
    tiles of ``witnesses`` (a second joker counting as one).

    A run's three or more tiles at an end beyond what the rules look at can always stand as a
    run of their own, so a run reaches at most two tiles beyond its core, its jokers, its
    tiles of ``anchors``, and two (``new_set``: just enough; else none to two) of its tiles
    of ``witnesses``.
    """
    found: dict[tuple[str, ...], TileSet] = {}
    spare = pool - core

    def add(reals: list[Tile], k: int) -> None:
        whole: list[AnyTile] = [*reals, *[TileJoker()] * k]
        tiles = tuple(sorted(whole, key=reading_order))
        name = tuple(sorted(str(t) for t in tiles))
        if name not in found and readings_of(tiles, rules):
            found[name] = tiles

    def enough(reals: Sequence[Tile], k: int) -> bool:
        return not new_set or (k >= 1 and sum(t in witnesses for t in reals) + k - 1 >= 2)

    numbers = {t.number for t in core}
    colours = {t.colour for t in core}
    if len(numbers) <= 1 and all(n == 1 for n in core.values()):
        for n in numbers or range(1, 14):
            have = [c for c in COLOURS if c not in colours and spare[Tile(n, c)] > 0]
            for size in range(len(have) + 1):
                for more in combinations(have, size):
                    reals = [*core, *(Tile(n, c) for c in more)]
                    for k in range(0, jokers + 1):
                        if 3 <= len(reals) + k <= 4 and reals and enough(reals, k):
                            add(reals, k)
    if len(colours) > 1:
        return list(found.values())
    for c in colours or COLOURS:
        for size in range(3, 15):
            for window in run_windows(size, rules.ones):
                tiles = [Tile(n, c) for n in window]
                left = Counter(core)
                fixed: list[int] = []  # the positions the core fills
                for i, t in enumerate(tiles):
                    if left[t] > 0:
                        left[t] -= 1
                        fixed.append(i)
                if +left:
                    continue
                room = Counter(spare)
                open_places = []
                for i, t in enumerate(tiles):
                    if i not in fixed and room[t] > 0:
                        room[t] -= 1
                        open_places.append(i)
                missing = [i for i in range(size) if i not in fixed and i not in open_places]
                for extra in range(0, jokers - len(missing) + 1):
                    for places in combinations(open_places, extra):
                        joker_at = {*missing, *places}
                        reals = [tiles[i] for i in range(size) if i not in joker_at]
                        if enough(reals, len(joker_at)) and _short_ends(
                                size, tiles, [*fixed, *joker_at], reals, anchors, witnesses,
                                max(0, 3 - len(joker_at)) if new_set else -2):
                            add(reals, len(joker_at))
    return list(found.values())


def _short_ends(size: int, tiles: list[Tile], marks: list[int], reals: list[Tile],
                anchors: set[Tile], witnesses: set[Tile], need: int) -> bool:
    """Whether a run's ends reach at most two tiles beyond its marked places, its anchors
    and ``need`` of its witnesses (``-2``: any two or fewer)."""
    present = set(reals)
    places = [*marks, *(i for i, t in enumerate(tiles) if t in anchors and t in present)]
    seen = [i for i, t in enumerate(tiles) if t in witnesses and t in present and i not in marks]
    sizes = range(0, 3) if need < 0 else [min(need, len(seen))]
    for k in sizes:
        for chosen in combinations(seen, k):
            every = [*places, *chosen]
            if every and min(every) <= 2 and size - 1 - max(every) <= 2:
                return True
    return False
