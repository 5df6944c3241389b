"""Guided entry at the table: ask for what a command needs, re-asking on a mistake.

Part of the CLI shell (it uses click's prompts); the rules are checked by the core.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

import click

from .cards import AnyCard, Table, check_copies, parse_cards, parse_table
from .errors import RefusedError, RummyError
from .game import (
    Game,
    HandEntry,
    check_open,
    entry_points,
    find_player,
    most_points,
    normalize_hand,
    typed_hand,
)
from .rules import MANIPULATION_RUMMY
from .scoring import check_knock
from .turn import validate_start

T = TypeVar("T")
STOCK_WORDS = ("stock", "stock-out", "stock out", "s", "none", "nobody")
# a player may not be called one of these: at "Who knocked?" they mean the stock ran out
# (a one-letter 's' is kept as an answer, but a player called S still wins over it)
RESERVED_NAMES = tuple(w for w in STOCK_WORDS if len(w) > 1) + ("stockout",)

BACK_WORDS = ("back", "b", "<")
YES, NO = ("y", "yes"), ("n", "no")


def check_new_name(name: str) -> None:
    """Refuse a new player's name that the guided entry would read as something else."""
    if name.strip().casefold() in RESERVED_NAMES:
        raise RefusedError(f"{name!r} cannot be a player's name: at 'Who knocked?' it means "
                           "that the stock ran out; add an initial, e.g. 'Stock J'")


class _CanGoBack(RefusedError):
    """A hand that shows an earlier answer was wrong: 'back' starts the round again."""

    hint = "Try again, or type 'back' to start the round again."


class _WrongKnocker(_CanGoBack):
    """A hand that shows the knocker was entered wrong."""

    hint = "Try again, or type 'back' to change who knocked."


class Back(Exception):
    """The player typed 'back': ask the questions again."""


def _ask(question: str, convert: Callable[[str], T], default: str | None = None) -> T:
    """Ask until the answer converts; say why a wrong answer is wrong."""
    while True:
        raw: str = click.prompt(question, default=default, show_default=default not in ("", None),
                                err=True)
        try:
            return convert(raw)
        except RummyError as exc:
            _say_why(exc)


def _say_why(exc: RummyError) -> None:
    """Why an answer was refused, and what the player can do now."""
    message = str(exc)
    stop = "" if message.endswith(("?", ".", "!")) else "."
    retry = exc.hint if isinstance(exc, _CanGoBack) else "Try again."
    click.echo(f"  {message}{stop} {retry}", err=True)


def ask_yes_no(question: str, default: bool) -> bool:
    """A yes/no question on stderr; Enter takes the default."""
    def answer(raw: str) -> bool:
        text = raw.strip().lower()
        if not text:
            return default
        if text in YES or text in NO:
            return text in YES
        raise RummyError(f"{raw.strip()!r}: answer y (yes) or n (no)")

    return _ask(f"{question} {'[Y/n]' if default else '[y/N]'}", answer, default="")


def ask_confirm(question: str) -> bool:
    """Yes (the default) or no; 'back' raises :class:`Back` to ask the questions again."""
    def answer(raw: str) -> bool:
        text = raw.strip().lower()
        if text in BACK_WORDS:
            raise Back
        if not text:
            return True
        if text in YES or text in NO:
            return text in YES
        raise RummyError(f"{raw.strip()!r}: answer y (yes), n (no) or 'back' to change "
                         "an answer")

    return _ask(f"{question} [Y/n/back]", answer, default="")


def ask_round(
    game: Game, knock: str | None, stock_out: bool,
    given: Mapping[str, HandEntry] | None = None, header: bool = True,
) -> tuple[str | None, dict[str, HandEntry]]:
    """Ask how the round ended and what each player holds (hands in ``given`` are not asked).

    'back' at a hand asks how the round ended again, and the hands that were typed.
    """
    check_open(game)
    if knock is not None:
        knock = find_player(game.players, knock)  # a wrong --knock: one error, no question
    known = _given_hands(game, given or {})
    if header:
        number = len(game.rounds) + 1
        click.echo(f"Round {number} ({game.dealer_of(number)} dealt). "
                   f"Players: {', '.join(game.players)}.", err=True)
    while True:
        try:
            return _ask_ending_and_hands(game, knock, stock_out, known)
        except Back:  # the ending was wrong: ask it again; hands given as options stay
            click.echo("Back to the start of the round.", err=True)
            knock, stock_out = None, False


def _given_hands(game: Game, given: Mapping[str, HandEntry]) -> dict[str, HandEntry]:
    """Hands given as options, by the players' own names (an unknown name is refused)."""
    return {find_player(game.players, name): hand for name, hand in given.items()}


def _knocker_answer(game: Game, raw: str) -> str | None:
    """A player (a name wins over a stock word: a player may be called Stock), or None."""
    text = raw.strip()
    for p in game.players:
        if p.casefold() == text.casefold():
            return p
    if text.lower() in STOCK_WORDS:
        return None
    if text.lower() in BACK_WORDS:
        raise RefusedError("this is the round's first question: type who knocked, or 'stock'")
    import difflib

    if difflib.get_close_matches(text.lower(), ["stock"], n=1, cutoff=0.6) and not \
            difflib.get_close_matches(text.casefold(), [p.casefold() for p in game.players],
                                      n=1, cutoff=0.6):
        raise RefusedError(f"{text!r} is not a player of this game "
                           f"({', '.join(game.players)}): did you mean 'stock'?")
    return find_player(game.players, text)


def _ask_ending_and_hands(
    game: Game, knock: str | None, stock_out: bool, given: Mapping[str, HandEntry]
) -> tuple[str | None, dict[str, HandEntry]]:
    knocker: str | None
    asked = not stock_out and knock is None
    if stock_out:
        knocker = None
    elif knock is not None:
        knocker = find_player(game.players, knock)
    else:
        knocker = _ask("Who knocked? (a name, or 'stock' if the stock ran out)",
                       lambda raw: _knocker_answer(game, raw))
    entered: dict[str, HandEntry] = {}
    held: list[AnyCard] = []  # the cards of the hands entered so far (R2 counts them)
    click.echo("Type each player's cards left in hand (3C 2D) or their total (12); "
               "Enter if none.", err=True)
    most = most_points(game.decks, game.rules)
    for p in game.players:
        def hand(raw: str, p: str = p) -> HandEntry:
            text = raw.strip()
            if text.lower() in BACK_WORDS:
                raise Back
            entry = normalize_hand(typed_hand(text), p)
            cards = parse_cards(entry) if isinstance(entry, str) else []
            too_many = check_copies(held + cards, game.decks)
            if too_many:
                raise _CanGoBack(f"with the hands before it, {'; '.join(too_many)}")
            points = entry_points(entry, game.rules)
            if points > most:
                raise RefusedError(f"{points} is more than all the cards are worth ({most})")
            gone = [q for q, e in entered.items() if entry_points(e, game.rules) == 0]
            if points == 0 and gone:
                raise _CanGoBack(f"{gone[0]} has no cards left either, but only one player "
                                 "can go out: the first to do so ended the round (R17)")
            wrong = _WrongKnocker if asked else _CanGoBack
            if p == knocker:
                try:
                    check_knock(p, points, game.rules)
                except RefusedError as exc:
                    raise wrong(str(exc)) from None
            elif points == 0 and knocker is not None:
                raise wrong(f"{p} has no cards left, so {p} went out and ended the round as a "
                            f"knock (R17), not {knocker}")
            return entry

        entry = _given_or_asked(f"{p}'s hand", given.get(p), hand)
        entered[p] = entry
        if isinstance(entry, str):
            held.extend(parse_cards(entry))
    return knocker, entered


def _given_or_asked(label: str, given: HandEntry | None,
                    check: Callable[[str], T], default: str | None = "") -> T:
    """An answer given as an option if it passes the checks, else asked for."""
    if given is not None:
        click.echo(f"{label}: {given if given != '' else 'nothing'} (given)", err=True)
        try:
            return check(str(given))
        except Back:
            pass
        except RummyError as exc:  # said as if typed, then asked
            _say_why(exc)
    return _ask(label, check, default=default)


def _not_back(raw: str, first: bool = False) -> str:
    if raw.strip().lower() in BACK_WORDS:
        if first:
            raise RummyError("this is the first question: type the table before the turn")
        raise Back
    return raw


def ask_turn(before: str | None, hand: str | None, after: str | None, decks: int,
             draws: int | None = None) -> tuple[Table, list[AnyCard], Table, int]:
    """Ask for the table before the turn, the hand, the proposed table and the draws.

    Each answer is checked at once (a bad card, an illegal table before the turn, more
    copies than the decks hold) and asked again; 'back' returns to the first question.
    """
    click.echo("Tables are melds separated by '/', e.g. 7H 8H 9H / QS QH QD JK=QC. "
               "Type 'back' to start again.", err=True)
    while True:
        try:
            return _ask_turn_once(before, hand, after, decks, draws)
        except Back:
            click.echo("Back to the table before the turn.", err=True)
            before = hand = after = None
            draws = None


def _ask_turn_once(before: str | None, hand: str | None, after: str | None, decks: int,
                   draws_given: int | None) -> tuple[Table, list[AnyCard], Table, int]:
    def before_answer(raw: str) -> Table:
        table = parse_table(_not_back(raw, first=True))
        validate_start(table, [], decks, MANIPULATION_RUMMY)
        return table

    before_t = _given_or_asked("Table before the turn (Enter if empty)", before, before_answer)

    def hand_answer(raw: str) -> list[AnyCard]:
        cards = parse_cards(_not_back(raw))
        if not cards:
            raise RummyError("type the cards in the player's hand")
        validate_start(before_t, cards, decks, MANIPULATION_RUMMY)
        return cards

    hand_c = _given_or_asked("The player's hand after drawing", hand, hand_answer, None)

    def after_answer(raw: str) -> Table:
        return parse_table(_not_back(raw))

    after_t = _given_or_asked("The table the player proposes (Enter if empty)", after,
                              after_answer)

    def draws(raw: str) -> int:
        text = _not_back(raw).strip()
        if text not in ("1", "2", "3"):
            raise RummyError(f"{raw!r}: the player drew 1, 2 or 3 cards")
        return int(text)

    if draws_given is not None:
        return before_t, hand_c, after_t, draws_given
    return before_t, hand_c, after_t, _ask("Cards drawn this turn (1-3)", draws, default="1")
