"""Is a meld a legal group or sequence (R7-R9, R13)? Every reason it is not, in words.

The order of the cards does not matter: a meld is a set of cards.

>>> from .cards import parse_cards
>>> analyze_meld(parse_cards("7H JK=8H 9H")).legal
True
>>> v = analyze_meld(parse_cards("5H JK 7H"))
>>> v.kind, [str(c) for c in v.forced]
('run', ['6H'])
>>> [p.message for p in analyze_meld(parse_cards("KC AC 2C")).problems]
['KC AC 2C turns the corner: an ace is low (A-2-3) or high (Q-K-A), never both']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .cards import (
    RANK_WORDS,
    AnyCard,
    Card,
    Joker,
    Meld,
    Suit,
    format_cards,
    rank_text,
    represented,
    times,
)
from .games.manipulation.rules import MANIPULATION_RUMMY, Rules
from .shapes import Kind as Kind
from .shapes import Shape, longest_run, missing_suits, runs_holding
from .shapes import Violation as Violation  # a meld's, a set's and a turn's problems alike

ILLEGAL_MELD = "illegal-meld"
UNDECLARED_JOKER = "undeclared-joker"


MeldProblem = Violation  # what a meld verdict calls its violations


@dataclass(frozen=True)
class MeldVerdict:
    """What the referee says of one meld."""

    cards: Meld
    kind: Kind | None
    problems: tuple[MeldProblem, ...]
    ordered: Meld  # the meld in display order, forced jokers carrying their card
    forced: tuple[Card, ...]  # the cards undeclared jokers were found to stand for

    @property
    def legal(self) -> bool:
        """True when the meld has no problem."""
        return not self.problems


def rank_word(rank: int) -> str:
    """'8s', 'aces', 'kings'."""
    return RANK_WORDS.get(rank, f"{rank}s")


def _problem(rule: str, message: str) -> MeldProblem:
    return MeldProblem(ILLEGAL_MELD, rule, message)


def _display(cards: Meld) -> str:
    return format_cards(cards)


def _and(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _same(rep: Card, same: Sequence[AnyCard]) -> str:
    """'8S appears twice' or '8S and JK=8S are both 8S'."""
    if all(isinstance(c, Card) for c in same):
        return f"{rep} appears {times(len(same))}"
    return f"{_and([str(c) for c in same])} are {'both' if len(same) == 2 else 'all'} {rep}"


def _duplicates(cards: Meld) -> list[tuple[Card, list[AnyCard]]]:
    by_card: dict[Card, list[AnyCard]] = {}
    for c in cards:
        rep = represented(c)
        if rep is not None:
            by_card.setdefault(rep, []).append(c)
    return [(rep, same) for rep, same in by_card.items() if len(same) > 1]


def _group(cards: Meld, rules: Rules) -> tuple[list[MeldProblem], Meld, tuple[Card, ...]]:
    known = [rep for c in cards if (rep := represented(c)) is not None]
    free = len(cards) - len(known)
    rank = known[0].rank
    problems: list[MeldProblem] = []
    for rep, same in _duplicates(cards):
        problems.append(_problem(
            "R8",
            f"{_same(rep, same)}: a group of {rank_word(rank)} has at most one card of "
            "each suit",
        ))
    if len(cards) > rules.max_group:
        problems.append(_problem(
            "R8", f"a group has at most {rules.max_group} cards (one of each suit); "
            f"{_display(cards)} has {len(cards)}",
        ))
    forced: tuple[Card, ...] = ()
    if free and not problems:
        missing = [Card(rank, s) for s in missing_suits([k.suit for k in known], _SUITS)]
        if len(missing) == free:
            forced = tuple(missing)
        else:
            options = " or ".join(str(c) for c in missing)
            problems.append(MeldProblem(
                UNDECLARED_JOKER, "R13",
                f"in {_display(cards)} the joker could be {options}: declare it, "
                f"e.g. JK={missing[0]}",
            ))
    order = {s: i for i, s in enumerate(Suit)}
    ordered = _fill(cards, forced)
    ordered = tuple(sorted(ordered, key=lambda c: order[_suit_of(c)]))
    return problems, ordered, forced


_SUITS = Shape(tuple(Suit))  # a group's suits, in the order a joker is named for them


def _suit_of(card: AnyCard) -> Suit:
    rep = represented(card)
    return rep.suit if rep is not None else Suit.CLUBS


def _fill(cards: Meld, forced: Sequence[Card]) -> Meld:
    """The meld with its undeclared jokers given the forced cards, in order."""
    todo = list(forced)
    out: list[AnyCard] = []
    for c in cards:
        if isinstance(c, Joker) and c.declared is None and todo:
            out.append(Joker(todo.pop(0)))
        else:
            out.append(c)
    return tuple(out)


def run_placements(
    known_ranks: Sequence[int], size: int, rules: Rules
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to lay a run of ``size`` cards holding ``known_ranks`` (aces low or high).

    Each placement is (positions of the known cards, positions left for free jokers), with
    positions 1-13 and 14 for a high ace.

    >>> run_placements([5, 7], 3, MANIPULATION_RUMMY)
    [((5, 7), (6,))]
    >>> run_placements([12, 13], 3, MANIPULATION_RUMMY)
    [((12, 13), (11,)), ((12, 13), (14,))]
    """
    ones = _ones(rules)
    results: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    aces = [i for i, r in enumerate(known_ranks) if r == 1]
    choices = product((1, 14) if rules.ace_high else (1,), repeat=len(aces))
    for choice in choices:
        pos = list(known_ranks)
        for i, p in zip(aces, choice):
            pos[i] = p
        if len(set(pos)) != len(pos):
            continue
        for window in runs_holding(pos, size, ones):
            free = tuple(p for p in window if p not in pos)
            key = (tuple(sorted(pos)), free)
            if key not in seen:
                seen.add(key)
                results.append(key)
    return results


def _ones(rules: Rules) -> str:
    """The engine's ``ones`` rule for a card table: the ace low or high, never round (R9)."""
    return "high" if rules.ace_high else "low"


def _run(cards: Meld, rules: Rules) -> tuple[list[MeldProblem], Meld, tuple[Card, ...]]:
    known = [rep for c in cards if (rep := represented(c)) is not None]
    suit = known[0].suit
    free = len(cards) - len(known)
    problems: list[MeldProblem] = []
    top = longest_run(_ones(rules))
    for rep, same in _duplicates(cards):
        if rep.rank == 1 and len(same) == 2 and rules.ace_high and len(cards) >= top:
            continue  # A-2-...-K-A: one ace low, one high (R9, D); a longer run is too long
        problems.append(_problem(
            "R9", f"{_same(rep, same)}: a run has each rank once",
        ))
    if len(cards) > top:
        problems.append(_problem(
            "R9", f"a run has at most {top} cards; {_display(cards)} has {len(cards)}"
        ))
    if problems:
        return problems, cards, ()
    placements = run_placements([k.rank for k in known], len(cards), rules)
    if not placements:
        problems.append(_problem("R9", _why_no_run(cards, known, free, rules)))
        return problems, cards, ()
    # compare the cards the jokers would be, not their positions: in A-2-...-K plus a joker
    # the joker is the other ace whether it goes low (1) or high (14)
    options = {tuple(sorted(1 if p == 14 else p for p in free_pos)) for _, free_pos in placements}
    if len(options) > 1:
        positions = sorted({p for _, free_pos in placements for p in free_pos})
        shown = list(dict.fromkeys(rank_text(p) for p in positions))
        cards_text = " or ".join(r + suit.value for r in shown)
        problems.append(MeldProblem(
            UNDECLARED_JOKER, "R13",
            f"in {_display(cards)} the joker could be {cards_text}: declare it, "
            f"e.g. JK={shown[0]}{suit.value}",
        ))
        return problems, cards, ()
    known_pos, free_pos = placements[0]
    forced = tuple(Card(1 if p == 14 else p, suit) for p in free_pos)
    filled = _fill(cards, forced)
    # order by position: aces go where the chosen placement put them
    high_ace = 14 in known_pos or 14 in free_pos
    low_ace = 1 in known_pos or 1 in free_pos

    def position(card: AnyCard, seen_ace: list[int]) -> int:
        rep = represented(card)
        assert rep is not None
        if rep.rank != 1:
            return rep.rank
        seen_ace.append(1)
        if high_ace and (not low_ace or len(seen_ace) > 1):
            return 14
        return 1

    aces_seen: list[int] = []
    keyed = [(position(c, aces_seen), i, c) for i, c in enumerate(filled)]
    ordered = tuple(c for _, _, c in sorted(keyed))
    return problems, ordered, forced


def _why_no_run(cards: Meld, known: list[Card], free: int, rules: Rules) -> str:
    ranks = sorted({k.rank for k in known})
    size = len(cards)
    if rules.ace_high and 1 in ranks and 13 in ranks:
        # would fit if the ranks could go round the corner K-A-2
        for start in range(1, 14):
            window = {(start + i - 1) % 13 + 1 for i in range(size)}
            if set(ranks) <= window:
                return (f"{_display(cards)} turns the corner: an ace is low (A-2-3) or "
                        "high (Q-K-A), never both")
    if not rules.ace_high and 1 in ranks:
        # would it fit with the ace high (Q-K-A), as the book allows but this table not?
        high = sorted(14 if r == 1 else r for r in ranks)
        if high[-1] - high[0] + 1 <= size:
            return (f"{_display(cards)} puts the ace above the king, but here the ace is "
                    "low only (house rule ace_high=no): A-2-3, never Q-K-A")
    # the tightest span, with the ace low or high
    best: list[int] = []
    spans = [ranks]
    if rules.ace_high and 1 in ranks:
        spans.append(sorted([14 if r == 1 else r for r in ranks]))
    for s in spans:
        missing = [p for p in range(s[0], s[-1] + 1) if p not in s]
        if not best or len(missing) < len(best):
            best = missing
    if not best:  # every rank is there, yet no run fits them (not known to happen)
        return f"{_display(cards)} is not a run of {len(cards)} cards in a row"
    suit = known[0].suit
    holes = _and([rank_text(p) + suit.value for p in best])
    one_gap = best == list(range(best[0], best[-1] + 1))
    jokers = ("there is no undeclared joker" if free == 0 else
              "there is only 1 undeclared joker" if free == 1 else
              f"there are only {free} undeclared jokers")
    return (f"{_display(cards)} has {'a gap' if one_gap else 'gaps'}: {holes} "
            f"{'is' if len(best) == 1 else 'are'} missing, and {jokers} to fill "
            f"{'it' if one_gap else 'them'}")


def _mixed(cards: Meld, known: list[Card]) -> MeldProblem:
    ranks = Counter(k.rank for k in known)
    suits = Counter(k.suit for k in known)
    if len(ranks) == len(known):  # all ranks differ: meant as a run
        suit_names = _and([s.plural for s in suits])
        (main, most), *rest = suits.most_common()
        if rest and rest[0][1] == most:  # no suit has the most cards: none is the odd one
            return _problem("R9", f"{_display(cards)} mixes suits ({suit_names}): "
                                  "a run is all one suit")
        odd = [c for c in cards if (rep := represented(c)) is not None and rep.suit != main]
        names = _and([
            f"{c} is declared a {_singular(represented(c))}" if isinstance(c, Joker)
            else f"{c} is a {_singular(represented(c))}" for c in odd
        ])
        return _problem("R9", f"{_display(cards)} mixes suits ({suit_names}): {names} "
                              f"in a {main.plural} run; a run is all one suit")
    if len(suits) == len(known):  # all suits differ: meant as a group
        rank_names = _and([rank_text(r) for r in sorted(ranks)])
        return _problem("R8", f"{_display(cards)} mixes ranks ({rank_names}): "
                              "a group is all one rank")
    return _problem("R7", f"{_display(cards)} is neither a group (one rank, different suits) "
                          "nor a run (one suit, consecutive ranks)")


def _singular(card: Card | None) -> str:
    return card.suit.plural[:-1] if card is not None else "card"


def analyze_meld(cards: Iterable[AnyCard], rules: Rules = MANIPULATION_RUMMY) -> MeldVerdict:
    """Judge one meld: its kind (group or run), every problem, and forced jokers."""
    return _analyze(tuple(cards), rules)


@lru_cache(maxsize=8192)  # verdicts are immutable; a turn judges the same melds several times
def _analyze(meld: Meld, rules: Rules) -> MeldVerdict:
    known = [rep for c in meld if (rep := represented(c)) is not None]
    if len(meld) < rules.min_meld:
        what = "no cards" if not meld else f"only {len(meld)}: {_display(meld)}"
        return MeldVerdict(meld, None, (_problem(
            "R7", f"a meld needs at least {rules.min_meld} cards; this one has {what}"),),
            meld, ())
    if not known:
        return MeldVerdict(meld, None, (MeldProblem(
            UNDECLARED_JOKER, "R13",
            f"{_display(meld)} is only jokers: declare what each stands for, e.g. JK=7H"),),
            meld, ())
    one_rank = len({k.rank for k in known}) == 1
    one_suit = len({k.suit for k in known}) == 1
    if not one_rank and not one_suit:
        return MeldVerdict(meld, None, (_mixed(meld, known),), meld, ())
    tried: list[tuple[Kind, tuple[list[MeldProblem], Meld, tuple[Card, ...]]]] = []
    if one_rank:
        tried.append(("group", _group(meld, rules)))
    if one_suit:
        tried.append(("run", _run(meld, rules)))
    possible = [t for t in tried if not any(p.code == ILLEGAL_MELD for p in t[1][0])]
    if len(possible) > 1:  # e.g. 7H JK JK JK: a group or a run; the jokers are not forced
        return MeldVerdict(meld, None, (MeldProblem(
            UNDECLARED_JOKER, "R13",
            f"in {_display(meld)} the jokers could make a group or a run: declare them"),),
            meld, ())
    if len(possible) == 1:
        kind, (problems, ordered, forced) = possible[0]
        return MeldVerdict(meld, kind, tuple(problems), ordered, forced)
    kind, (problems, _, _) = tried[0]
    return MeldVerdict(meld, kind if len(tried) == 1 else None, tuple(problems), meld, ())


def resolved(verdict: MeldVerdict) -> Meld:
    """The meld's cards with forced jokers carrying their card, in the order given."""
    return _fill(verdict.cards, verdict.forced)
