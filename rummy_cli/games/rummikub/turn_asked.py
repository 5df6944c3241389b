"""The referee's questions of a Rummikub turn (``rummy check turn --game rummikub`` with
nothing typed, on a terminal): the table before the turn, the rack, the table after, and
whether the player has opened, each answer checked at once; asked through an
:class:`~rummy_cli.asking.Asker`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...asking import Back, not_back
from ...errors import RummyError

if TYPE_CHECKING:
    from ...asking import Asker
    from ...tiles import AnyTile, TileTable
    from .rules import RummikubRules


def ask_tile_turn(asker: Asker, before: str | None, rack: str | None, after: str | None,
                  rules: RummikubRules, initial: bool | None
                  ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    """Ask for the table before the turn, the rack, the proposed table and, unless
    ``initial`` is known (``--initial``), whether the player has opened (K9).

    Each answer is checked at once (a bad tile or a card, a joker declared in the rack, more
    tiles than the set holds, an illegal table before the turn) and asked again; 'back'
    returns to the first question. Returns (before, rack, after, initial).
    """
    asker.say("Tables are sets separated by '/', e.g. 5R 6R 7R / 9K 9B 9O JK. "
              "Type 'back' to start again.")
    while True:
        try:
            return _ask_tile_turn_once(asker, before, rack, after, rules, initial)
        except Back:
            asker.say("Back to the table before the turn.")
            before = rack = after = None


def _ask_tile_turn_once(asker: Asker, before: str | None, rack: str | None,
                        after: str | None, rules: RummikubRules, initial: bool | None
                        ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    from ...tiles import check_tile_copies, parse_tile_table, parse_tiles
    from .turn import validate_start

    def before_answer(raw: str) -> TileTable:
        table = parse_tile_table(not_back(raw, first=True))
        too_many = check_tile_copies([t for s in table for t in s], rules.copies, rules.jokers)
        if too_many:  # said of this table alone: no rack has been typed yet
            raise RummyError("the table holds more tiles than the set: " + "; ".join(too_many))
        validate_start(table, [], rules)
        return table

    before_t = asker.given_or_asked("Table before the turn (Enter if empty)", before,
                                    before_answer)

    def rack_answer(raw: str) -> list[AnyTile]:
        tiles = parse_tiles(not_back(raw))
        if not tiles:
            raise RummyError("type the tiles on the player's rack before the play")
        validate_start(before_t, tiles, rules)
        return tiles

    rack_t = asker.given_or_asked("The player's rack", rack, rack_answer, None)

    def after_answer(raw: str) -> TileTable:
        return parse_tile_table(not_back(raw))

    after_t = asker.given_or_asked("Table after the turn (Enter if empty)", after,
                                   after_answer)
    if initial is not None:
        return before_t, rack_t, after_t, initial
    worth = f"sets worth {rules.opening} or more" if rules.opening else "a first set"
    opened = asker.confirm(f"Has the player opened already ({worth} in an earlier turn)?")
    return before_t, rack_t, after_t, not opened
