"""The scorekeeper's commands for a Gin game: ``new --game gin|classic|oklahoma``, ``round``
(a hand), ``standings``, ``history``. The scorekeeper hands a Gin ledger to these."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import RummyError, UnusableInputError
from . import shell
from .shell import (
    _RUN,
    _check_format,
    _footer,
    _hands_from_options,
    _print_json,
    _read,
    _recorded,
    _split_pair,
)

GIN_ONLY = ("--upcard", "--dead", "--melds", "--big-gin")


def gin_rules(kind: str, hollywood: bool, typed: dict[str, str], base: Any = None) -> Any:
    """The rules of a new Gin game: the preset (or the last game's rules), house rules, and
    Hollywood scoring if asked."""
    from ..games.gin.rules import GinRuleError, find_preset

    try:
        rules = base if base is not None and base.game == kind else find_preset(kind)
        typed = {("knock" if k.replace("-", "_") == "knock_limit" else k): v
                 for k, v in typed.items()}
        if hollywood:
            typed["scoring"] = "hollywood"
        return rules.with_house_rules(typed)
    except GinRuleError as exc:
        raise UnusableInputError(f"{exc} (the game cannot be played so)") from None


def new_gin(names: tuple[str, ...], dealer: str | None, seed: int | None, created: str,
            rules: Any, last: Any) -> Any:
    """The first or the next Gin game (G15: the winner of the last hand deals first)."""
    from ..games import is_gin
    from ..games.gin.game import new_gin_game, next_gin_game

    if last is not None and is_gin(last):
        return next_gin_game(last, names, dealer=dealer, seed=seed, rules=rules,
                             created=created)
    players = names or (last.players if last is not None else ())
    if not players:
        raise click.UsageError("name the two players, e.g. rummy new Ann Ben --game gin")
    return new_gin_game(players, dealer=dealer, seed=seed, rules=rules, created=created)


def announce(path: Path, game: Any, number: int, as_json: bool) -> None:
    """What 'rummy new' says about a Gin game."""
    rules = game.rules
    leader = game.next_leader()
    if as_json:
        _print_json({"ledger": str(path), "game": number, "kind": rules.game,
                     "players": list(game.players), "decks": 1, "hand_size": 10,
                     "first_dealer": game.first_dealer, "first_leader": leader,
                     "target": rules.target, "hollywood": rules.hollywood,
                     "house_rules": {k: v for k, (v, _) in rules.differences().items()}})
        return
    names = {"gin": "Gin Rummy", "classic": "Gin Rummy (classic figures)",
             "oklahoma": "Oklahoma Gin"}
    title = ("Hollywood " if rules.hollywood else "") + names[rules.game]
    which = "New game" if number == 1 else f"Game {number}"
    click.echo(f"{which} of {title} in {path}: {', '.join(game.players)}.")
    click.echo("Use one deck without jokers; deal 10 cards each and turn up the next.")
    limit = ("the upcard sets the knock limit" if rules.knock is None
             else f"knock with {rules.knock} or less")
    scoring = ("three games at once, each" if rules.hollywood else "first")
    click.echo(f"{game.first_dealer} deals first; {leader} is offered the upcard. "
               f"{limit[0].upper()}{limit[1:]}; {scoring} to {rules.target}.")
    house = {k: v for k, (v, _) in rules.differences().items() if k != "scoring"}
    if house:
        click.echo("House rules: " + ", ".join(f"{k} {v}" for k, v in house.items()) + ".")
    click.echo("After each hand: rummy round --knock NAME --points NAME=N --points NAME=N "
               "(deadwood), or --hand NAME=CARDS for both; --dead for a dead hand.")


def gin_round(path: Path, knock: tuple[str, ...], hands: tuple[str, ...],
              points: tuple[str, ...], melds: tuple[str, ...], upcard: str | None, dead: bool,
              big_gin: bool, as_json: bool, guided: bool = False, yes: bool = False) -> None:
    """Record a Gin hand: scored by the showdown (cards) or from the deadwood agreed; on a
    terminal with nothing given (or with --guided), ask for it."""
    from ..games.gin.game import record_hand
    from ..ledger import locked, save

    if len(knock) > 1:
        raise click.UsageError(f"--knock is given {len(knock)} times: a hand has one knocker")
    knocker = knock[0] if knock else None
    if dead and (knocker is not None or hands or points):
        raise click.UsageError("a dead hand (--dead) has no knocker and no hands to enter")
    entered = _hands_from_options(hands, points)
    layout = _layout(melds, knocker)
    if guided or (not dead and not entered and shell.stdin_is_terminal()):
        _guided_hand(path, knocker, entered, upcard, yes, as_json)
        return
    if not dead and knocker is None:
        raise click.UsageError("say how the hand ended: --knock NAME, or --dead for a dead hand")
    with locked(path, existing=True):
        night = _read(path)
        game = night.current
        number = len(game.rounds) + 1
        updated, _ = record_hand(game, knocker, entered, melds=layout, upcard=upcard,
                                 big_gin=big_gin)
        save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
    say_hand(updated, number, as_json)


def _guided_hand(path: Path, knocker: str | None, given: dict[str, Any], upcard: str | None,
                 yes: bool, as_json: bool) -> None:
    """Ask for the hand, show its score, and record it once the player agrees."""
    from ..games.gin.game import record_hand
    from ..gin_sheet import hand_sentence
    from ..ledger import locked, save
    from .prompts import Back, ask_confirm, ask_gin_hand

    game = _read(path).current
    number = len(game.rounds) + 1
    while True:
        who, hands, card = ask_gin_hand(game, knocker, given, upcard)
        preview, result = record_hand(game, who, hands, upcard=card)
        if result.deadwood:
            dead = ", ".join(f"{p} {n}" for p, n in result.deadwood.items())
            click.echo(f"Deadwood: {dead}.", err=True)
        click.echo(f"Hand {number}: {hand_sentence(preview, number)}", err=True)
        try:
            if yes or ask_confirm("Record this hand?"):
                break
        except Back:
            click.echo("Back to the start of the hand.", err=True)
            knocker, given, upcard = None, {}, None
            continue
        click.echo("Nothing recorded.", err=True)
        return
    with locked(path, existing=True):  # not held while the player answers
        night = _read(path, quiet=True)
        if night.current.rounds != game.rounds:
            raise RummyError(f"{path} changed while you were answering (another rummy "
                             "command wrote it); nothing recorded: run 'rummy round' again")
        updated, _ = record_hand(night.current, who, hands, upcard=card)
        save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
    say_hand(updated, number, as_json, announced=True)


def _layout(melds: tuple[str, ...], knocker: str | None) -> str | None:
    if not melds:
        return None
    if len(melds) > 1:
        raise click.UsageError("--melds is the knocker's layout: give it once, e.g. "
                               "--melds \"Ann=2H 3H 4H / 7C 7D 7S\"")
    name, table = _split_pair(melds[0], "--melds")
    from ..games.manipulation.game import name_key

    if knocker is None or name_key(name) != name_key(knocker)[:len(name_key(name))]:
        raise click.UsageError("--melds gives the knocker's layout: name the knocker, e.g. "
                               f"--melds \"{knocker or 'Ann'}=2H 3H 4H / 7C 7D 7S\"")
    return table


def say_hand(game: Any, number: int, as_json: bool, announced: bool = False) -> None:
    """The hand just recorded, then the standings."""
    from ..gin_sheet import hand_json, hand_sentence, standings_footer, standings_table

    if as_json:
        _print_json(hand_json(game, number))
        return
    if not announced:
        click.echo(f"Hand {number} ({game.dealer_of(number)} dealt): "
                   f"{hand_sentence(game, number)}")
        click.echo()
    else:
        click.echo()
    click.echo(standings_table(game))
    click.echo()
    click.echo(standings_footer(game))


def standings(night: Any, game: Any, number: int | None, as_json: bool, fmt: str) -> None:
    """``standings`` for a Gin game."""
    from ..gin_sheet import standings_footer, standings_json, standings_table

    if as_json:
        doc = standings_json(game)
        doc["game"] = number or len(night.games)
        doc["games" if "games" not in doc else "ledger_games"] = len(night.games)
        doc["house_rules"] = {k: v for k, (v, _) in game.rules.differences().items()}
        _print_json(doc)
        return
    fmt = _check_format(fmt)
    click.echo(standings_table(game, fmt))
    _footer(standings_footer(game), fmt)


def history(game: Any, as_json: bool, fmt: str) -> None:
    """``history`` for a Gin game: one row per hand."""
    from ..gin_sheet import history_json, history_rows, standings_footer
    from ..render import table

    if as_json:
        _print_json(history_json(game))
        return
    headers, rows = history_rows(game)
    if not rows and fmt in ("simple", "plain"):
        click.echo("No hands recorded yet.")
        return
    click.echo(table(rows, headers, fmt))
    if game.state.game_over:
        _footer(standings_footer(game), fmt)


def refuse_gin_options(given: dict[str, bool]) -> None:
    """Options for a Gin hand given to a Manipulation Rummy round."""
    used = [name for name, on in given.items() if on]
    if used:
        raise RummyError(f"{used[0]} is for a Gin game; this ledger's game is Manipulation "
                         "Rummy (start a Gin game with 'rummy new Ann Ben --game gin')")
