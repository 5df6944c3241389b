"""The one writer of every file rummy makes that is not the ledger (the chart's images).

A path typed after ``--output`` may be anything: the ledger itself, a link to it, a named
pipe that would block until a reader comes, a device, a letter someone wrote. So rummy
writes only where nothing is yet, or over a file that is, by its content, of the kind it
writes (an SVG image over an SVG image, a PNG image over a PNG image): anything else is
refused and left as it was. A link is followed only to such a file.

The file is written beside its target under a short temporary name, flushed, and put in
place with one ``os.replace``, so a stop part way leaves the old file whole. A writer that
was killed leaves its temporary file behind: the next write of the same file removes it
(a temporary file whose writer still runs is held locked by it, and kept).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .errors import UnusableInputError
from .ledger import _side_name
from .portable import READ_FLAGS, WINDOWS, replace
from .stopping import held_back

_RANDOM = 8  # the random part mkstemp puts in a temporary file's name
_TEMP_SUFFIX = ".tmp"
_HEAD = 65536  # enough of a file to find an SVG's root element after its prolog
_TAIL = 4096  # enough of its end to find where the root element closes
# a ledger begins with format 2's header, or holds the keys of a format-1 or format-2 file
_KEY = re.compile(rb"^(players|rounds|format|games) *:", re.MULTILINE)
_PEEK = 4096  # enough of a ledger's start to name it in a message

_NAME = rb"(?:[A-Za-z_][\w.-]*:)?svg"  # the root element: svg, or svg:svg with a prefix
_SVG_HEAD = re.compile(
    rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml\s[^>]*\?>)?"  # an XML declaration
    rb"(?:\s*(?:<!--.*?-->|<\?[^>]*\?>|<!DOCTYPE\s+svg\b[^>\[]*(?:\[[^\]]*\])?\s*>))*"
    rb"\s*<" + _NAME + rb"[\s/>]", re.DOTALL)
_SVG_TAIL = re.compile(rb"</" + _NAME + rb"\s*>(?:\s*<!--.*?-->)*\s*\Z", re.DOTALL)
_PNG_HEAD = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"  # the signature, then the first chunk


def is_svg(head: bytes, tail: bytes) -> bool:
    """Whether a file that begins with ``head`` and ends with ``tail`` is an SVG image: an
    XML document whose root element is ``svg``.

    >>> is_svg(b'<?xml version="1.0"?>\\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"'
    ...        b' "x.dtd">\\n<svg xmlns="http://www.w3.org/2000/svg">', b'</svg>\\n')
    True
    >>> is_svg(b"# a ledger\\n<svg>", b"</svg>")
    False
    """
    return bool(_SVG_HEAD.match(head)) and bool(_SVG_TAIL.search(tail))


def is_png(head: bytes, tail: bytes) -> bool:
    """Whether a file that begins with ``head`` is a PNG image (its signature and header).

    >>> is_png(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\x0dIHDR\\x00\\x00\\x04\\xb0", b"")
    True
    >>> is_png(b"players: [Ann, Ben]\\n", b"")
    False
    """
    return head.startswith(_PNG_HEAD)


@dataclass(frozen=True)
class Kind:
    """A kind of file rummy writes, and how a file of that kind is known by its content."""

    name: str  # as a message says it: 'an SVG image'
    recognise: Callable[[bytes, bytes], bool]  # (the file's start, its end)


IMAGES = {"svg": Kind("an SVG image", is_svg), "png": Kind("a PNG image", is_png)}


class OutputRefused(UnusableInputError):
    """The output path is not new and not a file of the kind written: rummy leaves it."""


def looks_like_ledger(head: bytes) -> bool:
    """Whether the first bytes of a file are those of a rummy ledger (said in a refusal).

    >>> looks_like_ledger(b"# rummy ledger: the games of one table\\nformat: 2\\n")
    True
    >>> looks_like_ledger(b"players: [Ann, Ben]\\nrounds: []\\n")
    True
    >>> looks_like_ledger(b"<?xml version='1.0'?>\\n<svg>format: 2</svg>")
    False
    """
    head = head[:_PEEK]
    keys = {m.group(1) for m in _KEY.finditer(head)}
    return head.lstrip(b"\xef\xbb\xbf").startswith(b"# rummy ledger") or (
        {b"players", b"rounds"} <= keys or {b"format", b"games"} <= keys)


def target_of(text: str, kind: Kind, ledger: Path | None = None) -> Path:
    """The file that ``--output text`` would write: links followed, every refusal said.

    Only a path where nothing is, or a file that is ``kind`` by its content (also at the end
    of a link), is written. ``ledger``: the ledger the command reads, never written over.
    """
    path = Path(text)
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return path  # a new file
    except OSError as exc:
        raise OutputRefused(f"{text}: cannot look at it: {exc.strerror}") from None
    real, via = path, ""
    if stat.S_ISLNK(found.st_mode):
        real = Path(os.path.realpath(path))
        via = f" (a link to {str(real)!r})"
        try:
            found = os.stat(path)
        except FileNotFoundError:
            raise OutputRefused(f"{text}{via}: the link leads to no file; rummy writes "
                                f"through a link only over {kind.name}: name a new file "
                                "instead") from None
        except OSError as exc:
            raise OutputRefused(f"{text}{via}: cannot follow the link: "
                                f"{exc.strerror}") from None
    if stat.S_ISDIR(found.st_mode):
        raise OutputRefused(f"{text}{via}: is a folder; name a file inside it")
    if not stat.S_ISREG(found.st_mode):
        what = "a named pipe (FIFO)" if stat.S_ISFIFO(found.st_mode) else (
            "a socket" if stat.S_ISSOCK(found.st_mode) else "a device")
        raise OutputRefused(f"{text}{via}: is {what}; rummy writes only to a file")
    if ledger is not None and _same_file(found, ledger):
        raise OutputRefused(f"{text}{via}: is the ledger in use; rummy never writes over "
                            "a ledger")
    head, tail = _ends(real, text + via, kind)
    if not kind.recognise(head, tail):
        if looks_like_ledger(head):
            raise OutputRefused(f"{text}{via}: is a rummy ledger; rummy never writes over "
                                "a ledger")
        raise OutputRefused(f"{text}{via}: is a file but not {kind.name}; rummy writes over "
                            f"a file only if it is {kind.name}: choose a new name, or move "
                            "the file away")
    return real


def _same_file(found: os.stat_result, other: Path) -> bool:
    try:
        theirs = os.stat(other)
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (theirs.st_dev, theirs.st_ino)


def _ends(path: Path, said: str, kind: Kind) -> tuple[bytes, bytes]:
    """The start and the end of a regular file (read without blocking)."""
    try:
        fd = os.open(path, READ_FLAGS)
        try:
            found = os.fstat(fd)
            if not stat.S_ISREG(found.st_mode):  # changed since it was looked at
                raise OutputRefused(f"{said}: is not a file; rummy writes only to a file")
            head = os.read(fd, _HEAD)
            if found.st_size <= len(head):
                return head, head
            os.lseek(fd, found.st_size - _TAIL, os.SEEK_SET)
            return head, os.read(fd, _TAIL)
        finally:
            os.close(fd)
    except OSError as exc:
        raise OutputRefused(f"{said}: cannot read it to see that it is {kind.name}: "
                            f"{exc.strerror}") from None


def write_output(text: str, kind: Kind, fill: Callable[[IO[bytes]], None],
                 ledger: Path | None = None, written: Callable[[], None] | None = None) -> Path:
    """Write the file ``--output text`` names, atomically; returns where it was written.

    ``fill`` writes the content (of ``kind``) into the open binary file it is given;
    ``written`` is called the moment the file is in place, with stops held back (as for a
    ledger). Raises :class:`OutputRefused` for a path rummy does not write, ``OSError`` if
    the disk does.
    """
    target = target_of(text, kind, ledger)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = temp_prefix(target)
    _remove_stale_temp_files(folder, prefix)
    old = _mode(target)
    tmp = None
    out = None
    try:
        with held_back():  # a stop inside mkstemp would leave its file behind
            fd, tmp = _new_temp(folder, prefix)
            out = os.fdopen(fd, "wb")
        os.chmod(tmp, old)  # mkstemp makes 0600; a shared image is as the umask says
        fill(out)
        out.flush()
        os.fsync(out.fileno())
        if WINDOWS:  # Windows cannot rename a file that is open; nothing locks it there
            out.close()
        target_of(str(target), kind, ledger)  # it may have become a ledger or a pipe
        with held_back():  # the file is in place and the command knows it, or neither
            replace(tmp, target)
            tmp = None
            if written is not None:
                written()
    finally:
        if out is not None:
            with contextlib.suppress(OSError):
                out.close()  # after the replace: the lock kept the temp file ours till then
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return target


def temp_prefix(target: Path) -> str:
    """The start of the name of a temporary file beside ``target``, named as the ledger's
    are: ``.NAME.``, or for a long name a cut one with a hash of the whole, so that the
    temporary file's name (with mkstemp's random part and ``.tmp``) is never longer than a
    file name may be.

    >>> temp_prefix(Path("race.svg"))
    '.race.svg.'
    >>> len(temp_prefix(Path("x" * 250 + ".png")) + "12345678.tmp")
    177
    """
    return _side_name(target, "", room=_RANDOM + len(_TEMP_SUFFIX))


def _new_temp(folder: Path, prefix: str) -> tuple[int, str]:
    """A new temporary file, held locked by this writer until it is closed."""
    while True:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=_TEMP_SUFFIX)
        _hold(fd)
        try:  # a cleaner may have taken it for a dead writer's before it was locked
            if os.path.samestat(os.fstat(fd), os.lstat(tmp)):
                return fd, tmp
        except FileNotFoundError:
            pass
        os.close(fd)


def _remove_stale_temp_files(folder: Path, prefix: str) -> None:
    """Temporary files of this output left by a writer that was killed (none holds them)."""
    pattern = re.compile(f"{re.escape(prefix)}[a-z0-9_]{{{_RANDOM}}}"
                         f"{re.escape(_TEMP_SUFFIX)}\\Z")
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
                _remove_if_abandoned(entry.path)


if sys.platform == "win32":
    def _hold(fd: int) -> None:
        """Nothing to do: Windows removes no file that is open."""

    def _remove_if_abandoned(path: str) -> None:
        with contextlib.suppress(OSError):  # refused while its writer has it open
            os.unlink(path)
else:
    import fcntl

    def _hold(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _remove_if_abandoned(path: str) -> None:
        try:
            fd = os.open(path, READ_FLAGS | os.O_NOFOLLOW)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # taken: its writer is alive
            os.unlink(path)
        except OSError:
            pass
        finally:
            os.close(fd)


def _mode(path: Path) -> int:
    """The permissions of the file replaced, or those a new file gets under the umask."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
