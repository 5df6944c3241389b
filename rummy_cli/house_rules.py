"""House rules as typed (``--rule NAME=VALUE``), shared by every game's rules.

Each game's rules are a frozen dataclass; this turns what a player typed into the values
to change, so every game reads a rule's name the same way: any case, ``-`` for ``_``, and
a close name suggested for a typo.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Book:
...     game: str = "demo"
...     target: int = 150
>>> typed_values(Book(), {"Target": "200"}, lambda name, text, now: int(text), KeyError)
{'target': 200}
>>> typed_values(Book(), {"targt": "200"}, lambda name, text, now: int(text),
...              lambda name, typed, hint: KeyError(hint))
Traceback (most recent call last):
...
KeyError: "did you mean 'target'? "
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from .errors import RummyError


class RuleError(RummyError):
    """Rules that cannot be played; ``rule`` names the one at fault."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


def typed_values(rules: Any, typed: dict[str, str], value: Callable[[str, str, Any], Any],
                 unknown: Callable[[str, str, str], Exception]) -> dict[str, Any]:
    """``{name: value}`` for each rule typed (the game's name cannot be changed).

    ``value(name, text, now)`` reads one value of the kind of ``now``; ``unknown(name,
    typed, hint)`` makes the error for a name the rules do not have (``typed`` cut to 40
    characters, ``hint`` a suggestion or empty).
    """
    known = {f.name for f in fields(rules)} - {"game"}
    values: dict[str, Any] = {}
    for typed_name, text in typed.items():
        name = typed_name.strip().lower().replace("-", "_")
        if name not in known:
            import difflib

            close = difflib.get_close_matches(name, sorted(known), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise unknown(name, typed_name[:40], hint)
        values[name] = value(name, text, getattr(rules, name))
    return values


def carried(house: Mapping[str, tuple[Any, Any]], preset: Any) -> dict[str, Any]:
    """``{name: value}``: the house rules of a game (``{name: (in force, its preset's)}``)
    that the next game, of the rules ``preset``, keeps.

    A rule is kept when the new game has it, unless the new preset sets a value of its own
    there (one other than the last game's preset's): the preset's own values win.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Strict:
    ...     game: str = "strict"
    ...     rounds: int = 0
    ...     time_limit: int = 120
    >>> carried({"rounds": (6, 0), "time_limit": (90, 60), "knock": (7, 5)}, Strict())
    {'rounds': 6}
    """
    names = {f.name for f in fields(preset)} - {"game"}
    return {name: value for name, (value, book) in house.items()
            if name in names and type(getattr(preset, name)) is type(book)
            and getattr(preset, name) == book}
