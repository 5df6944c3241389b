"""The one writer of every file rummy makes that is not the ledger (images, CSV, ...).

A path typed after ``--output`` may be anything: the ledger itself, a link to it, a named
pipe that would block until a reader comes, a device. Before writing, the target is looked
at without opening it; the file is then written beside it under a temporary name, flushed,
and put in place with one ``os.replace``, so a stop part way leaves the old file whole.

A link is followed: the file is written where it points, and what it points to is checked
like the path itself.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from .errors import UnusableInputError
from .portable import READ_FLAGS, replace
from .stopping import held_back

# a ledger begins with format 2's header, or holds the keys of a format-1 or format-2 file
_KEY = re.compile(rb"^(players|rounds|format|games) *:", re.MULTILINE)
_PEEK = 4096  # enough of a file to know a ledger


class OutputRefused(UnusableInputError):
    """The output path is a ledger, a pipe, a device or a folder: rummy does not write it."""


def looks_like_ledger(head: bytes) -> bool:
    """Whether the first bytes of a file are those of a rummy ledger.

    >>> looks_like_ledger(b"# rummy ledger: the games of one table\\nformat: 2\\n")
    True
    >>> looks_like_ledger(b"players: [Ann, Ben]\\nrounds: []\\n")
    True
    >>> looks_like_ledger(b"<?xml version='1.0'?>\\n<svg>format: 2</svg>")
    False
    """
    keys = {m.group(1) for m in _KEY.finditer(head)}
    return head.lstrip(b"\xef\xbb\xbf").startswith(b"# rummy ledger") or (
        {b"players", b"rounds"} <= keys or {b"format", b"games"} <= keys)


def target_of(text: str, ledger: Path | None = None) -> Path:
    """The file that ``--output text`` would write: links followed, every refusal said.

    ``ledger``: the ledger the command reads, never written over whatever its name.
    """
    path = Path(text)
    real = Path(os.path.realpath(path)) if path.is_symlink() else path
    via = f" (a link to {str(real)!r})" if real != path else ""
    try:
        found = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise OutputRefused(f"{text}{via}: cannot look at it: {exc.strerror}") from None
    if stat.S_ISDIR(found.st_mode):
        raise OutputRefused(f"{text}{via}: is a folder; name a file inside it")
    if not stat.S_ISREG(found.st_mode):
        kind = "a named pipe (FIFO)" if stat.S_ISFIFO(found.st_mode) else (
            "a socket" if stat.S_ISSOCK(found.st_mode) else "a device")
        raise OutputRefused(f"{text}{via}: is {kind}; rummy writes only to a file")
    if ledger is not None and _same_file(found, ledger):
        raise OutputRefused(f"{text}{via}: is the ledger in use; rummy never writes over "
                            "a ledger")
    if _is_ledger(real):
        raise OutputRefused(f"{text}{via}: is a rummy ledger; rummy never writes over "
                            "a ledger")
    return real


def _same_file(found: os.stat_result, other: Path) -> bool:
    try:
        theirs = os.stat(other)
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (theirs.st_dev, theirs.st_ino)


def _is_ledger(path: Path) -> bool:
    """A regular file that begins as a ledger does (read without blocking, only its start)."""
    try:
        fd = os.open(path, READ_FLAGS)
    except OSError:
        return False  # unreadable: the write will say what is wrong
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # changed since it was looked at
            raise OutputRefused(f"{path}: is not a file; rummy writes only to a file")
        return looks_like_ledger(os.read(fd, _PEEK))
    finally:
        os.close(fd)


def write_output(text: str, fill: Callable[[IO[bytes]], None], ledger: Path | None = None,
                 written: Callable[[], None] | None = None) -> Path:
    """Write the file ``--output text`` names, atomically; returns where it was written.

    ``fill`` writes the content into the open (binary) file it is given; ``written`` is
    called the moment the file is in place, with stops held back (as for a ledger). Raises
    :class:`OutputRefused` for a path rummy does not write, ``OSError`` if the disk does.
    """
    target = target_of(text, ledger)
    folder = target.parent if str(target.parent) else Path(".")
    old = _mode(target)
    tmp = None
    try:
        with held_back():  # a stop inside mkstemp would leave its file behind
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name[:200]}.",
                                       suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            os.chmod(tmp, old)  # mkstemp makes 0600; a shared image is as the umask says
            fill(out)
            out.flush()
            os.fsync(out.fileno())
        target_of(str(target), ledger)  # it may have become a ledger or a pipe meanwhile
        with held_back():  # the file is in place and the command knows it, or neither
            replace(tmp, target)
            if written is not None:
                written()
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    return target


def _mode(path: Path) -> int:
    """The permissions of the file replaced, or those a new file gets under the umask."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
