"""The games of one ledger file, oldest first: the last is the game being played."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RefusedError
from .games import PlayedGame

# a game of any kind: each kind's module in games/ says what it holds; what all of them
# provide is games.PlayedGame, all the ledger reads of them
AnyGame = PlayedGame


@dataclass(frozen=True)
class Ledger:
    """The games of one ledger file, oldest first; the last one is the game being played."""

    games: tuple[AnyGame, ...]

    @property
    def current(self) -> AnyGame:
        """The last game: the one ``round``, ``fix`` and ``undo`` change."""
        return self.games[-1]

    def with_current(self, game: AnyGame) -> Ledger:
        """The ledger with its last game replaced by ``game``."""
        return Ledger(self.games[:-1] + (game,))

    def game(self, number: int | None) -> AnyGame:
        """Game ``number`` (1 = the first in the file), or the current one for None."""
        if number is None:
            return self.current
        if not 1 <= number <= len(self.games):
            count = len(self.games)
            raise RefusedError(f"there is no game {number}: this ledger holds "
                               f"{count} game{'s' if count > 1 else ''} (1 to {count})")
        return self.games[number - 1]
