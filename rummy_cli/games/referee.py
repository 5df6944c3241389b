"""What every game's referee provides to the referee's commands (``check meld|table|turn``
and its dispute file, ``arrange``, ``hint``, ``deadwood``, ``check knock``).

A game offers a part by declaring it in its ``GAME`` (:class:`~.declared.Declared`:
``melds``, ``turns``, ``solver``, ``showdown``, each a function that loads the module that
provides it); a part it does not declare is refused by the command line from that. Each
part is a typing protocol here, and mypy checks each game's modules against those it
declares (see the end of each). The command line reads the options, hands them over as an
:class:`Asked`, and prints the :class:`Said` it gets back.

Pure: strings and plain data, nothing printed; refusals are
:class:`~rummy_cli.errors.RummyError` (:class:`~rummy_cli.errors.OptionsError` for an
option the game cannot take as given, :class:`~rummy_cli.errors.UnusableInputError` for
input that cannot be judged). Nothing here imports click or YAML.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import OptionsError
from ..render import PLAIN, Style

if TYPE_CHECKING:
    from ..asking import Asker

# a JSON document: plain values under string keys
Json = dict[str, Any]


@dataclass(frozen=True)
class Said:
    """A referee's answer: legal (exit 0) or not (exit 1), and what is printed: ``text``,
    or with ``--json`` the document ``json``."""

    legal: bool
    text: str = ""
    json: Json | None = None


def _nowhere(name: str) -> str | None:
    return None


@dataclass(frozen=True, kw_only=True)
class Asked:
    """What a referee's command was given besides its cards, as plain values."""

    game: str  # --game as typed: 'manipulation', ' Rummikub-XP'
    house_rules: tuple[str, ...] = ()  # each --rule NAME=VALUE, as typed
    decks: int | None = None  # --decks (None: not given)
    draws: int | None = None  # --draws (None: not given)
    initial: bool = False  # --initial (Rummikub's: not opened yet)
    by: str = "cards"  # hint's --by: 'cards' or 'points'
    as_json: bool = False  # --json
    style: Style = PLAIN  # how cards are shown
    # why an option given is not taken with this game, in the command line's words ('': all
    # are); the game says it where its checks reach that option (see refuse_untaken)
    refusal: str = ""
    games: str = ""  # the --game names this command takes, as a message lists them
    # where a rule this game does not know belongs: 'a Rummikub rule: add --game rummikub'
    belongs: Callable[[str], str | None] = field(default=_nowhere)

    @property
    def preset(self) -> str:
        """--game as the registry knows it: 'rummikub-xp'."""
        return self.game.strip().lower()

    def refuse_untaken(self) -> None:
        """Refuses the options this game does not take, if any was given."""
        if self.refusal:
            raise OptionsError(self.refusal)


class MeldJudge(Protocol):
    """``check meld`` and ``check table``: one meld (a set of tiles), or each meld of a
    table, judged by the game's rules."""

    @property
    def TAKES(self) -> frozenset[str]:
        """The options beyond --game these commands take with this game: '--rule'."""
        ...

    def check_meld(self, words: Sequence[str], asked: Asked) -> Said:
        """The verdict on the one meld typed as ``words``."""
        ...

    def check_table(self, words: Sequence[str], asked: Asked) -> Said:
        """The verdict on each meld of the table typed as ``words`` ('/' between melds)."""
        ...


class TurnJudge(Protocol):
    """``check turn``: one turn judged, from its options, from a dispute file, or from the
    answers to the questions of ``--guided``."""

    @property
    def TAKES(self) -> frozenset[str]:
        """The options beyond --game ``check turn`` takes with this game: '--initial'."""
        ...

    @property
    def DISPUTE(self) -> Mapping[str, str]:
        """What a dispute file of the game holds, for the messages on a file: ``lines``
        (the lines a file needs), ``keys`` (its keys, comma separated), ``kind`` ('a
        dispute'), ``hand`` (its key for the hand) and ``hand_is`` (what that hand is)."""
        ...

    def turn_rules(self, asked: Asked) -> Any:
        """The rules in force (the preset and the house rules typed), refusing options the
        game does not take: said before a question is asked."""
        ...

    def turn_from_options(self, before: str | None, hand: str | None, after: str | None,
                          asked: Asked) -> Said:
        """The turn as --before, --hand and --after give it."""
        ...

    def turn_from_file(self, data: dict[str, Any], asked: Asked) -> Said:
        """The turn of a dispute file (its plain data, ``label``: where it was read)."""
        ...

    def turn_asked(self, before: str | None, hand: str | None, after: str | None,
                   rules: Any, asked: Asked, asker: Asker) -> Said:
        """The turn asked at the table through ``asker`` (``--guided``, or nothing typed on
        a terminal): what the options left out, each answer checked at once; judged."""
        ...


class Solver(Protocol):
    """``arrange`` and ``hint``: the exact search of a game's melds."""

    @property
    def TAKES(self) -> frozenset[str]:
        """The options beyond --game these commands take with this game."""
        ...

    def arrange(self, words: Sequence[str], asked: Asked) -> Said:
        """Whether these cards (tiles) make legal melds, and one way they do."""
        ...

    def hint(self, table: str, hand: str | None, asked: Asked) -> Said:
        """The best legal play from ``hand`` onto ``table`` this turn (said while the CLI
        counts the seconds)."""
        ...


class Showdown(Protocol):
    """``deadwood`` and ``check knock``: a hand's least deadwood, a knock refereed."""

    def deadwood(self, words: Sequence[str], asked: Asked) -> Said:
        """The least deadwood of the hand typed as ``words``, and melds that leave it."""
        ...

    def check_knock(self, knocker: str | None, defender: str | None, melds: str | None,
                    upcard: str | None, asked: Asked) -> Said:
        """The knock refereed and scored."""
        ...
