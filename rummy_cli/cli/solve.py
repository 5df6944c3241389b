"""The solver's commands: ``arrange`` (the best melds of some cards) and ``hint`` (the best
play this turn). Rummikub's side is in ``rummikub_solve``."""

from __future__ import annotations

import sys

import click

from ..errors import UnusableInputError
from . import options
from .options import F, _count, decks_option, json_option, style_options
from .parsing import _cards, _check_copies, _print_json, _style, _table
from .referee import _refuse_tile_options, card_rules
from .shell import _settle, cli


def solver_game_options(f: F) -> F:
    f = click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
                     help="A house rule, e.g. --rule ace_high=no (Manipulation Rummy) or "
                          "--rule ones=high (Rummikub); 'rummy rules' lists the figures. "
                          "Repeat for more.")(f)
    return click.option("--game", default="manipulation", show_default=True, metavar="GAME",
                        help="manipulation (cards), or the tiles of rummikub, "
                             "rummikub-strict, rummikub-xp.")(f)


def _solver_tile_game(game: str, house_rules: tuple[str, ...], initial: bool = False) -> bool:
    """Whether --game names a Rummikub preset; refuses other games and tile-only options."""
    from .rummikub_check import is_tile_game

    if is_tile_game(game):
        return True
    if game.strip().lower() != "manipulation":
        from ..cards import quoted

        raise click.UsageError(f"--game is manipulation, rummikub, rummikub-strict or "
                               f"rummikub-xp here, not {quoted(game)}")
    _refuse_tile_options(house_rules, initial)
    return False


@cli.command()
@click.argument("cards", nargs=-1, metavar="CARDS...")
@decks_option
@solver_game_options
@json_option
@style_options
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
    if _solver_tile_game(game, house_rules):
        from .rummikub_check import refuse_card_options, tile_rules
        from .rummikub_solve import arrange_tiles

        refuse_card_options(decks)
        arrange_tiles(cards, tile_rules(game, house_rules), as_json,
                      _style(ascii_only, unicode))
        return
    from ..search.solver import arrange as solve

    text = " ".join(cards).replace("|", "/")
    parsed = [c for m in _table(text, "the cards") for c in m]
    if not parsed:
        raise UnusableInputError("no cards given: name the cards, e.g. "
                                 "rummy arrange 7S 7H 7D 8S 9S")
    d = decks or 2
    _check_copies(parsed, d)
    result = solve(parsed, decks=d, rules=card_rules(house_rules))
    code = _settle(0 if result.possible else 1)
    if as_json:
        _print_json({"possible": result.possible,
                     "melds": [[str(c) for c in m] for m in result.melds],
                     "unplaceable": [str(c) for c in result.unplaceable]})
    else:
        from ..render import plural, show_cards, wrap

        style = _style(ascii_only, unicode)
        if result.possible:
            click.echo(f"Yes: these {plural(len(parsed), 'card')} make "
                       f"{plural(len(result.melds), 'legal meld')}:")
        else:
            click.echo(wrap(f"No: {show_cards(result.unplaceable, style)} cannot be placed "
                            "in any arrangement.", style))
            if result.melds:
                click.echo("The rest can be arranged:")
        for m in result.melds:
            click.echo(f"  {show_cards(m, style)}")
    sys.exit(code)


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
              help="Rummikub: you have not opened yet, the play must open (K9, K10).")
@decks_option
@solver_game_options
@json_option
@style_options
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
    if _solver_tile_game(game, house_rules, initial):
        from .rummikub_check import refuse_card_options, tile_rules
        from .rummikub_solve import hint_tiles

        refuse_card_options(decks, draws)
        hint_tiles(table_text, hand_text, by, initial, tile_rules(game, house_rules), as_json,
                   _style(ascii_only, unicode))
        return
    draws = draws or 1
    from ..games.manipulation.scoring import hand_points
    from ..games.manipulation.turn import ordinal, validate_start
    from ..render import plural, show_cards, wrap
    from ..search.progress import searching
    from ..search.solver import best_play

    RULES = card_rules(house_rules)  # noqa: N806  (the rules in force, as before)
    d = decks or 2
    table = _table(table_text, "--table")
    hand = _cards(hand_text or "", "--hand")
    if not hand:  # after a draw a hand holds a card at least; an empty one went out already
        raise click.UsageError(f"{'--hand is empty' if hand_text is not None else 'no --hand'}:"
                               ' give the cards in your hand after drawing, e.g. --hand '
                               '"QD KD 4D 9C"')
    validate_start(table, hand, d, RULES)
    with searching(sys.stderr):  # a second without an answer: say it is still searching
        play = best_play(table, hand, decks=d, draws=draws,
                         by="points" if by == "points" else "cards", rules=RULES)
    code = _settle(0 if play else 1)
    # no play: after a 3rd draw the turn is over and a small hand may knock; before it, the
    # player draws again (R5) and may not knock yet (R17)
    stuck_may_knock = draws >= RULES.max_draws and hand_points(hand, RULES) <= RULES.knock_limit
    if as_json:
        if play is None:
            _print_json({"cards_played": 0, "points_shed": 0, "played": [],
                         "after": [[str(c) for c in m] for m in table],
                         "hand_after": [str(c) for c in hand],
                         "may_knock": stuck_may_knock, "goes_out": False})
        else:
            left = hand_points(play.hand_after, RULES)
            _print_json({"cards_played": play.cards_played, "points_shed": play.points_shed,
                         "played": [str(c) for c in play.played],
                         "after": [[str(c) for c in m] for m in play.after],
                         "hand_after": [str(c) for c in play.hand_after],
                         "may_knock": left <= RULES.knock_limit,
                         "goes_out": not play.hand_after})
        sys.exit(code)
    style = _style(ascii_only, unicode)
    if play is None:
        if draws >= RULES.max_draws:
            why = (f"you drew a {ordinal(RULES.max_draws)} card, so you may not meld this turn "
                   "(R5).")
            then = "Your turn is over: you may knock." if stuck_may_knock else (
                "Your turn is over.")
        else:
            why = "no card from your hand fits in any legal way."
            then = "Draw again (R5)."
        click.echo(wrap(f"No legal play: {why}", style))
        click.echo(then)
        sys.exit(code)
    left = hand_points(play.hand_after, RULES)
    click.echo(wrap(f"Best play: {plural(play.cards_played, 'card')} "
                    f"({show_cards(play.played, style)}), shedding "
                    f"{plural(play.points_shed, 'point')}.", style))
    click.echo("The table after it:")
    for m in play.after:
        click.echo(f"  {show_cards(m, style)}")
    if not play.hand_after:
        from ..games.manipulation.report import going_out_text

        click.echo("Left in hand: nothing.")
        click.echo(wrap(f"You go out: {going_out_text('you', RULES)}.", style))
        return
    knock = "  You may then knock." if left <= RULES.knock_limit else ""
    click.echo(wrap(f"Left in hand: {show_cards(play.hand_after, style)} "
                    f"({plural(left, 'point')}).{knock}", style))
