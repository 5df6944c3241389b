"""Manipulation Rummy's scorekeeping at the command line: a new game, a round (typed or asked),
the standings, the score sheet, and what ``undo``, ``fix`` and ``rename`` do to a round.

The commands in ``scorekeeper`` and ``fix`` find this module through ``keepers`` when the
ledger's game is Manipulation Rummy; ``keep_gin`` answers the same calls for the Gin family.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import RummyError, UnusableInputError
from . import shell
from .keepers import said, show, still_kept_by
from .shell import (
    _RUN,
    _hands_from_options,
    _load,
    _print_json,
    _read,
    _recorded,
    _sentence,
)

ENDS = ("a round ends with --knock NAME or --stock-out (a Gin game starts with "
        "'rummy new Ann Ben --game gin')")
WORD = "Round"  # what one entry of the game is called
HANDS = "give each hand's cards with --hand NAME=CARDS, or its total with --points NAME=N"
OWN_OPTIONS = ("--stock-out",)
FIX_OPTIONS = "--knock, --stock-out, --hand or --points"


def start(names: tuple[str, ...], dealer: str | None, seed: int | None, created: str,
          typed: dict[str, str], kind: str, hollywood: bool, last: Any) -> Any:
    """The first game, or the next one after ``last`` (any game's, over)."""
    from ..games import registered
    from ..games.manipulation.game import new_game, next_game
    from ..games.manipulation.rules import MANIPULATION_RUMMY, RuleError

    if hollywood:
        raise click.UsageError("--hollywood scores a Gin game: add --game gin, classic or "
                               "oklahoma")
    same_kind = last is not None and registered(last.rules.game).keeper == __name__
    players = names or (last.players if last is not None else ())
    if not players:
        raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben Cy")
    base = last.rules if same_kind else MANIPULATION_RUMMY
    try:
        rules = base.with_house_rules(typed)
        problem = rules.problem_for(len(players))
    except RuleError as exc:
        raise UnusableInputError(str(exc)) from None
    if problem:
        raise UnusableInputError(f"{problem[1]} (the game cannot be played so)")
    if same_kind:
        return next_game(last, names, dealer=dealer, seed=seed, created=created, rules=rules)
    return new_game(players, dealer=dealer, seed=seed, created=created, rules=rules)


def announce(path: Path, game: Any, number: int, dealer_given: bool, as_json: bool) -> None:
    """What 'rummy new' says: the seats, the decks, who deals and plays first."""
    from ..games.manipulation.report import house_rules_text
    from ..games.manipulation.scoring import leader_of

    decks = game.decks
    leader = leader_of(game.players, game.first_dealer)
    if as_json:
        _print_json({"ledger": str(path), "game": number, "players": list(game.players),
                     "decks": decks, "hand_size": game.rules.hand_size,
                     "first_dealer": game.first_dealer, "first_leader": leader,
                     "target": game.rules.target,
                     "house_rules": {k: v for k, (v, _) in game.rules.differences().items()}})
        return
    from ..render import fold

    cards = 53 * decks
    which = "New game" if number == 1 else f"Game {number}"
    click.echo(fold(f"{which} in {path}: {', '.join(game.players)} (seated in this order, "
                    "play goes to the left)."))
    click.echo(fold(f"Use {decks} deck{'s' if decks > 1 else ''} with "
                    f"{decks} joker{'s' if decks > 1 else ''} ({cards} cards); deal "
                    f"{game.rules.hand_size} cards each."))
    if number == 1:
        picked = "" if dealer_given else " (picked at random)"
    else:
        picked = "" if dealer_given else " (the deal moves on to the left)"
    click.echo(fold(f"{game.first_dealer} deals first{picked}; {leader} plays first."))
    house = house_rules_text(game.rules)
    if house:
        click.echo(fold(house))
    click.echo(fold("After each round, 'rummy round' asks for the hands (see 'rummy round "
                    "--help')."))


def record(path: Path, opts: dict[str, Any], as_json: bool) -> None:
    """``rummy round``: the round as typed, or asked on a terminal; then the standings."""
    from ..games.manipulation.game import check_open, record_round
    from ..hands import HandEntry
    from ..ledger import locked, save

    knock, stock_out = opts["knock"], opts["stock_out"]
    hands, points = opts["hands"], opts["points"]
    entered: dict[str, HandEntry]
    if len(knock) > 1:
        raise click.UsageError(f"--knock is given {len(knock)} times "
                               f"({', '.join(knock)}): a round has one knocker")
    knocker = knock[0] if knock else None
    if knocker is not None and stock_out:
        raise click.UsageError("a round ends with --knock NAME or --stock-out, not both")
    no_hands = not hands and not points
    if opts["guided"] or (no_hands and shell.stdin_is_terminal()):
        from ..render import fold, fold_result
        from .prompts import Back, ask_change, ask_confirm, ask_round

        game = still_kept_by(__name__, _load(path), path)
        given = _hands_from_options(hands, points)
        number = len(game.rounds) + 1
        knocker, entered = ask_round(game, knocker, stock_out, given)
        while True:
            _, result = record_round(game, knocker, entered)
            held = ", ".join(f"{p} {n}" for p, n in result.hand_points.items())
            # stderr: stdout stays the result
            click.echo(fold(f"Points in hand: {held}.", indent=2), err=True)
            click.echo(fold_result(f"Round {number}: {_sentence(game, result)}"), err=True)
            try:
                if opts["yes"] or ask_confirm("Record this round?"):
                    break
            except Back:  # change one answer, keep the others
                knocker, entered = ask_change(game, knocker, entered)
                continue
            click.echo("Nothing recorded.", err=True)
            return
        with locked(path, existing=True):  # not held while the player answers
            night = _read(path, quiet=True)
            current = still_kept_by(__name__, night.current, path)
            if current.rounds != game.rounds or current.players != game.players:
                raise RummyError(f"{path} changed while you were answering (another rummy "
                                 "command wrote it); nothing recorded: run 'rummy round' again")
            updated, result = record_round(current, knocker, entered)
            save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
        announced = True
    else:
        if knocker is None and not stock_out:
            if path.exists():
                check_open(still_kept_by(__name__, _load(path, quiet=True), path))
            missing = ("say how the round ended: --knock NAME or --stock-out" if no_hands else
                       "say how the round ended: --knock NAME or --stock-out, as well as the "
                       "hands")
            raise click.UsageError(f"{missing} (or run 'rummy round' on a terminal to be "
                                   "asked)")
        entered = _hands_from_options(hands, points)
        with locked(path, existing=True):
            night = _read(path)
            game = still_kept_by(__name__, night.current, path)
            number = len(game.rounds) + 1
            updated, result = record_round(game, knocker, entered)
            save(path, night.with_current(updated), _RUN.written(_recorded(path, number)))
        announced = False
    if as_json:
        _print_json(updated.sheet().said_json(number))
        return
    if not announced:
        from ..render import fold_result

        click.echo(fold_result(f"Round {number} ({game.dealer_of(number)} dealt): "
                               f"{_sentence(game, result)}"))
    show(updated)


def fixed(game: Any, number: int, opts: dict[str, Any]) -> tuple[Any, list[str]]:
    """The game with round ``number`` changed as the options say, the rest of the round as
    recorded (``rummy fix N --hand ...``), and notes on what else changed (none here)."""
    if opts["knock"] is not None and opts["stock_out"]:
        raise click.UsageError("a round ends with --knock NAME or --stock-out, not both")
    was = game.rounds[number - 1]
    knocker = opts["knock"] if opts["knock"] is not None else (
        None if opts["stock_out"] else was.knocker)
    hands = {**was.hands, **given_hands(game, opts)}
    return _fixed_with(game, number, knocker, hands), []


def given_hands(game: Any, opts: dict[str, Any]) -> dict[str, Any]:
    """The hands given with --hand and --points, by the players' own names."""
    from ..players import find_player_by_prefix

    found: dict[str, Any] = {}
    for name, hand in _hands_from_options(opts["hands"], opts["points"]).items():
        player = find_player_by_prefix(game.players, name)
        if player in found:
            raise click.UsageError(f"{player}'s hand is given twice: give one per player")
        found[player] = hand
    return found


def asked_fix(game: Any, number: int) -> tuple[Any, list[str]]:
    """Round ``number`` asked again on a terminal, each recorded answer the default."""
    from .fix_questions import ask_round_again

    knocker, hands = ask_round_again(game, number, said(game, number))
    return _fixed_with(game, number, knocker, hands), []


def _fixed_with(game: Any, number: int, knocker: str | None, hands: dict[str, Any]) -> Any:
    from ..games.manipulation.game import fix_round

    return fix_round(game, number, knocker, hands)[0]

