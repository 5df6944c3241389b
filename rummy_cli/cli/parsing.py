"""What the commands read and say back alike: cards and tables parsed with what was being
read, ``--rule``, ``--hand`` and ``--points`` pairs, the ledger read once per command, JSON
and the standings' footer printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import typed_input
from ..given import hands_from_options as _hands_from_options
from ..given import put as _put
from ..given import short as _short
from ..given import split_pair as _split_pair
from ..render import Style, choose_style
from .shell import _RUN

__all__ = ["_hands_from_options", "_put", "_short", "_split_pair"]


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
