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


def _keeping() -> Scorekeeping:
    """How the scorekeeping commands keep the game (imported only when a command needs it)."""
    from .keeping import KEEPING

    return KEEPING


# what the game declares of itself to the registry (rummy_cli.games); its options in the
# order 'rummy fix' lists them
GAME = Declared(module=__name__, title="Manipulation Rummy", presets=("manipulation",),
                names=("manipulation-rummy",), referee="cards", scorekeeping=_keeping,
                options=(Option(flag="--knock", dest="knock", kind="names"),
                         Option(flag="--stock-out", dest="stock_out", kind="flag"),
                         Option(flag="--hand", dest="hands", kind="pairs"),
                         Option(flag="--points", dest="points", kind="pairs")))
