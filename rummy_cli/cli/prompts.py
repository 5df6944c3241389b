"""Guided entry at the table: the asking loop every question uses (ask, re-ask on a mistake,
'back'), yes/no and the names a player may not take. Each game's own questions are in
``card_questions``, ``gin_questions`` and ``rummikub_questions``.

Part of the CLI shell (it uses click's prompts); the rules are checked by the core.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import click

from ..errors import InputEnded, RefusedError, RummyError
from ..hands import HandEntry
from ..players import players_matching

T = TypeVar("T")
STOCK_WORDS = ("stock", "stock-out", "stock out", "s", "none", "nobody")
# a player may not be called one of these: at "Who knocked?" they mean the stock ran out
# (a one-letter 's' is kept as an answer, but a player called S still wins over it)
RESERVED_NAMES = tuple(w for w in STOCK_WORDS if len(w) > 1) + ("stockout",)
# nor one of these, which the questions read (or keep) as commands: a dead Gin hand, going
# back, Hollywood's pools; a single letter ('d', 'b') may still be a name, as before
COMMAND_NAMES = ("dead", "back", "pool")

BACK_WORDS = ("back", "b", "<")
YES, NO = ("y", "yes"), ("n", "no")


def check_new_name(name: str, others: Sequence[str] = ()) -> None:
    """Refuse a new player's name that the guided entry would read as something else, or
    that looks like the name of one of ``others`` (the players it would sit with)."""
    word = name.strip().casefold()
    if word in RESERVED_NAMES:
        raise RefusedError(f"{name!r} cannot be a player's name: at 'Who knocked?' it means "
                           "that the stock ran out; add an initial, e.g. 'Stock J'")
    if word in COMMAND_NAMES:
        raise RefusedError(f"{name!r} cannot be a player's name: the questions of 'rummy "
                           f"round' read it as a command; add an initial, e.g. "
                           f"'{name.strip().title()} J'")
    from ..names import look_alike
    from ..players import player_name, same_name

    player_name(name)  # a name that cannot be one is refused as such, not as a look-alike
    other = look_alike([p for p in others if not same_name(p, name)], name)
    if other is not None:
        raise RefusedError(f"{name!r} looks just like {other!r} (letters of another alphabet "
                           "or another width): give players names that look different")


class _CanGoBack(RefusedError):
    """A hand that shows an earlier answer was wrong; its hint says where 'back' goes."""

    hint: str

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


class Back(Exception):
    """The player typed 'back': ask the questions again."""


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
    retry = exc.hint if isinstance(exc, _CanGoBack) else "Try again."
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


def _not_back(raw: str, first: bool = False) -> str:
    if raw.strip().lower() in BACK_WORDS:
        if first:
            raise RummyError("this is the first question: type the table before the turn")
        raise Back
    return raw


# --- a Gin hand ---------------------------------------------------------------------------


# --- Rummikub ---------------------------------------------------------------------------


# --- a Rummikub turn --------------------------------------------------------------------




# what 'back' does after a refused hand: while entering the round, and while changing it
AGAIN = "Try again, or type 'back' to start the round again."


CHOOSE = "Try again, or type 'back' to choose what to change."


def _player_or_word(players: Sequence[str], text: str, word: str) -> str | None:
    """A player called ``text``, or None: ``text`` is the word it also is (``word``).

    A word that is the start of a player's name is refused: 's' could be Sam or 'stock'.
    """
    found = players_matching(players, text)
    if found and found[0].casefold() == text.casefold():
        return found[0]  # a name wins over a word: a player may be called Stock
    if found:
        raise RefusedError(f"{text!r} could be {', '.join(found)} or {word}: type more")
    return None


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
