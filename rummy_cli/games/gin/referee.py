"""The Gin family's referee at the command line's call (``games.referee``): melds judged by
the Gin rules (G3), a hand's least deadwood (``deadwood``) and a knock refereed and scored
(``showdown``), said by ``report``. Pure: the command line prints what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import OptionsError, UnusableInputError
from ...typed_input import cards_of, table_of
from ..referee import Asked, Said

if TYPE_CHECKING:
    from ...cards import AnyCard, Card
    from ...melds import MeldVerdict
    from .rules import GinRules

TAKES: frozenset[str] = frozenset()  # a Gin game's melds are its preset's: no --rule here


def rules_of(asked: Asked) -> GinRules:
    """The rules of the Gin preset named by --game with the house rules typed as
    ``NAME=VALUE``."""
    from ...cards import quoted
    from .rules import find_preset

    rules = find_preset(asked.game)
    changes: dict[str, str] = {}
    for pair in asked.house_rules:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise OptionsError(f"--rule takes NAME=VALUE, e.g. --rule undercut=10; got "
                              f"{quoted(pair)}")
        changes[name] = value
    return rules.with_house_rules(changes) if changes else rules


def hand_of(text: str | Sequence[str], what: str) -> list[Card]:
    """Cards as typed for a Gin hand: one deck, no jokers."""
    from ...tiles import looks_like_tile
    from .showdown import real_cards

    joined = text if isinstance(text, str) else " ".join(text)
    tile = next((w for w in joined.replace(",", " ").split() if looks_like_tile(w.upper())),
                None)
    if tile is not None:  # no Rummikub here: the card's own hint would send them to --game
        raise UnusableInputError(f"{what}: {tile.upper()} is a Rummikub tile; the Gin games "
                                 "are played with cards: a rank (A, 2-10, J, Q, K) and a suit "
                                 "(S, H, D, C), e.g. 10H or QS")
    return real_cards(cards_of(text, what), what)


def _judged(melds: Sequence[Sequence[AnyCard]], asked: Asked) -> list[MeldVerdict]:
    """Each meld judged by the Gin rules (G3): one deck, no jokers."""
    from .showdown import judge_meld, real_cards

    if asked.decks == 2:
        raise OptionsError("the Gin games are played with one deck: --decks 2 does not "
                          "apply to them")
    real_cards([c for m in melds for c in m], "the table" if len(melds) > 1 else "the meld")
    return [judge_meld(real_cards(m, "the meld")) for m in melds]


def check_meld(words: Sequence[str], asked: Asked) -> Said:
    """``rummy check meld CARDS... --game gin``."""
    from ...meld_said import meld_said, meld_typed

    verdict = _judged([meld_typed(words)], asked)[0]
    return Said(*meld_said(verdict, asked.as_json, asked.style))


def check_table(words: Sequence[str], asked: Asked) -> Said:
    """``rummy check table TABLE... --game gin``."""
    from ...meld_said import table_said, table_typed

    return Said(*table_said(_judged(table_typed(words), asked), asked.as_json, asked.style))


def deadwood(words: Sequence[str], asked: Asked) -> Said:
    """``rummy deadwood CARDS...``: the least deadwood of a Gin hand (1 to 11 cards)."""
    from .deadwood import least_deadwood
    from .report import deadwood_json, deadwood_text
    from .showdown import were_given

    rules_of(asked)
    hand = hand_of(words, "the hand")
    if not hand:
        raise UnusableInputError("no cards given: name the hand's cards, e.g. "
                                 "rummy deadwood 7C 7D 7H 8H 9H")
    if len(hand) > 11:
        raise UnusableInputError("a Gin hand has at most 11 cards (10, and 1 drawn); "
                                 f"{were_given(len(hand))}")
    arrangement = least_deadwood(hand)
    if asked.as_json:
        return Said(True, json=deadwood_json(arrangement))
    return Said(True, deadwood_text(arrangement, asked.style))


def check_knock(knocker: str | None, defender: str | None, melds: str | None,
                upcard: str | None, asked: Asked) -> Said:
    """``rummy check knock``: the knock refereed and the hand scored."""
    from .report import showdown_json, showdown_text
    from .showdown import check_knock as referee
    from .showdown import real_cards

    rules = rules_of(asked)
    if knocker is None or defender is None:
        missing = " and ".join(o for o, v in (("--knocker", knocker),
                                               ("--defender", defender)) if v is None)
        raise OptionsError(f"give both hands: {missing} missing, e.g. --knocker "
                          '"5S 6S 7S ..." --defender "2C 2D 2H ..."')
    card = _upcard(upcard)
    if rules.upcard_sets_limit and card is None:
        raise UnusableInputError("in Oklahoma Gin the upcard sets the knock limit: say which "
                                 "card was turned up, e.g. --upcard 6S")
    laid = None
    if melds is not None:
        laid = [real_cards(list(m), "the knocker's melds")
                for m in table_of(melds, "the knocker's melds")]
    showdown = referee(rules, hand_of(knocker, "the knocker's hand"),
                       hand_of(defender, "the defender's hand"), knocker_melds=laid,
                       upcard=card)
    if asked.as_json:
        return Said(showdown.legal, json=showdown_json(showdown))
    return Said(showdown.legal, showdown_text(showdown, asked.style))


def _upcard(text: str | None) -> Card | None:
    if text is None:
        return None
    cards = hand_of(text, "the upcard")
    if len(cards) != 1:
        raise UnusableInputError(f"the upcard is one card, e.g. --upcard 6S; got {len(cards)}")
    return cards[0]

