"""Rummikub's scorekeeping as its package says it (``games/rummikub/keeping.py``): the
questions at the table put through any Asker, with no terminal, and the option words of
other games it answers in its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest
from clirun import ok, one_error_line, run

from rummy_cli.asking import BACK_WORDS, YES, Back
from rummy_cli.errors import RummyError
from rummy_cli.games import registered_for
from rummy_cli.games.rummikub.game import new_game
from rummy_cli.hands import HandEntry

T = TypeVar("T")


class ListAsker:
    """An Asker that answers from a list, and keeps what it was told."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.said: list[str] = []

    def ask(self, question: str, convert: Callable[[str], T],
            default: str | None = None) -> T:
        while True:
            self.said.append(question)
            raw = self.answers.pop(0)
            try:
                return convert(default if raw == "" and default is not None else raw)
            except RummyError as exc:
                self.refused(exc)

    def given_or_asked(self, label: str, given: HandEntry | None,
                       convert: Callable[[str], T], default: str | None = "") -> T:
        return self.ask(label, convert, default)

    def yes_no(self, question: str, default: bool) -> bool:
        return self.answers.pop(0) in YES

    def confirm(self, question: str) -> bool:
        self.said.append(question)
        raw = self.answers.pop(0)
        if raw in BACK_WORDS:
            raise Back
        return raw in ("", *YES)

    def say(self, text: str) -> None:
        self.said.append(text)

    def refused(self, why: RummyError) -> None:
        self.said.append(f"refused: {why}")


KEEPING = registered_for("rummikub").scorekeeping


def _given(**typed: object) -> dict[str, object]:
    """The options as the command line hands them: every one the game declares."""
    blank = {o.dest: (() if o.kind in ("names", "pairs") else None if o.kind == "name"
                      else False) for o in registered_for("rummikub").options}
    return {**blank, **typed}


def test_k19_a_round_asked_through_any_asker_is_entered_as_answered() -> None:
    assert KEEPING is not None
    game = new_game(["Ann", "Ben", "Cy"], first="Ann")
    asker = ListAsker("Ann", "3K 3K 3K", "3K 11B", "9", "back", "Cy", "20", "")
    enter = KEEPING().asked(game, _given(), asker, yes=False)
    assert enter is not None
    played = enter(game)
    assert played.rounds[0].out == "Ann" and played.rounds[0].racks == {
        "Ann": "", "Ben": "3K 11B", "Cy": 20}
    assert "Round 1 (Ann plays first). Players: Ann, Ben, Cy." in asker.said
    assert any(line.startswith("refused: Ben's rack holds more tiles than the set")
               for line in asker.said)
    assert "Change which? (a name, 'out', or Enter for none)" in asker.said
    assert asker.answers == []


def test_k19_a_round_not_agreed_is_not_entered() -> None:
    assert KEEPING is not None
    game = new_game(["Ann", "Ben"], first="Ann")
    assert KEEPING().asked(game, _given(), ListAsker("pool", "3", "4", "n"), yes=False) \
        is None


@pytest.mark.parametrize("command", [("round", "--knock", "Ann", "--points", "Ben=3"),
                                     ("round", "--knock", "Ann", "--knock", "Ben"),
                                     ("fix", "1", "--knock", "Ben")])
def test_k17_rummikub_has_no_knock(command: tuple[str, ...]) -> None:
    ok("new", "Ann", "Ben", "--game", "rummikub", "--first", "Ann")
    ok("round", "--out", "Ann", "--points", "Ben=3")
    code, out, err = run(*command)
    assert code == 2 and out == ""
    assert one_error_line(err).startswith("Error: Rummikub has no knock: a round ends with "
                                          "--out NAME (who played their last tile)")
