"""The strict joker rules searched exactly: ``joker_sets=locked`` (K16) and
``freed_joker=new-set`` (K15).

The arrangement search places tiles one by one and cannot keep a set together or count the
rack tiles beside a joker. Every legal table after the turn, though, holds a few sets that
carry those rules (the *plan*):

* under ``locked``, for each table set holding a joker, a set that holds all of it
  (extended) or its real tiles with a real tile its joker stood for (K16);
* under ``new-set``, each set a freed joker went to, holding two or more played tiles (K15).

The other tiles hold no joker of the table but those that keep a tile they stood for
(declared, as one more copy of that tile) or, without ``new-set``, freed ones (free), and
the rack's jokers: the arrangement search lays them out exactly. So the plans are listed
and each is searched beside them; the referee's own joker rules judge each plan, with the
fewest rack tiles that must then be played (a joker's tile under ``joker_swap=rack``, the
played tiles of a new set), and the best plan's play is the answer.

A plan's sets need not be listed in full: a run's three or more tiles at an end that
neither the rules nor its jokers need can always stand as a run of their own, so a listed
run reaches at most two tiles beyond its jokers and the tiles the rules look at.

Each plan is first searched with its jokers free (a bound: nothing under it does better);
the leaves (which jokers kept, which freed into which new set) only where that bound beats
the best play found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import TYPE_CHECKING

from ...cards import Card, Joker
from ...search.problem import Cell, Solution
from ...tiles import COLOURS, AnyTile, Tile, TileJoker, tile_sort_key
from .jokers import TableJoker, before_jokers, cheapest
from .rules import RummikubRules
from .sets import judge_set, run_windows
from .tidy import reading_order, readings_of, set_key
from .tilecards import bare_tile, card_of, problem_of, solve, tile_back, tile_of
from .turn import judge_turn

if TYPE_CHECKING:
    from .plays import TilePlay
    from .turn_search import TurnSearch

TileSet = tuple[AnyTile, ...]
MOST_NEW_SETS = 300  # new sets for freed jokers tried at most, then the best found is given


@dataclass(frozen=True)
class _Leaf:
    """A plan, what the table's other jokers do, and the rack tiles it must play."""

    sets: tuple[TileSet, ...]
    kept: tuple[Tile | None, ...]  # each table joker not in the plan: its tile, None: free
    forced: Counter[Tile]
    jokers: int = 0  # rack jokers it must play besides the plan's and ``forced_jokers``


def strict_best(turn: TurnSearch, forced: Counter[Tile], forced_jokers: int,
                ceiling: int) -> TilePlay | None:
    """The best play under ``locked`` and ``new-set`` as the referee judges them, exactly.

    ``ceiling``: the best score without those rules (nothing does better)."""
    return _Strict(turn, forced, forced_jokers, ceiling).best()


class _Strict:
    def __init__(self, turn: TurnSearch, forced: Counter[Tile], forced_jokers: int,
                 ceiling: int) -> None:
        self.turn = turn
        self.rules: RummikubRules = turn.rules
        self.locked = turn.rules.joker_sets == "locked"
        self.new_set = turn.rules.freed_joker == "new-set"
        self.before = tuple(tuple(s) for s in turn.table)
        self.table_real: Counter[Tile] = Counter(turn.real_table)
        self.rack_real: Counter[Tile] = Counter(turn.rack_real)
        self.table_jokers = sum(isinstance(t, TileJoker) for s in self.before for t in s)
        self.rack_jokers = turn.rack_jokers
        self.forced = forced
        self.forced_jokers = forced_jokers
        self.ceiling = ceiling
        self.pool = self.table_real + self.rack_real
        self.values = sorted({v for j in turn.jokers for v in j.values}, key=tile_sort_key)
        self.rack_kinds = set(self.rack_real)
        self.best_score: int | None = None
        self.tried = 0
        self.exact = True
        self.best_play: TilePlay | None = None
        self.before_joint, _ = before_jokers(self.before, self.rules)
        self.locked_sets: list[_Locked] = [
            (_kinds(s), _kinds(tuple(t for t in s if isinstance(t, Tile))),
             {str(v) for vs in judge_set(s, self.rules).joker_values for v in vs})
            for s in self.before if any(isinstance(t, TileJoker) for t in s)]

    # -- the search

    def best(self) -> TilePlay | None:
        # plans grow set by set, each searched with the rest free (a bound on every plan
        # growing from it), best bound first; a complete plan's leaves with the table's
        # jokers kept or free at once, those with new sets for freed jokers last
        self.pending: list[tuple[int, tuple[TileSet, ...]]] = []
        if self.locked:
            locked = [s for s in self.before if any(isinstance(t, TileJoker) for t in s)]
            self._complete(tuple(locked))  # every set holding a joker as it is: a first play
            self.options = [self._holding(i, s) for i, s in enumerate(locked)]
            self._grow((), Counter())
        else:
            self._complete(())
        self.pending.sort(key=lambda b: -b[0])
        for bound, sets in self.pending if self.new_set else ():
            if not self.exact or (self.best_score is not None and bound <= self.best_score):
                break
            self._new_set_leaves(sets)
        play = self.best_play
        if play is None:
            return None
        # the last tie-break: table sets the play need not touch put back, if still legal
        tidy = self.turn._play(list(play.played), self.turn._keep_table_sets(
            [list(s) for s in play.after], play.played), None, play.jokers_freed, self.exact)
        return tidy if self._legal(tidy) else replace(play, exact=self.exact)

    def _new_set_leaves(self, sets: tuple[TileSet, ...]) -> None:
        """The best play holding these sets and a new set for a freed joker (K15)."""
        jokers = sum(isinstance(t, TileJoker) for s in sets for t in s)
        left = max(0, self.table_jokers - jokers)
        every = Counter({t: n for t, n in self.rack_real.items()})
        # at least one of them freed, the others keeping a tile they stood for (freeing
        # them all at once may fail where freeing one does: 1K JK 1O JK with only 1R)
        options: list[Tile | None] = [None, *self.values]
        if not left or not any(self._keeps_rules(sets, kept, every)
                               for kept in combinations_with_replacement(options, left)
                               if None in kept):
            return  # no joker left to free, or none may be freed, new set or not
        for w in self._new_sets(sets):
            if self.tried >= MOST_NEW_SETS:
                self.exact = False  # too many new sets to try: the best found so far
                return
            self.tried += 1
            self._leaf_sets((*sets, w))

    def _leaf_sets(self, whole: tuple[TileSet, ...]) -> None:
        jokers = sum(isinstance(t, TileJoker) for s in whole for t in s)
        if jokers - self.table_jokers > self.rack_jokers:
            return
        left = max(0, self.table_jokers - jokers)
        for kept in self._kept(left):
            for must in self._forcings(whole, kept):
                found = self._search(_Leaf(whole, kept, must))
                if found is not None and self._legal(found[1]):
                    self._offer(*found)

    def _offer(self, score: int, play: TilePlay) -> None:
        if play.played and (self.best_score is None or score > self.best_score):
            self.best_score, self.best_play = score, play

    def _legal(self, play: TilePlay) -> bool:
        return judge_turn(self.before, self.turn.rack, play.after, rules=self.rules).legal

    def _kept(self, left: int) -> Iterator[tuple[Tile | None, ...]]:
        """What the table's jokers outside the plan do: keep a tile they stood for, or
        (not under ``new-set``) go free."""
        options: list[Tile | None] = list(self.values)
        if not self.new_set:
            options.insert(0, None)
        yield from combinations_with_replacement(options, left)

    # -- the plans

    def _bound(self, sets: tuple[TileSet, ...]) -> tuple[int, TilePlay] | None:
        """The best play holding these sets, every other joker free and no other rule."""
        jokers = sum(isinstance(t, TileJoker) for s in sets for t in s)
        left = max(0, self.table_jokers - jokers)
        return self._search(_Leaf(sets, (None,) * left, Counter(self.forced)))

    def _complete(self, sets: tuple[TileSet, ...],
                  bound: tuple[int, TilePlay] | None = None) -> None:
        """A complete plan: its bound's play if the referee finds it legal, else its
        leaves with the table's jokers kept or free (new sets wait, in ``pending``)."""
        found = bound or self._bound(sets)
        if found is None:
            return
        if self._legal(found[1]):
            self._offer(*found)
            return
        self._leaf_sets(sets)
        self.pending.append((found[0], sets))

    def _grow(self, chosen: tuple[TileSet, ...], used: Counter[AnyTile]) -> None:
        """Under ``locked``: give the first table set holding a joker that no chosen set
        keeps a set that keeps it (K16), each way, best bound first."""
        open_sets = [i for i, info in enumerate(self.locked_sets)
                     if not any(_keeps(info, _kinds(t)) for t in chosen)]
        # the set with most ways first: its bounds, searched once, prune the most
        open_set = max(open_sets, key=lambda i: len(self.options[i]), default=None)
        if open_set is None:
            self._complete(chosen)
            return
        grown = []
        for t in self.options[open_set]:
            need = used + Counter(kind_of(x) for x in t)
            if self._fits(need):
                found = self._bound((*chosen, t))
                if found is not None:
                    grown.append((found, (*chosen, t), need))
        grown.sort(key=lambda g: -g[0][0])
        for found, sets, need in grown:
            if self.best_score is not None and (found[0] <= self.best_score
                                                or self.best_score >= self.ceiling):
                break
            if self._legal(found[1]):
                self._offer(*found)
                continue  # the best play holding these sets already, and legal
            if all(any(_keeps(info, _kinds(t)) for t in sets) for info in self.locked_sets):
                self._complete(sets, found)
            else:
                self._grow(sets, need)

    def _fits(self, need: Counter[AnyTile]) -> bool:
        return (all(self.pool[t] >= n for t, n in need.items() if isinstance(t, Tile))
                and need[TileJoker()] <= self.table_jokers + self.rack_jokers)

    def _holding(self, i: int, locked: TileSet) -> list[TileSet]:
        """The sets after the turn that keep this table set (K16): all of it, perhaps
        extended, or its real tiles with its joker's tile; the rack's tiles first."""
        core = Counter(t for t in locked if isinstance(t, Tile))
        witnesses = self.rack_kinds if self.new_set else set()
        found = [s for s in _sets_with(core, self.pool, self.table_jokers + self.rack_jokers,
                                      self.rules, set(self.values), witnesses, False)
                 if _keeps(self.locked_sets[i], _kinds(s))]
        found.sort(key=lambda s: -sum(self.turn.weight(t) for t in s if t not in locked))
        return found

    def _new_sets(self, sets: tuple[TileSet, ...]) -> list[TileSet]:
        """The sets a freed joker may go to (K15): a joker and two or more tiles a rack
        holds (or a second joker), from the tiles the plan leaves."""
        used = Counter(kind_of(t) for s in sets for t in s)
        pool = Counter({t: n - used[t] for t, n in self.pool.items() if n > used[t]})
        jokers = self.table_jokers + self.rack_jokers - used[TileJoker()]
        found = _sets_with(Counter(), pool, jokers, self.rules, set(), self.rack_kinds, True)
        found.sort(key=lambda s: -sum(self.turn.weight(t) for t in s
                                      if isinstance(t, Tile) and self.rack_real[t]))
        return found

    # -- a plan's own rules

    def _forcings(self, sets: tuple[TileSet, ...],
                  kept: tuple[Tile | None, ...]) -> list[Counter[Tile]]:
        """The smallest sets of rack tiles whose play makes the plan keep the joker rules
        (more played tiles never break them), each with the tiles ``forced`` already."""
        used = Counter(t for s in sets for t in s if isinstance(t, Tile))
        from_rack = Counter({t: n - self.table_real[t] for t, n in used.items()
                             if n > self.table_real[t]})
        if any(n > self.rack_real[t] for t, n in from_rack.items()):
            return []
        base = from_rack + self.forced
        spare = sorted((t for t in {*used, *self.values}
                        if self.rack_real[t] - base[t] > 0), key=tile_sort_key)
        if not self._keeps_rules(sets, kept, base + Counter(spare)):
            return []  # not even with every one of them played
        found: list[Counter[Tile]] = []
        for size in range(len(spare) + 1):
            for more in combinations(spare, size):
                if any(f <= set(more) for f in map(set, found)):
                    continue
                if self._keeps_rules(sets, kept, base + Counter(more)):
                    found.append(Counter(more))
        return [self.forced + f for f in found]

    def _keeps_rules(self, sets: tuple[TileSet, ...], kept: tuple[Tile | None, ...],
                     played_real: Counter[Tile]) -> bool:
        """The referee's K14-K16 on the plan's sets (as :mod:`.turn` judges them), the
        table's other jokers as ``kept`` says."""
        rules = self.rules
        if self.locked and not self._locked_kept(sets):
            return False
        if not self.before_joint:
            return True
        jokers_in = sum(isinstance(t, TileJoker) for s in sets for t in s)
        played_jokers = max(0, jokers_in - self.table_jokers, self.forced_jokers)
        after_joint: list[list[list[tuple[frozenset[Tile] | None, bool]]]] = []
        for s in sets:
            joint, union, reals = _slots(s, rules)
            if not union:
                continue
            fresh = sum(min(k, played_real[t]) for t, k in reals.items())
            new = fresh + min(len(union), played_jokers) >= 2
            after_joint.append([[(v, new) for v in union]] if len(union) == 1 else
                               [[(frozenset({t}), new) for t in r] for r in joint])
        for v in kept:
            after_joint.append([[(frozenset() if v is None else frozenset({v}), True)]])
        on_table = self.table_real + played_real
        for read_before in product(*self.before_joint):
            jokers = [j for part in read_before for j in part]
            for read_after in product(*after_joint):
                slots = [x for part in read_after for x in part]
                if len(slots) >= len(jokers) and not cheapest(
                        jokers, slots, on_table, played_real, 0, rules):
                    return True
        return False

    def _locked_kept(self, sets: tuple[TileSet, ...]) -> bool:
        """K16 ``locked`` as the referee judges it: each table set holding a joker is in
        one set after, or its real tiles are, with a tile its joker stood for."""
        after = [_kinds(s) for s in sets]
        return all(any(_keeps(info, k) for k in after) for info in self.locked_sets)

    # -- one search

    def _search(self, leaf: _Leaf) -> tuple[int, TilePlay] | None:
        """The best play holding the leaf's sets, the rest searched: its score and play;
        None when it cannot beat the best known."""
        turn = self.turn
        used = Counter(t for s in leaf.sets for t in s if isinstance(t, Tile))
        table_left = self.table_real - used
        from_rack = used - self.table_real
        rack_left = self.rack_real - from_rack
        if from_rack - self.rack_real or leaf.forced - rack_left:
            return None
        jokers_in = sum(isinstance(t, TileJoker) for s in leaf.sets for t in s)
        plan_rack_jokers = max(0, jokers_in - self.table_jokers)
        if plan_rack_jokers > self.rack_jokers:
            return None
        spare_jokers = self.rack_jokers - plan_rack_jokers
        forced_jokers = max(0, self.forced_jokers - plan_rack_jokers) + leaf.jokers
        if forced_jokers > spare_jokers:
            return None
        joker_weight = turn.weight(TileJoker())
        if self.rules.ones == "wrap":  # runs that go round: the packing searches the rest
            kept = [v for v in leaf.kept if v is not None]
            packed = turn._packed(table_left, kept, len(leaf.kept) - len(kept), leaf.forced,
                                  forced_jokers, rack_left, spare_jokers)
            if packed is None:
                return None
            score, laid, played = packed
            score += (sum(turn.weight(t) * n for t, n in from_rack.items())
                      + plan_rack_jokers * joker_weight)
            if self.best_score is not None and score <= self.best_score:
                return None
            sets = [*(list(s) for s in leaf.sets), *laid]
            played = [*from_rack.elements(), *[TileJoker()] * plan_rack_jokers, *played]
            return score, turn._play(played, sets, None,
                                     _freed(self.before_joint, sets, self.rules))
        cells: dict[Card, Cell] = {}
        for t, n in sorted(table_left.items(), key=lambda tn: tile_sort_key(tn[0])):
            cells.setdefault(card_of(t), Cell()).must.extend(card_of(t) for _ in range(n))
        for v in leaf.kept:
            if v is not None:
                cells.setdefault(card_of(v), Cell()).must.append(Joker(card_of(v)))
        bonus = (sum(turn.weight(t) * n for t, n in from_rack.items())
                 + (plan_rack_jokers + forced_jokers) * joker_weight)
        forced_cards: list[Card] = []
        for tile, n in sorted(rack_left.items(), key=lambda tn: tile_sort_key(tn[0])):
            cell = cells.setdefault(card_of(tile), Cell())
            cell.weight = turn.weight(tile)
            for k in range(n):
                card = card_of(tile)
                if k < leaf.forced[tile]:
                    cell.must.append(card)
                    forced_cards.append(card)
                    bonus += cell.weight
                else:
                    cell.may.append(card)
        free = sum(1 for v in leaf.kept if v is None)
        problem = problem_of(cells, self.rules, free_must=free + forced_jokers,
                             free_may=spare_jokers - forced_jokers, joker_weight=joker_weight)
        beat = None if self.best_score is None else self.best_score - bonus
        solution = solve(problem, beat=beat)
        if solution is None:
            return None
        return solution.score + bonus, self._play(leaf, solution, from_rack, forced_cards,
                                                  plan_rack_jokers + forced_jokers)

    def _play(self, leaf: _Leaf, solution: Solution, from_rack: Counter[Tile],
              forced_cards: list[Card], rack_jokers: int) -> TilePlay:
        played: list[AnyTile] = [*from_rack.elements(), *map(tile_of, forced_cards),
                                 *(tile_back(c) for c in solution.placed),
                                 *[TileJoker()] * (rack_jokers + solution.free_placed)]
        sets = [list(s) for s in leaf.sets]
        sets += [[bare_tile(c) for c in meld] for meld in solution.melds]
        freed = _freed(self.before_joint, sets, self.rules)
        return self.turn._play(played, sets, None, freed)


_Locked = tuple[Counter[str], Counter[str], set[str]]  # a table set holding a joker


def _keeps(locked: _Locked, after: Counter[str]) -> bool:
    """Whether a set after the turn keeps a table set holding a joker (K16, as the
    referee counts it): all of it, or its real tiles and a tile its joker stood for."""
    whole, reals, values = locked
    return not whole - after or (not reals - after and any(after[v] > reals[v]
                                                             for v in values))


@lru_cache(maxsize=8192)
def _kinds(tiles: TileSet) -> Counter[str]:
    return Counter(set_key(tiles))


@lru_cache(maxsize=8192)
def _slots(tiles: TileSet, rules: RummikubRules
           ) -> tuple[list[tuple[Tile, ...]], list[frozenset[Tile]], Counter[Tile]]:
    """A set's joint readings (each joker's tile), each joker's values, its real tiles."""
    verdict = judge_set(tiles, rules)
    joint = list({tuple(sorted(map(str, r.jokers))): r.jokers for r in verdict.found}.values())
    return joint, list(verdict.joker_values), Counter(t for t in tiles if isinstance(t, Tile))


def kind_of(tile: AnyTile) -> AnyTile:
    """A tile as the plan counts it: itself, every joker alike."""
    return tile if isinstance(tile, Tile) else TileJoker()


def _freed(before_joint: list[list[list[TableJoker]]], sets: Sequence[Sequence[AnyTile]],
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


def _sets_with(core: Counter[Tile], pool: Counter[Tile], jokers: int, rules: RummikubRules,
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
