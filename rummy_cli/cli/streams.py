"""The process's guards on its standard streams: a rummy started with one closed
(``rummy standings >&-``, ``rummy round <&-``) says so instead of failing, and an output
whose encoding lacks the suit symbols shows '?' instead of failing."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import Any


class _ClosedOutput(io.RawIOBase):
    """The output of a rummy started with stdout closed (``rummy standings >&-``): the first
    write fails, as on a full disk, so the command says its output is lost; what is written
    after that (Python's last flush) goes nowhere."""

    told = False

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if not self.told:
            self.told = True
            raise OSError(errno.EBADF, "standard output is closed")
        return len(data)


def _hold_with_null_device(fd: int, flags: int) -> None:
    """Give the closed standard descriptor ``fd`` to the null device, so that no file rummy
    opens (a ledger) gets the number a library might read or write."""
    with contextlib.suppress(OSError):
        held = os.open(os.devnull, flags)
        if held != fd:
            os.dup2(held, fd)
            os.close(held)


def _closed_stdout_fails() -> None:
    """Started with stdout closed, Python leaves ``sys.stdout`` None and click's output is
    silently lost: give it a stream whose first write fails."""
    if sys.stdout is not None:
        return
    _hold_with_null_device(1, os.O_WRONLY)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedOutput()), encoding="utf-8")


def _closed_stdin_is_empty() -> None:
    """Started with stdin closed (``rummy round <&-``), Python leaves ``sys.stdin`` None and
    a question ends in "lost sys.stdin": read it as an empty input instead, so a question
    says that the input ended (as with ``< /dev/null``)."""
    if sys.stdin is not None:
        return
    _hold_with_null_device(0, os.O_RDONLY)
    sys.stdin = ClosedInput(io.BytesIO(b""), encoding="utf-8")


class ClosedInput(io.TextIOWrapper):
    """The empty input that stands for a stdin closed at start (see
    :func:`_closed_stdin_is_empty`): a command that reads a file from it says it is closed."""


def closed_streams_held() -> None:
    """Started with stdout or stdin closed: each gets a stream that says so."""
    _closed_stdout_fails()
    _closed_stdin_is_empty()


def streams_that_cannot_fail() -> None:
    """Output in an encoding without the suit symbols (a Windows console's cp1252, ASCII)
    shows '?' for a symbol in help texts instead of failing; cards are then written in the
    plain notation (see :func:`rummy_cli.render.choose_style`)."""
    from ..render import can_show_symbols

    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not can_show_symbols(stream):
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]


def _output_gone() -> None:
    """stdout cannot be written (its reader left, or the disk is full): stop writing to it.

    Python would try to flush it again on the way out and print a second error.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test runner's stream)
        pass
    finally:
        os.close(devnull)


# the output's disk failed, or there is no output (started with stdout closed), not
# rummy's input
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EBADF}
