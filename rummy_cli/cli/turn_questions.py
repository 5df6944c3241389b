"""The referee's questions of a Manipulation Rummy turn (``rummy check turn`` with nothing
typed, on a terminal): the table before the turn, the hand, the table proposed and the cards
drawn, each answer checked at once."""

from __future__ import annotations

import click

from ..cards import AnyCard, Table, parse_cards, parse_table
from ..errors import RummyError
from ..games.manipulation.rules import MANIPULATION_RUMMY
from ..games.manipulation.turn import validate_start
from .prompts import Back, _ask, _given_or_asked, _not_back


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
