"""What the games' scorekeeping parts share (each game's ``scorekeeping``, a
:class:`~rummy_cli.games.protocol.Scorekeeping`): the rules a new game starts from, with the
house rules typed and those carried from the last game, the players of a new game, a
game handed to its own part, and the hands given as options. Pure: nothing printed, no click.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..errors import OptionsError, RefusedError, RummyError, UnusableInputError
from . import PlayedGame, registered, title_of

if TYPE_CHECKING:
    from ..asking import Asker
    from ..hands import HandEntry

G = TypeVar("G", bound=PlayedGame)


def seated(names: Sequence[str], last: PlayedGame | None, example: str) -> tuple[str, ...]:
    """The players of a new game: the names typed, else the last game's (``example``: the
    command that names them, said when there are none)."""
    players = tuple(names) or (tuple(last.players) if last is not None else ())
    if not players:
        raise OptionsError(example)
    return players


def check_open(game: PlayedGame) -> None:
    """Refuse another entry once ``game`` is over, in the words every game uses: 'the game
    is over (after round 7, won by Dee): start the next game with 'rummy new''."""
    state = game.state
    if state.game_over:
        declared = registered(game.rules.game)
        entry = declared.entry_word(game.rules)
        raise RefusedError(f"the {entry} is over (after {declared.word} {state.over_after}, "
                           f"won by {' and '.join(state.winners) or 'nobody'}): start the "
                           f"next {entry} with 'rummy new'")


def own(kind: type[G], game: PlayedGame) -> G:
    """``game``, handed to the keeper of ``kind`` by :func:`keeper_of`: of that class."""
    if not isinstance(game, kind):  # keeper_of chose another keeper: never
        raise RummyError(f"{registered(game.rules.game).title} is not kept as "
                         f"{kind.__name__}")
    return game


def given_hands(game: PlayedGame, given: Mapping[str, Any]) -> dict[str, HandEntry]:
    """The hands given with --hand and --points (``given``'s ``hands`` and ``points``, as
    typed), by the players' own names; a player's given twice is refused."""
    from ..given import hands_from_options
    from ..players import find_player_by_prefix

    found: dict[str, HandEntry] = {}
    for name, hand in hands_from_options(given["hands"], given["points"]).items():
        player = find_player_by_prefix(game.players, name)
        if player in found:
            raise OptionsError(f"{player}'s hand is given twice: give one per player")
        found[player] = hand
    return found


R = TypeVar("R", bound="HouseRuled")


class HouseRuled(Protocol):
    """Rules that take house rules as typed and say when a table cannot play them."""

    def with_house_rules(self: R, typed: dict[str, str]) -> R: ...
    def problem_for(self, players: int) -> tuple[str, str] | None: ...


def playable(base: R, typed: dict[str, str], players: int) -> R:
    """The rules of a new game: ``base`` with the house rules typed (``--rule``), refused
    when ``players`` players cannot play them."""
    from ..house_rules import RuleError

    try:
        rules = base.with_house_rules(typed)
        problem = rules.problem_for(players)
    except RuleError as exc:
        raise UnusableInputError(str(exc)) from None
    if problem:
        raise UnusableInputError(f"{problem[1]} (the game cannot be played so)")
    return rules


P = TypeVar("P")  # a game's rules


def next_rules(preset: P, last: PlayedGame | None) -> P:
    """The rules a new game of ``preset`` starts from: the preset with the house rules of
    ``last`` (the ledger's last game, of any kind) that it keeps (see
    :func:`~rummy_cli.house_rules.carried`)."""
    if last is None:
        return preset
    from dataclasses import replace

    from ..house_rules import carried

    return replace(preset, **carried(last.sheet().house_rules(), preset))  # type: ignore[type-var]


class NoQuestions:
    """A :class:`~.protocol.Scorekeeping` part for a game that asks nothing at the table and says
    nothing more after an entry: its entries are typed as options (``--guided`` and a bare
    ``rummy fix N`` are refused, saying so), and checked as they are entered."""

    ENDS: str

    def check(self, game: Any, given: Mapping[str, object]) -> None:
        return None  # its entry checks all it is given

    def entered_lines(self, game: Any, number: int, where: str | None) -> list[str]:
        return []

    def asks(self, given: Mapping[str, object]) -> bool:
        return False

    def asked(self, game: Any, given: Mapping[str, object], asker: Asker,
              yes: bool) -> Callable[[Any], PlayedGame] | None:
        raise OptionsError(f"{title_of(game)} asks no questions: {self.ENDS}")

    def asked_again(self, game: Any, number: int,
                    asker: Asker) -> tuple[PlayedGame, list[str]]:
        raise OptionsError(f"{title_of(game)} asks no questions: say what to change with "
                           "its options (see 'rummy fix --help')")


def house_rules_moved(last: PlayedGame, number: int, game: PlayedGame,
                       typed: dict[str, str]) -> list[str]:
    """What became of the house rules of ``last`` (game ``number``) in the next ``game``: a
    line of those kept, one of those dropped and why. Nothing when the game is of the same
    preset and keeps them all (its own 'House rules:' line says them), nor for a rule typed
    again.

    The new game has each rule it has, unless its preset sets a value of its own there
    (``house_rules.carried``); the number of Rummikub rounds goes back to one per player
    when the number of players changes.
    """
    from ..rulebook_parse import figure_words
    from . import declared, preset_of

    again = {name.strip().lower().replace("-", "_") for name in typed}
    aliases = declared(game).rule_aliases  # another name a game reads a rule by
    again |= {aliases[name] for name in again if name in aliases}
    preset = preset_of(game)
    rules = game.rules
    title = title_of(game)
    from dataclasses import fields

    has = {f.name for f in fields(rules)}  # type: ignore[arg-type]
    seats = len(game.players) != len(last.players)
    # each figure in its own game's words ('knock the upcard's', 'rounds one per player')
    was_said, now_said = (figure_words(declared(g).package).said for g in (last, game))
    kept: list[str] = []
    dropped: list[str] = []
    for name, (value, book) in last.sheet().house_rules().items():
        if name in again:
            continue
        was = f"{name} {was_said(name, value)}"
        if name not in has:
            dropped.append(f"{was} ({title} has no such rule)")
        elif getattr(rules, name) == value:
            kept.append(was)
        elif getattr(rules, name) == getattr(preset, name) != book:
            dropped.append(f"{was} ({title} sets its own: "
                           f"{now_said(name, getattr(rules, name))})")
        elif name == "rounds" and seats:
            dropped.append(f"{was} (one per player again, as the number of players changed)")
        else:
            dropped.append(f"{was} (now {now_said(name, getattr(rules, name))})")
    if not dropped and rules.game == last.rules.game:
        return []
    which = f"{declared(last).entry_word(last.rules)} {number}"
    return ([f"House rules kept from {which}: {', '.join(kept)}."] if kept else []) + \
        ([f"House rules of {which} dropped: {', '.join(dropped)}."] if dropped else [])
