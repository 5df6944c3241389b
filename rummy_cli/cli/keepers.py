"""The scorekeeper at the command line: one keeper for every game.

What the commands do with a game once it is recorded (``standings``, ``history``, ``undo``,
``rename``, what ``round`` and ``fix`` print) is the same for every game: it goes through
the game's :class:`~rummy_cli.games.protocol.Sheet` (``game.sheet()``), which the game's
own package provides. What is a game's own at the command line (how a game starts and is
announced, the options that enter or change an entry) a new game says as data and
functions of its package (its declared ``scorekeeping``, a
:class:`~rummy_cli.games.protocol.Scorekeeping`), and :class:`DeclaredKeeper` turns that
into the commands' steps: a new game is its package and one line in the registry
(``rummy_cli.games.PACKAGES``), with no module here: every game rummy ships is kept so.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from ..errors import RummyError
from ..games import GAMES, PlayedGame, registered, registered_for
from ..games.declared import Declared
from . import shell
from .entries import _changed, entered, entered_as_answered, house_rules_json, say_entered
from .options import option_keys, shared_options
from .parsing import _print_json, _read

if TYPE_CHECKING:
    from ..games.protocol import Scorekeeping

G = TypeVar("G", bound=PlayedGame)


# the options of ``round`` and ``fix`` as typed, by the names of their values: the games'
# options (by their ``dest``), and ``round``'s own 'guided' and 'yes'
RoundOptions = Mapping[str, Any]
FixOptions = Mapping[str, Any]  # (None: not given)


def keepers() -> dict[str, Keeper]:
    """Each game's keeper, by its package in ``games/``: the :class:`DeclaredKeeper` of what
    its package declares (its ``scorekeeping``)."""
    return {game.package: _keeper(game.module) for game in GAMES}


@cache
def _keeper(module: str) -> Keeper:
    game = next(g for g in GAMES if g.module == module)
    if game.scorekeeping is None:
        raise RummyError(f"{game.title} keeps no score sheet in rummy")
    return DeclaredKeeper(game, game.scorekeeping())


class DeclaredKeeper:
    """The keeper of a game, from what its package says of its command-line part as data (a
    :class:`~rummy_cli.games.protocol.Scorekeeping`): the options it declares are handed to
    it by name, what it says is printed, its questions are put on the terminal, what it
    refuses is said in one line."""

    def __init__(self, game: Declared, keeping: Scorekeeping) -> None:
        self.game, self.keeping = game, keeping
        self.flags = tuple(o.flag for o in game.options)
        own = tuple(o.flag for o in game.options if not o.accepted)
        self.ENDS, self.HANDS = keeping.ENDS, keeping.HANDS
        from ..games.keeping import NoQuestions

        self.asks = not isinstance(keeping, NoQuestions)  # its entries can be asked
        self.OWN_OPTIONS = tuple(f for f in own if f not in shared_options())
        self.HAND_OPTIONS = tuple(o.flag for o in game.options if o.holds)
        self.ACCEPTS = self.flags  # another game's options it takes, under its own words
        self.FIX_OPTIONS = ", ".join(own[:-1]) + f" or {own[-1]}" if len(own) > 1 \
            else "".join(own)

    def _given(self, opts: RoundOptions | FixOptions) -> dict[str, object]:
        """The options the game takes, by their ``dest``; another one given is refused."""
        raw = cast("Mapping[str, object]", opts)
        keys = option_keys()
        for flag, key in keys.items():
            if flag not in self.flags and raw.get(key) not in (None, False, ()):
                raise click.UsageError(f"{flag} does not apply to {self.game.title}: "
                                       f"{self.ENDS}")
        given: dict[str, object] = {}
        for option in self.game.options:
            value = raw.get(keys[option.flag])
            if option.kind == "name" and isinstance(value, tuple):
                if len(value) > 1:
                    why = f": {option.once}" if option.once else \
                        f" ({', '.join(value)}): give it once"
                    raise click.UsageError(f"{option.flag} is given {len(value)} times{why}")
                value = value[0] if value else None
            elif option.kind == "names" and not isinstance(value, tuple):  # fix's: one
                value = () if value is None else (value,)
            given[option.dest] = value
        return given

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], kind: str, hollywood: bool,
              last: PlayedGame | None, dealt: PlayedGame | None) -> PlayedGame:
        if hollywood:
            if not self.game.hollywood:
                scored = [g for g in GAMES if g.hollywood]
                presets = [p for g in scored for p in g.presets]
                raise click.UsageError(
                    f"--hollywood scores {' or '.join(g.title for g in scored)}: add --game "
                    + (", ".join(presets[:-1]) + f" or {presets[-1]}" if len(presets) > 1
                       else "".join(presets)))
            typed = {**typed, **self.game.hollywood}
        return self.keeping.start(names, starter, seed, created, typed, kind, last, dealt)

    def announce(self, path: Path, game: PlayedGame, number: int, starter_given: bool,
                 as_json: bool) -> None:
        if as_json:
            doc = self.keeping.announced_json(game, number, str(path))
            _print_json({**doc, "house_rules": house_rules_json(game)})
            return
        from ..render import fold

        earlier = _read(path, quiet=True).games[:number - 1] if number > 1 else []
        for line in self.keeping.announced(game, number, str(path), starter_given, earlier):
            click.echo(fold(line))

    def record(self, path: Path, opts: RoundOptions, as_json: bool) -> None:
        given = self._given(opts)
        if opts["guided"] or (self.keeping.asks(given) and shell.stdin_is_terminal()):
            from .prompts import TerminalAsker

            game = _read(path).current
            still_kept(self, game, path)  # the game read first may have been replaced since
            enter = self.keeping.asked(game, given, TerminalAsker(), opts["yes"])
            if enter is None:
                click.echo("Nothing recorded.", err=True)
                return
            number = len(game.rounds) + 1
            updated = entered_as_answered(path, type(game), game, enter)
            say_entered(updated, number, as_json, announced=True)
            return
        current = _read(path, quiet=True).current
        still_kept(self, current, path)
        self.keeping.check(current, given)  # what was typed wrong is said before the lock
        kind = type(current)
        updated, number = entered(path, kind, lambda game: self.keeping.entered(game, given))
        lines = () if as_json else self.keeping.entered_lines(updated, number, _named(path))
        say_entered(updated, number, as_json, announced=False, lines=lines)

    def fixed(self, game: PlayedGame, number: int,
              opts: FixOptions) -> tuple[PlayedGame, list[str]]:
        return self.keeping.fixed(game, number, self._given(opts))

    def asked_fix(self, game: PlayedGame, number: int) -> tuple[PlayedGame, list[str]]:
        from .prompts import TerminalAsker

        return self.keeping.asked_again(game, number, TerminalAsker())


Keeper = DeclaredKeeper  # every game's keeper at the command line


def _named(path: Path) -> str | None:
    """The ledger as a command to type names it: None for the default one."""
    from ..ledger import ledger_path

    return None if path == ledger_path(None) else str(path)


def keeper_of(game: PlayedGame) -> Keeper:
    """The keeper of a game read from a ledger."""
    return keepers()[registered(game.rules.game).package]


def keeper_for(kind: str) -> Keeper:
    """The keeper that starts a game of ``--game`` ``kind`` (manipulation, gin, ...)."""
    try:
        return keepers()[registered_for(kind).package]
    except KeyError:  # click's choice of --game stops this first
        raise RummyError(f"no game called {kind!r}") from None


def given_options(opts: Mapping[str, Any], either_way: tuple[str, ...] = ()
                  ) -> dict[str, bool]:
    """Which options of ``round`` or ``fix`` were given, by their flags; a flag of
    ``either_way`` (``fix``'s --big-gin/--no-big-gin) is given as yes or no, None if not."""
    raw = cast("Mapping[str, object]", opts)
    return {flag: raw.get(key) is not None if key in either_way else
            raw.get(key) not in (None, False, ()) for flag, key in option_keys().items()}


def refuse_others(keeper: Keeper, given: Mapping[str, bool]) -> None:
    """Options of another game given for this one: say whose they are."""
    found = keepers()
    mine = next(each.title for each in GAMES if found[each.package] is keeper)
    for each in GAMES:
        other = found[each.package]
        if other is keeper:
            continue
        for option in other.OWN_OPTIONS:
            if given.get(option) and option not in keeper.ACCEPTS + keeper.OWN_OPTIONS:
                if option in other.HAND_OPTIONS:  # meant as this game's way to give a hand
                    how = keeper.HANDS
                else:  # and how a game of the option's kind starts
                    how = (f"{keeper.ENDS} (for {each.title}: 'rummy new Ann Ben --game "
                           f"{each.presets[0]}')")
                raise RummyError(f"{option} is for {each.title}; this ledger's game is "
                                 f"{mine}: {how}")


# --- entering a round: the steps every game's keeper takes alike --------------------------


# --- what every game's Sheet (games/protocol.py) answers ----------------------------------




def still_kept(keeper: Keeper, game: PlayedGame, path: Path) -> None:
    """Nothing, if ``keeper`` keeps ``game``, as read again under the lock.

    The keeper is chosen from a read made before the lock; another command may have started
    a game of the other kind since. Then nothing is done, and the player is told why.
    """
    if keeper_of(game) is not keeper:
        raise _changed(game, path)
