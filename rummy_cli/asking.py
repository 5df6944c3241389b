"""What a game's questions at the table need, without a terminal: the :class:`Asker` that
puts a question and reads the answer (the command line's, ``cli/prompts``, asks on the
terminal; a test's may answer from a list), 'back', and the words the questions read.

A game's guided entry (``rummy round`` and ``rummy fix N`` on a terminal) is its own: its
package asks its questions through an :class:`Asker` and never imports click. Pure: nothing
here prints or reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from .errors import RefusedError, RummyError
from .hands import HandEntry
from .players import players_matching

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

# what 'back' does after a refused hand: while entering the round, and while changing it
AGAIN = "Try again, or type 'back' to start the round again."
CHOOSE = "Try again, or type 'back' to choose what to change."
# what 'rummy fix N' says before it asks an entry again
KEEPS = "Enter keeps each answer as recorded; 'back' at a hand starts again."


class Back(Exception):
    """The player typed 'back': ask the questions again."""


class CanGoBack(RefusedError):
    """A hand that shows an earlier answer was wrong; its hint says where 'back' goes."""

    hint: str

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


class Asker(Protocol):
    """Puts a game's questions to the players and reads their answers.

    An answer ``convert`` refuses (a :class:`~rummy_cli.errors.RummyError`) is said, and the
    question asked again; :class:`Back` raised by ``convert`` goes through to the game.
    """

    def ask(self, question: str, convert: Callable[[str], T],
            default: str | None = None) -> T:
        """Ask until the answer converts; ``default``: what Enter answers."""
        ...

    def given_or_asked(self, label: str, given: HandEntry | None,
                       convert: Callable[[str], T], default: str | None = "") -> T:
        """An answer given as an option (said as given) if it converts, else asked for."""
        ...

    def yes_no(self, question: str, default: bool) -> bool:
        """A yes or no question; Enter answers ``default``."""
        ...

    def confirm(self, question: str) -> bool:
        """Yes (Enter) or no; 'back' raises :class:`Back` to change an answer."""
        ...

    def say(self, text: str) -> None:
        """A line for the players (beside the questions, not the command's output)."""
        ...

    def refused(self, why: RummyError) -> None:
        """Say why an answer given beforehand (an option) was refused, as if typed."""
        ...


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
    from .names import look_alike
    from .players import player_name, same_name

    player_name(name)  # a name that cannot be one is refused as such, not as a look-alike
    other = look_alike([p for p in others if not same_name(p, name)], name)
    if other is not None:
        raise RefusedError(f"{name!r} looks just like {other!r} (letters of another alphabet "
                           "or another width): give players names that look different")


def shown_hand(hand: HandEntry | None, total: str = "a total of") -> str:
    """A hand as recorded, in words: its cards, its ``total`` (Gin's 'deadwood'), or none.

    >>> shown_hand("3C 2D"), shown_hand(12), shown_hand(""), shown_hand(4, total="deadwood")
    ('3C 2D', 'a total of 12', 'no cards', 'deadwood 4')
    >>> shown_hand(None)
    'not recorded'
    """
    if hand is None:
        return "not recorded"
    if isinstance(hand, int):
        return f"{total} {hand}"
    return hand or "no cards"


def not_back(raw: str, first: bool = False) -> str:
    """``raw``, unless it is 'back' (:class:`Back`; refused at the ``first`` question)."""
    if raw.strip().lower() in BACK_WORDS:
        if first:
            raise RummyError("this is the first question: type the table before the turn")
        raise Back
    return raw


def player_or_word(players: Sequence[str], text: str, word: str) -> str | None:
    """A player called ``text``, or None: ``text`` is the word it also is (``word``).

    A word that is the start of a player's name is refused: 's' could be Sam or 'stock'.
    """
    found = players_matching(players, text)
    if found and found[0].casefold() == text.casefold():
        return found[0]  # a name wins over a word: a player may be called Stock
    if found:
        raise RefusedError(f"{text!r} could be {', '.join(found)} or {word}: type more")
    return None
