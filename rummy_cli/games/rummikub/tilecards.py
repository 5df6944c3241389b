"""Tiles as the cards of the shared arrangement search, and the search's problem for them.

K is spades, B clubs, O diamonds, R hearts; a number is its rank, so 1 is the ace and 11-13
are J Q K. ``ones=high`` lets the ace follow the king, as 12-13-1 does.
"""

from __future__ import annotations

from ...cards import AnyCard, Card, Suit
from ...errors import UnusableInputError
from ...search import dp
from ...search.problem import Cell, Problem, Solution
from ...tiles import AnyTile, Colour, Tile, TileJoker
from .rules import RummikubRules

SUIT_OF = {Colour.BLACK: Suit.SPADES, Colour.BLUE: Suit.CLUBS, Colour.ORANGE: Suit.DIAMONDS,
           Colour.RED: Suit.HEARTS}
COLOUR_OF = {s: c for c, s in SUIT_OF.items()}


class NotSolvable(UnusableInputError):
    """Rules under which the solver cannot promise the best play."""


def card_of(tile: Tile) -> Card:
    """The card a tile maps to: 7R is 7H, 1K is AS, 13B is KC."""
    return Card(tile.number, SUIT_OF[tile.colour])


def tile_of(card: Card) -> Tile:
    """The tile a card maps back to."""
    return Tile(card.rank, COLOUR_OF[card.suit])


def solve(problem: Problem, beat: int | None = None) -> Solution | None:
    """The shared search; more copies of a tile than it counts are refused, not a crash."""
    try:
        return dp.solve(problem, beat=beat)
    except ValueError as exc:
        raise NotSolvable(f"too many copies of one tile or jokers to search: {exc}") from None


def problem_of(cells: dict[Card, Cell], rules: RummikubRules, free_must: int = 0,
               free_may: int = 0, joker_weight: int = 0) -> Problem:
    """The search's problem: sets of 3 or more, groups of 4 at most."""
    return Problem(cells, free_must=free_must, free_may=free_may, joker_weight=joker_weight,
                   min_meld=3, max_group=4, ace_high=rules.ones == "high")


def tile_back(card: AnyCard) -> AnyTile:
    """The tile a card of the search stands for, a joker with what it was declared."""
    if isinstance(card, Card):
        return tile_of(card)
    return TileJoker(None if card.declared is None else tile_of(card.declared))


def bare_tile(card: AnyCard) -> AnyTile:
    """The tile a card of the search stands for, a joker bare (JK)."""
    return tile_of(card) if isinstance(card, Card) else TileJoker()
