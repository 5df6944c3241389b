"""The card notation of INTERFACE.md, card points (R16) and card copies (R2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.cards import (
    ALL_CARDS,
    AnyCard,
    Card,
    Joker,
    Suit,
    card_key,
    check_copies,
    format_cards,
    format_table,
    parse_card,
    parse_cards,
    parse_table,
)
from rummy_cli.errors import NotationError
from rummy_cli.games.manipulation.scoring import card_points, hand_points

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
EVERY_CARD_AND_JOKER: list[AnyCard] = [*ALL_CARDS, Joker(), *(Joker(c) for c in ALL_CARDS)]


# --- reading cards -----------------------------------------------------------------------

RANK_TEXTS = [("A", 1), *((str(n), n) for n in range(2, 11)), ("T", 10),
              ("J", 11), ("Q", 12), ("K", 13)]


@pytest.mark.parametrize(("text", "rank"), RANK_TEXTS, ids=[t for t, _ in RANK_TEXTS])
@pytest.mark.parametrize(("letter", "symbol", "suit"), [
    ("S", "♠", S), ("H", "♥", H), ("D", "♦", D), ("C", "♣", C)])
def test_notation_every_rank_and_suit(
    text: str, rank: int, letter: str, symbol: str, suit: Suit
) -> None:
    expected = Card(rank, suit)
    assert parse_card(text + letter) == expected
    assert parse_card(text.lower() + letter.lower()) == expected
    assert parse_card(text + symbol) == expected


@pytest.mark.parametrize(("token", "expected"), [
    ("AS", Card(1, S)),
    ("10h", Card(10, H)),
    ("Td", Card(10, D)),
    ("tD", Card(10, D)),
    ("Q♣", Card(12, C)),
    ("q♣", Card(12, C)),
    ("kH", Card(13, H)),
    (" 7h ", Card(7, H)),
    ("JK", Joker()),
    ("jk", Joker()),
    ("JOKER", Joker()),
    ("Joker", Joker()),
    ("JK=7H", Joker(Card(7, H))),
    ("jk=10h", Joker(Card(10, H))),
    ("JOKER=td", Joker(Card(10, D))),
    ("JK=Q♣", Joker(Card(12, C))),
    ("jk=as", Joker(Card(1, S))),
])
def test_notation_examples(token: str, expected: AnyCard) -> None:
    assert parse_card(token) == expected


def test_notation_jack_of_clubs_is_not_a_joker() -> None:
    assert parse_card("JC") == Card(11, C)
    assert parse_card("JK") == Joker()


@pytest.mark.parametrize(("token", "message"), [
    ("1H", "'1H' is not a card: an ace is written A, e.g. AH"),
    ("11h", "'11h' is not a card: a jack is written J, e.g. JH"),
    ("13S", "'13S' is not a card: a king is written K, e.g. KS"),
    ("H7", "'H7' is not a card: the rank comes first, e.g. 7H"),
    ("7H;8H", "'7H;8H' is not a card: cards are separated by spaces or commas, e.g. 7H 8H 9H or "
              "7H,8H,9H"),
    ("JK=1H", "'JK=1H' is not a card: an ace is written A, e.g. JK=AH"),
    ("7X", "'7X' is not a card: a card is a rank (A, 2-10, J, Q, K) and a suit (S, H, D, C), "
           "e.g. 10H or QS"),
])
def test_notation_message_explains_the_notation(token: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(token)
    assert str(err.value) == message


@pytest.mark.parametrize(("token", "explains"), [
    ("1H", "is not a card"),
    ("11H", "is not a card"),
    ("0S", "is not a card"),
    ("7X", "is not a card"),
    ("H7", "is not a card"),
    ("7", "is not a card"),
    ("10", "is not a card"),
    ("AHH", "is not a card"),
    ("", "is not a card"),
    ("JK=", "say which card the joker stands for"),
    ("JK=JK", "a joker stands for a real card"),
    ("JOKER=JOKER", "a joker stands for a real card"),
    ("JK=1H", "is not a card"),
    ("JK=7", "is not a card"),
    ("7H=8H", "only a joker carries '='"),
    ("=7H", "only a joker carries '='"),
])
def test_notation_bad_token_quotes_it_and_explains(token: str, explains: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(token)
    message = str(err.value)
    assert message.startswith(repr(token))
    assert explains in message


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'ZZ' is not a card"):
        parse_card("ZZ")


@pytest.mark.parametrize("text", [
    "7H 8H 9H", "7H,8H,9H", "7H, 8H ,9H", " 7h\t8h\n9h ", "7H,,8H  9H,", ["7H 8H", "9H"],
    ["7H", "8H", "9H"],
])
def test_notation_card_lists_split_on_spaces_and_commas(text: str | list[str]) -> None:
    assert parse_cards(text) == [Card(7, H), Card(8, H), Card(9, H)]


@pytest.mark.parametrize("text", ["7\u2665\ufe0f 8\u2665\ufe0f", "7H\u200b 8H",
                                  "\ufeff7H 8H", "7H \u200b 8H"])
def test_notation_ignores_invisible_characters_phones_and_copy_paste_add(text: str) -> None:
    assert parse_cards(text) == [Card(7, H), Card(8, H)]


def test_notation_a_zero_width_space_between_cards_separates_them() -> None:
    assert parse_cards("7H\u200b8H\u20609H") == [Card(7, H), Card(8, H), Card(9, H)]


def test_notation_a_rank_without_suit_says_so() -> None:
    with pytest.raises(NotationError, match="'10' is not a card: it has no suit"):
        parse_cards("10 J Q")


def test_notation_a_very_long_token_is_quoted_short() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("A" * 100_000 + "H")
    assert len(str(info.value)) < 200 and "(100001 characters)" in str(info.value)


def test_notation_empty_card_list() -> None:
    assert parse_cards("") == []
    assert parse_cards(" , ") == []


def test_notation_bad_card_in_a_list_is_quoted() -> None:
    with pytest.raises(NotationError, match=r"^'1H' is not a card"):
        parse_cards("7H 1H 9H")


@pytest.mark.parametrize("text", ["7H 8H 9H / QS QH QD", "7H | 8H"])
def test_notation_card_list_refuses_a_table(text: str) -> None:
    with pytest.raises(NotationError, match="separates melds of a table"):
        parse_cards(text)


@pytest.mark.parametrize("text", [
    "7H 8H 9H / QS QH QD JK=QC",
    "7H 8H 9H | QS QH QD JK=QC",
    "7h,8h,9h/qs,qh,qd,jk=qc",
    " 7H 8H 9H / QS QH QD JK=QC / ",
])
def test_notation_table_melds_split_on_slash_or_bar(text: str) -> None:
    assert parse_table(text) == [
        (Card(7, H), Card(8, H), Card(9, H)),
        (Card(12, S), Card(12, H), Card(12, D), Joker(Card(12, C))),
    ]


@pytest.mark.parametrize("text", ["", "   ", "empty", "EMPTY", "none", "[]"])
def test_notation_empty_table(text: str) -> None:
    assert parse_table(text) == []


def test_notation_bad_card_in_a_table_is_quoted() -> None:
    with pytest.raises(NotationError, match=r"^'QX' is not a card"):
        parse_table("7H 8H 9H / QS QX QD")


# --- writing cards -----------------------------------------------------------------------

@pytest.mark.parametrize(("card", "text"), [
    (Card(1, S), "AS"),
    (Card(10, H), "10H"),
    (Card(11, D), "JD"),
    (Card(13, C), "KC"),
    (Joker(), "JK"),
    (Joker(Card(7, H)), "JK=7H"),
    (Joker(Card(10, S)), "JK=10S"),
])
def test_format_card(card: AnyCard, text: str) -> None:
    assert str(card) == text


def test_format_cards_and_tables() -> None:
    assert format_cards(parse_cards("td, jk=qc q♣")) == "10D JK=QC QC"
    assert format_table(parse_table("7h 8h 9h | QS QH QD JK=QC")) == (
        "7H 8H 9H / QS QH QD JK=QC")
    assert format_table([]) == "empty"
    assert parse_table(format_table([])) == []


@pytest.mark.parametrize("card", EVERY_CARD_AND_JOKER, ids=str)
def test_format_then_parse_is_the_same_card_for_every_card(card: AnyCard) -> None:
    assert parse_card(str(card)) == card


any_card = st.sampled_from(EVERY_CARD_AND_JOKER)


@settings(max_examples=150)
@given(st.lists(st.lists(any_card, min_size=1, max_size=6), max_size=5))
def test_format_then_parse_is_the_same_table(table: list[list[AnyCard]]) -> None:
    melds = [tuple(m) for m in table]
    assert parse_table(format_table(melds)) == melds
    for meld in melds:
        assert parse_cards(format_cards(meld)) == list(meld)


# --- sort order --------------------------------------------------------------------------

def test_sort_order_suits_then_ranks_jokers_after_their_card_bare_jokers_last() -> None:
    cards = parse_cards("JK 2C JK=7H KS AS 7H 10D AH JK=AS")
    assert format_cards(sorted(cards)) == "AS JK=AS KS AH 7H JK=7H 10D 2C JK"
    assert format_cards(sorted(cards, key=card_key)) == format_cards(sorted(cards))


@settings(max_examples=150)
@given(st.lists(any_card, max_size=20), st.randoms(use_true_random=False))
def test_sort_order_does_not_depend_on_the_input_order(
    cards: list[AnyCard], rnd: random.Random
) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    ordered = sorted(cards)
    assert sorted(shuffled) == ordered
    assert sorted(ordered) == ordered
    keys = [card_key(c) for c in ordered]
    assert keys == sorted(keys)


def test_cards_are_hashable_values() -> None:
    assert len({parse_card("7h"), parse_card("7H"), parse_card("7♥")}) == 1
    assert len({parse_card("JK=7H"), parse_card("joker=7h")}) == 1
    assert parse_card("JK=7H") != parse_card("7H")
    assert parse_card("JK") != parse_card("JK=7H")


# --- R16 card points ---------------------------------------------------------------------

@pytest.mark.parametrize(("token", "points"), [
    ("JK", 25), ("JK=7H", 25), ("KS", 10), ("QH", 10), ("JD", 10), ("10C", 10),
    ("9S", 9), ("5H", 5), ("2D", 2), ("AC", 1), ("AS", 1),
])
def test_r16_card_points(token: str, points: int) -> None:
    assert card_points(parse_card(token)) == points


@pytest.mark.parametrize(("hand", "points"), [
    ("", 0),
    ("AS", 1),
    ("AS 2H 2D", 5),
    ("AS AH 3C", 5),
    ("3C 3D", 6),
    ("KC QD JH 10S", 40),
    ("JK 7H AC", 33),
    ("JK JK", 50),
])
def test_r16_hand_points(hand: str, points: int) -> None:
    assert hand_points(parse_cards(hand)) == points


# --- R2 copies ---------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "decks", "problems"), [
    ("7H 8H 9H JK", 1, []),
    ("7H 7H 8H JK JK", 2, []),
    ("JK=7H 7H", 1, []),  # a declared joker is a joker, not a second 7H
    ("7H 7H JK", 1, ["7H appears twice, but 1 deck holds only 1"]),
    ("JK JK", 1, ["there are 2 jokers, but 1 deck holds only 1"]),
    ("JK=7H JK=8H", 1, ["there are 2 jokers, but 1 deck holds only 1"]),
    ("7H 7H 7H", 2, ["7H appears 3 times, but 2 decks hold only 2"]),
    ("JK JK JK", 2, ["there are 3 jokers, but 2 decks hold only 2"]),
    ("QS QS 2C 2C JK JK", 1, [
        "QS appears twice, but 1 deck holds only 1",
        "2C appears twice, but 1 deck holds only 1",
        "there are 2 jokers, but 1 deck holds only 1",
    ]),
])
def test_r2_check_copies(cards: str, decks: int, problems: list[str]) -> None:
    assert check_copies(parse_cards(cards), decks) == problems


def test_r2_a_full_two_deck_pack_is_accepted_and_one_more_card_is_not() -> None:
    pack: list[AnyCard] = [*ALL_CARDS, *ALL_CARDS, Joker(), Joker()]
    assert len(pack) == 106
    assert check_copies(pack, 2) == []
    assert check_copies([*pack, Card(5, D)], 2) == [
        "5D appears 3 times, but 2 decks hold only 2"]
    assert check_copies([*ALL_CARDS, Joker()], 1) == []
