"""The score of one Gin hand (G10, G16, G17): the knock, undercut, gin and big gin, the
knock limit in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...cards import Card, format_cards
from ...errors import RefusedError, UnusableInputError
from ...melds import Violation
from .rules import GinRules

Result = Literal["knock", "undercut", "gin", "big-gin", "tie"]
Side = Literal["knocker", "defender"]
OVER_THE_LIMIT = "over-the-limit"
MOST_DEADWOOD = 100  # 10 cards of 10 points: no hand of 10 holds more


@dataclass(frozen=True)
class HandScore:
    """A hand scored by G10 (and G17): who won it, and what they score."""

    result: Result
    winner: Side | None  # None: nobody scores (a tie under tie=none)
    score: int  # what the winner scores for the hand, doubled included
    knocker: int  # K, the knocker's deadwood
    defender: int  # D, the defender's deadwood after layoffs
    bonus: int  # the gin, big-gin or undercut bonus in the score (before doubling)
    doubled: bool  # G17: a spade upcard doubled it

    @property
    def for_knocker(self) -> int:
        """The score from the knocker's side: what they win, or minus what they give."""
        return {"knocker": self.score, "defender": -self.score, None: 0}[self.winner]


def g10_score(rules: GinRules, knocker: int, defender: int, *, big_gin: bool,
         doubled: bool) -> HandScore:
    result: Result
    winner: Side | None
    if big_gin:
        result, winner, base, bonus = "big-gin", "knocker", defender, rules.big_gin or 0
    elif knocker == 0:
        result, winner, base, bonus = "gin", "knocker", defender, rules.gin
    elif knocker < defender:
        result, winner, base, bonus = "knock", "knocker", defender - knocker, 0
    elif knocker == defender and rules.tie == "none":
        result, winner, base, bonus = "tie", None, 0, 0
    else:
        result, winner, base, bonus = "undercut", "defender", knocker - defender, rules.undercut
    doubled = doubled and winner is not None
    return HandScore(result, winner, (base + bonus) * (2 if doubled else 1), knocker, defender,
                     bonus, doubled)


def limit_words(rules: GinRules, limit: int, upcard: Card | None) -> tuple[str, str]:
    """What the knock limit allows, in words, and the rule that sets it (G6; G16 where the
    upcard sets it): the same words wherever a knock is refused.

    >>> from ...cards import parse_card
    >>> from .rules import GIN, OKLAHOMA
    >>> limit_words(OKLAHOMA, 0, parse_card("AH")), limit_words(GIN, 10, None)
    (('the upcard AH allows gin only', 'G16'), ('a knock needs 10 or less', 'G6'))
    """
    if rules.upcard_sets_limit and upcard is not None:
        return (f"the upcard {upcard} allows gin only" if limit == 0 else
                f"the upcard {upcard} sets the knock limit at {limit}"), "G16"
    return ("only gin may end the hand" if limit == 0 else
            f"a knock needs {limit} or less"), "G6"


def over_the_limit(rules: GinRules, deadwood: int, limit: int, upcard: Card | None,
                    cards: Sequence[Card]) -> Violation:
    """The knocker's deadwood is over the knock limit (G6; in Oklahoma G16)."""
    which = f" ({format_cards(cards)})" if cards else ""
    why, rule = limit_words(rules, limit, upcard)
    return Violation(OVER_THE_LIMIT, rule,
                     f"the knocker's deadwood is {deadwood}{which}, but {why}")


def score_hand(rules: GinRules, knocker: int, defender: int, *, big_gin: bool = False,
               upcard: Card | None = None) -> HandScore:
    """A hand scored from the deadwood counts agreed at the table (G10, G16, G17).

    ``knocker`` is K (0: gin), ``defender`` is D after layoffs; ``big_gin`` marks a big gin;
    ``upcard`` sets the limit and the doubling in Oklahoma. Refuses a knock over the limit
    (:class:`RefusedError`) and counts that cannot be (:class:`UnusableInputError`).

    >>> from .rules import GIN
    >>> s = score_hand(GIN, 8, 5)  # E2
    >>> s.result, s.winner, s.score
    ('undercut', 'defender', 28)
    """
    for who, count in (("knocker", knocker), ("defender", defender)):
        if not 0 <= count <= MOST_DEADWOOD:
            raise UnusableInputError(f"the {who}'s deadwood is 0 to {MOST_DEADWOOD} points "
                                     f"(10 cards), not {count}")
    if big_gin:
        if rules.big_gin is None:
            raise UnusableInputError("big gin is not played in these rules (big_gin=off): "
                                     "a hand with all 11 cards melded discards and is gin")
        if knocker:
            raise UnusableInputError(f"big gin melds all 11 cards: the knocker's deadwood is "
                                     f"0, not {knocker}")
    limit = rules.knock_limit(upcard)
    if knocker > limit:
        over = over_the_limit(rules, knocker, limit, upcard, [])
        raise RefusedError(f"{over.message} ({over.rule})")
    return g10_score(rules, knocker, defender, big_gin=big_gin, doubled=rules.doubles(upcard))
