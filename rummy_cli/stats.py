"""Statistics over many games: per player, games and rounds played and won, knocks, undercuts,
goings out, the best round, the points usually left in hand, and the points scored.

The figures are taken per kind of game (:func:`known_kinds`, as each game declares them:
Manipulation Rummy, Gin, Oklahoma, Hollywood, Rummikub), never added up or averaged across
kinds: a point of Manipulation Rummy and a point of Gin are not the same thing. A dead Gin
hand is nobody's hand: no hand played, won or lost, no deadwood left; it is only counted as a
dead hand of its kind.

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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionsError, UnusableInputError
from .games.declared import Kind
from .players import name_key


def known_kinds() -> tuple[Kind, ...]:
    """The kinds of game the statistics keep apart, in the order they are shown: each game's
    of the registry (``rummy_cli.games``), in its order.

    >>> [k.key for k in known_kinds()]
    ['manipulation', 'gin', 'oklahoma', 'hollywood', 'rummikub']
    """
    from .games import GAMES

    return tuple(kind for game in GAMES for kind in game.stats_kinds)


def _kind(key: str) -> Kind:
    return next(k for k in known_kinds() if k.key == key)


def kind_name(key: str) -> str:
    """A kind's name, as its table's heading says it: 'Oklahoma'."""
    return _kind(key).name


def kind_of(game: Any) -> str:
    """The kind a game's figures belong to, as its game declares: Hollywood scoring makes any
    Gin game Hollywood (its total is the sum of three games); classic Gin is Gin.

    >>> from .games.gin.rules import find_preset
    >>> from .games.gin.game import new_game
    >>> from dataclasses import replace
    >>> kinds = [kind_of(new_game(["A", "B"], "A", rules=find_preset(name)))
    ...          for name in ("gin", "classic", "oklahoma")]
    >>> hollywood = replace(find_preset("oklahoma"), scoring="hollywood")
    >>> kinds + [kind_of(new_game(["A", "B"], "A", rules=hollywood))]
    ['gin', 'gin', 'oklahoma', 'hollywood']
    """
    from .games import declared

    return declared(game).stats_kind(game.rules)


def find_kind(name: str) -> str:
    """The kind called ``name`` (its key or its name, in any case); refused with the kinds
    known, and the nearest one, otherwise.

    >>> find_kind("Oklahoma"), find_kind("manipulation rummy"), find_kind("HOLLYWOOD")
    ('oklahoma', 'manipulation', 'hollywood')
    >>> find_kind("okla")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.OptionsError: Invalid value for '--game': 'okla' is not \
manipulation, gin, oklahoma, hollywood or rummikub; did you mean 'oklahoma'?
    """
    from .games import GAMES

    typed = " ".join(name.replace("-", " ").split()).casefold()
    for kind in known_kinds():
        if typed in (kind.key, kind.name.casefold()):
            return kind.key
    for game in GAMES:
        if typed in game.kind_refusals:
            raise UnusableInputError(game.kind_refusals[typed])
        if typed in game.kind_aliases:
            return game.kind_aliases[typed]
    from .given import not_one_of

    keys = [kind.key for kind in known_kinds()]
    raise OptionsError(f"Invalid value for '--game': {not_one_of(name, keys)}")


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

    In the Gin kinds a round is a hand, the points left are the deadwood (the defender's
    after layoffs), ``goings_out`` counts the hands won by gin or big gin (G7, G10) and the
    knocks include them; a dead hand (G8) is in none of the figures. Under Hollywood the
    total is the sum of the three games' totals (G22).
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
    jokers_held: int = 0  # Rummikub: rounds ended with a joker in the rack (racks as tiles)


@dataclass(frozen=True)
class StatsReport:
    """The figures of every player, best total first, and what they were taken over."""

    games: int  # games given, finished or not
    unfinished: int  # of which still being played
    rounds: int  # rounds (Gin: hands) recorded in all of them, dead hands included
    players: tuple[PlayerStats, ...]
    dead: int = 0  # dead Gin hands: counted in ``rounds``, in no player's figures
    kind: str = "manipulation"  # the kind of game (:func:`known_kinds`) the figures are of


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
    jokers_held: int = 0

    def frozen(self) -> PlayerStats:
        average = (_tenths(self.left_in_hand, self.rounds_played) / 10
                   if self.rounds_played else None)
        return PlayerStats(
            self.name, self.games_played, self.games_won, self.games_unfinished,
            self.rounds_played, self.rounds_won, self.knocks, self.undercuts_scored,
            self.undercuts_suffered, self.goings_out, self.best_round, average, self.total,
            self.jokers_held)


def _tenths(points: int, rounds: int) -> int:
    """``points / rounds`` in tenths, a half rounded up as on paper (``round`` would give
    29.2 for 29.25).

    >>> _tenths(117, 4), _tenths(59, 4), _tenths(84, 4)
    (293, 148, 210)
    """
    return (20 * points + rounds) // (2 * rounds)


def stats_by_kind(games: Iterable[Any], kinds: Sequence[str] = ()) -> tuple[StatsReport, ...]:
    """A report per kind of game (in the order of :func:`known_kinds`) over ``games``; only the
    ``kinds`` named, when some are (each one then has its report, even with no game)."""
    groups: dict[str, list[Any]] = {key: [] for key in kinds}
    for game in games:
        kind = kind_of(game)
        if kind in groups or not kinds:
            groups.setdefault(kind, []).append(game)
    order = [k.key for k in known_kinds()]
    unknown = sorted(set(groups) - set(order))
    if unknown:  # a kind no game declares: never dropped silently
        raise UnusableInputError(f"no game declares the kind {unknown[0]!r} of its figures")
    return tuple(player_stats(groups[key], kind=key) for key in order if key in groups)


def player_stats(games: Iterable[Any], kind: str = "manipulation") -> StatsReport:
    """Every player's figures over ``games``, all of one ``kind`` (see :class:`PlayerStats`
    for what each means), sorted by total, highest first, then by name."""
    tallies: dict[str, _Tally] = {}
    count = unfinished = rounds = dead = 0
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
            if result.knocker is None and not result.winners:  # a dead hand: nobody's
                dead += 1
                continue
            for p, t in seat.items():
                t.rounds_played += 1
                t.left_in_hand += result.hand_points[p]
                score = result.scores[p]
                t.best_round = score if t.best_round is None else max(t.best_round, score)
            for p in getattr(result, "jokers_held", ()):  # Rummikub's racks as tiles
                seat[p].jokers_held += 1
            for w in result.winners:
                seat[w].rounds_won += 1
                seat[w].undercuts_scored += result.undercut
                seat[w].goings_out += w in result.went_out
            if result.knocker is not None:
                seat[result.knocker].knocks += 1
                seat[result.knocker].undercuts_suffered += result.undercut
    ranked = sorted((t.frozen() for t in tallies.values()),
                    key=lambda s: (-s.total, name_key(s.name), s.name))
    return StatsReport(count, unfinished, rounds, tuple(ranked), dead, kind)


# --- what the command shows -------------------------------------------------------------

# on a screen: short, to fit 80 columns (the help and the README say what each means)
HEADERS = ("Player", "Games", "Won", "Rounds", "Won", "Knocks", "Cuts", "Cut", "Out", "Best",
           "Avg", "Total")
GIN_HEADERS = ("Player", "Games", "Won", "Hands", "Won", "Knocks", "Cuts", "Cut", "Gin",
               "Best", "Avg", "Total")
# Rummikub has no knock and no undercut: going out ends a round; the jokers left in racks
RUMMIKUB_HEADERS = ("Player", "Games", "Won", "Rounds", "Won", "Out", "Best", "Avg",
                    "Jokers", "Total")
# for a program (csv, tsv): one name per column, the kind of game first
SPREADSHEET_HEADERS = ("Game", "Player", "Games", "Won", "Rounds", "Rounds won", "Knocks",
                       "Undercuts", "Undercut", "Out", "Best", "Avg left", "Total")


def headers(report: StatsReport) -> tuple[str, ...]:
    """The screen headers of a report's table: Gin's say hands and gin."""
    kind = _kind(report.kind)
    if kind.jokers:
        return RUMMIKUB_HEADERS
    return GIN_HEADERS if kind.word == "hand" else HEADERS


def table_rows(report: StatsReport, screen: bool = True) -> list[list[Any]]:
    """A row per player under :func:`headers` (``screen``; else under the spreadsheet's
    columns, the same for every kind); an empty cell for a figure not known yet."""
    if screen and _kind(report.kind).jokers:
        return [[p.name, p.games_played, p.games_won, p.rounds_played, p.rounds_won,
                 p.goings_out, "" if p.best_round is None else p.best_round,
                 "" if p.average_left is None else p.average_left, p.jokers_held, p.total]
                for p in report.players]
    return [[p.name, p.games_played, p.games_won, p.rounds_played, p.rounds_won, p.knocks,
             p.undercuts_scored, p.undercuts_suffered, p.goings_out,
             "" if p.best_round is None else p.best_round,
             "" if p.average_left is None else p.average_left, p.total]
            for p in report.players]


def _with_jokers(reports: Sequence[StatsReport]) -> bool:
    return any(_kind(r.kind).jokers for r in reports)


def spreadsheet_headers(reports: Sequence[StatsReport]) -> tuple[str, ...]:
    """:data:`SPREADSHEET_HEADERS`, and Rummikub's 'Jokers' last when a report is
    Rummikub's (so a sheet of card games keeps the columns it always had)."""
    return SPREADSHEET_HEADERS + (("Jokers",) if _with_jokers(reports) else ())


def spreadsheet_rows(reports: Sequence[StatsReport]) -> list[list[Any]]:
    """Every report's rows under :func:`spreadsheet_headers`, each led by its kind's name."""
    jokers = _with_jokers(reports)
    return [[kind_name(r.kind), *row,
             *([(p.jokers_held if _kind(r.kind).jokers else "")] if jokers else [])]
            for r in reports for row, p in zip(table_rows(r, screen=False), r.players,
                                               strict=True)]


def heading(report: StatsReport) -> str:
    """The line above a kind's table: its name.

    >>> heading(StatsReport(1, 0, 3, (), kind="oklahoma"))
    'Oklahoma'
    """
    return kind_name(report.kind)


def summary(report: StatsReport) -> str:
    """The line under a kind's table: what the figures were taken over.

    >>> summary(StatsReport(3, 1, 20, ()))
    '3 games, 1 still being played (its points so far count); 20 rounds.'
    >>> summary(StatsReport(1, 0, 1, ()))
    '1 game, 1 round.'
    >>> summary(StatsReport(2, 0, 9, (), dead=1, kind="gin"))
    '2 games, 9 hands, 1 dead.'
    """
    text = f"{report.games} game{'s' if report.games != 1 else ''}"
    if report.unfinished:
        its = "its" if report.unfinished == 1 else "their"
        text += f", {report.unfinished} still being played ({its} points so far count);"
    else:
        text += ","
    word = _kind(report.kind).word
    text += f" {report.rounds} {word}{'s' if report.rounds != 1 else ''}"
    if report.dead:
        text += f", {report.dead} dead"
    return f"{text}."


def _players_json(report: StatsReport) -> list[dict[str, Any]]:
    if _kind(report.kind).jokers:  # plus the rounds ended holding a joker
        return [{**doc, "jokers_held": p.jokers_held}
                for doc, p in zip(_common_json(report), report.players)]
    return _common_json(report)


def _common_json(report: StatsReport) -> list[dict[str, Any]]:
    return [{
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
    } for p in report.players]


def stats_json(reports: StatsReport | Sequence[StatsReport]) -> dict[str, Any]:
    """``stats`` JSON: ``kinds``, a report per kind of game; the counts of games and rounds
    over them; and ``players``, the one kind's players when there is one kind, else null
    (figures of different games are never put together)."""
    if isinstance(reports, StatsReport):
        reports = (reports,)
    kinds = [{
        "kind": r.kind,
        "name": kind_name(r.kind),
        "games": r.games,
        "unfinished": r.unfinished,
        "rounds": r.rounds,
        "dead_hands": r.dead,
        "players": _players_json(r),
    } for r in reports]
    return {
        "games": sum(r.games for r in reports),
        "unfinished": sum(r.unfinished for r in reports),
        "rounds": sum(r.rounds for r in reports),
        "kinds": kinds,
        "players": kinds[0]["players"] if len(kinds) == 1 else None,
    }
