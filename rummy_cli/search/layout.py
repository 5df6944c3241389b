"""Lay out the melds of a solution: replay the search's choices with the card objects.

The search only counts (how many copies of a card, how many go to runs, how many runs
of each length are open); this replays its choices step by step on named runs and
groups, exactly as the search counted them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import AnyCard, Card, Joker
from .problem import HIGH_ACE, SUITS, Choice, Problem, Solution, group_count, steps


def lay_out(
    problem: Problem, choices: Sequence[Choice], score: int, spare: bool
) -> Solution | None:
    """The solution the choices describe (one choice per step of :func:`steps`).

    With ``spare``, the free jokers the choices leave unused are added where a meld has
    room; None when there is not room for all of them.
    """
    return _Layout(problem).replay(choices, score, spare)


class _Layout:
    def __init__(self, problem: Problem) -> None:
        self.p = problem
        self.cap = problem.run_cap
        self.melds: list[list[AnyCard]] = []
        self.open: list[list[list[AnyCard]]] = [[] for _ in SUITS]  # open runs, per suit
        self.kept: list[list[AnyCard]] = [[] for _ in SUITS]  # aces kept for rank 14
        self.placed: list[AnyCard] = []
        self.free_used = 0

    def replay(self, choices: Sequence[Choice], score: int, spare: bool) -> Solution | None:
        for_groups: list[AnyCard] = []
        for (kind, rank, s), choice in zip(steps(self.p), choices):
            if kind == "card":
                for_groups.extend(self._card(rank, s, choice))
            elif kind == "rank":
                self._groups(rank, for_groups, choice[0])
                for_groups = []
            elif kind == "high":
                self._high(s, choice[0])
            else:
                self._lengthen_short_runs(choice[0])
        for runs in self.open:
            self.melds.extend(runs)
        for _ in range(self.p.free_must + self.p.free_may - self.free_used if spare else 0):
            if not self._add_spare_joker():
                return None
        free_placed = max(0, self.free_used - self.p.free_must)
        return Solution(score, tuple(tuple(m) for m in self.melds), tuple(self.placed),
                        free_placed)

    def _card(self, rank: int, s: int, choice: Choice) -> list[AnyCard]:
        """Place the chosen copies of one card; returns those meant for groups."""
        used, high, to_runs, _, jokers = choice
        card = Card(rank, SUITS[s])
        cell = self.p.cells.get(card)
        copies: list[AnyCard] = []
        if cell is not None:
            extra = cell.may[: used - len(cell.must)]
            copies = [*cell.must, *extra]
            self.placed.extend(extra)
        self.kept[s].extend(copies[:high])
        self._extend(s, copies[high: high + to_runs] + self._jokers(card, jokers))
        return copies[high + to_runs:]

    def _jokers(self, card: Card, n: int) -> list[AnyCard]:
        self.free_used += n
        return [Joker(card) for _ in range(n)]

    def _extend(self, s: int, cards: list[AnyCard]) -> None:
        """As the search counts it: short runs go on, then long ones, the rest start runs."""
        runs = sorted(self.open[s], key=len)
        short = [r for r in runs if len(r) < self.cap]
        long = [r for r in runs if len(r) >= self.cap]
        assert len(cards) >= len(short), "a short run was left behind"
        go_on = short + long[: len(cards) - len(short)]
        for run, card in zip(go_on, cards):
            run.append(card)
        self.melds.extend(long[len(cards) - len(short):])  # long runs not going on end here
        self.open[s] = go_on + [[c] for c in cards[len(go_on):]]

    def _groups(self, rank: int, cards: list[AnyCard], jokers: int) -> None:
        """Deal one rank's cards round-robin into groups, then give jokers to the smallest."""
        total = len(cards) + jokers
        if total == 0:
            return
        by_suit = sorted(cards, key=_suit_index)
        widest = max(sum(1 for c in cards if _suit_index(c) == i) for i in range(len(SUITS)))
        count = group_count(total, widest, self.p.min_meld, self.p.max_group)
        assert count, "the cards of a rank do not form groups"
        groups: list[list[AnyCard]] = [[] for _ in range(count)]
        for i, card in enumerate(by_suit):  # copies of one card land in different groups
            groups[i % count].append(card)
        for _ in range(jokers):
            group = min(groups, key=len)
            taken = {_suit_index(c) for c in group}
            missing = next(i for i in range(len(SUITS)) if i not in taken)
            group.extend(self._jokers(Card(rank, SUITS[missing]), 1))
        for group in groups:
            group.sort(key=_suit_index)
            self.melds.append(group)

    def _high(self, s: int, jokers: int) -> None:
        """Rank 14: kept aces go on short runs first, then long ones; jokers make up the rest.

        A joker first ends a short run at 14, then goes below the lowest card of a run
        still short, and last ends a long run: as :meth:`Suits.top_ways` counts them.
        """
        ace = Card(1, SUITS[s])
        runs = self.open[s]
        short = [r for r in runs if len(r) < self.cap]
        ends = short + [r for r in runs if len(r) >= self.cap]
        kept = self.kept[s]
        assert len(kept) <= len(ends), "a kept ace has no run"
        for run, card in zip(ends, kept):
            run.append(card)
        waiting = ends[len(kept):]  # runs that may still get a joker at 14
        for run in [r for r in waiting if len(r) < self.cap][:jokers]:
            run.extend(self._jokers(ace, 1))
            waiting.remove(run)
            jokers -= 1
        jokers = self._fill_below(short, jokers)
        assert jokers <= len(waiting), "jokers left over at rank 14"
        for run in waiting[:jokers]:
            run.extend(self._jokers(ace, 1))
        self.melds.extend(runs)
        self.kept[s] = []
        self.open[s] = []

    def _lengthen_short_runs(self, jokers: int) -> None:
        """After the last rank (no high ace), short runs get jokers below their lowest card."""
        for runs in self.open:
            jokers = self._fill_below(runs, jokers)
        assert jokers == 0, "jokers left over at the last rank"

    def _fill_below(self, runs: list[list[AnyCard]], jokers: int) -> int:
        """Put jokers below the lowest card of each run still short; returns those left."""
        for run in runs:
            while len(run) < self.cap:
                assert jokers, "a short run is left at the top"
                low = _place(run[0], first=True)
                run.insert(0, self._jokers(Card(low - 1, SUITS[_suit_index(run[0])]), 1)[0])
                jokers -= 1
        return jokers

    def _add_spare_joker(self) -> bool:
        """Put one more joker at the end of a run, else into a group; False if none has room."""
        top = HIGH_ACE if self.p.ace_high else 13
        for meld in self.melds:
            if _is_group(meld):
                continue
            low, high = _place(meld[0], first=True), _place(meld[-1], first=False)
            suit = SUITS[_suit_index(meld[0])]
            if high < top:
                meld.extend(self._jokers(Card(1 if high + 1 == HIGH_ACE else high + 1, suit), 1))
                return True
            if low > 1:
                meld[:0] = self._jokers(Card(low - 1, suit), 1)
                return True
        for meld in self.melds:
            if _is_group(meld) and len(meld) < min(self.p.max_group, len(SUITS)):
                taken = {_suit_index(c) for c in meld}
                missing = next(i for i in range(len(SUITS)) if i not in taken)
                meld.extend(self._jokers(Card(_rank(meld[0]), SUITS[missing]), 1))
                meld.sort(key=_suit_index)
                return True
        return False


def _rank(card: AnyCard) -> int:
    real = card if isinstance(card, Card) else card.declared
    assert real is not None
    return real.rank


def _place(card: AnyCard, first: bool) -> int:
    """The position of a run's first or last card: an ace is 1 first and 14 last."""
    rank = _rank(card)
    return HIGH_ACE if rank == 1 and not first else rank


def _is_group(meld: list[AnyCard]) -> bool:
    return len({_rank(c) for c in meld}) == 1


def _suit_index(card: AnyCard) -> int:
    real = card if isinstance(card, Card) else card.declared
    assert real is not None
    return SUITS.index(real.suit)
