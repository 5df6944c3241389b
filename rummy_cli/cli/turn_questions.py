"""The referee's guided turns (``rummy check turn`` with nothing typed, on a terminal): a
Manipulation Rummy turn (the table before the turn, the hand, the table proposed and the
cards drawn) and a Rummikub turn (the table before, the rack, the table after, and whether
the player has opened), each answer checked at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..cards import AnyCard, Table, parse_cards, parse_table
from ..errors import RummyError
from ..games.manipulation.rules import MANIPULATION_RUMMY
from ..games.manipulation.turn import validate_start
from . import prompts
from .prompts import Back, _ask, _given_or_asked, _not_back

if TYPE_CHECKING:
    from ..games.rummikub.rules import RummikubRules
    from ..tiles import AnyTile, TileTable


def ask_turn(before: str | None, hand: str | None, after: str | None, decks: int,
             draws: int | None = None) -> tuple[Table, list[AnyCard], Table, int]:
    """Ask for the table before the turn, the hand, the proposed table and the draws.

    Each answer is checked at once (a bad card, an illegal table before the turn, more
    copies than the decks hold) and asked again; 'back' returns to the first question.
    """
    click.echo("Tables are melds separated by '/', e.g. 7H 8H 9H / QS QH QD JK=QC. "
               "Type 'back' to start again.", err=True)
    while True:
        try:
            return _ask_turn_once(before, hand, after, decks, draws)
        except Back:
            click.echo("Back to the table before the turn.", err=True)
            before = hand = after = None
            draws = None


def _ask_turn_once(before: str | None, hand: str | None, after: str | None, decks: int,
                   draws_given: int | None) -> tuple[Table, list[AnyCard], Table, int]:
    def before_answer(raw: str) -> Table:
        table = parse_table(_not_back(raw, first=True))
        validate_start(table, [], decks, MANIPULATION_RUMMY)
        return table

    before_t = _given_or_asked("Table before the turn (Enter if empty)", before, before_answer)

    def hand_answer(raw: str) -> list[AnyCard]:
        cards = parse_cards(_not_back(raw))
        if not cards:
            raise RummyError("type the cards in the player's hand")
        validate_start(before_t, cards, decks, MANIPULATION_RUMMY)
        return cards

    hand_c = _given_or_asked("The player's hand after drawing", hand, hand_answer, None)

    def after_answer(raw: str) -> Table:
        return parse_table(_not_back(raw))

    after_t = _given_or_asked("The table the player proposes (Enter if empty)", after,
                              after_answer)

    def draws(raw: str) -> int:
        text = _not_back(raw).strip()
        if text not in ("1", "2", "3"):
            raise RummyError(f"{raw!r}: the player drew 1, 2 or 3 cards")
        return int(text)

    if draws_given is not None:
        return before_t, hand_c, after_t, draws_given
    return before_t, hand_c, after_t, _ask("Cards drawn this turn (1-3)", draws, default="1")


def ask_tile_turn(before: str | None, rack: str | None, after: str | None,
                  rules: RummikubRules, initial: bool | None
                  ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    """Ask for the table before the turn, the rack, the proposed table and, unless
    ``initial`` is known (``--initial``), whether the player has opened (K9).

    Each answer is checked at once (a bad tile or a card, a joker declared in the rack, more
    tiles than the set holds, an illegal table before the turn) and asked again; 'back'
    returns to the first question. Returns (before, rack, after, initial).
    """
    click.echo("Tables are sets separated by '/', e.g. 5R 6R 7R / 9K 9B 9O JK. "
               "Type 'back' to start again.", err=True)
    while True:
        try:
            return _ask_tile_turn_once(before, rack, after, rules, initial)
        except Back:
            click.echo("Back to the table before the turn.", err=True)
            before = rack = after = None


def _ask_tile_turn_once(before: str | None, rack: str | None, after: str | None,
                        rules: RummikubRules, initial: bool | None
                        ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    from ..games.rummikub.turn import validate_start
    from ..tiles import check_tile_copies, parse_tile_table, parse_tiles

    def before_answer(raw: str) -> TileTable:
        table = parse_tile_table(_not_back(raw, first=True))
        too_many = check_tile_copies([t for s in table for t in s], rules.copies, rules.jokers)
        if too_many:  # said of this table alone: no rack has been typed yet
            raise RummyError("the table holds more tiles than the set: " + "; ".join(too_many))
        validate_start(table, [], rules)
        return table

    before_t = _given_or_asked("Table before the turn (Enter if empty)", before, before_answer)

    def rack_answer(raw: str) -> list[AnyTile]:
        tiles = parse_tiles(_not_back(raw))
        if not tiles:
            raise RummyError("type the tiles on the player's rack before the play")
        validate_start(before_t, tiles, rules)
        return tiles

    rack_t = _given_or_asked("The player's rack", rack, rack_answer, None)

    def after_answer(raw: str) -> TileTable:
        return parse_tile_table(_not_back(raw))

    after_t = _given_or_asked("Table after the turn (Enter if empty)", after, after_answer)
    if initial is not None:
        return before_t, rack_t, after_t, initial
    worth = f"sets worth {rules.opening} or more" if rules.opening else "a first set"
    opened = prompts.ask_confirm(f"Has the player opened already ({worth} in an earlier turn)?")
    return before_t, rack_t, after_t, not opened
