"""Rummikub's solver at the command line's call (``games.referee.Solver``): the sets some
tiles make (``arrange``) and the best play this turn (``hint``), through the exact search
(``solve``). Pure: the command line prints what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import OptionsError, UnusableInputError
from ..referee import Asked, Said
from .referee import check_copies, refuse_card_options, rules_of, table_of, tiles_of

if TYPE_CHECKING:
    from ...render import Style
    from ...tiles import AnyTile, TileTable
    from .rules import RummikubRules
    from .solve import TilePlay

TAKES = frozenset({"--rule", "--initial"})


def arrange(words: Sequence[str], asked: Asked) -> Said:
    """``rummy arrange TILES --game rummikub``; tiles in colour on a colour terminal."""
    from ...render import plural, wrap
    from .solve import arrange as solve
    from .verdicts import _prose, show_tiles

    refuse_card_options(asked.decks)
    rules = rules_of(asked.game, asked.house_rules)
    text = " ".join(words).replace("|", "/")
    tiles = [t for s in table_of(text, "the tiles") for t in s]
    if not tiles:
        raise UnusableInputError("no tiles given: name the tiles, e.g. "
                                 "rummy arrange 7K 7B 7R 8R 9R --game rummikub")
    check_copies(tiles, rules)
    result = solve(tiles, rules)
    if asked.as_json:
        return Said(result.possible, json={
            "possible": result.possible, "melds": [[str(t) for t in s] for s in result.sets],
            "unplaceable": [str(t) for t in result.unplaceable]})
    style = asked.style
    lines = []
    if result.possible:
        lines.append(f"Yes: these {plural(len(tiles), 'tile')} make "
                     f"{plural(len(result.sets), 'legal set')}:")
    else:
        lines.append(wrap(f"No: {show_tiles(result.unplaceable, style)} cannot be placed in "
                          "any arrangement.", _prose(style)))
        if result.sets:
            lines.append("The rest can be arranged:")
    lines += [f"  {show_tiles(s, style)}" for s in result.sets]
    return Said(result.possible, "\n".join(lines))


def hint(table_text: str, rack_text: str | None, asked: Asked) -> Said:
    """``rummy hint --game rummikub``; tiles in colour on a colour terminal."""
    from .solve import best_play
    from .turn import validate_start

    refuse_card_options(asked.decks, asked.draws)
    rules = rules_of(asked.game, asked.house_rules)
    table = table_of(table_text, "--table")
    rack = tiles_of(rack_text or "", "--hand")
    if not rack:
        raise OptionsError(f"{'--hand is empty' if rack_text is not None else 'no --hand'}:"
                          ' give the tiles on your rack, e.g. --hand "6O 11B 12B 2R"')
    validate_start(table, rack, rules)  # as the referee: a bad rack or table is refused
    play = best_play(table, rack, rules, by="points" if asked.by == "points" else "cards",
                     initial=asked.initial)
    if asked.as_json:
        return Said(play is not None, json=_play_json(play, table, rack, asked.initial))
    if play is None:
        why = ("no sets of your rack tiles are worth the opening "
               f"({rules.opening}, K9)" if asked.initial else
               "no tile from your rack fits in any legal way")
        return Said(False, f"No legal play: {why}.\nDraw one tile (K3).")
    return Said(True, _play_text(play, rules, asked.style))


def _play_json(play: TilePlay | None, table: TileTable, rack: Sequence[AnyTile],
               initial: bool) -> dict[str, object]:
    if play is None:
        return {"cards_played": 0, "points_shed": 0, "played": [],
                "after": [[str(t) for t in s] for s in table],
                "hand_after": [str(t) for t in rack], "goes_out": False,
                "opening_value": None, "jokers_freed": 0, "exact": True}
    return {"cards_played": play.cards_played, "points_shed": play.points_shed,
            "played": [str(t) for t in play.played],
            "after": [[str(t) for t in s] for s in play.after],
            "hand_after": [str(t) for t in play.hand_after], "goes_out": play.goes_out,
            "opening_value": play.opening_value if initial else None,
            "jokers_freed": play.jokers_freed, "exact": play.exact}


def _play_text(play: TilePlay, rules: RummikubRules, style: Style) -> str:
    from ...render import plural, wrap
    from .solve import tile_points
    from .verdicts import _prose, show_tiles

    prose = _prose(style)  # sentences folded to the width; the tiles keep their colour
    lines = [wrap(f"Best play: {plural(play.cards_played, 'tile')} "
                  f"({show_tiles(play.played, style)}), shedding "
                  f"{plural(play.points_shed, 'point')}.", prose)]
    if play.opening_value is not None:
        lines.append(f"It opens: the new sets of your tiles are worth {play.opening_value} "
                     f"(at least {rules.opening}, K9).")
    if play.jokers_freed:
        lines.append(f"It frees {plural(play.jokers_freed, 'joker')} from the table and plays "
                     "it again (K14, K15).")
    if not play.exact:
        lines.append(wrap("Not searched exactly (too many ways to try): this play is legal, "
                          "but a better one may exist."))
    lines.append("The table after it:")
    lines += [f"  {show_tiles(s, style)}" for s in play.after]
    if play.goes_out:
        lines.append("Left on your rack: nothing. You go out (K17).")
        return "\n".join(lines)
    left = sum(tile_points(t, rules) for t in play.hand_after)
    lines.append(wrap(f"Left on your rack: {show_tiles(play.hand_after, style)} "
                      f"({plural(left, 'point')}).", prose))
    return "\n".join(lines)

