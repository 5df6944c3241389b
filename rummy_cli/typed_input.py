"""What a user typed, read as the commands read it: cards and tables parsed with what was
being read ("the meld: ..."), the copies the decks hold, and house rules typed as
``NAME=VALUE`` or given in a dispute file's ``rules:``. Pure: the refusals are
:class:`~rummy_cli.errors.RummyError`, which the command line says in one line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .cards import AnyCard, Table, check_copies, parse_cards, parse_table
from .errors import RummyError, UnusableInputError

P = TypeVar("P")


def parsed(parse: Callable[[Any], P], text: Any, what: str) -> P:
    """``parse(text)``, its error led by what was being read ("the meld: ...")."""
    try:
        return parse(text)
    except RummyError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def cards_of(text: str | Sequence[str], what: str) -> list[AnyCard]:
    """The cards of ``text``, an error led by ``what``."""
    return parsed(parse_cards, text, what)


def table_of(text: str, what: str) -> Table:
    """The melds of ``text`` (separated by '/'), an error led by ``what``."""
    return parsed(parse_table, text, what)


def check_card_copies(cards: Sequence[AnyCard], decks: int) -> None:
    """Refuses more copies of a card than ``decks`` decks hold."""
    problems = check_copies(cards, decks)
    if problems:
        two_would_do = decks == 1 and not check_copies(cards, 2)
        raise UnusableInputError("more cards than the decks hold: " + "; ".join(problems)
                                 + (" (use --decks 2)" if two_would_do else ""))


def rule_changes(typed: Sequence[str], file_rules: Mapping[str, Any] | None,
                 example: str | None = None) -> dict[str, str]:
    """The house rules asked for: a dispute file's ``rules:`` mapping, then each ``--rule
    NAME=VALUE`` (``example`` shows one when it is not so written), as typed text."""
    changes: dict[str, str] = {}
    for name, value in (file_rules or {}).items():
        if isinstance(value, (dict, list)) or value is None:
            raise UnusableInputError(f"rules: {name} must be a number or a word, not "
                                     f"{'nothing' if value is None else 'a list or mapping'}")
        changes[str(name)] = str(value).lower() if isinstance(value, bool) else str(value)
    from .given import split_pair

    for pair in typed:
        name, value = split_pair(pair, "--rule", example)
        changes[name] = value
    return changes
