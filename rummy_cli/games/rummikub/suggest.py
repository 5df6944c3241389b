"""A legal arrangement of the same tiles, for a turn the referee found illegal.

The exact solver (:func:`.solve.best_play` on the played tiles alone) is asked first: it
finds a table playing every one of them whenever one exists, in milliseconds even on a full
table. Where it cannot promise that (a position too big for runs that go round, or a strict
joker rule's search cut short), a small search by the sets' readings follows: the lowest
tile left goes into each group or run that can hold it (jokers filling the gaps), then the
rest is arranged the same way, for a fixed number of steps. Every arrangement found, either
way, is judged by the turn referee itself before it is offered.

>>> from ...tiles import parse_tile_table, parse_tiles
>>> before = parse_tile_table("5O JK 7O / 3K 4K 5K")
>>> found = suggest(before, parse_tiles("6O 11B 12B 2R"), parse_tiles("6O"))
>>> " / ".join(" ".join(map(str, s)) for s in found)
'3K 4K 5K / 5O 6O 7O JK'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ...tiles import COLOURS, AnyTile, Tile, TileJoker, TileSet, TileTable, tile_sort_key
from .rules import RUMMIKUB, RummikubRules
from .sets import is_legal, run_windows
from .turn import judge_turn

STEPS = 4000  # search steps before giving up: a suggestion must come at once


def suggest(before: TileTable, rack: Sequence[AnyTile], played: Sequence[AnyTile],
            rules: RummikubRules = RUMMIKUB, initial: bool = False) -> TileTable | None:
    """A table after the turn that plays exactly ``played`` legally, or None if none is found.

    The table's sets are kept when the played tiles make sets of their own; else every tile
    is rearranged.
    """
    found, exact = exact_suggestion(before, rack, played, rules, initial)
    if found is not None or exact:
        return found
    return quick_suggestion(before, rack, played, rules, initial)


def quick_suggestion(before: TileTable, rack: Sequence[AnyTile], played: Sequence[AnyTile],
                     rules: RummikubRules = RUMMIKUB, initial: bool = False
                     ) -> TileTable | None:
    """The small search by the sets' readings, for a fixed number of steps; None when it
    finds nothing in them."""
    tries: list[tuple[TileTable, list[AnyTile]]] = [(before, list(played))]
    if not (initial and rules.opening_turn == "alone"):
        tries.append(((), [t for s in before for t in s] + list(played)))
    for kept, loose in tries:
        budget = [STEPS]
        for sets in arrangements(loose, rules, budget):
            proposal = tuple(kept) + tuple(sets)
            if judge_turn(before, rack, proposal, rules=rules, initial=initial).legal:
                return _ordered(proposal, before)
    return None


def exact_suggestion(before: TileTable, rack: Sequence[AnyTile], played: Sequence[AnyTile],
                     rules: RummikubRules = RUMMIKUB, initial: bool = False
                     ) -> tuple[TileTable | None, bool]:
    """The exact solver's table playing exactly ``played``, re-judged by the turn referee,
    and whether its word is final: ``(None, True)`` means no legal table plays those
    tiles; ``(None, False)`` that the solver could not promise it (a position too big to
    search, or a strict joker rule's search cut short)."""
    from .solve import best_play
    from .tilecards import NotSolvable

    try:
        play = best_play(before, played, rules, initial=initial)
    except NotSolvable:
        return None, False
    if play is None:
        return None, True
    if play.cards_played != len(played):
        return None, play.exact
    if not judge_turn(before, rack, play.after, rules=rules, initial=initial).legal:
        return None, False  # never expected: the referee has the last word
    return _ordered(play.after, before), True


def _ordered(table: TileTable, before: TileTable) -> TileTable:
    """The table's own sets first, in their order, then the new ones."""
    def key(s: TileSet) -> tuple[str, ...]:
        return tuple(sorted("JK" if isinstance(t, TileJoker) else str(t) for t in s))

    left = list(table)
    ordered: list[TileSet] = []
    for s in before:
        match = next((t for t in left if key(t) == key(s)), None)
        if match is not None:
            left.remove(match)
            ordered.append(s)
    return tuple(ordered + left)


def arrangements(tiles: Sequence[AnyTile], rules: RummikubRules,
                 budget: list[int]) -> Iterator[list[TileSet]]:
    """Ways to lay every one of ``tiles`` in legal sets (jokers bare), while ``budget[0]``
    steps last."""
    reals = Counter(t for t in tiles if isinstance(t, Tile))
    jokers = sum(isinstance(t, TileJoker) for t in tiles)
    yield from _arrange(reals, jokers, rules, budget)


def _arrange(reals: Counter[Tile], jokers: int, rules: RummikubRules,
             budget: list[int]) -> Iterator[list[TileSet]]:
    budget[0] -= 1
    if budget[0] < 0:
        return
    left = sorted(+reals)
    if not left:
        if jokers == 0:
            yield []
        elif jokers >= 3 and is_legal((TileJoker(),) * jokers, rules):
            yield [(TileJoker(),) * jokers]
        return
    lowest = left[0]
    for real, used in _sets_with(lowest, reals, jokers, rules):
        rest = reals - Counter(real)
        for more in _arrange(rest, jokers - used, rules, budget):
            yield [tuple(sorted(real, key=tile_sort_key)) + (TileJoker(),) * used, *more]
        if budget[0] < 0:
            return


def _sets_with(tile: Tile, reals: Counter[Tile], jokers: int,
               rules: RummikubRules) -> list[tuple[list[Tile], int]]:
    """Every set holding ``tile`` that the tiles left can make: its real tiles and how many
    jokers it takes; sets without jokers first, then the longer ones."""
    found: dict[tuple[tuple[Tile, ...], int], None] = {}
    others = [c for c in COLOURS if c != tile.colour
              and reals[Tile(tile.number, c)] > 0]
    for size in (3, 4):  # groups
        for mask in range(1 << len(others)):
            chosen = [Tile(tile.number, c) for k, c in enumerate(others) if mask >> k & 1]
            need = size - 1 - len(chosen)
            if 0 <= need <= jokers:
                found[(tuple(sorted([tile, *chosen])), need)] = None
    for size in range(3, 15):  # runs
        for window in run_windows(size, rules.ones):
            if tile.number not in window:
                continue
            rest = list(window)
            rest.remove(tile.number)  # the tile's own place
            real, used, spare = [tile], 0, Counter(reals)
            spare[tile] -= 1
            for n in rest:
                t = Tile(n, tile.colour)
                if spare[t] > 0:
                    spare[t] -= 1
                    real.append(t)
                else:
                    used += 1
            if used <= jokers:
                found[(tuple(sorted(real)), used)] = None
    sets = [(list(r), j) for r, j in found if is_legal(
        (*r, *(TileJoker(),) * j), rules)]
    sets.sort(key=lambda s: (s[1] > 0, -(len(s[0]) + s[1])))
    return sets
