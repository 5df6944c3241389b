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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .errors import LedgerError, RefusedError, RummyError
from .games.manipulation.game import (
    Game,
    HandEntry,
    RoundEntry,
    find_player,
    new_game,
    normalize_hand,
    score_entry,
    with_results,
)
from .games.manipulation.rules import MANIPULATION_RUMMY, RuleError, Rules
from .safeyaml import (
    Lines,
    NotAFile,
    NotText,
    TooLarge,
    YamlProblem,
    dump_yaml,
    load_yaml,
    read_file,
)

FORMAT = 2  # 1: one game at the top level (still read); 2: a list of games and an end line
FORMATS = (1, 2)
DEFAULT_NAME = "rummy-ledger.yaml"
ENV_VAR = "RUMMY_LEDGER"
END_LINE = "# end of ledger"
HEADER = (
    "# rummy ledger: the games of one table, kept by the rummy command.\n"
    "# You may correct it by hand: scores are recomputed from the hands on every load.\n"
    "# A hand is the cards left (\"3C 2D\", \"\" for none) or their total (12).\n"
    "# Comments are not kept when rummy writes this file: give a round a note: line instead.\n"
    f"# The last line, {END_LINE!r}, shows that the file is whole: keep it last.\n"
)
MAX_FILE_NAME = 255  # bytes in one file name on the usual disks


@dataclass(frozen=True)
class Ledger:
    """The games of one ledger file, oldest first; the last one is the game being played."""

    games: tuple[Game, ...]

    @property
    def current(self) -> Game:
        """The last game: the one ``round``, ``fix`` and ``undo`` change."""
        return self.games[-1]

    def with_current(self, game: Game) -> Ledger:
        """The ledger with its last game replaced by ``game``."""
        return Ledger(self.games[:-1] + (game,))

    def game(self, number: int | None) -> Game:
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
    if path.is_symlink():
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


# --- reading ---------------------------------------------------------------------------

class _Where(Exception):
    """A problem at a place in the document (a path of keys and indexes)."""

    def __init__(self, path: tuple[str | int, ...], message: str, key: bool = False) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
        self.key = key  # the problem is the key itself, not its value


def _place(path: tuple[str | int, ...]) -> str:
    parts: list[str] = []
    for p in path:
        if isinstance(p, int):
            parts.append(f"[{p}]")
        else:
            parts.append(("." if parts else "") + str(p))
    return "".join(parts) or "top level"


def _get(data: dict[str, Any], key: str, kind: type, path: tuple[str | int, ...],
         default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise _Where(path, f"'{key}' is missing")
        return default
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _Where(path + (key,), f"'{key}' must be {_kind_name(kind)}, not {value!r}")
    return value


_KIND_NAMES: dict[type, str] = {list: "a list", dict: "a mapping", str: "text",
                                int: "a whole number"}


def _kind_name(kind: type) -> str:
    return _KIND_NAMES.get(kind, kind.__name__)


def _only_keys(data: dict[Any, Any], known: Sequence[str], path: tuple[str | int, ...],
               what: str) -> None:
    """Refuse a key rummy does not know: a misspelt ``Rounds:`` must not read as no rounds."""
    for key in data:
        if key not in known:
            import difflib

            close = difflib.get_close_matches(str(key).lower(), known, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise _Where(path + (key,), f"{str(key)[:40]!r} is not a key of {what}: {hint}"
                                        f"({what} has {', '.join(known)})", key=True)


_GAME_KEYS = ("game", "players", "decks", "first_dealer", "created", "rules", "rounds")
_ROUND_KEYS = ("round", "dealer", "end", "hands", "scores", "note")


def _ledger_from(data: Any) -> tuple[Ledger, list[str]]:
    """The games of a loaded document, and warnings about what rummy recomputes."""
    if not isinstance(data, dict):
        raise _Where((), "a ledger is a mapping with players and rounds; this file is not")
    version = _get(data, "format", int, (), 1)  # a hand-written one-game file may omit it
    if version not in FORMATS:
        raise _Where(("format",), f"format {version!r} is not one this rummy reads "
                                  f"({', '.join(map(str, FORMATS))}); a newer rummy wrote it?")
    if version == 1:
        _only_keys(data, ("format", *_GAME_KEYS), (), "a ledger")
        game, found = _game_from(data, ())
        return Ledger((game,)), found
    _only_keys(data, ("format", "games"), (), "a ledger")
    items = _get(data, "games", list, ())
    if not items:
        raise _Where(("games",), "'games' is empty: a ledger holds at least one game")
    games: list[Game] = []
    warnings: list[str] = []
    for i, item in enumerate(items):
        where: tuple[str | int, ...] = ("games", i)
        if not isinstance(item, dict):
            raise _Where(where, "a game is a mapping with players and rounds")
        _only_keys(item, _GAME_KEYS, where, "a game")
        game, found = _game_from(item, where)
        if games and not games[-1].state.game_over:
            raise _Where(where, f"game {i} is not over, yet game {i + 1} follows it: a game in "
                                "progress is the last of the file")
        games.append(game)
        prefix = f"game {i + 1}, " if len(items) > 1 else ""
        warnings += [prefix + w for w in found]
    return Ledger(tuple(games)), warnings


def _game_from(data: dict[str, Any], at: tuple[str | int, ...]) -> tuple[Game, list[str]]:
    """A Game from its mapping, and warnings about stored scores that disagree."""
    game_name = _get(data, "game", str, at, MANIPULATION_RUMMY.game)
    rules_data = _get(data, "rules", dict, at, {})
    try:
        rules = Rules.from_dict({"game": game_name, **rules_data})
    except RuleError as exc:
        raise _Where(at + (("rules", exc.rule) if exc.rule in rules_data else ("rules",)),
                     str(exc)) from None
    except RummyError as exc:
        raise _Where(at + ("rules",), str(exc)) from None
    if rules.game != MANIPULATION_RUMMY.game:
        raise _Where(at + ("game",), f"{rules.game!r} is not a game this rummy scores "
                                     f"(it knows {MANIPULATION_RUMMY.game})")
    players = _get(data, "players", list, at)
    if not all(isinstance(p, str) for p in players):
        raise _Where(at + ("players",), "players must be a list of names")
    dealer = _get(data, "first_dealer", str, at)
    created = data.get("created", "")
    if not isinstance(created, str):
        raise _Where(at + ("created",), "'created' is the date and time the game began")
    try:
        game = new_game(players, seed=0, rules=rules, created=created)
    except RummyError as exc:
        raise _Where(at + ("players",), str(exc)) from None
    try:
        game = replace(game, first_dealer=find_player(game.players, dealer))
    except RummyError as exc:
        raise _Where(at + ("first_dealer",), str(exc)) from None
    rounds_data = _get(data, "rounds", list, at)
    rounds: list[RoundEntry] = []
    stored: list[Any] = []
    warnings: list[str] = []
    for i, item in enumerate(rounds_data):
        where = at + ("rounds", i)
        rounds.append(_round_from(item, game, where))
        stored.append(item.get("scores"))
        warnings += _round_warnings(item, i + 1, game)
    decks = data.get("decks", game.decks)
    if decks != game.decks:
        raise _Where(at + ("decks",), f"'decks' is {decks!r}, but a game of "
                                      f"{len(game.players)} players uses {game.decks} (R2); "
                                      "fix or remove the line")
    game = replace(game, rounds=tuple(rounds))
    results = []
    for i, entry in enumerate(rounds):  # score each round once, saying where it fails
        try:
            results.append(score_entry(game, entry))
        except RummyError as exc:
            raise _Where(at + ("rounds", i), str(exc)) from None
    game = with_results(game, tuple(results))  # no second scoring
    over_after = game.state.over_after
    if over_after is not None and over_after < len(rounds):
        raise _Where(at + ("rounds", over_after),
                     f"round {over_after + 1} comes after the game ended (after round "
                     f"{over_after})")
    warnings += [
        f"round {i}: the stored scores ({_scores_text(scores)}) disagree with the hands; "
        f"using the recomputed ones ({_scores_text(result.scores)})"
        for i, (result, scores) in enumerate(zip(game.results, stored), 1)
        if scores is not None and scores != result.scores
    ]
    return game, warnings


def _round_warnings(item: dict[str, Any], number: int, game: Game) -> list[str]:
    """What a hand edit put in a round that rummy recomputes."""
    found = []
    if "round" in item and item["round"] != number:
        found.append(f"round {number}: it says 'round: {item['round']}', but it is round "
                     f"{number} of the list; rounds are numbered by their place")
    dealer = game.dealer_of(number)
    if "dealer" in item and item["dealer"] != dealer:
        found.append(f"round {number}: it says 'dealer: {item['dealer']}', but by R4 {dealer} "
                     f"dealt it (the deal passes left from first_dealer); using {dealer}")
    return found


def _scores_text(scores: Any) -> str:
    """Scores as a player reads them: 'Ann 0, Ben 29'."""
    if isinstance(scores, dict):
        return ", ".join(f"{name} {points}" for name, points in scores.items())
    return repr(scores)


def _round_from(item: Any, game: Game, where: tuple[str | int, ...]) -> RoundEntry:
    if not isinstance(item, dict):
        raise _Where(where, "a round is a mapping with 'end', 'hands' and 'scores'")
    _only_keys(item, _ROUND_KEYS, where, "a round")
    end = _get(item, "end", str, where)
    words = end.split(maxsplit=1)
    knocker: str | None
    if end.strip().casefold() in ("stock-out", "stock out", "stockout", "stock"):
        knocker = None
    elif len(words) == 2 and words[0].casefold() == "knock":
        try:
            knocker = find_player(game.players, words[1])
        except RummyError as exc:
            raise _Where(where + ("end",), str(exc)) from None
    else:
        raise _Where(where + ("end",), f"'end' is 'knock NAME' or 'stock-out', not {end!r}")
    hands_data = _get(item, "hands", dict, where)
    note = item.get("note")
    if note is not None and not isinstance(note, (str, int)):
        raise _Where(where + ("note",), "a note is one line of text")
    hands: dict[str, HandEntry] = {}
    for key, hand in hands_data.items():
        try:
            name = find_player(game.players, str(key))
        except RummyError as exc:
            raise _Where(where + ("hands", key), str(exc)) from None
        if name in hands:
            raise _Where(where + ("hands", key), f"{name}'s hand is given twice")
        if hand is None:
            raise _Where(where + ("hands", key),
                         f"{name}'s hand is blank: write the cards left, \"\" for none, "
                         "or a total")
        if not isinstance(hand, (str, int)) or isinstance(hand, bool):
            raise _Where(where + ("hands", key),
                         f"a hand is cards or a total, not {hand!r}")
        try:
            hands[name] = normalize_hand(hand if isinstance(hand, int) else str(hand), name)
        except RummyError as exc:
            raise _Where(where + ("hands", key), str(exc)) from None
    missing = [p for p in game.players if p not in hands]
    if missing:
        raise _Where(where + ("hands",), f"no hand for {', '.join(missing)}")
    return RoundEntry(knocker, {p: hands[p] for p in game.players},
                      None if note is None else str(note))


def _no_ledger(path: Path) -> LedgerError:
    return LedgerError(f"{path}: no such ledger; start a game with 'rummy new NAME NAME ...' "
                       "or name one with --ledger")


def _read_text(path: Path) -> str:
    try:
        return read_file(path)
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


def read(path: Path) -> tuple[Ledger, list[str]]:
    """Read a ledger; any problem becomes ``LedgerError('<file>: <where>: <what>')``."""
    text = _read_text(path)
    if text.startswith(_FIRST_LINE) or _FORMAT_2.search(text):  # cut short: say so first
        _check_end(text, path)
    lines = Lines()
    try:
        data = load_yaml(text, lines)
    except YamlProblem as exc:
        raise LedgerError(f"{path}: {exc}") from None
    if isinstance(data, dict) and data.get("format") == 2:
        _check_end(text, path)
    try:
        return _ledger_from(data)
    except _Where as exc:
        line = lines.line_of(data, exc.path, key_only=exc.key)
        at = f"line {line}, {_place(exc.path)}" if line else _place(exc.path)
        raise LedgerError(f"{path}: {at}: {exc.message}") from None


_FORMAT_2 = re.compile(r"^format: *2\b", re.MULTILINE)
_FIRST_LINE = HEADER.splitlines()[0]  # format 2's; format 1 began otherwise


def load(path: Path) -> tuple[Game, list[str]]:
    """The current game of a ledger (see :func:`read`)."""
    ledger, warnings = read(path)
    return ledger.current, warnings


# --- writing ---------------------------------------------------------------------------

def _game_document(game: Game) -> dict[str, Any]:
    """One game as the ledger keeps it, keys in reading order."""
    doc: dict[str, Any] = {
        "game": game.rules.game,
        "players": list(game.players),
        "decks": game.decks,
        "first_dealer": game.first_dealer,
    }
    if game.created:
        doc["created"] = game.created
    doc["rules"] = {k: v for k, v in game.rules.to_dict().items() if k != "game"}
    rounds = []
    for number, (entry, result) in enumerate(zip(game.rounds, game.results), 1):
        rounds.append({
            "round": number,
            "dealer": game.dealer_of(number),
            "end": "stock-out" if entry.knocker is None else f"knock {entry.knocker}",
            "hands": dict(entry.hands),
            "scores": dict(result.scores),
            **({} if entry.note is None else {"note": entry.note}),
        })
    doc["rounds"] = rounds
    return doc


def _as_ledger(what: Ledger | Game) -> Ledger:
    """A ledger, or a ledger of one game."""
    return what if isinstance(what, Ledger) else Ledger((what,))


def to_document(what: Ledger | Game) -> dict[str, Any]:
    """The ledger document: the format, then every game."""
    return {"format": FORMAT,
            "games": [_game_document(g) for g in _as_ledger(what).games]}


_FLOW_KEYS = frozenset({"players", "hands", "scores"})


def dump(what: Ledger | Game) -> str:
    """The ledger text: block style, with players, hands and scores one line each."""
    return HEADER + dump_yaml(to_document(what), _FLOW_KEYS) + END_LINE + "\n"


def _side_name(path: Path, suffix: str) -> str:
    """The name of a hidden file beside the ledger (its lock, its temp files).

    ``.NAME.suffix``, unless that would be longer than a file name may be: then the name is
    cut and a hash of the whole name keeps it apart from other ledgers.
    """
    name = f".{path.name}.{suffix}"
    if len(os.fsencode(name)) + 8 <= MAX_FILE_NAME:  # 8: room for mkstemp's random part
        return name
    import hashlib

    digest = hashlib.sha256(os.fsencode(path.name)).hexdigest()[:12]
    short = os.fsencode(path.name)[:150].decode("utf-8", "ignore")
    return f".{short}~{digest}.{suffix}"


def _temp_prefix(path: Path) -> str:
    return _side_name(path, "")  # mkstemp adds 8 random characters and '.tmp'


def _remove_stale_temp_files(path: Path, folder: Path) -> None:
    """Temp files of this ledger left by a writer that was killed (called under the lock)."""
    pattern = re.compile(re.escape(_temp_prefix(path)) + r"[A-Za-z0-9_]{8}\.tmp\Z")
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _atomic_write(path: Path, text: str, written: Callable[[], None] | None) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    _remove_stale_temp_files(path, folder)
    old = _stat(path)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=_temp_prefix(path), suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.chmod(tmp, _mode_for(old))  # mkstemp makes 0600; keep the ledger's permissions
            if old is not None and (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
                with contextlib.suppress(OSError):  # only root may give a file away
                    os.chown(tmp, old.st_uid, old.st_gid)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with _interrupts_held():  # the file is replaced and the caller told, or neither
            os.replace(tmp, path)
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


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold back Ctrl-C for a moment: it arrives when the block is done, never inside it."""
    import signal
    import threading

    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not \
            threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


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
    if not old.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise LedgerError(f"{path}: the ledger is read-only (mode {old.st_mode & 0o777:o}), "
                          "so rummy leaves it as it is; to go on, make it writable "
                          f"(chmod u+w {path})")


def save(path: Path, what: Ledger | Game, written: Callable[[], None] | None = None) -> None:
    """Write the ledger atomically (call it inside :func:`locked`).

    ``written`` is called as soon as the new file is in place, with Ctrl-C held back, so a
    command interrupted after it knows the change was made.
    """
    check_writable(path)
    try:
        _atomic_write(path, dump(what), written)
    except OSError as exc:
        raise LedgerError(f"{path}: cannot write it: {exc.strerror or exc}") from None


def create(path: Path, what: Ledger | Game, written: Callable[[], None] | None = None) -> None:
    """Write a new ledger; refuses to replace an existing file."""
    with locked(path):
        if path.is_dir():
            raise LedgerError(f"{path}: is a folder; name a ledger file inside it, "
                              f"e.g. --ledger {path / DEFAULT_NAME}")
        if path.exists() or path.is_symlink():
            raise LedgerError(
                f"{path}: a ledger is already there; rummy never overwrites a game "
                "(choose another --ledger, or delete that file yourself)")
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
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
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
