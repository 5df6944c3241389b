"""The search for the best Rummikub turn: what must be placed and what may, each way of the
table's jokers, the opening (see :mod:`.solve` for the rules it keeps)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import product

from ...cards import Card, Joker
from ...errors import UnusableInputError
from ...search.problem import Cell
from ...tiles import AnyTile, Tile, TileJoker, tile_sort_key
from .packing import Candidate, candidates, pack
from .plays import Objective, TilePlay, tile_points
from .rules import RummikubRules
from .sets import judge_set
from .strict import strict_best
from .tidy import (
    plain_legal,
    undeclared,
)
from .tilecards import NotSolvable, card_of, problem_of, solve, tile_back
from .turn import opening_worth
from .turn_finish import Found, JokerWay, SearchJoker, TurnFinish, joined_sets

MOST_OPENINGS = 400  # openings tried under opening_turn=continue, when the best play opens not


SHORT_RUN = 5  # longer runs are two runs: the packing of a whole table lists none


MOST_TABLE_PACKED = 100_000  # states of that packing at most (about a second), then refused


PACK_RACK = 20  # up to this many tiles, new sets of rack tiles are packed (quicker)


class TurnSearch(TurnFinish):
    def __init__(self, table: Sequence[Sequence[AnyTile]], rack: Sequence[AnyTile],
                 rules: RummikubRules, by: Objective) -> None:
        self.table = [tuple(s) for s in table]
        self.rack = list(rack)
        self.rules = rules
        self.by = by
        self.scale = 1 + len(rack) + sum(tile_points(t, rules) for t in rack)
        self.jokers: list[SearchJoker] = []
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
                self.jokers.append(SearchJoker(i, values, group3, first, joint))
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
            if not rack:
                return None
            return TurnSearch(self.table, rack, rules, self.by).opening_continued()
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
        found: Found | None = None
        if self._keeps_rules(relaxed):
            found = relaxed
        else:
            found = self._search_ways(self._all_ways(), forced, forced_jokers, relaxed.score)
        if found is None or found.score <= 0:
            return None
        if self.rules.freed_joker == "new-set" or self.rules.joker_sets == "locked":
            if not self._strict_ok(found) or not self._legal(play := self._finish(found)):
                # the strict rules break the best play: the plans keeping them are searched
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
        sets = joined_sets(sets, self.rules)
        placed = Counter(t for s in found.sets for t in s.real)
        played: list[AnyTile] = [*(placed - table - Counter(kept)).elements(),
                                 *[TileJoker()] * (found.jokers - freed)]
        score = found.score - sum(self.weight(t) * n for t, n in (table + Counter(kept)).items())
        return score - freed * self.weight(TileJoker()), sets, played

    def _all_ways(self) -> list[list[tuple[JokerWay, ...]]]:
        """Each table set's ways with its jokers this turn (K14, K16), read jointly (settled
        point 1): for each reading, each joker keeps its tile or is freed; free ones first."""
        result: list[list[tuple[JokerWay, ...]]] = []
        for i, joker in enumerate(self.jokers):
            if joker.first != i:
                continue  # one entry per set, at its first joker
            if self.rules.joker_free == "rearrange":  # every table joker is free (K14)
                result.append([tuple(JokerWay(None) for _ in joker.readings[0])])
                continue
            ways: dict[tuple[JokerWay, ...], None] = {}
            for reading in joker.readings:
                per_joker = [self._joker_ways(joker, v) for v in reading]
                for combo in product(*per_joker):
                    ways[combo] = None
            result.append(sorted(ways, key=lambda c: (any(w.keeps for w in c),
                                                      sum(len(w.needs) for w in c))))
        return result

    def _joker_ways(self, joker: SearchJoker, value: Tile) -> list[JokerWay]:
        """One joker read as ``value``: freed (by what, if anything), or kept as it."""
        rules = self.rules
        needed = (joker.values if rules.joker_group == "both" and joker.group_of_three
                  else frozenset([value]))
        needs = set()
        for v in needed:
            if rules.joker_swap == "any" and self.real_table[v]:
                continue
            if not self.rack_real[v]:
                return [JokerWay(value)]  # it cannot be freed
            needs.add(v)
        if not needs:
            return [JokerWay(None)]  # free already: keeping a tile is no better
        return [JokerWay(None, frozenset(needs)), JokerWay(value)]

    def _search_ways(self, ways: list[list[tuple[JokerWay, ...]]], forced: Counter[Tile],
                     forced_jokers: int, ceiling: int | None) -> Found | None:
        best: Found | None = None
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

    def _search(self, ways: tuple[JokerWay, ...] | None, forced: Counter[Tile], forced_jokers: int,
                beat: int | None) -> Found | None:
        """One search: table jokers free (``ways`` None) or as ``ways`` says."""
        cells: dict[Card, Cell] = {}
        free_must = 0
        for tiles in self.table:
            for t in tiles:
                if isinstance(t, Tile):
                    cells.setdefault(card_of(t), Cell()).must.append(card_of(t))
        for way in ways or [JokerWay(None)] * len(self.jokers):
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
        return Found(solution, solution.score + bonus, ways or (), forced_cards, forced_jokers)

    # -- checking an answer


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
