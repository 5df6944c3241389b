"""``arrange`` and ``hint`` with ``--game rummikub``: the exact Rummikub solver at the prompt.

``cli/solve.py`` hands these commands over here when ``--game`` names a Rummikub preset.
Tiles are read and checked as ``check`` reads them (:mod:`.rummikub_check`),
:mod:`rummy_cli.games.rummikub.solve` searches, and this module prints the answer.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from ..errors import UnusableInputError
from .parsing import _print_json
from .rummikub_check import _check_copies, _table, _tiles
from .shell import _settle

if TYPE_CHECKING:
    from ..games.rummikub.rules import RummikubRules
    from ..games.rummikub.solve import TilePlay
    from ..render import Style
    from ..tiles import AnyTile, TileTable


def arrange_tiles(words: Sequence[str], rules: RummikubRules, as_json: bool,
                  style: Style) -> None:
    """``rummy arrange TILES --game rummikub``; tiles in colour on a colour terminal."""
    from ..games.rummikub.solve import arrange
    from ..games.rummikub.verdicts import _prose, show_tiles
    from ..render import plural, wrap

    text = " ".join(words).replace("|", "/")
    tiles = [t for s in _table(text, "the tiles") for t in s]
    if not tiles:
        raise UnusableInputError("no tiles given: name the tiles, e.g. "
                                 "rummy arrange 7K 7B 7R 8R 9R --game rummikub")
    _check_copies(tiles, rules)
    result = arrange(tiles, rules)
    code = _settle(0 if result.possible else 1)
    if as_json:
        _print_json({"possible": result.possible,
                     "melds": [[str(t) for t in s] for s in result.sets],
                     "unplaceable": [str(t) for t in result.unplaceable]})
        sys.exit(code)
    if result.possible:
        click.echo(f"Yes: these {plural(len(tiles), 'tile')} make "
                   f"{plural(len(result.sets), 'legal set')}:")
    else:
        click.echo(wrap(f"No: {show_tiles(result.unplaceable, style)} cannot be placed in "
                        "any arrangement.", _prose(style)))
        if result.sets:
            click.echo("The rest can be arranged:")
    for s in result.sets:
        click.echo(f"  {show_tiles(s, style)}")
    sys.exit(code)


def hint_tiles(table_text: str, rack_text: str | None, by: str, initial: bool,
               rules: RummikubRules, as_json: bool, style: Style) -> None:
    """``rummy hint --game rummikub``; tiles in colour on a colour terminal."""
    from ..games.rummikub.solve import best_play
    from ..games.rummikub.turn import validate_start
    from ..search.progress import searching

    table = _table(table_text, "--table")
    rack = _tiles(rack_text or "", "--hand")
    if not rack:
        raise click.UsageError(f"{'--hand is empty' if rack_text is not None else 'no --hand'}:"
                               ' give the tiles on your rack, e.g. --hand "6O 11B 12B 2R"')
    validate_start(table, rack, rules)  # as the referee: a bad rack or table is refused
    with searching(sys.stderr):
        play = best_play(table, rack, rules, by="points" if by == "points" else "cards",
                         initial=initial)
    code = _settle(0 if play else 1)
    if as_json:
        _print_json(_play_json(play, table, rack, initial))
        sys.exit(code)
    if play is None:
        why = ("no sets of your rack tiles are worth the opening "
               f"({rules.opening}, K9)" if initial else
               "no tile from your rack fits in any legal way")
        click.echo(f"No legal play: {why}.")
        click.echo("Draw one tile (K3).")
        sys.exit(code)
    _print_play(play, rules, style)
    sys.exit(code)


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


def _print_play(play: TilePlay, rules: RummikubRules, style: Style) -> None:
    from ..games.rummikub.solve import tile_points
    from ..games.rummikub.verdicts import _prose, show_tiles
    from ..render import plural, wrap

    prose = _prose(style)  # sentences folded to the width; the tiles keep their colour
    click.echo(wrap(f"Best play: {plural(play.cards_played, 'tile')} "
                    f"({show_tiles(play.played, style)}), shedding "
                    f"{plural(play.points_shed, 'point')}.", prose))
    if play.opening_value is not None:
        click.echo(f"It opens: the new sets of your tiles are worth {play.opening_value} "
                   f"(at least {rules.opening}, K9).")
    if play.jokers_freed:
        click.echo(f"It frees {plural(play.jokers_freed, 'joker')} from the table and plays "
                   "it again (K14, K15).")
    if not play.exact:
        click.echo(wrap("Not searched exactly (too many ways to try): this play is legal, but "
                        "a better one may exist."))
    click.echo("The table after it:")
    for s in play.after:
        click.echo(f"  {show_tiles(s, style)}")
    if play.goes_out:
        click.echo("Left on your rack: nothing. You go out (K17).")
        return
    left = sum(tile_points(t, rules) for t in play.hand_after)
    click.echo(wrap(f"Left on your rack: {show_tiles(play.hand_after, style)} "
                    f"({plural(left, 'point')}).", prose))
