"""What the referee and the solver say, read as a player reads it: through click's CliRunner.

Going out, forced jokers in a turn, and the wording of every refusal a player can provoke.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_cli.cli import cli


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test touches the user's files: work in a temp folder, no RUMMY_LEDGER."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    return lines[0]


# --- R23: playing every card is going out, not a knock ------------------------------------

def test_r23_hint_says_going_out_not_knock() -> None:
    code, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH QH")
    assert code == 0
    assert "knock" not in out
    assert out.endswith(
        "Left in hand: nothing.\n"
        "You go out: the round ends at once, and you win it with the 25-point going-out "
        "bonus (R17, R23).\n")


def test_r23_hint_json_says_going_out() -> None:
    _, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH QH", "--json")
    doc = json.loads(out)
    assert (doc["hand_after"], doc["goes_out"], doc["may_knock"]) == ([], True, True)
    _, out, _ = run("hint", "--table", "7H 8H 9H", "--hand", "10H JH 2C", "--json")
    assert json.loads(out)["goes_out"] is False


def test_r23_check_turn_says_going_out_not_knock() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "10H JH",
                       "--after", "7H 8H 9H 10H JH")
    assert code == 0
    assert out == (
        "LEGAL turn.\n"
        "Played from hand: 10H JH.  Left in hand: nothing.\n"
        "The player goes out: the round ends at once, and they win it with the 25-point "
        "going-out bonus (R17, R23).\n")


def test_r17_a_small_hand_left_may_still_knock() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "10H 2C",
                       "--after", "7H 8H 9H 10H")
    assert code == 0
    assert out.endswith("Left in hand: 2C (2 points).\n"
                        "The player may knock (5 or fewer points in hand).\n")
    assert "goes out" not in out


def test_r23_an_illegal_turn_that_empties_the_hand_is_not_going_out() -> None:
    code, out, _ = run("check", "turn", "--before", "7H 8H 9H", "--hand", "10H JS",
                       "--after", "7H 8H 9H 10H JS", "--json")
    doc = json.loads(out)
    assert code == 1 and doc["hand_after"] == [] and doc["goes_out"] is False


# --- R13: a legal turn says what a forced joker stands for --------------------------------

def test_r13_legal_turn_names_forced_joker() -> None:
    code, out, _ = run("check", "turn", "--before", "9D 9S 9C", "--hand", "JK 2C",
                       "--after", "9D 9S 9C JK")
    assert code == 0
    assert out.splitlines()[:2] == [
        "LEGAL turn.",
        "In 9D 9S 9C JK the joker stands for 9H: the only card that fits (R13).",
    ]


def test_r13_legal_turn_names_every_forced_joker_and_json_lists_them() -> None:
    args = ("check", "turn", "--before", "9D 9S 9C", "--hand", "JK 2C JK 5C 4C",
            "--after", "9D 9S 9C JK / 2C JK 4C 5C")
    code, out, _ = run(*args)
    assert code == 0
    assert out.splitlines()[1:3] == [
        "In 9D 9S 9C JK the joker stands for 9H: the only card that fits (R13).",
        "In 2C JK 4C 5C the joker stands for 3C: the only card that fits (R13).",
    ]
    _, out, _ = run(*args, "--json")
    assert json.loads(out)["forced"] == ["9H", "3C"]
    code, out, _ = run("check", "turn", "--hand", "2C JK JK 5C", "--after", "2C JK JK 5C")
    assert "In 2C JK JK 5C the jokers stand for 3C and 4C: the only cards that fit" in out
