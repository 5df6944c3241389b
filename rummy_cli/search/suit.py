"""What one suit can do at one step of the search: the runs part of :mod:`.dp`.

A suit's open runs are counted by length, 1 up to ``cap`` (``min_meld``: long enough,
it may end at any time). They are numbered (interned), so a state of the search holds
small integers. Everything here depends on one suit only and is memoized.
"""

from __future__ import annotations

from functools import cache

from .bound import Matched
from .problem import HIGH_ACE, Choice, Problem
from .prune import runs_at_least

Runs = tuple[int, ...]  # open runs of one suit, by length 1..cap
# a choice for one card: choice, new runs (number), `may` copies placed, cards for groups,
# jokers used, shift of the ways of keeping aces
Option = tuple[Choice, int, int, int, int, int]


class HighAces:
    """Numbers the ways to keep aces back for rank 14: one digit per suit.

    Digit ``s`` (base: the aces of suit ``s`` plus one) is how many aces of that suit are
    kept. A set of ways is an int with bit ``number`` set for each way.
    """

    def __init__(self, problem: Problem, jokers: int) -> None:
        # a high ace ends its own run, which holds the ranks below it down to
        # 15 - min_meld (Q and K), each a real copy or a joker: no more aces of a suit
        # can be kept than the copies of each of those ranks and the ``jokers`` allow
        below = range(max(2, HIGH_ACE + 1 - problem.min_meld), HIGH_ACE)
        copies = [[sum(problem.counts(r, s)[:2]) for r in below] for s in range(4)]
        aces = [min(sum(problem.counts(1, s)[:2]), *(c + jokers for c in copies[s]))
                if problem.ace_high else 0 for s in range(4)]
        self.most = aces
        self.stride = [1, 1, 1, 1]
        for s in range(1, 4):
            self.stride[s] = self.stride[s - 1] * (aces[s - 1] + 1)
        size = self.stride[3] * (aces[3] + 1)
        digits = [[i // self.stride[s] % (aces[s] + 1) for s in range(4)] for i in range(size)]
        # the ways that keep exactly v aces of suit s
        self.exactly = [[0] * (aces[s] + 1) for s in range(4)]
        for i, way in enumerate(digits):
            for s, v in enumerate(way):
                self.exactly[s][v] |= 1 << i
        # jokers each way needs at least, for the queens and kings no card provides
        need = [[sum(max(0, v - c) for c in copies[s]) for v in range(aces[s] + 1)]
                for s in range(4)]
        self._needs = [need[0][a] + need[1][b] + need[2][c] + need[3][d]
                       for a, b, c, d in digits]
        self._within: dict[int, int] = {}

    def within(self, jokers: int) -> int:
        """The ways that jokers and the cards there are could finish: the others never can.

        Filtering them out at the aces keeps the search from carrying, to the king, aces
        that no run can take.
        """
        found = self._within.get(jokers)
        if found is None:
            found = self._within[jokers] = sum(
                1 << i for i, need in enumerate(self._needs) if need <= jokers)
        return found

    def digit(self, number: int, s: int) -> int:
        return number // self.stride[s] % (self.most[s] + 1)

    def between(self, s: int, low: int, high: int) -> int:
        """The ways that keep ``low`` to ``high`` aces of suit ``s``."""
        bits = 0
        for v in range(max(0, low), min(high, self.most[s]) + 1):
            bits |= self.exactly[s][v]
        return bits


class Suits:
    """The runs of each suit: their numbers, and every way a step can change them.

    With ``spare`` jokers (see :func:`.dp.solve`) a joker never starts a run:
    one at the low end of a run could be at its high end instead, except below a run
    that reaches the top, and :meth:`top_ways` puts jokers there.
    """

    def __init__(self, problem: Problem, spare: bool, finish_jokers: int = 0) -> None:
        self.p = problem
        self.spare = spare
        # jokers that runs may count on to finish, besides those the search places: for
        # a search of the ranks above some rank, the jokers the ranks below may hold
        self.finish_jokers = finish_jokers
        # for :func:`.dp._above`: the ranks mirrored, and its answers
        self.mirror: Suits | None = None
        self.above: dict[tuple[int, int], tuple[list[int], Matched]] = {}
        self.work = 0  # the states of the largest exact search on these suits so far
        self.cap = problem.run_cap
        self.aces = HighAces(problem, problem.free_must + problem.free_may + finish_jokers)
        self.ids: dict[Runs, int] = {}
        self.runs: list[Runs] = []
        self.empty = self.number((0,) * self.cap)
        # copies of each card (must + may), by rank 1..13 and suit; rank 14 has none
        self.copies = [[sum(problem.counts(r, s)[:2]) for s in range(4)] for r in range(15)]
        self._options: dict[tuple[int, int, int, int], list[Option]] = {}
        self._finishable: dict[tuple[int, int, Runs, int], bool] = {}
        # the search's moves, kept across its runs: by (rank, suit, jokers), then by the
        # state less the other suits' runs (see :meth:`.dp.Search._moves`)
        self.moves: dict[tuple[int, int, int], dict[int, list[tuple[int, int, int, Choice]]]] = {}

    def number(self, runs: Runs) -> int:
        """The number of these open runs (a new one the first time)."""
        found = self.ids.get(runs)
        if found is None:
            if len(self.runs) == 256:  # a state keeps 8 bits for it
                raise ValueError("too many ways for the runs of one suit: too many copies")
            found = self.ids[runs] = len(self.runs)
            self.runs.append(runs)
        return found

    def better(self, a: int, b: int) -> bool:
        """Are open runs number ``a`` at least as good as number ``b`` for the future?"""
        return runs_at_least(self.runs[a], self.runs[b])

    def options(self, rank: int, s: int, runs_id: int, jokers_left: int) -> list[Option]:
        """The choices for one card that leave its suit able to finish its runs."""
        key = (rank, s, runs_id, jokers_left)
        found = self._options.get(key)
        if found is None:
            must, may, _ = self.p.counts(rank, s)
            keep_high = rank == 1 and self.p.ace_high
            found = []
            for choice, new_runs, gain in _card_options(
                self.runs[runs_id], must, may, jokers_left, keep_high, self.cap, self.spare
            ):
                if choice[1] > self.aces.most[s]:
                    continue  # more aces kept for the top than runs could take there
                settled = self._settle(rank, s, new_runs,
                                       jokers_left - choice[4] + self.finish_jokers)
                if settled is not None:
                    shift = choice[1] * self.aces.stride[s]
                    found.append((choice, self.number(settled), gain, choice[3], choice[4],
                                  shift))
            self._options[key] = found
        return found

    def top_ways(self, s: int, runs_id: int, jokers_left: int) -> list[tuple[int, int]]:
        """How the runs of suit ``s`` open at the king can end: (jokers used, ways of aces).

        Strictly, kept aces and jokers each extend a run to rank 14 and every run must be
        long enough then. With spare jokers, kept aces go to short runs first, and a short
        run still short gets jokers below its lowest card.
        """
        return self._top_ways(s, self.runs[runs_id], jokers_left)

    def deficit(self, runs_id: int) -> int:
        """How many cards the short runs lack to be long enough."""
        return _deficit(self.runs[runs_id])

    def _top_ways(self, s: int, runs: Runs, jokers_left: int) -> list[tuple[int, int]]:
        cap = self.cap
        shorts, total = sum(runs[: cap - 1]), sum(runs)
        ways: list[tuple[int, int]] = []
        if not self.spare:
            if any(runs[: cap - 2]):
                return ways  # a run too short to be finished by one more card
            need, may = runs[cap - 2], runs[cap - 1]
            for jokers in range(jokers_left + 1):
                ways.append((jokers, self.aces.between(s, need - jokers, need + may - jokers)))
            return ways
        deficit = _deficit(runs)
        for kept in range(min(self.aces.most[s], total) + 1):
            jokers = deficit - min(kept, shorts)
            if jokers <= jokers_left:
                ways.append((jokers, self.aces.between(s, kept, kept)))
        return ways

    def _settle(self, rank: int, s: int, runs: Runs, jokers: int) -> Runs | None:
        """The runs with useless long runs forgotten; None if they cannot finish.

        Long runs beyond what the next rank could extend can only end, so they are not
        worth telling apart.
        """
        cap = self.cap
        if rank < 13:
            reach = self.copies[rank + 1][s] + jokers - sum(runs[: cap - 1])
        elif self.spare:  # only kept aces go on after long runs; jokers fill short ones
            reach = self.aces.most[s]
        elif self.p.ace_high:
            reach = self.aces.most[s] + jokers - sum(runs[: cap - 1])
        else:
            reach = 0
        if reach < 0:
            return None
        if runs[cap - 1] > reach:
            runs = (*runs[: cap - 1], reach)
        return runs if self._can_finish(rank, s, runs, jokers) else None

    def _can_finish(self, rank: int, s: int, runs: Runs, jokers: int) -> bool:
        """Can this suit's open runs all reach a legal length with its cards still to come?

        Looks at the suit alone and lets every other card go to groups, so a False is
        certain: no completion exists.
        """
        key = (rank, s, runs, jokers)
        known = self._finishable.get(key)
        if known is not None:
            return known
        cap = self.cap
        short = sum(runs[: cap - 1])
        if rank == 13:
            if self.p.ace_high:
                ok = any(bits for _, bits in self._top_ways(s, runs, jokers))
            else:
                ok = short == 0 or (self.spare and _deficit(runs) <= jokers)
        else:
            copies = self.copies[rank + 1][s]
            ok = False
            for n in range(short, copies + jokers + 1):
                left = jokers - max(0, n - copies)
                nxt = _extend(runs, n, short, cap)
                if nxt is not None and self._settle(rank + 1, s, nxt, left) is not None:
                    ok = True
                    break
        self._finishable[key] = ok
        return ok


def _deficit(runs: Runs) -> int:
    cap = len(runs)
    return sum(count * (cap - length) for length, count in enumerate(runs[:-1], 1))


@cache
def _card_options(
    runs: Runs, must: int, may: int, jokers_left: int, keep_high: bool, cap: int,
    spare: bool,
) -> tuple[tuple[Choice, Runs, int], ...]:
    """Every way to use the copies of one card, given its suit's open runs.

    Returns (choice, the suit's new runs, how many `may` copies were placed).
    """
    short = sum(runs[: cap - 1])
    options: list[tuple[Choice, Runs, int]] = []
    for used in range(must, must + may + 1):
        # With spare jokers, a joker stands in for this card in a run only when every
        # copy is used, and none is in a group: else a copy could take its place (and
        # the joker go to the spares, or to the group).
        joker_counts = range(jokers_left + 1) if not spare or used == must + may else (0,)
        for high in range(used + 1) if keep_high else (0,):
            for to_runs in range(used - high + 1):
                to_groups = used - high - to_runs
                for jokers in joker_counts if not (spare and to_groups) else (0,):
                    new_runs = _extend(runs, to_runs + jokers, short, cap)
                    if new_runs is not None and not (spare and new_runs[0] > to_runs):
                        choice = (used, high, to_runs, to_groups, jokers)
                        options.append((choice, new_runs, used - must))
    return tuple(options)


def _extend(runs: Runs, n: int, short: int, cap: int) -> Runs | None:
    """Open runs after ``n`` cards of the next rank join them (None: a short run ends).

    Short runs take a card each first, then long runs, and what is left starts new runs.

    >>> _extend((1, 0, 1), 2, 1, 3)  # a 1-long run and a long one, two cards: both go on
    (0, 1, 1)
    >>> _extend((0, 1, 0), 0, 1, 3) is None  # a 2-long run that gets no card ends too short
    True
    """
    if n < short:
        return None
    go_on = min(runs[cap - 1], n - short)
    started = n - short - go_on
    return (started, *runs[: cap - 2], runs[cap - 2] + go_on)
