"""What differs between POSIX and Windows for rummy's files, in one place.

- Files are opened in binary mode (``O_BINARY``, which only Windows has): a ledger's bytes
  are read and written as they are, never with line endings or Ctrl-Z translated.
- A file's owner is kept only where the system has owners to give (``os.chown``).
- On Windows ``os.replace`` fails while another program (a reader, a virus scanner) holds
  the target open; the replace is tried again for a moment before it gives up.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time

WINDOWS = sys.platform == "win32"
# open a file to read it whole, never blocking on a pipe, never handed to a child process
READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
              | getattr(os, "O_BINARY", 0))
BINARY = getattr(os, "O_BINARY", 0)
_REPLACE_TRIES = 20  # 20 x 50 ms: a reader that holds the file a second is waited for


def keep_owner(tmp: str, old: os.stat_result | None) -> None:
    """Give the new file the old one's owner and group, where that can be done (as root on
    POSIX); nothing on a system without owners (Windows) or for a new file."""
    getuid, getgid = getattr(os, "getuid", None), getattr(os, "getgid", None)
    chown = getattr(os, "chown", None)
    if old is None or getuid is None or getgid is None or chown is None:
        return
    if (old.st_uid, old.st_gid) != (getuid(), getgid()):
        with contextlib.suppress(OSError):  # only root may give a file away
            chown(tmp, old.st_uid, old.st_gid)


def replace(source: str, target: str | os.PathLike[str]) -> None:
    """``os.replace``, tried again for a moment on Windows while the target is held open."""
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if not WINDOWS or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(0.05)
