"""From what the search placed to a Rummikub play: the table's jokers after the turn, the
strict joker rules checked, and table sets the play need not touch put back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations, product
from typing import Protocol

from ...cards import AnyCard, Card, Joker
from ...search.problem import Solution
from ...tiles import AnyTile, Tile, TileJoker, TileSet, tile_sort_key
from .plays import TilePlay, tile_points
from .rules import RummikubRules
from .tidy import (
    SMALL_LAY_OUT,
    SPLIT_LAY_OUT,
    kind,
    lay_out,
    less,
    minus,
    reading_order,
    readings_of,
    set_key,
    shown,
)
from .tilecards import bare_tile, tile_back, tile_of
from .turn import judge_turn


@dataclass
class SearchJoker:
    """A joker on the table before the turn: its set and every tile it stands for."""

    where: int  # the index of its set
    values: frozenset[Tile]  # in some reading of its set
    group_of_three: bool  # a 3-group's only joker (``joker_group=both``)
    first: int  # the index of its set's first joker among all the table's jokers
    readings: tuple[tuple[Tile, ...], ...]  # its set's joint readings: each joker's tile


@dataclass(frozen=True)
class JokerWay:
    """What one table joker does in a turn: keeps a tile, or is freed (with the rack tiles
    its freeing needs played)."""

    keeps: Tile | None
    needs: frozenset[Tile] = frozenset()


@dataclass
class Found:
    solution: Solution
    score: int
    ways: tuple[JokerWay, ...]
    forced: list[Card] = field(default_factory=list)
    forced_jokers: int = 0


def joined_sets(sets: list[list[AnyTile]], rules: RummikubRules) -> list[list[AnyTile]]:
    """Runs of one colour without a joker that make one longer run, joined (the packing
    lays runs of five at most).

    >>> from rummy_cli.tiles import format_tile_table, parse_tile_table
    >>> from .rules import RUMMIKUB
    >>> wrap = RUMMIKUB.with_house_rules({"ones": "wrap"})
    >>> sets = [list(s) for s in parse_tile_table("12R 13R 1R / 2R 3R 4R / 5K 5B 5O")]
    >>> format_tile_table(joined_sets(sets, wrap))
    '5K 5B 5O / 12R 13R 1R 2R 3R 4R'
    """
    runs = [s for s in sets if all(isinstance(t, Tile) for t in s)
            and len({t.colour for t in s if isinstance(t, Tile)}) == 1
            and len({t.number for t in s if isinstance(t, Tile)}) == len(s)]
    others = [s for s in sets if not any(s is r for r in runs)]
    joined = True
    while joined:
        joined = False
        for a, b in combinations(runs, 2):
            both = tuple(sorted([*a, *b], key=reading_order))
            if len(both) <= 13 and readings_of(both, rules):
                runs = [r for r in runs if r is not a and r is not b]
                found = readings_of(both, rules)[0]
                runs.append(list(found.tiles))
                joined = True
                break
    return [*others, *runs]


class Searching(Protocol):
    """What the search of a play under the strict joker rules (``strict``) reads of the
    turn search it finishes (a :class:`.turn_search.TurnSearch`)."""

    table: list[TileSet]
    rack: list[AnyTile]
    rules: RummikubRules
    jokers: list[SearchJoker]
    real_table: Counter[Tile]
    rack_real: Counter[Tile]
    rack_jokers: int

    def weight(self, tile: AnyTile) -> int: ...
    def _packed(self, table: Counter[Tile], kept: Sequence[Tile], freed: int,
                forced: Counter[Tile], forced_jokers: int, rack: Counter[Tile],
                rack_jokers: int) -> tuple[int, list[list[AnyTile]], list[AnyTile]] | None: ...
    def _play(self, played: list[AnyTile], sets: list[list[AnyTile]], value: int | None,
              freed: int, exact: bool = True) -> TilePlay: ...
    def _keep_table_sets(self, sets: list[list[AnyTile]],
                         played: Sequence[AnyTile]) -> list[list[AnyTile]]: ...


class TurnFinish:
    """The search's last part: what it placed made a play, within the rules in force. A base
    of :class:`.turn_search.TurnSearch`, which sets what it reads."""

    table: list[TileSet]
    rack: list[AnyTile]
    rules: RummikubRules
    jokers: list[SearchJoker]
    real_table: Counter[Tile]

    def _after_jokers(self, found: Found) -> tuple[list[int], list[tuple[tuple[Tile, ...], ...]]]:
        """The table after: for each joker, its set's index; for each set holding jokers,
        its joint readings (each joker's tile)."""
        where: list[int] = []
        joint = []
        for i, meld in enumerate(found.solution.melds):
            if all(isinstance(c, Card) for c in meld):
                continue
            tiles = tuple(sorted((bare_tile(c) for c in meld), key=reading_order))
            found_readings = readings_of(tiles, self.rules)
            joint.append(tuple(dict.fromkeys(r.jokers for r in found_readings)))
            where.extend([i] * sum(isinstance(c, Joker) for c in meld))
        return where, joint

    def _played_real(self, found: Found) -> Counter[Tile]:
        return Counter([*(tile_of(c) for c in found.solution.placed if isinstance(c, Card)),
                        *map(tile_of, found.forced)])

    def _freed_by(self, joker: SearchJoker, value: Tile, found: Found) -> bool:
        """Would a real tile on the table after free this joker, read as ``value`` before
        the turn (K14, K16)?"""
        if self.rules.joker_free == "rearrange":
            return True
        played = self._played_real(found)
        present = played if self.rules.joker_swap == "rack" else self.real_table + played
        if self.rules.joker_group == "both" and joker.group_of_three:
            return all(present[v] for v in joker.values)
        return bool(present[value])

    def _assignments(self, found: Found) -> Iterator[list[tuple[int, bool]]]:
        """Ways the table jokers may be the jokers after: for each, (set after, freed).

        Each set's jokers are read together, before and after (settled point 1): a joker
        keeps its tile, or a real tile frees it.
        """
        if not self.jokers:
            yield []
            return
        where, after = self._after_jokers(found)
        sets = [j.readings for i, j in enumerate(self.jokers) if j.first == i]
        for before in product(*sets):
            was = [v for reading in before for v in reading]
            for now in product(*after):
                tiles = [v for reading in now for v in reading]
                for chosen in permutations(range(len(tiles)), len(self.jokers)):
                    result = []
                    for joker, v, k in zip(self.jokers, was, chosen):
                        if tiles[k] == v:
                            result.append((where[k], False))
                        elif self._freed_by(joker, v, found):
                            result.append((where[k], True))
                        else:
                            break
                    else:
                        yield result

    def _keeps_rules(self, found: Found) -> bool:
        return next(self._assignments(found), None) is not None

    def _strict_ok(self, found: Found) -> bool:
        """``freed_joker=new-set`` and ``joker_sets=locked`` on an answer (K15, K16)."""
        melds = found.solution.melds
        if self.rules.joker_sets == "locked" and not self._locked_ok(melds):
            return False
        if self.rules.freed_joker != "new-set":
            return True
        # as the referee counts it (turn.py): identical tiles are alike, so a set holds as
        # many played tiles as it has of each kind played, and as many played jokers
        played = Counter(kind(tile_back(c)) for c in found.solution.placed if isinstance(c, Card))
        played.update(kind(tile_of(c)) for c in found.forced)
        played_jokers = found.solution.free_placed + found.forced_jokers

        def fresh(meld: Sequence[AnyCard]) -> int:
            here = Counter(kind(bare_tile(c)) for c in meld)
            jokers = here.pop("JK", 0)
            return (sum(min(n, played[k]) for k, n in here.items())
                    + min(jokers, played_jokers))

        return any(all(not freed or fresh(melds[where]) >= 2 for where, freed in assignment)
                   for assignment in self._assignments(found))

    def _locked_ok(self, melds: Sequence[Sequence[AnyCard]]) -> bool:
        """K16 ``joker_sets=locked``: every table set holding a joker is still together in
        one set after (perhaps extended), or its real tiles are, with a real tile the joker
        stood for in its place."""
        after = [Counter(kind(bare_tile(c)) for c in m) for m in melds]
        for i, joker in enumerate(self.jokers):
            if joker.first != i:
                continue
            tiles = self.table[joker.where]
            whole = Counter(kind(t) for t in tiles)
            if any(not whole - k for k in after):
                continue
            reals = Counter(kind(t) for t in tiles if isinstance(t, Tile))
            values = {v for j in self.jokers if j.where == joker.where for v in j.values}
            if any(not reals - k and any(k[v] > reals[v] for v in values) for k in after):
                continue
            return False
        return True

    # -- the answer

    def _legal(self, play: TilePlay) -> bool:
        return judge_turn(tuple(self.table), self.rack, play.after, rules=self.rules).legal

    def _finish(self, found: Found) -> TilePlay:
        solution = found.solution
        played_real = [tile_back(c) for c in solution.placed] + [tile_of(c) for c in found.forced]
        jokers_played = solution.free_placed + found.forced_jokers
        played: list[AnyTile] = [*played_real, *[TileJoker()] * jokers_played]
        # a joker that can be read as one of its values is not freed (K14)
        freed = min((sum(1 for _, f in a if f) for a in self._assignments(found)), default=0)
        laid = [[bare_tile(c) for c in meld] for meld in solution.melds]
        play = self._play(played, self._keep_table_sets(laid, played), None, freed)
        strict = self.rules.freed_joker == "new-set" or self.rules.joker_sets == "locked"
        if strict and not self._legal(play):
            # putting table sets back knows nothing of the strict rules: the referee checks
            play = self._play(played, laid, None, freed)
        return play

    def _keep_table_sets(self, sets: list[list[AnyTile]],
                         played: Sequence[AnyTile]) -> list[list[AnyTile]]:
        """The same tiles, with table sets that can stay as they were put back as they were
        (the last tie-break: fewer table sets changed).

        The search lays the whole table out anew. Every tile of a kind no played tile
        reaches (through the sets holding it, before and after) is in sets of such tiles
        only, before and after: those table sets stay as they were. Among the sets
        reached, those the search left whole stay, then a few others one by one, if the
        tiles without them still form legal sets. Greedy: it may change more sets than
        the fewest possible.
        """
        reached: set[object] = {kind(t) for t in played}
        after_in: set[int] = set()
        table_in: set[int] = set()
        kinds_of = ([{kind(t) for t in tiles} for tiles in sets],
                    [{kind(t) for t in tiles} for tiles in self.table])
        grew = True
        while grew:
            grew = False
            for found, kinds_here in zip((after_in, table_in), kinds_of):
                for i, kinds in enumerate(kinds_here):
                    if i not in found and not kinds.isdisjoint(reached):
                        found.add(i)
                        reached |= kinds
                        grew = True
        kept = [list(tiles) for i, tiles in enumerate(self.table) if i not in table_in]
        pool = [list(s) for i, s in enumerate(sets) if i in after_in]
        by_key: dict[tuple[str, ...], list[int]] = {}
        for k, laid_set in enumerate(pool):
            by_key.setdefault(set_key(laid_set), []).append(k)
        taken: set[int] = set()
        waiting = []
        for i in sorted(table_in):
            tiles = self.table[i]
            if any(isinstance(t, TileJoker) for t in tiles):
                continue
            same = by_key.get(set_key(tiles))
            if same:
                taken.add(same.pop())
                kept.append(list(tiles))
            else:
                waiting.append(tiles)
        pool = [laid_set for k, laid_set in enumerate(pool) if k not in taken]
        with_jokers = [s for s in pool if any(isinstance(t, TileJoker) for t in s)]
        laid = [s for s in pool if s not in with_jokers]
        for tiles in waiting:
            # the sets laid that hold tiles of its kinds give them back, if what is left
            # of those sets still forms legal sets
            kinds = set(tiles)
            near = [s for s in laid if kinds & set(s)]
            rest = minus([t for s in near for t in s if isinstance(t, Tile)],
                          [t for t in tiles if isinstance(t, Tile)])
            if rest is None or len(rest) > (SPLIT_LAY_OUT if self.rules.ones == "low"
                                            else SMALL_LAY_OUT):
                continue  # (a larger search costs more than this tie-break is worth)
            again = lay_out(rest, self.rules)
            if again is not None:
                kept.append(list(tiles))
                laid = [s for s in laid if s not in near] + again
                waiting = [w for w in waiting if w is not tiles]
        for tiles in waiting:
            moved = self._joker_moved_off(tiles, kept, with_jokers, laid)
            if moved is not None:
                kept.append(list(tiles))
                with_jokers, laid = moved
        return [*kept, *with_jokers, *laid]

    def _joker_moved_off(self, tiles: TileSet, kept: list[list[AnyTile]],
                         with_jokers: list[list[AnyTile]], laid: list[list[AnyTile]]
                         ) -> tuple[list[list[AnyTile]], list[list[AnyTile]]] | None:
        """A table set the search lengthened with jokers only, put back as it was, its
        jokers going to another set, if the referee finds the table after legal."""
        want = Counter(kind(t) for t in tiles)
        for grown in with_jokers:
            extra = Counter(kind(t) for t in grown) - want
            if want - Counter(kind(t) for t in grown) or set(extra) != {"JK"}:
                continue
            jokers = [TileJoker()] * extra["JK"]
            others = [s for s in [*with_jokers, *laid] if s is not grown]
            for host in others:
                if not readings_of(tuple(sorted([*host, *jokers], key=reading_order)),
                                   self.rules):
                    continue
                new_jokers = [s for s in with_jokers if s is not grown and s is not host]
                new_laid = [s for s in laid if s is not host]
                new_jokers.append([*host, *jokers])
                table = tuple(tuple(s) for s in [*kept, list(tiles), *new_jokers, *new_laid])
                if judge_turn(tuple(self.table), self.rack, table, rules=self.rules).legal:
                    return new_jokers, new_laid
        return None

    def _play(self, played: list[AnyTile], sets: list[list[AnyTile]], value: int | None,
              freed: int, exact: bool = True) -> TilePlay:
        played = sorted(played, key=tile_sort_key)
        left = sorted(less(self.rack, played), key=tile_sort_key)
        return TilePlay(tuple(played), tuple(shown(sets, self.rules)), tuple(left), len(played),
                        sum(tile_points(t, self.rules) for t in played), value, freed, exact)
