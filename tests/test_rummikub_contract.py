"""RUMMIKUB.md's settled points, worked examples and command contract, end to end through
the command line: each test is named after the point it shows (the audit's table)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run

LEDGER = Path("rummy-ledger.yaml")
E10_RACKS = ("--rack", "Ben=JK 5R 12B", "--rack", "Cy=3K 3B", "--rack", "Dee=13O 11O 2R 9K")
E11_RACKS = ("--rack", "Ann=2K 10R", "--rack", "Ben=7B", "--rack", "Cy=JK 1O",
             "--rack", "Dee=4K 4R 12O")


def _json(*args: str) -> dict:  # type: ignore[type-arg]
    return json.loads(ok(*args, "--json"))  # type: ignore[no-any-return]


def _four(*rules: str) -> None:
    extra = [part for rule in rules for part in ("--rule", rule)]
    ok("new", "Ann", "Ben", "Cy", "Dee", "--game", "rummikub", "--first", "Ann", *extra)


def _meld(*tiles: str, game: str = "rummikub", rule: str = "") -> dict:  # type: ignore[type-arg]
    extra = ("--rule", rule) if rule else ()
    code, out, err = run("check", "meld", *tiles, "--game", game, *extra, "--json")
    assert code in (0, 1), err
    doc = json.loads(out)
    assert code == (0 if doc["legal"] else 1)
    return doc  # type: ignore[no-any-return]


def _turn(before: str, rack: str, after: str, *extra: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code, out, err = run("check", "turn", "--game", "rummikub", "--before", before,
                         "--rack", rack, "--after", after, *extra, "--json")
    assert code in (0, 1), err
    return code, json.loads(out)


# --- settled points -----------------------------------------------------------------------

def test_settled_1_a_sets_jokers_are_read_jointly() -> None:
    doc = _meld("1B", "JK", "JK")
    assert doc["legal"] and doc["kind"] == "either"
    for values in doc["joker_values"]:
        assert {"2B", "3B", "1K", "1O", "1R"} <= set(values)


def test_settled_2_initial_is_the_only_word_that_the_player_has_not_opened() -> None:
    e4 = ("10K 11K 12K", "13K 9B 9R 9O 2B 6R", "10K 11K 12K 13K / 9B 9R 9O")
    assert _turn(*e4)[0] == 0
    code, doc = _turn(*e4, "--initial")
    assert code == 1
    assert {v["code"] for v in doc["violations"]} == {"opening-too-low", "opening-used-table"}


def test_settled_3_jokers_only_and_never_0_or_14() -> None:
    doc = _meld("JK", "JK", "JK", game="rummikub-xp")
    assert doc["legal"] and doc["value"] == 39
    low = _meld("JK", "1R", "2R")
    assert low["cards"] == ["1R", "2R", "JK=3R"] and low["joker_values"] == [["3R"]]
    run_13 = [f"{n}R" for n in range(1, 14)] + ["JK"]
    assert not _meld(*run_13)["legal"]
    assert _meld(*run_13, rule="ones=high")["cards"][-1] == "JK=1R"


def test_settled_3_a_jokers_only_opening_counts_13_each() -> None:
    doc = _json("hint", "--game", "rummikub-xp", "--initial", "--hand", "JK JK JK 2R")
    assert doc["opening_value"] == 39 and doc["cards_played"] == 3


def test_settled_4_points_shed_count_a_joker_30() -> None:
    doc = _json("hint", "--game", "rummikub", "--table", "7K 8K 9K", "--hand", "JK 2R",
                "--by", "points")
    assert (doc["played"], doc["points_shed"]) == (["JK"], 30)


def test_settled_5_a_table_joker_moves_to_the_end_of_a_four_run() -> None:
    doc = _json("hint", "--game", "rummikub", "--table", "5O JK 7O", "--hand", "6O")
    assert doc["after"] == [["5O", "6O", "7O", "JK"]] and doc["goes_out"] is True


def test_settled_6_e9_by_cards_5_by_points_4() -> None:
    table, rack = "3K 3B 3O 3R / 10K 11K 12K / 7O 8O 9O", "1B 2B 4B 4R 5R 13K 6O 13O"
    cards = _json("hint", "--game", "rummikub", "--table", table, "--hand", rack)
    points = _json("hint", "--game", "rummikub", "--table", table, "--hand", rack,
                   "--by", "points")
    assert (cards["cards_played"], cards["points_shed"]) == (5, 26)
    assert (points["cards_played"], points["points_shed"]) == (4, 28)


def test_settled_7_k21_tie_37_between_two_winners() -> None:
    _four()
    doc = _json("round", "--pool-out", "--points", "Ann=7", "--points", "Ben=7",
                "--points", "Cy=31", "--points", "Dee=20")
    assert doc["winners"] == ["Ann", "Ben"] and doc["remainder"] == 1
    assert doc["scores"] == {"Ann": 18, "Ben": 18, "Cy": -24, "Dee": -13}


def test_settled_7_everybody_tied_every_score_0() -> None:
    _four()
    doc = _json("round", "--pool-out", *(f"--points={n}=9" for n in ("Ann", "Ben", "Cy", "Dee")))
    assert doc["winners"] == ["Ann", "Ben", "Cy", "Dee"]
    assert set(doc["scores"].values()) == {0}


def test_settled_8_totals_from_0_to_the_sets_worth_and_racks_checked_across() -> None:
    _four()
    before = LEDGER.read_text(encoding="utf-8")
    for args, message in ((("--points", "Ben=789", "--points", "Cy=1"), "788"),
                          (("--rack", "Ben=7R 7R", "--rack", "Cy=7R"), "7R"),
                          (("--rack", "Ben=JK=7R", "--points", "Cy=1"), "JK")):
        code, _, err = run("round", "--out", "Ann", "--points", "Dee=1", *args)
        assert code == 2 and message in one_error_line(err)
    assert LEDGER.read_text(encoding="utf-8") == before
    doc = _json("round", "--out", "Ann", "--points", "Ben=788", "--points", "Cy=1",
                "--rack", "Dee=JK")
    assert doc["rack_points"] == {"Ann": 0, "Ben": 788, "Cy": 1, "Dee": 30}


def test_settled_8_xp_totals_up_to_1212() -> None:
    ok("new", "A", "B", "C", "D", "E", "--game", "rummikub-xp", "--first", "A")
    rest = ("--points", "C=1", "--points", "D=1", "--points", "E=1")
    code, _, err = run("round", "--out", "A", "--points", "B=1213", *rest)
    assert code == 2 and "1212" in one_error_line(err)
    assert _json("round", "--out", "A", "--points", "B=1212", *rest)["scores"]["A"] == 1215


def test_settled_9_rounds_0_without_a_target_is_refused() -> None:
    code, _, err = run("new", "Ann", "Ben", "--game", "rummikub", "--rule", "rounds=0")
    assert code == 2 and "target" in one_error_line(err) and not LEDGER.exists()
    doc = _json("new", "Ann", "Ben", "--game", "rummikub", "--rule", "rounds=0",
                "--target", "100")
    assert (doc["rounds"], doc["target"]) == (0, 100)


def test_settled_9_next_game_keeps_rounds_unless_the_players_change() -> None:
    ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--rule", "rounds=1", "--first", "Ann")
    ok("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=2")
    assert _json("new")["rounds"] == 1
    ok("round", "--out", "Ann", "--points", "Ben=1", "--points", "Cy=2")
    assert _json("new", "Ann", "Ben", "Cy", "Dee")["rounds"] == 4


def test_settled_10_first_never_changes_a_score() -> None:
    _four()
    a = _json("round", "--out", "Ann", *E10_RACKS, "--first", "Cy")
    ok("undo", "--yes")
    b = _json("round", "--out", "Ann", *E10_RACKS)
    assert a["scores"] == b["scores"] and (a["first"], b["first"]) == ("Cy", "Ann")


def test_settled_11_hand_points_after_the_play_and_opening_value_e4_27() -> None:
    _, doc = _turn("10K 11K 12K", "13K 9B 9R 9O 2B 6R", "10K 11K 12K 13K / 9B 9R 9O",
                   "--initial")
    assert (doc["hand_points"], doc["opening_value"]) == (8, 27)
    assert doc["hand_after"] == ["2B", "6R"]


def test_settled_12_joker_values_of_two_jokers_overlap() -> None:
    doc = _meld("5R", "6R", "JK", "JK")
    assert doc["kind"] == "run" and len(doc["joker_values"]) == 2
    assert set(doc["joker_values"][0]) == set(doc["joker_values"][1]) == {"3R", "4R", "7R", "8R"}


def test_settled_13_target_option_is_rule_target_and_rounds_left_0_when_over() -> None:
    ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--target", "50", "--first", "Ann")
    assert "target: 50" in LEDGER.read_text(encoding="utf-8")
    ok("round", "--out", "Ann", "--points", "Ben=14", "--rack", "Cy=JK 11B")
    doc = _json("standings")
    assert (doc["game_over"], doc["rounds_left"], doc["winners"]) == (True, 0, ["Ann"])


def test_settled_13_pool_out_rack_ties_share_rounded_down() -> None:
    _four("pool_out=rack")
    doc = _json("round", "--pool-out", "--rack", "Ann=7R", *E11_RACKS[2:])
    assert doc["scores"] == {"Ann": 25, "Ben": 25, "Cy": -31, "Dee": -20}
    assert doc["remainder"] == 1


def test_settled_14_strict_joker_taken_and_set_split() -> None:
    code, doc = _turn("1K 2K JK / 1B 1O 1R / 2B 2O 2R", "11R 12R 5K",
                      "1K 1B 1O 1R / 2K 2B 2O 2R / 11R 12R JK", "--rule", "joker_sets=locked")
    assert code == 1
    assert {"joker-changed", "joker-set-broken"} <= {v["code"] for v in doc["violations"]}


def test_settled_15_one_number_in_several_colours_opens() -> None:
    doc = _json("hint", "--game", "rummikub", "--initial", "--hand", "11K 11B 11R 3O")
    assert (doc["opening_value"], doc["played"]) == (33, ["11K", "11B", "11R"])


# --- worked examples through the command line ---------------------------------------------

def test_e3_either_best_opening_is_too_low() -> None:
    rack = "5K 5B 5R 5O 2O 3O 4O 9K 11B 13R 7K 12B 8R 1K"
    for after in ("5K 5B 5R / 2O 3O 4O 5O", "5K 5B 5O 5R / 2O 3O 4O"):
        code, doc = _turn("", rack, after, "--initial")
        assert code == 1 and [v["code"] for v in doc["violations"]] == ["opening-too-low"]
        assert doc["opening_value"] == 29
    assert run("hint", "--game", "rummikub", "--initial", "--hand", rack)[0] == 1


def test_e5_opening_joker_zero_is_19() -> None:
    rack = "9R 10R JK 2K 4B 11O 6K"
    assert _json("hint", "--game", "rummikub", "--initial", "--hand", rack)[
        "opening_value"] == 30
    code, doc = _turn("", rack, "9R 10R JK", "--initial", "--rule", "opening_joker=zero")
    assert code == 1 and doc["opening_value"] == 19


def test_e10_out_four_players_and_joker_points_25() -> None:
    _four()
    doc = _json("round", "--out", "Ann", *E10_RACKS)
    assert doc["scores"] == {"Ann": 88, "Ben": -47, "Cy": -6, "Dee": -35}
    assert (doc["end"], doc["out"], doc["remainder"], doc["game_over"]) == ("out", "Ann", 0,
                                                                          False)
    LEDGER.unlink()
    _four("joker_points=25")
    doc = _json("round", "--out", "Ann", *E10_RACKS)
    assert (doc["scores"]["Ben"], doc["scores"]["Ann"]) == (-42, 83)


@pytest.mark.parametrize(("rule", "scores"), [
    ("pool_out=difference", {"Ann": -5, "Ben": 42, "Cy": -24, "Dee": -13}),
    ("pool_out=rack", {"Ann": -12, "Ben": 63, "Cy": -31, "Dee": -20}),
    ("pool_out=mixed", {"Ann": -12, "Ben": 42, "Cy": -31, "Dee": -20}),
])
def test_e11_pool_out_every_option(rule: str, scores: dict[str, int]) -> None:
    _four(rule)
    doc = _json("round", "--pool-out", *E11_RACKS)
    assert (doc["end"], doc["out"], doc["winners"], doc["scores"]) == ("pool-out", None,
                                                                      ["Ben"], scores)


def test_e12_winner_rounds_is_cy() -> None:
    ok("new", "Ann", "Ben", "Cy", "--game", "rummikub", "--rule", "winner=rounds",
       "--first", "Ann")
    ok("round", "--out", "Ann", "--points", "Ben=14", "--rack", "Cy=JK 11B")
    ok("round", "--out", "Cy", "--points", "Ann=9", "--points", "Ben=22")
    ok("round", "--pool-out", "--points", "Ann=6", "--points", "Ben=9", "--points", "Cy=4")
    doc = _json("standings")
    assert (doc["winners"], doc["winner_by"], doc["rounds_left"]) == (["Cy"], "rounds", 0)
    assert [p["total"] for p in doc["players"]] == [44, -41, -3]


# --- the commands' contract ---------------------------------------------------------------

def test_contract_check_meld_json_types() -> None:
    doc = _meld("7K", "7B", "JK")
    assert set(doc) == {"legal", "kind", "cards", "joker_values", "value", "problems"}
    assert (doc["kind"], doc["value"], doc["joker_values"]) == ("group", 21, [["7O", "7R"]])
    bad = _meld("12R", "13R", "1R")
    assert bad["kind"] is None and bad["value"] is None
    assert bad["problems"][0]["rule"] == "K7" and bad["problems"][0]["code"] == "illegal-meld"


def test_contract_check_turn_json_has_no_may_knock() -> None:
    _, doc = _turn("5O JK 7O / 3K 4K 5K", "6O 11B 12B 2R", "5O 6O 7O / 3K 4K 5K / 11B 12B JK")
    assert set(doc) == {"legal", "violations", "played", "hand_after", "hand_points",
                        "goes_out", "opening_value", "melded", "suggestion"}
    assert doc["legal"] and doc["hand_points"] == 2 and doc["opening_value"] is None


def test_contract_check_turn_unchanged_table_is_a_draw() -> None:
    code, doc = _turn("5O JK 7O", "6O", "5O JK 7O")
    assert code == 0 and doc["legal"] and doc["melded"] is False and doc["played"] == []


def test_contract_hint_json_fields_and_exit_1_for_none() -> None:
    doc = _json("hint", "--game", "rummikub", "--table", "5O JK 7O / 3K 4K 5K",
                "--hand", "6O 11B 12B 2R")
    assert set(doc) == {"cards_played", "points_shed", "played", "after", "hand_after",
                        "goes_out", "opening_value", "jokers_freed", "exact"}
    assert (doc["cards_played"], doc["points_shed"], doc["jokers_freed"]) == (3, 29, 1)
    code, out, _ = run("hint", "--game", "rummikub", "--table", "7K 8K 9K", "--hand", "2R")
    assert code == 1 and "draw one tile (k3)" in out.lower()


@pytest.mark.parametrize("command", [
    ("new", "Ann", "Ben", "--game", "rummikub"),
    ("check", "meld", "7R", "8R", "9R", "--game", "rummikub"),
    ("check", "table", "7R 8R 9R", "--game", "rummikub"),
    ("check", "turn", "--game", "rummikub", "--before", "", "--rack", "7R 8R 9R",
     "--after", "7R 8R 9R"),
    ("hint", "--game", "rummikub", "--table", "", "--hand", "7R 8R 9R"),
    ("arrange", "7R 8R 9R", "--game", "rummikub"),
])
@pytest.mark.parametrize("option", ["--decks", "--draws"])
def test_contract_decks_and_draws_are_refused(command: tuple[str, ...], option: str) -> None:
    code, _, err = run(*command, option, "2")
    assert code == 2 and one_error_line(err)
    assert not LEDGER.exists()


def test_contract_round_refuses_knock_naming_out() -> None:
    _four()
    code, _, err = run("round", "--knock", "Ann", *E10_RACKS)
    assert code == 2 and "--out" in one_error_line(err)


@pytest.mark.parametrize(("args", "message"), [
    (("--out", "Ann", "--rack", "Ben=", "--points", "Cy=3"), "Ben's rack is empty too"),
    (("--pool-out", "--rack", "Ann=", "--points", "Ben=3", "--points", "Cy=3"),
     "Ann's rack is empty"),
    (("--out", "Ann", "--rack", "Ann=7R", "--points", "Ben=3", "--points", "Cy=3"), "Ann"),
    (("--out", "Zed", "--points", "Ben=3", "--points", "Cy=3"), "Zed"),
    (("--out", "Ann", "--rack", "Ben=7X", "--points", "Cy=3"), "7X"),
    (("--out", "Ann", "--points", "Ben=3"), "Cy"),
])
def test_contract_round_refuses_and_leaves_the_ledger(args: tuple[str, ...],
                                                      message: str) -> None:
    _four()
    before = LEDGER.read_text(encoding="utf-8")
    code, _, err = run("round", *args, "--points", "Dee=1")
    assert code == 2 and message in one_error_line(err)
    assert LEDGER.read_text(encoding="utf-8") == before


def test_contract_round_refuses_a_round_after_the_game_is_over() -> None:
    ok("new", "Ann", "Ben", "--game", "rummikub", "--rule", "rounds=1", "--first", "Ann")
    assert _json("round", "--out", "Ann", "--points", "Ben=3")["game_over"] is True
    before = LEDGER.read_text(encoding="utf-8")
    code, _, err = run("round", "--out", "Ben", "--points", "Ann=3")
    assert code == 2 and "over" in one_error_line(err)
    assert LEDGER.read_text(encoding="utf-8") == before


def test_contract_new_json_tiles_rounds_and_no_dealer() -> None:
    doc = _json("new", "Ann", "Ben", "Cy", "Dee", "--game", "rummikub", "--first", "Cy")
    assert (doc["tiles"], doc["hand_size"], doc["rounds"], doc["target"]) == (106, 14, 4, None)
    assert (doc["first_dealer"], doc["first_leader"], doc["kind"]) == (None, "Cy", "rummikub")
    assert "    rounds: 4\n" in LEDGER.read_text(encoding="utf-8")


def test_contract_standings_json_for_rummikub() -> None:
    _four()
    ok("round", "--out", "Ann", *E10_RACKS)
    doc = _json("standings")
    assert (doc["rounds_left"], doc["target"], doc["winner_by"]) == (3, None, "points")
    assert (doc["next_dealer"], doc["next_leader"]) == (None, "Ben")
    ann = doc["players"][0]
    assert (ann["points"], ann["total"], ann["round_bonus"], ann["game_bonus"]) == (88, 88, 0, 0)


def test_contract_stats_knocks_are_goings_out_and_jokers_held() -> None:
    _four()
    ok("round", "--out", "Ann", *E10_RACKS)
    players = {p["name"]: p for p in _json("stats")["kinds"][0]["players"]}
    assert (players["Ann"]["knocks"], players["Ann"]["goings_out"]) == (1, 1)
    assert (players["Ben"]["jokers_held"], players["Cy"]["jokers_held"]) == (1, 0)
    assert players["Ben"]["undercuts_scored"] == players["Ben"]["undercuts_suffered"] == 0
    assert players["Ben"]["average_left_in_hand"] == 47


def test_contract_rules_json_names_game_rummikub() -> None:
    assert _json("rules", "--game", "rummikub")["game"] == "rummikub"
    assert _json("rules", "K14", "--game", "rummikub")["game"] == "rummikub"


def _card_turn(before: str, hand: str, after: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run("check", "turn", "--before", before, "--hand", hand, "--after", after,
                         "--json")
    assert code in (0, 1), err
    return json.loads(out)  # type: ignore[no-any-return]


def test_settled_6_the_card_referee_agrees_under_the_mapping() -> None:
    # K->S, B->C, O->D, R->H, 1->A, 11-13->J Q K; the card game wants its jokers declared
    e6 = _card_turn("8S 8C 8D 8H / 10C JC QC", "9C 6S 7S KH",
                    "8C 8D 8H / 6S 7S 8S / 9C 10C JC QC")
    assert e6["legal"] and len(e6["played"]) == 3
    e7 = _card_turn("5D JK=6D 7D / 3S 4S 5S", "6D JC QC 2H",
                    "5D 6D 7D / 3S 4S 5S / JC QC JK=KC")
    assert e7["legal"] and len(e7["played"]) == 3
    broken = _card_turn("AS 2S JK=3S / AC AD AH / 2C 2D 2H", "JH QH 5S",
                        "AS AC AD AH / 2S 2C 2D 2H / JH QH JK=KH")
    assert [v["code"] for v in broken["violations"]] == ["joker-changed"]
    e8 = _card_turn("5D JK=6D 7D / 3S 4S 5S", "6D JC QC 2H", "5D 6D 7D / 3S 4S 5S")
    assert [v["code"] for v in e8["violations"]] == ["card-removed"]
    table, hand = "3S 3C 3D 3H / 10S JS QS / 7D 8D 9D", "AC 2C 4C 4H 5H KS 6D KD"
    assert _json("hint", "--table", table, "--hand", hand)["cards_played"] == 5
    assert _json("hint", "--table", table, "--hand", hand, "--by", "points")[
        "cards_played"] == 4


def _opening_hint(rack: str, *rules: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    extra = [part for rule in rules for part in ("--rule", rule)]
    code, out, err = run("hint", "--game", "rummikub", "--initial", "--hand", rack, *extra,
                         "--json")
    assert code in (0, 1), err
    return code, json.loads(out)


def test_e2_best_opening_45_and_none_with_opening_46() -> None:
    rack = "10K 10B 10R 4O 5O 6O 2K 9B 11R 3R 13O 1K 7B 8K"
    code, doc = _opening_hint(rack)
    assert code == 0 and (doc["cards_played"], doc["opening_value"]) == (6, 45)
    code, doc = _opening_hint(rack, "opening=46")
    assert code == 1 and doc["cards_played"] == 0 and doc["opening_value"] is None


def test_e3_opening_29_plays_seven_tiles() -> None:
    code, doc = _opening_hint("5K 5B 5R 5O 2O 3O 4O 9K 11B 13R 7K 12B 8R 1K", "opening=29")
    assert code == 0 and (doc["cards_played"], doc["opening_value"]) == (7, 29)


def test_e5_joker_opening_limits() -> None:
    assert _opening_hint("9R 10R JK 2K 4B 11O 6K")[1]["opening_value"] == 30
    assert _opening_hint("9R 10R JK 2K 4B 11O 6K", "opening=31")[0] == 1
    assert _opening_hint("8R 9R JK 2K 4B 11O 6K")[0] == 1
    assert _opening_hint("9R 10R JK 2K 4B 11O 6K", "opening_joker=zero")[0] == 1


def test_e4_continue_hint_plays_13k_on_the_run() -> None:
    doc = _json("hint", "--game", "rummikub", "--initial", "--rule", "opening_turn=continue",
                "--table", "10K 11K 12K", "--hand", "13K 9B 9R 9O 9K 2B 6R")
    assert (doc["cards_played"], doc["opening_value"]) == (5, 36)
    assert ["10K", "11K", "12K", "13K"] in doc["after"]
    alone = _json("hint", "--game", "rummikub", "--initial", "--table", "10K 11K 12K",
                  "--hand", "13K 9B 9R 9O 9K 2B 6R")
    assert alone["cards_played"] == 4 and "13K" in alone["hand_after"]


def test_settled_13_target_and_rule_target_are_one_figure() -> None:
    code, _, err = run("new", "Ann", "Ben", "--game", "rummikub", "--target", "50",
                       "--rule", "target=100")
    assert code == 2 and "disagree" in one_error_line(err) and not LEDGER.exists()
    assert _json("new", "Ann", "Ben", "--game", "rummikub", "--target", "50", "--rule",
                 "target=50")["target"] == 50
