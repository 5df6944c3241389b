"""Corrections: ``rummy fix`` (a round entered wrong) and ``rummy rename`` (a player).

Part of the CLI shell: the rules of a correction are in ``game.fix_round`` and
``game.rename_player``; this module asks, writes and says what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import click

from ..errors import RefusedError, RummyError
from ..games import PlayedGame

if TYPE_CHECKING:
    from ..ledger import Ledger
    from .keepers import FixOptions
from . import shell
from .options import WholeNumber, _complete_players, game_option, json_option, ledger_option
from .parsing import _print_json, _read
from .shell import _RUN, cli


def _points(game: Any) -> dict[str, int]:
    return {s.name: s.points for s in game.state.standings}


def _shown(game: Any) -> dict[str, int]:
    """The figure the standings show last: points, or under Hollywood the sum of the three
    games' totals."""
    if getattr(game.rules, "hollywood", False):
        return {s.name: s.total for s in game.state.standings}
    return _points(game)


def _changes_text(label: str, before: dict[str, int], after: dict[str, int],
                  width: int = 80) -> str:
    """How each player's points changed, folded between players to fit ``width``.

    >>> print(_changes_text("Points", {"Ann": 40, "Ben": 17}, {"Ann": 52, "Ben": 17}))
    Points: Ann 40 -> 52 (+12), Ben 17 (unchanged).
    >>> print(_changes_text("Sum", {"Ann": 40, "Ben": 17}, {"Ann": 52, "Ben": 7}, width=30))
    Sum: Ann 40 -> 52 (+12),
         Ben 17 -> 7 (-10).
    """
    parts = []
    for name, old in before.items():
        new = after[name]
        parts.append(f"{name} {old} (unchanged)" if new == old else
                     f"{name} {old} -> {new} ({new - old:+d})")
    lines, line = [], f"{label}:"
    for i, part in enumerate(parts):
        piece = part + ("," if i < len(parts) - 1 else ".")
        if i and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = " " * len(f"{label}:")
        line += " " + piece
    return "\n".join(lines + [line])


@cli.command("fix")
@click.argument("round_number", type=WholeNumber(lo=1), metavar="N")
@click.option("--knock", metavar="NAME",
              shell_complete=_complete_players, help="Who knocked in that round (R17).")
@click.option("--stock-out", is_flag=True, help="The stock ran out in that round (R18).")
@click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
              shell_complete=_complete_players,
              help="Cards left in a player's hand ('Ann=' for none). Repeat per player.")
@click.option("--points", "points", multiple=True, metavar="NAME=N",
              shell_complete=_complete_players,
              help="A hand's total instead of its cards, e.g. --points Ann=12.")
@click.option("--upcard", metavar="CARD", help="Gin: the hand's first upcard (Oklahoma).")
@click.option("--dead", is_flag=True, help="Gin: it was a dead hand (G8).")
@click.option("--melds", multiple=True, metavar="NAME=TABLE", shell_complete=_complete_players,
              help="Gin: the knocker's layout as laid down.")
@click.option("--big-gin/--no-big-gin", "big_gin", default=None,
              help="Gin, deadwood entered: it was (or was not) big gin (G7).")
@click.option("--out", metavar="NAME",
              shell_complete=_complete_players, help="Rummikub: who went out in that round (K17).")
@click.option("--pool-out", is_flag=True, help="Rummikub: the pool ran out in that round.")
@click.option("--rack", "racks", multiple=True, metavar="NAME=TILES",
              shell_complete=_complete_players,
              help="Rummikub: the tiles left in a rack ('Ann=' for none). Repeat per player.")
@click.option("--first", metavar="NAME",
              shell_complete=_complete_players, help="Rummikub: who played first in that round.")
@click.option("--yes", "-y", is_flag=True, help="Do not ask before writing.")
@ledger_option
@game_option
@json_option
def fix(round_number: int, knock: str | None, stock_out: bool, hands: tuple[str, ...],
        points: tuple[str, ...], upcard: str | None, dead: bool, melds: tuple[str, ...],
        big_gin: bool | None, out: str | None, pool_out: bool, racks: tuple[str, ...],
        first: str | None, yes: bool, ledger: str | None, number: int | None,
        as_json: bool, **declared: Any) -> None:
    """Correct round N: change what the options give, keep the rest as recorded.

    Every round after it is scored again, and each player's change in points is shown.
    On a terminal, 'rummy fix N' alone shows round N and asks its questions again, the
    recorded answers as defaults (Enter keeps one); with options it asks before writing.
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
    from .keepers import given_options, keeper_of, refuse_others, still_kept

    _RUN.writes = True
    path = ledger_path(ledger)
    opts = cast("FixOptions", {
        "knock": knock, "stock_out": stock_out, "hands": hands, "points": points,
        "upcard": upcard, "dead": dead, "melds": melds, "big_gin": big_gin, "out": out,
        "pool_out": pool_out, "racks": racks, "first": first,
        **declared})  # (a game's own option words)
    given = any(given_options(opts, either_way=("big_gin",)).values())
    terminal = shell.stdin_is_terminal()
    ask = not yes and terminal

    def corrected(night: Ledger) -> tuple[int, PlayedGame, PlayedGame, list[str]]:
        """The game's place, the game, the game corrected, and notes on the correction."""
        game = night.game(number)
        index = len(night.games) - 1 if number is None else number - 1
        keeper = keeper_of(game)
        refuse_others(keeper, given_options(opts, either_way=("big_gin",)))
        where = _where(word(game), round_number, index, night)
        if not given and not terminal:
            raise click.UsageError(f"say what to change in {where} ({keeper.FIX_OPTIONS}), "
                                   "or run it on a terminal to be asked")
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


def _which_game(night: Ledger, index: int) -> str:
    """The first line of a fix that took the ledger's last game by itself: which game it is,
    and how to reach another."""
    from ..render import fold
    from .entries import described

    count = len(night.games)
    return fold(f"Fixing {described(night.games[index], index + 1)}, the last of {count} in "
                "the ledger; for an earlier game, add --game-number N.")


def _names_given(opts: FixOptions) -> list[str]:
    """The players' names the options of ``fix`` give, as typed."""
    names = [name for name in (opts["knock"], opts["out"], opts["first"]) if name is not None]
    for values in (opts["hands"], opts["points"], opts["racks"], opts["melds"]):
        names += [name for name, eq, _ in (v.partition("=") for v in values)
                  if eq and name.strip()]  # a value without NAME= is refused as it is read
    return names


def _check_players(night: Ledger, index: int, names: list[str]) -> None:
    """Refuse a name that is no player of game ``index`` (0 = the first), the ledger's last
    taken by itself: the fix was meant for another game, perhaps an earlier one."""
    from ..players import players_matching
    from .entries import described, entry_word
    from .parsing import _short

    game = night.games[index]
    for name in names:
        if players_matching(game.players, name):
            continue
        typed = _short(name.strip())
        plays = [f"{entry_word(other)} {n}" for n, other in enumerate(night.games, 1)
                 if n != index + 1 and players_matching(other.players, name)]
        where = f" ({typed} plays in {plays[-1]})" if plays else ""
        if not plays:
            import difflib

            close = difflib.get_close_matches(name.strip(), list(game.players), n=1,
                                              cutoff=0.5)
            where = f" (did you mean {close[0]!r}?)" if close else ""
        raise RefusedError(f"{typed} is not a player of {described(game, index + 1)}; to fix "
                           f"an earlier game, add --game-number N{where}")


def _where(word: str, round_number: int, index: int, night: Ledger) -> str:
    """'round 3', or 'round 3 of game 1' when the game is not the ledger's last."""
    which = f"{word} {round_number}"
    return which if index == len(night.games) - 1 else f"{which} of game {index + 1}"


def _check_number(game: PlayedGame, round_number: int, word: str) -> None:
    count = len(game.rounds)
    if not 1 <= round_number <= count:
        held = (f"{word}s 1 to {count}" if count > 1 else f"{word} 1" if count else
                f"no {word}s yet")
        raise RefusedError(f"there is no {word} {round_number} to fix: this game has {held}")


def _kept_ending(night: Ledger, index: int,
                 change: Callable[[PlayedGame], tuple[PlayedGame, list[str]]], where: str,
                 word: str) -> tuple[PlayedGame, list[str]]:
    """The corrected game and its notes; a game that another follows must end as it did.

    A later game began where this one ended (its first dealer, its players), so a correction
    may change an earlier game's scores, not when it ended nor who won it.
    """
    from ..games import ending_change
    from ..players import EndsEarly

    game = night.games[index]
    last = index == len(night.games) - 1
    try:
        fixed, notes = change(game)
    except EndsEarly as exc:
        if last:
            raise
        was = game.state.over_after
        raise RefusedError(_later_game(night, where, index, f"end after {word} {exc.over} "
                                                             f"instead of {word} {was}")) from None
    change_text = None if last else ending_change(game, fixed)
    if change_text:
        raise RefusedError(_later_game(night, where, index, change_text))
    return fixed, notes


def _later_game(night: Ledger, where: str, index: int, change: str) -> str:
    """Why a correction of an earlier game is refused, and how to go on if there is a way."""
    empty = index + 2 == len(night.games) and not night.current.rounds
    way = (f" (game {index + 2} has no round yet: 'rummy undo' takes it back)" if empty
           else "")
    return (f"with {where} so, game {index + 1} would {change}, but game {index + 2} "
            "already follows it: a correction to an earlier game may change its scores, "
            f"not how or when it ended{way}")


def _unchanged(game: PlayedGame, round_number: int, index: int, where: str,
               as_json: bool) -> None:
    """Nothing to write: the round is already as given (or every default was kept)."""
    if as_json:
        points = _points(game)
        _print_json({**game.sheet().said_json(round_number), "game": index + 1,
                     "changed": {p: [n, n] for p, n in points.items()}})
        return
    from ..render import fold

    click.echo(fold(f"{where[0].upper()}{where[1:]} stays as recorded: nothing changed."))


def _say_change(game: PlayedGame, fixed: PlayedGame, round_number: int, where: str,
                notes: list[str], err: bool) -> None:
    from ..render import fold, fold_result, line_width
    from .entries import heading
    from .entries import said as said_of

    said = f"{where[0].upper()}{where[1:]}"
    began = [heading(g, round_number) for g in (game, fixed)]
    # who began it, when the fix changes that: 'Round 1 was (Ann played first): ...'
    who = [h[h.find(" ("):] if " (" in h and began[0] != began[1] else "" for h in began]
    click.echo(fold_result(f"{said} was{who[0]}: {said_of(game, round_number)}"), err=err)
    click.echo(fold_result(f"{said} now{who[1]}: {said_of(fixed, round_number)}"), err=err)
    for note in notes:
        click.echo(fold(note), err=err)
    label = "Sum" if getattr(game.rules, "hollywood", False) else "Points"
    click.echo(_changes_text(label, _shown(game), _shown(fixed), line_width()), err=err)


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
