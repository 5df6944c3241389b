"""The referee's commands: ``check meld|table|turn`` (a dispute file is read in ``dispute``;
``arrange`` and ``hint`` are in ``solve``, ``check knock`` in ``showdown``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from ..errors import UnusableInputError
from . import shell
from .options import F, _count, complete_file, decks_option, json_option, style_options
from .parsing import _cards, _check_copies, _print_json, _style, _table
from .shell import RummyGroup, _settle, cli

if TYPE_CHECKING:
    from ..games.manipulation.rules import Rules


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


def rules_game_option(f: F) -> F:
    return click.option("--game", default="manipulation", show_default=True, metavar="GAME",
                        help="Judge by this game's melds: manipulation, or gin, classic, "
                             "oklahoma (ace low only, no jokers, one deck), or the tiles of "
                             "rummikub, rummikub-strict, rummikub-xp.")(f)


def tile_rule_option(f: F) -> F:
    return click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
                        help="A house rule, e.g. --rule ace_high=no (Manipulation Rummy) or "
                             "--rule ones=high (Rummikub); 'rummy rules' lists the figures. "
                             "Repeat for more.")(f)


def card_rules(house_rules: Sequence[str], file_rules: dict[str, Any] | None = None) -> Rules:
    """Manipulation Rummy's rules with a dispute file's ``rules:`` and each ``--rule
    NAME=VALUE`` applied (the house rules of the table: an ace low only, melds of four...);
    refuses an unknown rule or one that cannot be played."""
    from ..games.manipulation.rules import MANIPULATION_RUMMY
    from .parsing import rule_changes

    changes = rule_changes(house_rules, file_rules, "ace_high=no")
    from dataclasses import fields

    from ..games.rummikub.rules import RummikubRules

    ours = {f.name for f in fields(MANIPULATION_RUMMY)}
    tiles = {f.name for f in fields(RummikubRules)} - ours
    for name in changes:
        if name.strip().lower().replace("-", "_") in tiles:
            raise click.UsageError(f"{name} is a Rummikub rule: add --game rummikub (or "
                                   "rummikub-strict, rummikub-xp)")
    return MANIPULATION_RUMMY.with_house_rules(changes) if changes else MANIPULATION_RUMMY


def _tile_game(game: str, house_rules: tuple[str, ...], initial: bool = False) -> bool:
    """Whether --game names a Rummikub preset; the Rummikub options are refused otherwise."""
    from .rummikub_check import is_tile_game

    if is_tile_game(game):
        return True

    from ..games import GAMES

    known = tuple(p for g in GAMES if g.referee for p in g.presets)  # every refereed game's
    if game.strip().lower() not in known:
        from ..cards import quoted

        raise click.UsageError(f"--game is {', '.join(known[:-1])} or {known[-1]}, not "
                               f"{quoted(game)}")
    _refuse_tile_options(house_rules, initial, game)
    return False


def _refuse_tile_options(house_rules: tuple[str, ...], initial: bool,
                         game: str = "manipulation") -> None:
    """Refuses the options a card game does not take, naming only those given: --initial
    is Rummikub's, and --rule is Manipulation Rummy's and Rummikub's (a Gin game's melds
    are its preset's)."""
    card_rules_taken = game.strip().lower() == "manipulation"
    given = [name for name, on in (("--rule", house_rules and not card_rules_taken),
                                   ("--initial", initial)) if on]
    if given:
        games = ("--game manipulation, rummikub, rummikub-strict or rummikub-xp"
                 if given == ["--rule"] else "--game rummikub, rummikub-strict or rummikub-xp")
        raise click.UsageError(f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} "
                               f"taken with {games}")


@check.command("meld")
@click.argument("cards", nargs=-1, metavar="CARDS...")
@decks_option
@rules_game_option
@tile_rule_option
@json_option
@style_options
def check_meld(cards: tuple[str, ...], decks: int | None, game: str,
               house_rules: tuple[str, ...], as_json: bool, ascii_only: bool,
               unicode: bool) -> None:
    """Is this one meld a legal group or run (R7-R9, R13)?

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
    from ..melds import analyze_meld

    if _tile_game(game, house_rules):
        from .rummikub_check import check_meld as check_tiles

        check_tiles(cards, game, house_rules, decks, as_json, _style(ascii_only, unicode))

    parsed = _cards(cards, "the meld")
    if not parsed:
        raise UnusableInputError("no cards given: name the meld's cards, e.g. "
                                 "rummy check meld 7H JK=8H 9H")
    if game.strip().lower() != "manipulation":
        from .gin_check import judge_gin_melds

        verdict = judge_gin_melds([parsed], game, decks)[0]
    else:
        _check_copies(parsed, decks or 2)
        verdict = analyze_meld(parsed, card_rules(house_rules))
    code = _settle(0 if verdict.legal else 1)
    if as_json:
        from ..games.manipulation.report import meld_json

        _print_json(meld_json(verdict))
    else:
        from ..games.manipulation.report import meld_text

        click.echo(meld_text(verdict, _style(ascii_only, unicode)))
    sys.exit(code)


@check.command("table")
@click.argument("table", nargs=-1, metavar="TABLE...")
@decks_option
@rules_game_option
@tile_rule_option
@json_option
@style_options
def check_table(table: tuple[str, ...], decks: int | None, game: str,
                house_rules: tuple[str, ...], as_json: bool, ascii_only: bool,
                unicode: bool) -> None:
    """Is every meld of this table legal (R10)? Melds are separated by '/'.

    \b
    Examples:
      rummy check table "7H 8H 9H / QS QH QD JK=QC"
      rummy check table 7H 8H 9H / QS QH QD --json
      rummy check table "AS 2S 3S / 9C 9D 9H" --game gin
      rummy check table "5O JK 7O / 3K 4K 5K / 7K 7B JK" --game rummikub --json
    """
    from ..melds import analyze_meld

    table = _melds_apart(table)
    if _tile_game(game, house_rules):
        from .rummikub_check import check_table as check_tiles

        check_tiles(table, game, house_rules, decks, as_json, _style(ascii_only, unicode))
    if not table:
        raise UnusableInputError('no table given: name its melds, separated by \'/\', e.g. '
                                 'rummy check table "7H 8H 9H / QS QH QD"')
    melds = _table(" ".join(table), "the table")
    if game.strip().lower() != "manipulation":
        from .gin_check import judge_gin_melds

        verdicts = judge_gin_melds(melds, game, decks)
    else:
        _check_copies([c for m in melds for c in m], decks or 2)
        rules = card_rules(house_rules)
        verdicts = [analyze_meld(m, rules) for m in melds]
    code = _settle(0 if all(v.legal for v in verdicts) else 1)
    if as_json:
        from ..games.manipulation.report import table_json

        _print_json(table_json(verdicts))
    else:
        from ..games.manipulation.report import table_text

        click.echo(table_text(verdicts, _style(ascii_only, unicode)))
    sys.exit(code)


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


@check.command("turn")
@click.argument("file", required=False, shell_complete=complete_file)
@click.option("--before", metavar="TABLE",
              help='The table before the turn, e.g. "7H 8H 9H / QS QH QD" (default: empty).')
@click.option("--hand", "--rack", "hand", metavar="CARDS",
              help="The player's hand after drawing, e.g. \"10H QC 5S\" (Rummikub: the "
                   "rack before the play).")
@click.option("--after", metavar="TABLE", help="The table the player proposes.")
@click.option("--draws", callback=_count(1, 3), default=None, metavar="N",
              help="Cards drawn before melding, 1-3 (default 1).")
@click.option("--guided", is_flag=True,
              help="Ask one at a time for what the options leave out: the tables, the hand "
                   "and the cards drawn (Rummikub: the rack; no draws).")
@click.option("--initial", is_flag=True,
              help="Rummikub: the player has not opened yet (K9, K10).")
@decks_option
@click.option("--game", default="manipulation", show_default=True, metavar="GAME",
              help="Whose rules: manipulation (cards), or rummikub, rummikub-strict, "
                   "rummikub-xp (tiles).")
@tile_rule_option
@json_option
@style_options
def check_turn(file: str | None, before: str | None, hand: str | None, after: str | None,
               draws: int | None, guided: bool, initial: bool, decks: int | None, game: str,
               house_rules: tuple[str, ...], as_json: bool, ascii_only: bool,
               unicode: bool) -> None:
    """Referee one turn: was the player's rearrangement of the table legal?

    Give a dispute file (YAML or JSON, '-' for standard input) or --before/--hand/--after,
    or --guided to be asked for those not given.
    Only the table at the end of the turn is judged: during the turn cards may move freely
    (see 'rummy rules R15-D2').

    \b
    Examples:
      rummy example joker-freed | rummy check turn -
      rummy check turn --before "10D JD JK=QD" --hand "QD KD" \\
                       --after "10D JD QD KD JK=AD"
      rummy example joker-freed > dispute.yaml
      rummy check turn dispute.yaml --json
      rummy check turn --game rummikub --before "5O JK 7O / 3K 4K 5K" \\
                       --rack "6O 11B 12B 2R" \\
                       --after "5O 6O 7O / 3K 4K 5K / 11B 12B JK"
      rummy check turn --game rummikub --initial --rack "9R 10R JK 2K" \\
                       --after "9R 10R JK"

    \b
    A dispute file:
      decks: 2
      draws: 1
      before: [7H 8H 9H, QS QH QD JK=QC]
      hand: 10H QC 5S
      after: [7H 8H 9H 10H JK=JH, QS QH QD QC]

    \b
    A Rummikub dispute file (rack: the rack before the play):
      game: rummikub
      initial: false
      rules: {joker_swap: rack}
      before: [5O JK 7O, 3K 4K 5K]
      rack: 6O 11B 12B 2R
      after: [5O 6O 7O, 3K 4K 5K, 11B 12B JK]
    """
    options_given = any(x is not None for x in (before, hand, after))
    from .dispute import (
        _hand_from,
        _int_field,
        _judge_and_print,
        _read_dispute,
        _table_from,
        _typed,
    )
    from .rummikub_check import is_tile_game

    if game.strip().lower() != "manipulation" and not is_tile_game(game):
        raise click.UsageError(f"check turn referees manipulation or the Rummikub games "
                               f"(rummikub, rummikub-strict, rummikub-xp), not {game[:30]!r}")
    if file is not None and options_given:
        raise click.UsageError("give a dispute file or --before/--hand/--after, not both")
    if file is not None and guided:
        raise click.UsageError("give a dispute file or --guided (to be asked), not both")
    label: str | None = None
    if file is not None:
        if not file.strip():
            raise click.UsageError("the dispute file's name is empty: give a file, or '-' for "
                                   "standard input")
        data = _read_dispute(file, tiles=is_tile_game(game))
        label = data["label"]
        if is_tile_game(data.get("game")) and not is_tile_game(game) and _typed(
                "game"):  # --game manipulation said out loud, against the file's game
            raise click.UsageError(f"--game {game} and the file's game: {data['game']} "
                                   "disagree: give one")
        if is_tile_game(data.get("game")) or is_tile_game(game):
            from .rummikub_check import turn_from_file

            turn_from_file(data, game, house_rules, initial, decks, draws, as_json,
                           _style(ascii_only, unicode))
        _card_dispute_only(data, house_rules, initial)
        file_rules = data.get("rules")
        if file_rules is not None and not isinstance(file_rules, dict):
            raise UnusableInputError(f"{label}: rules: is a mapping of figures, e.g. "
                                     "rules: {ace_high: no}")
        from ..errors import RummyError

        try:
            rules = card_rules(house_rules, file_rules)
        except RummyError as exc:  # (a rule that cannot be played, too)
            raise UnusableInputError(f"{label}: {exc}") from None
        before_t = _table_from(data.get("before"), f"{label}: before")
        hand_c = _hand_from(data.get("hand"), f"{label}: hand")
        after_t = _table_from(data.get("after"), f"{label}: after")
        if draws is None and "draws" in data:
            draws = _int_field(data["draws"], "draws", 1, 3, label)
        if decks is None and "decks" in data:
            decks = _int_field(data["decks"], "decks", 1, 2, label)
    elif _tile_game(game, house_rules, initial):
        from .rummikub_check import turn_from_options

        turn_from_options(before, hand, after, game, house_rules, initial, decks, draws,
                          guided, as_json, _style(ascii_only, unicode))
    elif options_given and not guided:
        rules = card_rules(house_rules)
        missing = [n for n, v in (("--hand (the player's hand after drawing)", hand),
                                  ("--after (the table the player proposes)", after))
                   if v is None]
        if missing:
            raise click.UsageError(f"give {' and '.join(missing)} too")
        before_t = _table(before or "", "--before")
        hand_c = _cards(hand or "", "--hand")
        after_t = _table(after or "", "--after")
    elif guided or shell.stdin_is_terminal():
        from .turn_questions import ask_turn

        rules = card_rules(house_rules)  # (refused before a question is asked)
        before_t, hand_c, after_t, draws = ask_turn(before, hand, after, decks or 2, draws)
    else:
        raise click.UsageError(
            "give a dispute file (or '-' for standard input) or --hand and --after "
            "(and --before unless the table was empty)")
    _judge_and_print(before_t, hand_c, after_t, draws or 1, decks or 2, as_json,
                     _style(ascii_only, unicode), label, rules)


# --- the solver -------------------------------------------------------------------------




def _card_dispute_only(data: dict[str, Any], house_rules: tuple[str, ...],
                       initial: bool) -> None:
    """A card dispute has no Rummikub lines (its rack is its hand)."""
    label = data["label"]
    game = data.get("game")
    if game is not None and str(game).strip().lower() != "manipulation":
        raise UnusableInputError(f"{label}: game: {str(game)[:30]!r}: a dispute is refereed for "
                                 "manipulation or rummikub, rummikub-strict, rummikub-xp")
    for key in ("initial",):
        if key in data:
            raise UnusableInputError(f"{label}: '{key}' belongs to a Rummikub dispute: add "
                                     "game: rummikub, or remove it")
    if "rack" in data:
        if "hand" in data:
            raise UnusableInputError(f"{label}: give the hand once, as hand: or rack:")
        data["hand"] = data.pop("rack")
    _tile_game("manipulation", house_rules, initial)
