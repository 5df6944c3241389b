"""What the commands read and say back alike: cards and tables parsed with what was being
read, ``--rule``, ``--hand`` and ``--points`` pairs, the ledger read once per command, JSON
and the standings' footer printed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from ..cards import AnyCard, Table, check_copies, parse_cards, parse_table
from ..errors import RummyError, UnusableInputError
from ..given import hands_from_options as _hands_from_options
from ..given import put as _put
from ..given import short as _short
from ..given import split_pair as _split_pair
from ..render import Style, choose_style
from .shell import _RUN

__all__ = ["_hands_from_options", "_put", "_short", "_split_pair"]

P = TypeVar("P")


def _print_json(doc: Any) -> None:
    import json

    click.echo(json.dumps(doc, indent=2, ensure_ascii=False))


def parsed(parse: Callable[[Any], P], text: Any, what: str) -> P:
    """``parse(text)``, its error led by what was being read ("the meld: ...")."""
    try:
        return parse(text)
    except RummyError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _cards(text: str | Sequence[str], what: str) -> list[AnyCard]:
    return parsed(parse_cards, text, what)


def _table(text: str, what: str) -> Table:
    return parsed(parse_table, text, what)


def _check_copies(cards: Sequence[AnyCard], decks: int) -> None:
    problems = check_copies(cards, decks)
    if problems:
        two_would_do = decks == 1 and not check_copies(cards, 2)
        raise UnusableInputError("more cards than the decks hold: " + "; ".join(problems)
                                 + (" (use --decks 2)" if two_would_do else ""))


def _style(ascii_only: bool, unicode: bool) -> Style:
    """The card style from the command's options or the same options given before it."""
    root = click.get_current_context().find_root()
    ascii_only = ascii_only or root.meta.get("rummy.ascii", False)
    unicode = unicode or root.meta.get("rummy.unicode", False)
    if ascii_only and unicode:
        raise click.UsageError("--ascii and --unicode ask for opposite things: give one")
    return choose_style(ascii_only, unicode)


def _read(path: Path, quiet: bool = False) -> Any:
    """The games of a ledger; its warnings are said at the end, unless the command is refused."""
    from ..ledger import read

    ledger, warnings = read(path)
    if not quiet:
        _RUN.warnings += [f"{path}: {w}" for w in warnings]
    return ledger


def _load(path: Path, quiet: bool = False) -> Any:
    """The current game of a ledger (see :func:`_read`)."""
    return _read(path, quiet).current


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
    for pair in typed:
        name, value = _split_pair(pair, "--rule", example)
        changes[name] = value
    return changes


def _recorded(path: Path, number: int) -> str:
    return f"round {number} is recorded in {path} (see 'rummy history')"


def _footer(text: str, fmt: str) -> None:
    """A line under a table, in the table's own language (none under tab-separated data)."""
    from ..render import fold_result, footer

    shown = footer(text, fmt)
    if shown is None:
        return
    if not shown.startswith("<p>"):
        click.echo()
    click.echo(fold_result(shown, indent=0))


def show_after(table: str, footer: str) -> None:
    """The standings after a change, as ``round`` and ``fix`` print them."""
    from ..render import fold_result

    click.echo()
    click.echo(table)
    click.echo()
    click.echo(fold_result(footer, indent=0))
