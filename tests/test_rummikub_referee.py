"""The Rummikub set referee: K5-K7 and K13, example E1, and ``check meld|table --game``."""

from __future__ import annotations

import json
from itertools import product

import pytest
from clirun import one_error_line, run
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RummikubRules
from rummy_cli.games.rummikub.sets import SetVerdict, judge_set
from rummy_cli.tiles import ALL_TILES, AnyTile, Tile, TileJoker, parse_tiles


def verdict(text: str, rules: RummikubRules = RUMMIKUB) -> SetVerdict:
    return judge_set(parse_tiles(text), rules)


def values(text: str, rules: RummikubRules = RUMMIKUB) -> list[list[str]]:
    return [sorted(str(t) for t in v) for v in verdict(text, rules).joker_values]


# --- E1: every set of the example -------------------------------------------------------

E1_LEGAL = [
    ("7K 7B 7R", "group", [], 21),
    ("7K 7B 7O 7R", "group", [], 28),
    ("11R 12R 13R", "run", [], 36),
    ("1R 2R 3R", "run", [], 6),
    ("5R JK 7R", "run", [["6R"]], 18),
    ("5R 6R JK", "run", [["4R", "7R"]], 18),
    ("JK 12O 13O", "run", [["11O"]], 36),
    ("7K 7B JK", "group", [["7O", "7R"]], 21),
    ("1B JK JK", "either", [["1K", "1O", "1R", "2B", "3B"]] * 2, 6),
    ("5R 6R 7R JK", "run", [["4R", "8R"]], 26),
    ("7K 7B 7R JK", "group", [["7O"]], 28),
]


@pytest.mark.parametrize(("text", "kind", "jokers", "value"), E1_LEGAL)
def test_e1_legal_sets(text: str, kind: str, jokers: list[list[str]], value: int) -> None:
    v = verdict(text)
    assert v.legal and v.kind == kind and v.value == value
    assert sorted(map(sorted, values(text))) == sorted(jokers)


@pytest.mark.parametrize(("text", "rule"), [("7K 7K 7R", "K6"), ("12R 13R 1R", "K7"),
                                            ("13R 1R 2R", "K7")])
def test_e1_illegal_sets(text: str, rule: str) -> None:
    v = verdict(text)
    assert not v.legal and v.kind is None and v.value is None
    assert [(p.code, p.rule) for p in v.problems] == [("illegal-meld", rule)]


def test_k5_a_set_has_three_tiles_or_more() -> None:
    assert not verdict("5R 6R").legal
    assert verdict("5R 6R").problems[0].rule == "K5"
    assert verdict("5R 6R JK").legal


def test_k6_a_group_has_at_most_four_tiles_of_one_number() -> None:
    assert verdict("7K 7B 7O 7R").legal
    assert not verdict("7K 7B 7O 7R JK").legal
    assert not verdict("7K 7B 8R").legal


def test_k7_a_run_is_one_colour_consecutive_and_1_is_low() -> None:
    assert verdict("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R 13R").legal
    assert not verdict("5R 6B 7R").legal
    assert not verdict("5R 7R 8R").legal
    assert not verdict("JK 1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R 13R").legal


def test_k7_ones_high_and_wrap_are_house_rules() -> None:
    high = RUMMIKUB.with_house_rules({"ones": "high"})
    wrap = RUMMIKUB.with_house_rules({"ones": "wrap"})
    assert verdict("12R 13R 1R", high).legal and not verdict("13R 1R 2R", high).legal
    assert verdict("13R 1R 2R", wrap).legal


def test_k7_d1_wrap_goes_all_the_way_round_from_any_number_and_no_further() -> None:
    wrap = RUMMIKUB.with_house_rules({"ones": "wrap"})
    circle = " ".join(f"{n}R" for n in [*range(2, 14), 1, 2])
    assert verdict(circle, wrap).legal
    assert verdict(" ".join(f"{n}R" for n in [*range(1, 14), 1]), wrap).legal
    assert not verdict(circle + " 3R", wrap).legal
    assert not verdict(circle, RUMMIKUB.with_house_rules({"ones": "high"})).legal
    assert [p.message for p in verdict("2R 2R 3R", wrap).problems] == [
        "a run holds each number once: 2R twice"]


@pytest.mark.parametrize(("text", "ones", "allows", "hint"), [
    ("12R 13R 1R", "low", "high", "1R cannot follow 13R (the rule ones=high allows 12-13-1)"),
    ("1R JK 12R", "low", "high", "1R cannot follow 13R (the rule ones=high allows 12-13-1)"),
    ("13R 1R 2R", "low", "wrap", "1R cannot follow 13R (the rule ones=wrap allows 13-1-2)"),
    ("12R 13R 1R 2R", "low", "wrap", "1R cannot follow 13R (the rule ones=wrap allows 13-1-2)"),
    ("13R JK 2R", "low", "wrap", "1R cannot follow 13R (the rule ones=wrap allows 13-1-2)"),
    ("13R 1R 2R", "high", "wrap", "2R cannot follow the 1R after 13R (the rule ones=wrap "
                                  "allows 13-1-2)"),
    ("12R 13R 1R 2R", "high", "wrap", "the 1R after 13R (the rule ones=wrap allows 13-1-2)"),
    (" ".join(f"{n}R" for n in [*range(2, 14), 1, 2]), "low", "wrap",
     "a run has at most 13 tiles (1 to 13; a joker is never 0 or 14; the rule ones=wrap "
     "allows a run that goes round)"),
])
def test_k7_d1_the_hint_names_the_ones_rule_that_allows_the_run(text: str, ones: str,
                                                               allows: str, hint: str) -> None:
    rules = RUMMIKUB.with_house_rules({"ones": ones})
    assert not verdict(text, rules).legal
    assert hint in verdict(text, rules).problems[0].message
    assert verdict(text, RUMMIKUB.with_house_rules({"ones": allows})).legal


@pytest.mark.parametrize("text", ["12R 13R 1R 3R", "13R 1R 5R"])
def test_k7_no_ones_rule_is_named_when_none_would_allow_the_run(text: str) -> None:
    for ones in ("low", "high"):
        message = verdict(text, RUMMIKUB.with_house_rules({"ones": ones})).problems[0].message
        assert "ones=" not in message and "leave gaps" in message


@pytest.mark.parametrize("command", [
    ("check", "meld", "13R 1R 2R"),
    ("check", "table", "5K 5B 5O / 13R 1R 2R"),
    ("check", "turn", "--before", "5K 5B 5O", "--rack", "13R 1R 2R", "--after",
     "5K 5B 5O / 13R 1R 2R"),
])
def test_k7_check_meld_table_and_turn_name_ones_wrap_for_a_run_that_goes_round(
        command: tuple[str, ...]) -> None:
    for extra, words in (((), "1 is low only and a run does not go round: 1R cannot follow "
                              "13R (the rule ones=wrap allows 13-1-2)"),
                         (("--rule", "ones=high"), "a run may end 12-13-1 but not go round: "
                                                   "2R cannot follow the 1R after 13R (the "
                                                   "rule ones=wrap allows 13-1-2)")):
        code, out, _ = run(*command, "--game", "rummikub", *extra)
        assert code == 1
        assert words in " ".join(out.split()) and "ones=high allows" not in out
    assert run(*command, "--game", "rummikub", "--rule", "ones=wrap")[0] == 0


def test_k13_a_joker_is_never_0_or_14() -> None:
    assert values("JK 1R 2R") == [["3R"]]
    assert values("12R 13R JK") == [["11R"]]


def test_k13_declared_joker_binds_its_tile() -> None:
    assert verdict("5R 6R JK=7R").legal
    assert not verdict("5R 6R JK=9R").legal
    assert values("5R 6R JK=4R") == [["4R"]]


def test_k13_a_set_of_jokers_only_counts_13_each() -> None:
    assert verdict("JK JK JK", PRESETS["rummikub-xp"]).value == 39


# --- the set referee against an independent brute force ---------------------------------

def brute(tiles: list[AnyTile]) -> tuple[set[str], int | None, set[Tile]]:
    """Every kind, the best worth and every joker value, by trying every tile for each joker
    (K6, K7, 1 low only): another method than the readings of sets.py."""
    jokers = sum(isinstance(t, TileJoker) for t in tiles)
    reals = [t for t in tiles if isinstance(t, Tile)]
    kinds: set[str] = set()
    best: int | None = None
    seen: set[Tile] = set()
    for fill in product(ALL_TILES, repeat=jokers):
        whole = reals + list(fill)
        numbers = sorted(t.number for t in whole)
        group = (len(set(numbers)) == 1 and len({t.colour for t in whole}) == len(whole)
                 and len(whole) <= 4)
        run = (len({t.colour for t in whole}) == 1
               and numbers == list(range(numbers[0], numbers[0] + len(whole))))
        if group or run:
            kinds.add("group" if group else "run")
            best = max(best or 0, sum(numbers))
            seen.update(fill)
    return kinds, best, seen


small_sets = st.integers(0, 2).flatmap(lambda jokers: st.lists(
    st.sampled_from(ALL_TILES), min_size=3 - jokers, max_size=5 - jokers).map(
    lambda reals: [*reals, *[TileJoker()] * jokers]))


# near-legal sets are the interesting ones: one number or one colour, close together
def _near(seed: tuple[int, int, int, int, int]) -> list[AnyTile]:
    number, colour, size, jokers, kind = seed
    colours = ["K", "B", "O", "R"]
    if kind:
        tiles = [f"{min(13, number + i)}{colours[colour]}" for i in range(size)]
    else:
        tiles = [f"{number}{colours[(colour + i) % 4]}" for i in range(size)]
    return parse_tiles(" ".join(tiles[:size - jokers] + ["JK"] * jokers))


near_sets = st.tuples(st.integers(1, 13), st.integers(0, 3), st.integers(3, 5),
                      st.integers(0, 2), st.integers(0, 1)).map(_near)


@settings(max_examples=150)
@given(st.one_of(small_sets, near_sets))
def test_k5_k7_k13_set_referee_agrees_with_brute_force(tiles: list[AnyTile]) -> None:
    kinds, best, jokers = brute(tiles)
    v = judge_set(tiles)
    assert v.legal == bool(kinds)
    assert v.value == best
    if v.legal:
        assert v.kind == (kinds.pop() if len(kinds) == 1 else "either")
        assert set().union(*v.joker_values) == jokers if v.joker_values else not jokers


# --- check meld / check table at the command line ---------------------------------------

def test_check_meld_legal_with_joker_values_shown() -> None:
    code, out, _ = run("check", "meld", "5R", "6R", "JK", "--game", "rummikub")
    assert code == 0
    assert out == "LEGAL run 5R 6R JK  (JK stands for 4R or 7R), worth up to 18\n"


def test_check_meld_forced_joker_json_fields_exactly() -> None:
    code, out, _ = run("check", "meld", "5R JK 7R", "--game", "rummikub", "--json")
    assert code == 0
    assert json.loads(out) == {"legal": True, "kind": "run", "cards": ["5R", "JK=6R", "7R"],
                               "joker_values": [["6R"]], "value": 18, "problems": []}


def test_check_meld_illegal_json_names_the_rule() -> None:
    code, out, _ = run("check", "meld", "12R", "13R", "1R", "--game", "rummikub", "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["legal"] is False and doc["kind"] is None and doc["value"] is None
    assert doc["joker_values"] == [] and doc["cards"] == ["12R", "13R", "1R"]
    assert [(p["rule"], p["code"]) for p in doc["problems"]] == [("K7", "illegal-meld")]
    assert "1 is low only" in doc["problems"][0]["message"]


def test_check_meld_illegal_text() -> None:
    code, out, _ = run("check", "meld", "7K", "7K", "7R", "--game", "rummikub")
    assert code == 1
    assert out.splitlines()[0] == "ILLEGAL: 7K 7K 7R"
    assert "illegal-meld (K6)" in out


def test_check_meld_either_kind_and_rule_option() -> None:
    code, out, _ = run("check", "meld", "7K", "JK", "JK", "--game", "rummikub", "--json")
    assert code == 0 and json.loads(out)["kind"] == "either"
    code, out, _ = run("check", "meld", "12R 13R 1R", "--game", "rummikub", "--rule",
                       "ones=high")
    assert code == 0 and out.startswith("LEGAL run 12R 13R 1R")


def test_check_meld_strict_and_xp_presets() -> None:
    assert run("check", "meld", "7R 7R 7R", "--game", "rummikub")[0] == 2
    code, out, _ = run("check", "meld", "JK JK JK", "--game", "rummikub-xp", "--json")
    assert code == 0 and json.loads(out)["value"] == 39
    assert run("check", "meld", "5R 6R JK", "--game", "rummikub-strict")[0] == 0


@pytest.mark.parametrize(("args", "words"), [
    (("7R", "7R", "7R"), "7R appears 3 times, but the set has only 2"),
    (("JK", "JK", "JK"), "3 jokers, but the set has only 2"),
    (("7R", "8X", "9R"), "'8X' has no colour"),
    (("7H", "8H", "9H"), "is a playing card, not a Rummikub tile: use --game manipulation"),
    ((), "no tiles given"),
    (("5R 6R 7R / 9K 9B 9O",), "for a table use rummy check table"),
])
def test_check_meld_unusable_input_exits_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = run("check", "meld", *args, "--game", "rummikub")
    assert code == 2 and out == ""
    assert words in one_error_line(err)


@pytest.mark.parametrize("option", [("--decks", "2"), ("--rule", "nonsense=1"),
                                    ("--rule", "ones=sideways")])
def test_check_meld_refuses_card_options_and_bad_rules(option: tuple[str, str]) -> None:
    code, _, err = run("check", "meld", "5R", "6R", "7R", "--game", "rummikub", *option)
    assert code == 2
    one_error_line(err)


def test_a_tile_in_a_card_command_names_game_rummikub() -> None:
    code, _, err = run("check", "meld", "7R", "8R", "9R")
    assert code == 2
    assert "7R is a Rummikub tile (tiles go with --game rummikub)" in one_error_line(err)
    code, _, err = run("check", "meld", "7H", "JK=7R", "9H")
    assert code == 2 and "tiles go with --game rummikub" in err


def test_joker_alone_is_still_a_card_in_a_card_command() -> None:
    assert run("check", "meld", "7H", "JK", "9H")[0] == 0


def test_card_commands_refuse_the_rummikub_rule_option() -> None:
    code, _, err = run("check", "meld", "7H", "8H", "9H", "--rule", "ones=high")
    assert code == 2 and "--game rummikub" in one_error_line(err)


@pytest.mark.parametrize(("command", "named"), [
    (("hint", "--hand", "7H 8H 9H", "--initial"), "--initial is"),
    (("check", "turn", "--before", "7H 8H 9H", "--hand", "10H", "--after", "7H 8H 9H 10H",
      "--initial"), "--initial is"),
    # --rule is a card game's too (its house rules): only --initial is named
    (("check", "turn", "--before", "7H 8H 9H", "--hand", "10H", "--after", "7H 8H 9H 10H",
      "--initial", "--rule", "ones=high"), "--initial is"),
])
def test_a_card_game_refusing_rummikub_options_names_only_those_given(
        command: tuple[str, ...], named: str) -> None:
    code, _, err = run(*command)
    line = one_error_line(err)
    assert code == 2
    assert line.startswith(f"Error: {named} taken with --game rummikub, rummikub-strict or "
                           "rummikub-xp")
    assert "--rule" not in line


@pytest.mark.parametrize("command", [
    ("check", "meld", "7H", "8H", "9H", "--rule", "ones=high"),
    ("check", "table", "7H 8H 9H", "--rule", "ones=high"),
    ("arrange", "7H", "8H", "9H", "--rule", "joker_free=rearrange"),
    ("hint", "--hand", "7H 8H 9H", "--rule", "opening=50"),
])
def test_a_rummikub_rule_given_to_a_card_game_names_the_game(command: tuple[str, ...]
                                                              ) -> None:
    code, _, err = run(*command)
    assert code == 2 and "is a Rummikub rule: add --game rummikub" in one_error_line(err)


def test_k8_check_table_text() -> None:
    code, out, _ = run("check", "table", "5O JK 7O / 3K 4K 5K / 7K 7B JK", "--game",
                       "rummikub")
    assert code == 0
    assert out.splitlines() == [
        "LEGAL table: 3 sets, all legal, worth 51",
        "   1. ok  run 5O JK=6O 7O  (the joker stands for 6O), worth 18",
        "   2. ok  run 3K 4K 5K, worth 12",
        "   3. ok  group 7K 7B JK  (JK stands for 7O or 7R), worth 21",
    ]


def test_k8_check_table_json_fields_exactly() -> None:
    code, out, _ = run("check", "table", "5R JK 7R / 12R 13R 1R", "--game", "rummikub",
                       "--json")
    assert code == 1
    doc = json.loads(out)
    assert set(doc) == {"legal", "value", "melds"} and doc["legal"] is False
    assert doc["value"] == 18
    assert doc["melds"][0] == {"cards": ["5R", "JK=6R", "7R"], "legal": True, "kind": "run",
                               "joker_values": [["6R"]], "value": 18, "problems": []}
    assert set(doc["melds"][1]) == {"cards", "legal", "kind", "joker_values", "value",
                                    "problems"}
    assert doc["melds"][1]["problems"][0]["code"] == "illegal-meld"


def test_k1_check_table_counts_copies_across_the_table() -> None:
    code, _, err = run("check", "table", "7R 8R 9R / 7R 7B 7K / 7R 7O 7K", "--game",
                       "rummikub")
    assert code == 2 and "7R appears 3 times" in one_error_line(err)
    assert run("check", "table", "7R 8R 9R / 7R 7B 7K / 7R 7O 7K", "--game",
               "rummikub-xp")[0] == 0


def test_check_table_empty_and_decks() -> None:
    code, out, _ = run("check", "table", "empty", "--game", "rummikub", "--json")
    assert code == 0 and json.loads(out) == {"legal": True, "value": 0, "melds": []}
    assert run("check", "table", "5R 6R 7R", "--game", "rummikub", "--decks", "1")[0] == 2


@pytest.mark.parametrize("text", ["5R 6R 7R /", "/ 5R 6R 7R"])
def test_check_table_takes_a_slash_at_either_end_as_the_cards_do(text: str) -> None:
    code, out, err = run("check", "table", text, "--game", "rummikub")
    assert (code, err) == (0, "") and out.startswith("LEGAL table: 1 set, all legal")
    cards = run("check", "table", text.replace("5R 6R 7R", "7H 8H 9H"))
    assert cards[0] == 0 and cards[1].startswith("LEGAL table: 1 meld, all legal")


def test_check_table_without_a_table_names_a_tile_example() -> None:
    code, _, err = run("check", "table", "--game", "rummikub")
    assert code == 2 and "9K 9B 9O" in one_error_line(err)


def test_tiles_are_shown_in_their_colour_on_a_colour_terminal() -> None:
    from rummy_cli.games.rummikub.verdicts import show_tiles
    from rummy_cli.render import PLAIN, Style

    tiles = parse_tiles("7R 7K JK=7B JK")
    assert show_tiles(tiles, PLAIN) == "7R 7K JK=7B JK"
    assert show_tiles(tiles, Style(symbols=True, color=True)) == (
        "\x1b[31m7R\x1b[0m \x1b[1m7K\x1b[0m \x1b[34mJK=7B\x1b[0m \x1b[35mJK\x1b[0m")
