"""Guided entry at the table: ask for what a command needs, re-asking on a mistake.

Part of the CLI shell (it uses click's prompts); the rules are checked by the core.
"""

from __future__ import annotations

from collections.abc import Callable
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
)
from .scoring import check_knock

T = TypeVar("T")
STOCK_WORDS = ("stock", "stock-out", "stock out", "s", "none", "nobody")
BACK_WORDS = ("back", "b", "<")
YES, NO = ("y", "yes"), ("n", "no")


class _CanGoBack(RefusedError):
    """A hand that shows an earlier answer was wrong: 'back' starts the round again."""

    hint = "Try again, or type 'back' to start the round again."


class _WrongKnocker(_CanGoBack):
    """A hand that shows the knocker was entered wrong."""

    hint = "Try again, or type 'back' to change who knocked."


class _Back(Exception):
    """The player typed 'back': ask the round's questions again."""


def _ask(question: str, convert: Callable[[str], T], default: str | None = None) -> T:
    """Ask until the answer converts; say why a wrong answer is wrong."""
    while True:
        raw: str = click.prompt(question, default=default, show_default=default not in ("", None),
                                err=True)
        try:
            return convert(raw)
        except RummyError as exc:
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


def ask_round(
    game: Game, knock: str | None, stock_out: bool
) -> tuple[str | None, dict[str, HandEntry]]:
    """Ask how the round ended and what each player holds."""
    check_open(game)
    number = len(game.rounds) + 1
    players = ", ".join(game.players)
    click.echo(f"Round {number} ({game.dealer_of(number)} dealt). Players: {players}.",
               err=True)
    while True:
        try:
            return _ask_ending_and_hands(game, knock, stock_out)
        except _Back:
            click.echo("Back to the start of the round.", err=True)


def _knocker_answer(game: Game, raw: str) -> str | None:
    """A player (a name wins over a stock word: a player may be called Stock), or None."""
    text = raw.strip()
    for p in game.players:
        if p.casefold() == text.casefold():
            return p
    if text.lower() in STOCK_WORDS:
        return None
    return find_player(game.players, text)


def _ask_ending_and_hands(
    game: Game, knock: str | None, stock_out: bool
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
                raise _Back
            value: HandEntry = int(text) if text.isdigit() else text
            entry = normalize_hand(value, p)
            cards = parse_cards(entry) if isinstance(entry, str) else []
            too_many = check_copies(held + cards, game.decks)
            if too_many:
                raise _CanGoBack(f"with the hands before it, {'; '.join(too_many)}")
            points = entry_points(entry, game.rules)
            if points > most:
                raise RefusedError(f"{points} is more than all the cards are worth ({most})")
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

        entry = entered[p] = _ask(f"{p}'s hand", hand, default="")
        if isinstance(entry, str):
            held.extend(parse_cards(entry))
    return knocker, entered


def ask_turn(before: str | None, hand: str | None, after: str | None
             ) -> tuple[Table, list[AnyCard], Table, int]:
    """Ask for the table before the turn, the hand, the proposed table and the draws."""
    click.echo("Tables are melds separated by '/', e.g. 7H 8H 9H / QS QH QD JK=QC.", err=True)
    before_t = parse_table(before) if before is not None else _ask(
        "Table before the turn (Enter if empty)", parse_table, default="")
    hand_c = parse_cards(hand) if hand is not None else _ask(
        "The player's hand after drawing", parse_cards)
    after_t = parse_table(after) if after is not None else _ask(
        "The table the player proposes", parse_table)

    def draws(raw: str) -> int:
        if raw.strip() not in ("1", "2", "3"):
            raise RummyError(f"{raw!r}: the player drew 1, 2 or 3 cards")
        return int(raw)

    return before_t, hand_c, after_t, _ask("Cards drawn this turn (1-3)", draws, default="1")
