"""The scorekeeper's commands: ``new``, ``round``, ``standings``, ``history``, ``undo``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import RefusedError, RummyError, UnusableInputError
from . import shell
from .shell import (
    _RUN,
    _check_format,
    _complete_players,
    _footer,
    _hands_from_options,
    _load,
    _print_json,
    _read,
    _recorded,
    _sentence,
    _split_pair,
    cli,
    format_option,
    game_option,
    json_option,
    ledger_option,
)


@cli.command()
@click.argument("names", nargs=-1)
@click.option("--dealer", help="Who deals first (default: picked at random, R3; in the next "
                               "game, the player left of the last dealer).")
@click.option("--seed", type=int, help="Make the random pick of the dealer repeatable.")
@click.option("--rule", "house_rules", multiple=True, metavar="NAME=VALUE",
              help="A house rule: any figure 'rummy rules' lists, e.g. --rule "
                   "going_out_bonus=50. Repeat for more.")
@click.option("--target", type=str, metavar="N",
              help="Play to N points instead of 150 (short for --rule target=N).")
@click.option("--knock-limit", type=str, metavar="N",
              help="Knock with N points or fewer instead of 5 (--rule knock_limit=N).")
@click.option("--game", "kind", type=click.Choice(["manipulation", "gin", "classic",
                                                   "oklahoma"], case_sensitive=False),
              help="The game: Manipulation Rummy (the default), or Gin Rummy with the "
                   "figures of 'gin' (modern), 'classic' or 'oklahoma'.")
@click.option("--hollywood", is_flag=True,
              help="Gin: score three games at once from one series of hands (G19-G22).")
@ledger_option
@json_option
def new(names: tuple[str, ...], dealer: str | None, seed: int | None,
        house_rules: tuple[str, ...], target: str | None, knock_limit: str | None,
        kind: str | None, hollywood: bool, ledger: str | None, as_json: bool) -> None:
    """Start a game: 2-5 players in seat order (clockwise), or the next game of a ledger.

    On a ledger whose game is over, 'rummy new' alone starts the next game in the same
    file: the same players in the same seats, the same house rules, and the deal moves on.
    A game still being played is never replaced.

    \b
    Examples:
      rummy new Ann Ben Cy
      rummy new Ann Ben Cy Dee --dealer Cy --ledger friday.yaml
      rummy new Ann Ben --target 200 --knock-limit 7
      rummy new                            (the next game, once this one is over)
      rummy new Ann Ben --game gin --hollywood
      rummy new Ann Ben --game oklahoma --rule undercut=10
    """
    from datetime import datetime, timezone

    from ..games.manipulation.game import new_game, next_game
    from ..games.manipulation.rules import MANIPULATION_RUMMY, RuleError
    from ..ledger import Ledger, create, ledger_path, locked, save
    from .prompts import check_new_name

    _RUN.writes = True
    for name in names:
        check_new_name(name)
    typed: dict[str, str] = {}
    for value in house_rules:
        rule, text = _split_pair(value, "--rule")
        typed[rule] = text
    for rule, short in (("target", target), ("knock_limit", knock_limit)):
        if short is not None:
            typed[rule] = short
    path = ledger_path(ledger)
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")

    def rules_from(base: Any, players: int) -> Any:
        try:
            rules = base.with_house_rules(typed)
            problem = rules.problem_for(players)
        except RuleError as exc:
            raise UnusableInputError(f"{exc} (the game cannot be played so)") from None
        if problem:
            raise UnusableInputError(f"{problem[1]} (the game cannot be played so)")
        return rules

    from ..games import GIN_FAMILY, is_gin
    from . import gin_ledger

    kind = None if kind is None else kind.lower()
    if hollywood and kind not in (*GIN_FAMILY, None):
        raise click.UsageError("--hollywood scores a Gin game: add --game gin, classic or "
                               "oklahoma")

    def started(last: Any) -> Any:
        wanted = kind or (last.rules.game if last is not None else "manipulation")
        if wanted in GIN_FAMILY:
            base = last.rules if last is not None and is_gin(last) else None
            if hollywood and base is not None:
                base = None if base.game != wanted else base
            rules = gin_ledger.gin_rules(wanted, hollywood, typed, base)
            return gin_ledger.new_gin(names, dealer, seed, created, rules, last)
        if last is None or is_gin(last):
            players = names or (last.players if last is not None else ())
            if not players:
                raise click.UsageError("name the players in their seats, e.g. rummy new "
                                       "Ann Ben Cy")
            return new_game(players, dealer=dealer, seed=seed, created=created,
                            rules=rules_from(MANIPULATION_RUMMY, len(players)))
        return next_game(last, names, dealer=dealer, seed=seed, created=created,
                         rules=rules_from(last.rules, len(names or last.players)))

    if not path.exists() and not path.is_symlink():
        if not names:
            raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben Cy")
        game = started(None)
        create(path, game, _RUN.written(f"the new game is in {path}"))
        number = 1
    else:
        with locked(path, existing=True):
            night = _existing_ledger(path)
            last = night.current
            if not last.state.game_over:
                raise RefusedError(_in_progress(path, night))
            game = started(last)
            number = len(night.games) + 1
            save(path, Ledger(night.games + (game,)),
                 _RUN.written(f"game {number} is started in {path}"))
    if is_gin(game):
        gin_ledger.announce(path, game, number, as_json)
        return
    _announce_game(path, game, number, dealer is not None, as_json)


def _existing_ledger(path: Path) -> Any:
    """The ledger ``new`` would add a game to; a file that is not one is left alone."""
    try:
        return _read(path)
    except RummyError as exc:
        raise RummyError(f"{exc} (rummy new never overwrites a file: mend it, or choose "
                         "another --ledger)") from None


def _in_progress(path: Path, night: Any) -> str:
    game = night.current
    number = len(night.games)
    which = f"game {number}" if number > 1 else "a game"
    return (f"{path}: {which} is still being played ({len(game.rounds)} rounds so far; "
            f"{game.next_dealer()} deals next): record its rounds with 'rummy round', or "
            "start another game elsewhere with --ledger OTHER.yaml")


def _announce_game(path: Path, game: Any, number: int, dealer_given: bool,
                   as_json: bool) -> None:
    from ..games.manipulation.scoring import leader_of
    from ..report import house_rules_text

    decks = game.decks
    leader = leader_of(game.players, game.first_dealer)
    if as_json:
        _print_json({"ledger": str(path), "game": number, "players": list(game.players),
                     "decks": decks, "hand_size": game.rules.hand_size,
                     "first_dealer": game.first_dealer, "first_leader": leader,
                     "target": game.rules.target,
                     "house_rules": {k: v for k, (v, _) in game.rules.differences().items()}})
        return
    cards = 53 * decks
    which = "New game" if number == 1 else f"Game {number}"
    click.echo(f"{which} in {path}: {', '.join(game.players)} (seated in this order, "
               "play goes to the left).")
    click.echo(f"Use {decks} deck{'s' if decks > 1 else ''} with "
               f"{decks} joker{'s' if decks > 1 else ''} ({cards} cards); deal "
               f"{game.rules.hand_size} cards each.")
    if number == 1:
        picked = "" if dealer_given else " (picked at random)"
    else:
        picked = "" if dealer_given else " (the deal moves on to the left)"
    click.echo(f"{game.first_dealer} deals first{picked}; {leader} plays first.")
    house = house_rules_text(game.rules)
    if house:
        click.echo(house)
    click.echo("After each round: 'rummy round' asks for the hands, or give them with "
               "--knock NAME --hand NAME=CARDS ...")


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
@click.option("--melds", multiple=True, metavar="NAME=TABLE",
              help="Gin: the knocker's layout as laid down, e.g. --melds \"Ann=2H 3H 4H / "
                   "7C 7D 7S\".")
@click.option("--big-gin", is_flag=True,
              help="Gin, deadwood entered: the knocker melded all 11 cards (G7).")
@click.option("--guided", is_flag=True, help="Ask for everything, then confirm.")
@click.option("--yes", "-y", is_flag=True,
              help="Guided entry: record without the final 'Record this round?'.")
@ledger_option
@json_option
def round_cmd(knock: tuple[str, ...], stock_out: bool, hands: tuple[str, ...],
              points: tuple[str, ...], upcard: str | None, dead: bool, melds: tuple[str, ...],
              big_gin: bool, guided: bool, yes: bool, ledger: str | None,
              as_json: bool) -> None:
    """Record the end of a round and score it (R16-R27).

    Give how it ended (--knock NAME or --stock-out) and, for every player, the cards left
    in hand (--hand) or their total (--points). On a terminal, 'rummy round' alone (or with
    just --knock/--stock-out) asks for each hand and confirms before writing.

    \b
    Examples:
      rummy round --knock Ann --hand Ann=3C --hand "Ben=2D AS" --points Cy=20
      rummy round --stock-out --points Ann=12 --points Ben=30 --points Cy=14
      rummy round --knock Ben --hand Ben= --hand "Ann=KS QS" --hand Cy=4C  (Ben went out)
      rummy round                          (on a terminal: asks for everything)

    In a Gin game a round is a hand: --knock NAME with both hands as cards (the showdown
    scores it) or as deadwood (--points), --upcard in Oklahoma, --dead for a dead hand.

    \b
      rummy round --knock Ann --points Ann=1 --points Ben=22
      rummy round --knock Ann --hand "Ann=2H 3H 4H 7C 7D 7S JS QS KS AD" --hand "Ben=..."
      rummy round --knock Ben --points Ben=4 --points Ann=10 --upcard 6S   (Oklahoma)
    """
    from ..games import is_gin
    from ..games.manipulation.game import HandEntry, check_open, record_round
    from ..ledger import ledger_path, locked, save
    from . import gin_ledger

    _RUN.writes = True
    entered: dict[str, HandEntry]

    path = ledger_path(ledger)
    gin_options = {"--upcard": upcard is not None, "--dead": dead, "--melds": bool(melds),
                   "--big-gin": big_gin}
    if path.exists() and is_gin(_load(path, quiet=True)):
        if stock_out:
            raise click.UsageError("a Gin hand ends with a knock or as a dead hand (--dead); "
                                   "there is no stock-out")
        gin_ledger.gin_round(path, knock, hands, points, melds, upcard, dead, big_gin,
                             as_json, guided, yes)
        return
    gin_ledger.refuse_gin_options(gin_options)
    if len(knock) > 1:
        raise click.UsageError(f"--knock is given {len(knock)} times "
                               f"({', '.join(knock)}): a round has one knocker")
    knocker = knock[0] if knock else None
    if knocker is not None and stock_out:
        raise click.UsageError("a round ends with --knock NAME or --stock-out, not both")
    no_hands = not hands and not points
    if guided or (no_hands and shell.stdin_is_terminal()):
        from .prompts import Back, ask_change, ask_confirm, ask_round

        game = _load(path)
        given = _hands_from_options(hands, points)
        number = len(game.rounds) + 1
        knocker, entered = ask_round(game, knocker, stock_out, given)
        while True:
            _, result = record_round(game, knocker, entered)
            held = ", ".join(f"{p} {n}" for p, n in result.hand_points.items())
            click.echo(f"Points in hand: {held}.", err=True)  # stderr: stdout stays the result
            click.echo(f"Round {number}: {_sentence(game, result)}", err=True)
            try:
                if yes or ask_confirm("Record this round?"):
                    break
            except Back:  # change one answer, keep the others
                knocker, entered = ask_change(game, knocker, entered)
                continue
            click.echo("Nothing recorded.", err=True)
            return
        with locked(path, existing=True):  # not held while the player answers
            night = _read(path, quiet=True)
            current = night.current
            if current.rounds != game.rounds or current.players != game.players:
                raise RummyError(f"{path} changed while you were answering (another rummy "
                                 "command wrote it); nothing recorded: run 'rummy round' again")
            updated, result = record_round(current, knocker, entered)
            save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
        announced = True
    else:
        if knocker is None and not stock_out:
            if path.exists():
                check_open(_load(path, quiet=True))  # a finished game says so first
            missing = ("say how the round ended: --knock NAME or --stock-out" if no_hands else
                       "say how the round ended: --knock NAME or --stock-out, as well as the "
                       "hands")
            raise click.UsageError(f"{missing} (or run 'rummy round' on a terminal to be "
                                   "asked)")
        entered = _hands_from_options(hands, points)
        with locked(path, existing=True):
            night = _read(path)
            game = night.current
            number = len(game.rounds) + 1
            updated, result = record_round(game, knocker, entered)
            save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
        announced = False
    if as_json:
        from ..report import round_json

        _print_json(round_json(number, game.dealer_of(number), result, updated.state))
        return
    from ..report import standings_footer, standings_table

    if not announced:
        click.echo(f"Round {number} ({game.dealer_of(number)} dealt): "
                   f"{_sentence(game, result)}")
    click.echo()
    click.echo(standings_table(updated))
    click.echo()
    click.echo(standings_footer(updated))


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
def standings(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The scores so far: points, rounds won, distance to 150, and the bonuses at the end.

    \b
    Examples:
      rummy standings --ledger samples/friday-night.yaml
      rummy standings --format github     (paste into a chat)
      rummy standings --format html > scores.html
    """
    from ..games import is_gin
    from ..ledger import ledger_path
    from ..report import house_rules_text, standings_footer, standings_json, standings_table
    from . import gin_ledger

    fmt = _check_format(fmt)
    night = _read(ledger_path(ledger))
    game = night.game(number)
    if is_gin(game):
        gin_ledger.standings(night, game, number, as_json, fmt)
        return
    if as_json:
        _print_json({**standings_json(game), "game": number or len(night.games),
                     "games": len(night.games),
                     "house_rules": {k: v for k, (v, _) in game.rules.differences().items()}})
        return
    click.echo(standings_table(game, fmt))
    _footer(standings_footer(game), fmt)
    if house_rules_text(game.rules):
        _footer(house_rules_text(game.rules), fmt)


@cli.command()
@ledger_option
@game_option
@json_option
@format_option
def history(ledger: str | None, number: int | None, as_json: bool, fmt: str) -> None:
    """The score sheet: every round with its ending, points in hand and running totals.

    'In hand' is each player's points left in hand (R16), in the order of the player
    columns. Under each player: the running total, '*' for the round's winners. When the
    game is over, the last rows give each player's round bonus (for the rounds won), game
    bonus (for reaching the target) and total.

    \b
    Examples:
      rummy history
      rummy history --game 1               (the first game of the night)
      rummy history --format csv > sheet.csv
      rummy history --format html > sheet.html
    """
    from ..games import is_gin
    from ..ledger import ledger_path
    from . import gin_ledger

    fmt = _check_format(fmt)
    game = _read(ledger_path(ledger)).game(number)
    if is_gin(game):
        gin_ledger.history(game, as_json, fmt)
        return
    if as_json:
        from ..report import history_json

        _print_json(history_json(game))
        return
    from ..report import history_table, standings_footer

    if not game.rounds and fmt in ("simple", "plain"):
        click.echo("No rounds recorded yet.")
        return
    click.echo(history_table(game, fmt))
    if game.state.game_over:
        _footer(standings_footer(game), fmt)


@cli.command()
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@ledger_option
@json_option
def undo(yes: bool, ledger: str | None, as_json: bool) -> None:
    """Take back the last round recorded (asks first on a terminal).

    \b
    Examples:
      rummy undo
      rummy undo --yes --ledger friday.yaml
    """
    from ..ledger import ledger_path, locked, save

    _RUN.writes = True

    path = ledger_path(ledger)
    if not yes:
        if not shell.stdin_is_terminal():
            raise click.UsageError("not on a terminal: add --yes to take back the last round")
        from .prompts import ask_yes_no

        game = _load(path)
        _undone(game)  # refused before asking if there is no round
        number = len(game.rounds)
        word = _round_word(game)
        click.echo(f"{word} {number} ({game.dealer_of(number)} dealt): "
                   f"{_said(game, number)}", err=True)
        if not ask_yes_no(f"Take back {word.lower()} {number}?", default=False):
            click.echo("Nothing taken back.", err=True)
            return
    with locked(path, existing=True):  # not held while the player answers
        night = _read(path, quiet=not yes)
        if not yes and night.current.rounds != game.rounds:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing taken back: run 'rummy undo' again")
        game = night.current
        updated = _undone(game)
        number = len(game.rounds)
        word = _round_word(game)
        save(path, night.with_current(updated),
             _RUN.written(f"{word.lower()} {number} is taken back in {path}"))
    sentence = _said(game, number)
    if as_json:
        from ..games import is_gin

        if is_gin(game):
            from ..gin_sheet import hand_json

            _print_json({"undone": hand_json(game, number),
                         "rounds_played": len(updated.rounds)})
            return
        from ..report import round_json

        result = game.results[-1]
        _print_json({"undone": round_json(number, game.dealer_of(number), result, game.state),
                     "rounds_played": len(updated.rounds)})
        return
    click.echo(f"Took back {word.lower()} {number}: {sentence}")


def _round_word(game: Any) -> str:
    from ..games import is_gin

    return "Hand" if is_gin(game) else "Round"


def _undone(game: Any) -> Any:
    """The game without its last round (or hand)."""
    from ..games import is_gin

    if is_gin(game):
        from ..games.gin.game import undo_hand

        return undo_hand(game)[0]
    from ..games.manipulation.game import undo_round

    return undo_round(game)[0]


def _said(game: Any, number: int) -> str:
    from ..games import is_gin

    if is_gin(game):
        from ..gin_sheet import hand_sentence

        return hand_sentence(game, number)
    return _sentence(game, game.results[number - 1])
