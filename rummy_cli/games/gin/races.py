"""Hollywood's three races for ``rummy chart`` (G19-G21): each game of a match, its running
points hand by hand against its own target. No I/O."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...race import Race

if TYPE_CHECKING:
    from .game import GinGame


def hollywood_races(game: GinGame) -> tuple[Race, ...]:
    """Hollywood's three races (G19-G21): each game's running points, each to its own target.

    A game's series stops at the hand that ended it (a finished race); its points are what
    was entered in it by G20, so a player who has not opened a game stays at 0 there.

    >>> from dataclasses import replace
    >>> from .game import new_game, record_round
    >>> from .rules import GIN
    >>> g = new_game(["A", "B"], "A", rules=replace(GIN, scoring="hollywood"))
    >>> for knocker, a, b in [("A", 5, 65), ("A", 5, 50), ("B", 22, 2), ("A", 1, 31)]:
    ...     g, _ = record_round(g, knocker, {"A": a, "B": b})
    >>> [(r.name, r.totals, r.over_after, r.final) for r in hollywood_races(g)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('Game 1', {'A': (60, 105), 'B': (0, 0)}, 2, {'A': 510, 'B': 0}),
     ('Game 2', {'A': (0, 45, 45, 75), 'B': (0, 0, 20, 20)}, None, {}),
     ('Game 3', {'A': (0, 0, 0, 30), 'B': (0, 0, 0, 0)}, None, {})]
    """
    state = game.state
    races = []
    for g, column in enumerate(state.games):
        end = column.over_after or state.hands_played
        totals = {p: tuple(after[g][p] for after in state.points_after[:end])
                  for p in game.players}
        final = {x.name: x.total for x in column.standings} if column.over else {}
        races.append(Race(game.players, game.rules.target, totals, column.over,
                          column.over_after, final, column.winners, "hand",
                          name=f"Game {column.number}"))
    return tuple(races)
