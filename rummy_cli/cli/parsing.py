"""What the commands read and say back alike: cards and tables parsed with what was being
read, ``--rule``, ``--hand`` and ``--points`` pairs, the ledger read once per command, JSON
and the standings' footer printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import typed_input
from ..render import Style, choose_style
from .shell import _RUN


def _print_json(doc: Any) -> None:
    import json

    click.echo(json.dumps(doc, indent=2, ensure_ascii=False))


# what a command reads, said alike by every command (kept pure in ..typed_input)
parsed = typed_input.parsed
_cards = typed_input.cards_of
_table = typed_input.table_of
_check_copies = typed_input.check_card_copies


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


def _split_pair(value: str, option: str, example: str | None = None) -> tuple[str, str]:
    """``NAME=VALUE`` split; ``example`` is the value shown when it is not so written."""
    name, eq, rest = value.partition("=")
    if not eq or not name.strip():
        example = example or {"--hand": '"Ann=3C 2D"', "--rule": "target=200",
                              "--melds": '"Ann=2H 3H 4H / 7C 7D 7S"'}.get(option, "Ann=12")
        raise click.UsageError(f"{option} takes NAME=VALUE, e.g. {option} {example}; "
                               f"got {value!r}")
    return name.strip(), rest


def _recorded(path: Path, number: int) -> str:
    return f"round {number} is recorded in {path} (see 'rummy history')"


def _hands_from_options(hands: tuple[str, ...], points: tuple[str, ...],
                        what: str = "hand", options: str = "--hand/--points"
                        ) -> dict[str, str | int]:
    """``--hand NAME=CARDS`` and ``--points NAME=N`` (a --hand of digits is a total too);
    ``what`` is what a total counts in the game's words ('hand', Rummikub's 'rack'), and
    ``options`` the options that give it, as a message names them."""
    from ..hands import typed_hand, typed_total

    entered: dict[str, str | int] = {}
    for value in hands:
        name, cards = _split_pair(value, "--hand")
        _put(entered, name, typed_hand(cards), options)
    for value in points:
        name, total = _split_pair(value, "--points")
        n = typed_total(total, what)
        if n is None and total.strip().startswith("-"):
            below = typed_total(total.strip()[1:], what)
            if below == 0:  # -0 is 0
                n = 0
            elif below is not None:
                raise click.UsageError(f"--points {_short(value)!r}: a {what}'s total cannot "
                                       "be negative")
        if n is None:
            raise click.UsageError(
                f"--points {_short(value)!r}: the total must be a whole number of points "
                f"(digits 0-9), e.g. --points {_short(name)}=12")
        _put(entered, name, n, options)
    return entered


def _short(text: str, most: int = 40) -> str:
    """Typed text quoted back in a message, cut if it is long."""
    return text if len(text) <= most else text[:most] + "..."


def _put(entered: dict[str, str | int], name: str, value: str | int,
         options: str = "--hand/--points") -> None:
    import unicodedata

    key = unicodedata.normalize("NFC", name).casefold()
    if any(unicodedata.normalize("NFC", k).casefold() == key for k in entered):
        raise click.UsageError(f"{name} has more than one {options}: give one per player")
    entered[name] = value


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
