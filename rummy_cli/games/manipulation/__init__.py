"""Manipulation Rummy (Carousel), R1-R27: its figures (``rules``), the turn referee
(``turn``), round and game scoring (``scoring``), a game of rounds (``game``), its place in
the ledger (``record``) and what its commands print (``report``). The arrangement search it
uses is shared (``rummy_cli.search``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..declared import Declared

if TYPE_CHECKING:
    from ..referee import MeldJudge, Solver, TurnJudge


# its referee, loaded when a command needs it (mypy checks each module against its part)
def _melds() -> MeldJudge:  # check meld, check table
    from . import referee

    return referee


def _turns() -> TurnJudge:  # check turn
    from . import referee

    return referee


def _solver() -> Solver:  # arrange, hint
    from . import hints

    return hints


# what the game declares of itself to the registry (rummy_cli.games)
GAME = Declared(module=__name__, title="Manipulation Rummy", presets=("manipulation",),
                names=("manipulation-rummy",), melds=_melds, turns=_turns,
                solver=_solver, refereed_as="{} (cards)")
