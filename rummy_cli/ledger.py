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
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .comments import Notes, collect, has_comments
from .document import Where, get, only_keys, place, written
from .errors import LedgerError, RefusedError
from .games import MANIPULATION, PlayedGame, game_document, game_from, game_keys
from .portable import BINARY, keep_owner, replace
from .safeyaml import (
    MAX_BYTES,
    Lines,
    NotAFile,
    NotText,
    TooLarge,
    YamlProblem,
    dump_yaml,
    load_yaml,
    read_file,
)
from .stopping import held_back

FORMAT = 2  # 1: one game at the top level (still read); 2: a list of games and an end line
FORMATS = (1, 2)
DEFAULT_NAME = "rummy-ledger.yaml"
ENV_VAR = "RUMMY_LEDGER"
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
# a game of any kind: each kind's module in games/ says what it holds; what all of them
# provide is games.PlayedGame, all the ledger reads of them
AnyGame = PlayedGame
MAX_FILE_NAME = 255  # bytes in one file name on the usual disks
NEAR_FULL = 0.9  # a ledger this full (of the size rummy reads) is warned about at each use
# The most rounds rummy writes into one file. Every command reads and scores the whole file:
# at 50,000 rounds a command takes about 2 s, at 100,000 about 3-5 s of CPU. A night has
# a dozen rounds, a season a few thousand: a league goes on in a new file well before.
MAX_ROUNDS = 50_000


@dataclass(frozen=True)
class Ledger:
    """The games of one ledger file, oldest first; the last one is the game being played."""

    games: tuple[AnyGame, ...]

    @property
    def current(self) -> AnyGame:
        """The last game: the one ``round``, ``fix`` and ``undo`` change."""
        return self.games[-1]

    def with_current(self, game: AnyGame) -> Ledger:
        """The ledger with its last game replaced by ``game``."""
        return Ledger(self.games[:-1] + (game,))

    def game(self, number: int | None) -> AnyGame:
        """Game ``number`` (1 = the first in the file), or the current one for None."""
        if number is None:
            return self.current
        if not 1 <= number <= len(self.games):
            count = len(self.games)
            raise RefusedError(f"there is no game {number}: this ledger holds "
                               f"{count} game{'s' if count > 1 else ''} (1 to {count})")
        return self.games[number - 1]


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


def _no_ledger(path: Path) -> LedgerError:
    return LedgerError(f"{path}: no such ledger; start a game with 'rummy new NAME NAME ...' "
                       "or name one with --ledger")


def _read_text(path: Path) -> str:
    global _last_text
    try:
        _last_text = read_file(path)
        return _last_text
    except (TooLarge, NotText, NotAFile) as exc:
        raise LedgerError(f"{path}: not a ledger: {exc}") from None
    except FileNotFoundError:
        raise _no_ledger(path) from None
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


def _side_name(path: Path, suffix: str, room: int = 8) -> str:
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


_TEMP_RANDOM, _TEMP_SUFFIX = 8, ".tmp"  # what mkstemp adds to the prefix


def _temp_prefix(path: Path) -> str:
    return _side_name(path, "", room=_TEMP_RANDOM + len(_TEMP_SUFFIX))


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
    old = _stat(path)
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


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except OSError:
        return None


def _mode_for(old: os.stat_result | None) -> int:
    """The permissions of the existing ledger, or those of a new file under the umask."""
    if old is not None:
        return old.st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def check_writable(path: Path) -> None:
    """Refuse to replace a ledger the owner made read-only (a write would not be stopped by
    its mode: the file is replaced, not written into)."""
    old = _stat(path)
    if old is None:
        return
    if stat.S_ISDIR(old.st_mode):
        raise LedgerError(f"{path}: is a folder; name a ledger file inside it, "
                          f"e.g. --ledger {path / DEFAULT_NAME}")
    if not stat.S_ISREG(old.st_mode):
        raise LedgerError(f"{path}: not a ledger: it is not a regular file")
    if _on_read_only_file_system(path):
        raise _read_only_file_system(path)
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


def _read_only_file_system(path: Path) -> LedgerError:
    return LedgerError(f"{path}: the file system it is on is read-only (mounted so), so "
                       "rummy cannot write the ledger; copy it to a writable disk and name "
                       "the copy with --ledger")


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
            raise _read_only_file_system(path) from None
        raise LedgerError(f"{path}: cannot write it: {exc.strerror or exc}") from None


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
    lock_path = path.with_name(_side_name(path, "lock"))
    folder = path.parent
    if not folder.is_dir():
        raise LedgerError(f"{path}: there is no folder {str(folder)!r} to keep the ledger in; "
                          "create it first, or choose another --ledger")
    if existing:
        if not path.exists():
            raise _no_ledger(path)
        check_writable(path)
    patience = _lock_wait() if wait is None else wait
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | BINARY, 0o644)
    except OSError as exc:
        if exc.errno == errno.EROFS:
            raise _read_only_file_system(path) from None
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
