"""The referee's commands: ``check meld|table|turn``, ``arrange`` and ``hint``."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from ..cards import AnyCard, Meld, Table
from ..errors import UnusableInputError
from ..render import Style
from . import options, shell
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
        from .showdown import judge_gin_melds

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
        from .showdown import judge_gin_melds

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


_FREE_TEXT_KEYS = {"id", "name", "note", "notes", "comment", "description", "title", "expect",
                   "codes", "hand_points", "may_knock"}
_DISPUTE_KEYS = {"decks", "draws", "before", "hand", "after"}
_TILE_DISPUTE_KEYS = {"game", "initial", "rules", "rack"}  # Rummikub's (cli/rummikub_check.py)


def _read_dispute(file: str, tiles: bool = False) -> dict[str, Any]:
    """The dispute in ``file`` ('-': standard input), its label added; ``tiles``: the
    command's --game is Rummikub (a file may also say so with its game: line)."""
    from ..safeyaml import (
        NotAFile,
        NotText,
        TooLarge,
        YamlProblem,
        load_yaml,
        read_capped,
        read_file,
    )

    label = "standard input" if file == "-" else file
    try:
        if file != "-":
            text = read_file(file)
        else:
            from .streams import ClosedInput

            stdin = getattr(sys.stdin, "buffer", None)  # None: started with stdin closed
            if stdin is None or isinstance(sys.stdin, ClosedInput):
                raise UnusableInputError("standard input is closed: there is no dispute to "
                                         "read; give a file, or pipe one in")
            text = read_capped(stdin)
    except (TooLarge, NotText, NotAFile) as exc:
        raise UnusableInputError(f"{label}: not a dispute: {exc}") from None
    except FileNotFoundError:
        raise UnusableInputError(f"{label}: no such file") from None
    except OSError as exc:
        raise UnusableInputError(f"{label}: cannot read it: {exc.strerror or exc}") from None
    try:
        data = load_yaml(text)
    except YamlProblem as exc:
        raise UnusableInputError(f"{label}: {exc}") from None
    lines = ("game: rummikub, rack: and after:" if tiles else "hand: and after:")
    if not isinstance(data, dict):
        empty = data is None or (isinstance(data, str) and not data.strip())
        raise UnusableInputError(
            f"{label}{' is empty' if empty else ' is not a dispute'}: a dispute file has the "
            f"lines {lines} (and before: unless the table was empty); see 'rummy check turn "
            "--help'")
    ledger_keys = [k for k in ("games", "format", "rounds") if k in data]
    if ledger_keys and not {"hand", "rack", "after"} & set(data):  # a ledger given by mistake
        raise UnusableInputError(
            f"{label} is a rummy ledger ({ledger_keys[0]}:), not a dispute: a dispute file "
            f"holds one turn, the lines {lines} (and before: unless the table was empty); "
            "see 'rummy check turn --help'")
    from .rummikub_check import is_tile_game

    tiles = tiles or is_tile_game(data.get("game"))
    unknown = sorted(str(k) for k in data
                     if k not in _DISPUTE_KEYS | _FREE_TEXT_KEYS | _TILE_DISPUTE_KEYS)
    if unknown:
        import difflib

        keys = (("game", "initial", "rules", "before", "rack", "after") if tiles else
                ("before", "hand", "after", "decks", "draws"))
        close = difflib.get_close_matches(unknown[0].lower(), keys, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        kind = "a Rummikub dispute" if tiles else "a dispute"
        raise UnusableInputError(
            f"{label}: unknown key '{unknown[0]}' ({hint}{kind} has {', '.join(keys)})")
    hand = "rack" if tiles else "hand"
    missing = [k for k in (hand, "after")
               if k not in data and not ({"hand", "rack"} & set(data) and k == hand)]
    if missing:
        what = {"hand": "the player's hand after drawing",
                "rack": "the player's rack before the play",
                "after": "the table the player proposes"}[missing[0]]
        raise UnusableInputError(f"{label}: '{missing[0]}' is missing: give {what}")
    return {"label": label, **data}


def _described(value: Any) -> str:
    """A value read from a dispute file, in a player's words (not Python's).

    >>> _described(None), _described({"a": 1}), _described(True), _described("7H"), _described(2)
    ('nothing', 'a mapping (key: value)', "'true'", "'7H'", '2')
    """
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "'true'" if value else "'false'"
    if isinstance(value, dict):
        return "a mapping (key: value)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        from ..cards import quoted

        return quoted(value)
    return str(value)


def _card_texts(value: list[Any], what: str) -> list[str]:
    """The cards of a YAML list: each a card written as text (a bare 10 is read as a number)."""
    for i, card in enumerate(value, 1):
        if isinstance(card, bool) or not isinstance(card, (str, int)):
            wrong = "empty" if card is None else f"{_described(card)}, not a card"
            raise UnusableInputError(
                f"{what}: card {i} is {wrong}; write the cards as 7H 8H 9H or [7H, 8H, 9H]")
    return [str(c) for c in value]


def _table_from(value: Any, what: str) -> Table:
    """A table from a dispute file: a list of melds (strings or lists) or one string."""
    if value is None:
        return []
    if isinstance(value, str):
        return _table(value, what)
    if not isinstance(value, list):
        raise UnusableInputError(
            f"{what}: a table is a list of melds (or one line, melds separated by '/'), "
            f"not {_described(value)}")
    melds: Table = []
    for i, meld in enumerate(value, 1):
        where = f"{what}, meld {i}"
        if meld is None or meld == []:
            raise UnusableInputError(f"{where} is empty: give its cards or remove it")
        if isinstance(meld, list):
            melds.append(tuple(_cards(_card_texts(meld, where), where)))
        elif isinstance(meld, (str, int)) and not isinstance(meld, bool):
            melds.append(tuple(_cards(str(meld), where)))
        else:
            raise UnusableInputError(
                f"{where}: a meld is cards, as 7H 8H 9H or [7H, 8H, 9H], not "
                f"{_described(meld)}")
        if not melds[-1]:
            raise UnusableInputError(f"{where} is empty: give its cards or remove it")
    return melds


def _hand_from(value: Any, what: str) -> list[AnyCard]:
    if value is None:
        return []
    if isinstance(value, list):
        return _cards(_card_texts(value, what), what)
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return _cards(str(value), what)
    raise UnusableInputError(
        f"{what}: a hand is cards, as 10H QC 5S or [10H, QC, 5S], not {_described(value)}")


def _int_field(value: Any, name: str, lo: int, hi: int, label: str) -> int:
    if isinstance(value, str) and value.strip().isdecimal() and value.strip().isascii():
        from ..numbers import whole

        value = whole(value, f"{label}: {name}")  # draws: "2" is meant as 2
    if value is None:
        raise UnusableInputError(f"{label}: {name} is empty: give a whole number {lo} to {hi}, "
                                 "or leave the line out")
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UnusableInputError(f"{label}: {name} must be a whole number {lo} to {hi}, "
                                 f"not {_described(value)}")
    return value


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
        from .card_questions import ask_turn

        rules = card_rules(house_rules)  # (refused before a question is asked)
        before_t, hand_c, after_t, draws = ask_turn(before, hand, after, decks or 2, draws)
    else:
        raise click.UsageError(
            "give a dispute file (or '-' for standard input) or --hand and --after "
            "(and --before unless the table was empty)")
    _judge_and_print(before_t, hand_c, after_t, draws or 1, decks or 2, as_json,
                     _style(ascii_only, unicode), label, rules)


def _typed(parameter: str) -> bool:
    """Whether the user gave ``parameter`` (not its default) on the command line."""
    from click.core import ParameterSource

    source = click.get_current_context().get_parameter_source(parameter)
    return source not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)


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


def _judge_and_print(before: Table, hand: list[AnyCard], after: Table, draws: int, decks: int,
                     as_json: bool, style: Style, label: str | None = None,
                     rules: Rules | None = None) -> None:
    from ..games.manipulation.rules import MANIPULATION_RUMMY
    from ..games.manipulation.turn import judge_turn

    rules = rules or MANIPULATION_RUMMY
    try:
        verdict = judge_turn(before, hand, after, draws=draws, decks=decks, rules=rules)
    except UnusableInputError as exc:  # the file's name says where the problem is
        raise UnusableInputError(f"{label}: {exc}" if label else str(exc)) from None
    suggestion: tuple[Meld, ...] | None = None
    partial = None
    # a suggestion helps only when the arrangement is what went wrong
    not_arrangement = {"not-in-hand", "nothing-played", "meld-after-third-draw"}
    looked = (not verdict.legal and bool(verdict.played)
              and not any(v.code in not_arrangement for v in verdict.violations))
    if looked:
        from ..search.solver import suggest

        suggestion = suggest(before, verdict.played, decks=decks, rules=rules)
        if suggestion is None and not as_json:  # then say what could have been played
            from ..search.solver import partial_play

            partial = partial_play(before, verdict.played, decks=decks, rules=rules)
    code = _settle(0 if verdict.legal else 1)
    if as_json:
        from ..games.manipulation.report import turn_json

        _print_json(turn_json(verdict, suggestion, with_suggestion=not verdict.legal))
    else:
        from ..games.manipulation.report import turn_text

        click.echo(turn_text(verdict, style, suggestion, looked, rules, partial))
    sys.exit(code)


# --- the solver -------------------------------------------------------------------------

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


