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

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import TYPE_CHECKING

from ...document import written
from ...errors import NotationError, RefusedError
from ...players import (
    EndsEarly,
    find_player_by_prefix,
    name_key,
    player_name,
    plural_rounds,
)
from ...tiles import (
    ALL_TILES,
    TILE_HELP,
    TileJoker,
    check_tile_copies,
    format_tiles,
    joker_count,
    looks_like_card,
    parse_tiles,
)
from .rules import RUMMIKUB, RummikubRules
from .scoring import (
    RoundAfterEnd,
    RoundScore,
    RummikubState,
    game_state,
    left_of,
    rack_points,
    score_round,
    state_after,
)

if TYPE_CHECKING:
    from ..protocol import Sheet

RackEntry = str | int  # the tiles left in a rack, in the notation ("" for none), or its worth

JOKER = "JK"
# every tile as the ledger writes it, and its number (a joker in a rack stands for nothing: JK)
_TILE_NUMBERS = {str(t): t.number for t in ALL_TILES}
_CANONICAL = frozenset(_TILE_NUMBERS) | {JOKER}


@cache
def _token_points(joker_points: int) -> dict[str, int]:
    """What each tile, as the ledger writes it, costs left in a rack (K19)."""
    return {**_TILE_NUMBERS, JOKER: joker_points}


def canonical_tiles(text: str) -> list[str] | None:
    """The tiles of ``text`` when it is already in the ledger's notation ("5R 12B JK", or ""
    for none), else None: such a rack needs no parsing to be scored.

    >>> canonical_tiles("5R 12B JK"), canonical_tiles(""), canonical_tiles("5r")
    (['5R', '12B', 'JK'], [], None)
    """
    if not text:
        return []
    tokens = text.split(" ")
    return tokens if _CANONICAL.issuperset(tokens) else None


@dataclass(frozen=True)
class RummikubEntry:
    """One round as entered: who went out (None: the pool ran out), each player's rack, and
    who played first (it never changes a score, K2)."""

    out: str | None
    racks: dict[str, RackEntry]
    first: str
    note: str | None = None


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
        from ..protocol import ReportSheet
        from . import report

        return ReportSheet(self, report)

    def undone(self) -> RummikubGame:
        """This game without its last round (refused when there is none)."""
        return undo_round(self)[0]

    def renamed(self, old: str, new: str) -> RummikubGame:
        """This game with the player ``old`` called ``new`` everywhere."""
        return rename_player(self, old, new)


def _seated(players: Sequence[str], rules: RummikubRules) -> tuple[str, ...]:
    names = tuple(player_name(p) for p in players)
    problem = rules.problem_for(len(names))
    if problem:
        raise RefusedError(f"{problem[1]} (K1)" if problem[0] == "max_players" else problem[1])
    folded = [name_key(n) for n in names]
    dupes = [n for n in names if folded.count(name_key(n)) > 1]
    if dupes:
        raise RefusedError(f"two players are called {dupes[0]!r} (names are the same in any "
                           "case): give each a different name")
    return names


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


def rack_entry(entry: RackEntry, who: str) -> RackEntry:
    """A rack as the ledger keeps it: tiles in the notation (a joker ``JK``), or a worth."""
    if isinstance(entry, bool):
        raise RefusedError(f"{who}'s rack must be tiles or a total, not {written(entry)}")
    if isinstance(entry, int):
        if entry < 0:
            raise RefusedError(f"{who}'s rack total cannot be negative ({entry})")
        return entry
    try:
        tiles = parse_tiles(entry)
    except NotationError as exc:
        card = next((t for t in entry.replace(",", " ").split() if looks_like_card(t)), None)
        if card is not None:  # a card typed in a game of tiles
            raise NotationError(f"{who}'s rack: {card!r} is a playing card, but this game is "
                                f"Rummikub: {TILE_HELP}") from None
        raise NotationError(f"{who}'s rack: {exc}") from None
    bound = [str(t) for t in tiles if isinstance(t, TileJoker) and t.stands_for is not None]
    if bound:
        raise RefusedError(f"{who}'s rack: {bound[0]}: a joker in a rack stands for nothing "
                           "yet; write it JK")
    return format_tiles(tiles)


def score_entry(game: RummikubGame, entry: RummikubEntry) -> RoundScore:
    """Score one entered round (K17-K22); raises for what the rules refuse.

    Refused: a missing rack (only the player who went out may be left out), more copies of
    a tile across the racks than the set holds, a total above every tile's worth, the player
    out holding tiles, a second empty rack, an empty rack when the pool ran out.
    """
    missing = [p for p in game.players if p not in entry.racks and p != entry.out]
    if missing:
        from ...render import and_list

        raise RefusedError(f"no rack given for {and_list(missing)}: every player needs "
                           "one (the tiles left, or their worth)")
    fast = _written_worth(game, entry)
    if fast is not None:
        worth, jokers = fast
    else:
        worth, jokers = _parsed_worth(game, entry)
    return _scored(game, entry, worth, jokers)


def _written_worth(game: RummikubGame, entry: RummikubEntry
                   ) -> tuple[dict[str, int], dict[str, int]] | None:
    """Each rack's worth and jokers when every rack given as tiles is in the ledger's
    notation and no tile appears more often than the set holds; else None (the full parse
    then finds and words any problem)."""
    cost = _token_points(game.rules.joker_points).__getitem__
    worth: dict[str, int] = {}
    jokers: dict[str, int] = {}
    every: list[str] = []
    for p in game.players:
        rack = entry.racks.get(p, "")
        if isinstance(rack, int):
            worth[p] = rack
            continue
        tokens = canonical_tiles(rack)
        if tokens is None:
            return None
        jokers[p] = tokens.count(JOKER) if JOKER in rack else 0
        worth[p] = sum(map(cost, tokens))
        every += tokens
    if len(set(every)) != len(every):  # a tile twice: count the copies
        counts = Counter(every)
        copies = game.rules.copies
        if counts.pop(JOKER, 0) > game.rules.jokers or max(counts.values(), default=0) > copies:
            return None
    elif every.count(JOKER) > game.rules.jokers:
        return None
    return worth, jokers


def _parsed_worth(game: RummikubGame, entry: RummikubEntry
                  ) -> tuple[dict[str, int], dict[str, int]]:
    """Each rack's worth and jokers from its parsed tiles; refuses more copies of a tile than
    the set holds."""
    rules = game.rules
    worth: dict[str, int] = {}
    jokers: dict[str, int] = {}
    every = []
    for p in game.players:
        rack = entry.racks.get(p, "")
        if isinstance(rack, int):
            worth[p] = rack
            continue
        tiles = parse_tiles(rack) if rack else []
        every += tiles
        worth[p] = rack_points(tiles, rules)
        jokers[p] = joker_count(tiles)
    too_many = check_tile_copies(every, rules.copies, rules.jokers)
    if too_many:
        raise RefusedError("the racks hold more tiles than the set: " + "; ".join(too_many))
    return worth, jokers


def _scored(game: RummikubGame, entry: RummikubEntry, worth: dict[str, int],
            jokers: dict[str, int]) -> RoundScore:
    """The round scored from each rack's worth; refuses what K17 forbids."""
    rules = game.rules
    most = rules.most_rack_points
    for p in game.players:
        if worth[p] > most:
            raise RefusedError(f"{p}'s rack total {worth[p]} is more than every tile of the "
                               f"set is worth ({most})")
    # a rack of tiles is empty only with no tile (a joker may be worth 0 by a house rule);
    # a total of 0 is taken as an empty rack
    empty = [p for p in game.players if _is_empty(entry.racks.get(p, ""))]
    if entry.out is not None and entry.out not in empty:
        held = (f"tiles worth {worth[entry.out]}" if worth[entry.out]
                else str(entry.racks[entry.out]))
        raise RefusedError(f"{entry.out} went out, so {entry.out}'s rack is empty: it "
                           f"cannot hold {held} (K17)")
    empty = [p for p in empty if p != entry.out]
    if empty and entry.out is not None:
        raise RefusedError(f"{empty[0]}'s rack is empty too, but only {entry.out} went out: "
                           "the round ended as soon as one player played their last tile "
                           "(K17)")
    if empty:
        raise RefusedError(f"{empty[0]}'s rack is empty, so {empty[0]} went out and the pool "
                           f"running out did not end the round: record it with --out "
                           f"{empty[0]} (K17)")
    return score_round(game.players, worth, entry.out, rules, jokers)


def _is_empty(rack: RackEntry) -> bool:
    """Whether a rack as entered is empty: no tile, or a total of 0."""
    return rack == 0 if isinstance(rack, int) else not rack.split()


def check_open(game: RummikubGame) -> None:
    """Refuse another round once the game is over (K23)."""
    s = game.state
    if s.game_over:
        raise RefusedError(f"the game is over (after round {s.over_after}, won by "
                           f"{' and '.join(s.winners)}): start the next game with "
                           "'rummy new'")


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


# The old names of the operations, for callers not yet moved to the names every game
# shares (new_game, next_game, round_entry, score_entry, record_round, fix_round,
# undo_round, rename_player).
new_rummikub_game = new_game
next_rummikub_game = next_game
score_rummikub_entry = score_entry
rummikub_entry = round_entry
record_rummikub_round = record_round
fix_rummikub_round = fix_round
undo_rummikub_round = undo_round
rename_in_rummikub = rename_player
