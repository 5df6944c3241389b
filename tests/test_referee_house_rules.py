"""The referee and the solver under a table's house rules (``--rule NAME=VALUE``, or a
dispute file's ``rules:``): the same figures ``rummy new --rule`` records for a game."""

from __future__ import annotations

import json
from pathlib import Path

from clirun import ok, one_error_line, run, unfolded


def test_r9_ace_low_only_makes_q_k_a_illegal_and_says_why() -> None:
    assert run("check", "meld", "QH", "KH", "AH")[0] == 0  # the book: Q-K-A is a run
    code, out, _ = run("check", "meld", "QH", "KH", "AH", "--rule", "ace_high=no")
    assert code == 1 and "the ace is low only (house rule ace_high=no)" in unfolded(out)
    assert run("check", "meld", "AH", "2H", "3H", "--rule", "ace_high=no")[0] == 0


def test_r7_a_house_minimum_of_four_judges_every_meld_of_a_table() -> None:
    code, out, _ = run("check", "table", "7H 8H 9H / 5S 5H 5D 5C", "--rule", "min_meld=4",
                       "--json")
    verdicts = json.loads(out)
    assert code == 1 and [m["legal"] for m in verdicts["melds"]] == [False, True]


def test_r9_check_turn_under_ace_low_only_from_options_and_from_a_file() -> None:
    args = ["check", "turn", "--before", "JH QH KH", "--hand", "AH 2C", "--after",
            "JH QH KH AH"]
    assert run(*args)[0] == 0
    code, out, _ = run(*args, "--rule", "ace_high=no")
    assert code == 1 and "ace_high=no" in unfolded(out)
    Path("d.yaml").write_text("rules: {ace_high: no}\nbefore: [JH QH KH]\nhand: AH 2C\n"
                              "after: [JH QH KH AH]\n", encoding="utf-8")
    assert run("check", "turn", "d.yaml")[0] == 1
    Path("bad.yaml").write_text("rules: {ace_hi: no}\nbefore: [JH QH KH]\nhand: AH 2C\n"
                                "after: [JH QH KH AH]\n", encoding="utf-8")
    code, _, err = run("check", "turn", "bad.yaml")
    assert code == 2 and one_error_line(err).startswith("Error: bad.yaml: there is no rule")


def test_the_solver_plays_by_the_house_rules_too() -> None:
    doc = json.loads(ok("hint", "--hand", "QH KH AH 5C", "--json"))
    assert doc["cards_played"] == 3
    code, out, _ = run("hint", "--hand", "QH KH AH 5C", "--rule", "ace_high=no", "--json")
    assert code == 1 and json.loads(out)["cards_played"] == 0
    code, out, _ = run("arrange", "QH", "KH", "AH", "--rule", "ace_high=no", "--json")
    assert code == 1 and json.loads(out)["unplaceable"] == ["QH", "KH", "AH"]


def test_a_mistyped_or_unplayable_house_rule_is_one_error_line() -> None:
    code, _, err = run("check", "meld", "7H", "8H", "9H", "--rule", "ace_hgh=no")
    assert code == 2 and "did you mean 'ace_high'" in one_error_line(err)
    code, _, err = run("hint", "--hand", "7H", "--rule", "min_meld=9", "--rule", "max_group=4")
    assert code == 2 and "max_group" in one_error_line(err)
    code, _, err = run("check", "meld", "7H", "8H", "9H", "--rule", "ace_high")
    assert code == 2 and "--rule takes NAME=VALUE, e.g. --rule ace_high=no; got 'ace_high'" \
        in one_error_line(err)


def test_a_gin_game_takes_no_house_rule_here() -> None:
    code, _, err = run("check", "meld", "QS", "KS", "AS", "--game", "gin", "--rule",
                       "ace_high=no")
    assert code == 2 and "--game manipulation, rummikub" in one_error_line(err)


def test_r10_quoted_melds_given_apart_are_melds_apart() -> None:
    """``check table "7H 8H 9H" "QS QH QD"`` is two melds, as it reads (it was one meld of
    six cards); loose cards still need '/' between melds."""
    code, out, _ = run("check", "table", "7H 8H 9H", "QS QH QD", "--json")
    assert code == 0 and len(json.loads(out)["melds"]) == 2
    code, out, _ = run("check", "table", "5R 6R 7R", "9K 9B 9O", "--game", "rummikub")
    assert code == 0 and "2 sets, all legal" in out
    assert run("check", "table", "7H", "8H", "9H", "/", "QS", "QH", "QD")[0] == 0
    assert run("check", "table", "7H 8H 9H", "10H")[0] == 0  # one run, as before
