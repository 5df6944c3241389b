"""The Rummikub turn referee: K8-K16, the opening (K9, K10), E2-E8, every code and option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import one_error_line, run, unfolded
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.errors import UnusableInputError
from rummy_cli.games.rummikub.rules import PRESETS, RUMMIKUB, RummikubRules
from rummy_cli.games.rummikub.suggest import suggest
from rummy_cli.games.rummikub.turn import TurnVerdict, judge_turn
from rummy_cli.tiles import parse_tile_table, parse_tiles

STRICT = PRESETS["rummikub-strict"]


def rules(**options: str) -> RummikubRules:
    return RUMMIKUB.with_house_rules(options)


def judge(before: str, rack: str, after: str, rules: RummikubRules = RUMMIKUB,
          initial: bool = False) -> TurnVerdict:
    return judge_turn(parse_tile_table(before), parse_tiles(rack), parse_tile_table(after),
                      rules=rules, initial=initial)


def codes(v: TurnVerdict) -> list[str]:
    return [x.code for x in v.violations]


# --- the examples -----------------------------------------------------------------------

E2_RACK = "10K 10B 10R 4O 5O 6O 2K 9B 11R 3R 13O 1K 7B 8K"
E3_RACK = "5K 5B 5R 5O 2O 3O 4O 9K 11B 13R 7K 12B 8R 1K"
E7_TABLE, E7_RACK = "5O JK 7O / 3K 4K 5K", "6O 11B 12B 2R"
E7_BROKEN = ("1K 2K JK / 1B 1O 1R / 2B 2O 2R", "11R 12R 5K",
             "1K 1B 1O 1R / 2K 2B 2O 2R / 11R 12R JK")


def test_e2_a_legal_opening() -> None:
    v = judge("", E2_RACK, "10K 10B 10R", initial=True)
    assert v.legal and v.opening_value == 30 and v.melded
    v = judge("", E2_RACK, "10K 10B 10R / 4O 5O 6O", initial=True)
    assert v.legal and v.opening_value == 45 and len(v.played) == 6


@pytest.mark.parametrize("after", ["5K 5B 5R / 2O 3O 4O 5O", "5K 5B 5O 5R / 2O 3O 4O"])
def test_e3_29_is_short(after: str) -> None:
    v = judge("", E3_RACK, after, initial=True)
    assert codes(v) == ["opening-too-low"] and v.opening_value == 29


def test_e4_a_table_tile_in_the_opening() -> None:
    v = judge("10K 11K 12K", "13K 9B 9R 9O 2B 6R", "10K 11K 12K 13K / 9B 9R 9O", initial=True)
    assert sorted(codes(v)) == ["opening-too-low", "opening-used-table"]
    assert v.opening_value == 27


def test_e4_opening_turn_continue_lets_13k_join_the_run() -> None:
    before, rack = "10K 11K 12K", "13K 9K 9B 9R 9O 2B 6R"
    after = "10K 11K 12K 13K / 9K 9B 9R 9O"
    assert codes(judge(before, rack, after, initial=True)) == ["opening-used-table"]
    v = judge(before, rack, after, rules(opening_turn="continue"), initial=True)
    assert v.legal and v.opening_value == 36 and len(v.played) == 5


def test_e5_a_joker_in_the_opening() -> None:
    rack = "9R 10R JK 2K 4B 11O 6K"
    v = judge("", rack, "9R 10R JK", initial=True)
    assert v.legal and v.opening_value == 30
    assert codes(judge("", "8R 9R JK 2K", "8R 9R JK", initial=True)) == ["opening-too-low"]
    v = judge("", rack, "9R 10R JK", rules(opening_joker="zero"), initial=True)
    assert codes(v) == ["opening-too-low"] and v.opening_value == 19
    assert codes(judge("", rack, "9R 10R JK", rules(opening="31"), initial=True)) == [
        "opening-too-low"]


def test_e6_a_manipulation() -> None:
    v = judge("8K 8B 8O 8R / 10B 11B 12B", "9B 6K 7K 13R",
              "8B 8O 8R / 6K 7K 8K / 9B 10B 11B 12B")
    assert v.legal and [str(t) for t in v.played] == ["6K", "7K", "9B"]
    assert [str(t) for t in v.hand_after] == ["13R"] and v.hand_points == 13


def test_e7_a_joker_freed_and_used() -> None:
    v = judge(E7_TABLE, E7_RACK, "5O 6O 7O / 3K 4K 5K / 11B 12B JK")
    assert v.legal and len(v.played) == 3 and v.hand_points == 2


def test_e7_broken_up_is_joker_changed_unless_joker_free_rearrange() -> None:
    assert codes(judge(*E7_BROKEN)) == ["joker-changed"]
    v = judge(*E7_BROKEN, rules(joker_free="rearrange"))
    assert v.legal and len(v.played) == 2


def test_e8_a_freed_joker_kept_is_card_removed_and_a_suggestion_is_found() -> None:
    v = judge(E7_TABLE, E7_RACK, "5O 6O 7O / 3K 4K 5K")
    assert [(x.code, x.rule) for x in v.violations] == [("card-removed", "K15")]
    found = suggest(parse_tile_table(E7_TABLE), parse_tiles(E7_RACK), v.played)
    assert found is not None
    assert judge_turn(parse_tile_table(E7_TABLE), parse_tiles(E7_RACK), found).legal


# --- K8-K16, one rule at a time ---------------------------------------------------------

def test_k8_every_set_after_the_turn_is_legal() -> None:
    v = judge("5R 6R 7R", "8R 9K", "5R 6R 7R 8R 9K")
    assert [(x.code, x.rule) for x in v.violations] == [("illegal-meld", "K7")]
    assert v.violations[0].message.startswith("set 1 (5R 6R 7R 8R 9K): ")


def test_k3_an_unchanged_table_is_legal_and_nothing_melded() -> None:
    v = judge("5R 6R 7R / 9K 9B 9O", "8R", "9B 9O 9K / 7R 5R 6R")
    assert v.legal and not v.melded and not v.played and not v.goes_out


def test_k3_a_forced_joker_written_declared_is_the_same_table() -> None:
    v = judge("5R JK 7R", "8R", "5R JK=6R 7R")
    assert v.legal and not v.melded


def test_k3_not_in_hand() -> None:
    v = judge("5R 6R 7R", "8R", "5R 6R 7R 8R 9R")
    assert [(x.code, x.rule) for x in v.violations] == [("not-in-hand", "K3")]
    assert codes(judge("5R 6R 7R", "8R", "5R 6R 7R 8R JK")) == ["not-in-hand"]


def test_k11_rearranging_after_the_opening() -> None:
    v = judge("1R 2R 3R 4R 5R 6R / 7O 7K 7B", "7R 3K 3B", "1R 2R 3R / 4R 5R 6R 7R / 7O 7K 7B")
    assert v.legal and [str(t) for t in v.played] == ["7R"]
    v = judge("8K 8B 8O 8R", "8K 8B 8R 8O 10K 12K", "8B 8O 8R / 8K JK 10K")
    assert v.legal is False  # no joker in the rack


def test_k12a_nothing_played() -> None:
    v = judge("1R 2R 3R 4R 5R 6R", "9K", "1R 2R 3R / 4R 5R 6R")
    assert [(x.code, x.rule) for x in v.violations] == [("nothing-played", "K12a")]
    assert v.violations[0].message.startswith("the table was rearranged but no tile came "
                                              "from the rack")


@pytest.mark.parametrize("after", ["5R 6R 7R 8R", "5R 6R 7R JK", "5R 6R / 7R 8R 9R"])
def test_k12a_a_tile_from_nowhere_is_no_tile_from_the_rack(after: str) -> None:
    # K3 and K12a are both broken: the new tile is not in the rack, and no tile came from it;
    # but the table was added to, not (only) rearranged, and the message says no more
    code, out, _ = run("check", "turn", "--game", "rummikub", "--before", "5R 6R 7R",
                       "--rack", "1K", "--after", after, "--json")
    assert code == 1
    found = {(x["code"], x["rule"]): x["message"] for x in json.loads(out)["violations"]}
    assert ("not-in-hand", "K3") in found
    assert found[("nothing-played", "K12a")] == (
        "no tile came from the rack (the tiles new on the table are not in it): a play adds at "
        "least one tile from the rack")


def test_k12b_a_tile_back_to_the_rack_is_card_removed() -> None:
    v = judge("2R 3R 4R 5R", "6R", "3R 4R 5R 6R")
    assert [(x.code, x.rule) for x in v.violations] == [("card-removed", "K12b")]
    assert [str(t) for t in v.hand_after] == []  # 2R is not counted as played or held


def test_k13_a_joker_may_stand_for_a_tile_whose_copies_are_on_the_table() -> None:
    assert judge("6R 6B 6K / 6R 6O 6B", "5R 7R JK", "6R 6B 6K / 6R 6O 6B / 5R JK 7R").legal


def test_k14_joker_freed_by_table_tile() -> None:
    before = "5O JK 7O / 6K 6B 6O 6R"
    after = "5O 6O 7O / 6K 6B 6R / 11B 12B JK"
    assert judge(before, "11B 12B", after).legal
    v = judge(before, "11B 12B", after, rules(joker_swap="rack"))
    assert [(x.code, x.rule) for x in v.violations] == [("joker-from-table", "K14")]


def test_k14_joker_keeping_one_of_its_values_is_not_freed() -> None:
    assert judge("5R 6R JK", "8R", "5R 6R JK 8R").legal  # the joker stays 7R
    assert judge("5R 6R JK", "4R 3R", "3R 4R 5R 6R JK").legal  # 4R or 7R: still 7R


def test_k14_one_real_tile_frees_every_joker_that_stood_for_it() -> None:
    before = "5O JK 7O / 5O JK 7O"
    after = "5O 6O 7O / 5O 6O 7O / 1K 2K JK / 1B 2B JK"
    assert judge(before, "6O 6O 1K 2K 1B 2B", after).legal


def test_k14_the_joker_of_a_group_is_freed_by_either_missing_colour() -> None:
    v = judge("7K 7B JK", "7R 12B 13B", "7K 7B 7R / 12B 13B JK")
    assert v.legal


def test_k15_freed_joker_not_played_again() -> None:
    v = judge("7K 7B JK", "7R", "7K 7B 7R")
    assert [(x.code, x.rule) for x in v.violations] == [("card-removed", "K15")]


def test_k15_freed_joker_new_set() -> None:
    new_set = rules(freed_joker="new-set")
    assert judge(E7_TABLE, E7_RACK, "5O 6O 7O / 3K 4K 5K / 11B 12B JK", new_set).legal
    v = judge(E7_TABLE, E7_RACK, "5O 6O 7O / 3K 4K 5K JK", new_set)
    assert [(x.code, x.rule) for x in v.violations] == [("joker-not-in-new-set", "K15")]


def test_k16_joker_group_both() -> None:
    both = rules(joker_group="both")
    v = judge("7K 7B JK", "7R 12B 13B", "7K 7B 7R / 12B 13B JK", both)
    assert [(x.code, x.rule) for x in v.violations] == [("joker-group-incomplete", "K16")]
    assert judge("7K 7B JK", "7R 7O 12B 13B", "7K 7B 7R 7O / 12B 13B JK", both).legal


def test_k16_joker_sets_locked() -> None:
    locked = rules(joker_sets="locked")
    before = "3R 4R JK 6R 7R"
    assert judge(before, "8R", "3R 4R JK 6R 7R 8R", locked).legal  # extended
    v = judge(before, "8R 9R", "3R 4R JK / 6R 7R 8R 9R", locked)
    assert [(x.code, x.rule) for x in v.violations] == [("joker-set-broken", "K16")]
    assert judge(before, "8R 9R", "3R 4R JK / 6R 7R 8R 9R").legal  # open: may be split


def test_k16_locked_set_may_be_split_once_its_joker_is_freed() -> None:
    locked = rules(joker_sets="locked")
    assert judge("3R 4R JK 6R", "5R 9K 10K", "3R 4R 5R 6R / 9K 10K JK", locked).legal


def test_settled_14_strict_joker_taken_without_its_tiles() -> None:
    assert codes(judge(*E7_BROKEN, STRICT)) == ["joker-set-broken", "joker-changed"]


def test_strict_preset_joker_swap_rack() -> None:
    before = "5O JK 7O / 6K 6B 6O 6R"
    v = judge(before, "11B 12B", "5O 6O 7O / 6K 6B 6R / 11B 12B JK", STRICT)
    assert "joker-from-table" in codes(v)


def test_k9_opening_joker_no() -> None:
    v = judge("", "9R 10R JK 11B 12B 13B", "9R 10R JK / 11B 12B 13B", rules(opening_joker="no"),
              initial=True)
    assert codes(v) == ["opening-joker"] and v.opening_value == 36


def test_k9_opening_zero_means_no_minimum() -> None:
    assert judge("", "1R 2R 3R", "1R 2R 3R", rules(opening="0"), initial=True).legal


def test_k10_no_joker_taken_before_the_opening() -> None:
    v = judge("5O JK 7O", "6O 10K 10B 10R", "5O 6O 7O / 10K 10B 10R JK", initial=True)
    assert "opening-used-table" in codes(v)


def test_k10_an_opening_drawing_is_legal() -> None:
    v = judge("5R 6R 7R", "1K", "5R 6R 7R", initial=True)
    assert v.legal and not v.melded and v.opening_value == 0


def test_k17_an_opening_may_empty_the_rack() -> None:
    v = judge("", "10K 10B 10R", "10K 10B 10R", initial=True)
    assert v.legal and v.goes_out and v.hand_points == 0


def test_k7_ones_high_in_a_turn() -> None:
    assert judge("11R 12R 13R", "1R", "11R 12R 13R 1R", rules(ones="high")).legal
    assert codes(judge("11R 12R 13R", "1R", "11R 12R 13R 1R")) == ["illegal-meld"]


def test_k19_hand_points_count_a_joker_by_the_rule() -> None:
    assert judge("", "JK 5R", "").hand_points == 35
    assert judge("", "JK 5R", "", rules(joker_points="50")).hand_points == 55


@pytest.mark.parametrize(("before", "rack", "words"), [
    ("5R 6R 7R", "JK=8R", "a joker in a rack stands for nothing yet"),
    ("5R 6R 7R / 7R 7B 7K", "7R", "7R appears 3 times"),
    ("JK 5R 6R / 8K JK 10K", "JK", "3 jokers, but the set has only 2"),
    ("5R 6R", "7R", "the table before the turn is not legal"),
])
def test_unusable_input(before: str, rack: str, words: str) -> None:
    with pytest.raises(UnusableInputError, match=words):
        judge(before, rack, before)


def test_every_violation_is_reported() -> None:
    v = judge("1K 2K JK / 5R 6R 7R", "9B", "1K 2K 4K / 5R 6R / 9B 9K 8K")
    assert sorted(set(codes(v))) == ["card-removed", "illegal-meld", "not-in-hand"]


# --- laws that hold for every turn ------------------------------------------------------

legal_sets = st.sampled_from(["5R 6R 7R", "7K 7B 7O", "10B 11B 12B 13B", "1O 2O 3O",
                              "9K 9B 9O 9R", "4K 5K JK", "12R 13R JK", "2B 2R 2K"])
tables = st.lists(legal_sets, min_size=0, max_size=3)


@settings(max_examples=60)
@given(tables, legal_sets, st.sampled_from(list(PRESETS)))
def test_law_adding_a_new_set_of_rack_tiles_after_opening_is_legal(
        table: list[str], new: str, preset: str) -> None:
    before = " / ".join(table)
    after = " / ".join([*table, new])
    try:
        v = judge(before, new, after, PRESETS[preset])
    except UnusableInputError:  # more copies or jokers than the set holds
        return
    assert v.legal and v.melded and sorted(map(str, v.played)) == sorted(new.split())


@settings(max_examples=60)
@given(tables.filter(bool), st.data())
def test_law_a_tile_moved_back_to_the_rack_is_card_removed(
        table: list[str], data: st.DataObject) -> None:
    sets = [s.split() for s in table]
    i = data.draw(st.integers(0, len(sets) - 1))
    j = data.draw(st.integers(0, len(sets[i]) - 1))
    taken = sets[i].pop(j)
    try:
        v = judge(" / ".join(table), "", " / ".join(" ".join(s) for s in sets))
    except UnusableInputError:
        return
    assert "card-removed" in codes(v) and not v.legal
    if taken != "JK":
        assert any(taken in x.message for x in v.violations if x.code == "card-removed")


@settings(max_examples=40)
@given(tables)
def test_law_an_unchanged_table_is_legal_whatever_the_preset(table: list[str]) -> None:
    before = " / ".join(table)
    for preset in PRESETS.values():
        try:
            v = judge(before, "1K", " / ".join(reversed(table)), preset, initial=True)
        except UnusableInputError:
            return
        assert v.legal and not v.melded


# --- check turn at the command line -----------------------------------------------------

def test_cli_e7_legal_turn() -> None:
    code, out, _ = run("check", "turn", "--game", "rummikub", "--before", E7_TABLE, "--rack",
                       E7_RACK, "--after", "5O 6O 7O / 3K 4K 5K / 11B 12B JK")
    assert code == 0
    assert out.splitlines() == [
        "LEGAL turn.",
        "  11B 12B JK  (JK stands for 10B or 13B)",
        "Played from the rack: 11B 12B 6O.  Left in the rack: 2R (2 points).",
    ]


def test_cli_e8_json_fields_exactly() -> None:
    code, out, _ = run("check", "turn", "--game", "rummikub", "--before", E7_TABLE, "--hand",
                       E7_RACK, "--after", "5O 6O 7O / 3K 4K 5K", "--json")
    assert code == 1
    doc = json.loads(out)
    assert list(doc) == ["legal", "violations", "played", "hand_after", "hand_points",
                         "goes_out", "opening_value", "melded", "suggestion"]
    assert doc["violations"][0]["code"] == "card-removed"
    assert doc["violations"][0]["rule"] == "K15"
    assert doc["played"] == ["6O"] and doc["hand_after"] == ["11B", "12B", "2R"]
    assert doc["hand_points"] == 25 and doc["goes_out"] is False
    assert doc["opening_value"] is None and doc["melded"] is True
    assert sorted(map(sorted, doc["suggestion"])) == [["3K", "4K", "5K"],
                                                      ["5O", "6O", "7O", "JK"]]


def test_cli_e8_text_offers_the_suggestion() -> None:
    code, out, _ = run("check", "turn", "--game", "rummikub", "--before", E7_TABLE, "--rack",
                       E7_RACK, "--after", "5O 6O 7O / 3K 4K 5K")
    assert code == 1
    assert "card-removed (K15)" in out
    assert "These same tiles can be arranged legally:" in out


def test_cli_e4_initial() -> None:
    code, out, _ = run("check", "turn", "--game", "rummikub", "--initial", "--before",
                       "10K 11K 12K", "--rack", "13K 9B 9R 9O 2B 6R", "--after",
                       "10K 11K 12K 13K / 9B 9R 9O", "--json")
    assert code == 1
    doc = json.loads(out)
    assert {x["code"] for x in doc["violations"]} == {"opening-too-low",
                                                      "opening-used-table"}
    assert doc["opening_value"] == 27 and doc["suggestion"] is None


def test_cli_goes_out() -> None:
    code, out, _ = run("check", "turn", "--game", "rummikub", "--before", "5R 6R 7R",
                       "--rack", "8R", "--after", "5R 6R 7R 8R", "--json")
    assert code == 0 and json.loads(out)["goes_out"] is True


def test_cli_rule_option_and_strict_preset() -> None:
    args = ("check", "turn", "--before", E7_BROKEN[0], "--rack", E7_BROKEN[1], "--after",
            E7_BROKEN[2])
    assert run(*args, "--game", "rummikub")[0] == 1
    assert run(*args, "--game", "rummikub", "--rule", "joker_free=rearrange")[0] == 0
    code, out, _ = run(*args, "--game", "rummikub-strict", "--json")
    assert code == 1
    assert [x["code"] for x in json.loads(out)["violations"]] == ["joker-set-broken",
                                                                  "joker-changed"]


def test_cli_dispute_file(tmp_path: Path) -> None:
    path = tmp_path / "dispute.yaml"
    path.write_text("game: rummikub\ninitial: false\nrules: {joker_swap: rack}\n"
                    "before: [5O JK 7O, 6K 6B 6O 6R]\nrack: 11B 12B\n"
                    "after: [5O 6O 7O, 6K 6B 6R, 11B 12B JK]\n", encoding="utf-8")
    code, out, _ = run("check", "turn", str(path), "--json")
    assert code == 1
    assert [x["code"] for x in json.loads(out)["violations"]] == ["joker-from-table"]
    code, _, _ = run("check", "turn", str(path), "--rule", "joker_swap=any")
    assert code == 0


def test_cli_dispute_file_initial_and_hand(tmp_path: Path) -> None:
    path = tmp_path / "opening.json"
    path.write_text(json.dumps({"game": "rummikub", "initial": True, "rules": {"opening": 30},
                                "hand": ["9R", "10R", "JK", "2K"],
                                "after": [["9R", "10R", "JK"]]}), encoding="utf-8")
    code, out, _ = run("check", "turn", str(path), "--json")
    assert code == 0 and json.loads(out)["opening_value"] == 30
    path.write_text(json.dumps({"game": "rummikub", "initial": True, "rules": {"opening": 31},
                                "hand": "9R 10R JK 2K", "after": "9R 10R JK"}))
    assert run("check", "turn", str(path))[0] == 1


def test_cli_the_game_option_reads_a_file_without_game(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("before: 5R 6R 7R\nrack: 8R\nafter: 5R 6R 7R 8R\n", encoding="utf-8")
    assert run("check", "turn", str(path), "--game", "rummikub")[0] == 0
    code, _, err = run("check", "turn", str(path))
    assert code == 2 and "tiles go with --game rummikub" in one_error_line(err)


@pytest.mark.parametrize(("text", "words"), [
    ("game: rummikub\nrack: JK=8R\nafter: 5R 6R 7R\n", "a joker in a rack"),
    ("game: rummikub\ndecks: 2\nrack: 8R\nafter: 5R 6R 7R\n", "'decks' does not apply"),
    ("game: rummikub\nrules: {ones: sideways}\nrack: 8R\nafter: 5R 6R 7R\n",
     "rule 'ones' is one of low, high, wrap"),
    ("game: rummikub\ninitial: maybe\nrack: 8R\nafter: 5R 6R 7R\n", "initial is true or false"),
    ("game: rummikub\nbefore: 5R 6R\nrack: 8R\nafter: 5R 6R 8R\n",
     "the table before the turn is not legal"),
    ("game: rummikub\nbefore: [5R 6R 7R, 7R 7B 7K]\nrack: 7R\nafter: 5R 6R 7R\n",
     "7R appears 3 times"),
    ("game: rummikub\nrack: 8H\nafter: 5R 6R 7R\n", "is a playing card"),
    ("game: rummikub\nrack: 8R\n", "'after' is missing"),
    ("game: canasta\nrack: 8R\nafter: 5R 6R 7R\n", "'canasta'"),
    ("initial: true\nhand: 8H\nafter: 5H 6H 7H\n", "belongs to a Rummikub dispute"),
])
def test_cli_unusable_dispute_files_exit_2(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("check", "turn", str(path))
    assert code == 2 and out == ""
    assert words in one_error_line(err)


@pytest.mark.parametrize(("extra", "words"), [
    (("--decks", "2"), "--decks does not apply to Rummikub"),
    (("--draws", "2"), "--draws does not apply to Rummikub"),
    (("--rule", "nonsense=1"), "there is no Rummikub rule"),
])
def test_cli_refused_options(extra: tuple[str, ...], words: str) -> None:
    code, _, err = run("check", "turn", "--game", "rummikub", "--before", "5R 6R 7R",
                       "--rack", "8R", "--after", "5R 6R 7R 8R", *extra)
    assert code == 2 and words in unfolded(one_error_line(err))


def test_cli_card_turn_refuses_initial_and_other_games() -> None:
    code, _, err = run("check", "turn", "--before", "5H 6H 7H", "--hand", "8H", "--after",
                       "5H 6H 7H 8H", "--initial")
    assert code == 2 and "--game rummikub" in one_error_line(err)
    code, _, err = run("check", "turn", "--before", "5H 6H 7H", "--hand", "8H", "--after",
                       "5H 6H 7H 8H", "--game", "gin")
    assert code == 2 and "'gin' is not one of the games this command takes" in \
        one_error_line(err)


def test_cli_card_turn_takes_rack_as_hand() -> None:
    assert run("check", "turn", "--before", "5H 6H 7H", "--rack", "8H", "--after",
               "5H 6H 7H 8H")[0] == 0


def test_cli_missing_rack() -> None:
    code, _, err = run("check", "turn", "--game", "rummikub", "--after", "5R 6R 7R")
    assert code == 2 and "--rack" in one_error_line(err)


def test_settled_5_a_joker_at_the_end_of_a_longer_run() -> None:
    v = judge("5O JK 7O", "6O", "5O 6O 7O JK")
    assert v.legal and v.goes_out


def test_k14_a_declared_joker_redeclared_needs_its_tile() -> None:
    assert judge("5R 6R JK=7R", "7R", "5R 6R 7R JK=4R").legal
    assert codes(judge("5R 6R JK=7R", "4R", "4R 5R 6R JK=3R")) == ["joker-changed"]
    assert codes(judge("5R 6R JK=7R / 9K 10K 11K", "12K",
                       "5R 6R 7R / 9K 10K 11K 12K JK")) == ["not-in-hand"]


def test_cli_a_file_naming_no_known_game(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("game: [1]\nrack: 1R\nafter: 1R\n", encoding="utf-8")
    code, _, err = run("check", "turn", str(path))
    assert code == 2 and "d.yaml: game: '[1]'" in one_error_line(err)


def test_settled_1_two_jokers_of_a_set_are_read_together() -> None:
    # 1B JK JK is 1B 2B 3B or a group of 1s: extended either way, its jokers keep a reading
    assert judge("1B JK JK", "4B", "1B JK JK 4B").legal
    assert judge("1B JK JK", "1K", "1B 1K JK JK").legal
    # 1B 2B JK JK 5B: the jokers stood for 3B and 4B; the 4B one stays in 5B 6B JK, the 3B
    # one goes to 8K 9K JK without its tile
    v = judge("1B 2B JK JK 5B", "8K 9K 1O 1R 6B 2K 2R",
              "1B 1O 1R / 2B 2K 2R / 5B 6B JK / 8K 9K JK")
    assert codes(v) == ["joker-changed"] and "stood for 3B" in v.violations[0].message
    assert judge("1B 2B JK JK 5B", "8K 9K 1O 1R 6B 2K 2R 3B",
                 "1B 1O 1R / 2B 2K 2R / 3B 5B 6B JK / 8K 9K JK").legal


def test_many_jokers_and_readings_are_judged_at_once() -> None:
    xp = PRESETS["rummikub-xp"]
    v = judge("1K JK JK / 5R JK JK", "9B 10B 11B", "1K JK JK JK JK / 5R 9B 10B 11B", xp)
    assert not v.legal


def test_k10_continue_the_played_tiles_include_the_opening_sets() -> None:
    """Settled point 2: under ``continue`` the tiles played need only include sets of their
    own worth the opening; the rest of the turn is any turn, so the 10s may take the joker
    the 6O freed."""
    args = ("--game", "rummikub", "--rule", "opening_turn=continue", "--initial", "--json")
    code, out, _ = run("check", "turn", *args, "--before", "5O JK 7O", "--rack",
                       "6O 10K 10B 10R", "--after", "5O 6O 7O / 10K 10B 10R JK")
    doc = json.loads(out)
    assert code == 0 and doc["legal"] and doc["opening_value"] == 30
    # under alone the same turn changed the table's set and took its joker
    code, out, _ = run("check", "turn", *args[:2], "--initial", "--json", "--before",
                       "5O JK 7O", "--rack", "6O 10K 10B 10R", "--after",
                       "5O 6O 7O / 10K 10B 10R JK")
    assert code == 1 and "opening-used-table" in {v["code"] for v in json.loads(out)["violations"]}
    hint = json.loads(run("hint", *args, "--table", "5O JK 7O", "--hand", "6O 10K 10B 10R")[1])
    assert hint["cards_played"] == 4 and hint["goes_out"] and hint["opening_value"] == 30
