"""Rummikub's scoring (K19-K24): a rack's worth, a round's scores, the end of the game and its
winners. Pure: numbers in, numbers out; no files, no printing.

E10, four players, Ann out:

>>> from .rules import RUMMIKUB
>>> r = score_round(("Ann", "Ben", "Cy", "Dee"), {"Ann": 0, "Ben": 47, "Cy": 6, "Dee": 35},
...                 "Ann", RUMMIKUB)
>>> r.winners, r.scores, r.remainder
(('Ann',), {'Ann': 88, 'Ben': -47, 'Cy': -6, 'Dee': -35}, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ...errors import RefusedError
from ...tiles import AnyTile, Tile
from .rules import RummikubRules

OUT, POOL_OUT = "out", "pool-out"


def tile_points(tile: AnyTile, rules: RummikubRules) -> int:
    """What a tile left in a rack costs (K19): its number, a joker ``joker_points`` (30)."""
    return tile.number if isinstance(tile, Tile) else rules.joker_points


def rack_points(tiles: Iterable[AnyTile], rules: RummikubRules) -> int:
    """A rack's worth (K19).

    >>> from ...tiles import parse_tiles
    >>> from .rules import RUMMIKUB
    >>> rack_points(parse_tiles("JK 5R 12B"), RUMMIKUB)
    47
    """
    return sum(tile_points(t, rules) for t in tiles)


@dataclass(frozen=True)
class RoundScore:
    """A scored round: how it ended, each rack's worth, the winners and what each scores.

    It answers as a round of the other games does (``knocker``, ``hand_points``,
    ``undercut``, ``went_out``), so statistics and the chart read every game alike: going
    out is Rummikub's knock; there is no undercut.
    """

    players: tuple[str, ...]
    out: str | None  # who played their last tile; None: the pool ran out (K18)
    rack_points: dict[str, int]
    winners: tuple[str, ...]
    scores: dict[str, int]
    remainder: int = 0  # K21: what the winners could not share equally (not scored)
    jokers: dict[str, int] = field(default_factory=dict)  # jokers left in each rack, if known

    @property
    def end(self) -> str:
        return OUT if self.out is not None else POOL_OUT

    @property
    def knocker(self) -> str | None:
        return self.out

    @property
    def undercut(self) -> bool:
        return False

    @property
    def went_out(self) -> tuple[str, ...]:
        return () if self.out is None else (self.out,)

    @property
    def hand_points(self) -> dict[str, int]:
        return self.rack_points

    @property
    def jokers_held(self) -> tuple[str, ...]:
        """The players whose rack held a joker at the end (only racks given as tiles)."""
        return tuple(p for p in self.players if self.jokers.get(p, 0))


def score_round(players: Sequence[str], racks: Mapping[str, int], out: str | None,
                rules: RummikubRules, jokers: Mapping[str, int] | None = None) -> RoundScore:
    """Score a round from each rack's worth (K20-K22).

    ``out``: the player who went out (their rack is worth 0); None: the pool ran out and the
    lowest rack wins (K21, with ``pool_out`` difference, rack or mixed). Players tied lowest
    share what the losers pay equally, rounded down; the remainder is not scored.

    E11 (pool out; Ben lowest with 7):

    >>> from dataclasses import replace
    >>> from .rules import RUMMIKUB
    >>> racks = {"Ann": 12, "Ben": 7, "Cy": 31, "Dee": 20}
    >>> score_round(tuple(racks), racks, None, RUMMIKUB).scores
    {'Ann': -5, 'Ben': 42, 'Cy': -24, 'Dee': -13}
    >>> score_round(tuple(racks), racks, None, replace(RUMMIKUB, pool_out="rack")).scores
    {'Ann': -12, 'Ben': 63, 'Cy': -31, 'Dee': -20}
    >>> score_round(tuple(racks), racks, None, replace(RUMMIKUB, pool_out="mixed")).scores
    {'Ann': -12, 'Ben': 42, 'Cy': -31, 'Dee': -20}
    """
    players = tuple(players)
    points = {p: racks[p] for p in players}
    held = {p: (jokers or {}).get(p, 0) for p in players}
    if out is not None:
        if points[out]:
            raise RefusedError(f"{out} went out, so {out}'s rack is empty, not worth "
                               f"{points[out]} (K17)")
        paid = {p: points[p] for p in players if p != out}
        scores = {p: -paid[p] if p != out else sum(paid.values()) for p in players}
        return RoundScore(players, out, points, (out,), scores, 0, held)
    lowest = min(points.values())
    winners = tuple(p for p in players if points[p] == lowest)
    losers = [p for p in players if p not in winners]
    if rules.pool_out == "difference":
        paid = {p: points[p] - lowest for p in losers}
        gained = sum(paid.values())
    elif rules.pool_out == "rack":
        paid = {p: points[p] for p in losers}
        gained = sum(paid.values())
    else:  # mixed: the losers pay their racks, the winners take the differences
        paid = {p: points[p] for p in losers}
        gained = sum(points[p] - lowest for p in losers)
    share, remainder = divmod(gained, len(winners))
    scores = {p: share if p in winners else -paid[p] for p in players}
    return RoundScore(players, None, points, winners, scores, remainder, held)


@dataclass(frozen=True)
class Standing:
    """A player's place: the sum of the round scores (may be negative) and rounds won.

    Rummikub has no bonuses (K24): ``round_bonus`` and ``game_bonus`` are 0 and ``total``
    is ``points``; they are here so that every game's standings read alike.
    """

    name: str
    points: int
    rounds_won: int

    @property
    def total(self) -> int:
        return self.points

    round_bonus = 0
    game_bonus = 0


class RoundAfterEnd(RefusedError):
    """A round recorded after the round that ended the game; ``round`` is its number."""

    def __init__(self, message: str, round_number: int) -> None:
        super().__init__(message)
        self.round = round_number


@dataclass(frozen=True)
class RummikubState:
    """Where a game stands after its rounds (K23, K24)."""

    standings: tuple[Standing, ...]  # in seat order
    rounds_played: int
    game_over: bool
    over_after: int | None  # the round that ended the game
    winners: tuple[str, ...]  # once the game is over
    rounds_left: int | None  # None: no fixed number of rounds (the target ends the game)
    reached: tuple[str, ...] = ()  # the players whose total reached the target


def game_state(players: Sequence[str], results: Sequence[RoundScore],
               rules: RummikubRules) -> RummikubState:
    """Totals, rounds won, the end and the winners (K23, K24); refuses a round recorded
    after the round that ended the game.

    E12 (three rounds; Ann wins on points, Cy on rounds; with target 50, over after round 1):

    >>> from dataclasses import replace
    >>> from .rules import RUMMIKUB
    >>> p = ("Ann", "Ben", "Cy")
    >>> rounds = [score_round(p, {"Ann": 0, "Ben": 14, "Cy": 41}, "Ann", RUMMIKUB),
    ...           score_round(p, {"Ann": 9, "Ben": 22, "Cy": 0}, "Cy", RUMMIKUB),
    ...           score_round(p, {"Ann": 6, "Ben": 9, "Cy": 4}, None, RUMMIKUB)]
    >>> s = game_state(p, rounds, RUMMIKUB.for_players(3))
    >>> [x.points for x in s.standings], s.winners, s.over_after
    ([44, -41, -3], ('Ann',), 3)
    >>> game_state(p, rounds, replace(RUMMIKUB, rounds=3, winner="rounds")).winners
    ('Cy',)
    >>> s = game_state(p, rounds[:1], replace(RUMMIKUB, rounds=3, target=50))
    >>> s.game_over, s.winners, s.rounds_left
    (True, ('Ann',), 0)
    """
    totals = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    over_after: int | None = None
    reached: tuple[str, ...] = ()
    fixed = rules.rounds or 0  # None (unsettled) counts as no fixed number here
    for number, result in enumerate(results, 1):
        if over_after is not None:
            raise RoundAfterEnd(f"round {number} was recorded after the game ended with round "
                                f"{over_after} (K23)", number)
        for p in players:
            totals[p] += result.scores[p]
        for w in result.winners:
            won[w] += 1
        reached = tuple(p for p in players if rules.target and totals[p] >= rules.target)
        if reached or (fixed and number >= fixed):
            over_after = number
    played = len(results)
    standings = tuple(Standing(p, totals[p], won[p]) for p in players)
    over = over_after is not None
    winners = _winners(standings, rules) if over else ()
    left = 0 if over else (fixed - played if fixed else None)
    return RummikubState(standings, played, over, over_after, winners, left, reached)


def state_after(state: RummikubState, result: RoundScore, rules: RummikubRules
                ) -> RummikubState:
    """Where the game stands after one more round, from where it stood before: what
    :func:`game_state` says of every round, without adding up the earlier ones again.

    >>> from .rules import RUMMIKUB
    >>> p = ("Ann", "Ben")
    >>> rules = RUMMIKUB.for_players(2)
    >>> first = score_round(p, {"Ann": 0, "Ben": 14}, "Ann", rules)
    >>> second = score_round(p, {"Ann": 9, "Ben": 0}, "Ben", rules)
    >>> state_after(game_state(p, [first], rules), second, rules) == game_state(
    ...     p, [first, second], rules)
    True
    """
    number = state.rounds_played + 1
    if state.over_after is not None:
        raise RoundAfterEnd(f"round {number} was recorded after the game ended with round "
                            f"{state.over_after} (K23)", number)
    won = set(result.winners)
    standings = tuple(Standing(s.name, s.points + result.scores[s.name],
                               s.rounds_won + (s.name in won)) for s in state.standings)
    fixed = rules.rounds or 0
    reached = tuple(s.name for s in standings if rules.target and s.points >= rules.target)
    over = bool(reached or (fixed and number >= fixed))
    winners = _winners(standings, rules) if over else ()
    left = 0 if over else (fixed - number if fixed else None)
    return RummikubState(standings, number, over, number if over else None, winners, left,
                         reached)


def _winners(standings: Sequence[Standing], rules: RummikubRules) -> tuple[str, ...]:
    """K24: the highest total; under ``winner=rounds`` the most rounds won, then the total.
    Equal players share the win."""
    def rank(s: Standing) -> tuple[int, ...]:
        return (s.rounds_won, s.points) if rules.winner == "rounds" else (s.points,)

    best = max(rank(s) for s in standings)
    return tuple(s.name for s in standings if rank(s) == best)


def left_of(players: Sequence[str], player: str) -> str:
    """The player seated to the left of ``player``: the next in seat order (play goes
    clockwise, K2)."""
    return players[(players.index(player) + 1) % len(players)]
