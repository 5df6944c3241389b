"""Reading plain documents (a ledger's games, once YAML is parsed) with the place of each
problem: a path of keys and indexes that the ledger turns into a line number.

Pure: the games' record formats use it; nothing here knows YAML or files.

>>> place(("games", 0, "rounds", 2, "hands", "Ann"))
'games[0].rounds[2].hands.Ann'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import RummyError

Path_ = tuple[str | int, ...]


class Where(Exception):
    """A problem at a place in the document (a path of keys and indexes)."""

    def __init__(self, path: Path_, message: str, key: bool = False) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
        self.key = key  # the problem is the key itself, not its value


def place(path: Path_) -> str:
    parts: list[str] = []
    for p in path:
        if isinstance(p, int):
            parts.append(f"[{p}]")
        else:
            parts.append(("." if parts else "") + str(p))
    return "".join(parts) or "top level"


def written(value: Any, most: int = 40) -> str:
    r"""A value of a ledger quoted back as YAML writes it, not as Python would: what the
    person wrote (``true``, not ``True``; ``null``, not ``None``), text in quotes, cut
    short if it is long.

    >>> written(True), written(None), written("knock"), written(2.5), written([1, "a", False])
    ('true', 'null', "'knock'", '2.5', '[1, a, false]')
    >>> written({"Ann": None}), written("a\x00b"), written({"A\x00": 1})
    ('{Ann: null}', "'a\\x00b'", '{A\\x00: 1}')
    >>> written("x " * 5_000_000)
    "'x x x x x x x x x x x x x x x x x x x x...' (10000000 characters)"
    """
    if isinstance(value, str):
        from .cards import quoted

        return quoted(value, most)
    return as_written(value, most)


def as_written(value: Any, most: int = 40) -> str:
    r"""A value of a ledger as the person wrote it, text unquoted (``'round: 5'``,
    ``'dealer: Ben'``), a NUL or line break as its escape, cut short if it is long.

    >>> as_written(5), as_written("Ben"), as_written("B\x00en"), as_written({"Ann": 3})
    ('5', 'Ben', 'B\\x00en', '{Ann: 3}')
    >>> as_written("x " * 5_000_000)
    'x x x x x x x x x x x x x x x x x x x x ... (10000000 characters)'
    """
    if isinstance(value, (dict, list, tuple)) and len(value) > most:
        value = dict(list(value.items())[:most]) if isinstance(value, dict) else value[:most]
    shown = _flow(value)
    if len(shown) <= most:
        return shown
    size = len(value) if isinstance(value, str) else len(shown)
    return f"{shown[:most]}... ({size} characters)"


def _flow(value: Any) -> str:
    """A value in YAML's flow style, its text unquoted (as in ``hands: {Ann: 3C}``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    text = str(value)
    # a NUL or a line break a hand edit put in a value is shown as the escape, not sent raw
    return text if text.isprintable() else repr(text)[1:-1]


def get(data: dict[str, Any], key: str, kind: type, path: Path_,
         default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise Where(path, f"'{key}' is missing")
        return default
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise Where(path + (key,), f"'{key}' must be {kind_name(kind)}, not {written(value)}")
    return value


KIND_NAMES: dict[type, str] = {list: "a list", dict: "a mapping", str: "text",
                                int: "a whole number"}


def kind_name(kind: type) -> str:
    return KIND_NAMES.get(kind, kind.__name__)


def only_keys(data: dict[Any, Any], known: Sequence[str], path: Path_,
               what: str) -> None:
    """Refuse a key rummy does not know: a misspelt ``Rounds:`` must not read as no rounds."""
    for key in data:
        if key not in known:
            import difflib

            close = difflib.get_close_matches(str(key).lower(), known, n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise Where(path + (key,), f"{str(key)[:40]!r} is not a key of {what}: {hint}"
                                        f"({what} has {', '.join(known)})", key=True)




def seats(data: dict[str, Any], at: Path_) -> tuple[list[str], str, str]:
    """The players (seat order), the first dealer and when the game was created, as every
    game's record keeps them; problems with their place."""
    players = get(data, "players", list, at)
    if not all(isinstance(p, str) for p in players):
        raise Where(at + ("players",), "players must be a list of names")
    dealer = get(data, "first_dealer", str, at)
    created = data.get("created", "")
    if not isinstance(created, str):
        raise Where(at + ("created",), "'created' is the date and time the game began")
    return players, dealer, created


def ending(item: dict[str, Any], where: Path_, find: Callable[[str], str],
           nobody: Sequence[str]) -> str | None:
    """Who ended a round from its ``end:`` line: ``knock NAME`` (the player ``find`` names),
    or None for one of the ``nobody`` words (``stock-out``, ``dead``; the first is shown)."""
    end = get(item, "end", str, where)
    words = end.split(maxsplit=1)
    if end.strip().casefold() in nobody:
        return None
    if len(words) == 2 and words[0].casefold() == "knock":
        try:
            return find(words[1])
        except RummyError as exc:
            raise Where(where + ("end",), str(exc)) from None
    raise Where(where + ("end",), f"'end' is 'knock NAME' or '{nobody[0]}', not {written(end)}")
