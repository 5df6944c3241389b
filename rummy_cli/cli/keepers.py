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
from typing import Any

from ..errors import RummyError
from ..games import GAMES, PlayedGame, registered, registered_for


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


def heading(game: PlayedGame, number: int) -> str:
    """'Round 3 (Ann dealt)': an entry of the game and who began it, as its keeper says
    it (a game with no dealer names who played first)."""
    keeper = keeper_of(game)
    own = getattr(keeper, "heading", None)
    if own is not None:
        return str(own(game, number))
    dealt: Any = game  # the card games have a dealer for each entry
    return f"{keeper.WORD} {number} ({dealt.dealer_of(number)} dealt)"


def entry_word(game: PlayedGame) -> str:
    """What a ledger calls one of its entries: 'match' for a Hollywood match, whose own
    columns are Game 1, 2 and 3 (so "game 3" never means two things), else 'game'."""
    return "match" if getattr(game.rules, "hollywood", False) else "game"


def _title(keeper: ModuleType) -> str:
    return next(game.title for game in GAMES if game.keeper == keeper.__name__)
