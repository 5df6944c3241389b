"""Which module keeps the score of a ledger's game at the command line.

A game of the ledger is known by its ``game:`` name; the registry (``rummy_cli.games.GAMES``)
names, for each game, its keeper here (``keep_<package>``), which answers the same calls for
each: ``start``, ``announce``, ``record``, ``show``, ``standings``, ``history``, ``said``,
``said_json``, ``undone``, ``fixed`` (a round changed by options), ``asked_fix`` (asked again
on a terminal), ``renamed``. A new game is one more such module, named in the registry.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

import click

from ..errors import RummyError
from ..games import GAMES, PlayedGame, registered, registered_for
from . import shell
from .shell import _footer, _print_json

if TYPE_CHECKING:
    from ..ledger import Ledger


def keeper_of(game: PlayedGame) -> ModuleType:
    """The keeper of a game read from a ledger."""
    return import_module(registered(game.rules.game).keeper)


def keeper_for(kind: str) -> ModuleType:
    """The keeper that starts a game of ``--game`` ``kind`` (manipulation, gin, ...)."""
    try:
        return import_module(registered_for(kind).keeper)
    except KeyError:  # click's choice of --game stops this first
        raise RummyError(f"no game called {kind!r}") from None


def still_kept_by(module: str, game: PlayedGame, path: Any) -> Any:
    """``game`` as read under the lock, if the keeper ``module`` (its ``__name__``) keeps it.

    The keeper is chosen from a read made before the lock; another command may have started
    a game of the other kind since. Then nothing is done, and the player is told why.
    """
    found = keeper_of(game)
    if found.__name__ != module:
        raise RummyError(f"{path} changed while rummy was reading it: its game is now "
                         f"{_title(found)} (another rummy command started it); nothing was "
                         "changed: run the command again")
    return game


def refuse_others(keeper: ModuleType, given: dict[str, bool], game: PlayedGame | None) -> None:
    """Options of another game given for this one: say whose they are."""
    accepted = getattr(keeper, "ACCEPTS", ())  # another game's option taken as its own
    for each in GAMES:
        other = import_module(each.keeper)
        if other is keeper:
            continue
        for option in other.OWN_OPTIONS:
            if given.get(option) and option not in accepted:
                holds = option in getattr(other, "HAND_OPTIONS", ())
                how = getattr(keeper, "HANDS", keeper.ENDS) if holds else keeper.ENDS
                raise RummyError(f"{option} is for {_title(other)}; this ledger's game is "
                                 f"{_title(keeper)}: {how}")


def entry_word(game: PlayedGame) -> str:
    """What a ledger calls one of its entries: 'match' for a Hollywood match, whose own
    columns are Game 1, 2 and 3 (so "game 3" never means two things), else 'game'."""
    return "match" if getattr(game.rules, "hollywood", False) else "game"


def _title(keeper: ModuleType) -> str:
    return next(game.title for game in GAMES if game.keeper == keeper.__name__)


# --- the generic keeper: what every game's Sheet (games/protocol.py) answers --------------

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


def show(game: PlayedGame) -> None:
    """The standings after a change, as ``round``, ``undo`` and ``fix`` print them."""
    sheet = game.sheet()
    shell.show_after(sheet.standings_table("simple"), sheet.standings_footer())


def standings(night: Ledger, game: PlayedGame, number: int | None, as_json: bool,
              fmt: str) -> None:
    """``rummy standings``: the table, who won or what comes next, the house rules."""
    sheet = game.sheet()
    if as_json:
        doc = sheet.standings_json()
        doc["game"] = number or len(night.games)
        # a Hollywood match's own games are its columns: then the ledger's are ledger_games
        doc["games" if "games" not in doc else "ledger_games"] = len(night.games)
        doc["house_rules"] = {k: v for k, (v, _) in sheet.house_rules().items()}
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
    if as_json:
        _print_json(sheet.history_json())
        return
    if not game.rounds and fmt in ("simple", "plain"):
        click.echo(f"No {sheet.word.lower()}s recorded yet.")
        return
    click.echo(sheet.history_table(fmt))
    if game.state.game_over:
        _footer(sheet.standings_footer(), fmt)
