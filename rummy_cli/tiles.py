"""Rummikub's tiles as values, and the one parser and formatter of the tile notation.

A tile is its number (1-13) then its colour: ``K`` black, ``B`` blue, ``O`` orange (``Y``
too: some sets print it yellow), ``R`` red. A joker is ``JK`` (or ``JOKER``); on the table it
may carry the tile it stands for, ``JK=7R``. The notation is disjoint from the cards' (a card
ends in S, H, D or C): a card typed where a tile belongs is refused, naming the game to use.

>>> parse_tile("7r"), parse_tile("13K")
(Tile(number=7, colour=<Colour.RED: 'R'>), Tile(number=13, colour=<Colour.BLACK: 'K'>))
>>> str(parse_tile("7y")), str(parse_tile("jk")), str(parse_tile("JK=6r"))
('7O', 'JK', 'JK=6R')
>>> format_tile_table(parse_tile_table("5R 6R 7R / 9K 9B JK"))
'5R 6R 7R / 9K 9B JK'
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import first_few, times, words_of
from .errors import NotationError
from .lookalike import looks_like_card
from .lookalike import looks_like_tile as looks_like_tile  # games/gin/referee.py imports it here
from .numbers import other_digits


class Colour(enum.Enum):
    """The four colours; the value is the letter of the notation."""

    BLACK = "K"
    BLUE = "B"
    ORANGE = "O"
    RED = "R"

    __hash__ = object.__hash__  # singletons: identity hashing is exact and fast

    @property
    def word(self) -> str:
        """The colour in words, e.g. 'red'."""
        return self.name.lower()

    @property
    def order(self) -> int:
        """Position in the display order K B O R (the solver's order too)."""
        return _ORDER[self]


_ORDER = {c: i for i, c in enumerate(Colour)}
COLOUR_OF_TEXT: dict[str, Colour] = {c.value: c for c in Colour}
COLOUR_OF_TEXT["Y"] = Colour.ORANGE  # some sets print orange as yellow
COLOURS = tuple(Colour)
NUMBERS = range(1, 14)


@dataclass(frozen=True)
class Tile:
    """A numbered tile."""

    number: int
    colour: Colour

    def __str__(self) -> str:
        return f"{self.number}{self.colour.value}"

    def __lt__(self, other: object) -> bool:  # colour by colour, then by number
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.colour.order, self.number) < (other.colour.order, other.number)


@dataclass(frozen=True)
class TileJoker:
    """A joker; ``stands_for`` is the tile it is declared to be (``JK=7R``), if any."""

    stands_for: Tile | None = None

    def __str__(self) -> str:
        return "JK" if self.stands_for is None else f"JK={self.stands_for}"


AnyTile = Tile | TileJoker
TileSet = tuple[AnyTile, ...]
TileTable = tuple[TileSet, ...]

ALL_TILES = tuple(Tile(n, c) for c in COLOURS for n in NUMBERS)
TILE_HELP = ("a tile is a number (1-13) and a colour (K black, B blue, O orange, R red), "
             "e.g. 7R or 13K; a joker is JK")
_SET_SPLIT = re.compile(r"[/|]")
_TILE = re.compile(r"^([0-9]{1,2})([A-Z])$")  # digits 0-9 only, as every number typed


def _quoted(token: str) -> str:
    return repr(token if len(token) <= 24 else token[:21] + "...")


def _parse_numbered(token: str, original: str) -> Tile:
    if looks_like_card(token):
        raise NotationError(f"{_quoted(original)} is a playing card, not a Rummikub tile: "
                            "use --game manipulation (or gin) for cards; " + TILE_HELP)
    match = _TILE.match(token)
    if not match:
        written = other_digits(token)
        if written is not None and _TILE.match(written):
            raise NotationError(f"{_quoted(original)} is not a tile: write its number in the "
                                f"digits 0-9, e.g. {written}")
        raise NotationError(f"{_quoted(original)} is not a tile: {TILE_HELP}")
    number, colour = int(match.group(1)), match.group(2)
    if colour not in COLOUR_OF_TEXT:
        raise NotationError(f"{_quoted(original)} has no colour {colour!r}: the colours are K "
                            "(black), B (blue), O (orange) and R (red)")
    if not 1 <= number <= 13:
        raise NotationError(f"{_quoted(original)}: tiles are numbered 1 to 13")
    return Tile(number, COLOUR_OF_TEXT[colour])


def parse_tile(token: str) -> AnyTile:
    """One tile in the notation (any case); :class:`NotationError` if it is not one."""
    text = token.strip().upper()
    if text in ("JK", "JOKER", "JO"):
        return TileJoker()
    for joker in ("JK=", "JOKER="):
        if text.startswith(joker):
            rest = text[len(joker):].strip()
            if not rest:
                raise NotationError(f"{_quoted(token)}: say which tile the joker stands for, "
                                    "e.g. JK=7R, or write JK")
            return TileJoker(_parse_numbered(rest, token))
    return _parse_numbered(text, token)


def parse_tiles(text: str | Iterable[str]) -> list[AnyTile]:
    """Tiles separated by spaces or commas (a string, or words already split)."""
    words = [text] if isinstance(text, str) else list(text)
    return [parse_tile(t) for word in words for t in words_of(word, _is_tile)]


def _is_tile(word: str) -> bool:
    try:
        parse_tile(word)
    except NotationError:
        return False
    return True


def parse_tile_table(text: str) -> TileTable:
    """A table: sets separated by ``/`` or ``|``; empty words mean an empty table.

    As for the cards' tables, a ``/`` with no tiles on one side adds no set:

    >>> len(parse_tile_table("5R 6R 7R /")), len(parse_tile_table("/ 5R 6R 7R / / 9K 9B 9O"))
    (1, 2)
    """
    if text.strip().upper() in ("", "EMPTY", "NONE", "[]"):
        return ()
    sets = (tuple(parse_tiles(chunk)) for chunk in _SET_SPLIT.split(text))
    return tuple(tiles for tiles in sets if tiles)


def format_tiles(tiles: Iterable[AnyTile]) -> str:
    """Tiles in the notation, separated by spaces."""
    return " ".join(map(str, tiles))


def format_tile_table(table: Sequence[Sequence[AnyTile]]) -> str:
    """A table in the notation, its sets separated by `` / ``."""
    return " / ".join(format_tiles(s) for s in table)


def real_tiles(tiles: Iterable[AnyTile]) -> Counter[Tile]:
    """How many of each numbered tile."""
    return Counter(t for t in tiles if isinstance(t, Tile))


def joker_count(tiles: Iterable[AnyTile]) -> int:
    """How many jokers."""
    return sum(isinstance(t, TileJoker) for t in tiles)


def tile_sort_key(tile: AnyTile) -> tuple[int, int]:
    """Colour by colour, then number; jokers last."""
    if isinstance(tile, TileJoker):
        return (4, 0)
    return (tile.colour.order, tile.number)


def check_tile_copies(tiles: Iterable[AnyTile], copies: int, jokers: int) -> list[str]:
    """What the set of ``copies`` of each tile and ``jokers`` jokers cannot hold, in words.

    >>> check_tile_copies(parse_tiles("7R 7R 7R JK"), 2, 2)
    ['7R appears 3 times, but the set has only 2']
    """
    tiles = list(tiles)
    problems = first_few([f"{tile} appears {times(n)}, but the set has only {copies}"
                          for tile, n in sorted(real_tiles(tiles).items()) if n > copies],
                         f"more tiles appear more than {copies} times")
    found = joker_count(tiles)
    if found > jokers:
        problems.append(f"{found} jokers, but the set has only {jokers}")
    return problems
