"""The guided questions of ``rummy fix N`` on a terminal: the round as recorded, then the
questions of ``rummy round`` with each recorded answer as the default, so Enter keeps it and
only what was wrong is typed again.

Part of the CLI shell; the checks of each answer are those of the guided entry
(``card_questions``). The Gin family asks its hands again itself (``games/gin/asked``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from ..hands import HandEntry
from ..players import players_matching
from .card_questions import KNOCK_QUESTION, KNOCKER, _confirmed, _hand_check, _knocker_answer
from .prompts import AGAIN, Back, _ask

KEEPS = "Enter keeps each answer as recorded; 'back' at a hand starts again."


def shown_hand(hand: HandEntry | None, gin: bool = False) -> str:
    """A hand as recorded, in words: its cards, its total (deadwood in Gin), or no cards.

    >>> shown_hand("3C 2D"), shown_hand(12), shown_hand(""), shown_hand(4, gin=True)
    ('3C 2D', 'a total of 12', 'no cards', 'deadwood 4')
    """
    if hand is None:
        return "not recorded"
    if isinstance(hand, int):
        return f"deadwood {hand}" if gin else f"a total of {hand}"
    return hand or "no cards"


def ask_round_again(game: Any, number: int, said: str) -> tuple[str | None, dict[str, HandEntry]]:
    """Round ``number`` of a Manipulation Rummy game asked again: who knocked (or the stock
    ran out) and each hand, the recorded answers as defaults. ``said`` is the round in words.
    """
    was = game.rounds[number - 1]
    click.echo(f"Round {number} ({game.dealer_of(number)} dealt) as recorded:", err=True)
    click.echo(f"  {said[:1].upper()}{said[1:]}", err=True)
    for p in game.players:
        click.echo(f"  {p}: {shown_hand(was.hands.get(p))}", err=True)
    click.echo(KEEPS, err=True)
    while True:
        try:
            return _round_answers(game, was)
        except Back:
            click.echo(f"Back to the start of round {number}.", err=True)


def _round_answers(game: Any, was: Any) -> tuple[str | None, dict[str, HandEntry]]:
    knocker = _ask(KNOCK_QUESTION, lambda raw: _knocker_answer(game, raw),
                   default=was.knocker or _word(game.players, "stock", "stock-out"))
    click.echo("Type each player's cards left (3C 2D) or their total (12).", err=True)
    entered: dict[str, HandEntry] = {}
    for p in game.players:
        check = _hand_check(game, p, knocker, entered, (AGAIN, KNOCKER), "the hands before it")
        recorded = was.hands.get(p)
        while True:
            entry = _ask(f"{p}'s hand", check,
                         default=None if recorded is None else str(recorded))
            # an empty hand kept as recorded in the same ending was confirmed when entered
            if (entry == recorded and knocker == was.knocker) or \
                    _confirmed(game, p, knocker, entry):
                break
        entered[p] = entry
    return knocker, entered


def _word(players: Sequence[str], word: str, other: str) -> str:
    """The default that means nobody knocked: ``word``, or ``other`` when a player's name
    starts with it (Enter must not be refused as 'stock' could be Stockton).

    >>> _word(["Ann", "Ben"], "stock", "stock-out"), _word(["Stockton"], "stock", "stock-out")
    ('stock', 'stock-out')
    """
    return other if players_matching(players, word) else word
