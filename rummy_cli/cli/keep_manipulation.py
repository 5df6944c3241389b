"""Manipulation Rummy's own part of the scorekeeping at the command line: a new game and
what 'rummy new' says of it, a round typed with --knock/--stock-out and --hand/--points or
asked on a terminal, and a round changed by ``fix``.

The commands find this module through ``keepers`` (a :class:`~.keepers.Keeper`) when the
ledger's game is Manipulation Rummy; what every game does alike is in ``keepers`` and ``entries``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..games import PlayedGame
from . import entries, keepers, shell
from .parsing import _hands_from_options, _load, _print_json, _read

if TYPE_CHECKING:
    from ..games.manipulation.game import Game
    from ..hands import HandEntry
    from .keepers import FixOptions, RoundOptions

ENDS = ("a round ends with --knock NAME or --stock-out (a Gin game starts with "
        "'rummy new Ann Ben --game gin')")
HANDS = "give each hand's cards with --hand NAME=CARDS, or its total with --points NAME=N"
OWN_OPTIONS = ("--stock-out",)
HAND_OPTIONS: tuple[str, ...] = ()
ACCEPTS: tuple[str, ...] = ()
FIX_OPTIONS = "--knock, --stock-out, --hand or --points"


def start(names: tuple[str, ...], dealer: str | None, seed: int | None, created: str,
          typed: dict[str, str], kind: str, hollywood: bool,
          last: PlayedGame | None, dealt: PlayedGame | None) -> Game:
    """The first game, or the next one after ``last`` (any game's, over); the deal goes on
    from ``dealt``, the ledger's last game with a dealer, if the players sit as there."""
    from ..games.manipulation.game import new_game, next_game
    from ..games.manipulation.rules import MANIPULATION_RUMMY

    if hollywood:
        raise click.UsageError("--hollywood scores a Gin game: add --game gin, classic or "
                               "oklahoma")
    players = names or (tuple(last.players) if last is not None else ())
    if not players:
        raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben Cy")
    base = entries.next_rules(MANIPULATION_RUMMY, last)
    rules = entries.playable(base, typed, len(players))
    if dealt is not None:
        return next_game(dealt, players, dealer=dealer, seed=seed, created=created,
                         rules=rules)
    return new_game(players, dealer=dealer, seed=seed, created=created, rules=rules)


def announce(path: Path, played: PlayedGame, number: int, dealer_given: bool,
             as_json: bool) -> None:
    """What 'rummy new' says: the seats, the decks, who deals and plays first."""
    from ..games import last_dealt
    from ..games.manipulation.game import Game, dealer_after
    from ..games.manipulation.report import house_rules_text
    from ..games.manipulation.scoring import leader_of

    game = entries.own(Game, played)
    decks = game.decks
    leader = leader_of(game.players, game.first_dealer)
    if as_json:
        _print_json({"ledger": str(path), "game": number, "players": list(game.players),
                     "decks": decks, "hand_size": game.rules.hand_size,
                     "first_dealer": game.first_dealer, "first_leader": leader,
                     "target": game.rules.target,
                     "house_rules": entries.house_rules_json(game)})
        return
    from ..render import fold

    cards = 53 * decks
    which = "New game" if number == 1 else f"Game {number}"
    click.echo(fold(f"{which} in {path}: {', '.join(game.players)} (seated in this order, "
                    "play goes to the left)."))
    click.echo(fold(f"Use {decks} deck{'s' if decks > 1 else ''} with "
                    f"{decks} joker{'s' if decks > 1 else ''} ({cards} cards); deal "
                    f"{game.rules.hand_size} cards each."))
    picked = "" if dealer_given else " (picked at random)"
    if not dealer_given and number > 1:  # said only when the rule, not chance, chose
        earlier = _read(path, quiet=True).games[:number - 1]
        if dealer_after(game.players, last_dealt(earlier)) is not None:
            picked = " (the deal moves on to the left)"
    click.echo(fold(f"{game.first_dealer} deals first{picked}; {leader} plays first."))
    house = house_rules_text(game.rules)
    if house:
        click.echo(fold(house))
    click.echo(fold("After each round, 'rummy round' asks for the hands (see 'rummy round "
                    "--help')."))


def record(path: Path, opts: RoundOptions, as_json: bool) -> None:
    """``rummy round``: the round as typed, or asked on a terminal; then the standings."""
    from ..games.manipulation.game import Game, check_open, record_round

    knock, stock_out = opts["knock"], opts["stock_out"]
    hands, points = opts["hands"], opts["points"]
    answers: dict[str, HandEntry]
    if len(knock) > 1:
        raise click.UsageError(f"--knock is given {len(knock)} times "
                               f"({', '.join(knock)}): a round has one knocker")
    knocker = knock[0] if knock else None
    if knocker is not None and stock_out:
        raise click.UsageError("a round ends with --knock NAME or --stock-out, not both")
    no_hands = not hands and not points
    if opts["guided"] or (no_hands and shell.stdin_is_terminal()):
        from ..render import fold, fold_result
        from .card_questions import ask_change, ask_round
        from .prompts import Back, ask_confirm

        game = entries.still_kept_by(Game, _load(path), path)
        given = _hands_from_options(hands, points)
        number = len(game.rounds) + 1
        knocker, answers = ask_round(game, knocker, stock_out, given)
        while True:
            preview, result = record_round(game, knocker, answers)
            held = ", ".join(f"{p} {n}" for p, n in result.hand_points.items())
            # stderr: stdout stays the result
            click.echo(fold(f"Points in hand: {held}.", indent=2), err=True)
            click.echo(fold_result(f"Round {number}: {entries.said(preview, number)}"),
                       err=True)
            try:
                if opts["yes"] or ask_confirm("Record this round?"):
                    break
            except Back:  # change one answer, keep the others
                knocker, answers = ask_change(game, knocker, answers)
                continue
            click.echo("Nothing recorded.", err=True)
            return
        updated = entries.entered_as_answered(
            path, Game, game, lambda now: record_round(now, knocker, answers)[0])
        entries.say_entered(updated, number, as_json, announced=True)
        return
    if knocker is None and not stock_out:
        if path.exists():
            check_open(entries.still_kept_by(Game, _load(path, quiet=True), path))
        missing = ("say how the round ended: --knock NAME or --stock-out" if no_hands else
                   "say how the round ended: --knock NAME or --stock-out, as well as the "
                   "hands")
        raise click.UsageError(f"{missing} (or run 'rummy round' on a terminal to be asked)")
    answers = _hands_from_options(hands, points)
    updated, number = entries.entered(path, Game,
                                      lambda game: record_round(game, knocker, answers)[0])
    entries.say_entered(updated, number, as_json, announced=False)


def fixed(played: PlayedGame, number: int, opts: FixOptions) -> tuple[Game, list[str]]:
    """The game with round ``number`` changed as the options say, the rest of the round as
    recorded (``rummy fix N --hand ...``), and notes on what else changed (none here)."""
    from ..games.manipulation.game import Game

    game = entries.own(Game, played)
    if opts["knock"] is not None and opts["stock_out"]:
        raise click.UsageError("a round ends with --knock NAME or --stock-out, not both")
    was = game.rounds[number - 1]
    knocker = opts["knock"] if opts["knock"] is not None else (
        None if opts["stock_out"] else was.knocker)
    hands = {**was.hands, **given_hands(game, opts)}
    return _fixed_with(game, number, knocker, hands), []


def given_hands(game: PlayedGame, opts: FixOptions) -> dict[str, HandEntry]:
    """The hands given with --hand and --points, by the players' own names."""
    from ..players import find_player_by_prefix

    found: dict[str, HandEntry] = {}
    for name, hand in _hands_from_options(opts["hands"], opts["points"]).items():
        player = find_player_by_prefix(game.players, name)
        if player in found:
            raise click.UsageError(f"{player}'s hand is given twice: give one per player")
        found[player] = hand
    return found


def asked_fix(played: PlayedGame, number: int) -> tuple[Game, list[str]]:
    """Round ``number`` asked again on a terminal, each recorded answer the default."""
    from ..games.manipulation.game import Game
    from .fix_questions import ask_round_again

    game = entries.own(Game, played)
    knocker, hands = ask_round_again(game, number, entries.said(game, number))
    return _fixed_with(game, number, knocker, hands), []


def _fixed_with(game: Game, number: int, knocker: str | None,
                hands: Mapping[str, HandEntry]) -> Game:
    from ..games.manipulation.game import fix_round

    return fix_round(game, number, knocker, hands)[0]


if TYPE_CHECKING:  # this module is a game's keeper: mypy checks it against keepers.Keeper
    from . import keep_manipulation as _this

    _checked: keepers.Keeper = _this
