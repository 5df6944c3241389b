"""The exact search behind :mod:`rummy_cli.solver`: a dynamic program over the ranks.

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
(:class:`._solver_suit.HighAces`), one set per score. Rank 14 keeps the bits its runs
can take.

None of the following loses a solution:

* a suit that cannot finish its short runs with the cards of that suit still to come,
  whatever the other suits do, is dropped at once (:mod:`._solver_suit`);
* long runs beyond what the next rank could extend are forgotten: they can only end;
* a state that another state beats in every way is dropped (:mod:`._solver_prune`);
* a score budget: the search first looks only for plays that leave out nothing, then
  at most one card, two, four... States that already left out more are dropped. The
  first budget that finds a play finds the best one (:func:`solve`);
* spare jokers: a joker a meld does not need can go in at the end, wherever a meld has
  room, so the search first places no joker at all, then only where needed
  (:func:`solve`; :class:`._solver_suit.Suits` says where that is).

Each state remembers how it was reached (:data:`Link`), to lay out the melds at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ._solver_layout import lay_out
from ._solver_problem import Choice, Problem, Solution, group_count, steps, without_hopeless
from ._solver_prune import unbeaten
from ._solver_suit import Option, Suits

# A state is one int: the numbers of the four suits' open runs (8 bits each), the cards
# kept for this rank's groups (8 bits), the most of them in one suit (4 bits), the free
# jokers used so far (the rest).
State = int
GROUPS, WIDEST, JOKERS = 32, 40, 44
SUITS_ONLY = (1 << GROUPS) - 1
Scores = dict[int, int]  # score -> bit set of the ways of keeping aces reaching it
Layer = dict[State, Scores]
# how a state was reached: parent, choice, parent's score, score, ways, shift of the ways
Link = tuple[State, Choice, int, int, int, int]
Links = dict[State, list[Link]]
SMALL_LAYER = 96  # below this, looking for beaten states costs more than it saves
MOST_COPIES = 8  # of one card, or free jokers: keeps every part of a state in its bits


def solve(problem: Problem, beat: int | None = None) -> Solution | None:
    """The highest-scoring placement of every `must` card and some `may` cards, or None.

    With ``beat``, only a placement scoring more than that is looked for.
    """
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
    tried = -1
    for budget in _budgets(weights):
        budget = min(budget, most)
        if budget < 0:
            return None
        if tried == 0 and budget < weights[-1]:
            continue  # less than the lightest card: the same as leaving out nothing
        tried = budget
        found = _Search(suits, budget, jokers).best()
        if found is not None:
            choices, score = found
            if potential - score <= budget:  # nothing better was cut off by the budget
                solution = lay_out(problem, choices, score, spare)
                if solution is None:
                    raise _NoRoom
                return solution
        if budget == most:
            return None
    return None


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
    """The forward pass: one layer of reachable states per step."""

    def __init__(self, suits: Suits, budget: int, jokers: int) -> None:
        self.p = suits.p
        self.spare = suits.spare
        self.budget = budget
        self.jokers = jokers  # how many free jokers the search may place
        self.suits = suits
        self.links: list[Links] = []
        # copies of a rank in the suits after suit s, for the groups still to come
        self.later = [[sum(row[s + 1:]) for s in range(4)] for row in self.suits.copies]

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
        """The choice made at every step on the way to ``state``, with that score and way."""
        choices: list[Choice] = []
        for links in reversed(self.links):
            link = next((link for link in links[state] if link[3] == score and link[4] & way),
                        None)
            assert link is not None, "a state lost the way it was reached"
            parent, choice, parent_score, _, _, shift = link
            choices.append(choice)
            state, score, way = parent, parent_score, way >> shift
        choices.reverse()
        return choices

    def _run(self) -> Layer:
        start: State = sum(self.suits.empty << (8 * s) for s in range(4))
        layer: Layer = {start: {0: 1}}  # no ace kept yet: way number 0
        potential = 0  # the score of every `may` card seen so far
        for kind, rank, s in steps(self.p):
            links: Links = {}
            if kind == "card":
                _, may, weight = self.p.counts(rank, s)
                potential += may * weight
                layer = self._card(layer, rank, s, potential - self.budget, links)
            elif kind == "rank":
                layer = self._rank(layer, links)
            elif kind == "high":
                layer = self._high(layer, s, links)
            else:
                layer = self._end(layer, links)
            if kind == "card" and len(layer) >= SMALL_LAYER:
                unbeaten(layer, self._columns, self.suits.better, jokers_matter=not self.spare)
            self.links.append(links)
            if not layer:
                break
        return layer

    @staticmethod
    def _columns(states: list[State]) -> list[list[int]]:
        """The states split: each suit's runs, the groups part, the jokers used."""
        return [[st & 0xFF for st in states], [(st >> 8) & 0xFF for st in states],
                [(st >> 16) & 0xFF for st in states], [(st >> 24) & 0xFF for st in states],
                [(st >> GROUPS) & 0xFFF for st in states], [st >> JOKERS for st in states]]

    # -- one step each

    def _card(self, prev: Layer, rank: int, s: int, floor: int, links: Links) -> Layer:
        """Place the copies of one card: into runs, kept for groups, kept as high aces."""
        weight = self.p.counts(rank, s)[2]
        more_cards = self.later[rank][s] + self.jokers
        sizes = (self.p.min_meld, self.p.max_group)
        shift_s = 8 * s
        others = ~(0xFF << shift_s) & SUITS_ONLY
        options = self.suits.options
        known_options: dict[tuple[int, int], list[Option]] = {}
        add = self._add
        out: Layer = {}
        for state, scores in prev.items():
            used = state >> JOKERS
            key = ((state >> shift_s) & 0xFF, self.jokers - used)
            ways = known_options.get(key)
            if ways is None:
                ways = known_options[key] = options(rank, s, *key)
            groups = (state >> GROUPS) & 0xFF
            widest = (state >> WIDEST) & 0xF
            rest = state & others
            single = len(scores) == 1
            for choice, runs, gain, to_groups, jokers, ace_shift in ways:
                g = groups + to_groups
                w = widest if widest >= to_groups else to_groups
                u = used + jokers
                if g and not _some_group_count(g, g + more_cards - u, w, *sizes):
                    continue
                new = rest | runs << shift_s | g << GROUPS | w << WIDEST | u << JOKERS
                if single and new not in out:  # the common case, without the general merge
                    ((score, bits),) = scores.items()
                    total = score + gain * weight
                    if total >= floor:
                        out[new] = {total: bits << ace_shift}
                        links[new] = [(state, choice, score, total, bits << ace_shift,
                                       ace_shift)]
                    continue
                for score, bits in scores.items():
                    total = score + gain * weight
                    if total >= floor:  # else it leaves out more than the budget
                        add(out, links, new, total, bits << ace_shift, state, score, choice,
                            ace_shift)
        return out

    def _rank(self, prev: Layer, links: Links) -> Layer:
        """End of a rank: the cards kept for groups must form groups (free jokers may help)."""
        out: Layer = {}
        for state, scores in prev.items():
            used = state >> JOKERS
            groups = (state >> GROUPS) & 0xFF
            widest = (state >> WIDEST) & 0xF
            for jokers in range(self.jokers - used + 1):
                if group_count(groups + jokers, widest, self.p.min_meld,
                               self.p.max_group) is None:
                    continue
                new = state & SUITS_ONLY | (used + jokers) << JOKERS
                for score, bits in scores.items():
                    self._add(out, links, new, score, bits, state, score, (jokers,), 0)
                if self.spare:
                    break  # more jokers in these groups would be spare ones
        return out

    def _high(self, prev: Layer, s: int, links: Links) -> Layer:
        """Rank 14: the aces kept back (and free jokers) end the runs that reach the king."""
        shift_s = 8 * s
        others = ~(0xFF << shift_s) & SUITS_ONLY
        ended = self.suits.empty << shift_s
        out: Layer = {}
        for state, scores in prev.items():
            used = state >> JOKERS
            for jokers, fits in self.suits.top_ways(s, _suit(state, s), self.jokers - used):
                new = state & others | ended | (used + jokers) << JOKERS
                for score, bits in scores.items():
                    if bits & fits:
                        self._add(out, links, new, score, bits & fits, state, score, (jokers,), 0)
        return out

    def _end(self, prev: Layer, links: Links) -> Layer:
        """After the last rank every run must be long enough.

        Only games without a high ace have runs open here; with spare jokers a short run
        gets jokers below its lowest card.
        """
        out: Layer = {}
        for state, scores in prev.items():
            used = state >> JOKERS
            deficit = sum(self.suits.deficit(_suit(state, s)) for s in range(4))
            if deficit and not (self.spare and used + deficit <= self.jokers):
                continue
            new = state & SUITS_ONLY | (used + deficit) << JOKERS
            for score, bits in scores.items():
                self._add(out, links, new, score, bits, state, score, (deficit,), 0)
        return out

    @staticmethod
    def _add(out: Layer, links: Links, state: State, score: int, bits: int,
             parent: State, parent_score: int, choice: Choice, shift: int) -> None:
        """Record that ``state`` is reached with ``score`` by the ways in ``bits``.

        Each way is kept at its best score only.
        """
        scores = out.get(state)
        if scores is None:
            out[state] = {score: bits}
            links[state] = [(parent, choice, parent_score, score, bits, shift)]
            return
        for known, known_bits in scores.items():
            if known >= score:
                bits &= ~known_bits
        if not bits:
            return
        links[state].append((parent, choice, parent_score, score, bits, shift))
        for known in [k for k in scores if k < score]:
            left = scores[known] & ~bits
            if left:
                scores[known] = left
            else:
                del scores[known]
        scores[score] = scores.get(score, 0) | bits


@cache
def _some_group_count(low: int, high: int, widest: int, min_meld: int, max_group: int) -> bool:
    """Could some number of cards from ``low`` to ``high`` form groups?"""
    return any(group_count(n, widest, min_meld, max_group) is not None
               for n in range(low, high + 1))
