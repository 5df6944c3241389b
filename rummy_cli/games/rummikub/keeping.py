"""Rummikub's scorekeeping (a :class:`~rummy_cli.games.protocol.Scorekeeping`): a new game
(``--game rummikub|rummikub-strict|rummikub-xp``) and what 'rummy new' says of it, a round
typed with --out/--pool-out and --rack/--points or asked at the table, and a round changed
by ``fix``. Pure: its questions go through the :class:`~rummy_cli.asking.Asker` handed in,
what it says is returned as lines, and what cannot be used is an ``OptionsError``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from ...errors import OptionsError
from ..keeping import next_rules, own, playable, seated

if TYPE_CHECKING:
    from ...asking import Asker
    from .. import PlayedGame
    from ..protocol import Json
    from .game import RackEntry, RummikubGame

ENDS = "a round ends with --out NAME, or --pool-out when the pool ran out"
RACK_OPTIONS = "--rack/--points"
RACK_EXAMPLE = '"Ann=JK 5R 12B"'
NO_KNOCK = ("Rummikub has no knock: a round ends with --out NAME (who played their last "
            "tile) or --pool-out (the pool ran out)")


def _names(given: Mapping[str, object], dest: str) -> tuple[str, ...]:
    return cast("tuple[str, ...]", given.get(dest) or ())


def _ending(given: Mapping[str, object], required: bool) -> tuple[bool, str | None]:
    """(given, who went out) from --out / --pool-out (--stock-out); --knock is refused."""
    if _names(given, "knock"):
        raise OptionsError(NO_KNOCK)
    outs = _names(given, "out")
    pool = bool(given.get("pool_out") or given.get("stock_out"))
    if len(outs) > 1:
        raise OptionsError(f"--out is given {len(outs)} times: one player goes out")
    if outs and pool:
        raise OptionsError("a round ends with --out NAME or --pool-out, not both")
    if required and not outs and not pool:
        raise OptionsError("say how the round ended: --out NAME or --pool-out (or run "
                           "'rummy round' on a terminal to be asked)")
    return bool(outs) or pool, (outs[0] if outs else None)


def _racks(given: Mapping[str, object]) -> dict[str, RackEntry]:
    """``--rack NAME=TILES`` (``--hand`` too) and ``--points NAME=N``, by the names typed."""
    from ...given import hands_from_options, put, split_pair
    from ...hands import typed_hand

    racks: dict[str, RackEntry] = {}
    for option, dest in (("--rack", "racks"), ("--hand", "hands")):
        for value in _names(given, dest):
            name, tiles = split_pair(value, option, RACK_EXAMPLE)
            put(racks, name, typed_hand(tiles), RACK_OPTIONS)
    for name, total in hands_from_options((), _names(given, "points"), "rack",
                                          RACK_OPTIONS).items():
        put(racks, name, total, RACK_OPTIONS)
    return racks


def _first(given: Mapping[str, object]) -> str | None:
    return cast("str | None", given.get("first"))


class Keeping:
    """Rummikub's part of the scorekeeping commands."""

    ENDS = ENDS
    HANDS = ENDS  # no other game's option gives what a player holds in Rummikub's words

    def start(self, names: tuple[str, ...], starter: str | None, seed: int | None,
              created: str, typed: dict[str, str], preset: str,
              last: PlayedGame | None, dealt: PlayedGame | None) -> RummikubGame:
        """The first Rummikub game, or the next one after ``last`` (any game's, over)."""
        from .game import RummikubGame, new_game, next_game
        from .rules import PRESETS

        same = last if isinstance(last, RummikubGame) else None
        players = seated(names, last, "name the players in their seats, e.g. rummy new Ann "
                                      "Ben Cy --game rummikub")
        base = next_rules(PRESETS[preset], last)
        if same is not None and len(players) != len(same.players) and "rounds" not in {
                k.strip().lower() for k in typed}:
            base = replace(base, rounds=None)  # one per player again (settled point 9)
        rules = playable(base, typed, len(players))
        if same is not None:
            return next_game(same, names, first=starter, seed=seed, rules=rules,
                             created=created)
        return new_game(players, first=starter, seed=seed, rules=rules, created=created)

    def announced(self, game: Any, number: int, where: str, starter_given: bool,
                  earlier: Sequence[PlayedGame]) -> list[str]:
        """What 'rummy new' says about a Rummikub game: the seats, the tiles, who plays
        first, how the game ends."""
        from ...render import plural
        from .game import RummikubGame
        from .report import TITLES, house_rules_text

        game = own(RummikubGame, game)
        rules = game.rules
        which = f"New game of {TITLES[rules.game]}" if number == 1 else \
            f"Game {number} of {TITLES[rules.game]}"
        lines = [f"{which} in {where}: {', '.join(game.players)} (seated in this order, "
                 "play goes to the left).",
                 f"Use the {rules.tiles} tiles; each player takes {rules.rack}."]
        picked = "" if starter_given else " (picked at random)"
        if not starter_given and number > 1:
            previous = earlier[number - 2]
            if isinstance(previous, RummikubGame) and previous.players == game.players:
                picked = " (left of the last game's last first player)"
        ends = []
        if rules.rounds:
            ends.append(plural(rules.rounds, "round"))
        if rules.target:
            ends.append(f"first to {rules.target}")
        by = "most rounds won" if rules.winner == "rounds" else "the highest total"
        lines.append(f"{game.first} plays first{picked}. The game: {' or '.join(ends)}; "
                     f"{by} wins.")
        house = house_rules_text(game)
        if house:
            lines.append(house)
        lines.append("After each round, 'rummy round' asks for the racks (see 'rummy round "
                     "--help').")
        return lines

    def announced_json(self, game: Any, number: int, where: str) -> Json:
        from .game import RummikubGame

        game = own(RummikubGame, game)
        rules = game.rules
        return {"ledger": where, "game": number, "kind": rules.game,
                "players": list(game.players), "tiles": rules.tiles,
                "hand_size": rules.rack, "first_dealer": None, "first_leader": game.first,
                "rounds": rules.rounds, "target": rules.target or None,
                "winner_by": rules.winner}

    def check(self, game: Any, given: Mapping[str, object]) -> None:
        """The ending and the racks as typed, refused before the ledger is locked."""
        _ending(given, required=False)
        _racks(given)
        _ending(given, required=True)

    def entered(self, game: Any, given: Mapping[str, object]) -> RummikubGame:
        """The game with the round typed: --out NAME or --pool-out, and the racks."""
        from .game import RummikubGame, record_round

        out = _ending(given, required=False)[1]
        racks = _racks(given)
        _ending(given, required=True)
        return record_round(own(RummikubGame, game), out, racks, _first(given))[0]

    def entered_lines(self, game: Any, number: int, where: str | None) -> list[str]:
        return []

    def asks(self, given: Mapping[str, object]) -> bool:
        """Whether the round is asked on a terminal: no rack given (the options are checked
        first, as they are before anything is asked)."""
        _ending(given, required=False)
        return not _racks(given)

    def asked(self, game: Any, given: Mapping[str, object], asker: Asker,
              yes: bool) -> Callable[[Any], PlayedGame] | None:
        """Ask who went out and each rack, show the scores, and say how to record the round
        once the player agrees (None: not to be recorded)."""
        from ...asking import Back
        from ...render import fold_result
        from .game import RummikubGame, check_open, record_round
        from .questions import ask_change, ask_round

        given_end, out = _ending(given, required=False)
        racks = _racks(given)
        first = _first(given)
        game = own(RummikubGame, game)
        check_open(game)
        number = len(game.rounds) + 1
        while True:
            try:
                who, answers = ask_round(game, asker, given_end, out, racks)
                break
            except Back:  # at a rack: the ending was wrong; ask the round again
                asker.say("Back to the start of the round.")
                given_end, out, racks = False, None, {}
        while True:
            preview, _ = record_round(game, who, answers, first)
            asker.say(fold_result(f"Round {number}: {preview.sheet().said(number)}"))
            try:
                if yes or asker.confirm("Record this round?"):
                    break
            except Back:  # change one answer, keep the others
                who, answers = ask_change(game, asker, who, answers)
                continue
            return None
        return lambda now: record_round(own(RummikubGame, now), who, answers, first)[0]

    def fixed(self, game: Any, number: int,
              given: Mapping[str, object]) -> tuple[RummikubGame, list[str]]:
        """The game with round ``number`` changed as the options say, the rest as
        recorded."""
        from ...players import find_player_by_prefix
        from .game import RummikubGame, fix_round

        game = own(RummikubGame, game)
        given_end, out = _ending(given, required=False)
        was = game.rounds[number - 1]
        who = (find_player_by_prefix(game.players, out) if out is not None else None) \
            if given_end else was.out
        racks: dict[str, RackEntry] = dict(was.racks)
        if given_end and was.out is not None and who != was.out and racks.get(was.out) == "":
            del racks[was.out]  # who went out before now holds tiles: asked for below
        typed = _racks(given)
        for name, rack in typed.items():
            racks[find_player_by_prefix(game.players, name)] = rack
        if given_end and was.out is not None and was.out not in racks:
            raise OptionsError(
                f"{was.out} went out in round {number} as recorded, so {was.out}'s rack is "
                f"not known: give it with --rack \"{was.out}=TILES\" or --points "
                f"{was.out}=N")
        if who is not None and who not in {find_player_by_prefix(game.players, n)
                                           for n in typed}:
            racks[who] = ""
        return fix_round(game, number, who, racks, _first(given))[0], []

    def asked_again(self, game: Any, number: int,
                    asker: Asker) -> tuple[RummikubGame, list[str]]:
        """Round ``number`` asked again, each recorded answer the default."""
        from ...asking import Back
        from .game import RummikubGame, fix_round
        from .questions import ask_round

        game = own(RummikubGame, game)
        was = game.rounds[number - 1]
        sheet = game.sheet()
        asker.say(f"{sheet.heading(number)} as recorded: {sheet.said(number)}")
        asker.say("Enter keeps each answer as recorded; 'back' at a rack starts again.")
        while True:
            try:
                who, racks = ask_round(game, asker, False, None, {}, recorded=was)
                break
            except Back:
                asker.say(f"Back to the start of round {number}.")
        return fix_round(game, number, who, racks, None)[0], []


KEEPING = Keeping()


if TYPE_CHECKING:  # mypy checks it against the protocol the command line calls
    from ..protocol import Scorekeeping

    _checked: Scorekeeping = KEEPING
