"""Corrections: ``rummy fix`` (a round entered wrong) and ``rummy rename`` (a player).

Part of the CLI shell: the rules of a correction are in ``game.fix_round`` and
``game.rename_player``; this module asks, writes and says what changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..errors import RefusedError, RummyError
from ..games import PlayedGame

if TYPE_CHECKING:
    from ..ledger import Ledger
    from .keepers import FixOptions
from . import shell
from .options import (
    WholeNumber,
    _complete_players,
    either_way,
    game_option,
    json_option,
    ledger_option,
)
from .parsing import _print_json, _read
from .shell import _RUN, cli


@cli.command("fix")
@click.argument("round_number", type=WholeNumber(lo=1), metavar="N")
@click.option("--guided", is_flag=True,
              help="Ask the round's questions again, each recorded answer the default, as "
                   "'rummy fix N' alone does on a terminal (answers may be piped in).")
@click.option("--yes", "-y", is_flag=True, help="Do not ask before writing.")
@ledger_option
@game_option
@json_option
def fix(round_number: int, guided: bool, yes: bool, ledger: str | None, number: int | None,
        as_json: bool, **declared: Any) -> None:
    """Correct round N: change what the options give, keep the rest as recorded.

    Every round after it is scored again, and each player's change in points is shown.
    On a terminal, 'rummy fix N' alone shows round N and asks its questions again, the
    recorded answers as defaults (Enter keeps one; --guided asks them anywhere); with
    options it asks before writing.
    A change that would end the game before a round already recorded is refused, and so
    is one that changes how or when an earlier game of the ledger ended.

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy fix 5 --hand "Dee=4S AC" --ledger night.yaml   # the rest stays
      rummy fix 6 --knock Ann --points Cy=20 --ledger night.yaml
      rummy fix 2 --stock-out --yes --ledger night.yaml
      rummy fix 3 --ledger night.yaml            # on a terminal: asks again
      rummy example gin-night > gin.yaml         # Gin, then Oklahoma
      rummy fix 4 --game-number 1 --points Lee=4 --ledger gin.yaml
      rummy fix 2 --points Lee=31 --ledger gin.yaml    # a Gin hand: deadwood
      rummy example rummikub-night > tiles.yaml
      rummy fix 1 --rack "Cy=JK 11B 3R" --ledger tiles.yaml    # a Rummikub rack
    """
    from ..ledger import Ledger, ledger_path, locked, save
    from .entries import chosen_alone, show, word
    from .fix_changes import (
        _check_number,
        _check_players,
        _kept_ending,
        _names_given,
        _points,
        _say_change,
        _unchanged,
        _where,
        _which_game,
    )
    from .keepers import given_options, keeper_of, refuse_others, still_kept

    _RUN.writes = True
    path = ledger_path(ledger)
    opts: FixOptions = declared  # the games' options, by their keys (None: not given)
    given = any(given_options(opts, either_way()).values())
    if guided and given:
        raise click.UsageError("--guided asks the round again, each recorded answer the "
                               "default: give it without the options that change it")
    terminal = guided or shell.stdin_is_terminal()
    ask = not yes and terminal

    def corrected(night: Ledger) -> tuple[int, PlayedGame, PlayedGame, list[str]]:
        """The game's place, the game, the game corrected, and notes on the correction."""
        game = night.game(number)
        index = len(night.games) - 1 if number is None else number - 1
        keeper = keeper_of(game)
        refuse_others(keeper, given_options(opts, either_way()))
        where = _where(word(game), round_number, index, night)
        if not given and not terminal:
            asked = ", or run it on a terminal to be asked" if keeper.asks else ""
            raise click.UsageError(f"say what to change in {where} ({keeper.FIX_OPTIONS})"
                                   f"{asked}")
        if chosen_alone(night, number):  # the last game, taken by itself: are they its players?
            _check_players(night, index, _names_given(opts))
        _check_number(game, round_number, word(game))
        if chosen_alone(night, number) and not given:  # the questions come: say of which game
            click.echo(_which_game(night, index), err=True)

        def change(game: PlayedGame) -> tuple[PlayedGame, list[str]]:
            if given:
                return keeper.fixed(game, round_number, opts)
            # on a terminal: the questions again, each recorded answer the default
            return keeper.asked_fix(game, round_number)

        fixed, notes = _kept_ending(night, index, change, where, word(game))
        return index, game, fixed, notes

    night = _read(path, quiet=True)
    index, game, fixed, notes = corrected(night)
    keeper = keeper_of(game)
    where = _where(word(game), round_number, index, night)
    alone = chosen_alone(night, number) and not as_json
    if alone and given:  # the first line says which game is changed (asked: said already)
        click.echo(_which_game(night, index), err=ask)
    if fixed.rounds == game.rounds:
        _unchanged(fixed, round_number, index, where, as_json)
        return
    if ask:  # the question is asked without holding the lock, then the file is checked again
        _say_change(game, fixed, round_number, where, notes, err=True)
        from .prompts import ask_yes_no

        if not ask_yes_no(f"Fix {where}?", default=False):
            click.echo("Nothing changed.", err=True)
            return
    answered = ask or not given
    with locked(path, existing=True):
        now = _read(path, quiet=answered)
        if answered and now.games != night.games:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing fixed: run 'rummy fix' again")
        if not answered:  # read again under the lock, so nothing written meanwhile is lost
            # the keeper was chosen from the first reading: a game of another kind may have
            # been started since (then say so, rather than fix the wrong game)
            still_kept(keeper, now.game(number), path)
            index, game, fixed, notes = corrected(now)
        games = now.games[:index] + (fixed,) + now.games[index + 1:]
        later = "" if index == len(now.games) - 1 else f" --game-number {index + 1}"
        save(path, Ledger(games),
             _RUN.written(f"{where} is fixed in {path} (see 'rummy history{later}')"))
    before, after = _points(game), _points(fixed)
    if as_json:
        _print_json({**fixed.sheet().said_json(round_number), "game": index + 1,
                     "changed": {p: [before[p], after[p]] for p in before}})
        return
    if not ask:
        _say_change(game, fixed, round_number, where, notes, err=False)
    show(fixed)


@cli.command("rename")
@click.argument("old", shell_complete=_complete_players)
@click.argument("new")
@ledger_option
@json_option
def rename(old: str, new: str, ledger: str | None, as_json: bool) -> None:
    """Rename a player everywhere in the ledger: every game, round and hand.

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy rename Ben Benedict --ledger night.yaml
      rummy rename "Cy" "Cyrus" --ledger night.yaml
      rummy rename Cy Cyrus --json --ledger night.yaml
    """
    from ..ledger import Ledger, check_rounds, ledger_path, locked, save
    from ..players import find_player_by_prefix, player_name, same_name
    from .entries import entry_word
    from .prompts import check_new_name

    _RUN.writes = True
    path = ledger_path(ledger)
    check_new_name(new)
    wanted = player_name(new)
    with locked(path, existing=True):
        night = _read(path)
        check_rounds(path, night)  # over the limit: refused before a renamed copy is made
        everyone = list(dict.fromkeys(p for g in night.games for p in g.players))
        seated = find_player_by_prefix(everyone, old)
        check_new_name(new, [p for p in everyone if p != seated])
        if wanted == seated:
            raise RefusedError(f"{seated} is already called {wanted!r}: nothing to rename")
        for number, game in enumerate(night.games, 1):
            for other in game.players:
                if other != seated and same_name(other, wanted):
                    word = entry_word(game)  # a Hollywood match's games are its columns
                    which = f"in {word} {number} of the ledger" if len(night.games) > 1 \
                        else f"in this {word}"
                    raise RefusedError(f"{other} already plays {which}: choose a name no one "
                                       f"in {path} has")
        renamed = Ledger(tuple(g.renamed(seated, wanted) if seated in g.players
                               else g
                               for g in night.games))
        games = sum(seated in g.players for g in night.games)
        only = next(g for g in night.games if seated in g.players)
        where = f"{games} games" if games > 1 else f"the {entry_word(only)}"
        # the old ledger is let go before the new one is written: a long ledger held twice
        # while it is written took 270 MB at 100,000 rounds
        del night, only
        save(path, renamed, _RUN.written(f"{seated} is renamed {wanted} in {path}"))
    if as_json:
        _print_json({"renamed": seated, "to": wanted, "games": games, "ledger": str(path)})
        return
    from ..render import fold

    click.echo(fold(f"Renamed {seated} to {wanted} in {where} of {path}."))
    from ..names import skeleton

    if skeleton(seated) == skeleton(wanted) and not same_name(seated, wanted):
        click.echo(f"Warning: {wanted!r} looks just like {seated!r} but is spelt with other "
                   "letters (one of another alphabet, perhaps): other ledgers that call this "
                   "player by the old spelling will count two players in 'rummy stats'",
                   err=True)


def _follow_the_games() -> None:
    """``round`` and ``fix`` take the option words each registered game declares."""
    from ..games import follow
    from .options import add_declared_options
    from .scorekeeper import round_cmd

    def changed() -> None:
        add_declared_options(round_cmd)
        add_declared_options(fix)

    changed()
    follow(changed)


_follow_the_games()
