"""Rummikub's tiles and notation, and the presets as data (K1, K2, the option table)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy_cli.cards import format_table, parse_table
from rummy_cli.errors import NotationError
from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RuleError, RummikubRules
from rummy_cli.tiles import (
    ALL_TILES,
    Colour,
    Tile,
    TileJoker,
    check_tile_copies,
    format_tile_table,
    format_tiles,
    looks_like_card,
    looks_like_tile,
    parse_tile,
    parse_tile_table,
    parse_tiles,
)

tiles = st.one_of(st.sampled_from(ALL_TILES), st.just(TileJoker()),
                  st.sampled_from(ALL_TILES).map(TileJoker))


@pytest.mark.parametrize("text, number, colour", [
    ("7R", 7, Colour.RED), ("13k", 13, Colour.BLACK), ("1B", 1, Colour.BLUE),
    ("10o", 10, Colour.ORANGE), ("4Y", 4, Colour.ORANGE),
])
def test_notation_reads_number_then_colour_any_case(text: str, number: int,
                                                    colour: Colour) -> None:
    assert parse_tile(text) == Tile(number, colour)


def test_notation_jokers_plain_and_declared() -> None:
    assert parse_tile("JK") == TileJoker() == parse_tile("joker")
    assert parse_tile("jk=7r") == TileJoker(Tile(7, Colour.RED))
    assert str(parse_tile("JOKER=13y")) == "JK=13O"


@pytest.mark.parametrize("text, words", [
    ("14R", "numbered 1 to 13"), ("0K", "numbered 1 to 13"), ("7G", "no colour 'G'"),
    ("7", "is not a tile"), ("JK=", "say which tile"), ("R7", "is not a tile"),
])
def test_notation_refuses_what_is_no_tile(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_tile(text)


@pytest.mark.parametrize("card", ["7H", "QS", "10D", "AC", "KH"])
def test_notation_a_card_is_refused_naming_the_game_for_cards(card: str) -> None:
    with pytest.raises(NotationError, match="playing card.*--game manipulation"):
        parse_tile(card)


def test_notation_is_disjoint_from_the_cards() -> None:
    assert all(looks_like_tile(str(t)) and not looks_like_card(str(t)) for t in ALL_TILES)
    assert looks_like_card("7H") and not looks_like_tile("7H")


@given(st.lists(tiles, max_size=20))
def test_notation_parse_of_format_is_the_same_tiles(some: list[Tile | TileJoker]) -> None:
    assert parse_tiles(format_tiles(some)) == some


def test_notation_tables_split_on_slash_or_bar() -> None:
    table = parse_tile_table("5R 6R 7R | 9K, 9B, JK")
    assert format_tile_table(table) == "5R 6R 7R / 9K 9B JK"
    assert parse_tile_table("empty") == ()


@pytest.mark.parametrize("text", ["5R 6R 7R / 9K 9B 9O /", "/ 5R 6R 7R / 9K 9B 9O",
                                  "5R 6R 7R / / 9K 9B 9O", "| 5R 6R 7R | 9K 9B 9O |"])
def test_notation_a_slash_with_no_set_beside_it_adds_none_as_for_cards(text: str) -> None:
    assert format_tile_table(parse_tile_table(text)) == "5R 6R 7R / 9K 9B 9O"
    cards = text.replace("5R 6R 7R", "7H 8H 9H").replace("9K 9B 9O", "QS QH QD")
    assert format_table(parse_table(cards)) == "7H 8H 9H / QS QH QD"


def test_k1_a_set_holds_two_of_each_tile_and_two_jokers() -> None:
    assert RUMMIKUB.tiles == 106 and len(ALL_TILES) == 52
    assert check_tile_copies(parse_tiles("7R 7R JK JK"), RUMMIKUB.copies, RUMMIKUB.jokers) == []
    assert check_tile_copies(parse_tiles("7R 7R 7R JK JK JK"), 2, 2) == [
        "7R appears 3 times, but the set has only 2", "3 jokers, but the set has only 2"]


def test_k1_the_xp_set_holds_160_tiles_for_six() -> None:
    xp = PRESETS["rummikub-xp"]
    assert (xp.tiles, xp.max_players, xp.copies, xp.jokers) == (160, 6, 3, 4)
    assert xp.most_rack_points == 1212 and RUMMIKUB.most_rack_points == 788


def test_k2_fourteen_tiles_dealt_and_the_racks_must_fit_the_set() -> None:
    assert RUMMIKUB.rack == 14
    assert RUMMIKUB.problem_for(4) is None
    problem = RummikubRules(rack=30).problem_for(4)
    assert problem is not None and "120 tiles" in problem[1]


def test_presets_follow_the_option_table() -> None:
    strict = PRESETS["rummikub-strict"]
    assert (strict.joker_swap, strict.joker_group, strict.freed_joker, strict.joker_sets,
            strict.time_limit) == ("rack", "both", "new-set", "locked", 120)
    assert (RUMMIKUB.opening, RUMMIKUB.ones, RUMMIKUB.joker_points, RUMMIKUB.pool_out,
            RUMMIKUB.winner, RUMMIKUB.time_limit) == (30, "low", 30, "difference", "points", 60)


def test_house_rules_are_typed_values_and_refused_when_unknown() -> None:
    rules = RUMMIKUB.with_house_rules({"ones": "HIGH", "opening": "50", "freed_joker": "new_set"})
    assert (rules.ones, rules.opening, rules.freed_joker) == ("high", 50, "new-set")
    with pytest.raises(RuleError, match="one of low, high, wrap"):
        RUMMIKUB.with_house_rules({"ones": "sideways"})
    with pytest.raises(RuleError, match="did you mean 'opening'"):
        RUMMIKUB.with_house_rules({"openin": "40"})


def test_k23_rounds_default_to_one_per_player_and_a_game_must_end() -> None:
    assert RUMMIKUB.for_players(3).rounds == 3
    assert RUMMIKUB.with_house_rules({"rounds": "0", "target": "100"}).rounds == 0
    with pytest.raises(RuleError, match="a number of rounds or a target"):
        RUMMIKUB.with_house_rules({"rounds": "0"})


def test_rules_round_trip_through_plain_data() -> None:
    for rules in PRESETS.values():
        settled = rules.for_players(4)
        assert RummikubRules.from_dict(settled.to_dict()) == settled
    with pytest.raises(RuleError, match="unknown rule"):
        RummikubRules.from_dict({"game": "rummikub", "wild": 1})
