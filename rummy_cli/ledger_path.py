"""Where the ledger is, what a message shows of its path, and whether it may be written."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .errors import LedgerError

DEFAULT_NAME = "rummy-ledger.yaml"


ENV_VAR = "RUMMY_LEDGER"


MAX_FILE_NAME = 255  # bytes in one file name on the usual disks


def ledger_path(option: str | None) -> Path:
    """``--ledger``, else ``$RUMMY_LEDGER``, else ``rummy-ledger.yaml`` here.

    A ledger that is a symbolic link is followed: the game is written where the link points.
    """
    if option is not None and not option.strip():
        raise LedgerError("--ledger is empty: name the ledger file, e.g. --ledger friday.yaml")
    path = Path(option or os.environ.get(ENV_VAR) or DEFAULT_NAME)
    _check_name_length(path)
    try:
        is_link = path.is_symlink()
    except OSError as exc:  # a folder on the way that cannot be entered, a name too long
        raise path_problem(path, exc) from None
    if is_link:
        try:
            path = Path(os.path.realpath(path, strict=True))
        except FileNotFoundError:  # a link to a file not made yet: 'new' makes it there
            path = Path(os.path.realpath(path))
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise LedgerError(f"{path}: a symbolic link that leads back to itself: point "
                                  "it at a ledger file, or name another --ledger") from None
            raise LedgerError(f"{path}: cannot follow the link: {exc.strerror}") from None
    _check_name_length(path)
    return path


def _check_name_length(path: Path) -> None:
    size = len(os.fsencode(path.name))
    if size > MAX_FILE_NAME:
        raise LedgerError(f"{str(path.name)[:30]}...: the ledger's file name is too long "
                          f"({size} bytes; a file name holds at most {MAX_FILE_NAME})")
    for folder in path.parent.parts:
        size = len(os.fsencode(folder))
        if size > MAX_FILE_NAME:
            raise LedgerError(f"{shown_path(path)}: the folder name {folder[:30]}... is too "
                              f"long ({size} bytes; a name holds at most {MAX_FILE_NAME})")


def shown_path(path: Path | str, most: int = 80) -> str:
    """A path as a message shows it: its start and end when it is long.

    >>> shown_path("a" * 100 + "/x.yaml", most=20)
    'aaaaaaa...(107 characters).../x.yaml'
    """
    text = str(path)
    if len(text) <= most:
        return text
    half = (most - 6) // 2
    return f"{text[:half]}...({len(text)} characters)...{text[-half:]}"


def path_problem(path: Path | str, exc: OSError) -> LedgerError:
    """The one line a file's path that cannot be used gives (not a bug of rummy's)."""
    shown = shown_path(path)
    if exc.errno in (errno.EACCES, errno.EPERM):
        return LedgerError(f"{shown}: permission denied: a folder on the way cannot be "
                           "entered, or the file cannot be read or written by you")
    if exc.errno == errno.ENAMETOOLONG:
        longest = max((len(os.fsencode(part)) for part in Path(path).parts), default=0)
        if longest > MAX_FILE_NAME:
            return LedgerError(f"{shown}: a name in this path is too long ({longest} bytes; "
                               f"a file or folder name holds at most {MAX_FILE_NAME})")
        return LedgerError(f"{shown}: the path is longer than the system takes "
                           f"({len(os.fsencode(str(path)))} bytes): use a shorter one")
    return LedgerError(f"{shown}: {exc.strerror or exc}")


def stat_or_none(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except OSError:
        return None


def check_writable(path: Path) -> None:
    """Refuse to replace a ledger the owner made read-only (a write would not be stopped by
    its mode: the file is replaced, not written into)."""
    old = stat_or_none(path)
    if old is None:
        return
    if stat.S_ISDIR(old.st_mode):
        raise LedgerError(f"{path}: is a folder; name a ledger file inside it, "
                          f"e.g. --ledger {path / DEFAULT_NAME}")
    if not stat.S_ISREG(old.st_mode):
        raise LedgerError(f"{path}: not a ledger: it is not a regular file")
    if _on_read_only_file_system(path):
        raise read_only_file_system(path)
    if not old.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise LedgerError(f"{path}: the ledger is read-only (mode {old.st_mode & 0o777:o}), "
                          "so rummy leaves it as it is; to go on, make it writable "
                          f"(chmod u+w {path})")


def _on_read_only_file_system(path: Path) -> bool:
    """Whether the file system holding ``path`` is mounted read-only (not the file's mode)."""
    if not hasattr(os, "statvfs"):
        return False
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def read_only_file_system(path: Path) -> LedgerError:
    return LedgerError(f"{path}: the file system it is on is read-only (mounted so), so "
                       "rummy cannot write the ledger; copy it to a writable disk and name "
                       "the copy with --ledger")


def no_ledger(path: Path) -> LedgerError:
    return LedgerError(f"{path}: no such ledger; start a game with 'rummy new NAME NAME ...' "
                       "or name one with --ledger")


def side_name(path: Path, suffix: str, room: int = 8) -> str:
    """The name of a hidden file beside the ledger (its lock, its temp files).

    ``.NAME.suffix``, unless that and ``room`` more bytes (what is added to it) would be
    longer than a file name may be: then the name is cut and a hash of the whole name keeps
    it apart from other ledgers, so a ledger of any name a file system takes has both.
    """
    name = f".{path.name}.{suffix}"
    if len(os.fsencode(name)) + room <= MAX_FILE_NAME:
        return name
    import hashlib

    digest = hashlib.sha256(os.fsencode(path.name)).hexdigest()[:12]
    short = os.fsencode(path.name)[:150].decode("utf-8", "ignore")
    return f".{short}~{digest}.{suffix}"
