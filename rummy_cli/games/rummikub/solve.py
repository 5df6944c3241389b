"""Rummikub's best play and arrangement, exact, on the shared arrangement search.

Tiles are placed as cards by the search of :mod:`rummy_cli.search` (see :mod:`.tilecards`);
this module says what must be placed and what may, and judges what the search cannot see:

* a table joker needs no declaration and may stand for several tiles (its set's jokers
  read together, settled point 1): after the turn it keeps its tile, or a real tile of
  it on the table frees it (K14; from the rack under ``joker_swap=rack``; both missing
  tiles of a 3-group under ``joker_group=both``; any way at all under
  ``joker_free=rearrange``). One search with every table joker free comes first: its
  answer often keeps to the rules already, and is then the best. Else each way of the
  table's jokers is searched (a joker kept as a tile is one more copy of that tile; a
  freed one is free, its freeing tile played);
* the opening (K9, K10): see :mod:`.packing`, which counts what jokers are worth;
* ``freed_joker=new-set`` and ``joker_sets=locked``: when the best play breaks them, the
  sets those rules look at are listed and the rest searched beside them (:mod:`.strict`),
  exactly; only a freed joker with more new sets to try than ``MOST_NEW_SETS`` gives the
  best of those tried, marked not exact;
* ``ones=wrap`` (runs that go round, which the search over numbers knows nothing of): the
  table's tiles are packed again with the rack's (:func:`.packing.pack`, every table tile
  placed), each way of the table's jokers apart; a position too big for it is refused;
* the last tie-break (fewer table sets changed) puts back table sets the play need not
  touch (see :meth:`_Turn._keep_table_sets`); under the strict rules the referee checks
  the result, and the search's own layout stays when it finds it illegal.

>>> from rummy_cli.tiles import format_tile_table, parse_tile_table, parse_tiles
>>> play = best_play(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O 11B 12B 2R"))
>>> format_tile_table(play.after), play.cards_played, play.jokers_freed
('3K 4K 5K / 11B 12B JK / 5O 6O 7O', 3, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, permutations, product
from typing import Literal

from ...cards import AnyCard, Card, Joker
from ...errors import UnusableInputError
from ...search.problem import Cell, Solution
from ...tiles import AnyTile, Tile, TileJoker, TileSet, tile_sort_key
from .packing import Candidate, pack
from .rules import RUMMIKUB, RummikubRules
from .sets import judge_set
from .tidy import (
    SMALL_LAY_OUT,
    SPLIT_LAY_OUT,
    declare_back,
    kind,
    lay_out,
    less,
    minus,
    plain_legal,
    reading_order,
    readings_of,
    set_key,
    shown,
    undeclared,
)
from .tilecards import NotSolvable, bare_tile, card_of, problem_of, solve, tile_back, tile_of

Objective = Literal["cards", "points"]
MOST_OPENINGS = 400  # openings tried under opening_turn=continue, when the best play opens not
SHORT_RUN = 5  # longer runs are two runs: the packing of a whole table lists none
MOST_TABLE_PACKED = 100_000  # states of that packing at most (about a second), then refused
PACK_RACK = 20  # up to this many tiles, new sets of rack tiles are packed (quicker)
def tile_points(tile: AnyTile, rules: RummikubRules = RUMMIKUB) -> int:
    """What a tile left in a rack is worth (K19): its number, a joker 30."""
    return rules.joker_points if isinstance(tile, TileJoker) else tile.number


@dataclass(frozen=True)
class TileArrangement:
    """Whether tiles form legal sets; one arrangement of as many of them as possible."""

    possible: bool
    sets: tuple[TileSet, ...]
    unplaceable: tuple[AnyTile, ...]


@dataclass(frozen=True)
class TilePlay:
    """The best play of a turn: the tiles from the rack, the table after, what it is worth."""

    played: tuple[AnyTile, ...]
    after: tuple[TileSet, ...]
    hand_after: tuple[AnyTile, ...]
    cards_played: int
    points_shed: int
    opening_value: int | None  # with ``initial``: the best worth of sets of played tiles
    jokers_freed: int
    exact: bool = True  # False when a strict joker rule made the play fall back

    @property
    def goes_out(self) -> bool:
        """True when the rack is empty after the play (K17)."""
        return not self.hand_after


def arrange(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> TileArrangement:
    """Can these tiles be split into legal sets (K5-K7, K13)? If not, as many as can.

    A joker written ``JK=7R`` stands for 7R; ``JK`` for whatever fits.

    >>> from rummy_cli.tiles import parse_tiles, format_tile_table
    >>> a = arrange(parse_tiles("5R 6R 7R 8R JK 9K 9B"))
    >>> format_tile_table(a.sets), [str(t) for t in a.unplaceable]
    ('5R 6R 7R 8R / 9K 9B JK', [])
    """
    declared: list[AnyTile] = [t for t in tiles
                               if isinstance(t, TileJoker) and t.stands_for is not None]
    if rules.ones == "wrap":  # the search over ranks knows no wrap: pack the sets instead
        found = pack(tiles, rules=rules)
        assert found is not None
        placed: list[AnyTile] = [*found.real, *[TileJoker()] * found.jokers]
        left = less(tiles, placed)
        return TileArrangement(not left, tuple(shown([list(s.tiles) for s in found.sets],
                                                      rules)), tuple(left))
    cells: dict[Card, Cell] = {}
    for tile in tiles:
        real = tile if isinstance(tile, Tile) else tile.stands_for
        if real is not None:
            card: AnyCard = card_of(real) if isinstance(tile, Tile) else Joker(card_of(real))
            cells.setdefault(card_of(real), Cell(weight=1)).may.append(card)
    free = sum(1 for t in tiles if isinstance(t, TileJoker) and t.stands_for is None)
    solution = solve(problem_of(cells, rules, free_may=free, joker_weight=1))
    assert solution is not None  # placing nothing is always a solution
    placed_tiles = [tile_back(c) for c in solution.placed] + [TileJoker()] * solution.free_placed
    left = less(tiles, placed_tiles)
    sets = [[bare_tile(c) for c in meld] for meld in solution.melds]
    if declared:  # a declared joker is shown as given
        sets = declare_back(sets, declared)
    return TileArrangement(not left, tuple(shown(sets, rules)), tuple(left))


def best_play(table: Sequence[Sequence[AnyTile]], rack: Sequence[AnyTile],
              rules: RummikubRules = RUMMIKUB, by: Objective = "cards",
              initial: bool = False) -> TilePlay | None:
    """The best legal play this turn (K8-K16), or None when the player must draw (K3).

    Best: the most tiles (``by="cards"``) or the most points shed (``by="points"``, a
    joker shedding ``joker_points``); ties: more points (more tiles), then fewer table sets
    changed. ``initial``: the player has not opened and the play must open (K9, K10).
    """
    if by not in ("cards", "points"):
        raise ValueError(f"by must be 'cards' or 'points', not {by!r}")
    if not rack:
        return None
    turn = _Turn(table, rack, rules, by)
    if initial and rules.opening_turn == "alone":
        return turn.opening_alone()
    if not any(table) and rules.ones == "wrap":  # runs that go round: the packing's
        return turn.opening_alone() if initial else turn.opening_alone(floor=0)
    if not any(table) and not initial and len(rack) <= PACK_RACK:
        return turn.opening_alone(floor=0)  # new sets of a few tiles: packed, quicker
    if initial:
        return turn.opening_continued()
    return turn.best()


def suggest(before: Sequence[Sequence[AnyTile]], played: Sequence[AnyTile],
            rules: RummikubRules = RUMMIKUB, initial: bool = False) -> tuple[TileSet, ...] | None:
    """A legal table after the turn that plays exactly ``played`` (K8-K16), or None.

    Exact: the best play of those tiles plays them all whenever some legal table does.

    >>> from rummy_cli.tiles import format_tile_table, parse_tile_table, parse_tiles
    >>> format_tile_table(suggest(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O")))
    '3K 4K 5K / 5O 6O 7O JK'
    """
    play = best_play(before, played, rules, initial=initial)
    if play is None or play.cards_played != len(played):
        return None
    return play.after


# --- one turn ----------------------------------------------------------------------------

@dataclass
class _TableJoker:
    """A joker on the table before the turn: its set and every tile it stands for."""

    where: int  # the index of its set
    values: frozenset[Tile]  # in some reading of its set
    group_of_three: bool  # a 3-group's only joker (``joker_group=both``)
    first: int  # the index of its set's first joker among all the table's jokers
    readings: tuple[tuple[Tile, ...], ...]  # its set's joint readings: each joker's tile


@dataclass(frozen=True)
class _Way:
    """What one table joker does in a turn: keeps a tile, or is freed (with the rack tiles
    its freeing needs played)."""

    keeps: Tile | None
    needs: frozenset[Tile] = frozenset()


@dataclass
class _Found:
    solution: Solution
    score: int
    ways: tuple[_Way, ...]
    forced: list[Card] = field(default_factory=list)
    forced_jokers: int = 0


class _Turn:
    def __init__(self, table: Sequence[Sequence[AnyTile]], rack: Sequence[AnyTile],
                 rules: RummikubRules, by: Objective) -> None:
        self.table = [tuple(s) for s in table]
        self.rack = list(rack)
        self.rules = rules
        self.by = by
        self.scale = 1 + len(rack) + sum(tile_points(t, rules) for t in rack)
        self.jokers: list[_TableJoker] = []
        for i, tiles in enumerate(self.table):
            if not any(isinstance(t, TileJoker) for t in tiles):
                if not plain_legal(tiles, rules):
                    raise UnusableInputError(f"the table's set {' '.join(map(str, tiles))} "
                                             "is not legal: only a legal table can be played on")
                continue
            verdict = judge_set(tiles, rules)
            if not verdict.legal:
                raise UnusableInputError(f"the table's set {' '.join(map(str, tiles))} is not "
                                         "legal: only a legal table can be played on")
            group3 = verdict.kind == "group" and len(tiles) == 3 and sum(
                isinstance(t, TileJoker) for t in tiles) == 1
            joint = tuple(dict.fromkeys(r.jokers for r in verdict.found))
            first = len(self.jokers)
            for values in verdict.joker_values:
                self.jokers.append(_TableJoker(i, values, group3, first, joint))
        self.real_table = Counter(t for s in self.table for t in s if isinstance(t, Tile))
        self.rack_real = Counter(t for t in rack if isinstance(t, Tile))
        self.rack_jokers = sum(1 for t in rack if isinstance(t, TileJoker))

    def weight(self, tile: AnyTile) -> int:
        points = tile_points(tile, self.rules)
        return self.scale + points if self.by == "cards" else self.scale * points + 1

    # -- the opening

    def opening_alone(self, floor: int | None = None) -> TilePlay | None:
        """K9, K10 ``alone``: new sets of rack tiles only, worth the opening; the table as
        it was."""
        rules = self.rules
        need = rules.opening if floor is None else floor
        worth = rules.opening_joker if floor is None else "value"
        usable = [t for t in self.rack if worth != "no" or isinstance(t, Tile)]
        found = None
        if rules.ones != "wrap" and len(usable) > PACK_RACK:
            # quick for a large rack: its best sets, if they are worth the opening
            quick = self._rack_only(usable)
            if quick is not None:
                tiles = quick
                check = pack(tiles, need, rules, joker_worth=worth)
                if check is not None and len(check.real) + check.jokers == len(tiles):
                    found = check
        if found is None:
            found = pack(usable, need, rules, weight=self.weight, joker_worth=worth)
        if found is None or not found.sets:
            return None
        played: list[AnyTile] = [*found.real, *[TileJoker()] * found.jokers]
        sets = [list(s.tiles) for s in found.sets]
        value = found.value if floor is None else None
        return self._play(played, [*map(list, self.table), *undeclared(sets)], value, 0)

    def _rack_only(self, tiles: list[AnyTile]) -> list[AnyTile] | None:
        cells: dict[Card, Cell] = {}
        for t in tiles:
            if isinstance(t, Tile):
                cells.setdefault(card_of(t), Cell(weight=self.weight(t))).may.append(card_of(t))
        jokers = sum(1 for t in tiles if isinstance(t, TileJoker))
        solution = solve(problem_of(cells, self.rules, free_may=jokers,
                                  joker_weight=self.weight(TileJoker())))
        if solution is None or not solution.melds:
            return None
        return [*(tile_back(c) for c in solution.placed), *[TileJoker()] * solution.free_placed]

    def opening_continued(self) -> TilePlay | None:
        """K10 ``continue``: the tiles played include sets of their own worth the opening
        (settled point 2: judged from the end of the turn); the rest of the turn is any turn.

        The best play is tried first; if its tiles hold no such sets, every smallest
        collection of rack sets worth the opening is made to be played in turn, and the best
        play that includes it is kept.
        """
        rules = self.rules
        if rules.opening_joker == "no" and self.rack_jokers:  # no joker in an opening turn
            rack = [t for t in self.rack if isinstance(t, Tile)]
            return _Turn(self.table, rack, rules, self.by).opening_continued() if rack else None
        from .packing import candidates
        from .turn import opening_worth

        best = self.best()
        if best is None:
            return None
        if opening_worth(best.after, best.played, rules) >= rules.opening:
            return self._with_opening(best)
        sets = candidates(self.rack_real, self.rack_jokers, rules, rules.opening_joker)
        choice: TilePlay | None = None
        openings = list(_openings(sets, rules.opening, self.rack_real, self.rack_jokers,
                                  MOST_OPENINGS))
        for opening in openings:
            need: Counter[Tile] = Counter()
            for chosen in opening:
                need.update(chosen.real)
            play = self.best(forced=need, forced_jokers=sum(len(c.jokers) for c in opening))
            if play is None:
                continue
            if choice is None or self._score(play) > self._score(choice):
                choice = play
                if self._score(choice) == self._score(best):
                    break
        else:
            if len(openings) >= MOST_OPENINGS and choice is not None:  # some were not tried
                choice = replace(choice, exact=False)
        return None if choice is None else self._with_opening(choice)

    def _with_opening(self, play: TilePlay) -> TilePlay:
        from .turn import opening_worth

        value = opening_worth(play.after, play.played, self.rules)
        return TilePlay(play.played, play.after, play.hand_after, play.cards_played,
                        play.points_shed, value, play.jokers_freed, play.exact)

    def _score(self, play: TilePlay) -> tuple[int, int]:
        first = play.cards_played if self.by == "cards" else play.points_shed
        return first, play.points_shed if self.by == "cards" else play.cards_played

    # -- any turn

    def best(self, forced: Counter[Tile] | None = None, forced_jokers: int = 0) -> TilePlay | None:
        """The best play of a player who has opened, with these rack tiles played."""
        forced = forced or Counter()
        if self.rules.ones == "wrap":
            return self._best_packed(forced, forced_jokers)
        relaxed = self._search(None, forced, forced_jokers, beat=None)
        if relaxed is None:
            return None
        found: _Found | None = None
        if self._keeps_rules(relaxed):
            found = relaxed
        else:
            found = self._search_ways(self._all_ways(), forced, forced_jokers, relaxed.score)
        if found is None or found.score <= 0:
            return None
        if self.rules.freed_joker == "new-set" or self.rules.joker_sets == "locked":
            if not self._strict_ok(found) or not self._legal(play := self._finish(found)):
                # the strict rules break the best play: the plans keeping them are searched
                from .strict import strict_best

                return strict_best(self, forced, forced_jokers, found.score)
            return play
        return self._finish(found)

    def _best_packed(self, forced: Counter[Tile], forced_jokers: int) -> TilePlay | None:
        """``ones=wrap``: the search over numbers knows no run going round, so every table
        tile is packed again with the rack's (:func:`.packing.pack`), each way of the
        table's jokers (kept as a tile they stood for, or freed) apart (K14)."""
        strict = self.rules.freed_joker == "new-set" or self.rules.joker_sets == "locked"
        best: tuple[int, TilePlay] | None = None
        for combo in product(*self._all_ways()):
            ways = [w for part in combo for w in part]
            need = Counter(forced)
            for way in ways:
                for v in way.needs:
                    need[v] = max(need[v], 1)
            kept = [w.keeps for w in ways if w.keeps is not None]
            found = self._packed(self.real_table, kept, len(ways) - len(kept), need,
                                 forced_jokers, self.rack_real, self.rack_jokers)
            if found is None or found[0] <= 0 or (best is not None and found[0] <= best[0]):
                continue
            score, sets, played = found
            play = self._play(played, self._keep_table_sets(sets, played), None,
                              len(ways) - len(kept))
            if not self._legal(play):
                play = self._play(played, sets, None, len(ways) - len(kept))
            if strict or self._legal(play):  # (K14 holds: the strict rules are searched next)
                best = score, play
        if best is None:
            return None
        if strict and not self._legal(best[1]):
            from .strict import strict_best

            return strict_best(self, forced, forced_jokers, best[0])
        return best[1]

    def _packed(self, table: Counter[Tile], kept: Sequence[Tile], freed: int,
                forced: Counter[Tile], forced_jokers: int, rack: Counter[Tile],
                rack_jokers: int) -> tuple[int, list[list[AnyTile]], list[AnyTile]] | None:
        """The best packing placing every ``table`` tile, a joker for each ``kept`` tile
        (standing for it) and ``freed`` more jokers, some of the ``rack`` tiles and jokers
        (``forced`` and ``forced_jokers`` of them surely): the score of the rack tiles
        placed, the sets, the tiles played; None if there is none."""
        tiles: list[AnyTile] = [*table.elements(), *kept, *rack.elements(),
                                *[TileJoker()] * (freed + rack_jokers)]
        must = table + Counter(kept) + forced
        if forced - rack or forced_jokers > rack_jokers:
            return None
        try:
            found = pack(tiles, 0, self.rules, weight=self.weight, must=must,
                         must_jokers=freed + forced_jokers, longest=SHORT_RUN,
                         most=MOST_TABLE_PACKED)
        except NotSolvable:
            raise NotSolvable(
                f"too many ways to lay out {sum(table.values()) + len(kept) + freed} table "
                f"tiles and a rack of {len(self.rack)} with runs that go round (ones=wrap): "
                "try the hint with fewer tiles, or without --rule ones=wrap") from None
        if found is None:
            return None
        sets: list[list[AnyTile]] = [[*c.real, *[TileJoker()] * len(c.jokers)]
                                     for c in found.sets]
        for v in kept:  # the joker standing for v, packed as one more v
            where = next(s for s in sets if v in s)
            where[where.index(v)] = TileJoker()
        sets = _joined(sets, self.rules)
        placed = Counter(t for s in found.sets for t in s.real)
        played: list[AnyTile] = [*(placed - table - Counter(kept)).elements(),
                                 *[TileJoker()] * (found.jokers - freed)]
        score = found.score - sum(self.weight(t) * n for t, n in (table + Counter(kept)).items())
        return score - freed * self.weight(TileJoker()), sets, played

    def _all_ways(self) -> list[list[tuple[_Way, ...]]]:
        """Each table set's ways with its jokers this turn (K14, K16), read jointly (settled
        point 1): for each reading, each joker keeps its tile or is freed; free ones first."""
        result: list[list[tuple[_Way, ...]]] = []
        for i, joker in enumerate(self.jokers):
            if joker.first != i:
                continue  # one entry per set, at its first joker
            if self.rules.joker_free == "rearrange":  # every table joker is free (K14)
                result.append([tuple(_Way(None) for _ in joker.readings[0])])
                continue
            ways: dict[tuple[_Way, ...], None] = {}
            for reading in joker.readings:
                per_joker = [self._joker_ways(joker, v) for v in reading]
                for combo in product(*per_joker):
                    ways[combo] = None
            result.append(sorted(ways, key=lambda c: (any(w.keeps for w in c),
                                                      sum(len(w.needs) for w in c))))
        return result

    def _joker_ways(self, joker: _TableJoker, value: Tile) -> list[_Way]:
        """One joker read as ``value``: freed (by what, if anything), or kept as it."""
        rules = self.rules
        needed = (joker.values if rules.joker_group == "both" and joker.group_of_three
                  else frozenset([value]))
        needs = set()
        for v in needed:
            if rules.joker_swap == "any" and self.real_table[v]:
                continue
            if not self.rack_real[v]:
                return [_Way(value)]  # it cannot be freed
            needs.add(v)
        if not needs:
            return [_Way(None)]  # free already: keeping a tile is no better
        return [_Way(None, frozenset(needs)), _Way(value)]

    def _search_ways(self, ways: list[list[tuple[_Way, ...]]], forced: Counter[Tile],
                     forced_jokers: int, ceiling: int | None) -> _Found | None:
        best: _Found | None = None
        seen: set[tuple[object, ...]] = set()
        combos = sorted((tuple(w for part in c for w in part) for c in product(*ways)),
                        key=lambda c: sum(len(w.needs) for w in c))
        for combo in combos:
            key = (tuple(sorted(str(w.keeps) for w in combo if w.keeps)),
                   frozenset().union(*(w.needs for w in combo)),
                   sum(1 for w in combo if w.keeps is None))
            if key in seen:
                continue
            seen.add(key)
            found = self._search(combo, forced, forced_jokers,
                                 beat=None if best is None else best.score)
            if found is None:
                continue
            best = found
            if ceiling is not None and best.score >= ceiling:
                break
        return best

    def _search(self, ways: tuple[_Way, ...] | None, forced: Counter[Tile], forced_jokers: int,
                beat: int | None) -> _Found | None:
        """One search: table jokers free (``ways`` None) or as ``ways`` says."""
        cells: dict[Card, Cell] = {}
        free_must = 0
        for tiles in self.table:
            for t in tiles:
                if isinstance(t, Tile):
                    cells.setdefault(card_of(t), Cell()).must.append(card_of(t))
        for way in ways or [_Way(None)] * len(self.jokers):
            if way.keeps is None:
                free_must += 1
            else:
                cells.setdefault(card_of(way.keeps), Cell()).must.append(Joker(card_of(way.keeps)))
        must_play = Counter(forced)
        for way in ways or ():
            for v in way.needs:
                must_play[v] = max(must_play[v], 1)
        forced_cards: list[Card] = []
        bonus = 0
        for tile, n in sorted(self.rack_real.items(), key=lambda tn: tile_sort_key(tn[0])):
            cell = cells.setdefault(card_of(tile), Cell())
            cell.weight = self.weight(tile)
            for k in range(n):
                card = card_of(tile)  # a new object: the layout keeps it, so it is known
                if k < must_play[tile]:
                    cell.must.append(card)
                    forced_cards.append(card)
                    bonus += cell.weight
                else:
                    cell.may.append(card)
        if any(must_play[t] > self.rack_real[t] for t in must_play):
            return None
        free_may = self.rack_jokers - forced_jokers
        free_must += forced_jokers
        joker_weight = self.weight(TileJoker())
        bonus += forced_jokers * joker_weight
        problem = problem_of(cells, self.rules, free_must=free_must, free_may=free_may,
                           joker_weight=joker_weight)
        solution = solve(problem, beat=None if beat is None else beat - bonus)
        if solution is None:
            return None
        return _Found(solution, solution.score + bonus, ways or (), forced_cards, forced_jokers)

    # -- checking an answer

    def _after_jokers(self, found: _Found) -> tuple[list[int], list[tuple[tuple[Tile, ...], ...]]]:
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

    def _played_real(self, found: _Found) -> Counter[Tile]:
        return Counter([*(tile_of(c) for c in found.solution.placed if isinstance(c, Card)),
                        *map(tile_of, found.forced)])

    def _freed_by(self, joker: _TableJoker, value: Tile, found: _Found) -> bool:
        """Would a real tile on the table after free this joker, read as ``value`` before
        the turn (K14, K16)?"""
        if self.rules.joker_free == "rearrange":
            return True
        played = self._played_real(found)
        present = played if self.rules.joker_swap == "rack" else self.real_table + played
        if self.rules.joker_group == "both" and joker.group_of_three:
            return all(present[v] for v in joker.values)
        return bool(present[value])

    def _assignments(self, found: _Found) -> Iterator[list[tuple[int, bool]]]:
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

    def _keeps_rules(self, found: _Found) -> bool:
        return next(self._assignments(found), None) is not None

    def _strict_ok(self, found: _Found) -> bool:
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
        from .turn import judge_turn

        return judge_turn(tuple(self.table), self.rack, play.after, rules=self.rules).legal

    def _finish(self, found: _Found) -> TilePlay:
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
        from .turn import judge_turn

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


def _joined(sets: list[list[AnyTile]], rules: RummikubRules) -> list[list[AnyTile]]:
    """Runs of one colour without a joker that make one longer run, joined (the packing
    lays runs of five at most).

    >>> from rummy_cli.tiles import format_tile_table, parse_tile_table
    >>> wrap = RUMMIKUB.with_house_rules({"ones": "wrap"})
    >>> sets = [list(s) for s in parse_tile_table("12R 13R 1R / 2R 3R 4R / 5K 5B 5O")]
    >>> format_tile_table(_joined(sets, wrap))
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


def _openings(sets: Sequence[Candidate], floor: int, tiles: Counter[Tile],
              jokers: int, most: int) -> Iterator[list[Candidate]]:
    """Smallest collections of rack sets worth ``floor`` (each set's worth before the next
    is added falls short), each set of tiles once, at most ``most``."""
    cands = sorted(sets, key=lambda c: -c.value)
    seen: set[tuple[tuple[Tile, ...], int]] = set()
    count = 0

    def walk(start: int, chosen: list[Candidate], used: Counter[Tile], used_jokers: int,
             worth: int) -> Iterator[list[Candidate]]:
        nonlocal count
        if worth >= floor:
            key = (tuple(sorted(used.elements(), key=tile_sort_key)), used_jokers)
            if key not in seen:
                seen.add(key)
                count += 1
                yield list(chosen)
            return
        for i in range(start, len(cands)):
            if count >= most:
                return
            c = cands[i]
            need = Counter(c.real)
            if used_jokers + len(c.jokers) > jokers or any(
                    used[t] + n > tiles[t] for t, n in need.items()):
                continue
            yield from walk(i + 1, [*chosen, c], used + need, used_jokers + len(c.jokers),
                            worth + c.value)

    yield from walk(0, [], Counter(), 0, 0)
