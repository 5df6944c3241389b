"""Guided entry at the table: the asking loop every question uses (ask, re-ask on a mistake,
'back') and yes/no, on the terminal. :class:`TerminalAsker` is the
:class:`~rummy_cli.asking.Asker` the games' own questions are put through; the words they
read and the names a player may not take are in :mod:`rummy_cli.asking`.

Part of the CLI shell (it uses click's prompts); the rules are checked by the core.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

from ..asking import (  # noqa: F401  (the names the questions here have imported from it)
    AGAIN,
    BACK_WORDS,
    CHOOSE,
    NO,
    STOCK_WORDS,
    YES,
    Back,
    CanGoBack,
    check_new_name,
    not_back,
    player_or_word,
)
from ..errors import InputEnded, RummyError
from ..hands import HandEntry

__all__ = ["AGAIN", "BACK_WORDS", "CHOOSE", "NO", "STOCK_WORDS", "YES", "Back", "TerminalAsker",
           "_CanGoBack", "_ask", "_given_or_asked", "_not_back", "_player_or_word", "_say_why",
           "ask_confirm",
           "ask_yes_no", "check_new_name"]

T = TypeVar("T")
_CanGoBack = CanGoBack
_not_back, _player_or_word = not_back, player_or_word


def _ask(question: str, convert: Callable[[str], T], default: str | None = None) -> T:
    """Ask until the answer converts; say why a wrong answer is wrong."""
    while True:
        try:
            raw: str = click.prompt(question, default=default,
                                    show_default=default not in ("", None), err=True)
        except click.exceptions.Abort as exc:  # click says an end of input as a stop
            if isinstance(exc.__context__, EOFError):
                click.echo(err=True)  # end the line the question left open
                raise InputEnded(question) from None
            raise
        try:
            return convert(raw)
        except RummyError as exc:
            _say_why(exc)


def _say_why(exc: RummyError) -> None:
    """Why an answer was refused, and what the player can do now."""
    message = str(exc)
    if message[:1].islower() and not message.startswith(("e.g.", "rummy")):
        message = message[0].upper() + message[1:]
    stop = "" if message.endswith(("?", ".", "!")) else "."
    retry = exc.hint if isinstance(exc, CanGoBack) else "Try again."
    from ..render import fold

    click.echo(fold(f"{message}{stop} {retry}", "  "), err=True)


def ask_yes_no(question: str, default: bool) -> bool:
    """A yes/no question on stderr; Enter takes the default."""
    def answer(raw: str) -> bool:
        text = raw.strip().lower()
        if not text:
            return default
        if text in YES or text in NO:
            return text in YES
        raise RummyError(f"{raw.strip()!r}: answer y (yes) or n (no)")

    return _ask(f"{question} {'[Y/n]' if default else '[y/N]'}", answer, default="")


def ask_confirm(question: str) -> bool:
    """Yes (the default) or no; 'back' raises :class:`Back` to ask the questions again."""
    def answer(raw: str) -> bool:
        text = raw.strip().lower()
        if text in BACK_WORDS:
            raise Back
        if not text:
            return True
        if text in YES or text in NO:
            return text in YES
        raise RummyError(f"{raw.strip()!r}: answer y (yes), n (no) or 'back' to change "
                         "an answer")

    return _ask(f"{question} [Y/n/back]", answer, default="")


def _given_or_asked(label: str, given: HandEntry | None,
                    check: Callable[[str], T], default: str | None = "") -> T:
    """An answer given as an option if it passes the checks, else asked for."""
    if given is not None:
        click.echo(f"{label}: {given if given != '' else 'nothing'} (given)", err=True)
        try:
            return check(str(given))
        except Back:
            pass
        except RummyError as exc:  # said as if typed, then asked
            _say_why(exc)
    return _ask(label, check, default=default)


class TerminalAsker:
    """The :class:`~rummy_cli.asking.Asker` of the command line: questions and what is said
    beside them on stderr (stdout stays the command's result), answers read from stdin."""

    def ask(self, question: str, convert: Callable[[str], T],
            default: str | None = None) -> T:
        return _ask(question, convert, default)

    def given_or_asked(self, label: str, given: HandEntry | None,
                       convert: Callable[[str], T], default: str | None = "") -> T:
        return _given_or_asked(label, given, convert, default)

    def yes_no(self, question: str, default: bool) -> bool:
        return ask_yes_no(question, default)

    def confirm(self, question: str) -> bool:
        return ask_confirm(question)

    def say(self, text: str) -> None:
        click.echo(text, err=True)

    def refused(self, why: RummyError) -> None:
        _say_why(why)


if TYPE_CHECKING:  # mypy checks it against the protocol the games ask through
    from ..asking import Asker

    _checked: Asker = TerminalAsker()
