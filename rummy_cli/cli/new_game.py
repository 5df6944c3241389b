"""The scorekeeper's ``new``: start a game in a new ledger, or the next game of one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import RefusedError, RummyError
from ..games import PRESETS

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


@cli.command()
@click.argument("names", nargs=-1)
@click.option("--dealer", metavar="NAME", shell_complete=_complete_players,
              help="Who deals first (default: picked at random, R3; in the next game, the "
                   "player left of the last card game's last dealer).")
@click.option("--first", metavar="NAME", shell_complete=_complete_players,
              help="Rummikub: who plays first (default: picked at random; in the next game, "
                   "the player left of the last game's last first player).")
@click.option("--seed", type=WholeNumber(signed=True), metavar="N",
              help="Make the random pick of the dealer (Rummikub: the first player) "
                   "repeatable.")
@click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
              help="A house rule: any figure 'rummy rules' lists, e.g. --rule "
                   "going_out_bonus=50. Repeat for more.")
@click.option("--target", type=str, metavar="N",
              help="Play to N points instead of 150 (short for --rule target=N).")
@click.option("--knock-limit", type=str, metavar="N",
              help="Knock with N points or fewer instead of 5 (--rule knock_limit=N).")
@click.option("--rounds", type=str, metavar="N",
              help="Rummikub: a game of N rounds, 0 for no fixed number (--rule rounds=N).")
@click.option("--game", "kind", type=OneOf(PRESETS, case_sensitive=False),
              metavar="GAME",
              help="The game: Manipulation Rummy ('manipulation'), Gin Rummy with the "
                   "figures of 'gin' (modern), 'classic' or 'oklahoma', or Rummikub "
                   "('rummikub', 'rummikub-strict', 'rummikub-xp' for up to six). Default: "
                   "a game of the same kind as the ledger's last one; Manipulation Rummy "
                   "in a new ledger.")
@click.option("--hollywood", is_flag=True,
              help="Gin: score three games at once from one series of hands (G19-G22).")
@ledger_option
@json_option
def new(names: tuple[str, ...], dealer: str | None, first: str | None, seed: int | None,
        house_rules: tuple[str, ...], target: str | None, knock_limit: str | None,
        rounds: str | None, kind: str | None, hollywood: bool, ledger: str | None,
        as_json: bool) -> None:
    """Start a game: the players in seat order (clockwise), or the next game of a ledger.

    Manipulation Rummy takes 2-5 players, the Gin games 2. On a ledger whose game is over,
    'rummy new' alone starts the next game in the same file: the same kind of game (unless
    --game), the same players in the same seats, the same house rules, and the deal moves
    on. A game of another preset keeps the house rules it has, except where its preset
    sets its own values, and says which it kept and dropped. A game still being played is
    never replaced. In a new ledger the game is Manipulation Rummy unless --game.

    Rummikub (--game rummikub, rummikub-strict or rummikub-xp) is for 2-4 players (2-6 in
    XP) and has no dealer: --first says who plays first. A game is one round per player
    unless --rounds N; --target N ends it when a total reaches N.

    \b
    Examples:
      rummy new Ann Ben Cy
      rummy new Ann Ben Cy Dee --dealer Cy --ledger friday.yaml
      rummy new Ann Ben --target 200 --knock-limit 7
      rummy new Ann Ben --game gin --hollywood
      rummy new Ann Ben --game oklahoma --rule undercut=10
      rummy new Ann Ben Cy --game rummikub --first Ann
      rummy new Ann Ben Cy Dee Eve --game rummikub-xp --target 100 --rounds 0
      rummy example friday-night > night.yaml    # a game that is over
      rummy new --ledger night.yaml              # the next game, the same seats
    """
    from datetime import datetime, timezone

    from ..games import GAMES, declared, default_preset, last_dealt, named, preset_rules
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
        keeper = keeper_for(wanted) if wanted else (
            keeper_of(last) if last is not None else keeper_for(default_preset()))
        if wanted is None:
            wanted = last.rules.game if last is not None else default_preset()
        game = named(wanted)
        if rounds is not None and not hasattr(preset_rules(wanted), "rounds"):
            with_rounds = _titles(lambda g: hasattr(preset_rules(g.presets[0]), "rounds"))
            raise click.UsageError(f"--rounds is for {with_rounds}; this game ends when a "
                                   "total reaches its target: give --target N")
        starter = dealer
        if game.starter == "first":  # a game with no dealer: who plays first
            if dealer is not None:
                raise click.UsageError(f"--dealer does not apply to {game.title}: "
                                       f"{game.title} has no dealer; say who plays first "
                                       "with --first NAME")
            if knock_limit is not None:
                raise click.UsageError(f"--knock-limit does not apply to {game.title}: it "
                                       "has no knock; a round ends when a player goes out "
                                       "(K17)")
            starter = first
        elif first is not None:
            raise click.UsageError(f"--first is for {_titles(lambda g: g.starter == 'first')}; "
                                   "this game has a dealer: give --dealer NAME")
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
            moved = _house_rules_moved(last, number - 1, game, typed)
    keeper.announce(path, game, number, dealer is not None or first is not None, as_json)
    from ..render import fold

    for line in moved:  # (under --json, stdout is the JSON alone)
        click.echo(fold(line), err=as_json)


def _titles(which: Callable[[Declared], bool]) -> str:
    """The titles of the games ``which`` picks, as a message lists them: 'Rummikub'."""
    from ..games import GAMES
    from .options import choices_said

    return choices_said([g.title for g in GAMES if which(g)])


def _house_rules_moved(last: PlayedGame, number: int, game: PlayedGame,
                       typed: dict[str, str]) -> list[str]:
    """What became of the house rules of ``last`` (game ``number``) in the next ``game``: a
    line of those kept, one of those dropped and why. Nothing when the game is of the same
    preset and keeps them all (its own 'House rules:' line says them), nor for a rule typed
    again.

    The new game has each rule it has, unless its preset sets a value of its own there
    (``house_rules.carried``); the number of Rummikub rounds goes back to one per player
    when the number of players changes.
    """
    from ..games import declared, preset_of, title_of
    from ..rulebook_parse import figure_words
    from .entries import entry_word

    again = {name.strip().lower().replace("-", "_") for name in typed}
    if "knock_limit" in again:  # a Gin game reads --knock-limit as its 'knock'
        again.add("knock")
    preset = preset_of(game)
    rules = game.rules
    title = title_of(game)
    from dataclasses import fields

    has = {f.name for f in fields(rules)}  # type: ignore[arg-type]
    seats = len(game.players) != len(last.players)
    # each figure in its own game's words ('knock the upcard's', 'rounds one per player')
    was_said, said = (figure_words(declared(g).package).said for g in (last, game))
    kept: list[str] = []
    dropped: list[str] = []
    for name, (value, book) in last.sheet().house_rules().items():
        if name in again:
            continue
        was = f"{name} {was_said(name, value)}"
        if name not in has:
            dropped.append(f"{was} ({title} has no such rule)")
        elif getattr(rules, name) == value:
            kept.append(was)
        elif getattr(rules, name) == getattr(preset, name) != book:
            dropped.append(f"{was} ({title} sets its own: "
                           f"{said(name, getattr(rules, name))})")
        elif name == "rounds" and seats:
            dropped.append(f"{was} (one per player again, as the number of players changed)")
        else:
            dropped.append(f"{was} (now {said(name, getattr(rules, name))})")
    if not dropped and rules.game == last.rules.game:
        return []
    which = f"{entry_word(last)} {number}"
    return ([f"House rules kept from {which}: {', '.join(kept)}."] if kept else []) + \
        ([f"House rules of {which} dropped: {', '.join(dropped)}."] if dropped else [])


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
