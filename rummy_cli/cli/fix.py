"""Corrections: ``rummy fix`` (a round entered wrong) and ``rummy rename`` (a player).

Part of the CLI shell: the rules of a correction are in ``game.fix_round`` and
``game.rename_player``; this module asks, writes and says what changed.
"""

from __future__ import annotations

from typing import Any

import click

from ..errors import RefusedError, RummyError
from . import shell
from .shell import (
    _RUN,
    WholeNumber,
    _print_json,
    _read,
    cli,
    json_option,
    ledger_option,
)


def _points(game: Any) -> dict[str, int]:
    return {s.name: s.points for s in game.state.standings}


def _shown(game: Any) -> dict[str, int]:
    """The figure the standings show last: points, or under Hollywood the sum of the three
    games' totals."""
    if getattr(game.rules, "hollywood", False):
        return {s.name: s.total for s in game.state.standings}
    return _points(game)


def _changes_text(before: dict[str, int], after: dict[str, int]) -> str:
    """'Ann 40 -> 52 (+12), Ben 17 (unchanged)'."""
    parts = []
    for name, old in before.items():
        new = after[name]
        parts.append(f"{name} {old} (unchanged)" if new == old else
                     f"{name} {old} -> {new} ({new - old:+d})")
    return ", ".join(parts)


@cli.command("fix")
@click.argument("number", type=WholeNumber(lo=1), metavar="N")
@click.option("--knock", metavar="NAME", help="Who knocked in that round (R17).")
@click.option("--stock-out", is_flag=True, help="The stock ran out in that round (R18).")
@click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
              help="Cards left in a player's hand ('Ann=' for none). Repeat per player.")
@click.option("--points", "points", multiple=True, metavar="NAME=N",
              help="A hand's total instead of its cards, e.g. --points Ann=12.")
@click.option("--upcard", metavar="CARD", help="Gin: the hand's first upcard (Oklahoma).")
@click.option("--dead", is_flag=True, help="Gin: it was a dead hand (G8).")
@click.option("--melds", multiple=True, metavar="NAME=TABLE",
              help="Gin: the knocker's layout as laid down.")
@click.option("--big-gin", is_flag=True, help="Gin, deadwood entered: it was big gin (G7).")
@click.option("--yes", "-y", is_flag=True, help="Do not ask before writing.")
@ledger_option
@json_option
def fix(number: int, knock: str | None, stock_out: bool, hands: tuple[str, ...],
        points: tuple[str, ...], upcard: str | None, dead: bool, melds: tuple[str, ...],
        big_gin: bool, yes: bool, ledger: str | None, as_json: bool) -> None:
    """Correct round N of the current game: enter it again, as 'rummy round' takes it.

    Every round after it is scored again, and each player's change in points is shown.
    On a terminal it asks before writing. A change that would end the game before a round
    already recorded is refused.

    \b
    Examples:
      rummy fix 3 --knock Ann --hand Ann=3C --hand "Ben=2D AS" --points Cy=20
      rummy fix 5 --stock-out --points Ann=12 --points Ben=30 --points Cy=14 --yes
      rummy fix 2 --knock Ben --points Ben=0 --points Ann=31    (a Gin hand)
    """
    from ..ledger import ledger_path, locked, save
    from .keepers import keeper_of, refuse_others, still_kept_by

    _RUN.writes = True
    path = ledger_path(ledger)
    opts = {"knock": knock, "stock_out": stock_out, "hands": hands, "points": points,
            "upcard": upcard, "dead": dead, "melds": melds, "big_gin": big_gin}
    night = _read(path, quiet=True)
    keeper = keeper_of(night.current)
    refuse_others(keeper, {"--stock-out": stock_out, "--upcard": upcard is not None,
                           "--dead": dead, "--melds": bool(melds), "--big-gin": big_gin},
                  night.current)
    word = keeper.WORD.lower()
    ask = not yes and shell.stdin_is_terminal()
    if ask:  # the question is asked without holding the lock, then the file is checked again
        game = night.current
        fixed = keeper.fixed(game, number, opts)
        _say_change(keeper, game, fixed, number, err=True)
        from .prompts import ask_yes_no

        if not ask_yes_no(f"Fix {word} {number}?", default=False):
            click.echo("Nothing changed.", err=True)
            return
    with locked(path, existing=True):
        now = _read(path, quiet=ask)
        if ask and now.current.rounds != game.rounds:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing fixed: run 'rummy fix' again")
        game = still_kept_by(keeper.__name__, now.current, path)
        fixed = keeper.fixed(game, number, opts)
        save(path, now.with_current(fixed),
             _RUN.written(f"{word} {number} is fixed in {path} (see 'rummy history')"))
    before, after = _points(game), _points(fixed)
    if as_json:
        _print_json({**keeper.said_json(fixed, number),
                     "changed": {p: [before[p], after[p]] for p in before}})
        return
    if not ask:
        _say_change(keeper, game, fixed, number, err=False)
    keeper.show(fixed)


def _say_change(keeper: Any, game: Any, fixed: Any, number: int, err: bool) -> None:
    word = keeper.WORD
    click.echo(f"{word} {number} was: {keeper.said(game, number)}", err=err)
    click.echo(f"{word} {number} now: {keeper.said(fixed, number)}", err=err)
    label = "Sum" if getattr(game.rules, "hollywood", False) else "Points"
    click.echo(f"{label}: {_changes_text(_shown(game), _shown(fixed))}.", err=err)


@cli.command("rename")
@click.argument("old")
@click.argument("new")
@ledger_option
def rename(old: str, new: str, ledger: str | None) -> None:
    """Rename a player everywhere in the ledger: every game, round and hand.

    \b
    Examples:
      rummy rename Ben Benedict
      rummy rename "Cy" "Cyrus" --ledger friday.yaml
    """
    from ..games.manipulation.game import find_player, player_name, same_name
    from ..ledger import Ledger, ledger_path, locked, save
    from .prompts import check_new_name

    _RUN.writes = True
    path = ledger_path(ledger)
    check_new_name(new)
    wanted = player_name(new)
    with locked(path, existing=True):
        night = _read(path)
        everyone = list(dict.fromkeys(p for g in night.games for p in g.players))
        seated = find_player(everyone, old)
        check_new_name(new, [p for p in everyone if p != seated])
        if wanted == seated:
            raise RefusedError(f"{seated} is already called {wanted!r}: nothing to rename")
        for number, game in enumerate(night.games, 1):
            for other in game.players:
                if other != seated and same_name(other, wanted):
                    which = f"in game {number} of the ledger" if len(night.games) > 1 else \
                        "in this game"
                    raise RefusedError(f"{other} already plays {which}: choose a name no one "
                                       f"in {path} has")
        from .keepers import keeper_of

        renamed = Ledger(tuple(keeper_of(g).renamed(g, seated, wanted) if seated in g.players
                               else g
                               for g in night.games))
        games = sum(seated in g.players for g in night.games)
        save(path, renamed, _RUN.written(f"{seated} is renamed {wanted} in {path}"))
    where = f"{games} games" if games > 1 else "the game"
    click.echo(f"Renamed {seated} to {wanted} in {where} of {path}.")
