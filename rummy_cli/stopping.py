"""How a running ``rummy`` is stopped: Ctrl-C (SIGINT), SIGTERM and SIGHUP are one "stop".

``timeout`` sends SIGTERM and a closed terminal SIGHUP; each is met as a Ctrl-C is: before
the ledger is replaced, the command stops and says nothing was changed (exit 2); once it is
replaced, the stop is too late to undo anything and the command finishes (exit 0).

The entry point holds these signals back (blocks them) from its first line while the command
tree is imported, and the command's guard lets them through: a stop in that time is acted
on at one known point, never inside Python's import machinery (where it can be lost or turn
into another error). A signal the parent process set to be ignored (``nohup``, a background
job) stays ignored. Only the real process does any of this: tests run commands in-process.

Nothing heavy is imported here: this runs before anything else.
"""

from __future__ import annotations

import signal
import sys

TYPE_CHECKING = False  # typing is not imported before the signals are held
if TYPE_CHECKING:
    from types import TracebackType
    from typing import Any

STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
              if hasattr(signal, name))
_CAN_HOLD = hasattr(signal, "pthread_sigmask")


def hold() -> Any:
    """Block the stop signals; returns what :func:`release` needs to undo it."""
    if not _CAN_HOLD:
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)


def release(held: Any) -> None:
    """Handle SIGTERM and SIGHUP as a Ctrl-C, then let the held signals through.

    A stop that came while they were held raises :class:`KeyboardInterrupt` here.
    """
    for sig in STOPS:
        if sig != signal.SIGINT and signal.getsignal(sig) == signal.SIG_DFL:
            signal.signal(sig, _as_ctrl_c)
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _as_ctrl_c(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def interrupted(exc: BaseException | None) -> bool:
    """Whether a Ctrl-C is the exception, or what caused it (Python may wrap an interrupt
    in another error while it loads a module)."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


class held_back:  # noqa: N801  (used as a function: with held_back(): ...)
    """Hold back the stop signals for a moment (a file replaced and the command told so):
    a stop arrives when the block is done, never inside it. Only in the main thread."""

    def __enter__(self) -> None:
        import threading

        self.old: Any = None
        if _CAN_HOLD and threading.current_thread() is threading.main_thread():
            self.old = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self.old)


def too_late() -> None:
    """The change is made: from now on a stop is ignored and the command finishes."""
    for sig in STOPS:
        try:
            signal.signal(sig, signal.SIG_IGN)
        except (ValueError, OSError):  # not the main thread
            return


def plain() -> None:
    """On the way out of a command that changed nothing: a stop ends the process at once.

    Python would otherwise print a traceback for a Ctrl-C in its last microseconds.
    """
    for sig in STOPS:
        try:
            if signal.getsignal(sig) in (_as_ctrl_c, signal.default_int_handler):
                signal.signal(sig, signal.SIG_DFL)
        except (ValueError, OSError):
            return


def terminal_input(prompt: str = "") -> str:
    """``input()`` for a terminal that a stop always interrupts.

    ``input()`` waits in the C library: a Ctrl-C that comes the instant before that wait
    begins is noted but not acted on until Enter. Here the wait is in short steps, so a
    stop noted at any moment is acted on within a fraction of a second.
    """
    import os
    import select

    sys.stdout.write(prompt)
    sys.stdout.flush()
    fd = sys.stdin.fileno()
    data = b""
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            if not data:
                raise EOFError
            break
        data += chunk
    encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    return data.decode(encoding, "replace").rstrip("\r\n")


def use_terminal_input() -> None:
    """Make click's questions use :func:`terminal_input` when the player is at a terminal."""
    if sys.platform == "win32" or sys.stdin is None:
        return
    try:
        if not sys.stdin.isatty():
            return
        sys.stdin.fileno()
    except (OSError, ValueError):
        return
    import click.termui

    click.termui.visible_prompt_func = terminal_input
