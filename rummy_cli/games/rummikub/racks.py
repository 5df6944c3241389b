"""What the racks left at the end of a Rummikub round cost (K19): each rack as entered, in
the notation or as its worth, scored."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from ...document import written
from ...errors import NotationError, RefusedError
from ...lookalike import looks_like_card
from ...render import and_list
from ...tiles import (
    ALL_TILES,
    TILE_HELP,
    TileJoker,
    check_tile_copies,
    format_tiles,
    joker_count,
    parse_tiles,
)
from .rules import RummikubRules
from .scoring import (
    RoundScore,
    rack_points,
    score_round,
)

RackEntry = str | int  # the tiles left in a rack, in the notation ("" for none), or its worth


@dataclass(frozen=True)
class RummikubEntry:
    """One round as entered: who went out (None: the pool ran out), each player's rack, and
    who played first (it never changes a score, K2)."""

    out: str | None
    racks: dict[str, RackEntry]
    first: str
    note: str | None = None


class Seated(Protocol):
    """What scoring a rack reads of its game (``game.RummikubGame``): who sits, the rules."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> RummikubRules: ...


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


def score_entry(game: Seated, entry: RummikubEntry) -> RoundScore:
    """Score one entered round (K17-K22); raises for what the rules refuse.

    Refused: a missing rack (only the player who went out may be left out), more copies of
    a tile across the racks than the set holds, a total above every tile's worth, the player
    out holding tiles, a second empty rack, an empty rack when the pool ran out.
    """
    missing = [p for p in game.players if p not in entry.racks and p != entry.out]
    if missing:
        raise RefusedError(f"no rack given for {and_list(missing)}: every player needs "
                           "one (the tiles left, or their worth)")
    fast = _written_worth(game, entry)
    if fast is not None:
        worth, jokers = fast
    else:
        worth, jokers = _parsed_worth(game, entry)
    return _scored(game, entry, worth, jokers)


def _written_worth(game: Seated, entry: RummikubEntry
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


def _parsed_worth(game: Seated, entry: RummikubEntry
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


def _scored(game: Seated, entry: RummikubEntry, worth: dict[str, int],
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
