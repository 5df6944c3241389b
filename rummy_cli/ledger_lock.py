"""The ledger's lock: one rummy command at a time writes a ledger; the others wait."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from .errors import LedgerError
from .ledger_path import check_writable, no_ledger, read_only_file_system, side_name
from .portable import BINARY


def _lock_wait() -> float:
    """Seconds to wait for a busy ledger: ``$RUMMY_LOCK_WAIT``, else 10."""
    text = os.environ.get("RUMMY_LOCK_WAIT", "").strip()
    if not text:
        return 10.0
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:  # nan fails both comparisons
        raise LedgerError(f"RUMMY_LOCK_WAIT={text[:20]!r}: give the seconds to wait for a "
                          "busy ledger, from 0 to 3600 (or unset it for 10)")
    return seconds


@contextlib.contextmanager
def locked(path: Path, wait: float | None = None, existing: bool = False) -> Iterator[None]:
    """Hold the ledger's lock (a hidden ``.NAME.lock`` beside it) for one read-change-write.

    The lock is a separate file because a write replaces the ledger's file (``os.replace``);
    it is left in place, as removing it could let two writers lock two different files.
    ``existing``: the command changes a game, so a missing or read-only ledger is refused
    before any lock file is made beside it.
    """
    lock_path = path.with_name(side_name(path, "lock"))
    folder = path.parent
    if not folder.is_dir():
        raise LedgerError(f"{path}: there is no folder {str(folder)!r} to keep the ledger in; "
                          "create it first, or choose another --ledger")
    if existing:
        if not path.exists():
            raise no_ledger(path)
        check_writable(path)
    patience = _lock_wait() if wait is None else wait
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | BINARY, 0o644)
    except OSError as exc:
        if exc.errno == errno.EROFS:
            raise read_only_file_system(path) from None
        raise LedgerError(f"{path}: cannot lock it: {exc.strerror}") from None
    deadline = time.monotonic() + patience
    told = False
    try:
        while not _try_lock(fd):
            if not told:
                print(f"{path}: another rummy command is using the ledger; waiting...",
                      file=sys.stderr, flush=True)
                told = True
            if time.monotonic() >= deadline:
                raise LedgerError(
                    f"{path}: the ledger is busy: another rummy command is writing it; "
                    "try again in a moment")
            time.sleep(0.02)
        yield
    finally:
        _unlock(fd)
        os.close(fd)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
