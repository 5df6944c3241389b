"""``check meld|table|turn --game rummikub``: the Rummikub referee at the command line.

``cli/referee.py`` hands a check over here when ``--game`` (or a dispute file's ``game:``)
names a Rummikub preset. Tiles are parsed here, the rules core judges, the report speaks.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..errors import RummyError, UnusableInputError
from ..games import refereed_by
from ..render import Style
from . import parsing, shell
from .parsing import _print_json, rule_changes
from .shell import _settle

if TYPE_CHECKING:
    from ..games.rummikub.rules import RummikubRules
    from ..tiles import AnyTile, TileTable

TILE_GAMES = refereed_by("tiles")  # Rummikub's presets, from the registry


def is_tile_game(game: object) -> bool:
    """Whether ``--game`` (or a file's ``game:``) names a Rummikub preset."""
    return isinstance(game, str) and game.strip().lower() in TILE_GAMES


def tile_rules(game: str, typed: Sequence[str], file_rules: dict[str, Any] | None = None
               ) -> RummikubRules:
    """The preset named by ``game`` with a dispute file's ``rules:`` and then each
    ``--rule NAME=VALUE`` applied; refuses an unknown rule or an unplayable value."""
    from ..games.rummikub.rules import PRESETS

    rules = PRESETS[game.strip().lower()]
    changes = rule_changes(typed, file_rules)
    return rules.with_house_rules(changes) if changes else rules


def refuse_card_options(decks: int | None, draws: int | None = None) -> None:
    """``--decks`` and ``--draws`` are the card games' (the set is the preset's)."""
    if decks is not None:
        raise click.UsageError("--decks does not apply to Rummikub: the tiles are the preset's "
                               "(rummikub-xp has three of each); use --rule copies=N")
    if draws is not None:
        raise click.UsageError("--draws does not apply to Rummikub: a player who draws does not "
                               "play that turn (K3)")


def _tiles(text: str | Sequence[str], what: str) -> list[AnyTile]:
    from ..tiles import parse_tiles

    return parsing.parsed(parse_tiles, text, what)


def _table(text: str, what: str) -> TileTable:
    from ..tiles import parse_tile_table

    return parsing.parsed(parse_tile_table, text, what)


def _check_copies(tiles: Sequence[AnyTile], rules: RummikubRules) -> None:
    from ..tiles import check_tile_copies

    problems = check_tile_copies(tiles, rules.copies, rules.jokers)
    if problems:
        raise UnusableInputError("more tiles than the set holds: " + "; ".join(problems))


def check_meld(cards: Sequence[str], game: str, typed: Sequence[str], decks: int | None,
               as_json: bool, style: Style) -> NoReturn:
    """``rummy check meld TILES... --game rummikub``."""
    from ..games.rummikub.sets import judge_set
    from ..games.rummikub.verdicts import meld_json, meld_text

    refuse_card_options(decks)
    rules = tile_rules(game, typed)
    joined = " ".join(cards)
    if "/" in joined or "|" in joined:
        _one_set(joined)
    tiles = _tiles(joined, "the set")
    if not tiles:
        raise UnusableInputError("no tiles given: name the set's tiles, e.g. rummy check meld "
                                 "5R JK 7R --game rummikub")
    _check_copies(tiles, rules)
    verdict = judge_set(tiles, rules)
    code = _settle(0 if verdict.legal else 1)
    if as_json:
        _print_json(meld_json(verdict))
    else:
        click.echo(meld_text(verdict, style))
    sys.exit(code)


def _one_set(joined: str) -> NoReturn:
    raise UnusableInputError("'/' separates the sets of a table; for a table use "
                             f"rummy check table \"{joined[:60]}\" --game rummikub")


def check_table(table: Sequence[str], game: str, typed: Sequence[str], decks: int | None,
                as_json: bool, style: Style) -> NoReturn:
    """``rummy check table TABLE --game rummikub``."""
    from ..games.rummikub.sets import judge_set
    from ..games.rummikub.verdicts import table_json, table_text

    refuse_card_options(decks)
    rules = tile_rules(game, typed)
    if not table:
        raise UnusableInputError("no table given: name its sets, separated by '/', e.g. "
                                 'rummy check table "5R 6R 7R / 9K 9B 9O" --game rummikub')
    sets = _table(" ".join(table), "the table")
    _check_copies([t for s in sets for t in s], rules)
    verdicts = [judge_set(s, rules) for s in sets]
    code = _settle(0 if all(v.legal for v in verdicts) else 1)
    if as_json:
        _print_json(table_json(verdicts))
    else:
        click.echo(table_text(verdicts, style))
    sys.exit(code)


# --- check turn -------------------------------------------------------------------------

TILE_DISPUTE_KEYS = {"game", "initial", "rules", "rack"}  # a Rummikub dispute's own lines


def turn_from_options(before: str | None, rack: str | None, after: str | None, game: str,
                      typed: Sequence[str], initial: bool, decks: int | None,
                      draws: int | None, guided: bool, as_json: bool, style: Style
                      ) -> NoReturn:
    """``rummy check turn --before T --hand R --after T --game rummikub``."""
    refuse_card_options(decks, draws)
    rules = tile_rules(game, typed)
    given = any(x is not None for x in (before, rack, after))
    if guided or (not given and shell.stdin_is_terminal()):  # as the card referee: ask
        from .turn_questions import ask_tile_turn

        before_t, rack_t, after_t, initial = ask_tile_turn(before, rack, after, rules,
                                                           True if initial else None)
        judge(before_t, rack_t, after_t, rules, initial, as_json, style)
    missing = [n for n, v in (("--rack (the player's rack before the play)", rack),
                              ("--after (the table the player proposes)", after))
               if v is None]
    if missing:
        raise click.UsageError(f"give {' and '.join(missing)} too")
    judge(_table(before or "", "--before"), _tiles(rack or "", "--rack"),
          _table(after or "", "--after"), rules, initial, as_json, style)


def turn_from_file(data: dict[str, Any], game: str, typed: Sequence[str], initial: bool,
                   decks: int | None, draws: int | None, as_json: bool, style: Style
                   ) -> NoReturn:
    """``rummy check turn FILE`` for a dispute whose ``game:`` (or ``--game``) is Rummikub."""
    label = data["label"]
    refuse_card_options(decks, draws)
    for key in ("decks", "draws"):
        if key in data:
            raise UnusableInputError(f"{label}: '{key}' does not apply to Rummikub: remove it")
    named = data.get("game")
    if named is not None and not is_tile_game(named):
        raise UnusableInputError(f"{label}: game: {str(named)[:30]!r} is not a Rummikub preset "
                                 f"({', '.join(TILE_GAMES)})")
    if is_tile_game(game) and named is not None and named.strip().lower() != game.lower():
        raise click.UsageError(f"--game {game} and the file's game: {named} disagree: give one")
    chosen = game if is_tile_game(game) else str(named)
    file_rules = data.get("rules")
    if file_rules is not None and not isinstance(file_rules, dict):
        raise UnusableInputError(f"{label}: rules: is a mapping of rule names to values, e.g. "
                                 "rules: {opening: 30}")
    try:
        rules = tile_rules(chosen, typed, file_rules)
    except RummyError as exc:
        raise UnusableInputError(f"{label}: {exc}") from None
    said = data.get("initial", False)
    if isinstance(said, str) and said.strip().lower() in ("true", "yes", "false", "no"):
        said = said.strip().lower() in ("true", "yes")
    if not isinstance(said, bool):
        raise UnusableInputError(f"{label}: initial is true or false, not {str(said)[:20]!r}")
    if "hand" in data and "rack" in data:
        raise UnusableInputError(f"{label}: give the rack once, as hand: or rack:")
    key = "hand" if "hand" in data else "rack"  # named as the file names it
    judge(_table_from(data.get("before"), f"{label}: before"),
          _rack_from(data.get(key), f"{label}: {key}"),
          _table_from(data.get("after"), f"{label}: after"),
          rules, initial or said, as_json, style, label)


def _words(value: list[Any], what: str) -> list[str]:
    for i, tile in enumerate(value, 1):
        if isinstance(tile, bool) or not isinstance(tile, (str, int)):
            wrong = "empty" if tile is None else "not a tile"
            raise UnusableInputError(f"{what}: tile {i} is {wrong}; write the tiles as "
                                     "5R 6R 7R or [5R, 6R, 7R]")
    return [str(t) for t in value]


def _table_from(value: Any, what: str) -> TileTable:
    """A table from a dispute file: a list of sets (strings or lists) or one string."""
    if value is None:
        return ()
    if isinstance(value, str):
        return _table(value, what)
    if not isinstance(value, list):
        raise UnusableInputError(f"{what}: a table is a list of sets (or one line, sets "
                                 "separated by '/')")
    sets = []
    for i, item in enumerate(value, 1):
        where = f"{what}, set {i}"
        if isinstance(item, list):
            tiles = _tiles(_words(item, where), where)
        elif isinstance(item, str):
            tiles = _tiles(item, where)
        else:
            raise UnusableInputError(f"{where}: a set is tiles, as 5R 6R 7R or [5R, 6R, 7R]")
        if not tiles:
            raise UnusableInputError(f"{where} is empty: give its tiles or remove it")
        sets.append(tuple(tiles))
    return tuple(sets)


def _rack_from(value: Any, what: str) -> list[AnyTile]:
    if value is None:
        return []
    if isinstance(value, list):
        return _tiles(_words(value, what), what)
    if isinstance(value, str):
        return _tiles(value, what)
    raise UnusableInputError(f"{what}: a rack is tiles, as 5R 11B JK or [5R, 11B, JK]")


def judge(before: TileTable, rack: Sequence[AnyTile], after: TileTable, rules: RummikubRules,
          initial: bool, as_json: bool, style: Style, label: str | None = None) -> NoReturn:
    """Judge the turn, print the verdict, exit 0 (legal) or 1 (illegal)."""
    from ..games.rummikub.suggest import suggest
    from ..games.rummikub.turn import judge_turn
    from ..games.rummikub.verdicts import turn_json, turn_text

    try:
        verdict = judge_turn(before, rack, after, rules=rules, initial=initial)
    except UnusableInputError as exc:
        raise UnusableInputError(f"{label}: {exc}" if label else str(exc)) from None
    # a suggestion helps only when the arrangement is what went wrong
    not_arrangement = {"not-in-hand", "nothing-played", "opening-too-low", "opening-joker"}
    looked = (not verdict.legal and bool(verdict.played)
              and not any(v.code in not_arrangement for v in verdict.violations))
    found = suggest(before, rack, verdict.played, rules, initial) if looked else None
    code = _settle(0 if verdict.legal else 1)
    if as_json:
        _print_json(turn_json(verdict, found))
    else:
        click.echo(turn_text(verdict, style, found, looked, rules.opening,
                             continued=rules.opening_turn == "continue"))
    sys.exit(code)
