"""The solver's commands: ``arrange`` (the best melds of some cards) and ``hint`` (the best
play this turn), each mapped to the solver of the game --game names
(``rummy_cli.games.referee.Solver``) through ``judges``."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..games import said as game_said
from . import options
from .judges import asked, found, game_option, games_said, judge_of, refusals_said, say
from .options import F, _count, decks_option, json_option, style_options
from .parsing import _style
from .shell import cli


def solver_game_options(f: F) -> F:
    f = click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
                     help="A house rule, e.g. --rule ace_high=no (Manipulation Rummy) or "
                          "--rule ones=high (Rummikub); 'rummy rules' lists the figures. "
                          "Repeat for more.")(f)
    return game_option("solver", lambda: f"{games_said('solver')}.")(f)


def _solver(game: str, house_rules: tuple[str, ...], initial: bool = False, **given: Any
            ) -> tuple[Any, Any]:
    """The solver of the game --game names and what it was given; the options it does not
    take refused."""
    declared = found("solver", game)
    judge = judge_of(declared, "solver")
    said = asked("solver", declared, judge, game, house_rules=house_rules, initial=initial,
                 **given)
    said.refuse_untaken()
    return judge, said


@cli.command()
@click.argument("cards", nargs=-1, metavar="CARDS...")
@decks_option
@solver_game_options
@json_option
@style_options
@refusals_said
def arrange(cards: tuple[str, ...], decks: int | None, game: str, house_rules: tuple[str, ...],
            as_json: bool, ascii_only: bool, unicode: bool) -> None:
    """Can these cards (or tiles) be arranged into legal melds? Shows one way, or what cannot fit.

    Cards may be loose or a table in any grouping ('/' is ignored). A declared joker
    (JK=7H) counts as that card; a bare joker (JK) may stand for anything. With --game
    rummikub, tiles (7R, 13K, JK) are arranged into sets.

    \b
    Examples:
      rummy arrange 7S 7H 7D 7S 7H 7C
      rummy arrange "QH KH AH / 2C 3C JK" --json
      rummy arrange 5R 6R 7R 8R JK 9K 9B --game rummikub
    """
    judge, given = _solver(game, house_rules, decks=decks, as_json=as_json,
                           style=_style(ascii_only, unicode))
    say(judge.arrange(cards, given), as_json)


@cli.command()
@click.option("--table", "--before", "table_text", default="", metavar="TABLE",
              help='The table now, before your turn (--before, as in check turn), e.g. '
                   '"7H 8H 9H / QS QH QD" (default: empty).')
@click.option("--hand", "--rack", "hand_text", metavar="CARDS",
              help="The cards in your hand after drawing (required); in Rummikub, the "
                   "tiles on your rack (--rack).")
@click.option("--draws", callback=_count(1, 3), default=None, metavar="N",
              help="Cards drawn this turn, 1-3 (default 1; not in Rummikub).")
@click.option("--by", type=options.OneOf(["cards", "points", "tiles", "value"]),
              default="cards",
              show_default=True,
              help="Best means most cards (tiles) played, or most points (value) shed.")
@click.option("--initial", is_flag=True,
              help=game_said("hint --initial"))
@decks_option
@solver_game_options
@json_option
@style_options
@refusals_said
def hint(table_text: str, hand_text: str | None, draws: int | None, by: str, initial: bool,
         decks: int | None, game: str, house_rules: tuple[str, ...], as_json: bool,
         ascii_only: bool, unicode: bool) -> None:
    """The best legal play this turn: most cards (or points) from the hand onto the table.

    With --game rummikub the hand is your rack of tiles; --initial asks for an opening.

    \b
    Examples:
      rummy hint --table "10D JD JK=QD / 4S 4H 4C" --hand "QD KD 4D 9C"
      rummy hint --table "7H 8H 9H" --hand "10H JH 2C KS" --by points --json
      rummy hint --table "5O JK 7O / 3K 4K 5K" --hand "6O 11B 12B" --game rummikub
      rummy hint --hand "10K 10B 10R 4O 5O 6O 2K 9B" --game rummikub --initial
    """
    by = {"tiles": "cards", "value": "points"}.get(by, by)
    judge, given = _solver(game, house_rules, initial, decks=decks, draws=draws, by=by,
                           as_json=as_json, style=_style(ascii_only, unicode))
    from ..search.progress import searching

    with searching(sys.stderr):  # a second without an answer: say it is still searching
        said = judge.hint(table_text, hand_text, given)
    say(said, as_json)
