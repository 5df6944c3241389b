"""What a player types or hand-edits, read by one rule everywhere: zero-width spaces in cards
and tiles, digits 0-9 only, -0 as 0; and quoted back cut and escaped, never whole or raw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run

LEDGER = Path("rummy-ledger.yaml")


def _night_with_a_round() -> str:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2")
    return LEDGER.read_text(encoding="utf-8")


def _edit(old: str, new: str) -> bytes:
    text = _night_with_a_round()
    assert old in text
    LEDGER.write_text(text.replace(old, new, 1), encoding="utf-8")
    return LEDGER.read_bytes()


# --- values quoted back ----------------------------------------------------------------

def test_a_huge_hand_edited_value_is_cut_in_the_warning() -> None:
    _edit("  - round: 1\n", "  - round: '" + "x " * 1_000_000 + "'\n")
    code, _, err = run("standings")
    assert code == 0
    assert len(err) < 500 and "(2000000 characters)" in err
    assert err.startswith("Warning: rummy-ledger.yaml: round 1: it says 'round: x x x")


def test_a_nul_in_a_hand_edited_value_is_shown_as_its_escape() -> None:
    _edit("    dealer: Ann\n", '    dealer: "B\\0en"\n')
    code, _, err = run("history")
    assert code == 0
    assert "\x00" not in err and "it says 'dealer: B\\x00en', but by R4 Ann dealt it" in err


def test_odd_stored_scores_are_cut_in_the_warning() -> None:
    _edit("scores: {Ann: 1, Ben: 0}", "scores: {Ann: '" + "y " * 1_000_000 + "', Ben: 0}")
    code, _, err = run("standings")
    assert code == 0 and len(err) < 500 and "using the recomputed ones (Ann 1, Ben 0)" in err


def test_a_huge_value_in_a_ledger_error_is_cut_to_one_short_line() -> None:
    before = _edit("- game: manipulation-rummy", "- game: '" + "z " * 1_000_000 + "'")
    code, _, err = run("round", "--stock-out", "--points", "Ann=1", "--points", "Ben=2")
    assert code == 2
    line = one_error_line(err)
    assert len(line) < 500 and "is not a game this rummy scores" in line
    assert LEDGER.read_bytes() == before


def test_a_nul_in_a_hand_edited_game_is_shown_as_its_escape() -> None:
    _edit("- game: manipulation-rummy", '- game: "gin\\0"')
    code, _, err = run("standings")
    assert code == 2 and "'gin\\x00' is not a game" in one_error_line(err)


@pytest.mark.parametrize("blank", ["- game:", "- game: ''", "- game: ~"])
def test_a_blank_game_line_says_it_is_blank(blank: str) -> None:
    _edit("- game: manipulation-rummy", blank)
    code, _, err = run("standings")
    line = one_error_line(err)
    assert code == 2 and "None" not in line
    assert "games[0].game: is blank; write one of manipulation-rummy, gin" in line


# --- zero-width spaces: ignored in a card or tile, a space between two -----------------

@pytest.mark.parametrize("meld", [["9\u200bH", "10H", "JH"], ["9H\u200b10H", "JH"],
                                  ["1\u200b0H", "J\u2060H", "Q\ufeffH\ufe0f"]])
def test_a_zero_width_space_in_a_card_is_ignored(meld: list[str]) -> None:
    code, out, _ = run("check", "meld", *meld)
    assert code == 0 and out.startswith("LEGAL run")


def test_a_zero_width_space_in_a_hand_is_ignored_in_the_ledger() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    ok("round", "--knock", "Ann", "--hand", "Ann=3\u200bC", "--hand", "Ben=9\u200bH 2D")
    hands = json.loads(ok("history", "--json"))["rounds"][0]["hands"]
    assert hands == {"Ann": ["3C"], "Ben": ["9H", "2D"]}


@pytest.mark.parametrize("meld", [["5\u200bR", "6R", "7R"], ["5R\u200b6R", "7R\ufe0f"],
                                  ["1\u200b3R", "JK", "11R"]])
def test_a_zero_width_space_in_a_tile_is_ignored(meld: list[str]) -> None:
    code, out, _ = run("check", "meld", *meld, "--game", "rummikub")
    assert code == 0 and out.startswith("LEGAL run")


# --- one rule for digits -----------------------------------------------------------------

@pytest.mark.parametrize(("tile", "hint"), [("\u0665R", "5R"), ("JK=\u0665R", "5R"),
                                            ("\u0661\u0663K", "13K")])
def test_digits_of_other_scripts_are_refused_in_tiles_as_in_points(tile: str,
                                                                   hint: str) -> None:
    code, _, err = run("check", "meld", tile, "6R", "7R", "--game", "rummikub")
    assert code == 2
    assert one_error_line(err).endswith(f"write its number in the digits 0-9, e.g. {hint}")
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    code, _, err = run("round", "--stock-out", "--points", "Ann=\u0663", "--points", "Ben=2")
    assert code == 2 and "(digits 0-9)" in one_error_line(err)


# --- -0 is 0 -------------------------------------------------------------------------------

def test_points_minus_zero_is_zero_points() -> None:
    ok("new", "Ann", "Ben", "--dealer", "Ann")
    doc = json.loads(ok("round", "--knock", "Ann", "--points", "Ann=-0", "--points",
                        "Ben=12", "--json"))
    assert doc["hand_points"] == {"Ann": 0, "Ben": 12}
    code, _, err = run("round", "--knock", "Ann", "--points", "Ann=-1", "--points", "Ben=2")
    assert code == 2 and "cannot be negative" in one_error_line(err)


# --- completion --json ---------------------------------------------------------------------

@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_json_gives_the_shells_script(shell: str) -> None:
    doc = json.loads(ok("completion", shell, "--json"))
    assert doc["shell"] == shell and ok("completion", shell) == doc["script"] + "\n"
    assert f"rummy completion {shell}" in doc["install"]
