"""Is one meld a legal group or sequence (R7-R9), and are its jokers declared (R13)?"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.cards import AnyCard, Card, Suit, format_cards, parse_cards, represented
from rummy_cli.melds import MeldVerdict, analyze_meld

HEARTS_A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


def meld(text: str) -> MeldVerdict:
    return analyze_meld(parse_cards(text))


def problem_of(verdict: MeldVerdict) -> tuple[str, str, str]:
    """The meld's one problem as (code, rule, message)."""
    assert len(verdict.problems) == 1, verdict.problems
    p = verdict.problems[0]
    return p.code, p.rule, p.message


# --- legal melds -------------------------------------------------------------------------

LEGAL = [
    # (cards, kind, forced cards of undeclared jokers)
    pytest.param("8S 8H 8D", "group", "", id="r8-group-of-3"),
    pytest.param("QS QH QD QC", "group", "", id="r8-group-of-4"),
    pytest.param("QS QH QD JK=QC", "group", "", id="r8-group-with-declared-joker"),
    pytest.param("AS AH AC", "group", "", id="r8-group-of-aces"),
    pytest.param("9H 10H JH", "run", "", id="r9-run"),
    pytest.param("AH 2H 3H", "run", "", id="r9-ace-low"),
    pytest.param("QH KH AH", "run", "", id="r9-ace-high"),
    pytest.param("10C JC QC KC AC", "run", "", id="r9-long-run-ace-high"),
    pytest.param("7H JK=8H 9H", "run", "", id="r13-declared-joker-inside"),
    pytest.param("JK=AS 2S 3S", "run", "", id="r13-joker-declared-low-ace"),
    pytest.param("QS KS JK=AS", "run", "", id="r13-joker-declared-high-ace"),
    pytest.param("JK=5D JK=6D 7D", "run", "", id="r13-two-declared-jokers"),
    pytest.param(HEARTS_A_TO_K, "run", "", id="r9-ace-to-king"),
    pytest.param(HEARTS_A_TO_K + " AH", "run", "", id="r9-two-deck-14-card-run"),
    pytest.param(HEARTS_A_TO_K + " JK=AH", "run", "", id="r9-14-card-run-joker-ace"),
    # R13 (D): an undeclared joker whose card the meld forces
    pytest.param("5H JK 7H", "run", "6H", id="r13-forced-middle"),
    pytest.param("AH 2H JK", "run", "3H", id="r13-forced-after-low-ace"),
    pytest.param("AH KH JK", "run", "QH", id="r13-forced-before-high-ace"),
    pytest.param("7S 7D 7H JK", "group", "7C", id="r13-forced-fourth-suit"),
    pytest.param("JK 2S 3S JK 5S JK 7S 8S 9S 10S JS QS KS", "run", "AS 4S 6S",
                 id="r13-three-forced-jokers"),
    pytest.param(HEARTS_A_TO_K + " JK", "run", "AH", id="r13-forced-second-ace"),
    pytest.param("JK 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "run", "AH AH",
                 id="r13-forced-both-aces"),
]


@pytest.mark.parametrize(("cards", "kind", "forced"), LEGAL)
def test_r7_r9_r13_legal_meld(cards: str, kind: str, forced: str) -> None:
    verdict = meld(cards)
    assert verdict.legal
    assert verdict.problems == ()
    assert verdict.kind == kind
    assert sorted(verdict.forced) == sorted(parse_cards(forced))


def test_r13_forced_joker_shown_with_its_card_in_order() -> None:
    assert format_cards(meld("7H JK 5H").ordered) == "5H JK=6H 7H"
    assert format_cards(meld("KH JK AH").ordered) == "JK=QH KH AH"
    assert format_cards(meld("JK 7D 7H 7S").ordered) == "7S 7H 7D JK=7C"


def test_r9_two_deck_run_shows_one_ace_low_and_one_high() -> None:
    verdict = meld("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH")
    assert format_cards(verdict.ordered) == HEARTS_A_TO_K + " AH"


# --- R7 too short ------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "says"), [
    ("7H 8H", "only 2: 7H 8H"),
    ("8S 8H", "only 2: 8S 8H"),
    ("JK=7H 8H", "only 2: JK=7H 8H"),
    ("AS", "only 1: AS"),
    ("", "no cards"),
])
def test_r7_meld_too_short(cards: str, says: str) -> None:
    code, rule, message = problem_of(meld(cards))
    assert (code, rule) == ("illegal-meld", "R7")
    assert message == f"a meld needs at least 3 cards; this one has {says}"


def test_r7_neither_group_nor_run() -> None:
    code, rule, message = problem_of(meld("7H 7S 8H"))
    assert (code, rule) == ("illegal-meld", "R7")
    assert "is neither a group" in message


# --- R8 groups ---------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "says"), [
    ("7S 7H 7D 7C JK", "a group has at most 4 cards (one of each suit); 7S 7H 7D 7C JK has 5"),
    ("7S 7H 7D 7C 7S", "a group has at most 4 cards"),
])
def test_r8_group_of_five_rejected(cards: str, says: str) -> None:
    verdict = meld(cards)
    assert not verdict.legal
    assert verdict.kind == "group"
    assert {(p.code, p.rule) for p in verdict.problems} == {("illegal-meld", "R8")}
    assert any(says in p.message for p in verdict.problems)


@pytest.mark.parametrize(("cards", "same"), [
    ("8S 8S 8H", "8S appears twice"),
    ("8S 8H 8D 8S", "8S appears twice"),
    ("8S JK=8S 8H", "8S and JK=8S are both 8S"),
    ("QS QH JK=QH", "QH and JK=QH are both QH"),
    ("8S 8S JK=8S 8H", "8S, 8S and JK=8S are all 8S"),
])
def test_r8_group_rejects_two_identical_cards(cards: str, same: str) -> None:
    verdict = meld(cards)
    code, rule, message = problem_of(verdict)
    assert (code, rule) == ("illegal-meld", "R8")
    assert message.startswith(same)
    assert "at most one card of each suit" in message


def test_r8_group_mixing_ranks_names_them() -> None:
    code, rule, message = problem_of(meld("7S 8H 7D"))
    assert (code, rule) == ("illegal-meld", "R8")
    assert message == "7S 8H 7D mixes ranks (7 and 8): a group is all one rank"


# --- R9 runs -----------------------------------------------------------------------------

@pytest.mark.parametrize("cards", ["KC AC 2C", "QC KC AC 2C", "KC AC 2C 3C", "KC JK=AC 2C",
                                   "JK=KC AC 2C"])
def test_r9_run_may_not_turn_the_corner(cards: str) -> None:
    code, rule, message = problem_of(meld(cards))
    assert (code, rule) == ("illegal-meld", "R9")
    assert message == (f"{cards} turns the corner: an ace is low (A-2-3) or high (Q-K-A), "
                       "never both")


@pytest.mark.parametrize(("cards", "missing"), [
    ("5H 7H 8H", "6H is missing"),
    ("5H 6H 9H", "7H and 8H are missing"),
    ("2S 3S 5S 6S", "4S is missing"),
    ("AD 2D 4D", "3D is missing"),
    ("JD QD AD", "KD is missing"),
    ("5H JK 8H", "6H and 7H are missing"),
])
def test_r9_run_with_a_gap_names_the_missing_card(cards: str, missing: str) -> None:
    code, rule, message = problem_of(meld(cards))
    assert (code, rule) == ("illegal-meld", "R9")
    assert message.startswith(f"{cards} has a gap")
    assert missing in message


def test_r9_gap_message_counts_the_jokers_that_cannot_fill_it() -> None:
    assert "there is no undeclared joker to fill it" in problem_of(meld("5H 6H 9H"))[2]
    assert "there is only 1 undeclared joker to fill it" in problem_of(meld("5H JK 9H"))[2]
    assert "there are only 2 undeclared jokers to fill it" in problem_of(meld("2H JK JK 9H"))[2]


def test_r9_two_gaps_are_named_as_gaps() -> None:
    assert problem_of(meld("7H 9H JH"))[2] == (
        "7H 9H JH has gaps: 8H and 10H are missing, and there is no undeclared joker to fill "
        "them")


@pytest.mark.parametrize(("cards", "suits", "odd"), [
    ("7H 8S 9H", "hearts and spades", "8S is a spade in a hearts run"),
    ("7H 8H 9H 10D", "hearts and diamonds", "10D is a diamond in a hearts run"),
    ("5H JK=6S 7H", "hearts and spades", "JK=6S is declared a spade in a hearts run"),
    ("2C 3C 4D 5C", "clubs and diamonds", "4D is a diamond in a clubs run"),
    ("7H 8D 9S 10H", "hearts, diamonds and spades",
     "8D is a diamond and 9S is a spade in a hearts run"),
])
def test_r9_run_mixing_suits_names_the_suits(cards: str, suits: str, odd: str) -> None:
    code, rule, message = problem_of(meld(cards))
    assert (code, rule) == ("illegal-meld", "R9")
    assert message.startswith(f"{cards} mixes suits ({suits}): {odd}")
    assert message.endswith("a run is all one suit")


@pytest.mark.parametrize("cards", ["7H 8D 9S", "7H 8H 9S 10S"])
def test_r9_run_mixing_suits_evenly_names_no_odd_card(cards: str) -> None:
    message = problem_of(meld(cards))[2]
    assert message.endswith("): a run is all one suit") and " is a " not in message


def test_r9_run_may_not_repeat_a_card() -> None:
    code, rule, message = problem_of(meld("7H 8H 8H 9H"))
    assert (code, rule) == ("illegal-meld", "R9")
    assert message == "8H appears twice: a run has each rank once"


def test_r9_two_aces_need_the_whole_ace_to_king_run() -> None:
    verdict = meld("AH 2H 3H QH KH AH")
    assert not verdict.legal
    assert ("illegal-meld", "R9") in {(p.code, p.rule) for p in verdict.problems}


def test_r9_fifteen_card_run_rejected() -> None:
    cards = HEARTS_A_TO_K + " AH 2H"
    verdict = meld(cards)
    assert not verdict.legal
    assert {(p.code, p.rule) for p in verdict.problems} == {("illegal-meld", "R9")}
    assert f"a run has at most 14 cards; {cards} has 15" in [p.message for p in verdict.problems]


def test_r9_fifteen_card_run_with_a_joker_rejected() -> None:
    verdict = meld(HEARTS_A_TO_K + " AH JK")
    assert not verdict.legal
    # the two aces are right for 14 cards: only the length is wrong
    assert [p.message for p in verdict.problems] == [
        f"a run has at most 14 cards; {HEARTS_A_TO_K} AH JK has 15"]


# --- R13 undeclared jokers ---------------------------------------------------------------

@pytest.mark.parametrize(("cards", "options"), [
    ("5H 6H JK", "4H or 7H"),
    ("7S 7D JK", "7H or 7C"),
    ("QH KH JK", "JH or AH"),
    ("7H 8H 9H 10H JK", "6H or JH"),
    ("5S JK 7S JK", "4S or 6S or 8S"),
])
def test_r13_ambiguous_undeclared_joker(cards: str, options: str) -> None:
    verdict = meld(cards)
    code, rule, message = problem_of(verdict)
    assert (code, rule) == ("undeclared-joker", "R13")
    assert f"the joker could be {options}: declare it" in message
    assert verdict.forced == ()


@pytest.mark.parametrize("cards", ["7H JK JK", "JK JK JK", "JK JK JK JK"])
def test_r13_mostly_jokers_need_declarations(cards: str) -> None:
    code, rule, message = problem_of(meld(cards))
    assert (code, rule) == ("undeclared-joker", "R13")
    assert "declare" in message


@pytest.mark.parametrize(("cards", "jokers"), [
    ("5H JK 7H", "JK=6H"), ("AH 2H JK", "JK=3H"), ("AH KH JK", "JK=QH"),
    ("7S 7D 7H JK", "JK=7C"),
])
def test_r13_declared_as_the_forced_card_is_legal_too(cards: str, jokers: str) -> None:
    verdict = meld(cards.replace("JK", jokers))
    assert verdict.legal
    assert verdict.forced == ()


# --- order does not matter ---------------------------------------------------------------

LEGAL_TEXTS = [str(p.values[0]) for p in LEGAL]


@settings(max_examples=200)
@given(st.sampled_from(LEGAL_TEXTS).flatmap(
    lambda text: st.permutations(parse_cards(text)).map(lambda cards: (text, cards))))
def test_r7_every_order_of_a_legal_meld_is_legal(case: tuple[str, list[AnyCard]]) -> None:
    text, cards = case
    original = meld(text)
    shuffled = analyze_meld(cards)
    assert shuffled.legal
    assert shuffled.kind == original.kind
    assert sorted(shuffled.forced) == sorted(original.forced)
    # the same display order (a real ace and a joker declared as an ace may swap ends)
    assert [represented(c) for c in shuffled.ordered] == [
        represented(c) for c in original.ordered]


@st.composite
def legal_runs_and_groups(draw: st.DrawFn) -> list[AnyCard]:
    suits = list(Suit)
    if draw(st.booleans()):
        suit = draw(st.sampled_from(suits))
        size = draw(st.integers(3, 13))
        start = draw(st.integers(1, 15 - size))  # position 14 is the high ace
        cards: list[AnyCard] = [Card(1 if p == 14 else p, suit)
                                for p in range(start, start + size)]
    else:
        rank = draw(st.integers(1, 13))
        chosen = draw(st.lists(st.sampled_from(suits), min_size=3, max_size=4, unique=True))
        cards = [Card(rank, s) for s in chosen]
    return draw(st.permutations(cards))


@settings(max_examples=200)
@given(legal_runs_and_groups())
def test_r8_r9_every_run_and_group_in_any_order_is_legal(cards: list[AnyCard]) -> None:
    verdict = analyze_meld(cards)
    assert verdict.legal, [p.message for p in verdict.problems]
    ranks = {c.rank for c in cards if isinstance(c, Card)}
    assert verdict.kind == ("group" if len(ranks) == 1 else "run")
