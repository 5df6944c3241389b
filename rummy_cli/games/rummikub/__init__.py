"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""

from ..declared import Declared, Kind

_PRESETS = ("rummikub", "rummikub-strict", "rummikub-xp")
# what the game declares of itself to the registry (rummy_cli.games); every preset counts
# as Rummikub in the statistics: a tile is worth the same
GAME = Declared(module=__name__, title="Rummikub", presets=_PRESETS, names=_PRESETS,
                starter="first", referee="tiles", in_card_books=False,
                kinds=(Kind(key="rummikub", name="Rummikub", jokers=True),),
                kind_aliases={"rummikub strict": "rummikub", "rummikub xp": "rummikub"})
