"""The race to the target as numbers: each player's running total round by round. No I/O.

What ``rummy chart`` draws, computed apart from any drawing so that it can be tested (and
drawn by a terminal chart or an image alike).

>>> from .games.manipulation.game import new_game, record_round
>>> g = new_game(["Ann", "Ben"], dealer="Ben")
>>> g, _ = record_round(g, "Ann", {"Ann": "3C", "Ben": "KS QS 5D"})
>>> g, _ = record_round(g, "Ben", {"Ann": "9H 9D", "Ben": "2C"})
>>> r = race(g)
>>> r.rounds, r.totals, r.target, r.game_over
(2, {'Ann': (22, 22), 'Ben': (0, 16)}, 150, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Race:
    """Each player's points after every round, the target, and the end of the game."""

    players: tuple[str, ...]  # in seat order
    target: int | None  # None: no target (a Rummikub game of a number of rounds)
    totals: dict[str, tuple[int, ...]]  # the running total after round 1, 2, ... (R24)
    game_over: bool
    over_after: int | None  # the round that ended the game
    final: dict[str, int]  # once the game is over: points with the bonuses (R25, R26)
    winners: tuple[str, ...]  # once the game is over (R27)
    unit: str = "round"  # what the game calls one entry: a round, or a hand in Gin
    name: str = ""  # one of Hollywood's games: "Game 1", "Game 2", "Game 3"
    games: tuple[Race, ...] = ()  # the races within it (Hollywood's games, each to its target)

    @property
    def rounds(self) -> int:
        """How many rounds have been played."""
        return len(next(iter(self.totals.values()), ()))

    def points(self, player: str) -> int:
        """A player's points now (the last running total; 0 before the first round)."""
        series = self.totals[player]
        return series[-1] if series else 0

    @property
    def bottom(self) -> int:
        """The lowest total met (0 unless a total went below it, as Rummikub's may)."""
        return min([0, *(t for v in self.totals.values() for t in v), *self.final.values()])

    def bonus(self, player: str) -> int:
        """The bonuses a player got at the end of the game (0 before the end)."""
        return self.final.get(player, 0) - self.points(player) if self.game_over else 0


def race(game: Any) -> Race:
    """The race of ``game``: running totals from its scored rounds, the target, the bonuses,
    and the races within it its game declares (Hollywood's three games).

    The running totals count round scores only: the bonuses are added once the game is over
    and do not count toward the target (R24-R26), so they appear in ``final`` alone.
    """
    running = dict.fromkeys(game.players, 0)
    totals: dict[str, list[int]] = {p: [] for p in game.players}
    for result in game.results:
        for p in game.players:
            running[p] += result.scores[p]
            totals[p].append(running[p])
    state = game.state
    final = {s.name: s.total for s in state.standings} if state.game_over else {}
    from .games import declared, word_of

    within = declared(game).races_of
    games = within(game) if within is not None else ()
    return Race(game.players, game.rules.target or None,
                {p: tuple(v) for p, v in totals.items()},
                state.game_over, state.over_after, final, state.winners,
                word_of(game), games=games)


def games_data(whole: Race) -> list[dict[str, object]]:
    """Hollywood's three races as plain data (``chart --json``'s ``games``): each game's
    running points (to the hand that ended it), its target, and its end with the bonuses."""
    return [{"game": int(g.name.split()[-1]), "target": g.target, "hands": g.rounds,
             "totals": {p: list(v) for p, v in g.totals.items()}, "over": g.game_over,
             "over_after": g.over_after, "final": dict(g.final) if g.game_over else None,
             "winners": list(g.winners)} for g in whole.games]
