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
    _hands_from_options,
    _print_json,
    _read,
    _sentence,
    cli,
    json_option,
    ledger_option,
)


def _points(game: Any) -> dict[str, int]:
    return {s.name: s.points for s in game.state.standings}


def _changes_text(before: dict[str, int], after: dict[str, int]) -> str:
    """'Ann 40 -> 52 (+12), Ben 17 (unchanged)'."""
    parts = []
    for name, old in before.items():
        new = after[name]
        parts.append(f"{name} {old} (unchanged)" if new == old else
                     f"{name} {old} -> {new} ({new - old:+d})")
    return ", ".join(parts)


@cli.command("fix")
@click.argument("number", type=click.IntRange(min=1), metavar="N")
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
    from ..games import is_gin
    from ..games.gin.game import fix_hand
    from ..games.manipulation.game import fix_round as fix_manipulation_round
    from ..ledger import ledger_path, locked, save
    from .gin_ledger import _layout, refuse_gin_options

    _RUN.writes = True
    path = ledger_path(ledger)
    gin = path.exists() and is_gin(_read(path, quiet=True).current)
    if gin:
        if stock_out or (knock is None) == (not dead):
            raise click.UsageError("say how hand N ended: --knock NAME or --dead (one)")
    else:
        refuse_gin_options({"--upcard": upcard is not None, "--dead": dead,
                            "--melds": bool(melds), "--big-gin": big_gin})
        if (knock is None) == (not stock_out):
            raise click.UsageError("say how round N ended: --knock NAME or --stock-out (one)")
    if not dead and not hands and not points:
        raise click.UsageError("give every player's hand: --hand NAME=CARDS or --points NAME=N")
    entered = _hands_from_options(hands, points)
    layout = _layout(melds, knock)

    def fix_round(game: Any, number: int, knock: str | None, entered: Any) -> Any:
        if gin:
            return fix_hand(game, number, knock, entered, melds=layout, upcard=upcard,
                            big_gin=big_gin)
        return fix_manipulation_round(game, number, knock, entered)

    ask = not yes and shell.stdin_is_terminal()
    if ask:  # the question is asked without holding the lock, then the file is checked again
        night = _read(path)
        game = night.current
        fixed, result = fix_round(game, number, knock, entered)
        _say_change(game, fixed, number, err=True)
        from .prompts import ask_yes_no

        if not ask_yes_no(f"Fix {'hand' if gin else 'round'} {number}?", default=False):
            click.echo("Nothing changed.", err=True)
            return
    with locked(path, existing=True):
        now = _read(path, quiet=ask)
        if ask and now.current.rounds != game.rounds:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing fixed: run 'rummy fix' again")
        game = now.current
        fixed, result = fix_round(game, number, knock, entered)
        save(path, now.with_current(fixed),
             _RUN.written(f"round {number} is fixed in {path} (see 'rummy history')"))
    before, after = _points(game), _points(fixed)
    if as_json:
        changed = {p: [before[p], after[p]] for p in before}
        if gin:
            from ..gin_sheet import hand_json

            _print_json({**hand_json(fixed, number), "changed": changed})
            return
        from ..report import round_json

        _print_json({**round_json(number, fixed.dealer_of(number), result, fixed.state),
                     "changed": changed})
        return
    if not ask:
        _say_change(game, fixed, number, err=False)
    if gin:
        from ..gin_sheet import standings_footer as gin_footer
        from ..gin_sheet import standings_table as gin_table

        click.echo()
        click.echo(gin_table(fixed))
        click.echo()
        click.echo(gin_footer(fixed))
        return
    from ..report import standings_footer, standings_table

    click.echo()
    click.echo(standings_table(fixed))
    click.echo()
    click.echo(standings_footer(fixed))


def _say_change(game: Any, fixed: Any, number: int, err: bool) -> None:
    from ..games import is_gin

    if is_gin(game):
        from ..gin_sheet import hand_sentence

        was, now, word = hand_sentence(game, number), hand_sentence(fixed, number), "Hand"
    else:
        was = _sentence(game, game.results[number - 1])
        now = _sentence(fixed, fixed.results[number - 1])
        word = "Round"
    click.echo(f"{word} {number} was: {was}", err=err)
    click.echo(f"{word} {number} now: {now}", err=err)
    click.echo(f"Points: {_changes_text(_points(game), _points(fixed))}.", err=err)


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
    from ..games.manipulation.game import find_player, player_name, rename_player, same_name
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
        if wanted == seated:
            raise RefusedError(f"{seated} is already called {wanted!r}: nothing to rename")
        for number, game in enumerate(night.games, 1):
            for other in game.players:
                if other != seated and same_name(other, wanted):
                    which = f"in game {number}" if len(night.games) > 1 else "in this game"
                    raise RefusedError(f"{other} already plays {which}: choose a name no one "
                                       f"in {path} has")
        def renamed_in(g: Any) -> Any:
            from ..games import is_gin
            from ..games.gin.game import rename_in_gin

            return (rename_in_gin if is_gin(g) else rename_player)(g, seated, wanted)

        renamed = Ledger(tuple(renamed_in(g) if seated in g.players else g
                               for g in night.games))
        games = sum(seated in g.players for g in night.games)
        save(path, renamed, _RUN.written(f"{seated} is renamed {wanted} in {path}"))
    where = f"{games} games" if games > 1 else "the game"
    click.echo(f"Renamed {seated} to {wanted} in {where} of {path}.")
