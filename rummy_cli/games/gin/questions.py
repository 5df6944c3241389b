"""The Gin family's questions at the table, put through an
:class:`~rummy_cli.asking.Asker`: how a hand ended, both hands (cards or deadwood), the
first upcard (Oklahoma), and the knocker's melds when more than one layout is best. Each
answer is checked as it is typed. Pure: what is said goes to the asker."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ...asking import BACK_WORDS, STOCK_WORDS, Back, CanGoBack, not_back, player_or_word
from ...cards import parse_cards
from ...errors import RummyError, UnusableInputError
from ...hands import HandEntry, normalize_hand, typed_hand
from ...numbers import is_digits
from ...players import find_player_by_prefix, name_key, players_matching

if TYPE_CHECKING:
    from ...asking import Asker
    from .game import GinGame

GIN_KNOCK_QUESTION = "Who knocked? (a name, or 'dead' for a dead hand)"
GIN_HANDS_HINT = "Type each hand's cards, or its deadwood (the defender's after layoffs)."
DEAD_WORDS = ("dead", "d", "none", "nobody")


def ask_gin_hand(game: GinGame, knock: str | None, given: Mapping[str, HandEntry],
                 upcard: str | None, asker: Asker, upcard_default: str | None = None,
                 ) -> tuple[str | None, dict[str, HandEntry], str | None]:
    """Ask how a Gin hand ended, the upcard in Oklahoma, and both hands (G6-G10, G16).

    Each answer is checked as it is typed; 'back' asks the hand again from the start, with
    the upcard typed before as the default (``upcard_default``: one typed before 'back').
    """
    from ...render import fold
    from .game import round_entry, score_entry

    number = len(game.rounds) + 1
    asker.say(f"Hand {number} ({game.dealer_of(number)} dealt). "
              f"Players: {', '.join(game.players)}.")
    if knock is not None:  # a wrong --knock: one error, no question
        knock = find_player_by_prefix(game.players, knock)

    while True:
        card = upcard
        try:
            who = knock if knock is not None else asker.ask(
                GIN_KNOCK_QUESTION, lambda raw: _knocker(game.players, raw))
            if who is None:
                return None, {}, None
            if game.rules.upcard_sets_limit and card is None:
                card = asker.ask("The upcard (it sets the knock limit)", gin_upcard,
                                 default=upcard_default)
            asker.say(fold(GIN_HANDS_HINT))
            other = next(p for p in game.players if p != who)
            hands: dict[str, HandEntry] = {}
            for player in (who, other):
                known = _given_in(given, player)
                hands[player] = known if known is not None else asker.ask(
                    f"{player}'s hand", gin_hand_of(game, player, player == who, card, hands))
            score_entry(game, round_entry(game, who, hands, upcard=card))
            return who, hands, card
        except Back:
            asker.say("Back to the start of the hand.")
        except RummyError as exc:  # what only both hands together show
            asker.refused(CanGoBack(str(exc), "Back to the start of the hand."))
        knock, upcard, given = None, None, {}
        upcard_default = card or upcard_default  # Enter keeps the upcard typed before


def _knocker(players: Sequence[str], raw: str) -> str | None:
    """A player (a name or the start of one), or None for a dead hand.

    A name wins over a word: 'b' is Ben (no 'back' at the first question); 'd' is a dead
    hand unless a player's name starts with it, then it is asked again ('Dee or dead?').
    """
    text = raw.strip()
    if not text:
        raise RummyError("type who knocked, or 'dead'")
    if text.lower() in DEAD_WORDS:
        return player_or_word(players, text, "'dead'")
    if text.lower() in BACK_WORDS and not players_matching(players, text):
        raise RummyError("this is the hand's first question: type who knocked, or 'dead'")
    if text.lower() in STOCK_WORDS and not players_matching(players, text):
        raise RummyError("a Gin hand ends with a knock, or is dead when the stock is down "
                         "to 2 cards (G8): type who knocked, or 'dead'")
    return find_player_by_prefix(players, text)


def gin_hand_of(game: GinGame, player: str, knocks: bool, upcard: str | None,
                before: Mapping[str, HandEntry]) -> Callable[[str], HandEntry]:
    """Check one Gin hand as it is typed: its cards (10; 11 for big gin), no joker, no card
    of the other hand, and the knocker's deadwood within the limit (G6, G7, G16)."""
    from ...cards import Card, parse_card
    from .deadwood import least_deadwood
    from .showdown import HAND, MOST_DEADWOOD, limit_words, real_cards

    card = None if upcard is None else parse_card(upcard)
    if card is not None and not isinstance(card, Card):  # --upcard JK: as 'round' says it
        raise UnusableInputError("the upcard is a card, not a joker")
    limit = game.rules.knock_limit(card)
    # the words check knock uses: 'the upcard AH allows gin only (G16)'
    allowed, why = limit_words(game.rules, limit, card)

    def hand(raw: str) -> HandEntry:
        entry = normalize_hand(typed_hand(not_back(raw)), player)
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
                   check: Callable[[str], str], asker: Asker) -> str:
    """Which layout the knocker laid down, when it changes the result (D(a)): a number of
    ``options`` (lines already shown as text; ``tables``: their melds), or the melds typed,
    checked by ``check``. Enter takes the first, the layout assumed; 'back' raises Back."""
    asker.say(f"The layout matters: {knocker} can lay down the least deadwood in more than "
              "one way,")
    asker.say("and the result depends on it:")
    for line in options:
        asker.say(line)

    def answer(raw: str) -> str:
        text = raw.strip()
        if text.lower() in BACK_WORDS:
            raise Back
        if is_digits(text):
            if not 1 <= int(text) <= len(tables):
                raise RummyError(f"{text}: choose 1 to {len(tables)}, or type the melds")
            return tables[int(text) - 1]
        return check(text)

    return asker.ask(f"Which did {knocker} lay down? (1-{len(tables)}, or the melds)", answer,
                     default="1")


def _given_in(given: Mapping[str, HandEntry], player: str) -> HandEntry | None:
    for name, hand in given.items():
        if name_key(name) == name_key(player):
            return hand
    return None


def gin_upcard(raw: str) -> str:
    """The one upcard typed (Oklahoma's first, which sets the knock limit)."""
    from ...cards import Card

    cards = parse_cards(not_back(raw))
    if len(cards) != 1 or not isinstance(cards[0], Card):
        raise RummyError("type the one upcard, e.g. 6S (the Gin games have no jokers)")
    return str(cards[0])
