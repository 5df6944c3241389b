"""What every game's package provides to the scorekeeper.

The scorekeeping commands (``round``, ``standings``, ``history``, ``undo``, ``fix``,
``rename``) are the same for every game; what differs is what a game says of its rounds and
its standings. Each game's package has one module that says it, a :class:`Report` (``report``
in Manipulation Rummy and Rummikub, ``sheet`` in the Gin family), and each game's class
answers ``game.sheet()`` with a :class:`Sheet`: that module bound to the game. The command
line calls only what is named here; mypy checks that each module provides all of it.

Pure: strings and plain data, nothing printed; the JSON documents are dictionaries of plain
values, as ``json.dumps`` takes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .played import Json, PlayedGame, Sheet

if TYPE_CHECKING:
    from ..asking import Asker

__all__ = ["Json", "PlayedGame", "Record", "Report", "ReportSheet", "Scorekeeping", "Sheet"]

G = TypeVar("G", bound="PlayedGame")
G_contra = TypeVar("G_contra", bound="PlayedGame", contravariant=True)


class Report(Protocol[G_contra]):
    """What a game's report module provides: each function takes one of its games."""

    @property
    def WORD(self) -> str:
        """What one entry of the game is called: 'Round', or 'Hand' in the Gin family."""
        ...

    def heading(self, game: G_contra, number: int) -> str:
        """Entry ``number`` and who began it: 'Round 3 (Ann dealt)'."""
        ...

    def said(self, game: G_contra, number: int) -> str:
        """Entry ``number`` in one sentence."""
        ...

    def said_json(self, game: G_contra, number: int) -> Json:
        """Entry ``number`` as ``round --json`` prints it."""
        ...

    def standings_table(self, game: G_contra, fmt: str) -> str:
        """The standings as a table in the format ``fmt``."""
        ...

    def standings_footer(self, game: G_contra) -> str:
        """The line under the standings: who won, or what comes next."""
        ...

    def standings_json(self, game: G_contra) -> Json:
        """``standings --json``, without what the ledger adds (the game's number)."""
        ...

    def house_rules(self, game: G_contra) -> dict[str, tuple[object, object]]:
        """The rules that differ from the game's preset: ``{name: (in force, preset)}``."""
        ...

    def rules_line(self, game: G_contra) -> str:
        """The line under the standings naming the house rules ('' for none)."""
        ...

    def score_sheet(self, game: G_contra, fmt: str) -> str:
        """``history``: the score sheet drawn in ``fmt``, and what a game shows under it."""
        ...

    def history_json(self, game: G_contra) -> Json:
        """``history --json``."""
        ...


@dataclass(frozen=True)
class ReportSheet(Generic[G]):
    """The :class:`Sheet` of ``game``, said by its package's ``report``."""

    game: G
    report: Report[G]

    @property
    def word(self) -> str:
        return self.report.WORD

    def heading(self, number: int) -> str:
        return self.report.heading(self.game, number)

    def said(self, number: int) -> str:
        return self.report.said(self.game, number)

    def said_json(self, number: int) -> Json:
        return self.report.said_json(self.game, number)

    def standings_table(self, fmt: str) -> str:
        return self.report.standings_table(self.game, fmt)

    def standings_footer(self) -> str:
        return self.report.standings_footer(self.game)

    def standings_json(self) -> Json:
        return self.report.standings_json(self.game)

    def house_rules(self) -> dict[str, tuple[object, object]]:
        return self.report.house_rules(self.game)

    def rules_line(self) -> str:
        return self.report.rules_line(self.game)

    def score_sheet(self, fmt: str) -> str:
        return self.report.score_sheet(self.game, fmt)

    def history_json(self) -> Json:
        return self.report.history_json(self.game)


class Record(Protocol[G]):
    """What a game's ``record`` module provides: the game read from the ledger's plain data,
    and written back to it (the ledger finds the module by the game's ``game:`` line)."""

    @property
    def GAME_KEYS(self) -> tuple[str, ...]:
        """The keys a game of this kind has in the ledger, in the order it writes them."""
        ...

    def game_from(self, data: dict[str, Any], at: tuple[str | int, ...]
                  ) -> tuple[G, list[str]]:
        """The game of ``data`` (read at ``at`` in the file), and warnings."""
        ...

    def game_document(self, game: G) -> dict[str, Any]:
        """The game as the ledger keeps it."""
        ...


# --- a game's scorekeeping said as data (its declaration is in declared.py) ---------------

class Scorekeeping(Protocol):
    """What the scorekeeping commands need of a game that says its command-line part as data
    (a :class:`Declared` game's ``scorekeeping``): how a game starts and is announced, an
    entry made or changed from the options typed, and its questions at the table.

    ``given``: the options the game declares (its :class:`Option`), by ``dest``; an option
    not typed is None, False or empty. Refusals are :class:`RummyError`: an
    ``OptionsError`` for options that cannot be used together (said as a usage error of the
    command), ``UnusableInputError`` for input that cannot be used. The questions are put
    through an :class:`~rummy_cli.asking.Asker`; nothing here prints.
    """

    @property
    def ENDS(self) -> str:
        """How an entry ends, in the options' words (said when another game's is given)."""
        ...

    @property
    def HANDS(self) -> str:
        """How what a player holds is given (said when another game's way of giving it,
        an option marked ``holds``, is given)."""
        ...

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], preset: str,
              last: PlayedGame | None, dealt: PlayedGame | None) -> PlayedGame:
        """A new game of the players ``names`` (none typed: ``last``'s), who begins:
        ``starter``, else picked with ``seed``; the house rules ``typed`` (Hollywood scoring
        as ``scoring=hollywood``). ``last``: the ledger's last game, over, or None;
        ``dealt``: its last game with a dealer, from which a deal goes on."""
        ...

    def announced(self, game: Any, number: int, where: str, starter_given: bool,
                  earlier: Sequence[PlayedGame]) -> list[str]:
        """What 'rummy new' says of game ``number`` of the ledger ``where``, line by line
        (``earlier``: the ledger's games before it)."""
        ...

    def announced_json(self, game: Any, number: int, where: str) -> Json:
        """'rummy new --json', without the house rules (the CLI adds them)."""
        ...

    def check(self, game: Any, given: Mapping[str, object]) -> None:
        """Refuse options ``given`` that cannot enter an entry in ``game`` (as read before the
        ledger is locked): a mistake in what was typed is said without waiting for the lock
        or making its file; :meth:`entered` is called all the same, under the lock."""
        ...

    def entered(self, game: Any, given: Mapping[str, object]) -> PlayedGame:
        """The game with one more entry, as the options ``given`` say."""
        ...

    def entered_lines(self, game: Any, number: int, where: str | None) -> list[str]:
        """Lines said after entry ``number``, just typed in, and its sentence (Gin: the
        layout scored); ``where``: the ledger as a command to type names it (None: the
        default ledger)."""
        ...

    def fixed(self, game: Any, number: int,
              given: Mapping[str, object]) -> tuple[PlayedGame, list[str]]:
        """The game with entry ``number`` changed as the options ``given`` say (not given:
        as recorded), and notes on what else the change dropped."""
        ...

    def asks(self, given: Mapping[str, object]) -> bool:
        """Whether ``rummy round`` with only these options asks the rest on a terminal."""
        ...

    def asked(self, game: Any, given: Mapping[str, object], asker: Asker,
              yes: bool) -> Callable[[Any], PlayedGame] | None:
        """The next entry asked at the table (``given``: what the options said already),
        shown and confirmed (``yes``: without the last question): how to enter it in the
        game as read again under the lock, or None when the player said not to record it."""
        ...

    def asked_again(self, game: Any, number: int,
                    asker: Asker) -> tuple[PlayedGame, list[str]]:
        """Entry ``number`` asked again (``rummy fix N`` on a terminal), each recorded
        answer the default: the game so changed, and notes as :meth:`fixed`."""
        ...
