"""The exact search behind :mod:`rummy_cli.solver`: a dynamic program over the ranks.

After van Rijn, Takes and Vis, "The complexity of Rummikub problems" (2015). The cards
are visited rank by rank (1..13, then 14 for a high ace), suit by suit. What the future
needs to know about the past is small: for each suit, how many runs are still open and
how long each is (1, 2, ... up to ``min_meld``, where "long enough" is one state), plus
how many free jokers are used. Groups never cross ranks, so they are settled when a rank
is done. Every reachable state keeps only its best score, so the search is exact and
polynomial in the number of cards.

Runs are counted, not named: two open runs of one suit and length are interchangeable,
and so are all copies of one card. When ``n`` cards of a suit go into runs at a rank,
every short run must take one (else it would end too short), long runs take the rest
(a long run that goes on is never worse than a new run beside it: it may stop at any
time), and any cards left start new runs. That makes each choice one state, not many.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from .cards import AnyCard, Card, Joker, Meld, Suit

SUITS: tuple[Suit, ...] = tuple(Suit)
HIGH_ACE = 14  # the position of an ace played after a king

# A suit's part of the state: open runs by length 1..L (L = min_meld, "long enough"),
# then the number of aces of that suit kept back for a run ending at 14.
SuitState = tuple[int, ...]
# The whole state: the four suit parts, cards of this rank kept for groups, the largest
# number of them in one suit, free jokers used so far.
State = tuple[SuitState, SuitState, SuitState, SuitState, int, int, int]


@dataclass
class Cell:
    """The cards that stand for one card (rank and suit): some must be placed, some may."""

    must: list[AnyCard] = field(default_factory=list)
    may: list[AnyCard] = field(default_factory=list)  # best first
    weight: int = 0  # the score of placing one `may` card


@dataclass(frozen=True)
class Problem:
    """What to place: cards by the card they count as, and free jokers."""

    cells: Mapping[Card, Cell]
    free_must: int = 0  # free jokers that must be placed
    free_may: int = 0  # free jokers that may be placed, each scoring `joker_weight`
    joker_weight: int = 0
    min_meld: int = 3
    max_group: int = 4
    ace_high: bool = True


@dataclass(frozen=True)
class Solution:
    """The best placement: its score, the melds, and which optional cards it used."""

    score: int
    melds: tuple[Meld, ...]
    placed: tuple[AnyCard, ...]  # the `may` cards placed
    free_placed: int  # the `may` free jokers placed


# One step's choice, kept to rebuild the melds: for a card of a rank and suit
# (used, kept_high, to_runs, to_groups, jokers_in_runs); for the end of a rank
# (jokers_in_groups,).
Choice = tuple[int, ...]
Layer = dict[State, tuple[int, State | None, Choice]]


def solve(problem: Problem) -> Solution | None:
    """The highest-scoring placement of every `must` card and some `may` cards, or None."""
    search = _Search(problem)
    layers = search.run()
    end = _best_end(problem, layers[-1])
    if end is None:
        return None
    choices = _choices(layers, end)
    return _Builder(problem, choices).solution(layers[-1][end][0] + _joker_score(problem, end))


def _joker_score(problem: Problem, state: State) -> int:
    return (state[6] - problem.free_must) * problem.joker_weight


def _best_end(problem: Problem, last: Layer) -> State | None:
    """The final state with the best score: every run closed, every `must` joker placed."""
    best: State | None = None
    best_score = -1
    for state, (score, _, _) in last.items():
        if state[6] < problem.free_must:
            continue
        total = score + _joker_score(problem, state)
        if total > best_score:
            best, best_score = state, total
    return best


def _choices(layers: list[Layer], end: State) -> list[Choice]:
    """Walk the back-pointers from the final state: the choice made at every step."""
    choices: list[Choice] = []
    state: State | None = end
    for layer in reversed(layers[1:]):
        assert state is not None
        _, state, choice = layer[state]
        choices.append(choice)
    choices.reverse()
    return choices


def _steps(problem: Problem) -> Iterator[tuple[str, int, int]]:
    """The steps of the search in order: ("card", rank, suit), ("rank", rank, -1), ..."""
    for rank in range(1, 14):
        for s in range(4):
            yield "card", rank, s
        yield "rank", rank, -1
    if problem.ace_high:
        for s in range(4):
            yield "high", HIGH_ACE, s
    yield "end", 0, -1


class _Search:
    """The forward pass: one layer of reachable states per step."""

    def __init__(self, problem: Problem) -> None:
        self.p = problem
        self.L = max(2, problem.min_meld)
        self.jokers = problem.free_must + problem.free_may

    def run(self) -> list[Layer]:
        empty: SuitState = (0,) * (self.L + 1)
        start: State = (empty, empty, empty, empty, 0, 0, 0)
        layers: list[Layer] = [{start: (0, None, ())}]
        for kind, rank, s in _steps(self.p):
            prev = layers[-1]
            if kind == "card":
                layer = self._card(prev, rank, s)
            elif kind == "rank":
                layer = self._rank(prev)
            elif kind == "high":
                layer = self._high(prev, s)
            else:
                layer = self._end(prev)
            layers.append(layer)
            if not layer:
                break
        return layers

    def _card(self, prev: Layer, rank: int, s: int) -> Layer:
        cell = self.p.cells.get(Card(rank, SUITS[s]))
        must = len(cell.must) if cell else 0
        may = len(cell.may) if cell else 0
        weight = cell.weight if cell else 0
        keep_high = rank == 1 and self.p.ace_high
        out: Layer = {}
        for state, (score, _, _) in prev.items():
            suit, groups, widest, used = state[s], state[4], state[5], state[6]
            for choice, new_suit, gain in _card_options(
                suit, must, may, self.jokers - used, keep_high, self.L
            ):
                to_groups, jokers = choice[3], choice[4]
                new = _replace(state, s, new_suit, groups + to_groups,
                               max(widest, to_groups), used + jokers)
                total = score + gain * weight
                old = out.get(new)
                if old is None or total > old[0]:
                    out[new] = (total, state, choice)
        return out

    def _rank(self, prev: Layer) -> Layer:
        """End of a rank: the cards kept for groups must form groups (free jokers may help)."""
        out: Layer = {}
        for state, (score, _, _) in prev.items():
            groups, widest, used = state[4], state[5], state[6]
            for jokers in range(self.jokers - used + 1):
                if _group_count(groups + jokers, widest, self.p.min_meld,
                                self.p.max_group) is None:
                    continue
                new: State = (state[0], state[1], state[2], state[3], 0, 0, used + jokers)
                old = out.get(new)
                if old is None or score > old[0]:
                    out[new] = (score, state, (jokers,))
        return out

    def _high(self, prev: Layer, s: int) -> Layer:
        """Rank 14: the aces kept back (and free jokers) end runs that reach the king."""
        L = self.L
        out: Layer = {}
        for state, (score, _, _) in prev.items():
            suit, used = state[s], state[6]
            runs, kept = suit[:L], suit[L]
            if any(runs[: L - 2]):
                continue  # a run too short to be finished by one more card
            for jokers in range(self.jokers - used + 1):
                n = kept + jokers
                if not runs[L - 2] <= n <= runs[L - 2] + runs[L - 1]:
                    continue
                new = _replace(state, s, (0,) * (L + 1), 0, 0, used + jokers)
                old = out.get(new)
                if old is None or score > old[0]:
                    out[new] = (score, state, (jokers,))
        return out

    def _end(self, prev: Layer) -> Layer:
        """After the last rank every run must be long enough and no ace still kept back."""
        L = self.L
        out: Layer = {}
        for state, value in prev.items():
            if all(not any(state[s][: L - 1]) and not state[s][L] for s in range(4)):
                out[state] = (value[0], state, ())
        return out


def _replace(
    state: State, s: int, suit: SuitState, groups: int, widest: int, used: int
) -> State:
    parts = [state[0], state[1], state[2], state[3]]
    parts[s] = suit
    return (parts[0], parts[1], parts[2], parts[3], groups, widest, used)


@lru_cache(maxsize=None)
def _card_options(
    suit: SuitState, must: int, may: int, jokers_left: int, keep_high: bool, L: int
) -> tuple[tuple[Choice, SuitState, int], ...]:
    """Every way to use the copies of one card, given its suit's open runs.

    Returns (choice, the suit's new state, how many `may` copies were placed).
    """
    runs, kept = suit[:L], suit[L]
    short = sum(runs[: L - 1])
    options: list[tuple[Choice, SuitState, int]] = []
    for used in range(must, must + may + 1):
        for high in range(used + 1) if keep_high else (0,):
            for to_runs in range(used - high + 1):
                to_groups = used - high - to_runs
                for jokers in range(jokers_left + 1):
                    new_runs = _extend(runs, to_runs + jokers, short, L)
                    if new_runs is None:
                        continue
                    new_suit = (*new_runs, kept + high)
                    choice = (used, high, to_runs, to_groups, jokers)
                    options.append((choice, new_suit, used - must))
    return tuple(options)


def _extend(runs: tuple[int, ...], n: int, short: int, L: int) -> tuple[int, ...] | None:
    """Open runs after ``n`` cards of the next rank join them (None: a short run ends).

    >>> _extend((1, 0, 1), 2, 1, 3)  # a 1-long run and a long one, two cards: both go on
    (0, 1, 1)
    >>> _extend((0, 1, 0), 0, 1, 3) is None  # a 2-long run that gets no card ends too short
    True
    """
    if n < short:
        return None
    go_on = min(runs[L - 1], n - short)
    started = n - short - go_on
    return (started, *runs[: L - 2], runs[L - 2] + go_on)


@lru_cache(maxsize=None)
def _group_count(cards: int, widest: int, min_meld: int, max_group: int) -> int | None:
    """How many groups hold ``cards`` cards of one rank, at most ``widest`` of one suit.

    Groups have distinct suits, so each of the ``widest`` copies needs its own group; the
    rest spread evenly. None when no count works.

    >>> _group_count(0, 0, 3, 4), _group_count(5, 1, 3, 4), _group_count(6, 2, 3, 4)
    (0, None, 2)
    """
    if cards == 0:
        return 0
    size = min(max_group, len(SUITS))
    count = max(widest, -(-cards // size))
    return count if count * min_meld <= cards else None


class _Builder:
    """Replays the chosen steps with the real card objects, to lay out the melds."""

    def __init__(self, problem: Problem, choices: list[Choice]) -> None:
        self.p = problem
        self.L = max(2, problem.min_meld)
        self.choices = choices
        self.melds: list[list[AnyCard]] = []
        self.open: list[list[list[AnyCard]]] = [[] for _ in SUITS]  # open runs, per suit
        self.kept: list[list[AnyCard]] = [[] for _ in SUITS]  # aces kept for rank 14
        self.placed: list[AnyCard] = []
        self.free_used = 0

    def solution(self, score: int) -> Solution:
        rank_cards: list[AnyCard] = []
        group_jokers = 0
        it = iter(self.choices)
        for (kind, rank, s), choice in zip(_steps(self.p), it):
            if kind == "card":
                rank_cards.extend(self._card(rank, s, choice))
            elif kind == "rank":
                group_jokers = choice[0]
                self._groups(rank, rank_cards, group_jokers)
                rank_cards = []
            elif kind == "high":
                self._high(s, choice[0])
        self._close_all()
        free_placed = max(0, self.free_used - self.p.free_must)
        return Solution(score, tuple(tuple(m) for m in self.melds), tuple(self.placed),
                        free_placed)

    def _card(self, rank: int, s: int, choice: Choice) -> list[AnyCard]:
        """Place the chosen copies of one card; returns those kept for groups."""
        used, high, to_runs, to_groups, jokers = choice
        card = Card(rank, SUITS[s])
        cell = self.p.cells.get(card)
        copies: list[AnyCard] = []
        if cell is not None:
            extra = used - len(cell.must)
            copies = [*cell.must, *cell.may[:extra]]
            self.placed.extend(cell.may[:extra])
        self.kept[s].extend(copies[:high])
        runs_cards = copies[high: high + to_runs] + self._jokers(card, jokers)
        self._extend(s, runs_cards)
        return copies[high + to_runs:]

    def _jokers(self, card: Card, n: int) -> list[AnyCard]:
        self.free_used += n
        return [Joker(card) for _ in range(n)]

    def _extend(self, s: int, cards: list[AnyCard]) -> None:
        """Mirror of :func:`_extend`: short runs first, then long ones, then new runs."""
        runs = sorted(self.open[s], key=len)
        short = [r for r in runs if len(r) < self.L]
        long = [r for r in runs if len(r) >= self.L]
        assert len(cards) >= len(short)
        go_on = short + long[: len(cards) - len(short)]
        for run, card in zip(go_on, cards):
            run.append(card)
        for run in long[len(cards) - len(short):]:
            self.melds.append(run)
        started = [[c] for c in cards[len(go_on):]]
        self.open[s] = go_on + started

    def _groups(self, rank: int, cards: list[AnyCard], jokers: int) -> None:
        """Deal the cards of one rank round-robin into groups, then fill with jokers."""
        total = len(cards) + jokers
        if total == 0:
            return
        by_suit = sorted(cards, key=_suit_index)
        widest = max((sum(1 for d in cards if _suit_index(d) == i) for i in range(4)),
                     default=0)
        count = _group_count(total, widest, self.p.min_meld, self.p.max_group)
        assert count
        groups: list[list[AnyCard]] = [[] for _ in range(count)]
        for i, c in enumerate(by_suit):  # one suit's copies land in different groups
            groups[i % count].append(c)
        for _ in range(jokers):
            group = min(groups, key=len)
            taken = {_suit_index(c) for c in group}
            missing = next(i for i in range(4) if i not in taken)
            group.append(Joker(Card(rank, SUITS[missing])))
            self.free_used += 1
        for group in groups:
            group.sort(key=_suit_index)
            self.melds.append(group)

    def _high(self, s: int, jokers: int) -> None:
        cards = self.kept[s] + self._jokers(Card(1, SUITS[s]), jokers)
        self.kept[s] = []
        runs = sorted(self.open[s], key=len)
        need = [r for r in runs if len(r) == self.L - 1]
        may = [r for r in runs if len(r) >= self.L]
        for run, card in zip(need + may, cards):
            run.append(card)
        self.melds.extend(runs)
        self.open[s] = []

    def _close_all(self) -> None:
        for s in range(4):
            self.melds.extend(self.open[s])
            self.open[s] = []


def _suit_index(card: AnyCard) -> int:
    real = card if isinstance(card, Card) else card.declared
    assert real is not None
    return SUITS.index(real.suit)
