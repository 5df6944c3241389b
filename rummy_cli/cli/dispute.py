"""``rummy check turn``: a turn refereed from its options, a dispute file or the questions
of ``--guided``, by the referee of the game --game (or the file's ``game:``) names
(``rummy_cli.games.referee.TurnJudge``). A dispute file is read here (plain data, each
error naming the file); its fields are the game's to read."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import click

from ..errors import UnusableInputError
from ..games import judging
from ..games import said as game_said
from . import shell
from .judges import asked, found, game_option, games_said, judge_of, refusals_said, say
from .options import _count, complete_file, decks_option, json_option, style_options, worded
from .parsing import _style
from .referee import check, tile_rule_option

if TYPE_CHECKING:
    from ..games.declared import Declared

_FREE_TEXT_KEYS = {"id", "name", "note", "notes", "comment", "description", "title", "expect",
                   "codes", "hand_points", "may_knock"}


def _dispute_keys() -> set[str]:
    """The keys a dispute file of any game may have (each game reads its own)."""
    keys = {"game", "hand", "rack"}  # (a hand is a rack in a game of tiles, and back)
    for game in judging("turns"):
        keys |= {k.strip() for k in judge_of(game, "turns").DISPUTE["keys"].split(",")}
    return keys


def _read_dispute(file: str, words: Mapping[str, str],
                  words_for: Callable[[object], Mapping[str, str]]) -> dict[str, Any]:
    """The dispute in ``file`` ('-': standard input), its label added; ``words``: what the
    game --game names calls a dispute's lines, ``words_for``: those of the game its
    ``game:`` line names (see ``TurnJudge.DISPUTE``)."""
    from ..safeyaml import (
        NotAFile,
        NotText,
        TooLarge,
        YamlProblem,
        load_yaml,
        read_capped,
        read_file,
    )

    label = "standard input" if file == "-" else file
    try:
        if file != "-":
            text = read_file(file)
        else:
            from .streams import ClosedInput

            stdin = getattr(sys.stdin, "buffer", None)  # None: started with stdin closed
            if stdin is None or isinstance(sys.stdin, ClosedInput):
                raise UnusableInputError("standard input is closed: there is no dispute to "
                                         "read; give a file, or pipe one in")
            text = read_capped(stdin)
    except (TooLarge, NotText, NotAFile) as exc:
        raise UnusableInputError(f"{label}: not a dispute: {exc}") from None
    except FileNotFoundError:
        raise UnusableInputError(f"{label}: no such file") from None
    except OSError as exc:
        raise UnusableInputError(f"{label}: cannot read it: {exc.strerror or exc}") from None
    try:
        data = load_yaml(text)
    except YamlProblem as exc:
        raise UnusableInputError(f"{label}: {exc}") from None
    lines = words["lines"]
    if not isinstance(data, dict):
        empty = data is None or (isinstance(data, str) and not data.strip())
        raise UnusableInputError(
            f"{label}{' is empty' if empty else ' is not a dispute'}: a dispute file has the "
            f"lines {lines} (and before: unless the table was empty); see 'rummy check turn "
            "--help'")
    ledger_keys = [k for k in ("games", "format", "rounds") if k in data]
    if ledger_keys and not {"hand", "rack", "after"} & set(data):  # a ledger given by mistake
        raise UnusableInputError(
            f"{label} is a rummy ledger ({ledger_keys[0]}:), not a dispute: a dispute file "
            f"holds one turn, the lines {lines} (and before: unless the table was empty); "
            "see 'rummy check turn --help'")
    words = words_for(data.get("game"))
    unknown = sorted(str(k) for k in data if k not in _dispute_keys() | _FREE_TEXT_KEYS)
    if unknown:
        import difflib

        keys = tuple(k.strip() for k in words["keys"].split(","))
        close = difflib.get_close_matches(unknown[0].lower(), keys, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise UnusableInputError(
            f"{label}: unknown key '{unknown[0]}' ({hint}{words['kind']} has {', '.join(keys)})")
    hand = words["hand"]
    missing = [k for k in (hand, "after")
               if k not in data and not ({"hand", "rack"} & set(data) and k == hand)]
    if missing:
        what = {hand: words["hand_is"], "after": "the table the player proposes"}[missing[0]]
        raise UnusableInputError(f"{label}: '{missing[0]}' is missing: give {what}")
    return {"label": label, **data}


def _typed(parameter: str) -> bool:
    """Whether the user gave ``parameter`` (not its default) on the command line."""
    from click.core import ParameterSource

    source = click.get_current_context().get_parameter_source(parameter)
    return source not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)


def _turn_games(known: tuple[str, ...]) -> str:
    """The games check turn referees, as its refusal names them: 'manipulation or the
    Rummikub games (rummikub, rummikub-strict, rummikub-xp)'."""
    return " or ".join(g.presets[0] if len(g.presets) == 1 else
                       f"the {g.title} games ({', '.join(g.presets)})"
                       for g in judging("turns"))


def _named(game: object) -> Declared | None:
    """The game a dispute file's ``game:`` line names among those check turn referees."""
    if not isinstance(game, str):
        return None
    return next((g for g in judging("turns") if game.strip().lower() in g.presets), None)


def _turn_game(f: Any) -> Any:
    return game_option("turns", lambda: f"Whose rules: {games_said('turns')}.")(f)


@check.command("turn")
@click.argument("file", required=False, shell_complete=complete_file)
@click.option("--before", metavar="TABLE",
              help='The table before the turn, e.g. "7H 8H 9H / QS QH QD" (default: empty).')
@click.option("--hand", "--rack", "hand", metavar="CARDS",
              help="The player's hand after drawing, e.g. \"10H QC 5S\" (Rummikub: the "
                   "rack before the play).")
@click.option("--after", metavar="TABLE", help="The table the player proposes.")
@click.option("--draws", callback=_count(1, 3), default=None, metavar="N",
              help="Cards drawn before melding, 1-3 (default 1).")
@click.option("--guided", is_flag=True,
              help="Ask one at a time for what the options leave out: the tables, the hand "
                   "and the cards drawn (Rummikub: the rack; no draws).")
@click.option("--initial", is_flag=True,
              help=game_said("check turn --initial"))
@decks_option
@_turn_game
@tile_rule_option
@json_option
@style_options
@refusals_said
@worded(moves="check turn moves")
def check_turn(file: str | None, before: str | None, hand: str | None, after: str | None,
               draws: int | None, guided: bool, initial: bool, decks: int | None, game: str,
               house_rules: tuple[str, ...], as_json: bool, ascii_only: bool,
               unicode: bool) -> None:
    """Referee one turn: was the player's rearrangement of the table legal?

    Give a dispute file (YAML or JSON, '-' for standard input) or --before/--hand/--after,
    or --guided to be asked for those not given.
    Only the table at the end of the turn is judged: during the turn cards may move freely
    ({moves}).

    \b
    Examples:
      rummy example joker-freed | rummy check turn -
      rummy check turn --before "10D JD JK=QD" --hand "QD KD" \\
                       --after "10D JD QD KD JK=AD"
      rummy example joker-freed > dispute.yaml
      rummy check turn dispute.yaml --json
      rummy check turn --game rummikub --before "5O JK 7O / 3K 4K 5K" \\
                       --rack "6O 11B 12B 2R" \\
                       --after "5O 6O 7O / 3K 4K 5K / 11B 12B JK"
      rummy check turn --game rummikub --initial --rack "9R 10R JK 2K" \\
                       --after "9R 10R JK"

    \b
    A dispute file:
      decks: 2
      draws: 1
      before: [7H 8H 9H, QS QH QD JK=QC]
      hand: 10H QC 5S
      after: [7H 8H 9H 10H JK=JH, QS QH QD QC]

    \b
    A Rummikub dispute file (rack: the rack before the play):
      game: rummikub
      initial: false
      rules: {joker_swap: rack}
      before: [5O JK 7O, 3K 4K 5K]
      rack: 6O 11B 12B 2R
      after: [5O 6O 7O, 3K 4K 5K, 11B 12B JK]
    """
    options_given = any(x is not None for x in (before, hand, after))
    declared = found("turns", game)
    if file is not None and options_given:
        raise click.UsageError("give a dispute file or --before/--hand/--after, not both")
    if file is not None and guided:
        raise click.UsageError("give a dispute file or --guided (to be asked), not both")
    style = _style(ascii_only, unicode)

    def asked_of(chosen: Declared) -> Any:
        return asked("turns", chosen, judge_of(chosen, "turns"), game, house_rules=house_rules,
                     decks=decks, draws=draws, initial=initial, as_json=as_json, style=style)

    if file is not None:
        if not file.strip():
            raise click.UsageError("the dispute file's name is empty: give a file, or '-' for "
                                   "standard input")
        first = judging("turns")[0]  # a file's game: line decides unless --game says another

        def deciding(named: object) -> Declared:
            return declared if declared is not first else (_named(named) or first)

        data = _read_dispute(file, judge_of(declared, "turns").DISPUTE,
                             lambda named: judge_of(deciding(named), "turns").DISPUTE)
        named = _named(data.get("game"))
        if named not in (None, first) and declared is first and _typed("game"):
            raise click.UsageError(f"--game {game} and the file's game: {data['game']} "
                                   "disagree: give one")  # --game said out loud, against it
        chosen = deciding(data.get("game"))
        say(judge_of(chosen, "turns").turn_from_file(data, asked_of(chosen)), as_json)
    judge = judge_of(declared, "turns")
    given = asked_of(declared)
    given.refuse_untaken()
    if options_given and not guided:
        say(judge.turn_from_options(before, hand, after, given), as_json)
    if guided or shell.stdin_is_terminal():
        rules = judge.turn_rules(given)  # (refused before a question is asked)
        from .prompts import TerminalAsker

        say(judge.turn_asked(before, hand, after, rules, given, TerminalAsker()), as_json)
    say(judge.turn_from_options(None, None, None, given), as_json)
