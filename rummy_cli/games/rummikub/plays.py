"""A Rummikub play and arrangement as the solver answers them, and what a tile is worth."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...tiles import AnyTile, TileJoker, TileSet
from .rules import RUMMIKUB, RummikubRules

Objective = Literal["cards", "points"]


def tile_points(tile: AnyTile, rules: RummikubRules = RUMMIKUB) -> int:
    """What a tile left in a rack is worth (K19): its number, a joker 30."""
    return rules.joker_points if isinstance(tile, TileJoker) else tile.number


@dataclass(frozen=True)
class TileArrangement:
    """Whether tiles form legal sets; one arrangement of as many of them as possible."""

    possible: bool
    sets: tuple[TileSet, ...]
    unplaceable: tuple[AnyTile, ...]


@dataclass(frozen=True)
class TilePlay:
    """The best play of a turn: the tiles from the rack, the table after, what it is worth."""

    played: tuple[AnyTile, ...]
    after: tuple[TileSet, ...]
    hand_after: tuple[AnyTile, ...]
    cards_played: int
    points_shed: int
    opening_value: int | None  # with ``initial``: the best worth of sets of played tiles
    jokers_freed: int
    exact: bool = True  # False when a strict joker rule made the play fall back

    @property
    def goes_out(self) -> bool:
        """True when the rack is empty after the play (K17)."""
        return not self.hand_after
