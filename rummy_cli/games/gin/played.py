"""A hand of Gin as entered and as scored (:class:`GinEntry`, :class:`GinResult`), and a
Gin game as its score sheet reads it (:class:`GinPlayed`, which ``game.GinGame`` provides):
named here, below both, so that the sheet the game hands itself to need not name the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ...hands import HandEntry
from .rules import GinRules
from .score import GinHand, GinState

if TYPE_CHECKING:
    from .showdown import Showdown


@dataclass(frozen=True)
class GinEntry:
    """One hand as entered. ``knocker`` None: a dead hand (G8). A hand is the cards held (as
    notation) or the deadwood agreed at the table (after layoffs for the defender)."""

    knocker: str | None
    hands: dict[str, HandEntry]
    melds: str | None = None  # the knocker's layout as laid down (a table), if known
    upcard: str | None = None  # Oklahoma: the first upcard of the hand (G16, G17)
    big_gin: bool = False  # counts entered: the knocker melded all 11 cards (G7)
    note: str | None = None


@dataclass(frozen=True)
class GinResult:
    """A hand scored: the result for the game's totals, and each player's deadwood.

    It answers as a round of any game does (``scores``, ``winners``, ``knocker``,
    ``undercut``, ``went_out``, ``hand_points``), so statistics and the chart of the race
    read every game alike.
    """

    hand: GinHand
    deadwood: dict[str, int]
    players: tuple[str, ...] = ()
    # a hand from cards: the layout scored, the defender's reply, and any other layout
    showdown: Showdown | None = field(default=None, compare=False, repr=False)

    @property
    def scores(self) -> dict[str, int]:
        """What each player scored in the hand: the winner's score, 0 for the other."""
        return {p: self.hand.score if p == self.hand.winner else 0 for p in self.players}

    @property
    def winners(self) -> tuple[str, ...]:
        return () if self.hand.winner is None else (self.hand.winner,)

    @property
    def knocker(self) -> str | None:
        return self.hand.knocker

    @property
    def undercut(self) -> bool:
        return self.hand.result == "undercut"

    @property
    def went_out(self) -> tuple[str, ...]:
        """The player who went gin (or big gin): Gin's way of playing every card."""
        return self.winners if self.hand.result in ("gin", "big-gin") else ()

    @property
    def hand_points(self) -> dict[str, int]:
        """The deadwood each player held (0 in a dead hand)."""
        return {p: self.deadwood.get(p, 0) for p in self.players}


class GinPlayed(Protocol):
    """A Gin game as its score sheet (``sheet``) reads it: ``game.GinGame`` provides it."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> GinRules: ...
    @property
    def rounds(self) -> tuple[GinEntry, ...]: ...
    @property
    def results(self) -> tuple[GinResult, ...]: ...
    @property
    def state(self) -> GinState: ...
    def dealer_of(self, number: int) -> str: ...
    def next_dealer(self) -> str | None: ...
    def next_leader(self) -> str | None: ...
