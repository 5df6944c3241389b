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
(:meth:`Search._parent`), to lay out the melds at the end.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

from . import tuning
from .layers import Search
from .layout import lay_out
from .problem import (
    Problem,
    Solution,
    without_hopeless,
)
from .states import (
    MOST_COPIES,
)
from .suit import Suits
from .tuning import TALLY as TALLY


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
    beam = _beam(len(weights)) * (tuning.JOKER_BEAM if jokers else 1)
    if beam and most > 0:
        # a quick search that keeps only the best-scoring states finds a good play, often
        # the best: the exact search then only needs to look for one as good
        quick = Search(suits, most, jokers, beam=beam)
        found = quick.best()
        if (found is None and jokers
                and quick.work * tuning.RETRY_SCALE <= tuning.RETRY_WORK * suits.work):
            # a narrow search with jokers often spends them early and dies: a wider one,
            # when the exact search is likely to cost more, often finds the play that
            # spares the exact search most of its budget
            found = Search(suits, most, jokers, beam=beam * tuning.RETRY_SCALE).best()
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
        search = Search(suits, budget, jokers)
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
        if (known is not None or beat is not None
                or (work and search.work < tuning.SATURATED * work)):
            # the quick search's play, when nothing better leaves out nothing, is likely
            # the best; a play to beat (another choice's, or the one found without the
            # jokers) is likely not beaten by much; or a larger budget hardly made a
            # larger search: either way one last search with the whole budget costs least
            budgets = iter(())
        work = search.work


def _beam(optional: int) -> int:
    """How many states the quick search keeps: more for a larger hand, where a good play
    is harder to find and the exact search costs more."""
    if tuning.BEAM is not None:
        return tuning.BEAM
    return max(tuning.MIN_BEAM, min(32, optional // 2))


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


