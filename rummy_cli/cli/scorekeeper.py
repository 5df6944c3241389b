"""The scorekeeper's commands: ``new``, ``round``, ``standings``, ``history``, ``undo``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from ..errors import RefusedError, RummyError
from ..games import PRESETS

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..games import PlayedGame
    from ..games.declared import Declared
    from ..ledger import Ledger
from . import shell
from .options import (
    OneOf,
    WholeNumber,
    _check_format,
    _complete_players,
    format_option,
    game_option,
    json_option,
    ledger_option,
)
from .parsing import _load, _print_json, _read, _split_pair
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
    from .keepers import Keeper, entry_word, keeper_for, keeper_of
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
    from ..games import preset_of, title_of
    from .keepers import entry_word

    again = {name.strip().lower().replace("-", "_") for name in typed}
    if "knock_limit" in again:  # a Gin game reads --knock-limit as its 'knock'
        again.add("knock")
    preset = preset_of(game)
    rules = game.rules
    title = title_of(game)
    from dataclasses import fields

    has = {f.name for f in fields(rules)}  # type: ignore[arg-type]
    seats = len(game.players) != len(last.players)
    kept: list[str] = []
    dropped: list[str] = []
    for name, (value, book) in last.sheet().house_rules().items():
        if name in again:
            continue
        was = f"{name} {_figure(name, value)}"
        if name not in has:
            dropped.append(f"{was} ({title} has no such rule)")
        elif getattr(rules, name) == value:
            kept.append(was)
        elif getattr(rules, name) == getattr(preset, name) != book:
            dropped.append(f"{was} ({title} sets its own: "
                           f"{_figure(name, getattr(rules, name))})")
        elif name == "rounds" and seats:
            dropped.append(f"{was} (one per player again, as the number of players changed)")
        else:
            dropped.append(f"{was} (now {_figure(name, getattr(rules, name))})")
    if not dropped and rules.game == last.rules.game:
        return []
    which = f"{entry_word(last)} {number}"
    return ([f"House rules kept from {which}: {', '.join(kept)}."] if kept else []) + \
        ([f"House rules of {which} dropped: {', '.join(dropped)}."] if dropped else [])


def _figure(name: str, value: object) -> str:
    """A rule's value in a message: 'yes', 'off', 'one per player', '50'."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return {"rounds": "one per player", "knock": "the upcard's"}.get(name, "off")
    if name in ("rounds", "target") and value == 0:
        return "off"
    return str(value)


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
    from .keepers import entry_word, word

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


@cli.command("round")
@click.option("--knock", multiple=True, metavar="NAME", shell_complete=_complete_players,
              help="Who knocked (R17).")
@click.option("--stock-out", is_flag=True, help="The stock ran out; nobody knocked (R18).")
@click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
              shell_complete=_complete_players,
              help="Cards left in a player's hand, e.g. --hand \"Ann=3C 2D\" ('Ann=' for none). "
                   "Repeat per player.")
@click.option("--points", "points", multiple=True, metavar="NAME=N",
              shell_complete=_complete_players,
              help="A hand's total instead of its cards, e.g. --points Ann=12.")
@click.option("--upcard", metavar="CARD",
              help="Gin: the hand's first upcard (Oklahoma: it sets the knock limit, G16).")
@click.option("--dead", is_flag=True, help="Gin: a dead hand; nobody scores (G8).")
@click.option("--melds", multiple=True, metavar="NAME=TABLE", shell_complete=_complete_players,
              help="Gin: the knocker's layout as laid down, e.g. --melds \"Ann=2H 3H 4H / "
                   "7C 7D 7S\" (without it, a layout of the least deadwood is assumed "
                   "and shown).")
@click.option("--big-gin", is_flag=True,
              help="Gin, deadwood entered: the knocker melded all 11 cards (G7).")
@click.option("--out", "out", multiple=True, metavar="NAME", shell_complete=_complete_players,
              help="Rummikub: who played their last tile (K17).")
@click.option("--pool-out", is_flag=True,
              help="Rummikub: the pool ran out and nobody went out (K18).")
@click.option("--rack", "racks", multiple=True, metavar="NAME=TILES",
              shell_complete=_complete_players,
              help="Rummikub: the tiles left in a rack, e.g. --rack \"Ben=JK 5R 12B\" "
                   "(--points for its worth). Repeat per player.")
@click.option("--first", metavar="NAME", shell_complete=_complete_players,
              help="Rummikub: who played first this round (default: the player proposed, "
                   "left of the last round's first player).")
@click.option("--guided", is_flag=True,
              help="Ask for what the options leave out (how the round ended, each hand not "
                   "given), then confirm; what they give is used, not asked.")
@click.option("--yes", "-y", is_flag=True,
              help="Guided entry: record without the final 'Record this round?'.")
@ledger_option
@json_option
def round_cmd(knock: tuple[str, ...], stock_out: bool, hands: tuple[str, ...],
              points: tuple[str, ...], upcard: str | None, dead: bool, melds: tuple[str, ...],
              big_gin: bool, out: tuple[str, ...], pool_out: bool, racks: tuple[str, ...],
              first: str | None, guided: bool, yes: bool, ledger: str | None,
              as_json: bool, **declared: Any) -> None:
    """Record the end of a round and score it (R16-R27).

    Give how it ended (--knock NAME or --stock-out) and, for every player, the cards left
    in hand (--hand) or their total (--points). On a terminal, 'rummy round' alone (or with
    just --knock/--stock-out) asks for each hand and confirms before writing; with --guided
    it asks only for what the options leave out.

    \b
    Examples:
      rummy new Ann Ben Cy --dealer Cy           # a game to play
      rummy round --knock Ann --hand Ann=3C --hand "Ben=2D AS" --points Cy=20
      rummy round --stock-out --points Ann=12 --points Ben=30 --points Cy=14
      rummy round --knock Ben --hand Ben= --hand "Ann=KS QS" --hand Cy=4C
      # Ben= is an empty hand: Ben went out
      rummy round                                # on a terminal: asks for all

    In a Gin game a round is a hand: --knock NAME with both hands as cards (the showdown
    scores it) or as deadwood (--points), --upcard in Oklahoma, --dead for a dead hand.

    \b
      rummy new Ann Ben --game gin --dealer Ben --ledger gin.yaml
      rummy round --knock Ann --points Ann=1 --points Ben=22 --ledger gin.yaml
      rummy round --knock Ann --hand "Ann=2H 3H 4H 7C 7D 7S JS QS KS AD" \\
                  --hand "Ben=5C 5D 5S 8H 9H 10H 2C 4C 6D KC" --ledger gin.yaml
      rummy new Ann Ben --game oklahoma --dealer Ann --ledger oklahoma.yaml
      rummy round --knock Ben --points Ben=4 --points Ann=10 --upcard 6S \\
                  --ledger oklahoma.yaml

    In Rummikub a round ends with --out NAME (who played their last tile; their rack may be
    left out) or --pool-out; give every other rack as tiles (--rack) or its worth (--points).

    \b
      rummy new Ann Ben Cy --game rummikub --first Ann --ledger tiles.yaml
      rummy round --out Ann --rack "Ben=JK 5R 12B" --points Cy=6 \\
                  --ledger tiles.yaml
      rummy round --pool-out --points Ann=12 --points Ben=7 --rack "Cy=JK 1O" \\
                  --ledger tiles.yaml
    """
    from ..games import default_preset
    from ..ledger import ledger_path
    from .keepers import RoundOptions, given_options, keeper_for, keeper_of, refuse_others

    _RUN.writes = True
    path = ledger_path(ledger)
    game = _load(path, quiet=True) if path.exists() else None
    keeper = keeper_of(game) if game is not None else keeper_for(default_preset())
    if game is None:  # no ledger: say so, not that another game's options do not fit it
        _read(path)
    opts = cast("RoundOptions", {"knock": knock, "stock_out": stock_out, "hands": hands,
                          "points": points, "upcard": upcard, "dead": dead, "melds": melds,
                          "big_gin": big_gin, "out": out, "pool_out": pool_out,
                          "racks": racks, "first": first, "guided": guided, "yes": yes,
                          **declared})  # (a game's own option words)
    refuse_others(keeper, given_options(opts))
    del game  # the keeper reads the ledger again under the lock: let this reading go first
    keeper.record(path, opts, as_json)


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
def standings(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The scores so far: points, rounds (or hands) won, distance to the target, the bonuses.

    A Hollywood match shows its sheet: Game 1, 2 and 3 and the match, each with hands won,
    points, box bonus, game bonus, what a shutout adds, and the total. Rummikub has no
    bonuses: its points are the total, which may be below zero (K23).

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy standings --ledger night.yaml
      rummy standings --format github --ledger night.yaml  # to paste in a chat
      rummy standings --format html --ledger night.yaml > scores.html
      rummy example rummikub-night > tiles.yaml
      rummy standings --game rummikub --ledger tiles.yaml  # its Rummikub game
    """
    from ..ledger import ledger_path
    from .keepers import standings as keep_standings

    fmt = fmt if as_json else _check_format(fmt)  # JSON needs no table format
    night = _read(ledger_path(ledger))
    keep_standings(night, night.game(number), number, as_json, fmt)


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
def history(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The score sheet: every round with its ending, points in hand and running totals.

    'End' says how the round ended ('Dee undercuts Cy', 'the stock ran out'; in Gin
    'Ben gin', 'dead hand', and the upcard in Oklahoma). 'In hand' is each player's
    points left in hand (R16), in the order of the player columns. Under each player:
    the running total, '*' for the round's winners. When the game is over, the last
    rows give each player's round bonus (for the rounds won), game bonus (for reaching
    the target) and total. With --format csv (or tsv), a plain number in every cell:
    a column per player for the points in hand, the round's score and the total.

    In Rummikub 'End' says 'Ann out' or 'pool out' (the pool ran out) and 'Racks' each
    rack's worth (K19), in the order of the player columns; there are no bonuses.

    \b
    Examples:
      rummy example friday-night > night.yaml    # a whole game, to try
      rummy history --ledger night.yaml
      rummy history --format csv --ledger night.yaml > sheet.csv
      rummy history --format html --ledger night.yaml > sheet.html
      rummy example gin-night > gin.yaml         # Gin, then Oklahoma
      rummy history --game-number 1 --ledger gin.yaml  # the first game
      rummy history --game gin --ledger gin.yaml       # the last Gin game
      rummy example rummikub-night > tiles.yaml
      rummy history --game rummikub --ledger tiles.yaml  # the last Rummikub game
    """
    from ..ledger import ledger_path
    from .keepers import history as keep_history

    fmt = fmt if as_json else _check_format(fmt)
    keep_history(_read(ledger_path(ledger)).game(number), as_json, fmt)


@cli.command()
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@ledger_option
@game_option
@json_option
def undo(yes: bool, ledger: str | None, number: int | None, as_json: bool) -> None:
    """Take back the last round recorded (asks first on a terminal); show the standings.

    A game started by mistake, with no round yet, is taken back whole when an earlier game
    of the ledger comes before it. The last round of an earlier game is never taken back:
    it ended that game, and the next game follows it ('rummy fix N --game-number G'
    corrects it).

    \b
    Examples:
      rummy example gin-night > gin.yaml         # Gin, then Oklahoma
      rummy undo --ledger gin.yaml               # on a terminal: asks first
      rummy undo --yes --ledger gin.yaml
      rummy undo --game-number 2 --yes --ledger gin.yaml   # game 2's last hand
    """
    from ..ledger import Ledger, ledger_path, locked, save
    from .keepers import chosen_alone, entry_word, heading, said, show, word

    _RUN.writes = True

    path = ledger_path(ledger)
    if not yes:
        if not shell.stdin_is_terminal():
            raise click.UsageError("not on a terminal: add --yes to take back the last round")
        from .prompts import ask_yes_no

        night = _read(path)
        game = _undone_game(night, number)
        if _empty_game(night):
            question = (f"Take back {entry_word(game)} {len(night.games)} (no round "
                        "played yet)?")
        else:
            game.undone()  # refused before asking if there is no round
            last = len(game.rounds)
            from ..render import fold_result

            if chosen_alone(night, number):
                click.echo(_undone_from(night), err=True)
            click.echo(fold_result(f"{heading(game, last)}: {said(game, last)}"), err=True)
            question = f"Take back {word(game)} {last}?"
        if not ask_yes_no(question, default=False):
            click.echo("Nothing taken back.", err=True)
            return
    with locked(path, existing=True):  # not held while the player answers
        now = _read(path, quiet=not yes)
        if not yes and (len(now.games), now.current.rounds) != (len(night.games),
                                                                  game.rounds):
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing taken back: run 'rummy undo' again")
        night = now
        game = _undone_game(night, number)
        if _empty_game(night):
            count = len(night.games)
            gone, back = entry_word(game), entry_word(night.games[-2])
            save(path, Ledger(night.games[:-1]),
                 _RUN.written(f"{gone} {count} is taken back in {path}"))
            if as_json:
                _print_json({"undone_game": count, "games": count - 1})
                return
            click.echo(f"Took back {gone} {count}, which had no round yet: {back} "
                       f"{count - 1} is the last of the ledger again.")
            return
        updated = game.undone()
        last = len(game.rounds)
        save(path, night.with_current(updated),
             _RUN.written(f"{word(game)} {last} is taken back in {path}"))
    if as_json:
        _print_json({"undone": game.sheet().said_json(last), "game": len(night.games),
                     "rounds_played": len(updated.rounds)})
        return
    from ..render import fold_result

    if yes and chosen_alone(night, number):  # (asked: said before the question)
        click.echo(_undone_from(night))
    click.echo(fold_result(f"Took back {word(game)} {last}: {said(game, last)}"))
    show(updated)


def _undone_from(night: Ledger) -> str:
    """The first line of an undo in a ledger of several games: which game it changes."""
    from ..render import fold
    from .keepers import described

    count = len(night.games)
    return fold(f"Taking back from {described(night.current, count)}, the last of {count} "
                "in the ledger.")


def _undone_game(night: Ledger, number: int | None) -> PlayedGame:
    """The game whose last round ``undo`` takes back: the ledger's last. An earlier game's
    last round ended it, and the game after it began there: that round stays."""
    game = night.game(number)
    if number is None or number == len(night.games):
        return game
    from .keepers import word

    last = len(game.rounds)
    raise RefusedError(f"{word(game)} {last} ended game {number}, and game {number + 1} already "
                       f"follows it: it cannot be taken back (correct it with 'rummy fix "
                       f"{last} --game-number {number}')")


def _empty_game(night: Ledger) -> bool:
    """The last game has no round, and a game comes before it: 'rummy new' by mistake."""
    return len(night.games) > 1 and not night.current.rounds
