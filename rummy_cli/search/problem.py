"""What the solver's search works on: cards to place, by card, and free jokers.

Shared by the search (:mod:`.dp`) and the layout of its answer
(:mod:`.layout`). The referee's rules (which cards must be placed, which may,
which jokers are free) are turned into a :class:`Problem` by :mod:`.solver`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, cached_property

from ..cards import AnyCard, Card, Meld, Suit

SUITS: tuple[Suit, ...] = tuple(Suit)
HIGH_ACE = 14  # the position of an ace played after a king


@dataclass
class Cell:
    """The cards that stand for one card (rank and suit): some must be placed, some may.

    A joker whose declaration is fixed stands for its card like one more copy of it.
    """

    must: list[AnyCard] = field(default_factory=list)
    may: list[AnyCard] = field(default_factory=list)  # placed first to last
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

    @property
    def run_cap(self) -> int:
        """Run lengths are counted up to this: a run this long may end at any time."""
        return max(2, self.min_meld)

    def counts(self, rank: int, s: int) -> tuple[int, int, int]:
        """(must, may, weight) of the card of ``rank`` (1-14) and suit number ``s``."""
        return self._counts[rank][s]

    @cached_property
    def _counts(self) -> list[list[tuple[int, int, int]]]:
        table = [[(0, 0, 0)] * len(SUITS) for _ in range(HIGH_ACE + 1)]
        for card, cell in self.cells.items():
            table[card.rank][SUITS.index(card.suit)] = (len(cell.must), len(cell.may),
                                                         cell.weight)
        return table


@dataclass(frozen=True)
class Solution:
    """The best placement: its score, the melds, and which optional cards it used."""

    score: int
    melds: tuple[Meld, ...]
    placed: tuple[AnyCard, ...]  # the `may` cards placed
    free_placed: int  # the `may` free jokers placed


# The choice made at one step, kept to lay out the melds afterwards:
#   "card" step: (used, kept_high, to_runs, to_groups, jokers_in_runs)
#   "rank", "high" and "end" steps: (jokers,), the jokers that step placed
Choice = tuple[int, ...]
Step = tuple[str, int, int]  # (kind, rank, suit number or -1)


def steps(problem: Problem) -> Iterator[Step]:
    """The steps of the search in order.

    Each card of a rank, suit by suit ("card"), then the rank's groups ("rank"); after
    the king, the high aces suit by suit ("high"); last, the check that all runs ended.
    """
    for rank in range(1, 14):
        for s in range(len(SUITS)):
            yield "card", rank, s
        yield "rank", rank, -1
    if problem.ace_high:
        for s in range(len(SUITS)):
            yield "high", HIGH_ACE, s
    yield "end", 0, -1


@cache
def group_count(cards: int, widest: int, min_meld: int, max_group: int) -> int | None:
    """How many groups hold ``cards`` cards of one rank, at most ``widest`` of one suit.

    Groups have distinct suits, so each of the ``widest`` copies needs its own group; the
    rest spread evenly, so the fewest groups that fit is best. None when no count works.

    >>> group_count(0, 0, 3, 4), group_count(5, 1, 3, 4), group_count(6, 2, 3, 4)
    (0, None, 2)
    """
    if cards == 0:
        return 0
    size = min(max_group, len(SUITS))
    count = max(widest, -(-cards // size))
    return count if count * min_meld <= cards else None


def without_hopeless(problem: Problem) -> Problem | None:
    """The problem less the `may` copies that fit in no meld, whatever else is placed.

    A card fits in a meld only if enough other cards of its rank (for a group) or of its
    suit around it (for a run) are there, counting every free joker. Dropping one card can
    make another hopeless, so this repeats. None when a `must` card is hopeless.
    """
    cells = {card: Cell(list(c.must), list(c.may), c.weight)
             for card, c in problem.cells.items() if c.must or c.may}
    jokers = problem.free_must + problem.free_may
    changed = True
    while changed:
        changed = False
        present = {card for card, c in cells.items() if c.must or c.may}
        for card in present:
            if _may_fit(card, present, jokers, problem):
                continue
            if cells[card].must:
                return None
            cells[card].may = []
            changed = True
    return replace(problem, cells=cells)


def _may_fit(card: Card, present: set[Card], jokers: int, problem: Problem) -> bool:
    """Is there a group or a run with this card, all of whose other cards could be there?"""
    ranks = sum(1 for suit in SUITS if Card(card.rank, suit) in present)
    if ranks + jokers >= problem.min_meld:
        return True
    cap = problem.run_cap
    top = HIGH_ACE if problem.ace_high else 13
    places = [card.rank, HIGH_ACE] if card.rank == 1 and problem.ace_high else [card.rank]
    for place in places:
        for low in range(max(1, place - cap + 1), min(place, top - cap + 1) + 1):
            missing = sum(1 for p in range(low, low + cap)
                          if Card(1 if p == HIGH_ACE else p, card.suit) not in present)
            if missing <= jokers:
                return True
    return False
