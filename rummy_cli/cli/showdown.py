"""The Gin referee's commands: ``rummy deadwood`` and ``rummy check knock``.

Registered on the ``rummy`` group (and its ``check`` group) when ``rummy_cli.cli`` imports
it. The rules are in ``games/gin/showdown.py`` and ``games/gin/deadwood.py``; this module
parses, calls them and prints.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from ..errors import UnusableInputError
from ..games import refereed_by
from .options import json_option, style_options
from .parsing import _cards, _print_json, _style, _table
from .referee import check
from .shell import _settle, cli

if TYPE_CHECKING:
    from ..cards import Card
    from ..games.gin.rules import GinRules

GIN_GAMES = refereed_by("gin")  # the Gin presets, from the registry


def gin_game_option(f: Any) -> Any:
    return click.option(
        "--game", default="gin", show_default=True, metavar="GAME",
        help="The Gin preset: gin (25/25, big gin 31), classic (gin 20, undercut 10), or "
             "oklahoma (the upcard sets the knock limit).")(f)


def gin_rules(game: str, typed: Sequence[str] = ()) -> GinRules:
    """The rules of a Gin preset with the house rules typed as ``NAME=VALUE``."""
    from ..games.gin.rules import find_preset

    if game.strip().lower() not in GIN_GAMES:
        from ..cards import quoted

        raise click.UsageError(f"--game is {', '.join(GIN_GAMES[:-1])} or {GIN_GAMES[-1]} "
                               f"here, not {quoted(game)}")
    rules = find_preset(game)
    changes: dict[str, str] = {}
    for pair in typed:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            from ..cards import quoted

            raise click.UsageError(f"--rule takes NAME=VALUE, e.g. --rule undercut=10; got "
                                   f"{quoted(pair)}")
        changes[name] = value
    return rules.with_house_rules(changes) if changes else rules


def gin_hand(text: str | Sequence[str], what: str) -> list[Card]:
    """Cards as typed for a Gin hand: one deck, no jokers."""
    from ..games.gin.showdown import real_cards
    from ..tiles import looks_like_tile

    joined = text if isinstance(text, str) else " ".join(text)
    tile = next((w for w in joined.replace(",", " ").split() if looks_like_tile(w.upper())),
                None)
    if tile is not None:  # no Rummikub here: the card's own hint would send them to --game
        raise UnusableInputError(f"{what}: {tile.upper()} is a Rummikub tile; the Gin games "
                                 "are played with cards: a rank (A, 2-10, J, Q, K) and a suit "
                                 "(S, H, D, C), e.g. 10H or QS")
    return real_cards(_cards(text, what), what)


@cli.command()
@click.argument("cards", nargs=-1, metavar="CARDS...")
@gin_game_option
@json_option
@style_options
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
    from ..games.gin.deadwood import least_deadwood
    from ..games.gin.showdown import were_given

    gin_rules(game)
    hand = gin_hand(cards, "the hand")
    if not hand:
        raise UnusableInputError("no cards given: name the hand's cards, e.g. "
                                 "rummy deadwood 7C 7D 7H 8H 9H")
    if len(hand) > 11:
        raise UnusableInputError("a Gin hand has at most 11 cards (10, and 1 drawn); "
                                 f"{were_given(len(hand))}")
    arrangement = least_deadwood(hand)
    if as_json:
        from ..games.gin.report import deadwood_json

        _print_json(deadwood_json(arrangement))
    else:
        from ..games.gin.report import deadwood_text

        click.echo(deadwood_text(arrangement, _style(ascii_only, unicode)))


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
@gin_game_option
@click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
              help="A house rule, e.g. --rule undercut=10, --rule big_gin=off, "
                   "--rule tie=none. Repeat for more.")
@json_option
@style_options
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
    from ..games.gin.showdown import check_knock as referee

    rules = gin_rules(game, house_rules)
    if knocker_text is None or defender_text is None:
        missing = " and ".join(o for o, v in (("--knocker", knocker_text),
                                               ("--defender", defender_text)) if v is None)
        raise click.UsageError(f"give both hands: {missing} missing, e.g. --knocker "
                               '"5S 6S 7S ..." --defender "2C 2D 2H ..."')
    upcard = _upcard(upcard_text)
    if rules.upcard_sets_limit and upcard is None:
        raise UnusableInputError("in Oklahoma Gin the upcard sets the knock limit: say which "
                                 "card was turned up, e.g. --upcard 6S")
    melds = None
    if melds_text is not None:
        from ..games.gin.showdown import real_cards

        melds = [real_cards(list(m), "the knocker's melds")
                 for m in _table(melds_text, "the knocker's melds")]
    showdown = referee(rules, gin_hand(knocker_text, "the knocker's hand"),
                       gin_hand(defender_text, "the defender's hand"),
                       knocker_melds=melds, upcard=upcard)
    code = _settle(0 if showdown.legal else 1)
    if as_json:
        from ..games.gin.report import showdown_json

        _print_json(showdown_json(showdown))
    else:
        from ..games.gin.report import showdown_text

        click.echo(showdown_text(showdown, _style(ascii_only, unicode)))
    sys.exit(code)


def _upcard(text: str | None) -> Card | None:
    if text is None:
        return None
    cards = gin_hand(text, "the upcard")
    if len(cards) != 1:
        raise UnusableInputError(f"the upcard is one card, e.g. --upcard 6S; got {len(cards)}")
    return cards[0]
