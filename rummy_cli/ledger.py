"""The YAML ledger: one file per game, readable and hand-editable, never lost.

Reads build plain data only (``safeyaml``: no tags, nothing can run). Writes are atomic
(a temp file in the same folder, flushed and fsynced, then ``os.replace``) and made under
an exclusive lock, so two writers can never lose each other's rounds. A refused command
never touches the file.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from .errors import LedgerError, RummyError
from .game import Game, HandEntry, RoundEntry, find_player, normalize_hand
from .rules import MANIPULATION_RUMMY, RuleError, Rules
from .safeyaml import TooLarge, YamlProblem, dump_yaml, load_yaml, read_capped

FORMAT = 1
DEFAULT_NAME = "rummy-ledger.yaml"
ENV_VAR = "RUMMY_LEDGER"
HEADER = (
    "# rummy ledger: one game of Manipulation Rummy, kept by the rummy command.\n"
    "# You may correct it by hand: scores are recomputed from the hands on every load.\n"
    "# A hand is the cards left (\"3C 2D\", \"\" for none) or their total (12).\n"
    "# Comments are not kept when rummy writes this file: give a round a note: line instead.\n"
)


def ledger_path(option: str | None) -> Path:
    """``--ledger``, else ``$RUMMY_LEDGER``, else ``rummy-ledger.yaml`` here.

    A ledger that is a symbolic link is followed: the game is written where the link points.
    """
    if option is not None and not option.strip():
        raise LedgerError("--ledger is empty: name the ledger file, e.g. --ledger friday.yaml")
    path = Path(option or os.environ.get(ENV_VAR) or DEFAULT_NAME)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    return path


# --- reading ---------------------------------------------------------------------------

class _Where(Exception):
    """A problem at a place in the document (a path of keys and indexes)."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def _place(path: tuple[str | int, ...]) -> str:
    parts: list[str] = []
    for p in path:
        if isinstance(p, int):
            parts.append(f"[{p}]")
        else:
            parts.append(("." if parts else "") + p)
    return "".join(parts) or "top level"


def _line_of(text: str, path: tuple[str | int, ...]) -> int | None:
    """The line of the node at ``path``, found only when reporting an error."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = None
    for key in path:
        if node is None:
            break
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == key), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int):
            node = node.value[key] if key < len(node.value) else None
        else:
            node = None
    if node is not None:
        line = node.start_mark.line + 1
    return line


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


def _game_from(data: Any) -> tuple[Game, list[str]]:
    """A Game from the loaded document, and warnings about stored scores that disagree."""
    if not isinstance(data, dict):
        raise _Where((), "a ledger is a mapping with players and rounds; this file is not")
    version = data.get("format", FORMAT)
    if version != FORMAT:
        raise _Where(("format",), f"format {version!r} is not one this rummy reads ({FORMAT})")
    game_name = _get(data, "game", str, (), MANIPULATION_RUMMY.game)
    rules_data = _get(data, "rules", dict, (), {})
    try:
        rules = Rules.from_dict({"game": game_name, **rules_data})
    except RuleError as exc:
        raise _Where(("rules", exc.rule) if exc.rule in rules_data else ("rules",),
                     str(exc)) from None
    except RummyError as exc:
        raise _Where(("rules",), str(exc)) from None
    if rules.game != MANIPULATION_RUMMY.game:
        raise _Where(("game",), f"{rules.game!r} is not a game this rummy scores "
                                f"(it knows {MANIPULATION_RUMMY.game})")
    players = _get(data, "players", list, ())
    if not all(isinstance(p, str) for p in players):
        raise _Where(("players",), "players must be a list of names")
    from .game import new_game

    dealer = _get(data, "first_dealer", str, ())
    try:
        game = new_game(players, seed=0, rules=rules, created=str(data.get("created", "")))
    except RummyError as exc:
        raise _Where(("players",), str(exc)) from None
    try:
        game = replace(game, first_dealer=find_player(game.players, dealer))
    except RummyError as exc:
        raise _Where(("first_dealer",), str(exc)) from None
    rounds_data = _get(data, "rounds", list, (), [])
    rounds: list[RoundEntry] = []
    stored: list[Any] = []
    warnings: list[str] = []
    for i, item in enumerate(rounds_data):
        where: tuple[str | int, ...] = ("rounds", i)
        rounds.append(_round_from(item, game, where))
        stored.append(item.get("scores"))
        warnings += _round_warnings(item, i + 1, game)
    decks = data.get("decks", game.decks)
    if decks != game.decks:
        raise _Where(("decks",), f"'decks' is {decks!r}, but a game of {len(game.players)} "
                                 f"players uses {game.decks} (R2); fix or remove the line")
    known = {"format", "game", "rules", "players", "decks", "first_dealer", "rounds",
             "created"}
    extra = {k: v for k, v in data.items() if k not in known}
    game = Game(game.players, game.first_dealer, rules, tuple(rounds), game.created, extra)
    from .game import score_entry, with_results

    results = []
    for i, entry in enumerate(rounds):  # score each round once, saying where it fails
        try:
            results.append(score_entry(game, entry))
        except RummyError as exc:
            raise _Where(("rounds", i), str(exc)) from None
    game = with_results(game, tuple(results))  # no second scoring
    over_after = game.state.over_after
    if over_after is not None and over_after < len(rounds):
        raise _Where(("rounds", over_after), f"round {over_after + 1} comes after the game "
                                             f"ended (after round {over_after})")
    warnings += [
        f"round {i}: the stored scores ({_scores_text(scores)}) disagree with the hands; "
        f"using the recomputed ones ({_scores_text(result.scores)})"
        for i, (result, scores) in enumerate(zip(game.results, stored), 1)
        if scores is not None and scores != result.scores
    ]
    return game, warnings


_ROUND_KEYS = ("round", "dealer", "end", "hands", "scores", "note")


def _round_warnings(item: dict[str, Any], number: int, game: Game) -> list[str]:
    """What a hand edit put in a round that rummy recomputes or will not keep."""
    found = []
    if "round" in item and item["round"] != number:
        found.append(f"round {number}: it says 'round: {item['round']}', but it is round "
                     f"{number} of the list; rounds are numbered by their place")
    dealer = game.dealer_of(number)
    if "dealer" in item and item["dealer"] != dealer:
        found.append(f"round {number}: it says 'dealer: {item['dealer']}', but by R4 {dealer} "
                     f"dealt it (the deal passes left from first_dealer); using {dealer}")
    for key in item:
        if key not in _ROUND_KEYS:
            found.append(f"round {number}: '{key}' is not kept (a round keeps "
                         f"{', '.join(_ROUND_KEYS)}); it goes when rummy next writes the file")
    return found


def _scores_text(scores: Any) -> str:
    """Scores as a player reads them: 'Ann 0, Ben 29'."""
    if isinstance(scores, dict):
        return ", ".join(f"{name} {points}" for name, points in scores.items())
    return repr(scores)


def _round_from(item: Any, game: Game, where: tuple[str | int, ...]) -> RoundEntry:
    if not isinstance(item, dict):
        raise _Where(where, "a round is a mapping with 'end', 'hands' and 'scores'")
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
            raise _Where(where + ("hands", name),
                         f"{name}'s hand is blank: write the cards left, \"\" for none, "
                         "or a total")
        if not isinstance(hand, (str, int)) or isinstance(hand, bool):
            raise _Where(where + ("hands", name),
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


def load(path: Path) -> tuple[Game, list[str]]:
    """Read a ledger; any problem becomes ``LedgerError('<file>: <where>: <what>')``."""
    try:
        with path.open("rb") as stream:
            text = read_capped(stream)
    except TooLarge as exc:
        raise LedgerError(f"{path}: not a ledger: {exc}") from None
    except FileNotFoundError:
        raise _no_ledger(path) from None
    except IsADirectoryError:
        raise LedgerError(f"{path}: is a folder, not a ledger file") from None
    except UnicodeDecodeError:
        raise LedgerError(f"{path}: not a text file (it is not UTF-8)") from None
    except OSError as exc:
        raise LedgerError(f"{path}: cannot read it: {exc.strerror}") from None
    try:
        data = load_yaml(text)
    except YamlProblem as exc:
        raise LedgerError(f"{path}: {exc}") from None
    try:
        return _game_from(data)
    except _Where as exc:
        line = _line_of(text, exc.path)
        at = f"line {line}, {_place(exc.path)}" if line else _place(exc.path)
        raise LedgerError(f"{path}: {at}: {exc.message}") from None


# --- writing ---------------------------------------------------------------------------

def to_document(game: Game) -> dict[str, Any]:
    """The ledger document of a game, keys in reading order."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "game": game.rules.game,
        "players": list(game.players),
        "decks": game.decks,
        "first_dealer": game.first_dealer,
    }
    if game.created:
        doc["created"] = game.created
    rules = {k: v for k, v in game.rules.to_dict().items() if k != "game"}
    doc["rules"] = rules
    doc.update(game.extra)
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


_FLOW_KEYS = frozenset({"players", "hands", "scores"})


def dump(game: Game) -> str:
    """The ledger text of a game: block style, with players, hands and scores one line each."""
    return HEADER + dump_yaml(to_document(game), _FLOW_KEYS)


def _atomic_write(path: Path, text: str) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.chmod(tmp, _mode_for(path))  # mkstemp makes 0600; keep the ledger's permissions
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
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


def _mode_for(path: Path) -> int:
    """The permissions of the existing ledger, or those of a new file under the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def save(path: Path, game: Game) -> None:
    """Write the ledger atomically (call it inside :func:`locked`)."""
    try:
        _atomic_write(path, dump(game))
    except OSError as exc:
        raise LedgerError(f"{path}: cannot write it: {exc.strerror or exc}") from None


def create(path: Path, game: Game) -> None:
    """Write a new ledger; refuses to replace an existing file."""
    with locked(path):
        if path.is_dir():
            raise LedgerError(f"{path}: is a folder; name a ledger file inside it, "
                              f"e.g. --ledger {path / DEFAULT_NAME}")
        if path.exists():
            raise LedgerError(
                f"{path}: a ledger is already there; rummy never overwrites a game "
                "(choose another --ledger, or delete that file yourself)")
        save(path, game)


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
        raise LedgerError(f"RUMMY_LOCK_WAIT={text!r}: give the seconds to wait for a busy "
                          "ledger, from 0 to 3600 (or unset it for 10)")
    return seconds


@contextlib.contextmanager
def locked(path: Path, wait: float | None = None, existing: bool = False) -> Iterator[None]:
    """Hold the ledger's lock (a hidden ``.NAME.lock`` beside it) for one read-change-write.

    The lock is a separate file because a write replaces the ledger's file (``os.replace``);
    it is left in place, as removing it could let two writers lock two different files.
    ``existing``: the command changes a game, so a missing ledger is refused before any lock
    file is made beside it.
    """
    lock_path = path.with_name(f".{path.name}.lock")
    folder = path.parent
    if not folder.is_dir():
        raise LedgerError(f"{path}: there is no folder {str(folder)!r} to keep the ledger in; "
                          "create it first, or choose another --ledger")
    if existing and not path.exists():
        raise _no_ledger(path)
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
