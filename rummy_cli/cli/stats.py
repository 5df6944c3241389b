"""``rummy stats``: each player's figures over every game of one ledger or many.

Registered on the ``rummy`` group when ``rummy_cli.cli`` imports it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .options import _check_format, format_option, json_option, ledger_option
from .parsing import _footer, _print_json, _read
from .shell import cli

if TYPE_CHECKING:
    from ..stats import StatsReport


def _file_identity(path: Path) -> object:
    """What makes two names one file: its device and inode (a hard link, another path to
    it, a link to it), else its real path."""
    try:
        found = os.stat(path)
    except OSError:
        return os.path.normcase(os.path.realpath(path))
    return (found.st_dev, found.st_ino)


def _ledger_paths(named: Sequence[str]) -> list[Path]:
    """The ledgers to read: those named, each once, in the order given; else the current one.

    A name that is no file is refused here, before any is read, with a sentence for a
    ledger named on the line (the usual one speaks of --ledger and 'rummy new').
    """
    from ..errors import LedgerError
    from ..ledger import ledger_path

    if not named:
        return [ledger_path(None)]
    paths: list[Path] = []
    seen: set[object] = set()
    for name in named:
        if not name.strip():
            raise LedgerError("a ledger's name is empty: name the files, e.g. "
                              "rummy stats friday.yaml saturday.yaml")
        path = ledger_path(name)
        if not os.path.lexists(path):
            if any(ch in name for ch in "*?["):
                raise LedgerError(f"no ledger file matches {name}")
            raise LedgerError(f"{name}: no such ledger file")
        key = _file_identity(path)
        if key not in seen:  # 'rummy stats *.yaml friday.yaml' counts friday's games once
            seen.add(key)
            paths.append(path)
    return paths


def _complete_kind(ctx: click.Context, param: click.Parameter,
                   incomplete: str) -> list[str]:
    from ..stats import known_kinds

    return [k.key for k in known_kinds() if k.key.startswith(incomplete.lower())]


@cli.command("stats")
@click.argument("ledgers", nargs=-1, metavar="[LEDGER]...",
                type=click.Path(dir_okay=False))
@click.option("--game", "--game-kind", "kinds", multiple=True, metavar="KIND",
              shell_complete=_complete_kind,
              help="Only the games of this kind: manipulation, gin (classic Gin too), "
                   "oklahoma, hollywood or rummikub; give it again for more.")
@ledger_option
@json_option
@format_option
def stats(ledgers: tuple[str, ...], kinds: tuple[str, ...], ledger: str | None,
          as_json: bool, fmt: str) -> None:
    """Each player's figures over every game of the ledgers given, best total first, a
    table for each kind of game.

    Without a LEDGER, the games of the current ledger ($RUMMY_LEDGER or
    ./rummy-ledger.yaml; --ledger names it too). A player is the same in every game and
    file whose name matches in any case (shown as first written); a file named twice
    counts once. Manipulation Rummy, Gin (classic Gin too), Oklahoma, Hollywood (any
    Gin game scored as Hollywood) and Rummikub (every preset) each have their own table:
    figures of different games are never added up or averaged together.

    \b
    Games   the games the player sat in, finished or still being played
    Won     finished games won; a shared win counts for each winner
    Rounds  the rounds played (Gin: Hands; a dead hand counts for nobody)
    Won     the rounds (hands) won; a round two players tie in counts for both
    Knocks  the rounds the player ended, by knocking or going out (Gin: gin too)
    Cuts    rounds won under another player's knock (the undercut bonus)
    Cut     the player's knocks that another player undercut
    Out     rounds won by going out, with no card left (Gin: hands won by gin)
    Best    the player's highest score in a single round
    Avg     the points left in hand per round played (Gin: the deadwood)
    Total   each game's total added up: a finished game's final total with
            the bonuses, and the points so far of a game still being played

    Rummikub's table has no knocks or undercuts: Out counts the rounds the player went
    out, Avg is the worth left in the rack, and Jokers the rounds ended holding a joker
    (racks entered as tiles). JSON and CSV (one sheet for every kind of game) keep every
    column: for Rummikub, knocks = goings out, undercuts 0, plus jokers.

    \b
    Examples:
      rummy example friday-night > friday.yaml   # a night of Manipulation Rummy
      rummy example gin-night > saturday.yaml    # a night of Gin and Oklahoma
      rummy stats friday.yaml
      rummy stats friday.yaml saturday.yaml --format github
      rummy stats *.yaml --game gin
      rummy example rummikub-night > sunday.yaml
      rummy stats *.yaml --game rummikub
      rummy stats *.yaml --format csv > season.csv
      rummy stats *.yaml --json
    """
    from ..stats import (
        find_kind,
        headers,
        heading,
        kind_name,
        spreadsheet_headers,
        spreadsheet_rows,
        stats_by_kind,
        stats_json,
        summary,
        table_rows,
    )

    fmt = _check_format(fmt)
    wanted = list(dict.fromkeys(find_kind(k) for k in kinds))  # refused before any file
    paths = _ledger_paths([*ledgers, *([] if ledger is None else [ledger])])
    games = [game for path in paths for game in _read(path).games]
    reports = stats_by_kind(games, wanted)
    _warn_look_alikes(reports)
    if as_json:
        _print_json({**stats_json(reports), "ledgers": [str(p) for p in paths]})
        return
    from ..render import footer, table
    from ..sheet import SCREEN_FORMATS, is_spreadsheet, spreadsheet

    if is_spreadsheet(fmt):
        click.echo(spreadsheet(spreadsheet_rows(reports), spreadsheet_headers(reports), fmt))
        return
    for n, report in enumerate(reports):
        if n:
            click.echo()
        above = footer(heading(report), fmt)
        if above is not None:
            click.echo(above)
            if fmt not in SCREEN_FORMATS:  # markdown and the like: a line apart, or it
                click.echo()               # would run into the table
        if not report.games:
            click.echo(f"No {kind_name(report.kind)} games in "
                       f"{'this ledger' if len(paths) == 1 else 'these ledgers'}.")
            continue
        click.echo(table(table_rows(report), headers(report), fmt, compact=True,
                         floatfmt=".1f"))
        _footer(summary(report), fmt)


def _warn_look_alikes(reports: Sequence[StatsReport]) -> None:
    """Two names that look the same but are spelt with other letters (a Cyrillic А for a
    Latin A, say) are two players to the stats: say so, on stderr, before the tables."""
    from ..names import look_alike_pairs

    names = [p.name for report in reports for p in report.players]
    for one, other in look_alike_pairs(names):
        click.echo(f"Warning: {one!r} and {other!r} look alike but are spelt with different "
                   "letters (one of another alphabet, perhaps), so they are counted as two "
                   "players; 'rummy rename' in the ledger with the odd one makes them one",
                   err=True)
