"""The scorekeeper's ``standings``, ``history`` and ``undo``: what a ledger holds, and taking
back its last entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..errors import RefusedError, RummyError

if TYPE_CHECKING:

    from ..games import PlayedGame
    from ..ledger import Ledger
from . import shell
from .options import (
    _check_format,
    format_option,
    game_option,
    json_option,
    ledger_option,
    worded,
)
from .parsing import _print_json, _read
from .shell import _RUN, cli


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
@worded(each="standings*")
def standings(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The scores so far: points, rounds (or hands) won, distance to the target, the bonuses.

    {each}

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy standings --ledger night.yaml
      rummy standings --format github --ledger night.yaml  # to paste in a chat
      rummy standings --format html --ledger night.yaml > scores.html
      rummy example rummikub-night > tiles.yaml
      rummy standings --game rummikub --ledger tiles.yaml  # its Rummikub game
    """
    from ..ledger import ledger_path
    from .entries import standings as keep_standings

    fmt = fmt if as_json else _check_format(fmt)  # JSON needs no table format
    night = _read(ledger_path(ledger))
    keep_standings(night, night.game(number), number, as_json, fmt)


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
@worded(each="history*")
def history(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The score sheet: every round with its ending, points in hand and running totals.

    {each}

    With --format csv (or tsv), a plain number in every cell: a column per player for the
    points in hand, the round's score and the total.

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy history --ledger night.yaml
      rummy history --format csv --ledger night.yaml > sheet.csv
      rummy history --format html --ledger night.yaml > sheet.html
      rummy example gin-night > gin.yaml         # Gin, then Oklahoma
      rummy history --game-number 1 --ledger gin.yaml  # the first game
      rummy history --game gin --ledger gin.yaml       # the last Gin game
      rummy example rummikub-night > tiles.yaml
      rummy history --game rummikub --ledger tiles.yaml  # the last Rummikub game
    """
    from ..ledger import ledger_path
    from .entries import history as keep_history

    fmt = fmt if as_json else _check_format(fmt)
    keep_history(_read(ledger_path(ledger)).game(number), as_json, fmt)


@cli.command()
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@ledger_option
@game_option
@json_option
def undo(yes: bool, ledger: str | None, number: int | None, as_json: bool) -> None:
    """Take back the last round recorded (asks first on a terminal); show the standings.

    A game started by mistake, with no round yet, is taken back whole when an earlier game
    of the ledger comes before it. The last round of an earlier game is never taken back:
    it ended that game, and the next game follows it ('rummy fix N --game-number G'
    corrects it).

    \b
    Examples:
      rummy example gin-night > gin.yaml         # Gin, then Oklahoma
      rummy undo --ledger gin.yaml               # on a terminal: asks first
      rummy undo --yes --ledger gin.yaml
      rummy undo --game-number 2 --yes --ledger gin.yaml   # game 2's last hand
    """
    from ..ledger import Ledger, ledger_path, locked, save
    from .entries import chosen_alone, entry_word, heading, said, show, word

    _RUN.writes = True

    path = ledger_path(ledger)
    if not yes:
        if not shell.stdin_is_terminal():
            raise click.UsageError("not on a terminal: add --yes to take back the last round")
        from .prompts import ask_yes_no

        night = _read(path)
        game = _undone_game(night, number)
        if _empty_game(night):
            question = (f"Take back {entry_word(game)} {len(night.games)} (no round "
                        "played yet)?")
        else:
            _taken_back(game)  # refused before asking if there is no round
            last = len(game.rounds)
            from ..render import fold_result

            if chosen_alone(night, number):
                click.echo(_undone_from(night), err=True)
            click.echo(fold_result(f"{heading(game, last)}: {said(game, last)}"), err=True)
            question = f"Take back {word(game)} {last}?"
        if not ask_yes_no(question, default=False):
            click.echo("Nothing taken back.", err=True)
            return
    with locked(path, existing=True):  # not held while the player answers
        now = _read(path, quiet=not yes)
        if not yes and (len(now.games), now.current.rounds) != (len(night.games),
                                                                  game.rounds):
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing taken back: run 'rummy undo' again")
        night = now
        game = _undone_game(night, number)
        if _empty_game(night):
            count = len(night.games)
            gone, back = entry_word(game), entry_word(night.games[-2])
            save(path, Ledger(night.games[:-1]),
                 _RUN.written(f"{gone} {count} is taken back in {path}"))
            if as_json:
                _print_json({"undone_game": count, "games": count - 1})
                return
            click.echo(f"Took back {gone} {count}, which had no round yet: {back} "
                       f"{count - 1} is the last of the ledger again.")
            return
        updated = _taken_back(game)
        last = len(game.rounds)
        save(path, night.with_current(updated),
             _RUN.written(f"{word(game)} {last} is taken back in {path}"))
    if as_json:
        _print_json({"undone": game.sheet().said_json(last), "game": len(night.games),
                     "rounds_played": len(updated.rounds)})
        return
    from ..render import fold_result

    if yes and chosen_alone(night, number):  # (asked: said before the question)
        click.echo(_undone_from(night))
    click.echo(fold_result(f"Took back {word(game)} {last}: {said(game, last)}"))
    show(updated)


def _taken_back(game: PlayedGame) -> PlayedGame:
    """``game`` without its last round: the game's own refusal when it has none, or this
    one, should a game take back a round it does not have."""
    updated = game.undone()
    if not game.rounds:
        from ..games import word_of

        raise RefusedError(f"there is no {word_of(game)} to take back: the game has no "
                           f"{word_of(game)}s yet")
    return updated


def _undone_from(night: Ledger) -> str:
    """The first line of an undo in a ledger of several games: which game it changes."""
    from ..render import fold
    from .entries import described

    count = len(night.games)
    return fold(f"Taking back from {described(night.current, count)}, the last of {count} "
                "in the ledger.")


def _undone_game(night: Ledger, number: int | None) -> PlayedGame:
    """The game whose last round ``undo`` takes back: the ledger's last. An earlier game's
    last round ended it, and the game after it began there: that round stays."""
    game = night.game(number)
    if number is None or number == len(night.games):
        return game
    from .entries import word

    last = len(game.rounds)
    raise RefusedError(f"{word(game)} {last} ended game {number}, and game {number + 1} already "
                       f"follows it: it cannot be taken back (correct it with 'rummy fix "
                       f"{last} --game-number {number}')")


def _empty_game(night: Ledger) -> bool:
    """The last game has no round, and a game comes before it: 'rummy new' by mistake."""
    return len(night.games) > 1 and not night.current.rounds
