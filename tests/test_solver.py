"""The solver: arrange cards into melds (R7-R9), the best play of a turn (R5, R10-R15).

Three kinds of tests: the classic traps, named after the rules they are about; the
checks every answer must pass (legal melds, the same cards, jokers kept); and a
brute-force oracle, slow and obvious, that the solver must match on small positions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_cli.cards import (
    AnyCard,
    Card,
    Joker,
    Meld,
    Suit,
    format_cards,
    format_table,
    parse_cards,
    parse_table,
    represented,
)
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules
from rummy_cli.games.manipulation.scoring import card_points
from rummy_cli.melds import analyze_meld, resolved
from rummy_cli.search import tuning as _tuning
from rummy_cli.search.solver import Arrangement, Play, arrange, best_play, suggest

ACE_LOW = replace(MANIPULATION_RUMMY, ace_high=False)


def cards(text: str) -> list[AnyCard]:
    return parse_cards(text)


def table(text: str) -> list[Meld]:
    return parse_table(text)


# --- what every answer must satisfy ------------------------------------------------------

def assert_legal_melds(melds: Sequence[Meld], rules: Rules = MANIPULATION_RUMMY) -> None:
    """Every meld legal (R7-R9) and every joker in it declared (R13)."""
    for meld in melds:
        verdict = analyze_meld(meld, rules)
        assert verdict.legal, (format_cards(meld), [p.message for p in verdict.problems])
        assert all(not isinstance(c, Joker) or c.declared for c in meld), format_cards(meld)


def assert_arrangement(result: Arrangement, given_cards: Sequence[AnyCard],
                       rules: Rules = MANIPULATION_RUMMY) -> None:
    """Legal melds made of exactly the cards given less the unplaceable ones."""
    assert_legal_melds(result.melds, rules)
    assert result.possible == (not result.unplaceable)
    placed = [c for m in result.melds for c in m]
    expected = Counter(given_cards) - Counter(result.unplaceable)
    assert Counter(c for c in placed if isinstance(c, Card)) == Counter(
        c for c in expected.elements() if isinstance(c, Card))
    # a declared joker keeps its card; an undeclared one may take any
    declared = Counter(c for c in expected.elements() if isinstance(c, Joker) and c.declared)
    assert not declared - Counter(c for c in placed if isinstance(c, Joker))
    assert sum(isinstance(c, Joker) for c in placed) == sum(
        isinstance(c, Joker) for c in expected.elements())


def assert_legal_play(before: Sequence[Meld], hand: Sequence[AnyCard], play: Play,
                      rules: Rules = MANIPULATION_RUMMY) -> None:
    """The play keeps every table card (R12b), plays from the hand (R6, R12a), leaves
    legal melds (R10) and changes a joker's card only when the real card is on the
    table at the end (R14, R15)."""
    assert_legal_melds(play.after, rules)
    assert play.played and play.cards_played == len(play.played)
    assert play.points_shed == sum(card_points(c, rules) for c in play.played)
    as_dealt = Counter(c if isinstance(c, Card) else Joker() for c in hand)
    assert not Counter(c if isinstance(c, Card) else Joker() for c in play.played) - as_dealt
    assert Counter(play.hand_after) + Counter(play.played) == Counter(hand)
    start = [c for m in before for c in resolved(analyze_meld(m, rules))]
    end = [c for m in play.after for c in m]
    real_end = Counter(c for c in end if isinstance(c, Card))
    assert real_end == Counter(c for c in start if isinstance(c, Card)) + Counter(
        c for c in play.played if isinstance(c, Card))
    assert sum(isinstance(c, Joker) for c in end) == sum(
        isinstance(c, Joker) for c in [*start, *play.played])
    kept = Counter(c.declared for c in end if isinstance(c, Joker))
    for card, n in Counter(c.declared for c in start if isinstance(c, Joker)).items():
        assert card is None or kept[card] >= n or card in real_end, f"joker {card} changed"


# --- the classic traps -------------------------------------------------------------------

def test_r8_two_identical_cards_never_in_one_group() -> None:
    result = arrange(cards("7S 7H 7D 7S 7H 7C"))
    assert result.possible and len(result.melds) == 2
    assert_arrangement(result, cards("7S 7H 7D 7S 7H 7C"))


def test_r8_copies_of_two_suits_make_no_group() -> None:
    result = arrange(cards("7S 7S 7H 7H"))
    assert not result.possible
    assert sorted(map(str, result.unplaceable)) == ["7H", "7H", "7S", "7S"]


def test_r8_leftovers_two_two_one_one() -> None:
    # two copies of two suits and one of two others: two groups of three
    result = arrange(cards("9S 9S 9H 9H 9D 9C"))
    assert result.possible and sorted(len(m) for m in result.melds) == [3, 3]


@pytest.mark.parametrize("text", ["QH KH AH", "AH 2H 3H", "QH KH AH AH 2H 3H"])
def test_r9_ace_high_and_low_are_both_tried(text: str) -> None:
    result = arrange(cards(text))
    assert result.possible
    assert_arrangement(result, cards(text))


def test_r9_ace_only_low_without_ace_high() -> None:
    assert not arrange(cards("QH KH AH"), rules=ACE_LOW).possible
    assert arrange(cards("AH 2H 3H"), rules=ACE_LOW).possible


def test_r9_no_turning_the_corner() -> None:
    result = arrange(cards("KC AC 2C"))
    assert not result.possible and result.melds == ()
    assert format_cards(result.unplaceable) == "KC AC 2C"


def test_r9_fourteen_card_run_is_one_meld() -> None:
    # with melds of 14 at least, the only way is A-2-...-K-A in one run
    run = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    result = arrange(run, rules=replace(MANIPULATION_RUMMY, min_meld=14))
    assert result.possible and len(result.melds) == 1 and len(result.melds[0]) == 14
    assert_arrangement(result, run, replace(MANIPULATION_RUMMY, min_meld=14))


def test_r9_fourteen_card_run_with_a_joker_as_second_ace() -> None:
    run = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    result = arrange(run, rules=replace(MANIPULATION_RUMMY, min_meld=14))
    assert result.possible
    assert_legal_melds(result.melds, replace(MANIPULATION_RUMMY, min_meld=14))


def test_r13_undeclared_jokers_get_a_card() -> None:
    result = arrange(cards("5H JK 7H JK 9S 9D"))
    assert result.possible
    assert_arrangement(result, cards("5H JK 7H JK 9S 9D"))


def test_r13_declared_joker_counts_as_its_card() -> None:
    assert not arrange(cards("JK=2C 5H 6H")).possible
    assert arrange(cards("JK=4H 5H 6H")).possible


def test_r5_no_play_after_the_third_draw() -> None:
    assert best_play(table("10C JC QC"), cards("KC"), draws=3) is None
    assert best_play(table("10C JC QC"), cards("KC"), draws=2) is not None


def test_r12a_no_play_when_no_card_fits() -> None:
    assert best_play(table("10C JC QC"), cards("2H 7S")) is None
    assert best_play([], cards("2H")) is None


def test_r11_first_meld_on_an_empty_table() -> None:
    play = best_play([], cards("5S 5H 5D 9C"))
    assert play is not None and format_cards(play.played) == "5S 5H 5D"


def test_r14_a_declared_joker_keeps_its_card() -> None:
    play = best_play(table("JK=QD QS QH"), cards("QC"))
    assert play is not None
    assert "JK=QD" in format_table(play.after)
    assert_legal_play(table("JK=QD QS QH"), cards("QC"), play)


def test_r14_a_joker_is_never_silently_redeclared() -> None:
    # JK=9H would make 9S 9D JK, but no real 8H is on the table: the joker stays 8H
    assert best_play(table("5H 6H 7H JK=8H"), cards("9S 9D")) is None


def test_r15_a_joker_freed_by_a_played_card_is_used_again() -> None:
    before, hand = table("5H 6H 7H JK=8H"), cards("9S 9D 8H")
    play = best_play(before, hand)
    assert play is not None and play.cards_played == 3
    assert_legal_play(before, hand, play)


def test_r14_the_rules_example_real_card_already_on_the_table() -> None:
    before, hand = table("JK=9D 9S 9C / 7D 8D 9D 10D"), cards("JD")
    play = best_play(before, hand)
    assert play is not None and format_cards(play.played) == "JD"
    assert_legal_play(before, hand, play)


def test_by_points_sheds_a_king_rather_than_two_small_cards() -> None:
    # one free joker (a real 5S is on the table): it serves KC (as QC) or 2D 3D, not both
    before = table("9C 10C JC / 5H 5D 5C JK=5S / 5S 6S 7S")
    hand = cards("KC 2D 3D")
    by_cards = best_play(before, hand, by="cards")
    by_points = best_play(before, hand, by="points")
    assert by_cards is not None and by_points is not None
    assert format_cards(by_cards.played) == "2D 3D"
    assert format_cards(by_points.played) == "KC" and by_points.points_shed == 10
    assert_legal_play(before, hand, by_cards)
    assert_legal_play(before, hand, by_points)


def test_by_cards_ties_go_to_more_points() -> None:
    play = best_play(table("9C 10C JC / 2D 3D 4D"), cards("8C 5D QC"))
    assert play is not None and play.cards_played == 3


def test_best_play_hand_after_and_points() -> None:
    play = best_play(table("10C JC QC"), cards("KC 2S 3S"))
    assert play is not None
    assert format_cards(play.played) == "KC" and play.points_shed == 10
    assert format_cards(play.hand_after) == "2S 3S"


def test_suggest_finds_a_legal_table_for_the_same_cards() -> None:
    after = suggest(table("5H 6H 7H / 9S 9H 9D"), cards("8H 9C"))
    assert after is not None
    assert format_table(after) == "5H 6H 7H 8H / 9S 9H 9D 9C"


def test_suggest_keeps_jokers_declared() -> None:
    assert suggest(table("JK=QD QS QH"), cards("KD")) is None
    after = suggest(table("5H 6H 7H JK=8H"), cards("8H 9S 9D"))
    assert after is not None
    assert_legal_melds(after)


def test_tidy_output_order() -> None:
    result = arrange(cards("9S 9D 9H 3C 2C AC"))
    assert format_table(result.melds) == "AC 2C 3C / 9S 9H 9D"


# --- the oracle --------------------------------------------------------------------------

FREE = "free"  # an undeclared (or freed) joker in the oracle's bags
Bag = tuple[tuple[str, int], ...]


def meld_shapes(rules: Rules) -> list[tuple[Card, ...]]:
    """Every legal meld, as the cards it stands for (the 14-card run has two aces)."""
    shapes: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        for size in range(rules.min_meld, min(rules.max_group, 4) + 1):
            shapes.extend(tuple(Card(rank, s) for s in suits)
                          for suits in combinations(list(Suit), size))
    top = 14 if rules.ace_high else 13
    for suit in Suit:
        for low in range(1, top + 1):
            for high in range(low + rules.min_meld - 1, top + 1):
                shapes.append(tuple(Card(1 if p == 14 else p, suit)
                                    for p in range(low, high + 1)))
    return shapes


class Oracle:
    """Exhaustive search: cover the cards with meld shapes, a free joker filling any slot."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.shapes: dict[Card, list[tuple[Card, ...]]] = {}
        for shape in meld_shapes(rules):
            for card in set(shape):
                self.shapes.setdefault(card, []).append(shape)
        self.most_placed = lru_cache(maxsize=None)(self._most_placed)
        self.all_placed = lru_cache(maxsize=None)(self._all_placed)

    @staticmethod
    def bag(items: Counter[Card | str]) -> Bag:
        return tuple(sorted((k if isinstance(k, str) else f"{k.rank}{k.suit.value}", n)
                            for k, n in items.items() if n > 0))

    @staticmethod
    def items(bag: Bag) -> Counter[Card | str]:
        out: Counter[Card | str] = Counter()
        for key, n in bag:
            out[FREE if key == FREE else Card(int(key[:-1]), Suit(key[-1]))] = n
        return out

    def _all_placed(self, bag: Bag) -> bool:
        return not bag or any(self.all_placed(rest) for rest in self._covers(bag))

    def _most_placed(self, bag: Bag) -> int:
        if not bag:
            return 0
        items = self.items(bag)
        items[self._anchor(items)] -= 1
        best = self.most_placed(self.bag(items))  # the anchor stays out
        total = sum(n for _, n in bag)
        for rest in self._covers(bag):
            best = max(best, total - sum(n for _, n in rest) + self.most_placed(rest))
        return best

    @staticmethod
    def _anchor(items: Counter[Card | str]) -> Card | str:
        reals = [k for k, n in items.items() if n and isinstance(k, Card)]
        return min(reals, key=lambda c: (c.suit.order, c.rank)) if reals else FREE

    def _covers(self, bag: Bag) -> list[Bag]:
        """What is left after one meld holding the anchor card, in every way."""
        items = self.items(bag)
        anchor = self._anchor(items)
        if not isinstance(anchor, Card):  # only free jokers left: a meld of jokers
            return [self.bag(items - Counter({FREE: size}))
                    for size in range(self.rules.min_meld, items[FREE] + 1)]
        out: list[Bag] = []
        for shape in self.shapes[anchor]:
            slots = list(shape)
            slots.remove(anchor)
            start = items.copy()
            start[anchor] -= 1
            ways = [start]
            for slot in slots:
                ways = [w - Counter({use: 1}) for w in ways for use in (slot, FREE)
                        if w[use] > 0]
            out.extend(self.bag(w) for w in ways)
        return out


ORACLES = {rules.ace_high: Oracle(rules) for rules in (MANIPULATION_RUMMY, ACE_LOW)}


def oracle_bag(cards_: Sequence[AnyCard], fixed: bool = True) -> Bag:
    """A declared joker counts as its card (when ``fixed``); any other joker is free."""
    items: Counter[Card | str] = Counter()
    for c in cards_:
        rep = represented(c)
        items[FREE if rep is None or (isinstance(c, Joker) and not fixed) else rep] += 1
    return Oracle.bag(items)


def oracle_best_play(before: Sequence[Meld], hand: Sequence[AnyCard], by: str,
                     rules: Rules) -> tuple[int, int] | None:
    """(cards, points) of the best play, trying every subset of the hand."""
    oracle = ORACLES[rules.ace_high]
    start = [c for m in before for c in resolved(analyze_meld(m, rules))]
    best: tuple[int, int] | None = None
    for size in range(1, len(hand) + 1):
        for chosen in combinations(hand, size):
            real_end = {c for c in [*start, *chosen] if isinstance(c, Card)}
            on_table = [Joker() if isinstance(c, Joker) and c.declared in real_end else c
                        for c in start]
            bag = Counter(dict(oracle_bag(on_table))) + Counter(
                dict(oracle_bag(chosen, fixed=False)))
            if not oracle.all_placed(tuple(sorted(bag.items()))):
                continue
            value = (size, sum(card_points(c, rules) for c in chosen))
            if best is None or _order(value, by) > _order(best, by):
                best = value
    return best


def _order(value: tuple[int, int], by: str) -> tuple[int, int]:
    return value if by == "cards" else (value[1], value[0])


def test_the_oracle_itself() -> None:
    oracle = ORACLES[True]
    assert oracle.most_placed(oracle_bag(cards("7S 7H 7D 7S 7H 7C"))) == 6
    assert oracle.most_placed(oracle_bag(cards("KC AC 2C"))) == 0
    assert oracle.all_placed(oracle_bag(cards("QH KH AH AH 2H 3H")))
    assert not ORACLES[False].all_placed(oracle_bag(cards("QH KH AH")))


# --- the solver against the oracle -------------------------------------------------------

def window_cards(low: int, width: int, max_size: int) -> st.SearchStrategy[list[AnyCard]]:
    """Cards of a few neighbouring ranks (so melds are likely), two copies at most."""
    real = st.builds(Card, st.integers(low, min(13, low + width)), st.sampled_from(list(Suit)))
    joker = st.one_of(st.just(Joker()), st.builds(Joker, real))
    return st.lists(st.one_of(real, real, real, joker), max_size=max_size).filter(
        lambda cs: max(Counter(cs).values(), default=0) <= 2
        and sum(isinstance(c, Joker) for c in cs) <= 2)


@st.composite
def small_cards(draw: st.DrawFn) -> list[AnyCard]:
    low = draw(st.sampled_from([1, 1, 2, 6, 9, 10, 11]))
    return draw(window_cards(low, draw(st.integers(2, 5)), 11))


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[list[Meld], list[AnyCard]]:
    """A small legal table (melds from one rank window, maybe a joker in one) and a hand."""
    low = draw(st.sampled_from([1, 1, 2, 6, 9, 10, 11]))
    high = min(13, low + draw(st.integers(2, 4)))
    copies: Counter[Card] = Counter()
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 3))):
        suit = draw(st.sampled_from(list(Suit)))
        if draw(st.booleans()):
            start = draw(st.integers(low, max(low, min(high, 12))))
            meld = [Card(1 if r == 14 else r, suit) for r in range(start, start + 3)]
        else:
            rank = draw(st.integers(low, high))
            meld = [Card(rank, s) for s in draw(st.permutations(list(Suit)))[:3]]
        if any(copies[c] >= 2 for c in meld) or any(c.rank == 1 for c in meld[1:-1]):
            continue
        copies.update(meld)
        if draw(st.integers(0, 3)) == 0:
            i = draw(st.integers(0, 2))
            meld[i] = Joker(meld[i])  # type: ignore[call-overload]
        melds.append(tuple(meld))
    hand: list[AnyCard] = []
    for card in draw(st.lists(st.builds(Card, st.integers(low, high),
                                        st.sampled_from(list(Suit))), min_size=1, max_size=5)):
        if copies[card] < 2:
            copies[card] += 1
            hand.append(card)
    if draw(st.integers(0, 4)) == 0:
        hand.append(Joker())
    return melds, hand


RULE_SETS = st.sampled_from([MANIPULATION_RUMMY, ACE_LOW])


@contextmanager
def pruning(everywhere: bool, beam: int | None = -1) -> Iterator[None]:
    """Small positions make small layers, which the search does not prune for beaten
    states; ``everywhere`` prunes them too, after every card, so the oracle checks that
    pruning, and bounds every search with jokers by what the ranks above can still score
    (in small positions no layer grows large enough for that). ``beam`` sets how many
    states the quick first search keeps: 1 makes its play poor, so the exact search must
    find a better one; 0 leaves it out; None is the solver's own choice."""
    saved = (_tuning.SMALL_LAYER, _tuning.REGROWN, _tuning.BEAM,
             _tuning.BOUND_AFTER)
    if everywhere:
        _tuning.SMALL_LAYER, _tuning.REGROWN, _tuning.BOUND_AFTER = 2, 0, 0
    if beam != -1:
        _tuning.BEAM = beam
    try:
        yield
    finally:
        (_tuning.SMALL_LAYER, _tuning.REGROWN, _tuning.BEAM,
         _tuning.BOUND_AFTER) = saved


PRUNE_EVERYWHERE = st.booleans()
BEAMS = st.sampled_from([0, 1, 2, None])
BOUNDED = settings(max_examples=500, deadline=None,
                   suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@BOUNDED
@given(small_cards(), RULE_SETS, PRUNE_EVERYWHERE, BEAMS)
def test_r7_r9_arrange_places_as_many_cards_as_the_oracle(
    given_cards: list[AnyCard], rules: Rules, everywhere: bool, beam: int | None
) -> None:
    with pruning(everywhere, beam):
        result = arrange(given_cards, rules=rules)
    assert_arrangement(result, given_cards, rules)
    best = ORACLES[rules.ace_high].most_placed(oracle_bag(given_cards))
    assert len(given_cards) - len(result.unplaceable) == best, format_cards(given_cards)


@BOUNDED
@given(small_positions(), st.sampled_from(["cards", "points"]), RULE_SETS, PRUNE_EVERYWHERE,
       BEAMS)
def test_r10_r15_best_play_is_never_beaten_by_the_oracle(
    position: tuple[list[Meld], list[AnyCard]], by: str, rules: Rules, everywhere: bool,
    beam: int | None,
) -> None:
    before, hand = position
    with pruning(everywhere, beam):
        play = best_play(before, hand, by=by, rules=rules)  # type: ignore[arg-type]
    want = oracle_best_play(before, hand, by, rules)
    got = None if play is None else (play.cards_played, play.points_shed)
    assert got == want, (format_table(before), format_cards(hand))
    if play is not None:
        assert_legal_play(before, hand, play, rules)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(small_positions(), st.sampled_from(["cards", "points"]), RULE_SETS, PRUNE_EVERYWHERE,
       BEAMS)
def test_r13_both_jokers_in_play_best_play_matches_the_oracle(
    position: tuple[list[Meld], list[AnyCard]], by: str, rules: Rules, everywhere: bool,
    beam: int | None,
) -> None:
    """Both jokers of two decks in play, in the hand or declared on the table: the search
    that handles them (the budgets, the quick search, the aces kept for the top) agrees
    with the oracle."""
    before, hand = position
    on_table = sum(isinstance(c, Joker) for m in before for c in m)
    hand = [*hand, *[Joker()] * (2 - on_table - sum(isinstance(c, Joker) for c in hand))]
    with pruning(everywhere, beam):
        play = best_play(before, hand, by=by, rules=rules)  # type: ignore[arg-type]
    want = oracle_best_play(before, hand, by, rules)
    got = None if play is None else (play.cards_played, play.points_shed)
    assert got == want, (format_table(before), format_cards(hand))
    if play is not None:
        assert_legal_play(before, hand, play, rules)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(small_positions(), RULE_SETS, PRUNE_EVERYWHERE, BEAMS)
def test_r10_r14_suggest_finds_a_table_whenever_one_exists(
    position: tuple[list[Meld], list[AnyCard]], rules: Rules, everywhere: bool, beam: int | None
) -> None:
    before, played = position
    with pruning(everywhere, beam):
        after = suggest(before, played, rules=rules)
    start = [c for m in before for c in resolved(analyze_meld(m, rules))]
    real_end = {c for c in [*start, *played] if isinstance(c, Card)}
    freed = [Joker() if isinstance(c, Joker) and c.declared in real_end else c for c in start]
    bag = Counter(dict(oracle_bag(freed))) + Counter(dict(oracle_bag(played, fixed=False)))
    exists = ORACLES[rules.ace_high].all_placed(tuple(sorted(bag.items())))
    assert (after is not None) == exists, (format_table(before), format_cards(played))
    if after is not None:
        assert_legal_melds(after, rules)
        end = [c for m in after for c in m]
        assert Counter(c for c in end if isinstance(c, Card)) == Counter(
            c for c in [*start, *played] if isinstance(c, Card))


# --- larger positions: the pruning changes nothing -----------------------------------------

def medium_position(seed: int) -> tuple[list[Meld], list[AnyCard]]:
    """A table of about 20-30 cards in legal melds from two decks, a hand of 8, jokers."""
    import random

    rng = random.Random(seed)
    stock = Counter({Card(r, s): 2 for r in range(1, 14) for s in Suit})
    melds: list[Meld] = []
    while sum(len(m) for m in melds) < rng.randint(20, 30):
        suit = rng.choice(list(Suit))
        if rng.random() < 0.6:
            start = rng.randint(1, 11)
            meld = [Card(1 if r == 14 else r, suit)
                    for r in range(start, start + rng.choice((3, 3, 4, 5)))]
        else:
            meld = [Card(rng.randint(1, 13), s) for s in rng.sample(list(Suit), 3)]
            meld = [Card(meld[0].rank, c.suit) for c in meld]
        if all(stock[c] >= n for c, n in Counter(meld).items()):
            stock.subtract(meld)
            melds.append(tuple(meld))
    if rng.random() < 0.5:
        i = rng.randrange(len(melds))
        first = melds[i][0]
        assert isinstance(first, Card)
        melds[i] = (Joker(first), *melds[i][1:])
        stock[first] += 1
    pile = sorted(stock.elements(), key=lambda c: (c.suit.order, c.rank))
    rng.shuffle(pile)
    hand: list[AnyCard] = list(pile[:8])
    if rng.random() < 0.5:
        hand.append(Joker())
    return melds, hand


@pytest.mark.parametrize("seed", range(24))
def test_pruning_beaten_states_changes_no_answer(seed: int) -> None:
    before, hand = medium_position(seed)
    pruned = best_play(before, hand)
    saved = _tuning.SMALL_LAYER
    _tuning.SMALL_LAYER = 10**9
    try:
        unpruned = best_play(before, hand)
    finally:
        _tuning.SMALL_LAYER = saved
    assert (pruned is None) == (unpruned is None)
    if pruned is not None and unpruned is not None:
        assert (pruned.cards_played, pruned.points_shed) == (
            unpruned.cards_played, unpruned.points_shed), format_table(before)
        assert_legal_play(before, hand, pruned)


@pytest.mark.parametrize("seed", range(16))
def test_r13_the_bound_from_the_ranks_above_changes_no_answer(seed: int) -> None:
    """States with few jokers left are cut by what the ranks above can still score; with
    both jokers in the hand, the answer is the one found without that bound."""
    before, hand = medium_position(seed)
    jokers = sum(isinstance(c, Joker) for m in before for c in m)
    hand = [*hand, *[Joker()] * (2 - jokers - sum(isinstance(c, Joker) for c in hand))]
    saved = _tuning.BOUND_AFTER
    try:
        _tuning.BOUND_AFTER = 0
        bounded = best_play(before, hand)
        _tuning.BOUND_AFTER = 10**9
        unbounded = best_play(before, hand)
    finally:
        _tuning.BOUND_AFTER = saved
    assert (bounded is None) == (unbounded is None)
    if bounded is not None and unbounded is not None:
        assert (bounded.cards_played, bounded.points_shed) == (
            unbounded.cards_played, unbounded.points_shed), format_table(before)
        assert_legal_play(before, hand, bounded)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("limit", [0, 40])
def test_r13_a_bound_from_a_mirrored_search_cut_short_changes_no_answer(
        seed: int, limit: int) -> None:
    """The mirrored search for one joker left stops past a number of states; the ranks
    it reached keep their bound, the others none: the answer is the one found without
    any bound."""
    before, hand = medium_position(100 + seed)
    jokers = sum(isinstance(c, Joker) for m in before for c in m)
    hand = [*hand, *[Joker()] * (2 - jokers - sum(isinstance(c, Joker) for c in hand))]
    saved = _tuning.BOUND_AFTER, _tuning.MIRROR_LIMIT, _tuning.LIMIT_SCALE
    try:
        _tuning.BOUND_AFTER, _tuning.MIRROR_LIMIT, _tuning.LIMIT_SCALE = 0, limit, 0
        bounded = best_play(before, hand)
        _tuning.BOUND_AFTER = 10**9
        unbounded = best_play(before, hand)
    finally:
        _tuning.BOUND_AFTER, _tuning.MIRROR_LIMIT, _tuning.LIMIT_SCALE = saved
    assert (bounded is None) == (unbounded is None)
    if bounded is not None and unbounded is not None:
        assert (bounded.cards_played, bounded.points_shed) == (
            unbounded.cards_played, unbounded.points_shed), format_table(before)
        assert_legal_play(before, hand, bounded)


# --- the solver against an integer program, where one is installed ----------------------

def test_r7_r13_cards_played_equal_an_integer_program_on_the_benchmark_sets() -> None:
    """rummikub-solver (an integer program over every set, not a dependency: installed
    beside rummy for the benchmarks) plays as many cards as the hint on positions of the
    benchmark sets where the rules agree (ace only low, jokers in the hand only)."""
    pytest.importorskip("rummikub_solver")
    from benchmarks.bench_solver import HANDS, TABLES, cell_positions, ours, rummikub_backends
    from benchmarks.positions import adversarial

    cases = [p for hand in HANDS for table in TABLES for p in cell_positions(hand, table, 2)]
    cases += [adversarial(600_000 + i, ace_high=False, table_jokers=False) for i in range(10)]
    mine = ours(ACE_LOW)
    for name, theirs in rummikub_backends()[:1]:
        for p in cases:
            assert mine(p) == theirs(p), (name, p.seed, format_table(p.table),
                                          format_cards(p.hand))


def test_the_hill_climb_is_seeded_and_never_goes_down() -> None:
    """The adversarial generator: the same seed finds the same position, and a climb
    ends no lower (in states searched) than it starts."""
    import random

    from benchmarks.climb import _start, climb, states

    first = climb(seed=3, steps=4, most_hand=14)
    again = climb(seed=3, steps=4, most_hand=14)
    assert first.position == again.position and first.states == again.states
    start = states(_start(3, random.Random(3), 14))
    assert first.states >= start.states > 0
    assert len(first.position.hand) <= 14


def test_a_climb_goes_on_from_a_kept_position_never_lower() -> None:
    """``--from-kept``: a climb from a position kept before ends no lower than it."""
    from benchmarks.climb import climb, states
    from benchmarks.positions import CLIMBED

    kept = CLIMBED[-1]
    on = climb(seed=5, steps=2, most_hand=40, start=kept)
    assert on.states >= states(kept).states > 0
