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
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol, TypeVar

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


def differences(rules: Any, book: Any) -> dict[str, tuple[Any, Any]]:
    """``{name: (in force, the book's)}``: the rules that differ from ``book`` (its preset).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Book:
    ...     game: str = "demo"
    ...     target: int = 150
    >>> differences(Book(target=200), Book())
    {'target': (200, 150)}
    """
    return {f.name: (getattr(rules, f.name), getattr(book, f.name)) for f in fields(rules)
            if f.name != "game" and getattr(rules, f.name) != getattr(book, f.name)}


KINDS = {int: "a whole number", bool: "true or false"}  # what else a rule is: text


def plain_rules(base: R, data: Mapping[Any, Any], *, error: Callable[[str, str], Exception],
                unknown: str = "unknown rule {key!r} (known: {known})",
                wrong: str = "rule {key!r} must be {kind}, not {value}",
                optional: frozenset[str] = frozenset()) -> R:
    """Rules read from the ledger's plain data over the preset ``base``: every rule given
    must be one of the game's and of the kind of the preset's value (a whole number where
    that is None; None itself only for an ``optional`` rule), and the rules playable.

    ``unknown`` and ``wrong`` are the game's messages: ``{key}`` the rule, ``{known}`` every
    rule's name, ``{kind}`` what the rule must be, ``{value}`` what it was.
    """
    names = [f.name for f in fields(base)]  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in names:
            raise error(str(key), unknown.format(key=key, known=", ".join(names)))
        book = getattr(base, key)
        if not ((value is None and key in optional)
                or type(value) is (type(book) if book is not None else int)):
            from .document import written

            raise error(key, wrong.format(key=key, kind=KINDS.get(type(book), "text"),
                                          value=written(value)))
        values[key] = value
    rules = replace(base, **values)  # type: ignore[type-var]
    problem = rules.problem()
    if problem:
        raise error(*problem)
    return rules


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


YES = ("true", "yes", "on", "1")
NO = ("false", "no", "off", "0")


class Playable(Protocol):
    """A game's rules: a frozen dataclass that can say what makes it unplayable."""

    def problem(self) -> tuple[str, str] | None: ...  # pragma: no cover


R = TypeVar("R", bound=Playable)


@dataclass(frozen=True, kw_only=True)
class RuleReader:
    """How one game reads ``--rule NAME=VALUE``: its words and messages as data.

    Each message is a template: ``{name}`` the rule, ``{label}`` the rule as the game's
    messages name it, ``{typed}`` the value as typed (cut to 20 characters), ``{allowed}``
    a switch's values, ``{known}`` every rule's name, ``{hint}`` a suggestion for a typo.
    """

    error: Callable[[str, str], Exception]  # the game's error: (rule, message)
    unknown: str  # for a rule the game does not have
    label: str = "rule {name!r}"
    hi: int = 999_999_999  # the greatest figure
    yes_or_no: str | None = "rule {name!r} is yes or no, not {typed!r}"  # None: no switch
    typed_raw: bool = True  # messages quote the text as typed, not lower-cased
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # switches' values
    not_a_choice: str = "rule {name!r} is one of {allowed}, not {typed!r}"
    words: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # words for values
    refused: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    free_text: bool = False  # a text rule takes any word (its rules check it)
    digits: Mapping[str, str] | None = None  # a figure must be digits: the message, per rule
    not_digits: str = "{label} is a whole number (digits 0-9), not {typed!r}"

    def read(self, name: str, text: str, now: Any) -> Any:
        """The value of rule ``name`` as typed, of the kind of its value ``now``."""
        word = text.strip().lower()
        say = {"name": name, "label": self.label.format(name=name),
               "typed": (text if self.typed_raw else word)[:20]}
        if name in self.refused and word in self.refused[name][0]:
            raise self.error(name, self.refused[name][1].format(**say))
        if word in self.words.get(name, {}):
            return self.words[name][word]
        if name in self.choices:
            allowed = self.choices[name]
            if word.replace("_", "-") in allowed:
                return word.replace("_", "-")
            raise self.error(name, self.not_a_choice.format(allowed=", ".join(allowed), **say))
        if isinstance(now, bool) and self.yes_or_no is not None:
            if word in YES or word in NO:
                return word in YES
            raise self.error(name, self.yes_or_no.format(**say))
        if isinstance(now, str) and self.free_text:
            return word
        if self.digits is not None and not (word.isascii() and word.isdigit()):
            raise self.error(name, self.digits.get(name, self.not_digits).format(**say))
        from .errors import NotationError
        from .numbers import whole

        try:
            return whole(word, say["label"], hi=self.hi)
        except NotationError as exc:
            raise self.error(name, str(exc)) from None

    def changed(self, rules: R, typed: dict[str, str]) -> R:
        """``rules`` with the house rules as typed; refuses an unknown name, a value of the
        wrong kind, or rules that cannot be played."""
        known = ", ".join(sorted({f.name for f in fields(rules)} - {"game"}))  # type: ignore[arg-type]
        values = typed_values(rules, typed, self.read, lambda name, typed, hint: self.error(
            name, self.unknown.format(typed=typed, hint=hint, known=known)))
        new = replace(rules, **values)  # type: ignore[type-var]
        problem = new.problem()
        if problem:
            raise self.error(*problem)
        return new


@dataclass(frozen=True, kw_only=True)
class FigureWords:
    """How a game's figures read where a player sees them: as typed and listed (``rummy
    rules --figures``), in its rulebook's text, and in what ``rummy new`` says of the house
    rules it kept or dropped. A game's rules module holds its own (``FIGURE_WORDS``); a game
    without one reads as these defaults.

    >>> words = FigureWords(none={"knock": "upcard"}, zero_off=frozenset({"target"}))
    >>> words.typed("knock", None), words.typed("target", 0), words.typed("gin", True)
    ('upcard', 'off', 'true')
    >>> words.said("knock", None), words.said("gin", True)
    ('off', 'yes')
    """

    yes_no: tuple[str, str] = ("true", "false")  # a yes-or-no figure, as typed and listed
    none: Mapping[str, str] = field(default_factory=dict)  # a figure that is None, as typed
    none_text: Mapping[str, str] = field(default_factory=dict)  # ... in the book's text
    none_said: Mapping[str, str] = field(default_factory=dict)  # ... in a message
    zero_off: frozenset[str] = frozenset()  # the figures whose 0 means none: 'off'

    def typed(self, name: str, value: Any) -> str:
        """A figure as a player would type it: ``5``, ``true``, ``off``."""
        if value is None:
            return self.none.get(name, "off")
        if isinstance(value, bool):
            return self.yes_no[0] if value else self.yes_no[1]
        return "off" if value == 0 and name in self.zero_off else str(value)

    def in_text(self, name: str, value: Any) -> str:
        """A figure in the book's text: 'the upcard's value'."""
        return self.none_text.get(name, "off") if value is None else self.typed(name, value)

    def said(self, name: str, value: Any) -> str:
        """A figure in a message: 'yes', 'off', 'one per player', '50'."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return self.none_said.get(name, "off")
        return "off" if value == 0 and name in self.zero_off else str(value)
