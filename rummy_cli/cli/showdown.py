"""The showdown's commands: ``rummy deadwood`` and ``rummy check knock``, each mapped to the
showdown of the game --game names (``rummy_cli.games.referee.Showdown``) through
``judges``. Registered on the ``rummy`` group (and its ``check`` group) when
``rummy_cli.cli`` imports it."""

from __future__ import annotations

from typing import Any

import click

from .judges import asked, found, game_option, judge_of, notes_said, refusals_said, say
from .options import json_option, style_options
from .parsing import _style
from .referee import check
from .shell import cli

_showdown_game = game_option("showdown", lambda: f"The preset: {notes_said('showdown')}.")


def _showdown(game: str, **given: Any) -> tuple[Any, Any]:
    """The showdown of the game --game names, and what it was given."""
    declared = found("showdown", game)
    judge = judge_of(declared, "showdown")
    return judge, asked("showdown", declared, judge, game, **given)


@cli.command()
@click.argument("cards", nargs=-1, metavar="CARDS...")
@_showdown_game
@json_option
@style_options
@refusals_said
def deadwood(cards: tuple[str, ...], game: str, as_json: bool, ascii_only: bool,
             unicode: bool) -> None:
    """The least deadwood of a Gin hand, and melds that leave it (1 to 11 cards).

    Melds are groups of 3 or 4 of a rank and runs of 3 or more of a suit, the ace low only
    (A-2-3, not Q-K-A). The deadwood is what the cards in no meld count: ace 1, 2-10 their
    value, J Q K 10. Every way to meld the hand is tried, so the count is the least.

    \b
    Examples:
      rummy deadwood 7C 7D 7H 8H 9H        # 14: the run 7H 8H 9H, 7D 7C left
      rummy deadwood "2H 3H 4H 7C 7D 7S JS QS KS AD" --json
    """
    judge, given = _showdown(game, as_json=as_json, style=_style(ascii_only, unicode))
    say(judge.deadwood(cards, given), as_json)


@check.command("knock")
@click.option("--knocker", "knocker_text", metavar="CARDS",
              help="The knocker's cards after the discard: 10 (11 for big gin).")
@click.option("--defender", "defender_text", metavar="CARDS", help="The defender's 10 cards.")
@click.option("--knocker-melds", "melds_text", metavar="TABLE",
              help='The melds the knocker laid down, e.g. "5S 6S 7S / KC KD KS" (without '
                   "it, a layout of the least deadwood is assumed).")
@click.option("--upcard", "upcard_text", metavar="CARD",
              help="The first upcard: in oklahoma it sets the knock limit, and a spade "
                   "doubles the hand.")
@_showdown_game
@click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
              help="A house rule, e.g. --rule undercut=10, --rule big_gin=off, "
                   "--rule tie=none. Repeat for more.")
@json_option
@style_options
@refusals_said
def check_knock(knocker_text: str | None, defender_text: str | None, melds_text: str | None,
                upcard_text: str | None, game: str, house_rules: tuple[str, ...],
                as_json: bool, ascii_only: bool, unicode: bool) -> None:
    """Referee a Gin showdown: is the knock legal, and who scores what?

    The defender lays off cards on the knocker's melds (not on gin), then the hand is
    scored: knock (the difference), undercut (the defender has no more deadwood: the
    difference and the undercut bonus), gin or big gin (the defender's deadwood and the
    bonus). With no --knocker-melds, the knocker is taken to have laid down a layout that
    leaves the least deadwood (of several, the best for the knocker after the defender's
    best reply); the output says when another such layout would change the result, and a
    layout that keeps melds back is scored only when given. Exit 0 legal, 1 not legal, 2
    bad input.

    \b
    Examples:
      rummy check knock --knocker "5S 6S 7S 9C 10C JC KC KD KS JD" \\
                        --defender "2C 2D 2H 2S 8S 9S 7C 8C 8D AC"
      rummy check knock --knocker "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D" \\
                        --defender "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H" \\
                        --knocker-melds "5S 6S 7S / 5C 6C 7C / 5D 6D 7D"
      rummy check knock --game oklahoma --upcard 6S --json \\
                        --knocker "AS 5S 6S 7S 5C 6C 7C 5D 6D 7D" \\
                        --defender "3S 4S 8S 4C 8C 4D 8D 5H 6H 7H"
      rummy check knock --rule undercut=10 \\
                        --knocker "5S 6S 7S 9C 10C JC KC KD KS JD" \\
                        --defender "2C 2D 2H 2S 8S 9S 7C 8C 8D AC"
    """
    judge, given = _showdown(game, house_rules=house_rules, as_json=as_json,
                             style=_style(ascii_only, unicode))
    say(judge.check_knock(knocker_text, defender_text, melds_text, upcard_text, given),
        as_json)
