"""Rummikub's own part of the scorekeeping at the command line: a new game (``--game
rummikub|rummikub-strict|rummikub-xp``) and what 'rummy new' says of it, a round typed with
--out/--pool-out and --rack/--points or asked on a terminal, and a round changed by ``fix``.
Found through ``keepers``, it is Rummikub's :class:`~.keepers.Keeper`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..games import PlayedGame
from . import entries, keepers, shell
from .parsing import _hands_from_options, _print_json, _read, _split_pair

if TYPE_CHECKING:
    from ..games.rummikub.game import RackEntry, RummikubGame
    from .keepers import FixOptions, GivenOptions, RoundOptions

ENDS = "a round ends with --out NAME, or --pool-out when the pool ran out"
HANDS = ENDS  # no other game's option gives what a player holds in Rummikub's words
OWN_OPTIONS = ("--out", "--pool-out", "--rack", "--first")
# the options that give what a player holds (another game's keeper answers with its HANDS)
HAND_OPTIONS = ("--rack",)
# options of the other games taken here under Rummikub's own words
ACCEPTS = ("--stock-out",)
RACK_OPTIONS = "--rack/--points"
RACK_EXAMPLE = '"Ann=JK 5R 12B"'
FIX_OPTIONS = "--out, --pool-out, --rack, --points or --first"
NO_KNOCK = ("Rummikub has no knock: a round ends with --out NAME (who played their last "
            "tile) or --pool-out (the pool ran out)")


def start(names: tuple[str, ...], first: str | None, seed: int | None, created: str,
          typed: dict[str, str], kind: str, hollywood: bool,
          last: PlayedGame | None, dealt: PlayedGame | None) -> RummikubGame:
    """The first Rummikub game, or the next one after ``last`` (any game's, over)."""
    from ..games.rummikub.game import RummikubGame, new_game, next_game
    from ..games.rummikub.rules import PRESETS

    if hollywood:
        raise click.UsageError("--hollywood does not apply to Rummikub: it scores a Gin "
                               "game")
    same = last if isinstance(last, RummikubGame) else None
    players = names or (tuple(last.players) if last is not None else ())
    if not players:
        raise click.UsageError("name the players in their seats, e.g. rummy new Ann Ben Cy "
                               "--game rummikub")
    base = entries.next_rules(PRESETS[kind], last)
    if same is not None and len(players) != len(same.players) and "rounds" not in {
            k.strip().lower() for k in typed}:
        from dataclasses import replace

        base = replace(base, rounds=None)  # one per player again (settled point 9)
    rules = entries.playable(base, typed, len(players))
    if same is not None:
        return next_game(same, names, first=first, seed=seed, rules=rules,
                                  created=created)
    return new_game(players, first=first, seed=seed, rules=rules, created=created)


def announce(path: Path, played: PlayedGame, number: int, first_given: bool,
             as_json: bool) -> None:
    """What 'rummy new' says about a Rummikub game: the seats, the tiles, who plays first,
    how the game ends."""
    from ..games.rummikub.game import RummikubGame
    from ..games.rummikub.report import TITLES, house_rules_text

    game = entries.own(RummikubGame, played)
    rules = game.rules
    if as_json:
        _print_json({"ledger": str(path), "game": number, "kind": rules.game,
                     "players": list(game.players), "tiles": rules.tiles,
                     "hand_size": rules.rack, "first_dealer": None, "first_leader": game.first,
                     "rounds": rules.rounds, "target": rules.target or None,
                     "winner_by": rules.winner,
                     "house_rules": entries.house_rules_json(game)})
        return
    from ..render import fold, plural

    which = f"New game of {TITLES[rules.game]}" if number == 1 else \
        f"Game {number} of {TITLES[rules.game]}"
    click.echo(fold(f"{which} in {path}: {', '.join(game.players)} (seated in this order, "
                    "play goes to the left)."))
    click.echo(fold(f"Use the {rules.tiles} tiles; each player takes {rules.rack}."))
    picked = "" if first_given else " (picked at random)"
    if not first_given and number > 1:
        previous = _read(path, quiet=True).games[number - 2]
        if isinstance(previous, RummikubGame) and previous.players == game.players:
            picked = " (left of the last game's last first player)"
    ends = []
    if rules.rounds:
        ends.append(plural(rules.rounds, "round"))
    if rules.target:
        ends.append(f"first to {rules.target}")
    by = "most rounds won" if rules.winner == "rounds" else "the highest total"
    click.echo(fold(f"{game.first} plays first{picked}. The game: {' or '.join(ends)}; "
                    f"{by} wins."))
    house = house_rules_text(game)
    if house:
        click.echo(fold(house))
    click.echo(fold("After each round, 'rummy round' asks for the racks (see 'rummy round "
                    "--help')."))


def _racks_from_options(opts: GivenOptions) -> dict[str, RackEntry]:
    """``--rack NAME=TILES`` (``--hand`` too) and ``--points NAME=N``, by the names typed."""
    from ..hands import typed_hand
    from .parsing import _put

    racks: dict[str, RackEntry] = {}
    for option, values in (("--rack", opts["racks"]), ("--hand", opts["hands"])):
        for value in values:
            name, tiles = _split_pair(value, option, RACK_EXAMPLE)
            _put(racks, name, typed_hand(tiles), RACK_OPTIONS)
    for name, total in _hands_from_options((), opts["points"], "rack", RACK_OPTIONS).items():
        _put(racks, name, total, RACK_OPTIONS)
    return racks


def _ending(opts: RoundOptions | FixOptions, required: bool) -> tuple[bool, str | None]:
    """(given, who went out) from --out / --pool-out (--stock-out); --knock is refused."""
    if opts["knock"]:
        raise click.UsageError(NO_KNOCK)
    given = opts["out"] or ()
    outs = (given,) if isinstance(given, str) else given
    pool = bool(opts["pool_out"] or opts["stock_out"])
    if len(outs) > 1:
        raise click.UsageError(f"--out is given {len(outs)} times: one player goes out")
    if outs and pool:
        raise click.UsageError("a round ends with --out NAME or --pool-out, not both")
    if required and not outs and not pool:
        raise click.UsageError("say how the round ended: --out NAME or --pool-out (or run "
                               "'rummy round' on a terminal to be asked)")
    return bool(outs) or pool, (outs[0] if outs else None)


def record(path: Path, opts: RoundOptions, as_json: bool) -> None:
    """``rummy round`` for Rummikub: the round as typed, or asked on a terminal; then the
    standings."""
    from ..games.rummikub.game import RummikubGame, record_round

    given_end, out = _ending(opts, required=False)
    racks = _racks_from_options(opts)
    first = opts["first"]
    if opts["guided"] or (not racks and shell.stdin_is_terminal()):
        _guided_round(path, given_end, out, racks, first, opts["yes"], as_json)
        return
    _ending(opts, required=True)
    updated, number = entries.entered(path, RummikubGame, lambda game: record_round(
        game, out, racks, first)[0])
    entries.say_entered(updated, number, as_json, announced=False)


def _guided_round(path: Path, given_end: bool, out: str | None,
                  racks: Mapping[str, RackEntry], first: str | None, yes: bool,
                  as_json: bool) -> None:
    """Ask who went out and each rack, show the scores, and record once the player agrees."""
    from ..games.rummikub.game import RummikubGame, check_open, record_round
    from ..render import fold_result
    from .prompts import Back, ask_confirm
    from .rummikub_questions import ask_rummikub_change, ask_rummikub_round

    game = entries.still_kept_by(RummikubGame, _read(path).current, path)
    check_open(game)
    number = len(game.rounds) + 1
    while True:
        try:
            who, answers = ask_rummikub_round(game, given_end, out, racks)
            break
        except Back:  # at a rack: the ending was wrong; ask the round again
            click.echo("Back to the start of the round.", err=True)
            given_end, out, racks = False, None, {}
    while True:
        preview, _ = record_round(game, who, answers, first)
        click.echo(fold_result(f"Round {number}: {entries.said(preview, number)}"), err=True)
        try:
            if yes or ask_confirm("Record this round?"):
                break
        except Back:  # change one answer, keep the others
            who, answers = ask_rummikub_change(game, who, answers)
            continue
        click.echo("Nothing recorded.", err=True)
        return
    updated = entries.entered_as_answered(
        path, RummikubGame, game, lambda now: record_round(now, who, answers, first)[0])
    entries.say_entered(updated, number, as_json, announced=True)


def fixed(played: PlayedGame, number: int,
          opts: FixOptions) -> tuple[RummikubGame, list[str]]:
    """The game with round ``number`` changed as the options say, the rest as recorded."""
    from ..games.rummikub.game import RummikubGame
    from ..players import find_player_by_prefix

    game = entries.own(RummikubGame, played)
    given_end, out = _ending(opts, required=False)
    was = game.rounds[number - 1]
    who = (find_player_by_prefix(game.players, out) if out is not None else None) \
        if given_end else was.out
    racks: dict[str, RackEntry] = dict(was.racks)
    if given_end and was.out is not None and who != was.out and racks.get(was.out) == "":
        del racks[was.out]  # the player who went out before now holds tiles: asked for below
    for name, rack in _racks_from_options(opts).items():
        player = find_player_by_prefix(game.players, name)
        racks[player] = rack
    if given_end and was.out is not None and was.out not in racks:
        raise click.UsageError(
            f"{was.out} went out in round {number} as recorded, so {was.out}'s rack is not "
            f"known: give it with --rack \"{was.out}=TILES\" or --points {was.out}=N")
    if who is not None and who not in {find_player_by_prefix(game.players, n)
                                       for n in _racks_from_options(opts)}:
        racks[who] = ""
    return _fixed_with(game, number, who, racks, opts["first"]), []


def asked_fix(played: PlayedGame, number: int) -> tuple[RummikubGame, list[str]]:
    """Round ``number`` asked again on a terminal, each recorded answer the default."""
    from ..games.rummikub.game import RummikubGame
    from .prompts import Back
    from .rummikub_questions import ask_rummikub_round

    game = entries.own(RummikubGame, played)
    was = game.rounds[number - 1]
    click.echo(f"{entries.heading(game, number)} as recorded: {entries.said(game, number)}",
               err=True)
    click.echo("Enter keeps each answer as recorded; 'back' at a rack starts again.", err=True)
    while True:
        try:
            who, racks = ask_rummikub_round(game, False, None, {}, recorded=was)
            break
        except Back:
            click.echo(f"Back to the start of round {number}.", err=True)
    return _fixed_with(game, number, who, racks, None), []


def _fixed_with(game: RummikubGame, number: int, out: str | None,
                racks: Mapping[str, RackEntry], first: str | None) -> RummikubGame:
    from ..games.rummikub.game import fix_round

    return fix_round(game, number, out, racks, first)[0]


if TYPE_CHECKING:  # this module is a game's keeper: mypy checks it against keepers.Keeper
    from . import keep_rummikub as _this

    _checked: keepers.Keeper = _this
