"""The exact search behind :mod:`rummy_cli.search.solver`: a dynamic program over the ranks.

After van Rijn, Takes and Vis, "The complexity of Rummikub problems" (2015). The cards
are visited rank by rank (1..13, then 14 for a high ace), suit by suit. What the future
needs to know about the past is small: for each suit, how many runs are open and how
long each is (1, 2, ... up to ``min_meld``, "long enough"), how many free jokers are
used, and within a rank the cards kept for its groups. Every reachable state keeps only
its best score, so the search is exact.

Runs are counted, not named: open runs of one suit and length are interchangeable, and
so are all copies of one card. When ``n`` cards of a suit go into runs at a rank, every
short run must take one (else it ends too short), long runs take what is left (a long
run that goes on is never worse than a new run beside it: it may stop at any time), and
any cards left start new runs. So each choice leads to one state, not many.

An ace is low or high, so the aces of a suit kept back at rank 1 for rank 14 would have
to be carried through every state, multiplying the states by up to 3 per suit. Instead,
a state carries a bit set: bit ``i`` says "reachable with the kept aces of number ``i``"
(:class:`.suit.HighAces`), one set per score. Rank 14 keeps the bits its runs
can take.

None of the following loses a solution:

* a suit that cannot finish its short runs with the cards of that suit still to come,
  whatever the other suits do, is dropped at once (:mod:`.suit`);
* long runs beyond what the next rank could extend are forgotten: they can only end;
* a way of keeping aces for the top that needs more jokers than are left, to stand for
  the queens and kings no card of the hand or table provides, is dropped at each rank
  below the queen (:meth:`.suit.HighAces.within`);
* a state that another state beats in every way is dropped (:mod:`.prune`);
* a score budget: a state that already left out more than the budget is dropped. A
  quick search first keeps only the best-scoring states of each step and so finds a
  good play, often the best, in little time; the exact search then only looks for plays
  at least as good: nothing left out first (a small search), then at once what that play
  left out (a play leaving out nothing is the best at once). A quick search with
  jokers that finds nothing has often spent them early: when the exact search is likely
  to cost more, a wider one tries again. When the quick search finds nothing, the
  budget grows: nothing left out, then at most one card, two, four...; once a larger
  budget hardly makes a larger search, or when there is a play to beat already, it goes
  at once to the most that could still beat what is known (:func:`_best`);
* a bound from above: a state with few jokers left (none, or one) must still be able
  to reach the budget with what the ranks above it can score with that many jokers. That
  is found by the same search over the ranks mirrored, king first, keeping the best
  score of each layer (:func:`_above`); a search pays for it only once a layer grows
  large, and the mirrored search for one joker stops when it grows large itself (the
  ranks it reached keep their bound: it is exact layer by layer). At the end of each
  rank a state is also held to the best mirrored state that its open runs can go on
  into, not the best of all (:mod:`.bound`);
* spare jokers: a joker a meld does not need can go in at the end, wherever a meld has
  room, so the search first places no joker at all, then only where needed
  (:func:`solve`; :class:`.suit.Suits` says where that is).

A card of which no copy is there changes nothing for a state with no run of its suit
open: such states go on as they are, sharing their scores with the layer before, and a
step where every state does so is skipped (most steps of a small position).

States keep no links to the states they came from: the layers are kept, and the way to
the best state is found afterwards by replaying each step backwards
(:meth:`_Search._parent`), to lay out the melds at the end.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache

from ..cards import Card
from .bound import NOTHING, Entries, Matched, Signature
from .layout import lay_out
from .problem import (
    HIGH_ACE,
    Cell,
    Choice,
    Problem,
    Solution,
    Step,
    group_count,
    steps,
    without_hopeless,
)
from .prune import unbeaten
from .suit import Suits

# A state is one int: the numbers of the four suits' open runs (8 bits each), the cards
# kept for this rank's groups (8 bits), the most of them in one suit (4 bits), the free
# jokers used so far (the rest).
State = int
GROUPS, WIDEST, JOKERS = 32, 40, 44
SUITS_ONLY = (1 << GROUPS) - 1
Scores = dict[int, int]  # score -> bit set of the ways of keeping aces reaching it
Layer = dict[State, Scores]
# a choice for one card, for states alike in their groups part and the card's suit: the
# new state less the other suits, the score gained, the shift of the ways, the choice
Move = tuple[int, int, int, Choice]
SMALL_LAYER = 96  # below this, looking for beaten states costs more than it saves
REGROWN = 1.5  # ... and within a rank, until the layer is this much larger again
SATURATED = 3.0  # a search less than this much larger than the last: budgets stop growing
# the states the quick search that finds a good play first keeps at each step (0: no
# quick search); None: by the number of cards that may be placed (see :func:`_beam`)
BEAM: int | None = None
MIN_BEAM = 8  # ... and at least this many: few cards make small layers, a wide beam is cheap
JOKER_BEAM = 4  # times wider with jokers: where they go is what a narrow search misses
# a quick search with jokers that finds nothing tries once more, this many times wider,
# when that costs at most RETRY_WORK times the largest exact search of the problem yet
RETRY_SCALE = 8
RETRY_WORK = 2
BOUNDED = 2  # the states with fewer jokers left than this get a bound from above
BOUND_AFTER = 300  # ... once a layer of the search has this many states
MATCHED = True  # ... and, at the end of each rank, a bound by the runs they have open
# a mirrored search with jokers (the bound for one joker left) stops past this many
# states: the ranks it reached keep their bound, the others go without (see :func:`_above`)
MIRROR_LIMIT = 3000
LIMIT_SCALE = 2  # ... or past this many times the largest exact search of the problem yet
MOST_COPIES = 8  # of one card, or free jokers: keeps every part of a state in its bits


class Tally:
    """The states every search went through, added up: what the benchmarks count (a
    measure of work that does not depend on the machine or its load)."""

    states = 0


TALLY = Tally()


def solve(problem: Problem, beat: int | None = None) -> Solution | None:
    """The highest-scoring placement of every `must` card and some `may` cards, or None.

    With ``beat``, only a placement scoring more than that is looked for.
    """
    # The search makes many small dicts and no reference cycles: the cyclic garbage
    # collector would only walk its layers again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(problem, beat)
    finally:
        if collecting:
            gc.enable()


def _solve(problem: Problem, beat: int | None) -> Solution | None:
    copies = max((len(c.must) + len(c.may) for c in problem.cells.values()), default=0)
    if copies > MOST_COPIES or problem.free_must + problem.free_may > MOST_COPIES:
        raise ValueError(f"the solver takes at most {MOST_COPIES} copies of a card or jokers")
    reduced = without_hopeless(problem)
    if reduced is None:
        return None
    jokers = reduced.free_must + reduced.free_may
    if not jokers:
        return _best(Suits(reduced, spare=False), jokers=0, beat=beat)
    try:
        # Often the cards fit without the jokers' help, the jokers going in at the end:
        # a search that places no joker is far smaller. If it leaves something out,
        # search again with the jokers, for something strictly better only.
        potential = sum(_may_weights(reduced))
        suits = Suits(reduced, spare=True)  # what each suit can do: the same every time
        found = _best(suits, jokers=0, beat=beat)
        if found is None or found.score < potential:
            better = _best(suits, jokers=jokers, beat=beat if found is None else found.score)
            found = better or found
        return found
    except _NoRoom:
        return _best(Suits(reduced, spare=False), jokers=jokers, beat=beat)


class _NoRoom(Exception):
    """The spare jokers found no meld with room for them."""


def _best(suits: Suits, jokers: int, beat: int | None = None) -> Solution | None:
    """The best solution, searched with growing budgets; only one scoring over ``beat``.

    The search may use ``jokers`` of the free jokers. With spare jokers, jokers go only
    where a meld needs them, and the others are added to the melds at the end. A joker a
    meld does not need can be taken out and put back at the end, so nothing is lost, as
    long as some meld has room for the spare jokers at the end; when none has, this
    raises :class:`_NoRoom` and the caller searches again without.
    """
    problem, spare = suits.p, suits.spare
    weights = _may_weights(problem)
    potential = sum(weights)
    most = potential if beat is None else potential - beat - 1  # the most left out
    known: Solution | None = None  # a play leaving out exactly `most`, when one is known
    beam = _beam(len(weights)) * (JOKER_BEAM if jokers else 1)
    if beam and most > 0:
        # a quick search that keeps only the best-scoring states finds a good play, often
        # the best: the exact search then only needs to look for one as good
        quick = _Search(suits, most, jokers, beam=beam)
        found = quick.best()
        if (found is None and jokers
                and quick.work * RETRY_SCALE <= RETRY_WORK * suits.work):
            # a narrow search with jokers often spends them early and dies: a wider one,
            # when the exact search is likely to cost more, often finds the play that
            # spares the exact search most of its budget
            found = _Search(suits, most, jokers, beam=beam * RETRY_SCALE).best()
        # (a play it finds may still leave out more than `most`: jokers it did not place)
        if found is not None and potential - found[1] <= most:
            choices, score = found
            play = lay_out(problem, choices, score, spare)
            if play is not None:
                if score == potential:
                    return play  # nothing left out: nothing can be better
                known, most = play, potential - score
    tried = -1
    work = 0  # the states the last search went through
    budgets = _budgets(weights)
    if jokers and (known is not None or beat is not None):
        # with jokers, a play to beat is rarely beaten by a play leaving out nothing, and
        # the search for one (with its bounds from above) costs about as much as the last
        budgets = iter(())
    while True:
        # with a play known, only a better one is looked for: one leaving out less
        cap = most - 1 if known is not None else most
        budget = min(next(budgets, cap), cap)
        if budget < 0:
            return known
        if tried == 0 and (not weights or budget < weights[-1]):  # as leaving out nothing
            if budget == cap:
                return known
            continue
        tried = budget
        search = _Search(suits, budget, jokers)
        found = search.best()
        suits.work = max(suits.work, search.work)
        if found is not None:
            choices, score = found
            if potential - score <= budget:  # nothing better was cut off by the budget
                if known is not None and score == known.score:
                    return known
                solution = lay_out(problem, choices, score, spare)
                if solution is None:
                    raise _NoRoom
                return solution
            if potential - score < most:  # a play that good exists: no need for worse
                known, most = None, potential - score
        if budget == cap:
            return known
        if known is not None or beat is not None or (work and search.work < SATURATED * work):
            # the quick search's play, when nothing better leaves out nothing, is likely
            # the best; a play to beat (another choice's, or the one found without the
            # jokers) is likely not beaten by much; or a larger budget hardly made a
            # larger search: either way one last search with the whole budget costs least
            budgets = iter(())
        work = search.work


def _beam(optional: int) -> int:
    """How many states the quick search keeps: more for a larger hand, where a good play
    is harder to find and the exact search costs more."""
    if BEAM is not None:
        return BEAM
    return max(MIN_BEAM, min(32, optional // 2))


def _beam_rank(layer: Layer) -> Callable[[State], tuple[int, int, int]]:
    """What the quick search keeps first: the best-scoring states; among them, those that
    used the fewest jokers and keep the most ways open for the aces."""
    def rank(state: State) -> tuple[int, int, int]:
        scores = layer[state]
        best = max(scores)
        return best, -(state >> JOKERS), scores[best].bit_count()
    return rank


def _may_weights(problem: Problem) -> list[int]:
    weights = [c.weight for c in problem.cells.values() for _ in c.may]
    weights += [problem.joker_weight] * problem.free_may
    return sorted(weights, reverse=True)


def _budgets(weights: list[int]) -> Iterator[int]:
    """Scores the search may leave out: none, the best card, the best 2, 4, 8... all."""
    k = 0
    while k < len(weights):
        yield sum(weights[:k])
        k = 1 if k == 0 else 2 * k
    yield sum(weights)


def _suit(state: State, s: int) -> int:
    return (state >> (8 * s)) & 0xFF


class _Search:
    """The forward pass: one layer of reachable states per step; then the way back."""

    def __init__(self, suits: Suits, budget: int, jokers: int, beam: int = 0,
                 record: list[int] | None = None) -> None:
        self.record = record  # when a list: the best score of each layer, step by step
        self.beam = beam  # with a beam, only that many states are kept: the best-scoring
        self.p = suits.p
        self.spare = suits.spare
        self.budget = budget
        self.jokers = jokers  # how many free jokers the search may place
        self.suits = suits
        # every step done, with the layer it started from: to find the way back
        self.done: list[tuple[Step, Layer]] = []
        # copies of a rank in the suits after suit s, for the groups still to come
        self.later = [[sum(row[s + 1:]) for s in range(4)] for row in self.suits.copies]
        self.first_fit = _first_group_fit(self.p.min_meld, self.p.max_group)
        self.work = 0  # the states gone through
        # the least score of the cards (jokers score apart) that is within the budget
        self.target = sum(len(c.may) * c.weight for c in self.p.cells.values()) - budget
        self.high_fits = [suits.aces.within(left) for left in range(jokers + 1)]
        self.before_top = HIGH_ACE + 1 - self.p.min_meld  # the lowest rank a high ace needs
        # [left][rank]: the most the cards above each rank can still score with ``left``
        # jokers: only worth knowing when jokers are in play (see :func:`_above`)
        # a search that grows past BOUND_AFTER states gets them (a mirror's search never)
        self.above: list[list[int]] = []
        self.bound_later = bool(jokers) and not beam and record is None
        self.matched: list[Matched] = []  # [left]: the same by the runs (see :mod:`.bound`)
        self.shapes = _Shapes(suits)  # each suit's runs by number: (open runs, short ones)
        self.limit = 1 << 62  # a search past this many states stops: ``truncated``
        self.truncated = False

    def best(self) -> tuple[list[Choice], int] | None:
        """The choices of the best solution found, and its score."""
        last = self._run()
        best: tuple[State, int, int, int] | None = None
        for state, scores in last.items():
            used = state >> JOKERS
            if self.spare:  # the jokers not used yet are added to the melds at the end
                used = self.p.free_must + self.p.free_may
            elif used < self.p.free_must:
                continue
            score = max(scores)
            total = score + (used - self.p.free_must) * self.p.joker_weight
            if best is None or total > best[3]:
                best = (state, score, scores[score], total)
        if best is None:
            return None
        state, score, bits, total = best
        return self._choices(state, score, bits & -bits), total

    def _choices(self, state: State, score: int, way: int) -> list[Choice]:
        """The choice made at every step on the way to ``state``, with that score and way.

        The forward pass keeps no links: each step is replayed from the states it started
        from, in the same order, and the first that led to ``state`` with that score and
        way is the one taken (the one a list of links would have held first).
        """
        choices: list[Choice] = []
        for step, prev in reversed(self.done):
            state, choice, score, way = self._parent(step, prev, state, score, way)
            choices.append(choice)
        choices.reverse()
        return choices

    def _parent(self, step: Step, prev: Layer, state: State, score: int,
                way: int) -> tuple[State, Choice, int, int]:
        """How ``step`` first reached ``state`` with ``score`` by ``way``.

        Returns the parent state, the choice, the parent's score and way.
        """
        kind, rank, s = step
        shift_s = 8 * s
        others = ~(0xFF << shift_s) & SUITS_ONLY if s >= 0 else SUITS_ONLY
        rest = state & others
        for parent, scores in prev.items():
            if parent & others != rest:
                continue  # every step keeps the other suits' runs as they are
            if kind == "card":
                key = parent & ~others
                known_moves = self.suits.moves[rank, s, self.jokers]
                moves = known_moves.get(key)
                if moves is None:  # a state that went on as it was (see :meth:`_card`)
                    moves = known_moves[key] = self._moves(rank, s, key)
                for change, gain, ace_shift, choice in moves:
                    if rest | change == state:
                        for parent_score, bits in scores.items():
                            if parent_score + gain == score and bits << ace_shift & way:
                                return parent, choice, parent_score, way >> ace_shift
                continue
            if not scores.get(score, 0) & way:
                continue
            base = parent & _kept(kind, s)
            for change, choice, fits in self._closing(kind, rank, s, parent):
                if base | change == state and fits & way:
                    return parent, choice, score, way
        raise AssertionError("a state lost the way it was reached")

    def _run(self) -> Layer:
        start: State = sum(self.suits.empty << (8 * s) for s in range(4))
        layer: Layer = {start: {0: 1}}  # no ace kept yet: way number 0
        potential = 0  # the score of every `may` card seen so far
        pruned = 0  # the size of the layer last looked at for beaten states, in this rank
        for step in steps(self.p):
            self.work += len(layer)
            kind, rank, s = step
            self.done.append((step, layer))
            if kind == "card":
                _, may, weight = self.p.counts(rank, s)
                potential += may * weight
                if self.bound_later and len(layer) >= BOUND_AFTER:
                    self.bound_later = False
                    for left in range(min(self.jokers, BOUNDED)):
                        above, matched = _above(self.suits, self.budget, left)
                        self.above.append(above)
                        if MATCHED:
                            self.matched.append(matched)
                floor = potential - self.budget
                # the least score a state needs, by the jokers it used
                floors = [floor] * (self.jokers + 1)
                if self.above:
                    rest = sum(self.p.counts(rank, t)[1] * self.p.counts(rank, t)[2]
                               for t in range(s + 1, 4))
                    for left, above in enumerate(self.above):
                        floors[self.jokers - left] = max(floor,
                                                         self.target - above[rank] - rest)
                layer = self._card(layer, rank, s, floors)
                # looking for beaten states pays when a layer has grown since last time
                if len(layer) >= max(SMALL_LAYER, REGROWN * pruned):
                    pruned = len(layer)
                    unbeaten(layer, self._columns, self.suits.better,
                             jokers_matter=not self.spare)
            else:
                layer = self._close(layer, kind, rank, s)
                pruned = 0
                if kind == "rank" and self.matched:
                    layer = self._matched_floor(layer, rank)
            if self.beam and len(layer) > self.beam:
                kept = sorted(layer, key=_beam_rank(layer), reverse=True)[:self.beam]
                layer = {st: layer[st] for st in kept}
            if self.record is not None:
                self.record.append(max((max(v) for v in layer.values()), default=NOTHING))
            if not layer:
                break
            if self.work > self.limit:
                self.truncated = True
                break
        TALLY.states += self.work
        return layer

    def _matched_floor(self, layer: Layer, rank: int) -> Layer:
        """The states at the end of ``rank`` that can still reach the budget with what
        the ranks above can score, given the runs they have open (see :mod:`.bound`)."""
        matched = self.matched
        shapes = self.shapes
        out: Layer = {}
        for state, scores in layer.items():
            left = self.jokers - (state >> JOKERS)
            if left >= len(matched):
                out[state] = scores
                continue
            runs = (*shapes[state & 0xFF], *shapes[(state >> 8) & 0xFF],
                    *shapes[(state >> 16) & 0xFF], *shapes[state >> 24 & 0xFF])
            most = matched[left].most(rank, runs, left)
            if most is None:
                out[state] = scores
                continue
            kept = _scoring_at_least(scores, self.target - most)
            if kept:
                out[state] = kept
        return out

    @staticmethod
    def _columns(states: list[State]) -> list[list[int]]:
        """The states split: each suit's runs, the groups part, the jokers used."""
        return [[st & 0xFF for st in states], [(st >> 8) & 0xFF for st in states],
                [(st >> 16) & 0xFF for st in states], [(st >> 24) & 0xFF for st in states],
                [(st >> GROUPS) & 0xFFF for st in states], [st >> JOKERS for st in states]]

    # -- one step each

    def _card(self, prev: Layer, rank: int, s: int, floors: list[int]) -> Layer:
        """Place the copies of one card: into runs, kept for groups, kept as high aces.

        A state with ``used`` jokers and a score below ``floors[used]`` cannot end within
        the budget.
        """
        floor = min(floors)
        bounded = floor < max(floors)
        shift_s = 8 * s
        others = ~(0xFF << shift_s) & SUITS_ONLY
        known_moves = self.suits.moves.setdefault((rank, s, self.jokers), {})
        add = _add
        out: Layer = {}
        # no copy of this card: a state with no run of its suit open goes on as it is,
        # unless a joker may start a run here (never a spare one)
        passing = -1 if self.suits.copies[rank][s] else self.suits.empty
        if passing >= 0 and not bounded and (self.spare or not self.jokers) and all(
                (state >> shift_s) & 0xFF == passing for state in prev):
            return prev  # every state goes on as it is (and scores what it scored)
        passed: list[State] = []  # those states, dealt with last
        for state, scores in prev.items():
            if (state >> shift_s) & 0xFF == passing and (
                    self.spare or state >> JOKERS == self.jokers):
                passed.append(state)
                continue
            key = state & ~others  # the parts of the state a card's choices depend on
            moves = known_moves.get(key)
            if moves is None:
                moves = known_moves[key] = self._moves(rank, s, key)
            rest = state & others
            if len(scores) == 1:  # the common case, without the general merge
                ((score, bits),) = scores.items()
                for change, gain, ace_shift, _ in moves:
                    total = score + gain
                    if total < floor:
                        continue  # it leaves out more than the budget
                    new = rest | change
                    if bounded and total < floors[new >> JOKERS]:
                        continue  # ... or it will, with the jokers it has left
                    ways = bits << ace_shift
                    known = out.get(new)
                    if known is None:
                        out[new] = {total: ways}
                        continue
                    if len(known) == 1:
                        ((known_score, known_ways),) = known.items()
                        if known_score >= total and not ways & ~known_ways:
                            continue  # nothing new
                    add(out, new, total, ways)
                continue
            for change, gain, ace_shift, _ in moves:
                new = rest | change
                low = floors[new >> JOKERS]
                known = out.get(new)
                if known is None:  # each way of a state has one score: nothing to merge
                    shifted = {score + gain: bits << ace_shift
                               for score, bits in scores.items() if score + gain >= low}
                    if shifted:
                        out[new] = shifted
                    continue
                for score, bits in scores.items():
                    if score + gain >= low:
                        add(out, new, score + gain, bits << ace_shift)
        for state in passed:
            scores = prev[state]
            low = floors[state >> JOKERS]
            known = out.get(state)
            if known is None:
                # (shared with the layer before when whole: nothing changes it after this step)
                kept = _scoring_at_least(scores, low)
                if kept:
                    out[state] = kept
                continue
            for score, bits in scores.items():
                if score >= low:
                    add(out, state, score, bits)
        return out

    def _moves(self, rank: int, s: int, key: int) -> list[Move]:
        """The choices for one card from states whose runs of its suit, groups part and
        jokers used are those of ``key`` (a state less the other suits' runs).

        Each as (the new state less the other suits, score gained, shift of the ways, the
        choice), in the order of :meth:`.suit.Suits.options`.
        """
        runs_id, groups, widest = _suit(key, s), (key >> GROUPS) & 0xFF, (key >> WIDEST) & 0xF
        used = key >> JOKERS
        weight = self.p.counts(rank, s)[2]
        most = groups + self.later[rank][s] + self.jokers - used  # the most a group may get
        first_fit = self.first_fit
        shift_s = 8 * s
        moves: list[Move] = []
        for choice, runs, gain, to_groups, jokers, ace_shift in self.suits.options(
                rank, s, runs_id, self.jokers - used):
            g = groups + to_groups
            w = widest if widest >= to_groups else to_groups
            if g and first_fit[w][g] > most + to_groups - jokers:
                continue  # these cards can form no groups, whatever joins them
            change = runs << shift_s | g << GROUPS | w << WIDEST | (used + jokers) << JOKERS
            moves.append((change, gain * weight, ace_shift, choice))
        return moves

    def _close(self, prev: Layer, kind: str, rank: int, s: int) -> Layer:
        """A step that places no card: a rank's groups, a suit's high aces, or the end."""
        out: Layer = {}
        known: dict[int, list[tuple[State, Choice, int]]] = {}
        keep = _kept(kind, s)
        for state, scores in prev.items():
            # what a closing step does depends only on the parts of a state it changes
            key = state & ~keep
            ways = known.get(key)
            if ways is None:
                ways = known[key] = self._closing(kind, rank, s, key)
            base = state & keep
            for change, _, fits in ways:
                new = base | change
                if len(scores) == 1 and new not in out:
                    ((score, bits),) = scores.items()
                    if bits & fits:
                        out[new] = {score: bits & fits}
                    continue
                for score, bits in scores.items():
                    if bits & fits:
                        _add(out, new, score, bits & fits)
        return out

    def _closing(self, kind: str, rank: int, s: int,
                 state: State) -> list[tuple[State, Choice, int]]:
        """The ways a closing step goes on from ``state``.

        Each as (the new state less the parts the step keeps (:func:`_kept`), the choice,
        the ways of keeping aces it lets through).
        """
        used = state >> JOKERS
        ways: list[tuple[State, Choice, int]] = []
        if kind == "rank":  # the cards kept for groups must form groups; jokers may help
            groups, widest = (state >> GROUPS) & 0xFF, (state >> WIDEST) & 0xF
            for jokers in range(self.jokers - used + 1):
                if group_count(groups + jokers, widest, self.p.min_meld,
                               self.p.max_group) is not None:
                    # below the queen, only the ways of keeping aces that the jokers left
                    # could finish go on (see HighAces.within)
                    fits = (self.high_fits[self.jokers - used - jokers]
                            if rank < self.before_top else -1)
                    ways.append(((used + jokers) << JOKERS, (jokers,), fits))
                    if self.spare:
                        break  # more jokers in these groups would be spare ones
        elif kind == "high":  # kept aces (and jokers) end the runs that reach the king
            ended = self.suits.empty << (8 * s)
            for jokers, fits in self.suits.top_ways(s, _suit(state, s), self.jokers - used):
                ways.append((ended | (used + jokers) << JOKERS, (jokers,), fits))
        else:  # every run must be long enough now; spare jokers lengthen short ones
            deficit = sum(self.suits.deficit(_suit(state, s)) for s in range(4))
            if not deficit or (self.spare and used + deficit <= self.jokers):
                ways.append((state & SUITS_ONLY | (used + deficit) << JOKERS, (deficit,), -1))
        return ways


UNBOUNDED = 1 << 60  # no bound known


def _above(suits: Suits, budget: int, jokers: int) -> tuple[list[int], Matched]:
    """``[rank]``: the most the cards of the ranks above ``rank`` (aces aside) can score
    with at most ``jokers`` jokers among them, whatever the ranks below do: a bound for
    the states that have only that many jokers left; and the same by the runs such a
    state has open at the end of ``rank`` (:mod:`.bound`). A search with jokers stops past
    :data:`MIRROR_LIMIT` states, or twice (:data:`LIMIT_SCALE`) the largest exact search
    of the problem so far when that is more (a problem whose searches are large pays for
    a bound that reaches lower ranks): the ranks it did not reach get no bound.

    The ranks are searched the other way round, king first (the ranks mirrored, an ace
    staying an ace at either end), and the states at the end of each rank are kept: their
    best score, and the best by their runs and jokers used. Runs left open below are
    taken as finishable by anything (the ranks below may hold jokers), so no completion
    is missed; jokers go anywhere (no spare jokers: which end of a run a joker takes
    decides which side of a rank it is on). Kept with ``suits``: the same question asks
    for the same search.
    """
    known = suits.above.get((budget, jokers))
    if known is not None:
        return known
    problem = suits.p
    if suits.mirror is None:
        top = HIGH_ACE + 1 if problem.ace_high else HIGH_ACE
        cells = {}
        for card, cell in problem.cells.items():
            if card.rank == 1 and problem.ace_high:
                # aces are placed below (a kept ace too): here they may go anywhere or
                # nowhere, and score nothing
                cells[card] = Cell([], [*cell.must, *cell.may], 0)
            else:
                cells[Card(top - card.rank, card.suit)] = cell
        mirrored = replace(problem, cells=cells, free_must=0, free_may=0, joker_weight=0)
        suits.mirror = Suits(mirrored, spare=False,
                             finish_jokers=problem.free_must + problem.free_may)
    mirror = suits.mirror
    search = _Search(mirror, budget, jokers=jokers, record=[])
    search.high_fits = [-1] * (jokers + 1)  # aces kept for the far end may use jokers below
    if jokers:
        search.limit = max(MIRROR_LIMIT, LIMIT_SCALE * suits.work)
    last = search._run()
    # what each step led to, as far as the search went (the last layer perhaps cut short)
    outputs = [layer for _, layer in search.done[1:]]
    outputs.append(last)
    shapes = _Shapes(mirror)
    above = [0] * (HIGH_ACE + 1)
    by_rank: list[Entries | None] = [None] * (HIGH_ACE + 1)
    for rank in range(1, 14):
        mirrored_rank = (HIGH_ACE if problem.ace_high else 13) - rank
        if mirrored_rank < 1:  # nothing above the king: its runs must be long enough
            if not suits.spare:  # (with spare jokers, short ones get jokers at the end)
                by_rank[rank] = [(0, (0,) * 9)]
            continue
        i = 5 * mirrored_rank - 1  # that rank's groups, its last step
        if i < len(outputs):
            layer = outputs[i]
        elif search.truncated:  # not reached: no bound
            above[rank] = UNBOUNDED
            continue
        else:  # the search found no way through: nothing above is within the budget
            layer = {}
        best: dict[Signature, int] = {}
        for state, scores in layer.items():
            signature = (*shapes[state & 0xFF], *shapes[(state >> 8) & 0xFF],
                         *shapes[(state >> 16) & 0xFF], *shapes[state >> 24 & 0xFF],
                         state >> JOKERS)
            score = max(scores)
            if best.get(signature, NOTHING) < score:
                best[signature] = score
        entries = sorted(((score, signature) for signature, score in best.items()),
                         reverse=True)
        above[rank] = entries[0][0] if entries else NOTHING
        if rank < 13 or not suits.spare:  # (as above: a short run may end at the king)
            by_rank[rank] = entries
    found = above, Matched(by_rank, suits.spare)
    suits.above[budget, jokers] = found
    return found


class _Shapes:
    """Each suit's runs, by number, as (open runs, short ones), read as the runs grow."""

    def __init__(self, suits: Suits) -> None:
        self.suits = suits
        self.known: list[tuple[int, int]] = []

    def __getitem__(self, number: int) -> tuple[int, int]:
        known = self.known
        while len(known) <= number:
            runs = self.suits.runs[len(known)]
            known.append((sum(runs), sum(runs[:self.suits.cap - 1])))
        return known[number]


def _kept(kind: str, s: int) -> State:
    """The parts of a state that a closing step keeps as they are."""
    if kind == "rank":
        return SUITS_ONLY  # the runs
    if kind == "high":
        return ~(0xFF << (8 * s)) & SUITS_ONLY  # the other suits' runs
    return 0  # the end looks at the whole state


def _scoring_at_least(scores: Scores, low: int) -> Scores:
    """The scores of a state that reach ``low``: the same dict when all do."""
    if min(scores) >= low:
        return scores
    return {score: bits for score, bits in scores.items() if score >= low}


def _add(out: Layer, state: State, score: int, bits: int) -> None:
    """Record that ``state`` is reached with ``score`` by the ways in ``bits``.

    Each way is kept at its best score only.
    """
    scores = out.get(state)
    if scores is None:
        out[state] = {score: bits}
        return
    for known, known_bits in scores.items():
        if known >= score:
            bits &= ~known_bits
    if not bits:
        return
    for known in [k for k in scores if k < score]:
        left = scores[known] & ~bits
        if left:
            scores[known] = left
        else:
            del scores[known]
    scores[score] = scores.get(score, 0) | bits


@cache
def _first_group_fit(min_meld: int, max_group: int) -> list[list[int]]:
    """``[widest][cards]``: the fewest cards, at least ``cards``, that form groups.

    Past the table's end (or when no count works) the number is too big to matter.
    """
    size = 4 * MOST_COPIES + MOST_COPIES + 1
    table = []
    for widest in range(16):
        row = [0] * size
        fit = 1 << 20
        for cards in reversed(range(size)):
            if group_count(cards, widest, min_meld, max_group) is not None:
                fit = cards
            row[cards] = fit
        table.append(row)
    return table
