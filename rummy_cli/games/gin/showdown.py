"""The Gin showdown (G3-G10, G16, G17): is a knock legal, who scores what, and why.

The searches (least deadwood, layouts, layoffs) are in :mod:`rummy_cli.games.gin.deadwood`; this
module is the referee: it checks what was typed, grants each side its best legal play
where the table did not say what was laid down (D "computing a knock"), and scores by G10.

E6 (OpenSpiel's hands): the defender breaks the group 8S 8C 8D to lay off 8S 9S and 8C 7C,
and the knock with 10 becomes an undercut.

>>> from ...cards import parse_cards
>>> from .rules import GIN
>>> s = check_knock(GIN, parse_cards("5S 6S 7S 9C 10C JC KC KD KS JD"),
...                 parse_cards("2C 2D 2H 2S 8S 9S 7C 8C 8D AC"))
>>> s.score.result, s.score.winner, s.score.score, [str(c) for c in s.defender.laid_off]
('undercut', 'defender', 26, ['8S', '9S', '8C', '7C'])
>>> score_hand(GIN, 2, 9).score, score_hand(GIN, 0, 17).result  # E7 and E4 from counts
(7, 'gin')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...cards import AnyCard, Card, Joker, card_key, format_cards, times
from ...errors import UnusableInputError
from ...melds import ILLEGAL_MELD, MeldVerdict, Violation
from .deadwood import (
    Arrangement,
    GinMeld,
    in_order,
    layouts,
    least_deadwood,
    meld_kind,
    shown,
    total,
)
from .hand_score import MOST_DEADWOOD as MOST_DEADWOOD
from .hand_score import HandScore as HandScore
from .hand_score import Side, g10_score, over_the_limit
from .hand_score import limit_words as limit_words
from .hand_score import score_hand as score_hand
from .layoffs import Defender, Reply
from .rules import GinRules

NOT_IN_HAND = "not-in-hand"
CARD_IN_TWO_MELDS = "card-in-two-melds"
NOT_ALL_MELDED = "not-all-melded"

HAND = 10  # G1: cards dealt to each player, and kept after a discard


# --- cards and melds (G1, G3) -------------------------------------------------------------

def real_cards(cards: Sequence[AnyCard], what: str) -> list[Card]:
    """The cards, each once: the Gin games use one deck and no jokers (G1).

    >>> from ...cards import parse_cards
    >>> real_cards(parse_cards("7H JK"), "the hand")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.UnusableInputError: the hand: JK: the Gin games are played without jokers
    """
    real: list[Card] = []
    seen: set[Card] = set()
    for card in cards:
        if isinstance(card, Joker):
            raise UnusableInputError(f"{what}: {card}: the Gin games are played without jokers")
        if card in seen:
            copies = sum(1 for c in cards if c == card)
            raise UnusableInputError(f"{what}: {card} appears {times(copies)}, but one deck "
                                     "holds each card once")
        seen.add(card)
        real.append(card)
    return real


def judge_meld(cards: Sequence[Card]) -> MeldVerdict:
    """Is this a Gin meld (G3)? A group of 3 or 4 of a rank, or a run of 3 or more of a suit,
    the ace low only. Every problem, in words.

    >>> from ...cards import parse_cards
    >>> [p.message for p in judge_meld(parse_cards("QS KS AS")).problems]
    ['QS KS AS: in Gin the ace is low only (A-2-3): it cannot follow the king']
    """
    meld = tuple(cards)
    kind = meld_kind(meld)
    if kind is not None:
        return MeldVerdict(meld, kind, (), in_order(meld), ())
    problem = Violation(ILLEGAL_MELD, "G3", _why_not_a_meld(meld))
    guess: Literal["group", "run"] | None = None
    if len(meld) >= 3 and len({c.rank for c in meld}) == 1:
        guess = "group"
    elif len(meld) >= 3 and len({c.suit for c in meld}) == 1:
        guess = "run"
    return MeldVerdict(meld, guess, (problem,), meld, ())


def _why_not_a_meld(meld: GinMeld) -> str:
    shown = format_cards(meld)
    if len(meld) < 3:
        has = "no cards" if not meld else f"only {len(meld)}: {shown}"
        return f"a meld needs at least 3 cards; this one has {has}"
    ranks = sorted(c.rank for c in meld)
    suits = {c.suit for c in meld}
    if len(set(ranks)) == 1:  # only a 5th card of a rank could get here: one deck has 4
        return f"a group has at most 4 cards (one of each suit); {shown} has {len(meld)}"
    if len(suits) == 1:
        suit = meld[0].suit
        if 1 in ranks and 13 in ranks and _round_the_corner(ranks):
            return (f"{shown}: in Gin the ace is low only (A-2-3): it cannot follow the king")
        missing = [f"{_rank(r)}{suit.value}" for r in range(ranks[0], ranks[-1] + 1)
                   if r not in ranks]
        holes = ", ".join(missing[:-1]) + (" and " if len(missing) > 1 else "") + missing[-1]
        return (f"{shown} has {'a gap' if len(missing) == 1 else 'gaps'}: {holes} "
                f"{'is' if len(missing) == 1 else 'are'} missing")
    if len(set(ranks)) == len(ranks):
        return f"{shown} mixes suits: a run is all one suit"
    if len(suits) == len(meld):
        return f"{shown} mixes ranks: a group is all one rank"
    return (f"{shown} is neither a group (3 or 4 cards of one rank) nor a run (3 or more "
            "cards of one suit in a row)")


def _round_the_corner(ranks: Sequence[int]) -> bool:
    """Whether these ranks would be in a row if the ace could follow the king."""
    lifted = sorted(r + 13 if r <= len(ranks) else r for r in ranks)
    return lifted[-1] - lifted[0] == len(lifted) - 1


def _rank(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


# --- the hand score (G10, G16, G17) -------------------------------------------------------


# --- the showdown (G6-G10, D "computing a knock") -----------------------------------------

@dataclass(frozen=True)
class Outcome:
    """A knocker's layout, the defender's best reply to it, and the hand's score."""

    layout: Arrangement
    reply: Reply
    score: HandScore


@dataclass(frozen=True)
class Showdown:
    """The referee's verdict on a knock, and its score when it is legal."""

    problems: tuple[Violation, ...]
    limit: int
    upcard: Card | None  # the upcard that set the limit (Oklahoma, G16); else None
    knocker: Arrangement  # the layout scored (or, for an illegal knock, the one checked)
    defender: Reply  # the defender's best reply to it (nothing laid off when illegal)
    score: HandScore | None  # None when the knock is not legal
    layout_given: bool
    layout_matters: bool  # another layout of the least deadwood changes the result
    others: tuple[Outcome, ...] = ()  # one such layout per other result, worst first

    @property
    def legal(self) -> bool:
        """True when the knock breaks no rule."""
        return not self.problems

    @property
    def other(self) -> Outcome | None:
        """The other least-deadwood layout that changes the result most against the
        knocker, or None when the layout does not matter."""
        return self.others[0] if self.others else None


def check_knock(rules: GinRules, knocker: Sequence[Card], defender: Sequence[Card], *,
                knocker_melds: Sequence[Sequence[Card]] | None = None,
                upcard: Card | None = None) -> Showdown:
    """Referee a knock: every problem (G3, G4, G6, G7, G16), or the score (G9, G10, G17).

    ``knocker``: the knocker's cards after the discard (10; 11 for big gin); ``defender``:
    the defender's 10. ``knocker_melds``: the layout laid down, if known; else a layout of
    the knocker's least deadwood is assumed, the best of those for the knocker after the
    defender's best reply (D(a)).
    Input that cannot be judged raises :class:`UnusableInputError`.
    """
    knocker = real_cards(knocker, "the knocker's hand")
    defender = real_cards(defender, "the defender's hand")
    _check_counts(rules, knocker, defender)
    limit = rules.knock_limit(upcard)
    doubled = rules.doubles(upcard)
    if not rules.upcard_sets_limit:
        upcard = None  # it plays no part in this hand's score
    big = len(knocker) == HAND + 1
    them = Defender(defender)
    if knocker_melds is not None:
        melds = [real_cards(m, "the knocker's layout") for m in knocker_melds]
        return _given(rules, knocker, melds, them, limit, upcard, doubled)
    least = least_deadwood(knocker)
    if least.deadwood > limit:
        problem = over_the_limit(rules, least.deadwood, limit, upcard, least.unmatched)
        return Showdown((problem,), limit, upcard, least, _nothing_laid(them), None,
                        False, False)
    if least.gin:  # gin beats every knock layout of the same cards (D(a))
        score = g10_score(rules, 0, them.alone.deadwood, big_gin=big, doubled=doubled)
        return Showdown((), limit, upcard, least, _nothing_laid(them), score, False, False)
    return _assumed_layout(rules, knocker, least, them, limit, upcard, doubled)


def were_given(count: int) -> str:
    """How many cards were given, for a message that first says how many are needed.

    >>> were_given(1), were_given(11)
    ('1 was given', '11 were given')
    """
    return f"{count} {'was' if count == 1 else 'were'} given"


def _check_counts(rules: GinRules, knocker: list[Card], defender: list[Card]) -> None:
    if len(defender) != HAND:
        raise UnusableInputError(f"the defender must hold {HAND} cards; "
                                 f"{were_given(len(defender))}")
    if len(knocker) == HAND + 1:
        if rules.big_gin is None:
            raise UnusableInputError(
                "the knocker has 11 cards, but big gin is not played in these rules "
                "(big_gin=off): a knocker keeps 10 cards after the discard")
        left = least_deadwood(knocker)
        if not left.gin:
            raise UnusableInputError(
                f"the knocker has 11 cards, but {format_cards(left.unmatched)} "
                f"{'is' if len(left.unmatched) == 1 else 'are'} in no meld: 11 cards are "
                "big gin (all melded); otherwise a knocker keeps 10 after the discard")
    elif len(knocker) != HAND:
        raise UnusableInputError(f"the knocker must hold {HAND} cards after the discard (11 "
                                 f"for big gin); {were_given(len(knocker))}")
    shared = sorted(set(knocker) & set(defender), key=card_key)
    if shared:
        raise UnusableInputError(
            f"{format_cards(shared)} {'is' if len(shared) == 1 else 'are'} in both hands: "
            "one deck holds each card once")


def _nothing_laid(them: Defender) -> Reply:
    alone = them.alone
    return Reply((), alone.melds, alone.unmatched)


def _given(rules: GinRules, knocker: list[Card], melds: list[list[Card]], them: Defender,
           limit: int, upcard: Card | None, doubled: bool) -> Showdown:
    """A layout as laid down: checked and scored as given (D(a))."""
    problems: list[Violation] = []
    hand = set(knocker)
    placed: set[Card] = set()
    twice: list[Card] = []
    legal: list[GinMeld] = []
    for meld in melds:
        strangers = [c for c in meld if c not in hand]
        if strangers:
            problems.append(Violation(NOT_IN_HAND, "G6", (
                f"{format_cards(strangers)} in the layout {format_cards(meld)} "
                f"{'is' if len(strangers) == 1 else 'are'} not in the knocker's hand")))
        twice += [c for c in meld if c in placed and c not in twice]
        placed.update(meld)
        verdict = judge_meld(meld)
        problems += verdict.problems
        if verdict.legal and not strangers:
            legal.append(in_order(meld))
    for card in sorted(twice, key=card_key):
        problems.append(Violation(CARD_IN_TWO_MELDS, "G4",
                                  f"{card} is in two melds of the layout: a card is in at "
                                  "most one meld"))
    in_legal = {c for m in legal for c in m}
    unmatched = tuple(c for c in sorted(knocker, key=card_key) if c not in in_legal)
    deadwood = total(unmatched)
    big = len(knocker) == HAND + 1
    if big and unmatched:
        problems.append(Violation(NOT_ALL_MELDED, "G7", (
            f"big gin melds all 11 cards, but this layout leaves {format_cards(unmatched)}")))
    elif deadwood > limit:
        problems.append(over_the_limit(rules, deadwood, limit, upcard, unmatched))
    layout = Arrangement(shown(legal), unmatched)
    if problems:
        return Showdown(tuple(problems), limit, upcard, layout, _nothing_laid(them), None,
                        True, False)
    if deadwood == 0:
        score = g10_score(rules, 0, them.alone.deadwood, big_gin=big, doubled=doubled)
        return Showdown((), limit, upcard, layout, _nothing_laid(them), score, True, False)
    reply = them.reply(layout.melds)
    score = g10_score(rules, deadwood, reply.deadwood, big_gin=False, doubled=doubled)
    return Showdown((), limit, upcard, layout, reply, score, True, False)


def _assumed_layout(rules: GinRules, knocker: list[Card], least: Arrangement,
                    them: Defender, limit: int, upcard: Card | None,
                    doubled: bool) -> Showdown:
    """No layout given: a layout of the knocker's least deadwood, the best of those for the
    knocker after the defender's best reply (D(a)). Between equal results, the layout that
    ``rummy deadwood`` shows. A layout that keeps melded cards back is scored only when
    given (settled point 1)."""
    scored: list[tuple[int, Side | None, int, Arrangement]] = []
    for layout in layouts(knocker, least.deadwood):
        score = g10_score(rules, layout.deadwood, them.deadwood(layout.melds), big_gin=False,
                     doubled=doubled)
        outcome = (score.for_knocker, score.winner, score.score, layout)
        if layout.melds == least.melds:
            scored.insert(0, outcome)
        else:
            scored.append(outcome)
    best = max(scored, key=lambda o: o[0])  # the first of the best: least's own if it ties
    chosen = _outcome(rules, best[3], them, doubled)
    # the other results a least-deadwood layout gives: one layout each, worst for the knocker
    # first (the first is the one a table most needs to hear about)
    others: dict[tuple[Side | None, int], tuple[int, Arrangement]] = {}
    for value, winner, points, layout in scored:
        if (winner, points) != (best[1], best[2]) and (winner, points) not in others:
            others[(winner, points)] = (value, layout)
    ranked = sorted(others.values(), key=lambda o: o[0])
    alternatives = tuple(_outcome(rules, layout, them, doubled) for _, layout in ranked)
    return Showdown((), limit, upcard, chosen.layout, chosen.reply, chosen.score, False,
                    bool(alternatives), alternatives)


def _outcome(rules: GinRules, layout: Arrangement, them: Defender, doubled: bool) -> Outcome:
    reply = them.reply(layout.melds)
    return Outcome(layout, reply, g10_score(rules, layout.deadwood, reply.deadwood, big_gin=False,
                                       doubled=doubled))

