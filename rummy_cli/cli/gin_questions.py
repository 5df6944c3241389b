"""The questions of Gin Rummy: who knocked or a dead hand, each hand (cards or deadwood),
the first upcard (Oklahoma), and the knocker's melds when more than one layout is best."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from ..cards import parse_cards
from ..errors import RummyError
from ..hands import HandEntry, normalize_hand, typed_hand
from ..numbers import is_digits
from ..players import find_player_by_prefix, name_key, players_matching
from .prompts import (
    BACK_WORDS,
    STOCK_WORDS,
    Back,
    _ask,
    _CanGoBack,
    _not_back,
    _player_or_word,
    _say_why,
)

if TYPE_CHECKING:
    pass


GIN_KNOCK_QUESTION = "Who knocked? (a name, or 'dead' for a dead hand)"


GIN_HANDS_HINT = "Type each hand's cards, or its deadwood (the defender's after layoffs)."


DEAD_WORDS = ("dead", "d", "none", "nobody")


def ask_gin_hand(game: Any, knock: str | None, given: Mapping[str, HandEntry],
                 upcard: str | None, upcard_default: str | None = None,
                 ) -> tuple[str | None, dict[str, HandEntry], str | None]:
    """Ask how a Gin hand ended, the upcard in Oklahoma, and both hands (G6-G10, G16).

    Each answer is checked as it is typed; 'back' asks the hand again from the start, with
    the upcard typed before as the default (``upcard_default``: one typed before 'back').
    """
    from ..games.gin.game import round_entry, score_entry

    number = len(game.rounds) + 1
    click.echo(f"Hand {number} ({game.dealer_of(number)} dealt). "
               f"Players: {', '.join(game.players)}.", err=True)
    if knock is not None:  # a wrong --knock: one error, no question
        knock = find_player_by_prefix(game.players, knock)

    while True:
        card = upcard
        try:
            who = knock if knock is not None else _ask(
                GIN_KNOCK_QUESTION, lambda raw: _gin_knocker(game.players, raw))
            if who is None:
                return None, {}, None
            if game.rules.upcard_sets_limit and card is None:
                card = _ask("The upcard (it sets the knock limit)", _gin_upcard,
                            default=upcard_default)
            from ..render import fold

            click.echo(fold(GIN_HANDS_HINT), err=True)
            other = next(p for p in game.players if p != who)
            hands: dict[str, HandEntry] = {}
            for player in (who, other):
                known = _given_in(given, player)
                hands[player] = known if known is not None else _ask(
                    f"{player}'s hand", _gin_hand_of(game, player, player == who, card, hands))
            score_entry(game, round_entry(game, who, hands, upcard=card))
            return who, hands, card
        except Back:
            click.echo("Back to the start of the hand.", err=True)
        except RummyError as exc:  # what only both hands together show
            _say_why(_CanGoBack(str(exc), "Back to the start of the hand."))
        knock, upcard, given = None, None, {}
        upcard_default = card or upcard_default  # Enter keeps the upcard typed before


def _gin_knocker(players: Sequence[str], raw: str) -> str | None:
    """A player (a name or the start of one), or None for a dead hand.

    A name wins over a word: 'b' is Ben (no 'back' at the first question); 'd' is a dead
    hand unless a player's name starts with it, then it is asked again ('Dee or dead?').
    """
    text = raw.strip()
    if not text:
        raise RummyError("type who knocked, or 'dead'")
    if text.lower() in DEAD_WORDS:
        return _player_or_word(players, text, "'dead'")
    if text.lower() in BACK_WORDS and not players_matching(players, text):
        raise RummyError("this is the hand's first question: type who knocked, or 'dead'")
    if text.lower() in STOCK_WORDS and not players_matching(players, text):
        raise RummyError("a Gin hand ends with a knock, or is dead when the stock is down "
                         "to 2 cards (G8): type who knocked, or 'dead'")
    return find_player_by_prefix(players, text)


def _gin_hand_of(game: Any, player: str, knocks: bool, upcard: str | None,
                 before: Mapping[str, HandEntry]) -> Callable[[str], HandEntry]:
    """Check one Gin hand as it is typed: its cards (10; 11 for big gin), no joker, no card
    of the other hand, and the knocker's deadwood within the limit (G6, G7, G16)."""
    from ..cards import Card, parse_card
    from ..games.gin.deadwood import least_deadwood
    from ..games.gin.showdown import HAND, MOST_DEADWOOD, limit_words, real_cards

    card = None if upcard is None else parse_card(upcard)
    limit = game.rules.knock_limit(card)
    # the words check knock uses: 'the upcard AH allows gin only (G16)'
    allowed, why = limit_words(game.rules, limit, card if isinstance(card, Card) else None)

    def hand(raw: str) -> HandEntry:
        entry = normalize_hand(typed_hand(_not_back(raw)), player)
        if isinstance(entry, int):
            if entry > MOST_DEADWOOD:
                raise RummyError(f"{player}'s deadwood is at most {MOST_DEADWOOD} (10 cards)")
            if knocks and entry > limit:
                raise RummyError(f"{player} knocked with {entry} deadwood, but {allowed} "
                                 f"({why}): check the count, or 'back'")
            return entry
        cards = real_cards(parse_cards(entry), f"{player}'s hand")
        most = HAND + (1 if knocks and game.rules.big_gin is not None else 0)
        if not HAND <= len(cards) <= most:
            count = f"{len(cards)} card" + ("s" if len(cards) != 1 else "")
            raise RummyError(f"{player}'s hand has {count}: type the {HAND} "
                             "cards held" + (" after the discard" if knocks else ""))
        for other in before.values():
            if isinstance(other, str):
                shared = set(cards) & {c for c in parse_cards(other) if isinstance(c, Card)}
                if shared:
                    raise RummyError(f"{min(shared)} is in both hands: one deck holds each "
                                     "card once")
        if knocks and (dead := least_deadwood(cards).deadwood) > limit:
            raise RummyError(f"{player}'s least deadwood is {dead}, but {allowed} ({why}): "
                             "check the cards, or 'back'")
        return entry
    return hand


def ask_gin_layout(knocker: str, options: Sequence[str], tables: Sequence[str],
                   check: Callable[[str], str]) -> str:
    """Which layout the knocker laid down, when it changes the result (D(a)): a number of
    ``options`` (lines already shown as text; ``tables``: their melds), or the melds typed,
    checked by ``check``. Enter takes the first, the layout assumed; 'back' raises Back."""
    click.echo(f"The layout matters: {knocker} can lay down the least deadwood in more than "
               "one way,", err=True)
    click.echo("and the result depends on it:", err=True)
    for line in options:
        click.echo(line, err=True)

    def answer(raw: str) -> str:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        if is_digits(text):
            if not 1 <= int(text) <= len(tables):
                raise RummyError(f"{text}: choose 1 to {len(tables)}, or type the melds")
            return tables[int(text) - 1]
        return check(text)

    return _ask(f"Which did {knocker} lay down? (1-{len(tables)}, or the melds)", answer,
                default="1")


def _hand_of(player: str) -> Callable[[str], HandEntry]:
    def hand(raw: str) -> HandEntry:
        return normalize_hand(typed_hand(_not_back(raw)), player)
    return hand


def _given_in(given: Mapping[str, HandEntry], player: str) -> HandEntry | None:
    for name, hand in given.items():
        if name_key(name) == name_key(player):
            return hand
    return None


def _gin_upcard(raw: str) -> str:
    from ..cards import Card

    cards = parse_cards(_not_back(raw))
    if len(cards) != 1 or not isinstance(cards[0], Card):
        raise RummyError("type the one upcard, e.g. 6S (the Gin games have no jokers)")
    return str(cards[0])
