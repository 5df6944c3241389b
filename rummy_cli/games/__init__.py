"""The games rummy referees and scores, as peers: each is one package and its presets.

The one registry: each game's package declares itself in its ``GAME`` (a
:class:`~rummy_cli.games.declared.Declared`: the ``--game`` presets that start it, the names
its ledger entries carry in their ``game:`` line, its title, its kinds for the statistics),
and :func:`register` adds it; :data:`PACKAGES` names the games rummy ships. Every other list
of games (:data:`PRESETS`, :data:`KINDS`, the statistics' kinds, the rulebooks, the keepers
at the command line) is derived from it. The ledger knows a game only by its ``game:`` name:
:func:`game_from` and :func:`game_document` hand a game's plain data to its package's
``record`` module and back. What the scorekeeper says of a game is the game's own
:class:`~rummy_cli.games.played.Sheet` (``game.sheet()``). Adding a game is its package
and one line: its name in :data:`PACKAGES` (or ``register("its.package")`` for a game kept
outside rummy_cli); docs/contributing.md says the steps. Nothing here imports click or YAML.

>>> [g.package for g in GAMES]
['manipulation', 'gin', 'rummikub']
>>> registered("oklahoma").package, registered_for("manipulation").package
('gin', 'manipulation')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, cast

from ..document import Where
from .declared import Declared
from .played import GameRules as GameRules
from .played import GameState as GameState
from .played import PlayedGame as PlayedGame

if TYPE_CHECKING:
    from .protocol import Record

MANIPULATION = "manipulation-rummy"  # a ledger's game with no 'game:' line


# the registry: the games rummy knows, each its package's GAME (a Declared), in this order;
# a game is added by naming its package here (or by register(), for one outside rummy_cli)
PACKAGES = [f"{__package__}.manipulation", f"{__package__}.gin", f"{__package__}.rummikub"]

GAMES: list[Declared] = []  # every game, as declared (each found by register)
# the name in the ledger's 'game:' line -> the module that reads and writes such a game
KINDS: dict[str, str] = {}
PRESETS: list[str] = []  # every --game name (a list kept up to date: click's choices)


def register(module: str) -> Declared:
    """Add the game of the package ``module`` (its ``GAME``, a :class:`Declared`) to the
    registry, and return it; a package registered already is found again. A name another
    game goes by already is refused: the registry finds a game by its names alone."""
    found = next((g for g in GAMES if g.module == module), None)
    if found is not None:
        return found
    game = import_module(module).GAME
    if not isinstance(game, Declared) or game.module != module:
        raise TypeError(f"{module}.GAME does not declare the game of {module}")
    taken = set(KINDS) | set(PRESETS)
    clash = sorted(taken & (set(game.names) | set(game.presets)))
    if clash:
        raise ValueError(f"{module}: another game goes by {', '.join(clash)}")
    GAMES.append(game)
    KINDS.update({name: f"{module}.record" for name in game.names})
    PRESETS.extend(game.presets)
    for changed in _FOLLOWERS:
        changed()
    return game


# what follows the registry as it changes: the command line adds a game's new option words
_FOLLOWERS: list[Callable[[], None]] = []


def follow(changed: Callable[[], None]) -> None:
    """Call ``changed`` each time a game is registered or taken out."""
    _FOLLOWERS.append(changed)


def unregister(module: str) -> None:
    """Take the game of the package ``module`` out of the registry again (a test's game)."""
    game = next(g for g in GAMES if g.module == module)
    GAMES.remove(game)
    for name in game.names:
        del KINDS[name]
    for preset in game.presets:
        PRESETS.remove(preset)
    for changed in _FOLLOWERS:
        changed()


for _package in PACKAGES:
    register(_package)


def registered(name: str) -> Declared:
    """The game whose ledger entries are called ``name`` (their ``game:`` line); KeyError
    for none."""
    for game in GAMES:
        if name in game.names:
            return game
    raise KeyError(name)


def registered_for(preset: str) -> Declared:
    """The game that ``--game preset`` starts; KeyError for none."""
    for game in GAMES:
        if preset in game.presets:
            return game
    raise KeyError(preset)


def named(name: str) -> Declared:
    """The game a --game preset or a ledger's ``game:`` name belongs to; KeyError for none."""
    for game in GAMES:
        if name in game.presets or name in game.names:
            return game
    raise KeyError(name)


def judging(part: str) -> tuple[Declared, ...]:
    """The games whose referee offers ``part`` ('melds', 'turns', 'solver', 'showdown'; see
    :mod:`.referee`), in the registry's order."""
    return tuple(g for g in GAMES if getattr(g, part) is not None)


def refereed_by(part: str) -> tuple[str, ...]:
    """The --game presets of the games whose referee offers ``part``, in order."""
    return tuple(p for game in judging(part) for p in game.presets)


def said(what: str) -> str:
    """What the command line says of ``what`` ('round --upcard', 'new --target') in the words
    of the first game that says it (its ``Declared.said``); '' when none does."""
    return next((game.said[what] for game in GAMES if what in game.said), "")


def said_by_each(what: str) -> list[str]:
    """What each game that says ``what`` (its part of a command's help) says, in the
    registry's order."""
    return [game.said[what] for game in GAMES if what in game.said]


def default_preset() -> str:
    """The game a new ledger holds unless --game says otherwise: the registry's first."""
    return GAMES[0].presets[0]


def preset_rules(name: str) -> Any:
    """The rules of the preset called ``name`` (a --game name or a ledger's ``game:``)."""
    module = import_module(f"{named(name).module}.rules")
    return module.PRESETS.get(name) or next(p for p in module.PRESETS.values()
                                            if p.game == name)


def title_of(game: PlayedGame) -> str:
    """What a message calls a game: 'Hollywood Gin Rummy', 'Rummikub XP'."""
    return declared(game).title_of(game.rules)


def declared(game: PlayedGame) -> Declared:
    """What a game of the ledger declared of itself (found by its ``game:`` name)."""
    return registered(game.rules.game)


def preset_of(game: PlayedGame) -> Any:
    """The preset a game's rules started from (its ``game:`` line names it): the rules its
    house rules differ from."""
    module = import_module(f"{declared(game).module}.rules")
    return next(p for p in module.PRESETS.values() if p.game == game.rules.game)


def last_dealt(games: Sequence[PlayedGame]) -> PlayedGame | None:
    """The last of ``games`` that had a dealer (a card game; Rummikub has none), or None:
    the deal of the next card game goes on from there, whatever was played between."""
    return next((g for g in reversed(games) if g.last_dealer() is not None), None)


def is_gin(game: PlayedGame) -> bool:
    """Whether a game is one of the Gin family."""
    return declared(game).showdown is not None  # the family the showdown judges


def word_of(game: PlayedGame) -> str:
    """What one entry of a game is called: 'round', or 'hand' in the Gin family."""
    return declared(game).word


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
    word = word_of(old)
    was, now = old.state, new.state
    if not now.game_over:
        return f"not be over (it ended after {word} {was.over_after})"
    if now.over_after != was.over_after:
        return f"end after {word} {now.over_after} instead of {word} {was.over_after}"
    if set(now.winners) != set(was.winners):
        return (f"be won by {' and '.join(now.winners) or 'nobody'} instead of "
                f"{' and '.join(was.winners) or 'nobody'}")
    return None
