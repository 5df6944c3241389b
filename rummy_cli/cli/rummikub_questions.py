"""The questions of Rummikub: who went out or the pool ran out, each rack, a change before
the round is recorded, and a turn to judge (``rummy check turn --game rummikub``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from ..errors import RefusedError, RummyError
from ..hands import typed_hand
from ..players import find_player_by_prefix, players_matching
from . import prompts
from .prompts import (
    AGAIN,
    BACK_WORDS,
    CHOOSE,
    Back,
    _ask,
    _CanGoBack,
    _given_or_asked,
    _not_back,
    _player_or_word,
    _say_why,
)

if TYPE_CHECKING:
    from ..games.rummikub.rules import RummikubRules
    from ..tiles import AnyTile, TileTable


OUT_QUESTION = "Who went out? (a name, or 'pool')"


POOL_WORDS = ("pool", "pool-out", "pool out", "p", "none", "nobody",
              "stock", "stock-out", "stock out")  # as --stock-out is taken for --pool-out


def _out_answer(players: Sequence[str], raw: str) -> str | None:
    """A player (by name, or the start of one), or None: the pool ran out. A name wins over
    a pool word (a player may be called Pat: 'p' is then refused as both)."""
    text = raw.strip()
    if text.lower() in BACK_WORDS and not players_matching(players, text):
        raise RefusedError("this is the round's first question: type who went out, or 'pool'")
    if text.lower() in POOL_WORDS:
        return _player_or_word(players, text, "'pool'")
    return find_player_by_prefix(players, text)


def ask_rummikub_round(game: Any, given_end: bool, out: str | None,
                       given: Mapping[str, Any], recorded: Any = None
                       ) -> tuple[str | None, dict[str, Any]]:
    """Ask who went out (or 'pool') and each other player's rack: its tiles or its worth.

    ``given_end``: the ending came as an option (``out``, None for the pool); racks in
    ``given`` are taken as they are once they pass the checks. ``recorded``: a round as
    recorded, whose answers are the defaults (``rummy fix N`` on a terminal). 'back' at a
    rack raises :class:`Back`.
    """
    players = game.players
    known = {find_player_by_prefix(players, name): rack for name, rack in given.items()}
    who = None if out is None else find_player_by_prefix(players, out)
    number = len(game.rounds) + 1
    if recorded is None:
        click.echo(f"Round {number} ({game.first_of(number)} plays first). "
                   f"Players: {', '.join(players)}.", err=True)
    if not given_end:
        default = None if recorded is None else (recorded.out or "pool")
        who = _ask(OUT_QUESTION, lambda raw: _out_answer(players, raw), default=default)
    click.echo("Type each rack's tiles left (7R 12B JK) or their worth (12).", err=True)
    entered: dict[str, Any] = {} if who is None else {who: ""}

    def check_for(p: str) -> Callable[[str], Any]:
        return _rack_check(game, p, who, entered, "the racks before it", AGAIN)

    for p in players:
        if p == who:
            continue
        check = check_for(p)
        if p in known:
            try:
                entered[p] = check(str(known[p]))
                continue
            except RummyError as exc:
                _say_why(exc)
        before = None if recorded is None else recorded.racks.get(p)
        entered[p] = _ask(f"{p}'s rack", check,
                          default="" if before in (None, "") else str(before))
    return who, {p: entered[p] for p in players if p in entered}


def _rack_check(game: Any, p: str, who: str | None, others: Mapping[str, Any], where: str,
                hint: str) -> Callable[[str], Any]:
    """The checks of ``p``'s rack as typed, with who went out (None: the pool ran out) and
    the ``others``' racks (``where`` names them in a message); ``hint`` says what 'back'
    does after a refusal. 'back' raises :class:`Back`."""
    from ..games.rummikub.game import rack_entry
    from ..games.rummikub.scoring import rack_points
    from ..tiles import check_tile_copies, parse_tiles

    rules = game.rules
    held = [t for q, rack in others.items() if q != p and isinstance(rack, str) and rack
            for t in parse_tiles(rack)]

    def check(raw: str) -> Any:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        rack = rack_entry(typed_hand(text), p)
        if rack in ("", 0):
            why = ("the pool ran out, so every rack holds tiles" if who is None else
                   f"only {who} went out")
            raise _CanGoBack(f"{p}'s rack cannot be empty: {why}", hint)
        tiles = parse_tiles(rack) if isinstance(rack, str) else []
        alone = check_tile_copies(tiles, rules.copies, rules.jokers)
        if alone:
            raise _CanGoBack(f"{p}'s rack holds more tiles than the set: "
                             f"{'; '.join(alone)}", "Try again.")
        too_many = check_tile_copies(held + tiles, rules.copies, rules.jokers)
        if too_many:
            raise _CanGoBack(f"with {where}, {'; '.join(too_many)}", hint)
        worth = rack if isinstance(rack, int) else rack_points(tiles, rules)
        if worth > rules.most_rack_points:
            raise RefusedError(f"{worth} is more than every tile of the set is worth "
                               f"({rules.most_rack_points})")
        return rack

    return check


RUMMIKUB_CHANGE_QUESTION = "Change which? (a name, 'out', or Enter for none)"


RUMMIKUB_ENDING_WORDS = ("out", "went out", "end", "ending")


def ask_rummikub_change(game: Any, who: str | None, racks: Mapping[str, Any]
                        ) -> tuple[str | None, dict[str, Any]]:
    """After 'back' at "Record this round?" in Rummikub: show the round as entered and
    change one answer (a rack, or who went out), keeping the others.

    Enter keeps the round as it is; 'back' while changing an answer leaves it as it was.
    A new ending asks again only the racks that no longer fit it.
    """
    players = game.players
    while True:
        _show_rummikub_round(game, who, racks)

        def answer(raw: str) -> tuple[str, str]:
            text = raw.strip()
            if not text:
                return "keep", ""
            for words, meaning, word in ((("back",), "keep", "'back'"),
                                         (RUMMIKUB_ENDING_WORDS, "ending", "'out'"),
                                         (POOL_WORDS, "pool", "'pool'")):
                if text.lower() in words:
                    player = _player_or_word(players, text, word)
                    return ("rack", player) if player is not None else (meaning, "")
            return "rack", find_player_by_prefix(players, text)

        what, p = _ask(RUMMIKUB_CHANGE_QUESTION, answer, default="")
        try:
            if what == "keep":
                return who, dict(racks)
            if what in ("ending", "pool"):  # 'pool' says the new ending at once
                return _change_rummikub_ending(game, who, racks, asked=what == "ending")
            if p == who:
                click.echo(f"  {p} went out, so {p}'s rack is empty: type 'out' to change "
                           "who went out.", err=True)
                continue
            check = _rack_check(game, p, who, racks, "the other racks", CHOOSE)
            return who, {**racks, p: _ask(f"{p}'s rack", check)}
        except Back:
            click.echo("Nothing changed.", err=True)


def _show_rummikub_round(game: Any, who: str | None, racks: Mapping[str, Any]) -> None:
    ending = "the pool ran out" if who is None else f"{who} went out"
    click.echo(f"As entered: {ending}.", err=True)
    for p in game.players:
        rack = racks.get(p, "")
        shown = "no tiles" if rack == "" else f"a total of {rack}" if isinstance(rack, int) \
            else rack
        click.echo(f"  {p}: {shown}", err=True)


def _change_rummikub_ending(game: Any, who: str | None, racks: Mapping[str, Any],
                            asked: bool = True) -> tuple[str | None, dict[str, Any]]:
    """Ask who went out again (``asked``; else the pool ran out); the rack of a player who
    went out before and now did not is asked, since it was empty."""
    new = _ask(OUT_QUESTION, lambda raw: _rummikub_ending_answer(game.players, raw)) \
        if asked else None
    now = {p: r for p, r in racks.items() if p != new}
    if new is not None:
        now[new] = ""
    for p in game.players:
        if p == new or now.get(p) not in (None, "", 0):
            continue
        check = _rack_check(game, p, new, now, "the other racks", CHOOSE)
        now[p] = _ask(f"{p}'s rack", check)
    return new, {p: now[p] for p in game.players}


def _rummikub_ending_answer(players: Sequence[str], raw: str) -> str | None:
    """Who went out, or None (the pool ran out); 'back' leaves the round as it was."""
    text = raw.strip()
    if text.lower() in BACK_WORDS:
        player = _player_or_word(players, text, "'back'")
        if player is None:
            raise Back
        return player
    return _out_answer(players, text)


def ask_tile_turn(before: str | None, rack: str | None, after: str | None,
                  rules: RummikubRules, initial: bool | None
                  ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    """Ask for the table before the turn, the rack, the proposed table and, unless
    ``initial`` is known (``--initial``), whether the player has opened (K9).

    Each answer is checked at once (a bad tile or a card, a joker declared in the rack, more
    tiles than the set holds, an illegal table before the turn) and asked again; 'back'
    returns to the first question. Returns (before, rack, after, initial).
    """
    click.echo("Tables are sets separated by '/', e.g. 5R 6R 7R / 9K 9B 9O JK. "
               "Type 'back' to start again.", err=True)
    while True:
        try:
            return _ask_tile_turn_once(before, rack, after, rules, initial)
        except Back:
            click.echo("Back to the table before the turn.", err=True)
            before = rack = after = None


def _ask_tile_turn_once(before: str | None, rack: str | None, after: str | None,
                        rules: RummikubRules, initial: bool | None
                        ) -> tuple[TileTable, list[AnyTile], TileTable, bool]:
    from ..games.rummikub.turn import validate_start
    from ..tiles import check_tile_copies, parse_tile_table, parse_tiles

    def before_answer(raw: str) -> TileTable:
        table = parse_tile_table(_not_back(raw, first=True))
        too_many = check_tile_copies([t for s in table for t in s], rules.copies, rules.jokers)
        if too_many:  # said of this table alone: no rack has been typed yet
            raise RummyError("the table holds more tiles than the set: " + "; ".join(too_many))
        validate_start(table, [], rules)
        return table

    before_t = _given_or_asked("Table before the turn (Enter if empty)", before, before_answer)

    def rack_answer(raw: str) -> list[AnyTile]:
        tiles = parse_tiles(_not_back(raw))
        if not tiles:
            raise RummyError("type the tiles on the player's rack before the play")
        validate_start(before_t, tiles, rules)
        return tiles

    rack_t = _given_or_asked("The player's rack", rack, rack_answer, None)

    def after_answer(raw: str) -> TileTable:
        return parse_tile_table(_not_back(raw))

    after_t = _given_or_asked("Table after the turn (Enter if empty)", after, after_answer)
    if initial is not None:
        return before_t, rack_t, after_t, initial
    worth = f"sets worth {rules.opening} or more" if rules.opening else "a first set"
    opened = prompts.ask_confirm(f"Has the player opened already ({worth} in an earlier turn)?")
    return before_t, rack_t, after_t, not opened
