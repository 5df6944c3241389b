"""How large a ledger may grow: the rounds rummy keeps in one file and the bytes it reads,
with a warning near either."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import LedgerError
from .safeyaml import MAX_BYTES

NEAR_FULL = 0.9  # a ledger this full (of the size rummy reads) is warned about at each use

if TYPE_CHECKING:
    from .ledger_games import Ledger


# The most rounds rummy writes into one file. Every command reads and scores the whole file:
# at 50,000 rounds a command takes about 2 s, at 100,000 about 3-5 s of CPU. A night has
# a dozen rounds, a season a few thousand: a league goes on in a new file well before.
MAX_ROUNDS = 50_000


def check_size(path: Path, text: str, what: Ledger) -> None:
    """Refuse to write a ledger larger than rummy reads back (it could never be opened), or
    with more rounds than rummy keeps in one file (every command would crawl)."""
    check_rounds(path, what)
    size = len(text) if text.isascii() else len(text.encode("utf-8"))  # no copy to count
    if size > MAX_BYTES:
        raise LedgerError(f"{path}: the ledger would grow to {size:,} bytes, past the "
                          f"{_mib(MAX_BYTES)} rummy reads, so nothing was written. "
                          f"{_new_file_hint(what)}")


def check_rounds(path: Path, what: Ledger, more: int = 0) -> None:
    """Refuse a ledger that would hold more rounds than rummy keeps in one file, once ``more``
    are added: a command that keeps the count (fix, rename) asks before it does any work,
    so a ledger over the limit is refused at once, not after a copy of it is made."""
    rounds = _rounds_in(what) + more
    if rounds > MAX_ROUNDS:
        raise LedgerError(f"{path}: the ledger would hold {rounds:,} rounds, more than the "
                          f"{MAX_ROUNDS:,} rummy keeps in one file (each command reads them "
                          f"all), so nothing was written. {_new_file_hint(what)}")


def _rounds_in(what: Ledger) -> int:
    return sum(len(game.rounds) for game in what.games)


def size_warning(text: str, what: Ledger) -> str | None:
    """A warning when a ledger read is close to the size rummy reads (see :func:`read`), or
    to the rounds it keeps in one file."""
    rounds = _rounds_in(what)
    if rounds >= NEAR_FULL * MAX_ROUNDS:
        return (f"the ledger holds {rounds:,} rounds of the {MAX_ROUNDS:,} rummy keeps in "
                f"one file; {_new_file_hint(what)}")
    size = len(text)  # characters: at most its bytes, so a warning is never late by much
    if size < NEAR_FULL * MAX_BYTES:
        return None
    return (f"the ledger is {size / 2 ** 20:.1f} MiB of the {_mib(MAX_BYTES)} rummy reads; "
            f"{_new_file_hint(what)}")


def _new_file_hint(what: Ledger) -> str:
    names = " ".join(_shell_word(p) for p in what.current.players)
    return (f"Go on in a new file, e.g. rummy new {names} --ledger NEW.yaml")


def _shell_word(name: str) -> str:
    """A name as a shell takes it ('Ann', "'Mary Ann'")."""
    return name if re.fullmatch(r"[\w.@+-]+", name) else "'" + name.replace("'", "'\\''") + "'"


def _mib(size: int) -> str:
    return f"{size // 2 ** 20} MiB"
