"""The Gin family's scorekeeping as its package says it (games/gin/keeping): its questions
asked through any Asker, with no terminal and no click, and its options as the commands
refuse them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from clirun import ok, one_error_line, run

from rummy_cli.asking import BACK_WORDS, Back
from rummy_cli.errors import RummyError
from rummy_cli.games.gin import GAME
from rummy_cli.games.gin.game import GinGame, new_game
from rummy_cli.games.protocol import Scorekeeping
from rummy_cli.hands import HandEntry

T = TypeVar("T")
NOTHING_GIVEN = {"knock": None, "dead": False, "hands": (), "points": (), "upcard": None,
                 "melds": (), "big_gin": False}


class ListAsker:
    """An Asker that answers from a list, as a player at a table would type them, and keeps
    what is said to the players."""

    def __init__(self, *answers: str) -> None:
        self.answers: list[str] = list(answers)
        self.said: list[str] = []

    def ask(self, question: str, convert: Callable[[str], T], default: str | None = None) -> T:
        while True:
            typed = self.answers.pop(0)
            self.said.append(f"{question}: {typed}")
            try:
                return convert(typed or default or "")
            except RummyError as exc:
                self.said.append(f"refused: {exc}")

    def given_or_asked(self, label: str, given: HandEntry | None,
                       convert: Callable[[str], T], default: str | None = "") -> T:
        return convert(str(given)) if given is not None else self.ask(label, convert, default)

    def yes_no(self, question: str, default: bool) -> bool:
        typed = self.answers.pop(0)
        return default if not typed else typed == "y"

    def confirm(self, question: str) -> bool:
        typed = self.answers.pop(0)
        if typed in BACK_WORDS:
            raise Back
        return typed in ("", "y")

    def say(self, text: str) -> None:
        self.said.append(text)

    def refused(self, why: RummyError) -> None:
        self.said.append(f"refused: {why}")


def gin_game() -> GinGame:
    return new_game(("Ann", "Ben"), dealer="Ben")


def keeping() -> Scorekeeping:
    assert GAME.scorekeeping is not None
    return GAME.scorekeeping()


def test_a_gin_hand_is_asked_through_any_asker_with_no_terminal() -> None:
    game = gin_game()
    asker = ListAsker("Ann", "3", "150", "20", "back", "Ben", "0", "40", "y")
    enter = keeping().asked(game, NOTHING_GIVEN, asker, yes=False)
    assert enter is not None
    played = enter(game)
    assert played.sheet().said(1).startswith("Ben went gin and wins: 65 points")
    assert asker.said[0] == "Hand 1 (Ben dealt). Players: Ann, Ben."
    assert "refused: Ben's deadwood is at most 100 (10 cards)" in asker.said
    assert "Back to the start of the hand." in asker.said
    assert asker.answers == []


def test_a_gin_hand_not_confirmed_is_not_recorded() -> None:
    asker = ListAsker("dead", "n")
    assert keeping().asked(gin_game(), NOTHING_GIVEN, asker, yes=False) is None


def test_a_gin_hand_asked_again_keeps_each_recorded_answer_on_enter() -> None:
    game = keeping().entered(gin_game(), {**NOTHING_GIVEN, "knock": "Ann",
                                          "points": ("Ann=3", "Ben=20")})
    same, notes = keeping().asked_again(game, 1, ListAsker("", "", ""))
    assert same.rounds == game.rounds and notes == []
    asker = ListAsker("", "", "30")
    changed, _ = keeping().asked_again(game, 1, asker)
    assert isinstance(changed, GinGame) and changed.rounds[0].hands == {"Ann": 3, "Ben": 30}
    assert asker.said[:4] == ["Hand 1 (Ben dealt) as recorded:",
                              "  Ann knocked and wins: 17 points (deadwood Ann 3, Ben 20).",
                              "  Ann: deadwood 3", "  Ben: deadwood 20"]


def test_gin_knock_given_twice_says_a_hand_has_one_knocker() -> None:
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("round", "--knock", "Ann", "--knock", "Ben", "--points", "Ann=1",
                       "--points", "Ben=9")
    assert code == 2 and "--knock is given 2 times: a hand has one knocker (see '" in \
        one_error_line(err)
    assert Path("rummy-ledger.yaml").read_bytes() == before


def test_g16_guided_oklahoma_joker_upcard_given_is_refused_then_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    ok("new", "Ann", "Ben", "--game", "oklahoma", "--dealer", "Ann")
    code, _, err = run("round", "--upcard", "JK", input="Ann\nAnn\n6H\n3\n20\ny\n")
    assert code == 0, err
    assert "  The upcard is a card, not a joker. Back to the start of the hand.\n" in err
    assert "Hand 1: Ann knocked and wins: 17 points" in err


def test_g11_a_guided_hand_after_the_end_is_refused_before_any_question(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a Gin game is over, 'rummy round --guided' says so at once, as the typed round
    does and as Manipulation Rummy and Rummikub do: nothing is asked for nothing."""
    monkeypatch.setattr("rummy_cli.cli.shell.stdin_is_terminal", lambda: True)
    ok("new", "Ann", "Ben", "--game", "gin", "--dealer", "Ben", "--rule", "target=10")
    ok("round", "--knock", "Ann", "--points", "Ann=0", "--points", "Ben=30")
    before = Path("rummy-ledger.yaml").read_bytes()
    code, _, err = run("round", "--guided", input="Ann\n3\n25\ny\n")
    assert code == 2 and one_error_line(err) == (
        "Error: the game is over (after hand 1, won by Ann): start the next game with "
        "'rummy new'")
    assert "Who knocked" not in err
    assert Path("rummy-ledger.yaml").read_bytes() == before
