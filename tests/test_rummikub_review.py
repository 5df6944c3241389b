"""Defects a new player met in Rummikub (and the night around it), one test each: what the
user sees before the fix was wrong, what it shows now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run, unfolded


def _new(*names: str, extra: tuple[str, ...] = ()) -> str:
    return ok("new", *(names or ("Ann", "Ben", "Cy")), "--game", "rummikub", "--first",
              (names or ("Ann",))[0], *extra)


def test_k23_history_json_says_which_round_ended_the_game() -> None:
    _new()
    ok("round", "--out", "Ann", "--points", "Ben=14", "--rack", "Cy=JK 11B")
    ok("round", "--out", "Cy", "--points", "Ann=9", "--points", "Ben=22")
    ok("round", "--pool-out", "--points", "Ann=6", "--points", "Ben=9", "--points", "Cy=4")
    rounds = json.loads(ok("history", "--json"))["rounds"]
    assert [r["game_over"] for r in rounds] == [False, False, True]


def test_k23_fix_json_of_an_early_round_does_not_say_it_ended_the_game() -> None:
    _new("Ann", "Ben")
    ok("round", "--out", "Ann", "--points", "Ben=14")
    ok("round", "--out", "Ben", "--points", "Ann=9")
    fixed = json.loads(ok("fix", "1", "--out", "Ann", "--points", "Ben=15", "--yes", "--json"))
    assert fixed["game_over"] is False


def test_k19_a_rack_given_twice_is_named_with_rummikub_options() -> None:
    _new()
    code, _, err = run("round", "--out", "Ann", "--rack", "Ben=5R", "--points", "Ben=5",
                       "--points", "Cy=3")
    assert code == 2
    assert one_error_line(err).startswith(
        "Error: Ben has more than one --rack/--points: give one per player")


def test_k19_a_negative_rack_total_is_called_a_rack() -> None:
    _new()
    code, _, err = run("round", "--out", "Ann", "--points", "Ben=-5", "--points", "Cy=3")
    assert code == 2
    assert one_error_line(err).startswith(
        "Error: --points 'Ben=-5': a rack's total cannot be negative")


def test_the_top_help_names_rummikub_and_its_tiles() -> None:
    out = ok("--help")
    assert "Manipulation Rummy (Carousel), Gin Rummy and Rummikub." in unfolded(out)
    assert "rummy check meld 5R 6R JK --game rummikub" in out
    assert "Tiles: number + colour (7R, 13K; K B O R); a joker is JK." in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_rack_in_a_card_game_points_to_hand_not_to_how_a_round_ends() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    code, _, err = run("round", "--knock", "Ann", "--hand", "Ann=", "--rack", "Ben=7R",
                       "--points", "Cy=5")
    assert code == 2
    assert one_error_line(err) == (
        "Error: --rack is for Rummikub; this ledger's game is Manipulation Rummy: give each "
        "hand's cards with --hand NAME=CARDS, or its total with --points NAME=N")


def test_a_rack_in_a_gin_game_points_to_hand() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    code, _, err = run("round", "--knock", "Ann", "--points", "Ann=0", "--rack", "Ben=7R")
    assert code == 2
    assert "give each hand's cards with --hand NAME=CARDS, or its deadwood" in err


def test_k23_house_rules_write_no_rounds_and_no_target_as_off() -> None:
    out = unfolded(_new("Ann", "Ben", extra=("--rule", "rounds=0", "--target", "100")))
    assert ("House rules: rounds off (the preset's: one per player), target 100 (the "
            "preset's: off).") in out


def test_k1_five_players_are_told_of_the_xp_set() -> None:
    code, _, err = run("new", "Ann", "Ben", "Cy", "Dee", "Eve", "--game", "rummikub")
    assert code == 2
    assert "rummikub-xp (the 160-tile set) takes up to 6" in one_error_line(err)


def test_k1_guided_a_first_rack_with_too_many_copies_blames_that_rack() -> None:
    _new("Ann", "Ben")
    code, _, err = run("round", "--guided", input="pool\n7R 7R 7R\n")
    assert code == 2
    said = unfolded(err)
    assert ("Ann's rack holds more tiles than the set: 7R appears 3 times, but the set has "
            "only 2. Try again.") in said
    assert "racks before it" not in said


def test_k1_guided_copies_across_racks_still_name_the_racks_before() -> None:
    _new("Ann", "Ben")
    code, _, err = run("round", "--guided", input="pool\n7R 7R\n7R\n")
    assert code == 2
    assert "With the racks before it, 7R appears 3 times" in unfolded(err)


def test_k19_a_rack_without_its_name_is_shown_with_tiles_not_cards() -> None:
    _new()
    for option in ("--rack", "--hand"):
        code, _, err = run("round", "--out", "Ann", option, "Ben", "--points", "Cy=3")
        assert code == 2
        assert one_error_line(err).startswith(
            f"Error: {option} takes NAME=VALUE, e.g. {option} \"Ann=JK 5R 12B\"; got 'Ben'")


SIX = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")


def test_k1_the_chart_of_a_six_player_xp_game_draws_every_player() -> None:
    ok("new", *SIX, "--game", "rummikub-xp", "--first", "Ann")
    ok("round", "--out", "Ann", "--points", "Ben=40", "--points", "Cy=3", "--points", "Dee=55",
       "--points", "Eve=1", "--points", "Fay=12")
    out = ok("chart")
    assert "F Fay -12" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_k23_standings_and_history_help_show_a_rummikub_example() -> None:
    assert "rummy standings --game rummikub" in ok("standings", "--help")
    history = unfolded(ok("history", "--help"))
    assert "rummy history --game rummikub" in history
    assert "In Rummikub 'End' says 'Ann out' or 'pool out'" in history


def test_k7_a_joker_after_1_to_13_is_blamed_on_the_run_s_length() -> None:
    code, out, _ = run("check", "meld", "1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R 13R JK",
                       "--game", "rummikub")
    assert code == 1
    said = unfolded(out)
    assert ("a run has at most 13 tiles (1 to 13; a joker is never 0 or 14; the rule "
            "ones=high allows a 1 after the 13)") in said
    assert "1R cannot follow 13R" not in said


def test_a_game_in_progress_counts_its_one_round_in_the_singular() -> None:
    _new("Ann", "Ben")
    ok("round", "--out", "Ann", "--points", "Ben=14")
    code, _, err = run("new", "Ann", "Ben", "--game", "rummikub")
    assert code == 2
    assert "is still being played (1 round so far; Ben plays first next)" in err


def test_a_gin_game_in_progress_counts_hands() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ann")
    code, _, err = run("new", "Ann", "Ben", "--game", "gin")
    assert code == 2
    assert "is still being played (0 hands so far;" in err


def test_k17_fix_moving_the_going_out_asks_for_the_old_winner_s_rack() -> None:
    _new()
    ok("round", "--out", "Ann", "--points", "Ben=5", "--points", "Cy=4")
    for change in (("--out", "Ben"), ("--pool-out",)):
        code, _, err = run("fix", "1", *change, "--yes")
        assert code == 2
        assert one_error_line(err).startswith(
            "Error: Ann went out in round 1 as recorded, so Ann's rack is not known: give it "
            "with --rack \"Ann=TILES\" or --points Ann=N")
    fixed = json.loads(ok("fix", "1", "--out", "Ben", "--points", "Ann=3", "--yes", "--json"))
    assert fixed["scores"] == {"Ann": -3, "Ben": 7, "Cy": -4}


def test_k18_guided_a_card_player_s_stock_means_the_pool_ran_out() -> None:
    _new("Ann", "Ben")
    code, out, err = run("round", "--guided", input="stock\n5\n7\ny\n")
    assert code == 0, err
    assert "the pool ran out; Ann has the lowest rack (5) and scores 2" in unfolded(err + out)


def test_k1_d2_a_rummikub_dispute_with_game_manipulation_typed_is_refused(
        tmp_path: Path) -> None:
    dispute = tmp_path / "d.yaml"
    dispute.write_text("game: rummikub\nbefore: []\nrack: 1R 2R 3R\nafter: [1R 2R 3R]\n",
                       encoding="utf-8")
    code, _, err = run("check", "turn", str(dispute), "--game", "manipulation")
    assert code == 2
    assert one_error_line(err).startswith(
        "Error: --game manipulation and the file's game: rummikub disagree: give one")
    assert run("check", "turn", str(dispute))[0] == 0  # the file alone says which game


def test_a_bad_tile_under_hand_in_a_dispute_file_is_named_under_hand(tmp_path: Path) -> None:
    dispute = tmp_path / "d.yaml"
    dispute.write_text("game: rummikub\nbefore: []\nhand: [1R, 5]\nafter: []\n",
                       encoding="utf-8")
    code, _, err = run("check", "turn", str(dispute))
    assert code == 2
    assert one_error_line(err).startswith(f"Error: {dispute}: hand: '5' is not a tile")


def test_k19_stats_csv_keeps_the_jokers_left_in_racks() -> None:
    import csv
    import io

    _new("Ann", "Ben")
    ok("round", "--out", "Ann", "--rack", "Ben=JK 5R")
    rows = list(csv.DictReader(io.StringIO(ok("stats", "--format", "csv"))))
    assert [(r["Player"], r["Jokers"]) for r in rows] == [("Ann", "0"), ("Ben", "1")]


def test_k1_d2_a_tile_in_a_card_game_s_round_says_how_rummikub_starts() -> None:
    ok("new", "Ann", "Ben", "Cy", "--dealer", "Ann")
    code, _, err = run("round", "--knock", "Ann", "--hand", "Ann=", "--hand", "Ben=7R 8R",
                       "--points", "Cy=4")
    assert code == 2
    line = one_error_line(err)
    assert line.startswith("Error: Ben's hand: 7R is a Rummikub tile, but this game is played "
                           "with cards (a Rummikub game starts with 'rummy new NAMES --game "
                           "rummikub')")
    assert "tiles go with --game rummikub" not in line


def test_rummikub_options_with_no_ledger_say_there_is_no_ledger() -> None:
    for typed in (("--out", "Ann", "--points", "Ben=3"), ("--pool-out", "--points", "Ben=3"),
                  ("--rack", "Ben=3R"), ("--first", "Ann")):
        code, _, err = run("round", *typed)
        assert code == 2
        assert one_error_line(err).startswith("Error: rummy-ledger.yaml: no such ledger")


@pytest.mark.parametrize(("text", "words"), [
    ("game: rummikub\n", "'rack' is missing: give the player's rack before the play"),
    ("game: rummikub\nbefore: []\nrack: 1R 2R 3R\nafter: [1R 2R 3R]\nfoo: 1\n",
     "unknown key 'foo' (a Rummikub dispute has game, initial, rules, before, rack, after)"),
    ("game: rummikub\nbefore: []\nrak: 1R 2R 3R\nafter: [1R 2R 3R]\n",
     "did you mean 'rack'?"),
])
def test_a_rummikub_dispute_file_is_told_in_rummikub_words(text: str, words: str) -> None:
    code, out, err = run("check", "turn", "-", input=text)
    assert code == 2 and out == "" and words in one_error_line(err)
    assert "hand" not in one_error_line(err)


def test_an_empty_dispute_with_game_rummikub_names_the_rummikub_lines() -> None:
    code, _, err = run("check", "turn", "-", "--game", "rummikub", input="")
    assert code == 2
    assert "has the lines game: rummikub, rack: and after:" in one_error_line(err)


@pytest.mark.parametrize(("meld", "rule", "words"), [
    ("JK=4B 5R 6R", "K7", "JK=4B cannot stand in this set: its joker could be 4R or 7R"),
    ("JK=5R 5R 5K", "K6", "JK=5R cannot stand in this set: its joker could be 5B or 5O"),
])
def test_k13_a_joker_declared_as_a_tile_its_set_cannot_hold_is_named(meld: str, rule: str,
                                                                    words: str) -> None:
    code, out, _ = run("check", "meld", *meld.split(), "--game", "rummikub", "--json")
    problems = json.loads(out)["problems"]
    assert code == 1 and [(p["rule"], p["message"]) for p in problems] == [(rule, words)]


@pytest.mark.parametrize("args", [
    ("deadwood", "5R", "6R", "7R"),
    ("deadwood", "5r,6H"),
    ("check", "knock", "--knocker", "5R 6R 7R 8H 9H 10H JH QH KH AS",
     "--defender", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC"),
])
def test_a_tile_in_a_gin_only_command_is_not_sent_to_game_rummikub(args: tuple[str, ...]
                                                                   ) -> None:
    code, out, err = run(*args)
    line = one_error_line(err)
    assert code == 2 and out == "" and "is a Rummikub tile; the Gin games are played with " \
        "cards" in line
    assert "--game rummikub" not in line


def test_k1_every_tile_three_times_is_one_short_error_line() -> None:
    rack = " ".join(f"{n}{c}" for c in "KBOR" for n in range(1, 14) for _ in range(3))
    code, out, err = run("hint", "--game", "rummikub", "--hand", rack)
    line = one_error_line(err)
    assert code == 2 and out == "" and len(line) < 300
    assert line.endswith("1K appears 3 times, but the set has only 2; 2K appears 3 times, but "
                         "the set has only 2; 3K appears 3 times, but the set has only 2; and "
                         "49 more tiles appear more than 2 times")


def test_k19_an_absurd_rack_total_is_told_in_tiles() -> None:
    _new("Ann", "Ben")
    code, out, err = run("round", "--out", "Ann", "--points", "Ben=" + "9" * 20)
    assert code == 2 and one_error_line(err) == (
        "Error: a rack total of 20 digits is more than all the tiles are worth: give the "
        "points left in the rack, e.g. 12")


def test_a_fix_of_who_played_first_shows_who_before_and_after() -> None:
    _new("Ann", "Ben", "Cy")
    ok("round", "--out", "Ann", "--points", "Ben=10", "--points", "Cy=5")
    lines = ok("fix", "1", "--first", "Cy", "--yes").splitlines()
    assert lines[:2] == [
        "Round 1 was (Ann played first): Ann went out and scores 15: Ben -10, Cy -5.",
        "Round 1 now (Cy played first): Ann went out and scores 15: Ben -10, Cy -5."]
