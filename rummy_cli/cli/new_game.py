"""The scorekeeper's ``new``: start a game in a new ledger, or the next game of one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import RefusedError, RummyError
from ..games import GAMES, PRESETS, follow, said, said_by_each

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..games import PlayedGame
    from ..games.declared import Declared
    from ..ledger import Ledger
from .options import (
    OneOf,
    WholeNumber,
    _complete_players,
    json_option,
    ledger_option,
)
from .parsing import _read, _split_pair
from .review import _empty_game
from .shell import _RUN, cli


def _game_help() -> str:
    """--game's help: each game and its presets, as each game says them."""
    games = [g.said.get("new --game") or f"{g.title} ({', '.join(map(repr, g.presets))})"
             for g in GAMES]
    listed = ", or ".join(filter(None, [", ".join(games[:-1]), games[-1]]))
    return (f"The game: {listed}. Default: a game of the same kind as the ledger's last one; "
            f"{GAMES[0].title} in a new ledger.")


def _seed_help() -> str:
    """--seed's help: the games with no dealer pick who plays first instead."""
    first = "; ".join(f"{g.title}: the first player" for g in GAMES if g.starter == "first")
    return f"Make the random pick of the dealer{f' ({first})' if first else ''} repeatable."


def _new_help() -> str:
    """The help of 'rummy new': what every game shares, each game's part in its own words."""
    players = ", ".join(said_by_each("new players"))
    return "\n\n".join([
        "Start a game: the players in seat order (clockwise), or the next game of a ledger.",
        (f"{players + '. ' if players else ''}On a ledger whose game is over, 'rummy new' "
         "alone starts the next game in the same file: the same kind of game (unless --game), "
         "the same players in the same seats, the same house rules, and the deal moves on. A "
         "game of another preset keeps the house rules it has, except where its preset sets "
         "its own values, and says which it kept and dropped. A game still being played is "
         f"never replaced. In a new ledger the game is {GAMES[0].title} unless --game."),
        *said_by_each("new"), _NEW_EXAMPLES])


_NEW_EXAMPLES = """\b
Examples:
  rummy new Ann Ben Cy
  rummy new Ann Ben Cy Dee --dealer Cy --ledger friday.yaml
  rummy new Ann Ben --target 200 --knock-limit 7
  rummy new Ann Ben --game gin --hollywood
  rummy new Ann Ben --game oklahoma --rule undercut=10
  rummy new Ann Ben Cy --game rummikub --first Ann
  rummy new Ann Ben Cy Dee Eve --game rummikub-xp --target 100 --rounds 0
  rummy example friday-night > night.yaml    # a game that is over
  rummy new --ledger night.yaml              # the next game, the same seats"""



@cli.command(help=_new_help())
@click.argument("names", nargs=-1)
@click.option("--dealer", metavar="NAME", shell_complete=_complete_players,
              help=said("new --dealer"))
@click.option("--first", metavar="NAME", shell_complete=_complete_players,
              help=said("new --first"))
@click.option("--seed", type=WholeNumber(signed=True), metavar="N",
              help=_seed_help())
@click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
              help=said("new --rule"))
@click.option("--target", type=str, metavar="N",
              help=said("new --target"))
@click.option("--knock-limit", type=str, metavar="N",
              help=said("new --knock-limit"))
@click.option("--rounds", type=str, metavar="N",
              help=said("new --rounds"))
@click.option("--game", "kind", type=OneOf(PRESETS, case_sensitive=False),
              metavar="GAME",
              help=_game_help())
@click.option("--hollywood", is_flag=True,
              help=said("new --hollywood"))
@ledger_option
@json_option
def new(names: tuple[str, ...], dealer: str | None, first: str | None, seed: int | None,
        house_rules: tuple[str, ...], target: str | None, knock_limit: str | None,
        rounds: str | None, kind: str | None, hollywood: bool, ledger: str | None,
        as_json: bool) -> None:
    """Start a game (its help is ``_new_help``'s: each game's part in its own words)."""
    from datetime import datetime, timezone

    from ..games import GAMES, declared, default_preset, last_dealt, named, preset_rules
    from ..games.keeping import house_rules_moved
    from ..ledger import Ledger, create, ledger_path, locked, save
    from .entries import entry_word
    from .keepers import Keeper, keeper_for, keeper_of
    from .prompts import check_new_name

    _RUN.writes = True
    for n, name in enumerate(names):
        check_new_name(name, names[:n])
    typed: dict[str, str] = {}
    for value in house_rules:
        rule, text = _split_pair(value, "--rule")
        typed[rule] = text
    for rule, short in (("target", target), ("knock_limit", knock_limit), ("rounds", rounds)):
        if short is not None:
            if rule in typed and typed[rule] != short:
                raise click.UsageError(f"--{rule.replace('_', '-')} {short} and --rule "
                                       f"{rule}={typed[rule]} disagree: give one")
            typed[rule] = short
    path = ledger_path(ledger)
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")

    def started(last: PlayedGame | None,
                dealt: PlayedGame | None = None) -> tuple[Keeper, PlayedGame]:
        wanted = kind.lower() if kind is not None else None
        if wanted is None and hollywood:  # Hollywood is a way to score Gin
            wanted = last.rules.game if last is not None and declared(last).hollywood else \
                next(g for g in GAMES if g.hollywood).presets[0]
        asked = wanted  # the game --game (or --hollywood) asks for
        if wanted is None:
            wanted = last.rules.game if last is not None else default_preset()
        game = named(wanted)
        if rounds is not None and not hasattr(preset_rules(wanted), "rounds"):
            with_rounds = _titles(lambda g: hasattr(preset_rules(g.presets[0]), "rounds"))
            raise click.UsageError(f"--rounds is for {with_rounds}; this game ends when a "
                                   "total reaches its target: give --target N")
        starter = dealer
        if game.starter == "first" and dealer is not None:  # a game with no dealer
            raise click.UsageError(f"--dealer does not apply to {game.title}: {game.title} "
                                   "has no dealer; say who plays first with --first NAME")
        if knock_limit is not None and "no knock" in game.said:  # why it takes none
            raise click.UsageError(f"--knock-limit does not apply to {game.title}: "
                                   f"{game.said['no knock']}")
        if game.starter == "first":  # who plays first
            starter = first
        elif first is not None:
            raise click.UsageError(f"--first is for {_titles(lambda g: g.starter == 'first')}; "
                                   "this game has a dealer: give --dealer NAME")
        keeper = keeper_for(asked) if asked else (  # once the options are known to fit it
            keeper_of(last) if last is not None else keeper_for(default_preset()))
        return keeper, keeper.start(names, starter, seed, created, typed, wanted, hollywood,
                                    last, dealt)

    moved: list[str] = []  # what became of the last game's house rules
    if not path.exists() and not path.is_symlink():
        if not names:
            raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben Cy")
        keeper, game = started(None)
        create(path, game, _RUN.written(f"the new game is in {path}"))
        number = 1
    else:
        with locked(path, existing=True):
            night = _existing_ledger(path)
            last = night.current
            if not last.state.game_over:
                raise RefusedError(_in_progress(path, night))
            keeper, game = started(last, last_dealt(night.games))
            number = len(night.games) + 1
            save(path, Ledger(night.games + (game,)),
                 _RUN.written(f"{entry_word(game)} {number} is started in {path}"))
            moved = house_rules_moved(last, number - 1, game, typed)
    keeper.announce(path, game, number, dealer is not None or first is not None, as_json)
    from ..render import fold

    for line in moved:  # (under --json, stdout is the JSON alone)
        click.echo(fold(line), err=as_json)


def _help_again() -> None:
    """The help of 'new' names each game registered, a game registered later too."""
    new.help = _new_help()
    for param in new.params:
        if isinstance(param, click.Option) and param.name in ("kind", "seed"):
            param.help = _game_help() if param.name == "kind" else _seed_help()


follow(_help_again)


def _titles(which: Callable[[Declared], bool]) -> str:
    """The titles of the games ``which`` picks, as a message lists them: 'Rummikub'."""
    from ..games import GAMES
    from ..given import choices_said

    return choices_said([g.title for g in GAMES if which(g)])


def _existing_ledger(path: Path) -> Any:
    """The ledger ``new`` would add a game to; a file that is not one is left alone."""
    try:
        return _read(path)
    except RummyError as exc:
        raise RummyError(f"{exc} (rummy new never overwrites a file: mend it, or choose "
                         "another --ledger)") from None


def _in_progress(path: Path, night: Ledger) -> str:
    game = night.current
    number = len(night.games)
    from ..render import plural
    from .entries import entry_word, word

    played = plural(len(game.rounds), word(game))
    entry = entry_word(game)
    which = f"{entry} {number}" if number > 1 else f"a {entry}"
    dealer = game.next_dealer()
    up = f"{dealer} deals next" if dealer is not None else \
        f"{game.next_leader()} plays first next"
    undo = (f", take back the {entry} just started with 'rummy undo'," if _empty_game(night)
            else "")  # (undo takes back a game with no round when one comes before it)
    return (f"{path}: {which} is still being played ({played} so far; "
            f"{up}): record its rounds with 'rummy round'{undo} or "
            "start another game elsewhere with --ledger OTHER.yaml")
