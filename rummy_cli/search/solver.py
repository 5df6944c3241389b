"""The solver: can cards form melds, what is the best play, could a turn's cards be arranged?

Pure: no I/O. This module states the referee's rules as a placement problem (which cards
must be placed, which may, which jokers are free to take a new card) and tidies the
answer; the exact search itself is in :mod:`rummy_cli.search.dp`.

>>> from ..cards import format_table, parse_cards, parse_table
>>> format_table(arrange(parse_cards("7S 7H 7D 7S 7H 7C")).melds)
'7S 7H 7D / 7S 7H 7C'
>>> play = best_play(parse_table("JK=9D 9S 9C / 7D 8D 9D 10D"), parse_cards("JD 2C"))
>>> format_table(play.after), [str(c) for c in play.played]
('7D 8D 9D 10D JD / 9S JK=9H 9C', ['JD'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Literal

from ..cards import AnyCard, Card, Joker, Meld, card_key, represented
from ..melds import analyze_meld, resolved
from .dp import solve
from .problem import Cell, Problem, Solution

if TYPE_CHECKING:
    from ..games.manipulation.rules import Rules

Objective = Literal["cards", "points"]


@dataclass(frozen=True)
class Terms:
    """What the search needs of a game's rules: set sizes, whether an ace (a 1) may follow
    the king (13), the draw after which nobody melds, and what a card left in hand is worth.

    Each game gives its own; Manipulation Rummy's :class:`Rules` are turned into these by
    :func:`terms` (Rummikub's by ``games.rummikub.solve``).
    """

    points: Callable[[AnyCard], int]
    min_meld: int = 3
    max_group: int = 4
    ace_high: bool = True
    max_draws: int = 3


def terms(rules: Rules | Terms | None = None) -> Terms:
    """The search's terms: given as such, or those of Manipulation Rummy's rules (the
    book's when None)."""
    if isinstance(rules, Terms):
        return rules
    from ..games.manipulation.rules import MANIPULATION_RUMMY
    from ..games.manipulation.scoring import card_points

    book = MANIPULATION_RUMMY if rules is None else rules
    return Terms(points=lambda card: card_points(card, book), min_meld=book.min_meld,
                 max_group=book.max_group, ace_high=book.ace_high, max_draws=book.max_draws)


@dataclass(frozen=True)
class Arrangement:
    """Whether cards form legal melds; one arrangement of as many of them as possible."""

    possible: bool
    melds: tuple[Meld, ...]  # tidy; every joker carries its declared card
    unplaceable: tuple[AnyCard, ...]  # left out of a best arrangement; empty when possible


@dataclass(frozen=True)
class Play:
    """The best play of a turn: what goes from the hand to the table, and the table after."""

    played: tuple[AnyCard, ...]  # cards from the hand (a joker undeclared, as in the hand)
    after: tuple[Meld, ...]  # the whole table after the play, tidy, jokers declared
    hand_after: tuple[AnyCard, ...]
    cards_played: int
    points_shed: int


def arrange(
    cards: Sequence[AnyCard], decks: int = 2, rules: Rules | Terms | None = None
) -> Arrangement:
    """Can these cards be split into legal melds (R7-R9)? If not, place as many as possible.

    A declared joker (``JK=7H``) counts as that card; an undeclared one is free and the
    arrangement declares it. ``decks`` is accepted for symmetry with the other calls: the
    cards are taken as given, copies and all.

    >>> from ..cards import format_table, parse_cards
    >>> a = arrange(parse_cards("KC AC 2C"))
    >>> a.possible, [str(c) for c in a.unplaceable]
    (False, ['KC', 'AC', '2C'])
    >>> format_table(arrange(parse_cards("QH KH AH AH 2H 3H")).melds)
    'AH 2H 3H / QH KH AH'
    """
    rules = terms(rules)
    cells: dict[Card, Cell] = {}
    free = 0
    for card in sorted(cards, key=lambda c: isinstance(c, Joker)):  # real copies first
        real = represented(card)
        if real is None:
            free += 1
        else:
            cells.setdefault(real, Cell(weight=1)).may.append(card)
    solution = solve(_problem(cells, rules, free_may=free, joker_weight=1))
    assert solution is not None  # placing nothing is always a solution
    left = _remove(cards, _placed_cards(solution, [c for c in cards if _is_free(c)]))
    return Arrangement(not left, _tidy(solution.melds), tuple(left))


def best_play(
    table: Sequence[Meld],
    hand: Sequence[AnyCard],
    decks: int = 2,
    draws: int = 1,
    by: Objective = "cards",
    rules: Rules | Terms | None = None,
) -> Play | None:
    """The best legal play this turn, or None when no card of the hand can be played.

    Every card on the table stays there (R12b), at least one card comes from the hand
    (R12a), the whole table ends in legal melds (R10), and nobody melds after the last
    draw (R5). A table joker declared X keeps X unless a real X is on the table at the
    end of the turn (R14, R15; the rulebook's R15-D2). ``by="cards"``
    plays as many cards as possible, then sheds the most points; ``by="points"`` the
    other way round.

    >>> from ..cards import format_table, parse_cards, parse_table
    >>> play = best_play(parse_table("10C JC QC"), parse_cards("KC 2S 3S"))
    >>> format_table(play.after), play.cards_played, play.points_shed
    ('10C JC QC KC', 1, 10)
    >>> best_play(parse_table("10C JC QC"), parse_cards("KC"), draws=3) is None
    True
    """
    rules = terms(rules)
    if draws >= rules.max_draws or not hand:
        return None
    before = _declared_table(table, rules)
    weight = _weigher(hand, by, rules)
    best: tuple[int, Solution, list[AnyCard]] | None = None
    for freed in _freeable_choices(before, hand):
        problem, forced = _play_problem(before, hand, freed, weight, rules)
        bonus = sum(weight(c) for c in forced)  # forced cards score outside the search
        solution = solve(problem, beat=None if best is None else best[0] - bonus)
        if solution is not None:
            best = (solution.score + bonus, solution, forced)
    if best is None or best[0] <= 0:
        return None
    _, solution, forced = best
    jokers = [c for c in hand if isinstance(c, Joker)]
    played = _sorted([*forced, *_placed_cards(solution, jokers)])
    return Play(
        played=played,
        after=_tidy(solution.melds),
        hand_after=_sorted(_remove(hand, played)),
        cards_played=len(played),
        points_shed=sum(rules.points(c) for c in played),
    )


def suggest(
    before: Sequence[Meld],
    played: Sequence[AnyCard],
    decks: int = 2,
    rules: Rules | Terms | None = None,
) -> tuple[Meld, ...] | None:
    """A legal table made of exactly the cards before the turn plus the cards played.

    The same joker rule as :func:`best_play` holds. None when there is no such table.

    >>> from ..cards import format_table, parse_cards, parse_table
    >>> format_table(suggest(parse_table("5H 6H 7H / 9S 9H 9D"), parse_cards("8H 9C")))
    '5H 6H 7H 8H / 9S 9H 9D 9C'
    >>> suggest(parse_table("JK=QD QS QH"), parse_cards("KD")) is None
    True
    """
    rules = terms(rules)
    table_cards = _declared_table(before, rules)
    real_on_table = {c for c in [*table_cards, *played] if isinstance(c, Card)}
    cells: dict[Card, Cell] = {}
    free = sum(1 for c in played if isinstance(c, Joker))  # jokers from the hand are free
    for card in [*table_cards, *(c for c in played if isinstance(c, Card))]:
        real = represented(card)
        if real is None or (isinstance(card, Joker) and real in real_on_table):
            free += 1
        else:
            cells.setdefault(real, Cell()).must.append(card)
    solution = solve(_problem(cells, rules, free_must=free))
    return None if solution is None else _tidy(solution.melds)


def partial_play(
    before: Sequence[Meld],
    played: Sequence[AnyCard],
    decks: int = 2,
    rules: Rules | Terms | None = None,
) -> tuple[Play | None, tuple[AnyCard, ...]]:
    """For cards played that cannot all join the table before the turn (see :func:`suggest`):
    a play of as many of them as can join it (None if none can), and those of them that
    can join it in no legal play at all, even alone.

    >>> from ..cards import format_table, parse_cards, parse_table
    >>> play, nowhere = partial_play(parse_table("5D 6D 7D / 9D 10D JD"),
    ...                              parse_cards("4D QD 2C"))
    >>> format_table(play.after), [str(c) for c in play.played], [str(c) for c in nowhere]
    ('4D 5D 6D 7D / 9D 10D JD QD', ['4D', 'QD'], ['2C'])
    """
    play = best_play(before, played, decks=decks, draws=1, rules=rules)
    if play is None:
        return None, tuple(played)
    nowhere = tuple(c for c in play.hand_after
                    if best_play(before, [c], decks=decks, draws=1, rules=rules) is None)
    return play, nowhere


def _problem(cells: dict[Card, Cell], rules: Terms, free_must: int = 0, free_may: int = 0,
             joker_weight: int = 0) -> Problem:
    """The search's problem, with the rules it needs: meld sizes, whether A follows K."""
    if rules.min_meld < 2:
        raise ValueError(f"the solver needs melds of at least 2 cards, not {rules.min_meld}")
    return Problem(cells, free_must=free_must, free_may=free_may, joker_weight=joker_weight,
                   min_meld=rules.min_meld, max_group=rules.max_group, ace_high=rules.ace_high)


def _declared_table(table: Sequence[Meld], rules: Terms) -> list[AnyCard]:
    """The table's cards, a joker whose meld forces its card carrying that card.

    A joker still undeclared after that (its meld leaves several cards open) is taken as
    free: no declaration is there to keep.
    """
    return [c for meld in table for c in resolved(analyze_meld(meld, _meld_rules(rules)))]


def _meld_rules(rules: Terms) -> Rules:
    """The card rules :func:`analyze_meld` reads, with the terms' sizes and ace rule."""
    from dataclasses import replace

    from ..games.manipulation.rules import MANIPULATION_RUMMY

    return replace(MANIPULATION_RUMMY, min_meld=rules.min_meld, max_group=rules.max_group,
                   ace_high=rules.ace_high)


def _is_free(card: AnyCard) -> bool:
    return isinstance(card, Joker) and card.declared is None


def _freeable_choices(
    before: Sequence[AnyCard], hand: Sequence[AnyCard]
) -> Iterator[frozenset[Card]]:
    """Which declarations the play frees with a real card from the hand, in every combination.

    A table joker declared X is free when a real X ends on the table. If X is already on
    the table it is free anyway; if X is only in the hand, the play may keep the joker
    as X, or play an X and free it. The empty choice (keep every joker) comes first, so
    among equally good plays the one that changes no declaration wins.
    """
    real_table = {c for c in before if isinstance(c, Card)}
    real_hand = {c for c in hand if isinstance(c, Card)}
    declared = {c.declared for c in before if isinstance(c, Joker) and c.declared is not None}
    options = sorted((x for x in declared if x not in real_table and x in real_hand),
                     key=card_key)
    for size in range(len(options) + 1):
        for chosen in combinations(options, size):
            yield frozenset(chosen)


def _play_problem(
    before: Sequence[AnyCard],
    hand: Sequence[AnyCard],
    freed: frozenset[Card],
    weight: _Weigher,
    rules: Terms,
) -> tuple[Problem, list[AnyCard]]:
    """The placement problem of one turn, and the hand cards it forces onto the table.

    Table cards must be placed, hand cards may be. For each X in ``freed`` one real X
    from the hand must be played, and the jokers declared X become free.
    """
    real_table = {c for c in before if isinstance(c, Card)}
    cells: dict[Card, Cell] = {}
    free_must = 0
    for card in before:
        real = represented(card)
        if real is None or (isinstance(card, Joker) and (real in real_table or real in freed)):
            free_must += 1
        else:
            cells.setdefault(real, Cell()).must.append(card)
    forced: list[AnyCard] = []
    free_may = 0
    for card in hand:
        if not isinstance(card, Card):
            free_may += 1
            continue
        cell = cells.setdefault(card, Cell())
        cell.weight = weight(card)
        if card in freed and card not in forced:
            forced.append(card)
            cell.must.append(card)
        else:
            cell.may.append(card)
    problem = _problem(cells, rules, free_must=free_must, free_may=free_may,
                       joker_weight=weight(Joker()))
    return problem, forced


class _Weigher:
    """The score of playing one card: the objective first, the tie-break second.

    The first criterion is scaled past the largest possible total of the second, so one
    integer sum orders plays exactly.
    """

    def __init__(self, hand: Sequence[AnyCard], by: Objective, rules: Terms) -> None:
        self.rules = rules
        self.by = by
        self.scale = 1 + len(hand) + sum(rules.points(c) for c in hand)

    def __call__(self, card: AnyCard) -> int:
        points = self.rules.points(card)
        if self.by == "cards":
            return self.scale + points
        return self.scale * points + 1


def _weigher(hand: Sequence[AnyCard], by: Objective, rules: Terms) -> _Weigher:
    if by not in ("cards", "points"):
        raise ValueError(f"by must be 'cards' or 'points', not {by!r}")
    return _Weigher(hand, by, rules)


def _placed_cards(solution: Solution, free_jokers: Sequence[AnyCard]) -> list[AnyCard]:
    """The optional cards a solution placed, free jokers taken from ``free_jokers``."""
    return [*solution.placed, *free_jokers[: solution.free_placed]]


def _remove(cards: Sequence[AnyCard], taken: Sequence[AnyCard]) -> list[AnyCard]:
    """``cards`` less ``taken`` (as a multiset), in the order of ``cards``."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left


def _sorted(cards: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
    return tuple(sorted(cards, key=card_key))


def _tidy(melds: Sequence[Meld]) -> tuple[Meld, ...]:
    """Melds in a stable order: runs by suit and lowest card, then groups by rank.

    Runs come out of the search low to high and groups in suit order already.
    """
    def key(meld: Meld) -> tuple[int, int, int]:
        first = represented(meld[0])
        assert first is not None
        ranks = {r.rank for c in meld if (r := represented(c)) is not None}
        if len(ranks) == 1:
            return (1, first.rank, 0)
        return (0, first.suit.order, first.rank)

    return tuple(sorted(melds, key=key))
