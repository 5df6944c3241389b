"""The games rummy referees and scores, as peers: each is one package and one preset.

The one registry, :data:`GAMES`, names each game: its package in ``games/``, its presets
(the ``--game`` names that start it) and the names its ledger entries carry in their
``game:`` line. The ledger knows a game only by that name: :func:`game_from` and
:func:`game_document` hand a game's plain data to its package's ``record`` module and back.
What the scorekeeper says of a game and does to it is the game's own
:class:`~rummy_cli.games.protocol.Sheet` (``game.sheet()``); the CLI finds a game's keeper
(``cli/keep_<package>``) by the package :func:`registered` and :func:`registered_for` name.
Adding a game is its package and one line in :data:`GAMES` (and its keeper at the command
line). Nothing here imports click or YAML.

>>> [g.package for g in GAMES]
['manipulation', 'gin', 'rummikub']
>>> registered("oklahoma").package, registered_for("manipulation").package
('gin', 'manipulation')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..document import Where

if TYPE_CHECKING:
    from .protocol import Record, Sheet

MANIPULATION = "manipulation-rummy"
RUMMIKUB_PRESETS = ("rummikub", "rummikub-strict", "rummikub-xp")


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
    """What every game of the ledger provides to the ledger, the keepers and this registry;
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


@dataclass(frozen=True, kw_only=True)
class Registered:
    """A game rummy knows: where it lives and the names it goes by."""

    package: str  # its package in games/, which holds its ``record`` module
    title: str  # what a message calls it
    presets: tuple[str, ...]  # the --game names that start such a game
    names: tuple[str, ...]  # the names in the ledger's 'game:' line of such a game

    @property
    def record(self) -> str:
        """The module that reads and writes such a game in the ledger."""
        return f"{__name__}.{self.package}.record"


# the registry: one line per game
GAMES = (
    Registered(package="manipulation", title="Manipulation Rummy", presets=("manipulation",),
               names=(MANIPULATION,)),
    Registered(package="gin", title="a Gin game", presets=("gin", "classic", "oklahoma"),
               names=("gin", "classic", "oklahoma")),
    Registered(package="rummikub", title="Rummikub", presets=RUMMIKUB_PRESETS,
               names=RUMMIKUB_PRESETS),
)
# the name in the ledger's 'game:' line -> the module that reads and writes such a game
KINDS = {name: game.record for game in GAMES for name in game.names}
PRESETS = tuple(preset for game in GAMES for preset in game.presets)  # every --game name
GIN_FAMILY = next(game for game in GAMES if game.package == "gin").names


def registered(name: str) -> Registered:
    """The game whose ledger entries are called ``name`` (their ``game:`` line); KeyError
    for none."""
    for game in GAMES:
        if name in game.names:
            return game
    raise KeyError(name)


def registered_for(preset: str) -> Registered:
    """The game that ``--game preset`` starts; KeyError for none."""
    for game in GAMES:
        if preset in game.presets:
            return game
    raise KeyError(preset)


def preset_of(game: PlayedGame) -> Any:
    """The preset a game's rules started from (its ``game:`` line names it): the rules its
    house rules differ from."""
    module = import_module(f"{__name__}.{registered(game.rules.game).package}.rules")
    return next(p for p in module.PRESETS.values() if p.game == game.rules.game)


def family_of(name: str) -> str:
    """The package in ``games/`` a game called ``name`` belongs to (manipulation, gin)."""
    return registered(name).package


def last_dealt(games: Sequence[PlayedGame]) -> PlayedGame | None:
    """The last of ``games`` that had a dealer (a card game; Rummikub has none), or None:
    the deal of the next card game goes on from there, whatever was played between."""
    return next((g for g in reversed(games) if g.last_dealer() is not None), None)


def is_gin(game: PlayedGame) -> bool:
    """Whether a game is one of the Gin family."""
    return bool(game.rules.game in GIN_FAMILY)


def _record(name: object, at: tuple[str | int, ...]) -> Record[PlayedGame]:
    """The ``record`` module of the game called ``name`` in the ledger.

    Each module reads and writes only its own game, which its ``game:`` line names: that is
    what makes it a record of any game found by that name. mypy checks each module against
    :class:`~.protocol.Record` (see the end of each).
    """
    if name is None or isinstance(name, str) and not name.strip():
        raise Where(at + ("game",), f"is blank; write one of {', '.join(KINDS)}")
    if not isinstance(name, str) or name not in KINDS:
        from ..document import written

        raise Where(at + ("game",), f"{written(name)} is not a game this rummy scores (it "
                                    f"knows {', '.join(KINDS)})")
    return cast("Record[PlayedGame]", import_module(KINDS[name]))


def game_keys(name: str) -> tuple[str, ...]:
    """The keys a game of this kind has in the ledger."""
    return tuple(_record(name, ()).GAME_KEYS)


def game_from(data: dict[str, Any], at: tuple[str | int, ...]) -> tuple[PlayedGame, list[str]]:
    """A game from its plain data (the kind named by ``game:``), and warnings."""
    record = _record(data.get("game", MANIPULATION), at)
    from ..document import only_keys

    only_keys(data, record.GAME_KEYS, at, "a game")
    game, warnings = record.game_from(data, at)
    return game, list(warnings)


def game_document(game: PlayedGame) -> dict[str, Any]:
    """A game as the ledger keeps it (by the module of its kind)."""
    return dict(_record(game.rules.game, ()).game_document(game))


def ending_change(old: PlayedGame, new: PlayedGame) -> str | None:
    """How ``new``, a corrected copy of the finished game ``old``, would end otherwise, in
    words (to follow "it would"), or None: it still ends after the same round (a hand in
    Gin) and is won by the same players.

    A later game of the ledger began where this one ended, so its end must stay.
    """
    word = "hand" if is_gin(old) else "round"
    was, now = old.state, new.state
    if not now.game_over:
        return f"not be over (it ended after {word} {was.over_after})"
    if now.over_after != was.over_after:
        return f"end after {word} {now.over_after} instead of {word} {was.over_after}"
    if set(now.winners) != set(was.winners):
        return (f"be won by {' and '.join(now.winners) or 'nobody'} instead of "
                f"{' and '.join(was.winners) or 'nobody'}")
    return None


if TYPE_CHECKING:  # every game's class provides what a played game must (mypy checks it)
    from .gin.game import GinGame
    from .manipulation.game import Game
    from .rummikub.game import RummikubGame

    _GAMES: tuple[type[PlayedGame], ...] = (Game, GinGame, RummikubGame)
