"""The guided questions of ``rummy fix N`` on a terminal for a Gin hand: the hand as
recorded, then the questions of ``rummy round`` with each recorded answer as the default,
so Enter keeps it and only what was wrong is typed again (Manipulation Rummy's are its
package's, ``games/manipulation/asked_again``).

Part of the CLI shell; the checks of each answer are those of the guided entry
(``gin_questions``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from ..errors import RummyError
from ..hands import HandEntry
from ..players import find_player_by_prefix, players_matching
from .gin_questions import GIN_HANDS_HINT, GIN_KNOCK_QUESTION, _gin_hand_of, _gin_upcard
from .prompts import Back, _ask, _player_or_word

KEEPS = "Enter keeps each answer as recorded; 'back' at a hand starts again."
DEAD_WORDS = ("dead", "d", "none", "nobody")


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


def ask_hand_again(game: Any, number: int, said: str,
                   score: Callable[[str | None, dict[str, HandEntry], str | None], Any]) -> Any:
    """Hand ``number`` of a Gin game asked again: who knocked (or a dead hand), the upcard in
    Oklahoma, and both hands, the recorded answers as defaults. ``score`` turns the answers
    into the corrected game; what it refuses is said and the questions start again, the
    answers just typed now being the defaults.
    """
    from dataclasses import replace

    was = game.rounds[number - 1]
    click.echo(f"Hand {number} ({game.dealer_of(number)} dealt) as recorded:", err=True)
    click.echo(f"  {said[:1].upper()}{said[1:]}", err=True)
    if was.upcard is not None:
        click.echo(f"  Upcard: {was.upcard}", err=True)
    for p in game.players:
        if p in was.hands:
            click.echo(f"  {p}: {shown_hand(was.hands[p], gin=True)}", err=True)
    if was.melds is not None:
        click.echo(f"  {was.knocker} laid down: {was.melds}", err=True)
    click.echo(KEEPS, err=True)
    while True:
        try:
            who, hands, card = _hand_answers(game, was)
            return score(who, hands, card)
        except Back:
            click.echo(f"Back to the start of hand {number}.", err=True)
        except RummyError as exc:  # what only both hands together show
            from ..players import EndsEarly

            if isinstance(exc, EndsEarly):
                raise
            message = str(exc).rstrip(".")
            click.echo(f"  {message[:1].upper()}{message[1:]}.", err=True)
            click.echo(f"Back to the start of hand {number}: Enter keeps what you typed.",
                       err=True)
            was = replace(was, knocker=who, hands=hands, upcard=card)


def _hand_answers(game: Any, was: Any) -> tuple[str | None, dict[str, HandEntry], str | None]:
    who = _ask(GIN_KNOCK_QUESTION, lambda raw: _gin_knocker(game, raw),
               default=was.knocker or _word(game.players, "dead", "nobody"))
    card = was.upcard
    if who is None:
        return None, {}, card
    if game.rules.upcard_sets_limit:
        card = _ask("The upcard (it sets the knock limit)", _gin_upcard, default=card)
    click.echo(GIN_HANDS_HINT, err=True)
    other = next(p for p in game.players if p != who)
    hands: dict[str, HandEntry] = {}
    for player in (who, other):
        recorded = was.hands.get(player)
        hands[player] = _ask(f"{player}'s hand",
                             _gin_hand_of(game, player, player == who, card, hands),
                             default=None if recorded is None else str(recorded))
    return who, hands, card


def _word(players: Sequence[str], word: str, other: str) -> str:
    """The default that means nobody knocked: ``word``, or ``other`` when a player's name
    starts with it (Enter must not be refused as 'stock' could be Stockton).

    >>> _word(["Ann", "Ben"], "stock", "stock-out"), _word(["Stockton"], "stock", "stock-out")
    ('stock', 'stock-out')
    """
    return other if players_matching(players, word) else word


def _gin_knocker(game: Any, raw: str) -> str | None:
    """A player (by name, or the start of one), or None: a dead hand. A whole name wins
    over the word (a player may be called Dead); 'd' is refused when Dee plays: it could be
    Dee or 'dead'.
    """
    text = raw.strip()
    if not text:
        raise RummyError("type who knocked, or 'dead'")
    if text.lower() in DEAD_WORDS:
        return _player_or_word(game.players, text, "'dead'")
    return find_player_by_prefix(game.players, text)
