"""Scoring (R16-R27): hand points, the winners of a round, and the end of the game. No I/O.

The worked example of the rulebook (R21): Ann knocks with 3, Ben holds 2, Cy holds 20.

>>> r = score_round(["Ann", "Ben", "Cy"], {"Ann": 3, "Ben": 2, "Cy": 20}, knocker="Ann")
>>> r.winners, r.scores, r.undercut
(('Ben',), {'Ann': 0, 'Ben': 29, 'Cy': 0}, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...cards import AnyCard, Card
from ...errors import RefusedError
from .rules import MANIPULATION_RUMMY, Rules


def card_points(card: AnyCard, rules: Rules = MANIPULATION_RUMMY) -> int:
    """What a card left in hand costs (R16): joker 25, J Q K 10, 2-10 face value, ace 1.

    >>> from ...cards import parse_card
    >>> [card_points(parse_card(t)) for t in ("JK", "QS", "10H", "7D", "AC")]
    [25, 10, 10, 7, 1]
    """
    if not isinstance(card, Card):
        return rules.joker_points
    if card.rank == 1:
        return rules.ace_points
    return rules.face_points if card.rank > 10 else card.rank


def hand_points(cards: Iterable[AnyCard], rules: Rules = MANIPULATION_RUMMY) -> int:
    """The total of a hand (R16)."""
    return sum(card_points(c, rules) for c in cards)


@dataclass(frozen=True, slots=True)  # a long ledger holds 100,000 of them
class RoundResult:
    """A scored round: who won, what each player scores, and why."""

    knocker: str | None
    hand_points: dict[str, int]
    winners: tuple[str, ...]
    scores: dict[str, int]
    differences: dict[str, int]  # each winner's sum of differences (R20)
    undercut: bool  # winners were not the knocker (R21, R22)
    went_out: tuple[str, ...]  # winners with an empty hand (R23)


def check_knock(name: str, points: int, rules: Rules = MANIPULATION_RUMMY) -> None:
    """Refuse a knock with more points in hand than the knock limit (R17)."""
    if points > rules.knock_limit:
        raise RefusedError(
            f"{name} cannot knock with {points} points in hand: a knock needs "
            f"{rules.knock_limit} or fewer (R17)"
        )


def round_winners(points: Mapping[str, int], knocker: str | None) -> tuple[tuple[str, ...], bool]:
    """The winners of a round and whether they undercut the knocker (R19, R21, R22, R18).

    >>> round_winners({"A": 3, "B": 3, "C": 3}, "A")
    (('B', 'C'), True)
    >>> round_winners({"A": 2, "B": 3}, "A")
    (('A',), False)
    """
    lowest = min(points.values())
    if knocker is not None:
        others = [p for p in points if p != knocker and points[p] <= points[knocker]]
        if not others:
            return (knocker,), False
        best = min(points[p] for p in others)
        return tuple(p for p in points if p != knocker and points[p] == best), True
    return tuple(p for p in points if points[p] == lowest), False


def score_round(
    players: Sequence[str],
    points: Mapping[str, int],
    knocker: str | None,
    rules: Rules = MANIPULATION_RUMMY,
) -> RoundResult:
    """Score one round from each player's hand total; ``knocker=None`` is a stock-out (R18)."""
    ordered = {p: points[p] for p in players}
    if knocker is not None:
        check_knock(knocker, ordered[knocker], rules)
    winners, undercut = round_winners(ordered, knocker)
    differences = {w: sum(v - ordered[w] for v in ordered.values()) for w in winners}
    scores = {p: 0 for p in players}
    for w in winners:
        scores[w] = differences[w]
        if undercut:
            scores[w] += rules.undercut_bonus
        if ordered[w] == 0:
            scores[w] += rules.going_out_bonus
    went_out = tuple(w for w in winners if ordered[w] == 0)
    return RoundResult(knocker, ordered, winners, scores, differences, undercut, went_out)


@dataclass(frozen=True)
class Standing:
    """One player's line of the score sheet."""

    name: str
    points: int  # the sum of round scores
    rounds_won: int
    round_bonus: int  # R26, 0 until the game is over
    game_bonus: int  # R25, 0 until the game is over
    total: int


@dataclass(frozen=True)
class GameState:
    """The score of a game after some rounds."""

    standings: tuple[Standing, ...]
    rounds_played: int
    game_over: bool
    winners: tuple[str, ...]  # R27, empty until the game is over
    over_after: int | None  # the round that ended the game (1-based)


def game_state(
    players: Sequence[str],
    rounds: Sequence[RoundResult],
    rules: Rules = MANIPULATION_RUMMY,
) -> GameState:
    """Totals after ``rounds`` with the end-of-game bonuses once a player reaches the target.

    >>> r = score_round(["A", "B"], {"A": 0, "B": 130}, "A")
    >>> s = game_state(["A", "B"], [r])
    >>> s.game_over, s.winners
    (True, ('A',))
    >>> [(x.points, x.game_bonus, x.round_bonus, x.total) for x in s.standings]
    [(155, 100, 25, 280), (0, 0, 0, 0)]
    """
    points = {p: 0 for p in players}
    won = {p: 0 for p in players}
    over_after: int | None = None
    for number, result in enumerate(rounds, 1):
        for p in players:
            points[p] += result.scores.get(p, 0)
        for w in result.winners:
            won[w] += 1
        if over_after is None and any(v >= rules.target for v in points.values()):
            over_after = number
    over = over_after is not None
    lines = []
    for p in players:
        round_bonus = rules.round_win_bonus * won[p] if over else 0
        game_bonus = rules.game_bonus if over and points[p] >= rules.target else 0
        lines.append(Standing(p, points[p], won[p], round_bonus, game_bonus,
                              points[p] + round_bonus + game_bonus))
    winners: tuple[str, ...] = ()
    if over:
        best = max(s.total for s in lines)
        winners = tuple(s.name for s in lines if s.total == best)
    return GameState(tuple(lines), len(rounds), over, winners, over_after)


def dealer_of(players: Sequence[str], first_dealer: str, round_number: int) -> str:
    """Who deals round ``round_number`` (1-based): the deal passes to the left (R4).

    >>> dealer_of(["A", "B", "C"], "C", 2)
    'A'
    """
    start = list(players).index(first_dealer)
    return players[(start + round_number - 1) % len(players)]


def leader_of(players: Sequence[str], dealer: str) -> str:
    """Who plays first: the player to the dealer's left (R4)."""
    return players[(list(players).index(dealer) + 1) % len(players)]
