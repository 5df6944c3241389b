"""A game of Rummikub as its report reads it (:class:`RummikubPlayed`, which
``game.RummikubGame`` provides): named here, below both, so that the report the game hands
itself to need not name the game."""

from __future__ import annotations

from typing import Protocol

from .racks import RummikubEntry
from .rules import RummikubRules
from .scoring import RoundScore, RummikubState


class RummikubPlayed(Protocol):
    """A game as its report (``report``) reads it: ``game.RummikubGame`` provides it."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> RummikubRules: ...
    @property
    def rounds(self) -> tuple[RummikubEntry, ...]: ...
    @property
    def results(self) -> tuple[RoundScore, ...]: ...
    @property
    def state(self) -> RummikubState: ...
    def first_of(self, number: int) -> str: ...
    def next_leader(self) -> str | None: ...
