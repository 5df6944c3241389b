"""Manipulation Rummy's scorekeeping is its package's (``games/manipulation/keeping``): its
round asked at the table through any Asker, with no terminal and no click, and what was typed
wrong said before the ledger is locked, as it always was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from clirun import ok, one_error_line, run

from rummy_cli.asking import Back
from rummy_cli.errors import RummyError
from rummy_cli.games.manipulation.game import Game, new_game, record_round
from rummy_cli.games.manipulation.keeping import KEEPING
from rummy_cli.hands import HandEntry

T = TypeVar("T")
NOTHING_TYPED: dict[str, Any] = {"knock": (), "stock_out": False, "hands": (), "points": ()}


class Scripted:
    """An Asker that answers from a list, as a player would type them, and keeps what it
    is told: the game's questions need no terminal."""

    def __init__(self, *answers: str) -> None:
        self.answers: list[str] = list(answers)
        self.said: list[str] = []

    def ask(self, question: str, convert: Callable[[str], T],
            default: str | None = None) -> T:
        while True:
            raw = self.answers.pop(0)
            try:
                return convert(default if raw == "" and default is not None else raw)
            except RummyError as exc:
                self.said.append(f"refused: {exc}")

    def given_or_asked(self, label: str, given: HandEntry | None,
                       convert: Callable[[str], T], default: str | None = "") -> T:
        return self.ask(label, convert, default) if given is None else convert(str(given))

    def yes_no(self, question: str, default: bool) -> bool:
        answer = self.answers.pop(0)
        return default if not answer else answer.startswith("y")

    def confirm(self, question: str) -> bool:
        answer = self.answers.pop(0)
        if answer == "back":
            raise Back
        return answer in ("", "y")

    def say(self, text: str) -> None:
        self.said.append(text)

    def refused(self, why: RummyError) -> None:
        self.said.append(f"refused: {why}")


def _game() -> Game:
    return new_game(("Ann", "Ben", "Cy"), dealer="Ann")


def test_a_round_is_asked_through_an_asker_with_no_terminal() -> None:
    asker = Scripted("Ann", "3C 2D", "KS QS", "40", "")
    enter = KEEPING.asked(_game(), NOTHING_TYPED, asker, yes=False)
    assert enter is not None and not asker.answers
    played = enter(_game())
    assert played.rounds[0].knocker == "Ann"
    assert played.rounds[0].hands == {"Ann": "3C 2D", "Ben": "KS QS", "Cy": 40}
    assert asker.said[0] == "Round 1 (Ann dealt). Players: Ann, Ben, Cy."


def test_back_at_record_this_round_changes_one_hand_and_keeps_the_others() -> None:
    asker = Scripted("Ann", "3C 2D", "KS QS", "40", "back", "Ben", "JH", "")
    enter = KEEPING.asked(_game(), NOTHING_TYPED, asker, yes=False)
    assert enter is not None
    assert enter(_game()).rounds[0].hands == {"Ann": "3C 2D", "Ben": "JH", "Cy": 40}
    assert "As entered: Ann knocked." in asker.said


def test_a_round_the_player_will_not_record_is_not_entered() -> None:
    asker = Scripted("stock", "3", "5", "7", "n")
    assert KEEPING.asked(_game(), NOTHING_TYPED, asker, yes=False) is None


def test_a_hand_refused_by_r17_is_asked_again_through_the_asker() -> None:
    asker = Scripted("Ann", "3", "", "12", "40", "")  # Ben cannot go out: Ann knocked
    enter = KEEPING.asked(_game(), NOTHING_TYPED, asker, yes=False)
    assert enter is not None and enter(_game()).rounds[0].hands["Ben"] == 12
    assert any("went out and ended the round as a knock (R17)" in s for s in asker.said)


def test_fix_asks_a_round_again_with_each_recorded_answer_the_default() -> None:
    game, _ = record_round(_game(), "Ann", {"Ann": 3, "Ben": 12, "Cy": 40})
    asker = Scripted("", "", "15", "")
    fixed, notes = KEEPING.asked_again(game, 1, asker)
    assert notes == [] and fixed.rounds[0].hands == {"Ann": 3, "Ben": 15, "Cy": 40}
    assert asker.said[:2] == ["Round 1 (Ann dealt) as recorded:",
                              "  " + game.sheet().said(1)[:1].upper() + game.sheet().said(1)[1:]]


def _ledger_without_lock() -> Path:
    ok("new", "Ann", "Ben", "--dealer", "Ann", "--ledger", "g.yaml")
    Path(".g.yaml.lock").unlink()
    return Path("g.yaml")


def test_knock_given_twice_names_both_and_locks_nothing() -> None:
    path = _ledger_without_lock()
    before = path.read_bytes()
    code, _, err = run("round", "--knock", "Ann", "--knock", "Ben", "--ledger", "g.yaml")
    assert code == 2 and one_error_line(err) == (
        "Error: --knock is given 2 times (Ann, Ben): a round has one knocker "
        "(see 'rummy round --help')")
    assert path.read_bytes() == before and not Path(".g.yaml.lock").exists()


def test_a_round_typed_wrong_on_a_read_only_ledger_says_the_mistake() -> None:
    path = _ledger_without_lock()
    path.chmod(0o444)
    try:
        code, _, err = run("round", "--points", "Ann=3", "--ledger", "g.yaml")
    finally:
        path.chmod(0o644)
    assert code == 2 and one_error_line(err).startswith(
        "Error: say how the round ended: --knock NAME or --stock-out, as well as the hands")
    assert not Path(".g.yaml.lock").exists()
