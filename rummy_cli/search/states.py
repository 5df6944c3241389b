"""The states of the exact search (:mod:`.dp`): one int per state, its layout, and the
small operations on states and their scores."""

from __future__ import annotations

from functools import cache

from .problem import (
    Choice,
    group_count,
)
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


MOST_COPIES = 8  # of one card, or free jokers: keeps every part of a state in its bits


def suit_part(state: State, s: int) -> int:
    return (state >> (8 * s)) & 0xFF


UNBOUNDED = 1 << 60  # no bound known


class Shapes:
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


def kept_state(kind: str, s: int) -> State:
    """The parts of a state that a closing step keeps as they are."""
    if kind == "rank":
        return SUITS_ONLY  # the runs
    if kind == "high":
        return ~(0xFF << (8 * s)) & SUITS_ONLY  # the other suits' runs
    return 0  # the end looks at the whole state


def scoring_at_least(scores: Scores, low: int) -> Scores:
    """The scores of a state that reach ``low``: the same dict when all do."""
    if min(scores) >= low:
        return scores
    return {score: bits for score, bits in scores.items() if score >= low}


def add_state(out: Layer, state: State, score: int, bits: int) -> None:
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
def first_group_fit(min_meld: int, max_group: int) -> list[list[int]]:
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
