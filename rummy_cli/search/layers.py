"""The exact search's passes (:mod:`.dp`): one layer of reachable states per step, the way
back to the best, and the mirrored search that bounds what the ranks above can score."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..cards import Card
from . import tuning
from .bound import NOTHING, Entries, Matched, Signature
from .problem import (
    HIGH_ACE,
    Cell,
    Choice,
    Step,
    steps,
)
from .prune import unbeaten
from .states import (
    JOKERS,
    SUITS_ONLY,
    UNBOUNDED,
    Layer,
    Shapes,
    State,
    first_group_fit,
    kept_state,
)
from .steps import CardSteps
from .suit import Suits
from .tuning import TALLY


class Search(CardSteps):
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
        self.first_fit = first_group_fit(self.p.min_meld, self.p.max_group)
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
        self.shapes = Shapes(suits)  # each suit's runs by number: (open runs, short ones)
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
            base = parent & kept_state(kind, s)
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
                if self.bound_later and len(layer) >= tuning.BOUND_AFTER:
                    self.bound_later = False
                    for left in range(min(self.jokers, tuning.BOUNDED)):
                        above, matched = _above(self.suits, self.budget, left)
                        self.above.append(above)
                        if tuning.MATCHED:
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
                if len(layer) >= max(tuning.SMALL_LAYER, tuning.REGROWN * pruned):
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


def _above(suits: Suits, budget: int, jokers: int) -> tuple[list[int], Matched]:
    """``[rank]``: the most the cards of the ranks above ``rank`` (aces aside) can score
    with at most ``jokers`` jokers among them, whatever the ranks below do: a bound for
    the states that have only that many jokers left; and the same by the runs such a
    state has open at the end of ``rank`` (:mod:`.bound`). A search with jokers stops past
    :data:`.tuning.MIRROR_LIMIT` states, or twice (:data:`.tuning.LIMIT_SCALE`) the largest
    exact search of the problem so far when that is more (a problem whose searches are large
    pays for a bound that reaches lower ranks): the ranks it did not reach get no bound.

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
    search = Search(mirror, budget, jokers=jokers, record=[])
    search.high_fits = [-1] * (jokers + 1)  # aces kept for the far end may use jokers below
    if jokers:
        search.limit = max(tuning.MIRROR_LIMIT, tuning.LIMIT_SCALE * suits.work)
    last = search._run()
    # what each step led to, as far as the search went (the last layer perhaps cut short)
    outputs = [layer for _, layer in search.done[1:]]
    outputs.append(last)
    shapes = Shapes(mirror)
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


def _beam_rank(layer: Layer) -> Callable[[State], tuple[int, int, int]]:
    """What the quick search keeps first: the best-scoring states; among them, those that
    used the fewest jokers and keep the most ways open for the aces."""
    def rank(state: State) -> tuple[int, int, int]:
        scores = layer[state]
        best = max(scores)
        return best, -(state >> JOKERS), scores[best].bit_count()
    return rank
