"""The referee's commands: ``check meld|table`` (``check turn`` and its dispute file are in
``dispute``; ``arrange`` and ``hint`` in ``solve``, ``check knock`` in ``showdown``). Each
maps its words to the game's referee (``rummy_cli.games.referee``) through ``judges``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..render import Style
from .judges import asked, found, game_option, games_said, judge_of, refusals_said, say
from .options import F, decks_option, json_option, style_options, worded
from .parsing import _style
from .shell import RummyGroup, cli

if TYPE_CHECKING:
    from ..games.referee import Asked


@cli.group(cls=RummyGroup)
def check() -> None:
    """Referee a meld, a table, a turn or a Gin knock (exit 0 legal, 1 illegal, 2 bad input).

    \b
    Examples:
      rummy check meld 7H JK=8H 9H
      rummy check table "7H 8H 9H / QS QH QD JK=QC"
      rummy example joker-freed | rummy check turn -
      rummy check knock --knocker "5S 6S 7S 9C 10C JC KC KD KS JD" \\
                        --defender "2C 2D 2H 2S 8S 9S 7C 8C 8D AC"
      rummy check meld 5R 6R JK --game rummikub
    """


def _meld_game(f: F) -> F:
    return game_option("melds", lambda: f"Judge by this game's melds: {games_said('melds')}."
                       )(f)


def tile_rule_option(f: F) -> F:
    return click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
                        help="A house rule, e.g. --rule ace_high=no (Manipulation Rummy) or "
                             "--rule ones=high (Rummikub); 'rummy rules' lists the figures. "
                             "Repeat for more.")(f)


def _melds_judged(game: str, house_rules: tuple[str, ...], decks: int | None, as_json: bool,
                  style: Style) -> tuple[Any, Asked]:
    """The meld judge of the game --game names, and what it was given; --rule refused for a
    game whose melds are its preset's."""
    declared = found("melds", game)
    judge = judge_of(declared, "melds")
    given = asked("melds", declared, judge, game, house_rules=house_rules, decks=decks,
                  as_json=as_json, style=style)
    given.refuse_untaken()
    return judge, given


@check.command("meld")
@click.argument("cards", nargs=-1, metavar="CARDS...")
@decks_option
@_meld_game
@tile_rule_option
@json_option
@style_options
@refusals_said
@worded(rules="check meld rules")
def check_meld(cards: tuple[str, ...], decks: int | None, game: str,
               house_rules: tuple[str, ...], as_json: bool, ascii_only: bool,
               unicode: bool) -> None:
    """Is this one meld a legal group or run ({rules})?

    \b
    Examples:
      rummy check meld 7H JK=8H 9H
      rummy check meld "5H JK 7H"                # the joker must be 6H
      rummy check meld QS KS AS --json
      rummy check meld QS KS AS --game gin       # in Gin the ace is low only
      rummy check meld QS KS AS --rule ace_high=no   # the ace low only here
      rummy check meld 5R 6R JK --game rummikub  # the joker stands for 4R or 7R
      rummy check meld 12R 13R 1R --game rummikub --rule ones=high
    """
    judge, given = _melds_judged(game, house_rules, decks, as_json, _style(ascii_only, unicode))
    say(judge.check_meld(cards, given), as_json)


@check.command("table")
@click.argument("table", nargs=-1, metavar="TABLE...")
@decks_option
@_meld_game
@tile_rule_option
@json_option
@style_options
@refusals_said
@worded(rules="check table rules")
def check_table(table: tuple[str, ...], decks: int | None, game: str,
                house_rules: tuple[str, ...], as_json: bool, ascii_only: bool,
                unicode: bool) -> None:
    """Is every meld of this table legal ({rules})? Melds are separated by '/'.

    \b
    Examples:
      rummy check table "7H 8H 9H / QS QH QD JK=QC"
      rummy check table 7H 8H 9H / QS QH QD --json
      rummy check table "AS 2S 3S / 9C 9D 9H" --game gin
      rummy check table "5O JK 7O / 3K 4K 5K / 7K 7B JK" --game rummikub --json
    """
    table = _melds_apart(table)
    judge, given = _melds_judged(game, house_rules, decks, as_json, _style(ascii_only, unicode))
    say(judge.check_table(table, given), as_json)


def _melds_apart(args: tuple[str, ...]) -> tuple[str, ...]:
    """The table as typed: when every argument holds several cards and no '/' is given,
    each is a meld of its own (``"7H 8H 9H" "QS QH QD"``: two melds, not one of six
    cards); loose cards with '/' between them (``7H 8H 9H / QS QH QD``) are read as typed.

    >>> _melds_apart(("7H 8H 9H", "QS QH QD"))
    ('7H 8H 9H', '/', 'QS QH QD')
    >>> _melds_apart(("7H", "8H", "9H", "/", "QS", "QH", "QD"))
    ('7H', '8H', '9H', '/', 'QS', 'QH', 'QD')
    """
    if len(args) < 2 or any("/" in a for a in args) or not all(
            len(a.split()) > 1 for a in args):
        return args
    apart = [x for a in args for x in (a, "/")]
    return tuple(apart[:-1])
