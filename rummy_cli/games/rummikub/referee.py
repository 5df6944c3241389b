"""Rummikub's referee at the command line's call (``games.referee``): a set, a table
(``sets``: K5-K8) and a turn (``turn``: K9-K16) judged from what was typed or a dispute file,
and said (``verdicts``). Pure: the command line prints what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...errors import OptionsError, RummyError, UnusableInputError
from ...typed_input import parsed, rule_changes
from ..referee import Asked, Said
from .rules import PRESETS

if TYPE_CHECKING:
    from ...asking import Asker
    from ...tiles import AnyTile, TileTable
    from .rules import RummikubRules

TAKES = frozenset({"--rule", "--initial"})
DISPUTE = {"lines": "game: rummikub, rack: and after:",
           "keys": "game, initial, rules, before, rack, after", "kind": "a Rummikub dispute",
           "hand": "rack", "hand_is": "the player's rack before the play"}


def is_ours(game: object) -> bool:
    """Whether ``--game`` (or a file's ``game:``) names a Rummikub preset."""
    return isinstance(game, str) and game.strip().lower() in PRESETS


def rules_of(game: str, typed: Sequence[str], file_rules: dict[str, Any] | None = None
             ) -> RummikubRules:
    """The preset named by ``game`` with a dispute file's ``rules:`` and then each
    ``--rule NAME=VALUE`` applied; refuses an unknown rule or an unplayable value."""
    rules = PRESETS[game.strip().lower()]
    changes = rule_changes(typed, file_rules)
    return rules.with_house_rules(changes) if changes else rules


def refuse_card_options(decks: int | None, draws: int | None = None) -> None:
    """``--decks`` and ``--draws`` are the card games' (the set is the preset's)."""
    if decks is not None:
        raise OptionsError("--decks does not apply to Rummikub: the tiles are the preset's "
                          "(rummikub-xp has three of each); use --rule copies=N")
    if draws is not None:
        raise OptionsError("--draws does not apply to Rummikub: a player who draws does not "
                          "play that turn (K3)")


def tiles_of(text: str | Sequence[str], what: str) -> list[AnyTile]:
    """The tiles of ``text``, an error led by ``what``."""
    from ...tiles import parse_tiles

    return parsed(parse_tiles, text, what)


def table_of(text: str, what: str) -> TileTable:
    """The sets of ``text`` ('/' between them), an error led by ``what``."""
    from ...tiles import parse_tile_table

    return parsed(parse_tile_table, text, what)


def check_copies(tiles: Sequence[AnyTile], rules: RummikubRules) -> None:
    """Refuses more copies of a tile than the set holds."""
    from ...tiles import check_tile_copies

    problems = check_tile_copies(tiles, rules.copies, rules.jokers)
    if problems:
        raise UnusableInputError("more tiles than the set holds: " + "; ".join(problems))


def check_meld(words: Sequence[str], asked: Asked) -> Said:
    """``rummy check meld TILES... --game rummikub``."""
    from .sets import judge_set
    from .verdicts import meld_json, meld_text

    refuse_card_options(asked.decks)
    rules = rules_of(asked.game, asked.house_rules)
    joined = " ".join(words)
    if "/" in joined or "|" in joined:
        raise UnusableInputError("'/' separates the sets of a table; for a table use "
                                 f"rummy check table \"{joined[:60]}\" --game rummikub")
    tiles = tiles_of(joined, "the set")
    if not tiles:
        raise UnusableInputError("no tiles given: name the set's tiles, e.g. rummy check meld "
                                 "5R JK 7R --game rummikub")
    check_copies(tiles, rules)
    verdict = judge_set(tiles, rules)
    if asked.as_json:
        return Said(verdict.legal, json=meld_json(verdict))
    return Said(verdict.legal, meld_text(verdict, asked.style))


def check_table(words: Sequence[str], asked: Asked) -> Said:
    """``rummy check table TABLE --game rummikub``."""
    from .sets import judge_set
    from .verdicts import table_json, table_text

    refuse_card_options(asked.decks)
    rules = rules_of(asked.game, asked.house_rules)
    if not words:
        raise UnusableInputError("no table given: name its sets, separated by '/', e.g. "
                                 'rummy check table "5R 6R 7R / 9K 9B 9O" --game rummikub')
    sets = table_of(" ".join(words), "the table")
    check_copies([t for s in sets for t in s], rules)
    verdicts = [judge_set(s, rules) for s in sets]
    legal = all(v.legal for v in verdicts)
    if asked.as_json:
        return Said(legal, json=table_json(verdicts))
    return Said(legal, table_text(verdicts, asked.style))


# --- check turn -------------------------------------------------------------------------

def turn_rules(asked: Asked) -> RummikubRules:
    """The rules in force; the card games' options refused first."""
    refuse_card_options(asked.decks, asked.draws)
    return rules_of(asked.game, asked.house_rules)


def turn_from_options(before: str | None, rack: str | None, after: str | None,
                      asked: Asked) -> Said:
    """``rummy check turn --before T --rack R --after T --game rummikub``."""
    rules = turn_rules(asked)
    missing = [n for n, v in (("--rack (the player's rack before the play)", rack),
                              ("--after (the table the player proposes)", after))
               if v is None]
    if missing:
        raise OptionsError(f"give {' and '.join(missing)} too")
    return judged(table_of(before or "", "--before"), tiles_of(rack or "", "--rack"),
                  table_of(after or "", "--after"), rules, asked.initial, asked)


def turn_asked(before: str | None, rack: str | None, after: str | None, rules: Any,
               asked: Asked, asker: Asker) -> Said:
    """The turn asked at the table (what the options left out: the tables, the rack,
    whether the player has opened), judged."""
    from dataclasses import replace

    from .turn_asked import ask_tile_turn

    tiles, rack_t, after_t, initial = ask_tile_turn(asker, before, rack, after, rules,
                                                    True if asked.initial else None)
    return judged(tiles, rack_t, after_t, rules, initial, replace(asked, initial=initial))


def turn_from_file(data: dict[str, Any], asked: Asked) -> Said:
    """``rummy check turn FILE`` for a dispute whose ``game:`` (or ``--game``) is Rummikub."""
    label = data["label"]
    refuse_card_options(asked.decks, asked.draws)
    for key in ("decks", "draws"):
        if key in data:
            raise UnusableInputError(f"{label}: '{key}' does not apply to Rummikub: remove it")
    named = data.get("game")
    if named is not None and not is_ours(named):
        raise UnusableInputError(f"{label}: game: {str(named)[:30]!r} is not a Rummikub preset "
                                 f"({', '.join(PRESETS)})")
    game = asked.game
    if is_ours(game) and named is not None and named.strip().lower() != game.lower():
        raise OptionsError(f"--game {game} and the file's game: {named} disagree: give one")
    chosen = game if is_ours(game) else str(named)
    file_rules = data.get("rules")
    if file_rules is not None and not isinstance(file_rules, dict):
        raise UnusableInputError(f"{label}: rules: is a mapping of rule names to values, e.g. "
                                 "rules: {opening: 30}")
    try:
        rules = rules_of(chosen, asked.house_rules, file_rules)
    except OptionsError:
        raise
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
    return judged(_table_from(data.get("before"), f"{label}: before"),
                  _rack_from(data.get(key), f"{label}: {key}"),
                  _table_from(data.get("after"), f"{label}: after"),
                  rules, asked.initial or said, asked, label)


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
        return table_of(value, what)
    if not isinstance(value, list):
        raise UnusableInputError(f"{what}: a table is a list of sets (or one line, sets "
                                 "separated by '/')")
    sets = []
    for i, item in enumerate(value, 1):
        where = f"{what}, set {i}"
        if isinstance(item, list):
            tiles = tiles_of(_words(item, where), where)
        elif isinstance(item, str):
            tiles = tiles_of(item, where)
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
        return tiles_of(_words(value, what), what)
    if isinstance(value, str):
        return tiles_of(value, what)
    raise UnusableInputError(f"{what}: a rack is tiles, as 5R 11B JK or [5R, 11B, JK]")


def judged(before: TileTable, rack: Sequence[AnyTile], after: TileTable, rules: RummikubRules,
           initial: bool, asked: Asked, label: str | None = None) -> Said:
    """The turn judged, with a legal arrangement when it was the arrangement that went
    wrong."""
    from .suggest import suggest
    from .turn import judge_turn
    from .verdicts import turn_json, turn_text

    try:
        verdict = judge_turn(before, rack, after, rules=rules, initial=initial)
    except UnusableInputError as exc:
        raise UnusableInputError(f"{label}: {exc}" if label else str(exc)) from None
    # a suggestion helps only when the arrangement is what went wrong
    not_arrangement = {"not-in-hand", "nothing-played", "opening-too-low", "opening-joker"}
    looked = (not verdict.legal and bool(verdict.played)
              and not any(v.code in not_arrangement for v in verdict.violations))
    found = suggest(before, rack, verdict.played, rules, initial) if looked else None
    if asked.as_json:
        return Said(verdict.legal, json=turn_json(verdict, found))
    return Said(verdict.legal, turn_text(verdict, asked.style, found, looked, rules.opening,
                                         continued=rules.opening_turn == "continue"))

