"""The referee of one turn (R5, R6, R10-R15), and the public examples of turns.yaml."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.cards import (
    AnyCard,
    Card,
    Joker,
    Meld,
    Suit,
    Table,
    format_cards,
    parse_cards,
    parse_table,
)
from rummy_cli.errors import UnusableInputError
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY
from rummy_cli.games.manipulation.turn import TurnVerdict, judge_turn, validate_start

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples" / "turns.yaml"


def judge(before: str, hand: str, after: str, draws: int = 1, decks: int = 2) -> TurnVerdict:
    return judge_turn(parse_table(before), parse_cards(hand), parse_table(after),
                      draws=draws, decks=decks)


def codes(verdict: TurnVerdict) -> set[str]:
    return {v.code for v in verdict.violations}


def found(verdict: TurnVerdict) -> list[tuple[str, str]]:
    """(code, rule) of every violation, in the order reported."""
    return [(v.code, v.rule) for v in verdict.violations]


def messages(verdict: TurnVerdict) -> str:
    return "\n".join(v.message for v in verdict.violations)


# --- each violation code, with its rule ---------------------------------------------------

VIOLATIONS = [
    # (before, hand, after, draws, code, rule, words in the message)
    pytest.param("7H 8H 9H", "10H", "7H 8H 9H / 10H", 1, "illegal-meld", "R7",
                 "meld 2: a meld needs at least 3 cards", id="r10-short-meld"),
    pytest.param("7H 8H 9H", "10S", "7H 8H 9H 10S", 1, "illegal-meld", "R9",
                 "meld 1: 7H 8H 9H 10S mixes suits", id="r10-mixed-run"),
    pytest.param("QS QH QD", "QS", "QS QH QD QS", 1, "illegal-meld", "R8",
                 "QS appears twice", id="r10-identical-in-group"),
    pytest.param("QS QH QD", "KC AC 2C", "QS QH QD / KC AC 2C", 1, "illegal-meld", "R9",
                 "turns the corner", id="r10-corner"),
    pytest.param("QS QH QD", "5S 5H JK", "QS QH QD / 5S 5H JK", 1, "undeclared-joker", "R13",
                 "the joker could be 5D or 5C", id="r13-undeclared"),
    pytest.param("2S 3S 4S 5S", "6S", "3S 4S 5S 6S", 1, "card-removed", "R12b",
                 "2S was on the table before the turn and is not on it now", id="r12b-card"),
    pytest.param("7H 8H 9H JK=10H", "10H", "7H 8H 9H 10H", 1, "card-removed", "R15",
                 "a joker was on the table before the turn and is not on it now",
                 id="r15-joker-back-to-hand"),
    pytest.param("7H 8H 9H JK=10H", "2C", "7H 8H 9H JK=6H", 1, "joker-changed", "R14",
                 "a joker declared 10H now stands for another card, but no real 10H",
                 id="r14-redeclared"),
    pytest.param("7H 8H 9H", "2C", "7H 8H 9H 10H", 1, "not-in-hand", "R6",
                 "10H is new on the table but is not in the hand", id="r6-card"),
    pytest.param("7H 8H 9H", "10H", "7H 8H 9H 10H JK=JH", 1, "not-in-hand", "R6",
                 "a joker is new on the table but the hand holds none", id="r6-joker"),
    pytest.param("7H 8H 9H / 9S 9D 9C", "2C", "7H 8H / 9H 9S 9D 9C", 1, "nothing-played",
                 "R12a", "the table was rearranged but no card came from the hand",
                 id="r12a-rearranged-only"),
    pytest.param("7H 8H 9H", "10H", "7H 8H 9H 10H", 3, "meld-after-third-draw", "R5",
                 "drew a third card and may not meld", id="r5-third-draw"),
]


@pytest.mark.parametrize(("before", "hand", "after", "draws", "code", "rule", "words"),
                         VIOLATIONS)
def test_violation_code_and_rule(
    before: str, hand: str, after: str, draws: int, code: str, rule: str, words: str
) -> None:
    verdict = judge(before, hand, after, draws=draws)
    assert not verdict.legal
    assert not verdict.may_knock
    assert (code, rule) in found(verdict)
    message = next(v.message for v in verdict.violations if v.code == code)
    assert words in message


def test_all_seven_codes_are_covered() -> None:
    assert {p.values[4] for p in VIOLATIONS} == {
        "illegal-meld", "undeclared-joker", "card-removed", "joker-changed", "not-in-hand",
        "nothing-played", "meld-after-third-draw"}


def test_r10_illegal_meld_is_the_only_problem_of_a_bad_extension() -> None:
    verdict = judge("7H 8H 9H", "10S", "7H 8H 9H 10S")
    assert found(verdict) == [("illegal-meld", "R9")]
    assert verdict.played == (Card(10, Suit.SPADES),)


def test_every_violation_reported_at_once() -> None:
    verdict = judge("7H 8H 9H JK=10H / QS QH QD", "2C", "7H 8H 9H JK=6H / QS QH", draws=3)
    assert sorted(found(verdict)) == [
        ("card-removed", "R12b"),
        ("illegal-meld", "R7"),
        ("joker-changed", "R14"),
        ("meld-after-third-draw", "R5"),
        ("nothing-played", "R12a"),
    ]
    assert "QD was on the table" in messages(verdict)


def test_a_code_is_repeated_once_per_card() -> None:
    verdict = judge("7H 8H 9H", "JK", "7H 8H 9H 10H / 5S 5D JK")
    assert sorted(found(verdict)) == [
        ("not-in-hand", "R6"), ("not-in-hand", "R6"), ("not-in-hand", "R6"),
        ("undeclared-joker", "R13"),
    ]
    text = messages(verdict)
    for card in ("10H", "5S", "5D"):
        assert f"{card} is new on the table" in text


def test_r12a_nothing_played_when_new_card_came_from_nowhere() -> None:
    # 9H is new on the table, but it is not in the hand: no card came from the hand
    verdict = judge("5H 6H 7H 8H", "2C", "6H 7H 8H 9H")
    assert sorted(found(verdict)) == [
        ("card-removed", "R12b"), ("not-in-hand", "R6"), ("nothing-played", "R12a")]
    assert verdict.played == ()


@pytest.mark.parametrize(("before", "after", "said"), [
    ("7H 8H 9H", "7H 8H 9H 10H", "no card came from the hand (the cards new on the table are "
                                 "not in it): a meld adds at least one card from the hand"),
    ("7H 8H 9H", "7H 8H 9H JK=10H", "no card came from the hand (the cards new on the table"),
    ("7H 8H 9H 10H", "7H 8H 9H / 10H JH QH", "no card came from the hand (the cards new"),
    ("5H 6H 7H 8H 9H 10H", "5H 6H 7H / 8H 9H 10H", "the table was rearranged but no card "
                                                   "came from the hand"),
])
def test_r12a_says_what_happened_to_the_table(before: str, after: str, said: str) -> None:
    verdict = judge(before, "2C", after)
    assert ("nothing-played", "R12a") in found(verdict)
    assert said in messages(verdict)
    assert ("rearranged" in messages(verdict)) == ("rearranged" in said)


def test_r12a_a_card_from_the_hand_is_a_meld_even_beside_one_from_nowhere() -> None:
    verdict = judge("7H 8H 9H", "10H", "7H 8H 9H 10H JH")
    assert found(verdict) == [("not-in-hand", "R6")]


def test_r6_more_copies_than_the_hand_holds() -> None:
    verdict = judge("9S 9D 9C", "7H 8H", "9S 9D 9C / 7H 7H 8H")
    assert ("not-in-hand", "R6") in found(verdict)
    assert "7H is new on the table twice but the hand holds only one" in (
        messages(verdict))


# --- R5: draws and melding ---------------------------------------------------------------

@pytest.mark.parametrize("draws", [1, 2])
def test_r5_melding_after_the_first_or_second_draw_is_legal(draws: int) -> None:
    verdict = judge("7H 8H 9H", "10H", "7H 8H 9H 10H", draws=draws)
    assert verdict.legal


def test_r5_third_draw_without_melding_is_legal() -> None:
    verdict = judge("7H 8H 9H / QS QH QD", "10H", "QD QH QS / 9H 7H 8H", draws=3)
    assert verdict.legal
    assert not verdict.melded
    assert verdict.played == ()


def test_r5_third_draw_and_rearranging_is_melding() -> None:
    verdict = judge("2S 3S 4S 5S / 9D 9C 9H", "2H 2D", "3S 4S 5S / 9D 9C 9H / 2S 2H 2D",
                    draws=3)
    assert found(verdict) == [("meld-after-third-draw", "R5")]
    assert not judge("2S 3S 4S 5S / 9D 9C 9H", "2H 2D", "3S 4S 5S / 9D 9C 9H / 2S 2H 2D",
                     draws=2).violations


# --- no meld -----------------------------------------------------------------------------

@pytest.mark.parametrize(("before", "after"), [
    ("7H 8H 9H / QS QH QD", "7H 8H 9H / QS QH QD"),
    ("7H 8H 9H / QS QH QD", "QD QH QS / 9H 8H 7H"),
    ("JK=7H 8H 9H / QS QH JK=QD", "QS JK=QD QH / 9H JK=7H 8H"),
    ("empty", "empty"),
    # a forced joker is the same card with or without its declaration written out
    ("5H JK 7H", "5H JK=6H 7H"),
    ("5H JK=6H 7H", "7H JK 5H"),
])
def test_r5_turn_without_meld_is_legal(before: str, after: str) -> None:
    verdict = judge(before, "KS 2C", after)
    assert verdict.legal
    assert not verdict.melded
    assert verdict.played == ()
    assert verdict.hand_points == 12
    assert format_cards(verdict.hand_after) == "KS 2C"


# --- R11 first meld ----------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "after", "played"), [
    ("4D 5D 6D KC", "4D 5D 6D", "4D 5D 6D"),
    ("QS QH QD QC 2C", "QS QH QD QC", "QS QH QD QC"),
    ("7S 7D JK AC", "7S 7D JK=7H", "7S 7D JK"),
    ("4D 5D 6D 9C 9S 9H", "4D 5D 6D / 9C 9S 9H", "9S 9H 4D 5D 6D 9C"),
])
def test_r11_first_meld_onto_empty_table(hand: str, after: str, played: str) -> None:
    verdict = judge("", hand, after)
    assert verdict.legal
    assert verdict.melded
    assert format_cards(verdict.played) == played


@pytest.mark.parametrize(("hand", "after", "code"), [
    ("4D 5D KC", "4D 5D", "illegal-meld"),
    ("4D 5D KC", "4D 5D KC", "illegal-meld"),
    ("7S 7D JK", "7S 7D JK", "undeclared-joker"),
    ("4D 5D", "4D 5D 6D", "not-in-hand"),
])
def test_r11_first_meld_must_be_a_whole_legal_meld_from_the_hand(
    hand: str, after: str, code: str
) -> None:
    verdict = judge("", hand, after)
    assert not verdict.legal
    assert code in codes(verdict)


# --- R12: rearranging --------------------------------------------------------------------

@pytest.mark.parametrize(("before", "hand", "after", "expected"), [
    pytest.param("2S 3S 4S 5S", "2H 2D", "3S 4S 5S / 2S 2H 2D", set(),
                 id="borrow-from-a-long-run"),
    pytest.param("5C 6C 7C 8C 9C 10C", "7S 7H 4C", "4C 5C 6C / 7C 7S 7H / 8C 9C 10C", set(),
                 id="split-a-run"),
    pytest.param("7H 8H 9H / 7S 7D 7C", "10H JH", "8H 9H 10H JH / 7S 7D 7C 7H", set(),
                 id="move-a-card-between-melds"),
    pytest.param("5C 6C 7C 8C 9C", "7S 7H", "5C 6C / 7C 7S 7H / 8C 9C", {"illegal-meld"},
                 id="split-leaves-short-runs"),
    pytest.param("5C 6C 7C 8C 9C 10C", "7S 7H", "5C 6C JK=7C / 7C 7S 7H / 8C 9C 10C",
                 {"not-in-hand"}, id="joker-from-nowhere"),
])
def test_r12_rearrangement(before: str, hand: str, after: str, expected: set[str]) -> None:
    verdict = judge(before, hand, after)
    assert codes(verdict) == expected
    assert verdict.legal is (not expected)


def test_r12b_card_taken_back_names_the_card() -> None:
    verdict = judge("2S 3S 4S 5S / 9H 9D 9C", "6S", "3S 4S 5S 6S / 9H 9D 9C")
    assert found(verdict) == [("card-removed", "R12b")]
    assert verdict.violations[0].message == (
        "2S was on the table before the turn and is not on it now: "
        "a card may not go back to a hand")


def test_r12b_one_of_two_copies_taken_back() -> None:
    verdict = judge("7H 8H 9H / 7S 7D 7H", "10H", "7H 8H 9H 10H / 7S 7D JK=7C", decks=2)
    assert ("card-removed", "R12b") in found(verdict)
    assert ("not-in-hand", "R6") in found(verdict)


# --- R14, R15 jokers ---------------------------------------------------------------------

R15_BEFORE = "JK=9D 9S 9C / 7D 8D 9D 10D"


@pytest.mark.parametrize("decks", [1, 2])
def test_r15_example_real_card_frees_the_joker(decks: int) -> None:
    verdict = judge(R15_BEFORE, "JD", "JK=9H 9S 9C / 7D 8D 9D 10D JD", decks=decks)
    assert verdict.legal
    assert format_cards(verdict.played) == "JD"


def test_r14_joker_redeclared_without_real_card() -> None:
    # the RULES.md example under R15 with no real 9D on the table
    verdict = judge("JK=9D 9S 9C / 10D JD QD", "KD", "JK=9H 9S 9C / 10D JD QD KD")
    assert found(verdict) == [("joker-changed", "R14")]
    assert verdict.violations[0].message == (
        "a joker declared 9D now stands for another card, but no real 9D is on the table: "
        "a joker's card changes only when the real 9D replaces it")


def test_r14_a_bare_joker_that_could_still_be_its_card_is_only_undeclared() -> None:
    # 9D 10D JD JK: the joker may still mean QD (or 8D): declare it, nothing was changed
    verdict = judge("9D 10D JD JK=QD", "8H 9H 10H", "9D 10D JD JK / 8H 9H 10H")
    assert sorted(found(verdict)) == [("undeclared-joker", "R13")]


def test_r14_a_bare_joker_that_cannot_be_its_card_is_also_changed() -> None:
    # the joker that stood for QD now sits in 8H 9H JK (7H or 10H): it can no longer be QD
    verdict = judge("9D 10D JD JK=QD", "8H 9H", "9D 10D JD / 8H 9H JK")
    assert sorted(found(verdict)) == [("joker-changed", "R14"), ("undeclared-joker", "R13")]
    assert "a joker declared QD now stands for another card" in messages(verdict)


def test_r14_two_bare_jokers_account_for_two_changed_declarations_only_if_each_fits() -> None:
    before = "9D 10D JD JK=QD / 5C 6C JK=7C"
    hand = "8H 9H 8C"
    # one bare joker can be QD (or 8D), the other only 7H or 10H: 7C is still changed
    verdict = judge(before, hand, "9D 10D JD JK / 8H 9H JK / 5C 6C / 8C")
    assert ("joker-changed", "R14") in found(verdict)
    assert "a joker declared 7C now stands" in messages(verdict)
    assert "declared QD" not in messages(verdict)


def test_r14_real_card_from_the_hand_replaces_the_joker() -> None:
    verdict = judge("10D JD JK=QD", "QD KD", "10D JD QD KD JK=AD")
    assert verdict.legal
    assert format_cards(verdict.played) == "QD KD"


def test_r15_replaced_joker_must_be_used_again() -> None:
    verdict = judge("10D JD JK=QD", "QD KD", "10D JD QD KD")
    assert found(verdict) == [("card-removed", "R15")]


def test_r15_replaced_joker_left_in_a_bad_meld() -> None:
    verdict = judge("10D JD JK=QD", "QD KD", "10D JD QD KD / JK=9D")
    assert found(verdict) == [("illegal-meld", "R7")]


def test_r14_one_real_card_frees_every_joker_declared_as_it() -> None:
    before = "JK=9D 9S 9C / 7D 8D JK=9D 10D"
    verdict = judge(before, "9D JH QH", "JK=9H 9S 9C / 7D 8D 9D 10D / JH QH JK=KH")
    assert verdict.legal
    without = judge(before, "JH QH 2C", "JK=9H 9S 9C / 7D 8D 10D / JH QH JK=KH")
    assert found(without).count(("joker-changed", "R14")) == 2


def test_r14_jokers_trading_places_is_no_change() -> None:
    # two jokers are alike: only the declarations on the table count, not which joker is where
    before = "JK=7H 8H 9H / QS QD JK=QC"
    verdict = judge(before, "10H QH", "QH QS JK=QC QD / 8H 9H 10H JK=7H")
    assert verdict.legal
    moved = judge("JK=7H 8H 9H / QS QD JK=QC / 7S 7D 7C", "10H",
                  "JK=QC QS QD / 7S 7D 7C / 8H 9H 10H JK=7H")
    assert moved.legal


def test_r14_moving_a_joker_keeping_its_card_is_legal() -> None:
    verdict = judge("4S 5S JK=6S 7S 8S", "9S", "4S 5S JK=6S / 7S 8S 9S")
    assert verdict.legal


def test_r14_a_joker_may_stand_for_a_card_whose_copies_are_all_on_the_table() -> None:
    one_deck = judge("7H 8H 9H / 7S 7D 7C", "JK", "7H 8H 9H / 7S 7D 7C JK=7H", decks=1)
    assert one_deck.legal
    two_decks = judge("7H 8H 9H / 6H 7H 8H", "JK 7S 7D",
                      "7H 8H 9H / 6H 7H 8H / 7S 7D JK=7H", decks=2)
    assert two_decks.legal


@pytest.mark.parametrize(("before", "hand", "after"), [
    ("7S 7D 7H", "JK", "7S 7D 7H JK"),
    ("", "JK 5H 7H", "5H JK 7H"),
    ("QS KS AS", "JK", "QS KS AS JK"),
])
def test_r13_joker_from_the_hand_forced_by_its_meld_is_legal(
    before: str, hand: str, after: str
) -> None:
    verdict = judge(before, hand, after)
    assert verdict.legal
    assert format_cards(verdict.played) == ("JK" if before else "5H 7H JK")


# --- may_knock and hand_points (R16, R17) ------------------------------------------------

@pytest.mark.parametrize(("hand", "after", "legal", "points", "may_knock"), [
    ("JS 3C", "JC JD JH JS", True, 3, True),
    ("JS 3C 2D", "JC JD JH JS", True, 5, True),
    ("JS 3C 3D", "JC JD JH JS", True, 6, False),
    ("JS", "JC JD JH JS", True, 0, True),
    ("JS JK", "JC JD JH JS", True, 25, False),
    ("JS JK", "JC JD JH JS JK", False, 0, False),  # a group of 5
    ("JS 2C", "JC JD JH JS / JK=10C JK=QC 2C", False, 0, False),  # jokers not in hand
    ("4C", "JC JD JH", True, 4, False),  # no meld after one draw: draw again (R5)
    ("AC AD AH", "JC JD JH", True, 3, False),  # could meld, did not: draws again
])
def test_r17_may_knock_only_after_a_legal_turn_with_5_or_fewer_points(
    hand: str, after: str, legal: bool, points: int, may_knock: bool
) -> None:
    verdict = judge("JC JD JH", hand, after)
    assert verdict.legal is legal
    assert verdict.hand_points == points
    assert verdict.may_knock is may_knock


@pytest.mark.parametrize(("draws", "turn_over"), [(1, False), (2, False), (3, True)])
def test_r5_r17_no_meld_may_knock_only_after_the_third_draw(draws: int, turn_over: bool) -> None:
    verdict = judge("7H 8H 9H", "2C 3D", "7H 8H 9H", draws=draws)
    assert verdict.legal and not verdict.melded
    assert verdict.turn_over is turn_over
    assert verdict.may_knock is turn_over  # 5 points: a knock once the turn is over


def test_hand_after_lists_what_is_left() -> None:
    verdict = judge("JC JD JH", "JS JK 9C AD", "JC JD JH JS / JK=8C 9C 10C")
    assert "not-in-hand" in codes(verdict)
    verdict = judge("JC JD JH", "JS JK 9C 10C AD", "JC JD JH JS / JK=8C 9C 10C")
    assert verdict.legal
    assert format_cards(verdict.played) == "JS 9C 10C JK"
    assert format_cards(verdict.hand_after) == "AD"
    assert verdict.hand_points == 1
    assert verdict.may_knock


# --- unusable input ----------------------------------------------------------------------

@pytest.mark.parametrize(("before", "hand", "options", "says"), [
    ("7H 8H 9H", "7H 7H", {}, "7H appears 3 times, but 2 decks hold only 2"),
    ("7H 8H 9H", "7H", {"decks": 1}, "7H appears twice, but 1 deck holds only 1"),
    ("7H 8H 9H JK=10H", "JK", {"decks": 1}, "there are 2 jokers, but 1 deck holds only 1"),
    ("7H 8H 9H", "JK JK JK", {}, "there are 3 jokers, but 2 decks hold only 2"),
    ("7H 8H", "2C", {}, "the table before the turn is not legal: meld 1 (7H 8H)"),
    ("7H 8H 9H / KC AC 2C", "2C", {}, "meld 2 (KC AC 2C): KC AC 2C turns the corner"),
    ("5H 6H JK", "2C", {}, "the joker could be 4H or 7H"),
    ("7H 8H 9H", "JK=5S", {}, "JK=5S is in the hand: a joker in the hand has no declared card"),
    ("7H 8H 9H", "2C", {"draws": 0}, "draws must be 1 to 3, not 0"),
    ("7H 8H 9H", "2C", {"draws": 4}, "draws must be 1 to 3, not 4"),
    ("7H 8H 9H", "2C", {"decks": 0}, "decks must be 1 or 2, not 0"),
    ("7H 8H 9H", "2C", {"decks": 3}, "decks must be 1 or 2, not 3"),
])
def test_unusable_input_is_refused(
    before: str, hand: str, options: dict[str, int], says: str
) -> None:
    with pytest.raises(UnusableInputError) as err:
        judge(before, hand, before, **options)
    assert says in str(err.value)


def test_validate_start_accepts_a_legal_start() -> None:
    validate_start(parse_table("7H 8H 9H / 5S JK 7S"), parse_cards("JK 2C"), 2,
                   MANIPULATION_RUMMY)
    with pytest.raises(UnusableInputError, match="decks must be 1 or 2"):
        validate_start([], [], 3, MANIPULATION_RUMMY)


# --- the public examples -----------------------------------------------------------------

def _examples() -> list[Any]:
    if not EXAMPLES.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{EXAMPLES} not found"))]
    cases = yaml.safe_load(EXAMPLES.read_text())
    return [pytest.param(case, id=case["id"]) for case in cases]


def _melds(value: Any) -> Table:
    return [tuple(parse_cards(m)) for m in value or []]


@pytest.mark.parametrize("case", _examples())
def test_public_example(case: dict[str, Any]) -> None:
    before, after = _melds(case["before"]), _melds(case["after"])
    hand = parse_cards(case.get("hand") or "")
    options = {k: case[k] for k in ("draws", "decks") if k in case}
    if case["expect"] == "error":
        with pytest.raises(UnusableInputError):
            judge_turn(before, hand, after, **options)
        return
    verdict = judge_turn(before, hand, after, **options)
    assert verdict.legal is (case["expect"] == "legal")
    if not verdict.legal:
        assert codes(verdict) == set(case["codes"])
    for key in ("hand_points", "may_knock"):
        if key in case:
            assert getattr(verdict, key) == case[key]


# --- properties --------------------------------------------------------------------------

SUITS = list(Suit)


@st.composite
def legal_turns(draw: st.DrawFn) -> tuple[Table, list[AnyCard], Table]:
    """A legal turn from one deck: some melds were on the table, the others come from the hand.

    Sometimes one card of a meld is a declared joker; the hand also holds cards it keeps.
    """
    used: set[Card] = set()
    melds: list[list[AnyCard]] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            suit = draw(st.sampled_from(SUITS))
            size = draw(st.integers(3, 6))
            start = draw(st.integers(1, 15 - size))  # position 14 is the high ace
            cards = [Card(1 if p == 14 else p, suit) for p in range(start, start + size)]
        else:
            rank = draw(st.integers(1, 13))
            chosen = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4, unique=True))
            cards = [Card(rank, s) for s in chosen]
        if used.isdisjoint(cards):
            used.update(cards)
            melds.append(list(cards))
    if draw(st.booleans()):
        meld = draw(st.sampled_from(melds))
        i = draw(st.integers(0, len(meld) - 1))
        real = meld[i]
        assert isinstance(real, Card)
        meld[i] = Joker(real)
        used.discard(real)
    on_table = draw(st.integers(0, len(melds)))
    before: Table = [tuple(m) for m in melds[:on_table]]
    after: Table = [tuple(m) for m in melds]
    played = [Joker() if isinstance(c, Joker) else c for m in melds[on_table:] for c in m]
    spare = [c for c in (Card(r, s) for s in SUITS for r in range(1, 14)) if c not in used]
    kept = draw(st.lists(st.sampled_from(spare), max_size=4, unique=True))
    return before, played + kept, after


def _shuffled(table: Table, rnd: random.Random) -> Table:
    melds = [list(m) for m in table]
    for m in melds:
        rnd.shuffle(m)
    rnd.shuffle(melds)
    return [tuple(m) for m in melds]


@settings(max_examples=100)
@given(legal_turns(), st.randoms(use_true_random=False))
def test_r10_legal_turn_stays_legal_in_any_order(
    turn: tuple[Table, list[AnyCard], Table], rnd: random.Random
) -> None:
    before, hand, after = turn
    verdict = judge_turn(before, hand, after, decks=1)
    assert verdict.legal, messages(verdict)
    again = judge_turn(_shuffled(before, rnd), hand, _shuffled(after, rnd), decks=1)
    assert again.legal, messages(again)
    assert again.played == verdict.played
    assert again.hand_after == verdict.hand_after
    assert again.melded is verdict.melded


LEGAL_EXAMPLES = [
    (R15_BEFORE, "JD", "JK=9H 9S 9C / 7D 8D 9D 10D JD"),
    ("10D JD JK=QD", "QD KD", "10D JD QD KD JK=AD"),
    ("2S 3S 4S 5S", "2H 2D", "3S 4S 5S / 2S 2H 2D"),
    ("JK=9D 9S 9C / 7D 8D JK=9D 10D", "9D JH QH", "JK=9H 9S 9C / 7D 8D 9D 10D / JH QH JK=KH"),
    ("5C 6C 7C 8C 9C 10C", "7S 7H 4C", "4C 5C 6C / 7C 7S 7H / 8C 9C 10C"),
    ("5H JK 7H / QS QD QC", "8H", "5H JK 7H 8H / QC QS QD"),
]


@settings(max_examples=100)
@given(st.sampled_from(LEGAL_EXAMPLES), st.randoms(use_true_random=False))
def test_r10_rearrangements_stay_legal_in_any_order(
    turn: tuple[str, str, str], rnd: random.Random
) -> None:
    before, hand, after = (parse_table(turn[0]), parse_cards(turn[1]), parse_table(turn[2]))
    assert judge_turn(before, hand, after).legal
    verdict = judge_turn(_shuffled(before, rnd), hand, _shuffled(after, rnd))
    assert verdict.legal, messages(verdict)


@settings(max_examples=100)
@given(legal_turns().filter(lambda t: bool(t[0])), st.data())
def test_r12b_removing_any_table_card_is_card_removed(
    turn: tuple[Table, list[AnyCard], Table], data: st.DataObject
) -> None:
    before, hand, after = turn
    m = data.draw(st.integers(0, len(before) - 1))  # the table's melds come first in after
    meld: Meld = after[m]
    i = data.draw(st.integers(0, len(meld) - 1))
    gone = meld[i]
    cut = [*after[:m], meld[:i] + meld[i + 1:], *after[m + 1:]]
    verdict = judge_turn(before, hand, cut, decks=1)
    assert "card-removed" in codes(verdict)
    removed = [v for v in verdict.violations if v.code == "card-removed"]
    if isinstance(gone, Joker):
        assert [v.rule for v in removed] == ["R15"]
        assert removed[0].message.startswith("a joker was on the table")
    else:
        assert [v.rule for v in removed] == ["R12b"]
        assert removed[0].message.startswith(f"{gone} was on the table")
