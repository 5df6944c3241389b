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
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations, combinations_with_replacement, product
from typing import TYPE_CHECKING

from ...cards import Card, Joker
from ...search.problem import Cell, Solution
from ...tiles import AnyTile, Tile, TileJoker, tile_sort_key
from .jokers import before_jokers, cheapest
from .plan_sets import (
    Locked,
    freed_jokers,
    joker_slots,
    keeps_locked,
    kind_of,
    set_kinds,
    sets_with,
)
from .rules import RummikubRules
from .sets import judge_set
from .tilecards import bare_tile, card_of, problem_of, solve, tile_back, tile_of
from .turn import judge_turn

if TYPE_CHECKING:
    from .plays import TilePlay
    from .turn_finish import Searching

TileSet = tuple[AnyTile, ...]
MOST_NEW_SETS = 300  # new sets for freed jokers tried at most, then the best found is given


@dataclass(frozen=True)
class _Leaf:
    """A plan, what the table's other jokers do, and the rack tiles it must play."""

    sets: tuple[TileSet, ...]
    kept: tuple[Tile | None, ...]  # each table joker not in the plan: its tile, None: free
    forced: Counter[Tile]
    jokers: int = 0  # rack jokers it must play besides the plan's and ``forced_jokers``


def strict_best(turn: Searching, forced: Counter[Tile], forced_jokers: int,
                ceiling: int) -> TilePlay | None:
    """The best play under ``locked`` and ``new-set`` as the referee judges them, exactly.

    ``ceiling``: the best score without those rules (nothing does better)."""
    return _Strict(turn, forced, forced_jokers, ceiling).best()


class _Strict:
    def __init__(self, turn: Searching, forced: Counter[Tile], forced_jokers: int,
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
        self.locked_sets: list[Locked] = [
            (set_kinds(s), set_kinds(tuple(t for t in s if isinstance(t, Tile))),
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
                     if not any(keeps_locked(info, set_kinds(t)) for t in chosen)]
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
            if all(any(keeps_locked(info, set_kinds(t)) for t in sets)
                   for info in self.locked_sets):
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
        found = [s for s in sets_with(core, self.pool, self.table_jokers + self.rack_jokers,
                                      self.rules, set(self.values), witnesses, False)
                 if keeps_locked(self.locked_sets[i], set_kinds(s))]
        found.sort(key=lambda s: -sum(self.turn.weight(t) for t in s if t not in locked))
        return found

    def _new_sets(self, sets: tuple[TileSet, ...]) -> list[TileSet]:
        """The sets a freed joker may go to (K15): a joker and two or more tiles a rack
        holds (or a second joker), from the tiles the plan leaves."""
        used = Counter(kind_of(t) for s in sets for t in s)
        pool = Counter({t: n - used[t] for t, n in self.pool.items() if n > used[t]})
        jokers = self.table_jokers + self.rack_jokers - used[TileJoker()]
        found = sets_with(Counter(), pool, jokers, self.rules, set(), self.rack_kinds, True)
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
            joint, union, reals = joker_slots(s, rules)
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
        after = [set_kinds(s) for s in sets]
        return all(any(keeps_locked(info, k) for k in after) for info in self.locked_sets)

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
                                     freed_jokers(self.before_joint, sets, self.rules))
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
        freed = freed_jokers(self.before_joint, sets, self.rules)
        return self.turn._play(played, sets, None, freed)


