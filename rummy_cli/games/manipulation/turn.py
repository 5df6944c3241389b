"""The referee of one turn (R5, R6, R10-R15): was the rearrangement legal? Every violation.

Only the table at the end of the turn is judged (the rulebook's R15-D2).

>>> from ...cards import parse_cards, parse_table
>>> v = judge_turn(parse_table("2S 3S 4S 5S"), parse_cards("6S"), parse_table("3S 4S 5S 6S"))
>>> v.legal, [x.code for x in v.violations]
(False, ['card-removed'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import (
    ALL_CARDS,
    AnyCard,
    Card,
    Joker,
    Meld,
    Table,
    card_key,
    check_copies,
    format_cards,
    joker_count,
    real_counts,
    represented,
    times,
)
from ...errors import UnusableInputError
from ...melds import MeldVerdict, Violation, analyze_meld, resolved
from .rules import MANIPULATION_RUMMY, Rules
from .scoring import hand_points

ILLEGAL_MELD = "illegal-meld"
UNDECLARED_JOKER = "undeclared-joker"
CARD_REMOVED = "card-removed"
JOKER_CHANGED = "joker-changed"
NOT_IN_HAND = "not-in-hand"
NOTHING_PLAYED = "nothing-played"
MELD_AFTER_THIRD_DRAW = "meld-after-third-draw"


@dataclass(frozen=True)
class TurnVerdict:
    """The referee's verdict on one turn."""

    violations: tuple[Violation, ...]
    played: tuple[AnyCard, ...]
    hand_after: tuple[AnyCard, ...]
    hand_points: int
    melds: tuple[MeldVerdict, ...]  # the table after the turn, meld by meld
    melded: bool  # False when the player kept the table as it was
    may_knock: bool  # the turn is over, legal, and leaves the knock limit or less (R17)
    turn_over: bool = True  # False: nothing melded after a 1st or 2nd draw, so draw again (R5)

    @property
    def legal(self) -> bool:
        """True when no rule was broken."""
        return not self.violations

    @property
    def goes_out(self) -> bool:
        """True when a legal turn plays every card: the round ends (R17, D) with R23's bonus."""
        return self.may_knock and not self.hand_after


def _sorted(cards: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
    return tuple(sorted(cards, key=card_key))


def _same_melds(before: Sequence[Meld], after: Sequence[Meld]) -> bool:
    return Counter(_sorted(m) for m in before) == Counter(_sorted(m) for m in after)


def validate_start(before: Table, hand: Sequence[AnyCard], decks: int, rules: Rules) -> None:
    """Refuse input that cannot be judged: too many copies, a declared hand joker, a bad start."""
    if decks not in (1, 2):
        raise UnusableInputError(f"decks must be 1 or 2, not {decks}")
    declared = [c for c in hand if isinstance(c, Joker) and c.declared is not None]
    if declared:
        raise UnusableInputError(
            f"{declared[0]} is in the hand: a joker in the hand has no declared card; write JK")
    too_many = check_copies([c for m in before for c in m] + list(hand), decks)
    if too_many:
        raise UnusableInputError(
            "the table before the turn and the hand hold more cards than the decks: "
            + "; ".join(too_many))
    for number, meld in enumerate(before, 1):
        verdict = analyze_meld(meld, rules)
        if not verdict.legal:
            raise UnusableInputError(
                f"the table before the turn is not legal: meld {number} ({format_cards(meld)}): "
                + "; ".join(p.message for p in verdict.problems))


def _number(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))


def judge_turn(
    before: Table,
    hand: Sequence[AnyCard],
    after: Table,
    *,
    draws: int = 1,
    decks: int = 2,
    rules: Rules = MANIPULATION_RUMMY,
) -> TurnVerdict:
    """Judge one meld phase: the table before, the hand after drawing, the proposed table.

    Raises :class:`UnusableInputError` for input that cannot be judged.
    """
    if not 1 <= draws <= rules.max_draws:
        raise UnusableInputError(f"draws must be 1 to {rules.max_draws}, not {draws}")
    validate_start(before, hand, decks, rules)
    before_cards = [c for m in before for c in m]
    after_cards = [c for m in after for c in m]
    before_real, after_real = real_counts(before_cards), real_counts(after_cards)
    hand_real = real_counts(hand)
    verdicts = tuple(analyze_meld(m, rules) for m in after)
    violations: list[Violation] = []

    # R12b / R15: nothing leaves the table
    for card, n in sorted((before_real - after_real).items(), key=lambda kv: card_key(kv[0])):
        for _ in range(n):
            violations.append(Violation(
                CARD_REMOVED, "R12b",
                f"{card} was on the table before the turn and is not on it now: "
                "a card may not go back to a hand"))
    jokers_before, jokers_after = joker_count(before_cards), joker_count(after_cards)
    jokers_removed = max(0, jokers_before - jokers_after)
    for _ in range(jokers_removed):
        violations.append(Violation(
            CARD_REMOVED, "R15",
            "a joker was on the table before the turn and is not on it now: "
            "a joker never leaves the table; a replaced joker must be used again at once"))

    # R6: what is new on the table must come from the hand
    new_real = after_real - before_real
    played: list[AnyCard] = []
    for card, n in sorted(new_real.items(), key=lambda kv: card_key(kv[0])):
        have = hand_real[card]
        played.extend([card] * min(n, have))
        if n > have:
            held = ("is not in the hand" if have == 0
                    else f"the hand holds only {_number(have)}")
            often = "" if n == 1 else f" {times(n)}"
            violations.append(Violation(
                NOT_IN_HAND, "R6", f"{card} is new on the table{often} but {held}"))
    new_jokers = max(0, jokers_after - jokers_before)
    hand_jokers = joker_count(hand)
    played.extend([Joker()] * min(new_jokers, hand_jokers))
    if new_jokers > hand_jokers:
        new = "a joker is" if new_jokers == 1 else f"{_number(new_jokers)} jokers are"
        violations.append(Violation(
            NOT_IN_HAND, "R6",
            f"{new} new on the table but the hand holds "
            f"{f'only {_number(hand_jokers)}' if hand_jokers else 'none'}"))

    # a forced joker is the same card written as JK or JK=6H (5H JK 7H): compare resolved melds
    changed = not _same_melds(
        [resolved(analyze_meld(m, rules)) for m in before], [resolved(v) for v in verdicts])
    # R12a asks for a card from the hand: a card new on the table from nowhere is not one
    if changed and not played:
        what = ("no card came from the hand (the cards new on the table are not in it)"
                if new_real or new_jokers else
                "the table was rearranged but no card came from the hand")
        violations.append(Violation(
            NOTHING_PLAYED, "R12a", f"{what}: a meld adds at least one card from the hand"))
    if changed and draws >= rules.max_draws:
        violations.append(Violation(
            MELD_AFTER_THIRD_DRAW, "R5",
            f"the player drew a {ordinal(rules.max_draws)} card and may not meld this turn"))

    # R10: every meld after the turn is legal
    for number, verdict in enumerate(verdicts, 1):
        for problem in verdict.problems:
            violations.append(Violation(
                problem.code, problem.rule, f"meld {number}: {problem.message}"))

    violations.extend(_joker_changes(before, verdicts, jokers_removed, rules))

    hand_left = _remove(hand, played)
    points = hand_points(hand_left, rules)
    # R5: a turn without a meld goes on with another draw, up to the third; R17: only a
    # player whose turn is over may knock
    turn_over = changed or draws >= rules.max_draws
    return TurnVerdict(
        tuple(violations), _sorted(played), _sorted(hand_left), points, verdicts, changed,
        may_knock=turn_over and not violations and points <= rules.knock_limit,
        turn_over=turn_over)


def _joker_changes(
    before: Table, verdicts: Sequence[MeldVerdict], jokers_removed: int, rules: Rules
) -> list[Violation]:
    """R14: a joker declared X may end the turn as another card only if a real X is on the table.

    Jokers are alike: only the multiset of declarations is compared. A joker whose meld
    leaves its card open (undeclared) is reported as such elsewhere and not counted here.
    """
    declared_before: Counter[Card] = Counter()
    for meld in before:
        for c in resolved(analyze_meld(meld, rules)):
            if isinstance(c, Joker) and c.declared is not None:
                declared_before[c.declared] += 1
    declared_after: Counter[Card] = Counter()
    undeclared: list[frozenset[Card] | None] = []  # what each bare joker could stand for
    real_after: set[Card] = set()
    for v in verdicts:
        for c in resolved(v):
            if isinstance(c, Card):
                real_after.add(c)
            elif c.declared is not None:
                declared_after[c.declared] += 1
        undeclared += _bare_joker_options(v, rules)
    unfree = [x for x, n in (declared_before - declared_after).items() if x not in real_after
              for _ in range(n)]
    unfree.sort(key=card_key)
    # a bare joker may be the changed joker still meaning its card, if its meld allows that
    # card; a joker taken off the table is reported as removed, not also as changed
    kept = _unmatched(unfree, undeclared)[jokers_removed:]
    return [
        Violation(
            JOKER_CHANGED, "R14",
            f"a joker declared {x} now stands for another card, but no real {x} is on the "
            f"table: a joker's card changes only when the real {x} replaces it")
        for x in kept
    ]


def _bare_joker_options(v: MeldVerdict, rules: Rules) -> list[frozenset[Card] | None]:
    """For each joker a proposed meld leaves undeclared, the cards it could stand for.

    None means any card: the meld is broken in another way, so what the joker was meant to
    be cannot be told (the turn is illegal anyway).
    """
    bare = sum(1 for c in resolved(v) if isinstance(c, Joker) and c.declared is None)
    if not bare:
        return []
    if any(p.code != UNDECLARED_JOKER for p in v.problems):
        return [None] * bare
    cards = list(v.cards)
    i = next(i for i, c in enumerate(cards) if isinstance(c, Joker) and c.declared is None)
    options = frozenset(
        x for x in ALL_CARDS
        if all(p.code == UNDECLARED_JOKER for p in analyze_meld(
            (*cards[:i], Joker(x), *cards[i + 1:]), rules).problems))
    return [options] * bare  # the bare jokers of one meld are interchangeable


def _unmatched(changed: list[Card], jokers: list[frozenset[Card] | None]) -> list[Card]:
    """The changed declarations no bare joker can account for (a maximum matching).

    >>> from ...cards import parse_card
    >>> qd, h7 = parse_card("QD"), parse_card("7H")
    >>> [str(c) for c in _unmatched([qd, h7], [frozenset({h7}), None])]
    []
    >>> [str(c) for c in _unmatched([qd, h7], [frozenset({h7}), frozenset({h7})])]
    ['QD']
    """
    owner: dict[int, int] = {}  # joker -> index of the declaration it accounts for

    def place(d: int, seen: set[int]) -> bool:
        for j, options in enumerate(jokers):
            if j in seen or (options is not None and changed[d] not in options):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = d
                return True
        return False

    matched = {d for d in range(len(changed)) if place(d, set())}
    return [x for d, x in enumerate(changed) if d not in matched]


def _remove(cards: Sequence[AnyCard], taken: Sequence[AnyCard]) -> list[AnyCard]:
    left = list(cards)
    for t in taken:
        rep = represented(t)
        for i, c in enumerate(left):
            if (isinstance(t, Joker) and isinstance(c, Joker)) or (
                    rep is not None and c == t):
                del left[i]
                break
    return left


def ordinal(n: int) -> str:
    """'first', 'second', 'third', then '4th'."""
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")
