"""A disputed turn for ``rummy check turn``: read from a file (its fields checked one by
one, each error naming its line), then judged and printed. Imported when a turn is checked."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from ..cards import AnyCard, Meld, Table
from ..errors import UnusableInputError
from ..render import Style
from .parsing import _cards, _print_json, _table
from .shell import _settle

if TYPE_CHECKING:
    from ..games.manipulation.rules import Rules


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


def _typed(parameter: str) -> bool:
    """Whether the user gave ``parameter`` (not its default) on the command line."""
    from click.core import ParameterSource

    source = click.get_current_context().get_parameter_source(parameter)
    return source not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)


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
