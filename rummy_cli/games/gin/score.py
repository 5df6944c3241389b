"""The score of a Gin game from its hands (G11-G22): totals, boxes, bonuses, shutouts, the next
dealer, and Hollywood's three games scored at once. Pure: no files, no printing.

A hand arrives already scored (:class:`GinHand`: who won and for how much, G10 and G17 done);
this module adds them up. A standard game is one column of entries; Hollywood (G19-G22) is three
columns credited by G20. The same crediting rule with one column enters every win, so both
share one loop.

>>> from .rules import GIN
>>> hands = [GinHand("Ann", "gin", "Ann", 60), GinHand("Ann", "knock", "Ann", 45)]
>>> s = gin_state(["Ann", "Ben"], "Ben", GIN, hands)
>>> s.game_over, s.winners, s.net, s.next_dealer
(True, ('Ann',), 510, None)
>>> a = s.standings[0]  # Ben won no hand: a shutout doubles Ann's whole total (G13)
>>> a.points, a.hands_won, a.box_bonus, a.game_bonus, a.shutout, a.total
(105, 2, 50, 100, True, 510)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...errors import RefusedError, UnusableInputError
from .rules import GinRules

RESULTS = ("knock", "undercut", "gin", "big-gin", "tie", "dead")
WON_BY_KNOCKER = ("knock", "gin", "big-gin")
NOBODY_WINS = ("tie", "dead")
EXTRA_BOXES = {"gin": 2, "big-gin": 2, "undercut": 1}  # Scarne; big gin is a gin
HOLLYWOOD_GAMES = 3  # G19


@dataclass(frozen=True)
class GinHand:
    """One hand as the showdown scored it (G10, G17).

    ``score`` is what the winner scores, already doubled when ``doubled`` (a spade upcard,
    G17). A dead hand (G8) and a tie under ``tie=none`` have no winner and score 0; a dead hand
    has no knocker either.
    """

    knocker: str | None
    result: str  # one of RESULTS
    winner: str | None
    score: int
    doubled: bool = False


class GinHandError(RefusedError):
    """A hand that cannot be scored in this game: it comes after the end, or does not add up."""

    def __init__(self, hand: int, message: str) -> None:
        super().__init__(message)
        self.hand = hand  # its place in the game, 1-based


def hand_boxes(hand: GinHand, rules: GinRules) -> int:
    """The boxes a hand earns its winner (G12): one per hand won; ``extra_boxes`` adds 2 for gin
    and 1 for an undercut; ``spade_box=2`` doubles those of a doubled hand (G17).

    >>> from dataclasses import replace
    >>> from .rules import GIN
    >>> gin = GinHand("A", "gin", "A", 40, doubled=True)
    >>> hand_boxes(gin, GIN), hand_boxes(gin, replace(GIN, extra_boxes=True, spade_box=2))
    (1, 6)
    >>> hand_boxes(GinHand(None, "dead", None, 0), GIN)
    0
    """
    if hand.winner is None:
        return 0
    boxes = 1 + (EXTRA_BOXES.get(hand.result, 0) if rules.extra_boxes else 0)
    return boxes * (rules.spade_box if hand.doubled else 1)


def dealer_after(players: Sequence[str], dealer: str, hand: GinHand, rules: GinRules) -> str:
    """Who deals the hand after ``hand``, dealt by ``dealer`` (G15): the hand's winner, its
    loser, or the other player (``dealer`` = winner, loser, alternate). After a dead hand or a
    tie nobody wins, the same dealer deals again under every option. This holds across games.

    >>> from .rules import GIN
    >>> dealer_after(["A", "B"], "A", GinHand("A", "undercut", "B", 27), GIN)
    'B'
    >>> dealer_after(["A", "B"], "A", GinHand(None, "dead", None, 0), GIN)
    'A'
    """
    if hand.winner is None:
        return dealer
    if rules.dealer == "winner":
        return hand.winner
    if rules.dealer == "loser":
        return other_player(players, hand.winner)
    return other_player(players, dealer)


@dataclass(frozen=True)
class GinStanding:
    """One player's line in one game (or, under Hollywood, the sum of their three lines).

    ``box_bonus`` and ``game_bonus`` are 0 until the game is over; ``total`` is points + box
    bonus + game bonus, doubled as the ``shutout`` option says when ``shutout`` is true.
    """

    name: str
    points: int  # the sum of the hand scores entered for this player
    hands_won: int  # hands won (entered in this game, under Hollywood)
    boxes: int  # hands won, with extra_boxes and spade_box counted
    box_bonus: int  # G12: box x boxes
    game_bonus: int  # G12, G13 (plus100)
    shutout: bool  # G13: this player won the game and the loser won no hand in it
    total: int


@dataclass(frozen=True)
class GinGameScore:
    """One game's settlement: a standard game, or one of Hollywood's three columns."""

    number: int  # 1 for a standard game; 1, 2, 3 under Hollywood
    standings: tuple[GinStanding, ...]
    over_after: int | None  # the hand (1-based) after which this game ended
    winners: tuple[str, ...]  # who reached the target (G11, G14), empty until over
    net: int | None  # G14: winner's total - loser's, None until over (can be negative)

    @property
    def over(self) -> bool:
        """Whether a total has reached the target."""
        return self.over_after is not None


@dataclass(frozen=True)
class GinState:
    """The score of a Gin game (standard or Hollywood) after some hands."""

    players: tuple[str, ...]
    hands: tuple[GinHand, ...]
    dealers: tuple[str, ...]  # who dealt each hand
    following_dealer: str  # who deals the hand after the last one by G15, over or not
    games: tuple[GinGameScore, ...]  # one, or Hollywood's three
    entered: tuple[tuple[int, ...], ...]  # per hand, the game numbers its score went into
    points_after: tuple[tuple[Mapping[str, int], ...], ...]  # per hand, per game, the points
    standings: tuple[GinStanding, ...]  # the game's, or under Hollywood the sums
    game_over: bool  # under Hollywood: all three games are over (G22)
    winners: tuple[str, ...]  # under Hollywood: the higher sum of totals, once all are over
    net: int | None  # winner's total - loser's (0 for a shared win), None until over
    over_after: int | None  # the hand after which the (last) game ended
    hollywood: bool

    @property
    def hands_played(self) -> int:
        """How many hands were entered, dead hands included."""
        return len(self.hands)

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next hand, None once the game is over."""
        return None if self.game_over else self.following_dealer

    def over_after_hand(self, number: int) -> bool:
        """Whether the game (all three under Hollywood) was over once hand ``number`` ended."""
        return self.over_after is not None and self.over_after <= number


@dataclass
class _Column:
    """A game's entries while hands are added (G20, G21)."""

    players: Sequence[str]
    points: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    boxes: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    over_after: int | None = None

    def __post_init__(self) -> None:
        for p in self.players:
            self.points[p] = self.won[p] = self.boxes[p] = 0

    def enter(self, number: int, hand: GinHand, winner: str, boxes: int, target: int) -> None:
        self.points[winner] += hand.score
        self.won[winner] += 1
        self.boxes[winner] += boxes
        if self.points[winner] >= target:  # G11: only the hand's winner scores
            self.winner, self.over_after = winner, number


def gin_state(
    players: Sequence[str],
    first_dealer: str,
    rules: GinRules,
    hands: Sequence[GinHand],
) -> GinState:
    """The score after ``hands`` (G11-G22), ``first_dealer`` having dealt the first.

    Raises :class:`GinHandError` (with the hand's place) for a hand after the end of the game
    (all three games under Hollywood) or a hand that does not add up, and
    :class:`UnusableInputError` unless there are two players and the dealer is one of them.

    Hollywood, the rulebook's example (G20): A's first win opens G1, the second G2; B's first
    win opens G2 as G1 is over; A's third opens G3.

    >>> from dataclasses import replace
    >>> from .rules import GIN
    >>> wins = [("A", 60), ("A", 45), ("B", 20), ("A", 30)]
    >>> hands = [GinHand(w, "knock", w, n) for w, n in wins]
    >>> s = gin_state(["A", "B"], "A", replace(GIN, scoring="hollywood"), hands)
    >>> s.entered
    ((1,), (1, 2), (2,), (2, 3))
    >>> [(g.number, g.over, [x.total for x in g.standings]) for g in s.games]
    [(1, True, [510, 0]), (2, False, [75, 20]), (3, False, [30, 0])]
    """
    seats = _check_players(players, first_dealer)
    count = HOLLYWOOD_GAMES if rules.hollywood else 1
    columns = [_Column(seats) for _ in range(count)]
    opened: dict[str, set[int]] = {p: set() for p in seats}
    dealer = first_dealer
    dealers: list[str] = []
    entered: list[tuple[int, ...]] = []
    points_after: list[tuple[Mapping[str, int], ...]] = []
    for number, hand in enumerate(hands, 1):
        _check_hand(number, hand, seats, columns)
        dealers.append(dealer)
        into: tuple[int, ...] = ()
        if hand.winner is not None:
            into = _credit(hand.winner, columns, opened[hand.winner])
            boxes = hand_boxes(hand, rules)
            for i in into:
                columns[i].enter(number, hand, hand.winner, boxes, rules.target)
        entered.append(tuple(i + 1 for i in into))
        points_after.append(tuple(dict(c.points) for c in columns))
        dealer = dealer_after(seats, dealer, hand, rules)
    games = tuple(_settle(i + 1, seats, c, rules) for i, c in enumerate(columns))
    over = all(g.over for g in games)
    if rules.hollywood:
        standings = tuple(_summed(p, seats, games, hands) for p in seats)
        winners: tuple[str, ...] = ()
        if over:
            best = max(x.total for x in standings)
            winners = tuple(x.name for x in standings if x.total == best)
        net = _net(standings, winners) if over else None
    else:
        standings, winners, net = games[0].standings, games[0].winners, games[0].net
    return GinState(
        players=seats, hands=tuple(hands), dealers=tuple(dealers), following_dealer=dealer,
        games=games, entered=tuple(entered), points_after=tuple(points_after),
        standings=standings, game_over=over, winners=winners, net=net,
        over_after=max(g.over_after or 0 for g in games) if over else None,
        hollywood=rules.hollywood)


def _credit(winner: str, columns: Sequence[_Column], opened: set[int]) -> tuple[int, ...]:
    """G20: open the lowest game in progress not yet opened by the winner, then enter the hand
    in every game the winner has opened that is still in progress (indexes from 0)."""
    in_progress = [i for i, c in enumerate(columns) if c.over_after is None]
    new = next((i for i in in_progress if i not in opened), None)
    if new is not None:
        opened.add(new)
    return tuple(i for i in in_progress if i in opened)


def _settle(number: int, players: Sequence[str], column: _Column,
            rules: GinRules) -> GinGameScore:
    """One game's lines: game bonus, boxes and shutout once it is over (G12-G14, G21)."""
    over = column.over_after is not None
    lines = []
    for p in players:
        points = column.points[p]
        won_game = p == column.winner
        shutout = won_game and all(column.won[q] == 0 for q in players if q != p)
        game_bonus = rules.game_bonus if won_game else 0
        if shutout and rules.shutout == "plus100":
            game_bonus += 100
        box_bonus = rules.box * column.boxes[p] if over else 0
        total = points + box_bonus + game_bonus
        if shutout and rules.shutout == "double":
            total *= 2
        elif shutout and rules.shutout == "double-points":
            total += points
        lines.append(GinStanding(p, points, column.won[p], column.boxes[p], box_bonus,
                                 game_bonus, shutout, total))
    winners = (column.winner,) if column.winner is not None else ()
    net = _net(lines, winners) if over else None
    return GinGameScore(number, tuple(lines), column.over_after, winners, net)


def _net(lines: Sequence[GinStanding], winners: Sequence[str]) -> int:
    """G14: the winner's total minus the loser's; 0 when both share the win."""
    if len(winners) != 1:
        return 0
    mine = sum(x.total for x in lines if x.name == winners[0])
    return mine - sum(x.total for x in lines if x.name != winners[0])


def _summed(name: str, players: Sequence[str], games: Sequence[GinGameScore],
            hands: Sequence[GinHand]) -> GinStanding:
    """A player's three Hollywood lines added up (G22). ``hands_won`` counts hands won in the
    series, not entries; ``shutout`` says the player shut the other out of some game."""
    mine = [g.standings[list(players).index(name)] for g in games]
    return GinStanding(
        name=name, points=sum(x.points for x in mine),
        hands_won=sum(1 for h in hands if h.winner == name),
        boxes=sum(x.boxes for x in mine), box_bonus=sum(x.box_bonus for x in mine),
        game_bonus=sum(x.game_bonus for x in mine), shutout=any(x.shutout for x in mine),
        total=sum(x.total for x in mine))


def other_player(players: Sequence[str], name: str) -> str:
    return next(p for p in players if p != name)


def _check_players(players: Sequence[str], first_dealer: str) -> tuple[str, ...]:
    seats = tuple(players)
    if len(seats) != 2:
        raise UnusableInputError(f"Gin is played by exactly two players, not {len(seats)}")
    if seats[0] == seats[1]:
        raise UnusableInputError(f"Gin is played by two different players: {seats[0]} is "
                                 f"named twice")
    if first_dealer not in seats:
        raise UnusableInputError(f"{first_dealer} is not playing: the dealer is "
                                 f"{seats[0]} or {seats[1]}")
    return seats


def _check_hand(number: int, hand: GinHand, players: Sequence[str],
                columns: Sequence[_Column]) -> None:
    """Refuse a hand after the end, or one whose parts contradict each other."""
    if all(c.over_after is not None for c in columns):
        last = max(c.over_after or 0 for c in columns)
        which = "all three games" if len(columns) > 1 else "the game"
        raise GinHandError(number, f"Hand {number} comes after the end of {which}: hand "
                                   f"{last} ended it")
    problem = _hand_problem(hand, players)
    if problem:
        raise GinHandError(number, f"Hand {number}: {problem}")


def _hand_problem(hand: GinHand, players: Sequence[str]) -> str | None:
    """What makes a hand impossible, in a sentence, or None."""
    if hand.result not in RESULTS:
        return f"there is no result called {hand.result!r} (it is {', '.join(RESULTS)})"
    for role, name in (("knocker", hand.knocker), ("winner", hand.winner)):
        if name is not None and name not in players:
            return f"the {role} {name} is not playing"
    if hand.score < 0:
        return f"a hand scores 0 or more, not {hand.score}"
    if hand.result == "dead":
        if hand.knocker is not None:
            return f"a dead hand has no knocker, but {hand.knocker} is named"
    elif hand.knocker is None:
        return f"{_label(hand.result)} needs a knocker"
    if hand.result in NOBODY_WINS:
        if hand.winner is not None or hand.score:
            return f"nobody wins or scores in {_label(hand.result)}"
        return None
    if hand.winner is None:
        return f"{_label(hand.result)} needs a winner"
    if (hand.result in WON_BY_KNOCKER) != (hand.winner == hand.knocker):
        side = "the knocker" if hand.result in WON_BY_KNOCKER else "the defender"
        return f"{_label(hand.result)} is won by {side}, not by {hand.winner}"
    return None


def _label(result: str) -> str:
    """A result with its article, as a player says it ("an undercut", "a dead hand")."""
    return {"big-gin": "a big gin", "dead": "a dead hand", "undercut": "an undercut"}.get(
        result, f"a {result}")


# --- plain data for the commands' JSON ------------------------------------------------------


