"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""

from typing import Any

from ..declared import Declared, Kind


def _titled(rules: Any) -> str:
    """What a message calls a Rummikub game: 'Rummikub (strict joker rules)'."""
    from .report import TITLES

    return TITLES[rules.game]


def _referee() -> Any:  # check meld, table, turn (games.referee: MeldJudge, TurnJudge)
    from . import referee

    return referee


def _solver() -> Any:  # arrange, hint (games.referee.Solver)
    from . import hints

    return hints


_PRESETS = ("rummikub", "rummikub-strict", "rummikub-xp")
# what the game declares of itself to the registry (rummy_cli.games); every preset counts
# as Rummikub in the statistics: a tile is worth the same
GAME = Declared(module=__name__, title="Rummikub", presets=_PRESETS, names=_PRESETS,
                starter="first", in_card_books=False,
                titled=_titled, melds=_referee, turns=_referee, solver=_solver,
                refereed_as="the tiles of {}",
                kinds=(Kind(key="rummikub", name="Rummikub", jokers=True),),
                kind_aliases={"rummikub strict": "rummikub", "rummikub xp": "rummikub"})
