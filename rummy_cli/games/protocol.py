"""What every game's package provides to the scorekeeper: one game's :class:`Sheet`.

The scorekeeping commands (``round``, ``standings``, ``history``, ``undo``, ``fix``,
``rename``) are the same for every game; what differs is what a game says of its rounds and
its standings, and how it takes a round back or renames a player. Each game's class answers
``game.sheet()`` with its own package's sheet (``report`` in Manipulation Rummy and Rummikub,
``sheet`` in the Gin family), and the command line calls only what is named here.

Pure: strings and plain data, nothing printed; the JSON documents are dictionaries of plain
values, as ``json.dumps`` takes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from . import PlayedGame

# a JSON document as the report modules build it: plain values under string keys
Json = dict[str, object]


class Sheet(Protocol):
    """One game of the ledger as the scorekeeper shows and changes it."""

    @property
    def word(self) -> str:
        """What one entry of the game is called: 'Round', or 'Hand' in the Gin family."""
        ...

    def heading(self, number: int) -> str:
        """Entry ``number`` and who began it: 'Round 3 (Ann dealt)', 'Round 3 (Ben played
        first)'."""
        ...

    def said(self, number: int) -> str:
        """Entry ``number`` in one sentence."""
        ...

    def said_json(self, number: int) -> Json:
        """Entry ``number`` as ``round --json`` prints it."""
        ...

    def standings_table(self, fmt: str) -> str:
        """The standings as a table in the format ``fmt``."""
        ...

    def standings_footer(self) -> str:
        """The line under the standings: who won, or what comes next."""
        ...

    def standings_json(self) -> Json:
        """``standings --json``, without what the ledger adds (the game's number)."""
        ...

    def house_rules(self) -> dict[str, tuple[object, object]]:
        """The rules that differ from the game's preset: ``{name: (in force, preset)}``."""
        ...

    def rules_line(self) -> str:
        """The line under the standings naming the house rules ('' for none, and in a game
        that names them only when it starts)."""
        ...

    def history_table(self, fmt: str) -> str:
        """The score sheet drawn in ``fmt`` (with whatever a game shows under it)."""
        ...

    def history_json(self) -> Json:
        """``history --json``."""
        ...

    def undone(self) -> PlayedGame:
        """The game without its last entry (refused when there is none)."""
        ...

    def renamed(self, old: str, new: str) -> PlayedGame:
        """The game with the player ``old`` called ``new`` everywhere."""
        ...
