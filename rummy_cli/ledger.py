"""The YAML ledger: one file per table (its games in order), readable, hand-editable, never lost.

Reads build plain data only (``safeyaml``: no tags, nothing can run). Writes are atomic
(a temp file in the same folder, flushed and fsynced, then ``os.replace``) and made under
an exclusive lock, so two writers can never lose each other's rounds. A refused command
never touches the file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .comments import Notes, collect, has_comments
from .document import Where, get, only_keys, place, written
from .errors import LedgerError
from .games import MANIPULATION, PlayedGame, game_document, game_from, game_keys
from .ledger_games import AnyGame
from .ledger_games import Ledger as Ledger
from .ledger_lock import locked as locked
from .ledger_path import (
    DEFAULT_NAME,
    check_writable,
    no_ledger,
    read_only_file_system,
    side_name,
    stat_or_none,
)
from .ledger_path import ledger_path as ledger_path
from .ledger_path import path_problem as path_problem
from .ledger_size import MAX_ROUNDS as MAX_ROUNDS
from .ledger_size import check_rounds as check_rounds
from .ledger_size import check_size, size_warning
from .portable import keep_owner, replace
from .safeyaml import (
    Lines,
    NotAFile,
    NotText,
    TooLarge,
    YamlProblem,
    load_yaml,
    read_file,
)
from .stopping import held_back
from .yaml_write import dump_yaml

FORMAT = 2  # 1: one game at the top level (still read); 2: a list of games and an end line
FORMATS = (1, 2)
END_LINE = "# end of ledger"
HEADER = (
    "# rummy ledger: the games of one table, kept by the rummy command.\n"
    "# You may correct it by hand: scores are recomputed from the hands on every load.\n"
    "# A hand is the cards left (\"3C 2D\"; in Rummikub a rack, \"7R JK\"), \"\" for none, "
    "or a total (12).\n"
    "# Comments you write are kept beside the line they are on (or above) when rummy writes.\n"
    f"# The last line, {END_LINE!r}, shows that the file is whole: keep it last.\n"
)
# the header lines of rummy's own, of this and earlier versions: written anew, never kept
# as a person's comments
OWN_LINES = frozenset(HEADER.splitlines()) | {
    "# Comments are not kept when rummy writes this file: give a round a note: line instead."}

_side_name = side_name  # outfile.py imports it by this name


# --- reading ---------------------------------------------------------------------------


def _ledger_from(data: Any) -> tuple[Ledger, list[str]]:
    """The games of a loaded document, and warnings about what rummy recomputes."""
    if not isinstance(data, dict):
        raise Where((), "a ledger is a mapping with players and rounds; this file is not")
    version = get(data, "format", int, (), 1)  # a hand-written one-game file may omit it
    if version not in FORMATS:
        raise Where(("format",), f"format {written(version)} is not one this rummy reads "
                                  f"({', '.join(map(str, FORMATS))}); a newer rummy wrote it?")
    if version == 1:  # one Manipulation Rummy game at the top level
        only_keys(data, ("format", *game_keys(MANIPULATION)), (), "a ledger")
        game, found = game_from({k: v for k, v in data.items() if k != "format"}, ())
        return Ledger((game,)), found
    only_keys(data, ("format", "games"), (), "a ledger")
    items = get(data, "games", list, ())
    if not items:
        raise Where(("games",), "'games' is empty: a ledger holds at least one game")
    games: list[AnyGame] = []
    warnings: list[str] = []
    for i, item in enumerate(items):
        where: tuple[str | int, ...] = ("games", i)
        if not isinstance(item, dict):
            raise Where(where, "a game is a mapping with players and rounds")
        game, found = game_from(item, where)
        if games and not games[-1].state.game_over:
            raise Where(where, f"game {i} is not over, yet game {i + 1} follows it: a game in "
                                "progress is the last of the file")
        games.append(game)
        prefix = f"game {i + 1}, " if len(items) > 1 else ""
        warnings += [prefix + w for w in found]
    return Ledger(tuple(games)), warnings


def _read_text(path: Path) -> str:
    global _last_text
    try:
        _last_text = read_file(path)
        return _last_text
    except (TooLarge, NotText, NotAFile) as exc:
        raise LedgerError(f"{path}: not a ledger: {exc}") from None
    except FileNotFoundError:
        raise no_ledger(path) from None
    except OSError as exc:
        raise LedgerError(f"{path}: cannot read it: {exc.strerror}") from None


def _check_end(text: str, path: Path) -> None:
    """A format-2 ledger ends with :data:`END_LINE`; without it the file was cut short."""
    lines = text.rstrip().splitlines()
    if lines and lines[-1].strip() == END_LINE:
        return
    for number, line in enumerate(lines, 1):
        if line.strip() == END_LINE:
            raise LedgerError(f"{path}: line {number}: {END_LINE!r} must be the last line: "
                              "move what follows it above it")
    raise LedgerError(
        f"{path}: the file ends without its last line {END_LINE!r}, so it may have been cut "
        "short (a copy or a save that stopped part way). Compare its last round with your "
        "score sheet; if the file is whole, add that line at its end")


def _read_whole(path: Path) -> tuple[Ledger, list[str]]:
    """Read a ledger; any problem becomes ``LedgerError('<file>: <where>: <what>')``."""
    text = _read_text(path)
    if text.startswith(_FIRST_LINE) or _FORMAT_2.search(text):  # cut short: say so first
        _check_end(text, path)
    lines = Lines()
    commented = has_comments(text, OWN_LINES, END_LINE)
    try:
        data = load_yaml(text, lines, eager=commented)
    except YamlProblem as exc:
        raise LedgerError(f"{path}: {exc}") from None
    if isinstance(data, dict) and data.get("format") == 2:
        _check_end(text, path)
    notes = None
    if commented:  # before the games are read from the data (which may take it apart)
        first = isinstance(data, dict) and data.get("format", 1) == 1
        notes = collect(text, data, lines, OWN_LINES, END_LINE, ("games", 0) if first else ())
        lines = Lines()  # a problem's line is found by reading the text again, as without
        lines.text = text
    _NOTES[_notes_key(path)] = notes
    try:
        night, warnings = _ledger_from(data)
    except Where as exc:
        line = lines.line_of(data, exc.path, key_only=exc.key)
        at = f"line {line}, {place(exc.path)}" if line else place(exc.path)
        raise LedgerError(f"{path}: {at}: {exc.message}") from None
    full = size_warning(text, night)
    return night, warnings + ([full] if full else [])


_FORMAT_2 = re.compile(r"^format: *2\b", re.MULTILINE)
_FIRST_LINE = HEADER.splitlines()[0]  # format 2's; format 1 began otherwise


# the comments of each ledger as last read in this run, for the write that follows
_NOTES: dict[str, Notes | None] = {}


def _notes_key(path: Path) -> str:
    return os.path.abspath(path)


def comments_of(path: Path) -> Notes | None:
    """The comments a person wrote in the ledger at ``path``, as last read in this run."""
    return _NOTES.get(_notes_key(path))


REMEMBER_FROM = 1024 * 1024  # characters: a ledger this long is read once per text
_last_text = ""  # the text _read_text read last
_remembered: tuple[str, Ledger, tuple[str, ...], Notes | None] | None = None


def read(path: Path) -> tuple[Ledger, list[str]]:
    """Read a ledger; any problem becomes ``LedgerError('<file>: <where>: <what>')``.

    A long ledger whose text is the one read just before in this run is not read again:
    ``round`` reads before the lock (which game is it?) and again under it, and a league's
    file of 100,000 rounds would be parsed and replayed twice. The text is compared whole,
    so any change since is read afresh.
    """
    global _remembered, _last_text
    remembered, _remembered = _remembered, None  # used once at most, then let go
    if remembered is not None and _read_text(path) == remembered[0]:
        _last_text = ""
        _NOTES[_notes_key(path)] = remembered[3]
        return remembered[1], list(remembered[2])
    del remembered  # another text: let the old ledger go before reading this one
    with _no_collecting():
        found = _read_whole(path)
    if len(_last_text) >= REMEMBER_FROM:
        _remembered = (_last_text, found[0], tuple(found[1]), comments_of(path))
    _last_text = ""
    return found


@contextlib.contextmanager
def _no_collecting() -> Iterator[None]:
    """Python's collector of reference cycles held off while a ledger is read, and what was
    read then set aside from its later rounds.

    A league's file is a million small objects and not one cycle: each pass of the collector
    walked all of them again while they were being made (a third of the time of a read of
    100,000 rounds), and again at each pass while a command works on them (a rename, a
    write). What is no longer used is still freed at once, by its count of references.
    """
    import gc

    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if len(_last_text) >= REMEMBER_FROM:
            gc.freeze()  # the ledger lives as long as the command: never walked again
        gc.enable()


def load(path: Path) -> tuple[AnyGame, list[str]]:
    """The current game of a ledger (see :func:`read`)."""
    ledger, warnings = read(path)
    return ledger.current, warnings


# --- writing ---------------------------------------------------------------------------

def _game_document(game: PlayedGame) -> dict[str, Any]:
    return game_document(game)


def _as_ledger(what: Ledger | AnyGame) -> Ledger:
    """A ledger, or a ledger of one game."""
    return what if isinstance(what, Ledger) else Ledger((what,))


def to_document(what: Ledger | AnyGame) -> dict[str, Any]:
    """The ledger document: the format, then every game."""
    return {"format": FORMAT,
            "games": [_game_document(g) for g in _as_ledger(what).games]}


_FLOW_KEYS = frozenset({"players", "hands", "racks", "scores", "entered"})


def dump(what: Ledger | AnyGame, notes: Notes | None = None) -> str:
    """The ledger text: block style, with players, hands and scores one line each, and the
    comments of ``notes`` (see ``comments``) where they were."""
    tail = "".join(line + "\n" for line in notes.tail) if notes else ""
    return HEADER + dump_yaml(to_document(what), _FLOW_KEYS, notes) + tail + END_LINE + "\n"


_TEMP_RANDOM, _TEMP_SUFFIX = 8, ".tmp"  # what mkstemp adds to the prefix


def _temp_prefix(path: Path) -> str:
    return side_name(path, "", room=_TEMP_RANDOM + len(_TEMP_SUFFIX))


def _remove_stale_temp_files(path: Path, folder: Path) -> None:
    """Temp files of this ledger left by a writer that was killed (called under the lock)."""
    pattern = re.compile(re.escape(_temp_prefix(path))
                         + rf"[A-Za-z0-9_]{{{_TEMP_RANDOM}}}{re.escape(_TEMP_SUFFIX)}\Z")
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _atomic_write(path: Path, text: str, written: Callable[[], None] | None) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    _remove_stale_temp_files(path, folder)
    old = stat_or_none(path)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=_temp_prefix(path), suffix=_TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:  # '\n' on Windows too
            os.chmod(tmp, _mode_for(old))  # mkstemp makes 0600; keep the ledger's permissions
            keep_owner(tmp, old)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with held_back():  # the file is replaced and the caller told, or neither
            replace(tmp, path)
            if written is not None:
                written()
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _mode_for(old: os.stat_result | None) -> int:
    """The permissions of the existing ledger, or those of a new file under the umask."""
    if old is not None:
        return old.st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def save(path: Path, what: Ledger | AnyGame, written: Callable[[], None] | None = None) -> None:
    """Write the ledger atomically (call it inside :func:`locked`).

    ``written`` is called as soon as the new file is in place, with Ctrl-C held back, so a
    command interrupted after it knows the change was made.
    """
    check_writable(path)
    text = dump(what, comments_of(path))  # the comments of the ledger read before
    check_size(path, text, _as_ledger(what))
    try:
        _atomic_write(path, text, written)
    except OSError as exc:
        if exc.errno == errno.EROFS:
            raise read_only_file_system(path) from None
        raise LedgerError(f"{path}: cannot write it: {exc.strerror or exc}") from None


def create(path: Path, what: Ledger | AnyGame, written: Callable[[], None] | None = None) -> None:
    """Write a new ledger; refuses to replace an existing file."""
    with locked(path):
        if path.is_dir():
            raise LedgerError(f"{path}: is a folder; name a ledger file inside it, "
                              f"e.g. --ledger {path / DEFAULT_NAME}")
        if path.exists() or path.is_symlink():
            raise LedgerError(
                f"{path}: a ledger is already there; rummy never overwrites a game "
                "(choose another --ledger, or delete that file yourself)")
        _NOTES.pop(_notes_key(path), None)  # a file once read here and deleted since
        save(path, what, written)
