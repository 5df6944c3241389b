"""A game of Rummikub as data: the players in their seats, who played first, the rules (the
number of rounds settled), and each round as it was entered (who went out, each rack as tiles
or as its worth, who played first). Scores are never stored as the truth: every round is
scored again from what was entered. No I/O here.

>>> g = new_game(["Ann", "Ben", "Cy"], first="Ann")
>>> g.rules.rounds, g.next_leader()
(3, 'Ann')
>>> g, r = record_round(g, "Ann", {"Ben": "3K 11B", "Cy": 20})
>>> r.scores, g.next_leader()
({'Ann': 34, 'Ben': -14, 'Cy': -20}, 'Ben')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from ...errors import RefusedError
from ...players import (
    EndsEarly,
    find_player_by_prefix,
    plural_rounds,
    seat_names,
)
from .racks import RackEntry as RackEntry
from .racks import RummikubEntry as RummikubEntry
from .racks import canonical_tiles as canonical_tiles
from .racks import rack_entry as rack_entry
from .racks import score_entry as score_entry
from .rules import RUMMIKUB, RummikubRules
from .scoring import (
    RoundAfterEnd,
    RoundScore,
    RummikubState,
    game_state,
    left_of,
    state_after,
)

if TYPE_CHECKING:
    from ..protocol import Sheet



@dataclass(frozen=True)
class RummikubGame:
    """A Rummikub game: the players in seat order, who played first in round 1, the rules
    (``rounds`` settled as a number), and the rounds so far."""

    players: tuple[str, ...]
    first: str
    rules: RummikubRules = RUMMIKUB
    rounds: tuple[RummikubEntry, ...] = ()
    created: str = ""

    @cached_property
    def results(self) -> tuple[RoundScore, ...]:
        """Every round scored from what was entered."""
        return tuple(score_entry(self, e) for e in self.rounds)

    @cached_property
    def state(self) -> RummikubState:
        """Totals, rounds won, the end of the game and its winners."""
        return game_state(self.players, self.results, self.rules)

    def first_of(self, number: int) -> str:
        """Who played first in round ``number`` (1-based), or is proposed to for the next."""
        if number <= len(self.rounds):
            return self.rounds[number - 1].first
        return self.proposed_first()

    def proposed_first(self) -> str:
        """Who plays first in the next round: left of the last round's first player."""
        if not self.rounds:
            return self.first
        return left_of(self.players, self.rounds[-1].first)

    def next_dealer(self) -> str | None:
        """Rummikub has no dealer (K2)."""
        return None

    def last_dealer(self) -> None:
        """Rummikub has no dealer (K2): a card game after it deals on from the one before."""
        return None

    def next_leader(self) -> str | None:
        """Who is proposed to play first in the next round; None once the game is over."""
        return None if self.state.game_over else self.proposed_first()

    def sheet(self) -> Sheet:
        """What the scorekeeper says of this game: its :mod:`.report` bound to it."""
        # the module itself, not through the package: the package's __init__ imports the
        # scorekeeping (keeping), which imports this module, and no import may go round
        import rummy_cli.games.rummikub.report as report

        from ..protocol import ReportSheet

        return ReportSheet(self, report)

    def undone(self) -> RummikubGame:
        """This game without its last round (refused when there is none)."""
        return undo_round(self)[0]

    def renamed(self, old: str, new: str) -> RummikubGame:
        """This game with the player ``old`` called ``new`` everywhere."""
        return rename_player(self, old, new)


def _seated(players: Sequence[str], rules: RummikubRules) -> tuple[str, ...]:
    problem = rules.problem_for(len(players))
    if problem:
        raise RefusedError(f"{problem[1]} (K1)" if problem[0] == "max_players" else problem[1])
    return seat_names(players)


def new_game(players: Sequence[str], first: str | None = None,
                      seed: int | None = None, rules: RummikubRules = RUMMIKUB,
                      created: str = "") -> RummikubGame:
    """Seat the players (K1) and pick who plays first at random unless given (K2); the
    number of rounds is settled (one per player unless the rules set it, K23)."""
    names = _seated(players, rules)
    if first is None:
        import random

        starter = random.Random(seed).choice(names)
    else:
        starter = find_player_by_prefix(names, first)
    return RummikubGame(names, starter, rules.for_players(len(names)), (), created)


def next_game(previous: RummikubGame, players: Sequence[str] = (),
                       first: str | None = None, seed: int | None = None,
                       rules: RummikubRules | None = None,
                       created: str = "") -> RummikubGame:
    """The game after ``previous`` (over): the same players and rules unless others are
    given; the number of rounds is kept unless the number of players changes; the first
    player is left of the last game's last first player unless given.

    >>> g = new_game(["Ann", "Ben"], first="Ben")
    >>> g, _ = record_round(g, "Ben", {"Ann": 9})
    >>> g, _ = record_round(g, None, {"Ann": 4, "Ben": 9})
    >>> n = next_game(g)
    >>> n.first, n.rules.rounds
    ('Ben', 2)
    """
    if not previous.state.game_over:
        raise RefusedError("the game is still being played: a new game starts only after "
                           "this one is over")
    names = tuple(players) or previous.players
    base = rules or previous.rules
    if len(names) != len(previous.players) and base.rounds == previous.rules.rounds:
        base = replace(base, rounds=None)  # one per player again (settled point 9)
    game = new_game(names, first=first, seed=seed, rules=base, created=created)
    if first is None and game.players == previous.players:
        last = previous.rounds[-1].first if previous.rounds else previous.first
        game = replace(game, first=left_of(game.players, last))
    return game


def check_open(game: RummikubGame) -> None:
    """Refuse another round once the game is over (K23)."""
    from ..keeping import check_open as refused_once_over

    refused_once_over(game)


def round_entry(game: RummikubGame, out: str | None, racks: Mapping[str, RackEntry],
                   first: str | None = None) -> RummikubEntry:
    """A round as typed, with names found and racks in the ledger's notation; the player
    out gets an empty rack if none was given."""
    who = None if out is None else find_player_by_prefix(game.players, out)
    entered: dict[str, RackEntry] = {}
    for name, rack in racks.items():
        player = find_player_by_prefix(game.players, name)
        if player in entered:
            raise RefusedError(f"{player}'s rack was given twice: give one per player")
        entered[player] = rack_entry(rack, player)
    if who is not None and who not in entered:
        entered[who] = ""
    starter = (game.first_of(len(game.rounds) + 1) if first is None
               else find_player_by_prefix(game.players, first))
    return RummikubEntry(who, {p: entered[p] for p in game.players if p in entered}, starter)


def record_round(game: RummikubGame, out: str | None,
                          racks: Mapping[str, RackEntry],
                          first: str | None = None) -> tuple[RummikubGame, RoundScore]:
    """The game with one more round, and that round scored; refuses what the rules forbid."""
    check_open(game)
    entry = round_entry(game, out, racks, first)
    result = score_entry(game, entry)
    longer = replace(game, rounds=game.rounds + (entry,))
    longer.__dict__["results"] = game.results + (result,)
    longer.__dict__["state"] = state_after(game.state, result, game.rules)
    return longer, result


def fix_round(game: RummikubGame, number: int, out: str | None,
                       racks: Mapping[str, RackEntry],
                       first: str | None = None) -> tuple[RummikubGame, RoundScore]:
    """The game with round ``number`` entered anew and every round scored again; refuses a
    change that would end the game before a round already recorded (K23)."""
    if not 1 <= number <= len(game.rounds):
        raise RefusedError(f"there is no round {number} to fix: this game has "
                           f"{plural_rounds(len(game.rounds))}")
    was = game.rounds[number - 1]
    entry = round_entry(game, out, racks, first or was.first)
    entry = replace(entry, note=was.note)
    result = score_entry(game, entry)  # the other rounds stand as they were scored
    fixed = replace(game, rounds=game.rounds[:number - 1] + (entry,) + game.rounds[number:])
    fixed.__dict__["results"] = (game.results[:number - 1] + (result,)
                                 + game.results[number:])
    try:
        fixed.state  # noqa: B018  refuses a change that ends the game before a later round
    except RoundAfterEnd as exc:
        over, later = exc.round - 1, len(game.rounds) - exc.round + 1
        raise EndsEarly(f"with round {number} so, the game would end after round {over}, "
                        f"but {plural_rounds(later)} {'was' if later == 1 else 'were'} "
                        "played after it: fix those first (or take them back with 'rummy "
                        "undo')", over) from None
    return fixed, fixed.results[number - 1]


def undo_round(game: RummikubGame) -> tuple[RummikubGame, RummikubEntry]:
    """The game without its last round, and that round."""
    if not game.rounds:
        raise RefusedError("there is no round to take back: the game has no rounds yet")
    shorter = replace(game, rounds=game.rounds[:-1])
    shorter.__dict__["results"] = game.results[:-1]
    return shorter, game.rounds[-1]


def rename_player(game: RummikubGame, old: str, new: str) -> RummikubGame:
    """The game with the player ``old`` called ``new`` everywhere."""
    def named(p: str) -> str:
        return new if p == old else p

    rounds = tuple(replace(e, out=None if e.out is None else named(e.out),
                           racks={named(p): r for p, r in e.racks.items()},
                           first=named(e.first)) for e in game.rounds)
    return RummikubGame(tuple(named(p) for p in game.players), named(game.first),
                        game.rules, rounds, game.created)
