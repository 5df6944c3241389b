"""A Manipulation Rummy round asked again (``rummy fix N`` on a terminal): the round as
recorded, then the questions of the round with each recorded answer as the default, so Enter
keeps it and only what was wrong is typed again. The checks of each answer are those of the
round's questions (``questions``); put through an :class:`~rummy_cli.asking.Asker`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...asking import AGAIN, KEEPS, Asker, Back, shown_hand
from ...hands import HandEntry
from ...players import players_matching
from .questions import KNOCK_QUESTION, KNOCKER, confirmed, hand_check, knocker_answer

if TYPE_CHECKING:
    from .game import Game, RoundEntry



def ask_round_again(game: Game, number: int, said: str,
                    asker: Asker) -> tuple[str | None, dict[str, HandEntry]]:
    """Round ``number`` asked again: who knocked (or the stock ran out) and each hand, the
    recorded answers as defaults. ``said`` is the round in words.
    """
    was = game.rounds[number - 1]
    asker.say(f"Round {number} ({game.dealer_of(number)} dealt) as recorded:")
    asker.say(f"  {said[:1].upper()}{said[1:]}")
    for p in game.players:
        asker.say(f"  {p}: {shown_hand(was.hands.get(p))}")
    asker.say(KEEPS)
    while True:
        try:
            return _round_answers(game, was, asker)
        except Back:
            asker.say(f"Back to the start of round {number}.")


def _round_answers(game: Game, was: RoundEntry,
                   asker: Asker) -> tuple[str | None, dict[str, HandEntry]]:
    knocker = asker.ask(KNOCK_QUESTION, lambda raw: knocker_answer(game, raw),
                        default=was.knocker or _word(game.players, "stock", "stock-out"))
    asker.say("Type each player's cards left (3C 2D) or their total (12).")
    entered: dict[str, HandEntry] = {}
    for p in game.players:
        check = hand_check(game, p, knocker, entered, (AGAIN, KNOCKER), "the hands before it")
        recorded = was.hands.get(p)
        while True:
            entry = asker.ask(f"{p}'s hand", check,
                              default=None if recorded is None else str(recorded))
            # an empty hand kept as recorded in the same ending was confirmed when entered
            if (entry == recorded and knocker == was.knocker) or \
                    confirmed(game, p, knocker, entry, asker):
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
