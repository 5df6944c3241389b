"""A long search says it is still going (on a terminal), and Ctrl-C stops it in one line."""

from __future__ import annotations

import io
import time

import pytest

from rummy_cli.search import solver
from rummy_cli.search.progress import searching
from tests.clirun import HANG, one_error_line, run


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _until_shown(screen: Terminal) -> None:
    """Wait for the first word of progress: however long a busy machine takes to give the
    counting thread its turn (a fixed sleep is a wall-clock bet), up to a hang guard."""
    for _ in range(HANG * 100):
        if screen.getvalue():
            return
        time.sleep(0.01)
    pytest.fail("no word of progress")


def test_a_search_past_the_wait_counts_the_seconds_then_wipes_the_line() -> None:
    screen = Terminal()
    with searching(screen, after=0.02):
        _until_shown(screen)
    shown = screen.getvalue()
    assert shown.startswith("\rStill searching for the best play: 0 s (Ctrl-C stops it)")
    assert shown.endswith("\r\033[K")


def test_a_quick_search_says_nothing() -> None:
    screen = Terminal()
    with searching(screen, after=HANG):  # the block ends long before the first word
        pass
    assert screen.getvalue() == ""


def test_no_word_of_progress_where_no_one_watches() -> None:
    piped = io.StringIO()  # a pipe or a file: its reader wants the answer only
    with searching(piped, after=0.0):
        time.sleep(0.05)
    assert piped.getvalue() == ""


def test_a_search_stopped_by_an_error_still_wipes_its_line() -> None:
    screen = Terminal()
    with pytest.raises(KeyboardInterrupt), searching(screen, after=0.01):
        _until_shown(screen)
        raise KeyboardInterrupt
    assert screen.getvalue().endswith("\r\033[K")


def test_hint_stopped_by_ctrl_c_during_the_search_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def pressed_ctrl_c(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver, "best_play", pressed_ctrl_c)
    code, out, err = run("hint", "--table", "7H 8H 9H", "--hand", "10H 2C")
    assert code == 2
    assert out == ""
    assert one_error_line(err) == "Error: stopped"
