"""A round of Manipulation Rummy as entered (:class:`RoundEntry`), and a game as its report
reads it (:class:`Played`, which ``game.Game`` provides): named here, below both, so that
the report the game hands itself to need not name the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ...hands import HandEntry
from .rules import Rules
from .scoring import GameState, RoundResult


@dataclass(frozen=True, slots=True)  # a long ledger holds 100,000 of them
class RoundEntry:
    """One round as entered: who knocked (None: the stock ran out) and each player's hand."""

    knocker: str | None
    hands: dict[str, HandEntry]
    note: str | None = None  # a line the players wrote in the ledger; kept as it is


class Played(Protocol):
    """A game as its report (``report``) reads it: ``game.Game`` provides it."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def rounds(self) -> tuple[RoundEntry, ...]: ...
    @property
    def results(self) -> tuple[RoundResult, ...]: ...
    @property
    def state(self) -> GameState: ...
    def dealer_of(self, round_number: int) -> str: ...
    def next_dealer(self) -> str | None: ...
    def next_leader(self) -> str | None: ...
