"""The steps every game's keeper shares once a game is recorded: an entry written under the
ledger's lock, what is said of it, the words for a game and its entries, and the standings
and history shown through the game's sheet (see :mod:`rummy_cli.cli.keepers`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

from ..errors import RummyError
from ..games import PlayedGame, registered, title_of
from ..games.keeping import HouseRuled, next_rules, own, playable
from .parsing import _footer, _print_json, _read, _recorded, show_after
from .shell import _RUN

__all__ = ["HouseRuled", "next_rules", "own", "playable"]

if TYPE_CHECKING:
    from ..ledger import Ledger

G = TypeVar("G", bound=PlayedGame)



def still_kept_by(kind: type[G], game: PlayedGame, path: Path) -> G:
    """``game`` as read under the lock, if it is of the class ``kind`` (see
    :func:`still_kept`)."""
    if not isinstance(game, kind):
        raise _changed(game, path)
    return game


def _changed(game: PlayedGame, path: Path) -> RummyError:
    return RummyError(f"{path} changed while rummy was reading it: its game is now "
                      f"{registered(game.rules.game).title} (another rummy command started "
                      "it); nothing was changed: run the command again")


def entry_word(game: PlayedGame) -> str:
    """What a ledger calls one of its entries: 'match' for a Hollywood match, whose own
    columns are Game 1, 2 and 3 (so "game 3" never means two things), else 'game'."""
    return registered(game.rules.game).entry_word(game.rules)


def described(game: PlayedGame, number: int) -> str:
    """Entry ``number`` of a ledger, its kind and its players, as a message names it:
    'match 2 (Hollywood Gin Rummy: Ben, Cy)'."""
    return (f"{entry_word(game)} {number} ({title_of(game)}: "
            f"{', '.join(game.players)})")


def chosen_alone(night: Ledger, number: int | None) -> bool:
    """Whether a command that changes a game took the ledger's last one by itself: the
    ledger holds more than one and no ``--game-number`` (nor ``--game``) said which. It
    then says which game it changed, first."""
    return number is None and len(night.games) > 1


def entered(path: Path, kind: type[G], enter: Callable[[G], G]) -> tuple[G, int]:
    """The game with one more entry, ``enter(game)`` of the game read under the lock, and
    the entry's number; written to the ledger."""
    from ..ledger import locked, save

    with locked(path, existing=True):
        night: Ledger = _read(path)
        game = still_kept_by(kind, night.current, path)
        number = len(game.rounds) + 1
        updated = enter(game)
        save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
    return updated, number


def entered_as_answered(path: Path, kind: type[G], asked: G,
                        enter: Callable[[G], G]) -> G:
    """Like :func:`entered`, for an entry asked on a terminal: the answers were given
    without the lock, about the game ``asked``; the file is read again and must still hold
    that game."""
    from ..ledger import locked, save

    number = len(asked.rounds) + 1
    with locked(path, existing=True):  # not held while the player answers
        night: Ledger = _read(path, quiet=True)
        game = still_kept_by(kind, night.current, path)
        if game.rounds != asked.rounds or game.players != asked.players:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing recorded: run 'rummy round' again")
        updated = enter(game)
        save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
    return updated


def say_entered(game: PlayedGame, number: int, as_json: bool, announced: bool,
                lines: Sequence[str] = ()) -> None:
    """Entry ``number``, just recorded, as ``round`` prints it: in JSON; or its heading and
    sentence (unless the questions ``announced`` it), the ``lines`` a game adds, and the
    standings."""
    if as_json:
        _print_json(game.sheet().said_json(number))
        return
    if not announced:
        from ..render import fold_result

        click.echo(fold_result(f"{heading(game, number)}: {said(game, number)}"))
        for line in lines:
            click.echo(line)
    show(game)


def heading(game: PlayedGame, number: int) -> str:
    """'Round 3 (Ann dealt)': an entry of the game and who began it (a game with no dealer
    names who played first)."""
    return game.sheet().heading(number)


def said(game: PlayedGame, number: int) -> str:
    """Entry ``number`` of the game in one sentence."""
    return game.sheet().said(number)


def word(game: PlayedGame) -> str:
    """What one entry of the game is called, as in 'round 3': 'round', or 'hand' in Gin."""
    return game.sheet().word.lower()


def house_rules_json(game: PlayedGame) -> dict[str, object]:
    """The rules that differ from the game's preset, each with its value in force."""
    return {k: v for k, (v, _) in game.sheet().house_rules().items()}


def show(game: PlayedGame) -> None:
    """The standings after a change, as ``round``, ``undo`` and ``fix`` print them."""
    sheet = game.sheet()
    show_after(sheet.standings_table("simple"), sheet.standings_footer())


def standings(night: Ledger, game: PlayedGame, number: int | None, as_json: bool,
              fmt: str) -> None:
    """``rummy standings``: the table, who won or what comes next, the house rules."""
    sheet = game.sheet()
    if as_json:
        doc = sheet.standings_json()
        doc["game"] = number or len(night.games)
        # a Hollywood match's own games are its columns: then the ledger's are ledger_games
        doc["games" if "games" not in doc else "ledger_games"] = len(night.games)
        doc["house_rules"] = house_rules_json(game)
        _print_json(doc)
        return
    click.echo(sheet.standings_table(fmt))
    _footer(sheet.standings_footer(), fmt)
    rules = sheet.rules_line()
    if rules:
        _footer(rules, fmt)


def history(game: PlayedGame, as_json: bool, fmt: str) -> None:
    """``rummy history``: the score sheet, one row per entry."""
    sheet = game.sheet()
    if as_json:  # written as it is made: a league's 100,000 rounds are never held at once
        from ..jsonout import write_json

        write_json(sheet.history_json(), lambda piece: click.echo(piece, nl=False))
        return
    if not game.rounds and fmt in ("simple", "plain"):
        click.echo(f"No {sheet.word.lower()}s recorded yet.")
        return
    click.echo(sheet.score_sheet(fmt))
    if game.state.game_over:
        _footer(sheet.standings_footer(), fmt)
