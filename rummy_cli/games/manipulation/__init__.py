"""Manipulation Rummy (Carousel), R1-R27: its figures (``rules``), the turn referee
(``turn``), round and game scoring (``scoring``), a game of rounds (``game``), its place in
the ledger (``record``), what its commands print (``report``), and how the scorekeeping
commands keep it (``keeping``, with its questions at the table in ``questions`` and
``asked_again``). The arrangement search it uses is shared (``rummy_cli.search``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..declared import Declared, Option

if TYPE_CHECKING:
    from ..protocol import Scorekeeping
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


def _keeping() -> Scorekeeping:
    """How the scorekeeping commands keep the game (imported when a command needs it)."""
    from .keeping import KEEPING

    return KEEPING


# what the game declares of itself to the registry (rummy_cli.games)
GAME = Declared(module=__name__, title="Manipulation Rummy", presets=("manipulation",),
                names=("manipulation-rummy",), melds=_melds, turns=_turns,
                solver=_solver, refereed_as="{} (cards)",
                scorekeeping=_keeping,
                # the options of round and fix, in the order 'fix' lists them
                options=(Option(flag="--knock", dest="knock", kind="names"),
                         Option(flag="--stock-out", dest="stock_out", kind="flag"),
                         Option(flag="--hand", dest="hands", kind="pairs"),
                         Option(flag="--points", dest="points", kind="pairs")))
