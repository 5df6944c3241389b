"""Which module keeps the score of a ledger's game at the command line.

A game of the ledger is known by its ``game:`` name; ``rummy_cli.games`` tells the package
it belongs to (``manipulation``, ``gin``), and ``keep_<package>`` here answers the same calls
for each: ``start``, ``announce``, ``record``, ``show``, ``standings``, ``history``, ``said``,
``said_json``, ``undone``, ``fixed`` (a round changed by options), ``asked_fix`` (asked again
on a terminal), ``renamed``. A new game is one more such module.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from ..errors import RummyError

FAMILIES = ("manipulation", "gin")  # each has rummy_cli/games/<family>/ and keep_<family>.py


def keeper_of(game: Any) -> ModuleType:
    """The keeper of a game read from a ledger."""
    from ..games import family_of

    return import_module(f"{__package__}.keep_{family_of(game.rules.game)}")


def keeper_for(kind: str) -> ModuleType:
    """The keeper that starts a game of ``--game`` ``kind`` (manipulation, gin, ...)."""
    for family in FAMILIES:
        module = import_module(f"{__package__}.keep_{family}")
        if kind in module.KINDS:
            return module
    raise RummyError(f"no game called {kind!r}")  # click's choice of --game stops this first


def still_kept_by(module: str, game: Any, path: Any) -> Any:
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


def refuse_others(keeper: ModuleType, given: dict[str, bool], game: Any) -> None:
    """Options of another game given for this one: say whose they are."""
    for family in FAMILIES:
        other = import_module(f"{__package__}.keep_{family}")
        if other is keeper:
            continue
        for option in other.OWN_OPTIONS:
            if given.get(option):
                raise RummyError(f"{option} is for {_title(other)}; this ledger's game is "
                                 f"{_title(keeper)}: {keeper.ENDS}")


def entry_word(game: Any) -> str:
    """What a ledger calls one of its entries: 'match' for a Hollywood match, whose own
    columns are Game 1, 2 and 3 (so "game 3" never means two things), else 'game'."""
    return "match" if getattr(game.rules, "hollywood", False) else "game"


def _title(keeper: ModuleType) -> str:
    return "a Gin game" if keeper.WORD == "Hand" else "Manipulation Rummy"
