"""How ``rummy fix`` checks and says a correction: the game and players it names, the round
number, an earlier game's ending kept, and each player's points before and after. Imported
when a round is fixed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..errors import RefusedError
from ..games import PlayedGame
from .parsing import _print_json

if TYPE_CHECKING:
    from ..ledger import Ledger
    from .keepers import FixOptions


def _points(game: Any) -> dict[str, int]:
    return {s.name: s.points for s in game.state.standings}


def _shown(game: Any) -> tuple[str, dict[str, int]]:
    """The figure the standings show last, by player, and its word: points, or what the
    game declares (Hollywood's sum of the three games' totals)."""
    from ..games import declared

    return declared(game).shown(game)


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


def _which_game(night: Ledger, index: int) -> str:
    """The first line of a fix that took the ledger's last game by itself: which game it is,
    and how to reach another."""
    from ..render import fold
    from .entries import described

    count = len(night.games)
    return fold(f"Fixing {described(night.games[index], index + 1)}, the last of {count} in "
                "the ledger; for an earlier game, add --game-number N.")


def _names_given(opts: FixOptions) -> list[str]:
    """The players' names the options of ``fix`` give, as typed (those whose values name a
    player: --knock NAME, --hand NAME=CARDS, ...)."""
    from .options import declared_options

    names = []
    for option in declared_options().values():
        value = opts.get(option.dest)
        if not option.player or option.kind == "flag" or value is None:
            continue
        for typed in (value,) if isinstance(value, str) else value:
            name, eq, _ = typed.partition("=")
            if option.kind != "pairs":
                names.append(typed)
            elif eq and name.strip():  # a value without NAME= is refused as it is read
                names.append(name)
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
    (label, before), (_, after) = _shown(game), _shown(fixed)
    click.echo(_changes_text(label, before, after, line_width()), err=err)
