"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..declared import Declared, Kind, Option

if TYPE_CHECKING:
    from ..protocol import Scorekeeping
    from ..referee import MeldJudge, Solver, TurnJudge


def _titled(rules: Any) -> str:
    """What a message calls a Rummikub game: 'Rummikub (strict joker rules)'."""
    from .report import TITLES

    return TITLES[rules.game]


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


_PRESETS = ("rummikub", "rummikub-strict", "rummikub-xp")
# what the game declares of itself to the registry (rummy_cli.games); every preset counts
# as Rummikub in the statistics: a tile is worth the same
GAME = Declared(module=__name__, title="Rummikub", presets=_PRESETS, names=_PRESETS,
                starter="first", in_card_books=False,
                titled=_titled, melds=_melds, turns=_turns, solver=_solver,
                refereed_as="the tiles of {}",
                kinds=(Kind(key="rummikub", name="Rummikub", jokers=True),),
                kind_aliases={"rummikub strict": "rummikub", "rummikub xp": "rummikub"},
                scorekeeping=_keeping,
                # in the order 'fix' lists them
                options=(Option(flag="--out", dest="out", kind="names"),
                         Option(flag="--pool-out", dest="pool_out", kind="flag"),
                         Option(flag="--rack", dest="racks", kind="pairs", holds=True),
                         Option(flag="--points", dest="points", kind="pairs"),
                         Option(flag="--first", dest="first", kind="name"),
                         # the other games' words: --stock-out for --pool-out, --hand for
                         # --rack; --knock to say that Rummikub has none
                         Option(flag="--stock-out", dest="stock_out", kind="flag",
                                accepted=True),
                         Option(flag="--hand", dest="hands", kind="pairs", accepted=True),
                         Option(flag="--knock", dest="knock", kind="names",
                                accepted=True)))
