"""The scorekeeper at the command line: one keeper for every game.

What the commands do with a game once it is recorded (``standings``, ``history``, ``undo``,
``rename``, what ``round`` and ``fix`` print) is the same for every game: it goes through
the game's :class:`~rummy_cli.games.protocol.Sheet` (``game.sheet()``), which the game's
own package provides. What is a game's own at the command line (how a game starts and is
announced, the options that enter or change an entry) a new game says as data and
functions of its package (its declared ``scorekeeping``, a
:class:`~rummy_cli.games.protocol.Scorekeeping`), and :class:`DeclaredKeeper` turns that
into the commands' steps: a new game is its package and one line in the registry
(``rummy_cli.games.PACKAGES``), with no module here. The three games rummy ships still have
their :class:`Keeper` module here, ``keep_<package>`` (their questions on a terminal are not
data yet), found through the registry by :func:`keepers`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypedDict, TypeVar, cast

import click

from ..errors import RummyError, UnusableInputError
from ..games import GAMES, PlayedGame, registered, registered_for, title_of
from ..games.declared import Declared
from .options import SHARED, option_keys
from .parsing import _footer, _print_json, _read, _recorded, show_after
from .shell import _RUN

if TYPE_CHECKING:
    from ..games.protocol import Scorekeeping
    from ..ledger import Ledger

G = TypeVar("G", bound=PlayedGame)


class GivenOptions(TypedDict):
    """The options of ``round`` and ``fix`` that both take alike."""

    stock_out: bool
    hands: tuple[str, ...]
    points: tuple[str, ...]
    upcard: str | None
    dead: bool
    melds: tuple[str, ...]
    pool_out: bool
    racks: tuple[str, ...]
    first: str | None


class RoundOptions(GivenOptions):
    """``rummy round``'s options, by the names of its parameters."""

    knock: tuple[str, ...]
    out: tuple[str, ...]
    big_gin: bool
    guided: bool
    yes: bool


class FixOptions(GivenOptions):
    """``rummy fix``'s options, by the names of its parameters (None: not given)."""

    knock: str | None
    out: str | None
    big_gin: bool | None


class Keeper(Protocol):
    """What a game's keeper module (``keep_<package>``) provides: the game's own options
    and the commands' steps that differ from game to game."""

    @property
    def ENDS(self) -> str:
        """How an entry ends, in the options' words (said when another game's is given)."""
        ...

    @property
    def HANDS(self) -> str:
        """How what a player holds is given (said when another game's way is given)."""
        ...

    @property
    def OWN_OPTIONS(self) -> tuple[str, ...]:
        """The options of ``round`` and ``fix`` only this game takes."""
        ...

    @property
    def HAND_OPTIONS(self) -> tuple[str, ...]:
        """Of those, the ones that give what a player holds."""
        ...

    @property
    def ACCEPTS(self) -> tuple[str, ...]:
        """Options of another game this one takes under its own words."""
        ...

    @property
    def FIX_OPTIONS(self) -> str:
        """What ``fix`` can change, as its message lists it."""
        ...

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], kind: str, hollywood: bool,
              last: PlayedGame | None, dealt: PlayedGame | None) -> PlayedGame:
        """The first game, or the next one after ``last`` (any game's, over); ``dealt`` is
        the ledger's last game with a dealer, from which a card game's deal goes on."""
        ...

    def announce(self, path: Path, game: PlayedGame, number: int, starter_given: bool,
                 as_json: bool) -> None:
        """What 'rummy new' says of the game it started."""
        ...

    def record(self, path: Path, opts: RoundOptions, as_json: bool) -> None:
        """``rummy round``: the entry as typed, or asked on a terminal."""
        ...

    def fixed(self, game: PlayedGame, number: int,
              opts: FixOptions) -> tuple[PlayedGame, list[str]]:
        """The game with entry ``number`` changed as the options say, and notes on what
        else the change dropped."""
        ...

    def asked_fix(self, game: PlayedGame, number: int) -> tuple[PlayedGame, list[str]]:
        """Entry ``number`` asked again on a terminal, each recorded answer the default."""
        ...


def keepers() -> dict[str, Keeper]:
    """Each game's keeper, by its package in ``games/``: a game that says its command-line
    part as data (its declared ``scorekeeping``) is kept by :class:`DeclaredKeeper`; one
    that does not yet, by the module ``keep_<package>`` here."""
    return {game.package: _keeper(game.module) for game in GAMES}


@cache
def _keeper(module: str) -> Keeper:
    game = next(g for g in GAMES if g.module == module)
    if game.scorekeeping is not None:
        return DeclaredKeeper(game, game.scorekeeping())
    # mypy checks each keep_<package> module against Keeper (see the end of each)
    return cast("Keeper", import_module(f"{__package__}.keep_{game.package}"))


class DeclaredKeeper:
    """The :class:`Keeper` of a game that says its command-line part as data (a
    :class:`~rummy_cli.games.protocol.Scorekeeping`): the options it declares are handed to
    it by name, what it says is printed, what it refuses is said in one line."""

    def __init__(self, game: Declared, keeping: Scorekeeping) -> None:
        self.game, self.keeping = game, keeping
        self.flags = tuple(o.flag for o in game.options)
        self.ENDS = self.HANDS = keeping.ENDS
        self.OWN_OPTIONS = tuple(f for f in self.flags if f not in SHARED)
        self.HAND_OPTIONS: tuple[str, ...] = ()
        self.ACCEPTS = self.flags  # another game's options it takes, under its own words
        self.FIX_OPTIONS = ", ".join(self.flags[:-1]) + f" or {self.flags[-1]}" \
            if len(self.flags) > 1 else "".join(self.flags)

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
                    raise click.UsageError(f"{option.flag} is given {len(value)} times "
                                           f"({', '.join(value)}): give it once")
                value = value[0] if value else None
            given[option.dest] = value
        return given

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], kind: str, hollywood: bool,
              last: PlayedGame | None, dealt: PlayedGame | None) -> PlayedGame:
        if hollywood:
            raise click.UsageError(f"--hollywood does not apply to {self.game.title}: it "
                                   "scores a Gin game")
        players = names or (tuple(last.players) if last is not None else ())
        if not players:
            raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben "
                                   f"Cy --game {self.game.presets[0]}")
        return self.keeping.start(players, starter, seed, created, typed, kind, last)

    def announce(self, path: Path, game: PlayedGame, number: int, starter_given: bool,
                 as_json: bool) -> None:
        if as_json:
            doc = self.keeping.announced_json(game, number, str(path))
            _print_json({**doc, "house_rules": house_rules_json(game)})
            return
        from ..render import fold

        for line in self.keeping.announced(game, number, str(path), starter_given):
            click.echo(fold(line))

    def record(self, path: Path, opts: RoundOptions, as_json: bool) -> None:
        given = self._given(opts)
        if opts["guided"]:
            raise click.UsageError(f"{self.game.title} asks no questions: {self.ENDS}")
        kind = type(_read(path, quiet=True).current)
        updated, number = entered(path, kind, lambda game: self.keeping.entered(game, given))
        say_entered(updated, number, as_json, announced=False)

    def fixed(self, game: PlayedGame, number: int,
              opts: FixOptions) -> tuple[PlayedGame, list[str]]:
        return self.keeping.fixed(game, number, self._given(opts)), []

    def asked_fix(self, game: PlayedGame, number: int) -> tuple[PlayedGame, list[str]]:
        raise click.UsageError(f"{self.game.title} asks no questions: say what to change "
                               f"({self.FIX_OPTIONS})")


def keeper_of(game: PlayedGame) -> Keeper:
    """The keeper of a game read from a ledger."""
    return keepers()[registered(game.rules.game).package]


def keeper_for(kind: str) -> Keeper:
    """The keeper that starts a game of ``--game`` ``kind`` (manipulation, gin, ...)."""
    try:
        return keepers()[registered_for(kind).package]
    except KeyError:  # click's choice of --game stops this first
        raise RummyError(f"no game called {kind!r}") from None


def still_kept(keeper: Keeper, game: PlayedGame, path: Path) -> None:
    """Nothing, if ``keeper`` keeps ``game``, as read again under the lock.

    The keeper is chosen from a read made before the lock; another command may have started
    a game of the other kind since. Then nothing is done, and the player is told why.
    """
    if keeper_of(game) is not keeper:
        raise _changed(game, path)


def still_kept_by(kind: type[G], game: PlayedGame, path: Path) -> G:
    """``game`` as read under the lock, if it is of the class ``kind`` (see
    :func:`still_kept`)."""
    if not isinstance(game, kind):
        raise _changed(game, path)
    return game


def _changed(game: PlayedGame, path: Path) -> RummyError:
    return RummyError(f"{path} changed while rummy was reading it: its game is now "
                      f"{registered(game.rules.game).title} (another rummy command started "
                      "it); nothing was changed: run the command again")


def own(kind: type[G], game: PlayedGame) -> G:
    """``game``, handed to the keeper of ``kind`` by :func:`keeper_of`: of that class."""
    if not isinstance(game, kind):  # keeper_of chose another keeper: never
        raise RummyError(f"{registered(game.rules.game).title} is not kept as "
                         f"{kind.__name__}")
    return game


def given_options(opts: GivenOptions, either_way: tuple[str, ...] = ()) -> dict[str, bool]:
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
                how = keeper.HANDS if option in other.HAND_OPTIONS else keeper.ENDS
                raise RummyError(f"{option} is for {each.title}; this ledger's game is "
                                 f"{mine}: {how}")


R = TypeVar("R", bound="HouseRuled")


class HouseRuled(Protocol):
    """Rules that take house rules as typed and say when a table cannot play them."""

    def with_house_rules(self: R, typed: dict[str, str]) -> R: ...
    def problem_for(self, players: int) -> tuple[str, str] | None: ...


def playable(base: R, typed: dict[str, str], players: int) -> R:
    """The rules of a new game: ``base`` with the house rules typed (``--rule``), refused
    when ``players`` players cannot play them."""
    from ..house_rules import RuleError

    try:
        rules = base.with_house_rules(typed)
        problem = rules.problem_for(players)
    except RuleError as exc:
        raise UnusableInputError(str(exc)) from None
    if problem:
        raise UnusableInputError(f"{problem[1]} (the game cannot be played so)")
    return rules


P = TypeVar("P")  # a game's rules


def next_rules(preset: P, last: PlayedGame | None) -> P:
    """The rules a new game of ``preset`` starts from: the preset with the house rules of
    ``last`` (the ledger's last game, of any kind) that it keeps (see
    :func:`~rummy_cli.house_rules.carried`)."""
    if last is None:
        return preset
    from dataclasses import replace

    from ..house_rules import carried

    return replace(preset, **carried(last.sheet().house_rules(), preset))  # type: ignore[type-var]


def entry_word(game: PlayedGame) -> str:
    """What a ledger calls one of its entries: 'match' for a Hollywood match, whose own
    columns are Game 1, 2 and 3 (so "game 3" never means two things), else 'game'."""
    return "match" if getattr(game.rules, "hollywood", False) else "game"


def described(game: PlayedGame, number: int) -> str:
    """Entry ``number`` of a ledger, its kind and its players, as a message names it:
    'match 2 (Hollywood Gin Rummy: Ben, Cy)'."""
    return (f"{entry_word(game)} {number} ({title_of(game)}: "
            f"{', '.join(game.players)})")


def chosen_alone(night: Ledger, number: int | None) -> bool:
    """Whether a command that changes a game took the ledger's last one by itself: the
    ledger holds more than one and no ``--game-number`` (nor ``--game``) said which. It
    then says which game it changed, first."""
    return number is None and len(night.games) > 1


# --- entering a round: the steps every game's keeper takes alike --------------------------

def entered(path: Path, kind: type[G], enter: Callable[[G], G]) -> tuple[G, int]:
    """The game with one more entry, ``enter(game)`` of the game read under the lock, and
    the entry's number; written to the ledger."""
    from ..ledger import locked, save

    with locked(path, existing=True):
        night: Ledger = _read(path)
        game = still_kept_by(kind, night.current, path)
        number = len(game.rounds) + 1
        updated = enter(game)
        save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
    return updated, number


def entered_as_answered(path: Path, kind: type[G], asked: G,
                        enter: Callable[[G], G]) -> G:
    """Like :func:`entered`, for an entry asked on a terminal: the answers were given
    without the lock, about the game ``asked``; the file is read again and must still hold
    that game."""
    from ..ledger import locked, save

    number = len(asked.rounds) + 1
    with locked(path, existing=True):  # not held while the player answers
        night: Ledger = _read(path, quiet=True)
        game = still_kept_by(kind, night.current, path)
        if game.rounds != asked.rounds or game.players != asked.players:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing recorded: run 'rummy round' again")
        updated = enter(game)
        save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
    return updated


def say_entered(game: PlayedGame, number: int, as_json: bool, announced: bool,
                lines: Sequence[str] = ()) -> None:
    """Entry ``number``, just recorded, as ``round`` prints it: in JSON; or its heading and
    sentence (unless the questions ``announced`` it), the ``lines`` a game adds, and the
    standings."""
    if as_json:
        _print_json(game.sheet().said_json(number))
        return
    if not announced:
        from ..render import fold_result

        click.echo(fold_result(f"{heading(game, number)}: {said(game, number)}"))
        for line in lines:
            click.echo(line)
    show(game)


# --- what every game's Sheet (games/protocol.py) answers ----------------------------------

def heading(game: PlayedGame, number: int) -> str:
    """'Round 3 (Ann dealt)': an entry of the game and who began it (a game with no dealer
    names who played first)."""
    return game.sheet().heading(number)


def said(game: PlayedGame, number: int) -> str:
    """Entry ``number`` of the game in one sentence."""
    return game.sheet().said(number)


def word(game: PlayedGame) -> str:
    """What one entry of the game is called, as in 'round 3': 'round', or 'hand' in Gin."""
    return game.sheet().word.lower()


def house_rules_json(game: PlayedGame) -> dict[str, object]:
    """The rules that differ from the game's preset, each with its value in force."""
    return {k: v for k, (v, _) in game.sheet().house_rules().items()}


def show(game: PlayedGame) -> None:
    """The standings after a change, as ``round``, ``undo`` and ``fix`` print them."""
    sheet = game.sheet()
    show_after(sheet.standings_table("simple"), sheet.standings_footer())


def standings(night: Ledger, game: PlayedGame, number: int | None, as_json: bool,
              fmt: str) -> None:
    """``rummy standings``: the table, who won or what comes next, the house rules."""
    sheet = game.sheet()
    if as_json:
        doc = sheet.standings_json()
        doc["game"] = number or len(night.games)
        # a Hollywood match's own games are its columns: then the ledger's are ledger_games
        doc["games" if "games" not in doc else "ledger_games"] = len(night.games)
        doc["house_rules"] = house_rules_json(game)
        _print_json(doc)
        return
    click.echo(sheet.standings_table(fmt))
    _footer(sheet.standings_footer(), fmt)
    rules = sheet.rules_line()
    if rules:
        _footer(rules, fmt)


def history(game: PlayedGame, as_json: bool, fmt: str) -> None:
    """``rummy history``: the score sheet, one row per entry."""
    sheet = game.sheet()
    if as_json:  # written as it is made: a league's 100,000 rounds are never held at once
        from ..jsonout import write_json

        write_json(sheet.history_json(), lambda piece: click.echo(piece, nl=False))
        return
    if not game.rounds and fmt in ("simple", "plain"):
        click.echo(f"No {sheet.word.lower()}s recorded yet.")
        return
    click.echo(sheet.score_sheet(fmt))
    if game.state.game_over:
        _footer(sheet.standings_footer(), fmt)
