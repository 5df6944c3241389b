"""Word that a long search is still going, for the commands that run the solver.

The solver itself says nothing. A command wraps a search in :func:`searching`: when the
search runs past a second and the stream is a terminal, one line counts the seconds,
says how to stop, and is wiped when the search ends (Ctrl-C stops it; the command's
usual "stopped" line follows).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

AFTER = 1.0  # seconds of silence before the first word


@contextmanager
def searching(stream: TextIO, after: float | None = None) -> Iterator[None]:
    """Count the seconds on ``stream`` (a terminal only) while the block runs past ``after``."""
    if not _is_terminal(stream):
        yield
        return
    done = threading.Event()
    said = threading.Event()

    def count() -> None:
        wait = AFTER if after is None else after
        seconds = wait
        while not done.wait(wait):
            stream.write(f"\rStill searching for the best play: {seconds:.0f} s "
                         "(Ctrl-C stops it)")
            stream.flush()
            said.set()
            wait = 1.0
            seconds += wait

    beat = threading.Thread(target=count, name="rummy-search-progress", daemon=True)
    beat.start()
    try:
        yield
    finally:
        done.set()
        beat.join()
        if said.is_set():
            stream.write("\r\033[K")  # wipe the line: the answer starts on a clean one
            stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: say nothing
        return False
