"""Statistics over many games: per player, games and rounds played and won, knocks, undercuts,
goings out, the best round, the points usually left in hand, and the points scored.

Pure functions from games to figures; no files, no printing. A player is the same person in
every game whose seat has the same name in any case and any Unicode form (as ``ben`` finds
Ben at the table); the first spelling met is the one shown.

>>> from .games.manipulation.game import new_game, next_game, record_round
>>> g1, _ = record_round(new_game(["Ann", "Ben"], dealer="Ann"), "Ann", {"Ann": 0, "Ben": 160})
>>> g1.state.game_over  # Ann went out: 160 + 25; then 100 + 25 of bonuses, 310 in all
True
>>> g2, _ = record_round(next_game(g1), "Ben", {"Ann": 2, "Ben": 3})  # Ann undercuts: 1 + 10
>>> report = player_stats([g1, g2])
>>> report.games, report.unfinished, report.rounds
(2, 1, 2)
>>> [(p.name, p.games_won, p.rounds_won, p.undercuts_scored, p.goings_out, p.total)
...  for p in report.players]
[('Ann', 1, 2, 1, 1, 321), ('Ben', 0, 0, 0, 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .games.manipulation.game import Game, name_key


@dataclass(frozen=True)
class PlayerStats:
    """One player's figures over every game given.

    ``games_played`` counts every game the player has a seat in, finished or not;
    ``games_unfinished`` how many of those are still being played. ``games_won`` counts the
    finished games the player won, a shared win (R27) counting for each winner.

    ``rounds_won`` counts the rounds the player was a winner of (R22 can give a round two
    winners; R26-D1). ``knocks`` counts the rounds the player ended, by knocking or by going
    out (a player who goes out is the knocker, R17-D2). ``undercuts_scored``: rounds won under
    another player's knock (R21, R22); ``undercuts_suffered``: the player's knocks that
    another player undercut. ``goings_out``: rounds won with no card left in hand (R23).

    ``best_round`` is the highest score of a single round (0 if the player never won one),
    ``average_left`` the mean of the points left in hand (R16) over the rounds played, to
    one decimal (a half rounded up); both are None before the player's first round.
    ``total`` adds up each game's total: a finished game's final total with its bonuses
    (R25, R26), and the points so far of a game still being played.
    """

    name: str
    games_played: int
    games_won: int
    games_unfinished: int
    rounds_played: int
    rounds_won: int
    knocks: int
    undercuts_scored: int
    undercuts_suffered: int
    goings_out: int
    best_round: int | None
    average_left: float | None
    total: int


@dataclass(frozen=True)
class StatsReport:
    """The figures of every player, best total first, and what they were taken over."""

    games: int  # games given, finished or not
    unfinished: int  # of which still being played
    rounds: int  # rounds recorded in all of them
    players: tuple[PlayerStats, ...]


@dataclass
class _Tally:
    """One player's figures while the games are gone through."""

    name: str
    games_played: int = 0
    games_won: int = 0
    games_unfinished: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    knocks: int = 0
    undercuts_scored: int = 0
    undercuts_suffered: int = 0
    goings_out: int = 0
    best_round: int | None = None
    left_in_hand: int = 0
    total: int = 0

    def frozen(self) -> PlayerStats:
        average = (_tenths(self.left_in_hand, self.rounds_played) / 10
                   if self.rounds_played else None)
        return PlayerStats(
            self.name, self.games_played, self.games_won, self.games_unfinished,
            self.rounds_played, self.rounds_won, self.knocks, self.undercuts_scored,
            self.undercuts_suffered, self.goings_out, self.best_round, average, self.total)


def _tenths(points: int, rounds: int) -> int:
    """``points / rounds`` in tenths, a half rounded up as on paper (``round`` would give
    29.2 for 29.25).

    >>> _tenths(117, 4), _tenths(59, 4), _tenths(84, 4)
    (293, 148, 210)
    """
    return (20 * points + rounds) // (2 * rounds)


def player_stats(games: Iterable[Game]) -> StatsReport:
    """Every player's figures over ``games`` (see :class:`PlayerStats` for what each means),
    sorted by total, highest first, then by name."""
    tallies: dict[str, _Tally] = {}
    count = unfinished = rounds = 0
    for game in games:
        count += 1
        state = game.state
        unfinished += not state.game_over
        rounds += len(game.results)
        seat = {p: tallies.setdefault(name_key(p), _Tally(p)) for p in game.players}
        for standing in state.standings:
            t = seat[standing.name]
            t.games_played += 1
            t.games_unfinished += not state.game_over
            t.games_won += standing.name in state.winners  # empty until the game is over
            t.total += standing.total
        for result in game.results:
            for p, t in seat.items():
                t.rounds_played += 1
                t.left_in_hand += result.hand_points[p]
                score = result.scores[p]
                t.best_round = score if t.best_round is None else max(t.best_round, score)
            for w in result.winners:
                seat[w].rounds_won += 1
                seat[w].undercuts_scored += result.undercut
                seat[w].goings_out += w in result.went_out
            if result.knocker is not None:
                seat[result.knocker].knocks += 1
                seat[result.knocker].undercuts_suffered += result.undercut
    ranked = sorted((t.frozen() for t in tallies.values()),
                    key=lambda s: (-s.total, name_key(s.name), s.name))
    return StatsReport(count, unfinished, rounds, tuple(ranked))


# --- what the command shows -------------------------------------------------------------

HEADERS = ("Player", "Games", "Won", "Rounds", "Rounds won", "Knocks", "Undercuts",
           "Undercut", "Out", "Best", "Avg left", "Total")


def table_rows(report: StatsReport) -> list[list[Any]]:
    """A row per player under :data:`HEADERS`; an empty cell for a figure not known yet."""
    return [[p.name, p.games_played, p.games_won, p.rounds_played, p.rounds_won, p.knocks,
             p.undercuts_scored, p.undercuts_suffered, p.goings_out,
             "" if p.best_round is None else p.best_round,
             "" if p.average_left is None else p.average_left, p.total]
            for p in report.players]


def summary(report: StatsReport) -> str:
    """The line under the table: what the figures were taken over.

    >>> summary(StatsReport(3, 1, 20, ()))
    '3 games (1 still being played: its points so far are in the totals), 20 rounds.'
    >>> summary(StatsReport(1, 0, 1, ()))
    '1 game, 1 round.'
    """
    games = f"{report.games} game{'s' if report.games != 1 else ''}"
    if report.unfinished:
        its = "its points so far are" if report.unfinished == 1 else "their points so far are"
        games += f" ({report.unfinished} still being played: {its} in the totals)"
    return f"{games}, {report.rounds} round{'s' if report.rounds != 1 else ''}."


def stats_json(report: StatsReport) -> dict[str, Any]:
    """``stats`` JSON."""
    return {
        "games": report.games,
        "unfinished": report.unfinished,
        "rounds": report.rounds,
        "players": [{
            "name": p.name,
            "games_played": p.games_played,
            "games_won": p.games_won,
            "games_unfinished": p.games_unfinished,
            "rounds_played": p.rounds_played,
            "rounds_won": p.rounds_won,
            "knocks": p.knocks,
            "undercuts_scored": p.undercuts_scored,
            "undercuts_suffered": p.undercuts_suffered,
            "goings_out": p.goings_out,
            "best_round": p.best_round,
            "average_left_in_hand": p.average_left,
            "total": p.total,
        } for p in report.players],
    }
