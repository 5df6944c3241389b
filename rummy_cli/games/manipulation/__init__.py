"""Manipulation Rummy (Carousel), R1-R27: its figures (``rules``), the turn referee
(``turn``), round and game scoring (``scoring``), a game of rounds (``game``), its place in
the ledger (``record``) and what its commands print (``report``). The arrangement search it
uses is shared (``rummy_cli.search``)."""

from typing import Any

from ..declared import Declared


def _referee() -> Any:  # check meld, table, turn (games.referee: MeldJudge, TurnJudge)
    from . import referee

    return referee


def _solver() -> Any:  # arrange, hint (games.referee.Solver)
    from . import hints

    return hints


# what the game declares of itself to the registry (rummy_cli.games)
GAME = Declared(module=__name__, title="Manipulation Rummy", presets=("manipulation",),
                names=("manipulation-rummy",), melds=_referee, turns=_referee,
                solver=_solver, refereed_as="{} (cards)")
