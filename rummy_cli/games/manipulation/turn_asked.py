"""The referee's questions of a Manipulation Rummy turn (``rummy check turn`` with nothing
typed, on a terminal): the table before the turn, the hand, the table proposed and the cards
drawn, each answer checked at once; asked through an :class:`~rummy_cli.asking.Asker`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...asking import Back, not_back
from ...cards import parse_cards, parse_table
from ...errors import RummyError
from .turn import validate_start

if TYPE_CHECKING:
    from ...asking import Asker
    from ...cards import AnyCard, Table
    from .rules import Rules


def ask_turn(asker: Asker, before: str | None, hand: str | None, after: str | None,
             decks: int, draws: int | None, rules: Rules
             ) -> tuple[Table, list[AnyCard], Table, int]:
    """Ask for the table before the turn, the hand, the proposed table and the draws.

    Each answer is checked at once (a bad card, an illegal table before the turn, more
    copies than the decks hold) and asked again; 'back' returns to the first question.
    """
    asker.say("Tables are melds separated by '/', e.g. 7H 8H 9H / QS QH QD JK=QC. "
              "Type 'back' to start again.")
    while True:
        try:
            return _ask_turn_once(asker, before, hand, after, decks, draws, rules)
        except Back:
            asker.say("Back to the table before the turn.")
            before = hand = after = None
            draws = None


def _ask_turn_once(asker: Asker, before: str | None, hand: str | None, after: str | None,
                   decks: int, draws_given: int | None, rules: Rules
                   ) -> tuple[Table, list[AnyCard], Table, int]:
    def before_answer(raw: str) -> Table:
        table = parse_table(not_back(raw, first=True))
        validate_start(table, [], decks, rules)
        return table

    before_t = asker.given_or_asked("Table before the turn (Enter if empty)", before,
                                    before_answer)

    def hand_answer(raw: str) -> list[AnyCard]:
        cards = parse_cards(not_back(raw))
        if not cards:
            raise RummyError("type the cards in the player's hand")
        validate_start(before_t, cards, decks, rules)
        return cards

    hand_c = asker.given_or_asked("The player's hand after drawing", hand, hand_answer, None)

    def after_answer(raw: str) -> Table:
        return parse_table(not_back(raw))

    after_t = asker.given_or_asked("The table the player proposes (Enter if empty)", after,
                                   after_answer)

    def draws(raw: str) -> int:
        text = not_back(raw).strip()
        if text not in ("1", "2", "3"):
            raise RummyError(f"{raw!r}: the player drew 1, 2 or 3 cards")
        return int(text)

    if draws_given is not None:
        return before_t, hand_c, after_t, draws_given
    return before_t, hand_c, after_t, asker.ask("Cards drawn this turn (1-3)", draws,
                                                default="1")
