"""What every game of the ledger is, as types: a :class:`PlayedGame` (its players, rounds,
rules and state) and the :class:`Sheet` it answers ``sheet()`` with. Below the registry
(``rummy_cli.games``), the protocols of a game's package (``protocol``) and every game's
package, which all name these types: so none of them names another's.

Typing protocols alone: nothing here imports anything of rummy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

# a JSON document as the report modules build it: plain values under string keys
Json = dict[str, object]


class GameRules(Protocol):
    """What the rules of every game say of themselves: the game's name in the ledger."""

    @property
    def game(self) -> str: ...


class GameState(Protocol):
    """Where every game stands after its rounds (hands in Gin)."""

    @property
    def game_over(self) -> bool: ...
    @property
    def winners(self) -> tuple[str, ...]: ...
    @property
    def over_after(self) -> int | None: ...


class PlayedGame(Protocol):
    """What every game of the ledger provides to the ledger, the keepers and the registry;
    the rest of a game is its own package's business."""

    @property
    def players(self) -> Sequence[str]: ...
    @property
    def rounds(self) -> Sequence[object]: ...  # as entered (hands in Gin), oldest first
    @property
    def rules(self) -> GameRules: ...
    @property
    def state(self) -> GameState: ...
    def next_dealer(self) -> str | None: ...  # None once over, and in a game with no dealer
    def last_dealer(self) -> str | None: ...  # who dealt its last round; None: no dealer
    def next_leader(self) -> str | None: ...  # who plays first next; None once over
    def sheet(self) -> Sheet: ...  # what its package's report says of it
    def undone(self) -> PlayedGame: ...  # without its last round (hand in Gin)
    def renamed(self, old: str, new: str) -> PlayedGame: ...  # a player called otherwise


class Sheet(Protocol):
    """One game as the scorekeeper shows it: its package's ``Report`` (``protocol``), bound
    to it."""

    @property
    def word(self) -> str: ...
    def heading(self, number: int) -> str: ...
    def said(self, number: int) -> str: ...
    def said_json(self, number: int) -> Json: ...
    def standings_table(self, fmt: str) -> str: ...
    def standings_footer(self) -> str: ...
    def standings_json(self) -> Json: ...
    def house_rules(self) -> dict[str, tuple[object, object]]: ...
    def rules_line(self) -> str: ...
    def score_sheet(self, fmt: str) -> str: ...
    def history_json(self) -> Json: ...
