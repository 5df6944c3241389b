"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""

from typing import TYPE_CHECKING, Any

from ..declared import Declared, Kind, Option

if TYPE_CHECKING:
    from ..protocol import Scorekeeping


def _titled(rules: Any) -> str:
    """What a message calls a Rummikub game: 'Rummikub (strict joker rules)'."""
    from .report import TITLES

    return TITLES[rules.game]


def _keeping() -> "Scorekeeping":
    """What the scorekeeping commands need of Rummikub (imported when a command needs it)."""
    from .keeping import KEEPING

    return KEEPING


_PRESETS = ("rummikub", "rummikub-strict", "rummikub-xp")
# what the game declares of itself to the registry (rummy_cli.games); every preset counts
# as Rummikub in the statistics: a tile is worth the same
GAME = Declared(module=__name__, title="Rummikub", presets=_PRESETS, names=_PRESETS,
                starter="first", referee="tiles", in_card_books=False, titled=_titled,
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
