"""Each game's rulebook read into rules, decisions and figures, and the rules in force
filled into its text.

The text is data: each game's book is ``rulebook.md`` in its own package, and a game's
presets are its rules module's ``PRESETS`` (see :mod:`rummy_cli.rulebook` for look-ups).
Pure: nothing here prints or knows click.

>>> fill("the knock limit is {knock}", preset("oklahoma"))
"the knock limit is the upcard's value"
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import lru_cache
from importlib import import_module
from typing import Any

from .errors import RummyError
from .house_rules import FigureWords

# any game's rules: a frozen dataclass with a ``game`` name (Rules, GinRules, RummikubRules)
AnyRules = Any


BOOK_FILE = "rulebook.md"  # in each game's package


FIGURES_TITLE = "Rule figures"


_RULE = re.compile(r"^### ([A-Z]\d+) (\S.*)$")


_DECISION = re.compile(r"^#### (([A-Z]\d+)-D(\d+)) (\S.*)$")


_FIGURE = re.compile(r"^- (\w+) \(([A-Z]\d+)\): (\S.*)$")


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


PART = re.compile(r"^- \(([a-z])\) ")


class NoSuchRule(RummyError, LookupError):
    """No rule has that id, or no rule mentions that word."""


@dataclass(frozen=True)
class Entry:
    """A rule (``R14``) or a decision (``R15-D2``) of the rulebook."""

    id: str
    rule: str  # the rule it belongs to: itself, or the rule of a decision
    section: str
    title: str
    blocks: tuple[str, ...]  # paragraphs and list items ('- ...'), with {figure} names

    @property
    def is_decision(self) -> bool:
        return self.id != self.rule

    @property
    def parts(self) -> tuple[str, ...]:
        """The lettered parts of a rule: ``('a', 'b', 'c')`` for R12 (cited as R12b)."""
        return tuple(m.group(1) for m in map(PART.match, self.blocks) if m)


@dataclass(frozen=True)
class Figure:
    """A figure of a game's rules: its name, the rule it belongs to, what it sets."""

    name: str
    rule: str
    about: str


@dataclass(frozen=True)
class Rulebook:
    """One game's book: Manipulation Rummy (ids R1..), the Gin games (G1..), Rummikub (K1..)."""

    title: str
    intro: tuple[str, ...]
    entries: tuple[Entry, ...]
    figures: tuple[Figure, ...]
    figures_intro: tuple[str, ...]
    letter: str = "R"  # the letter of its ids
    game: str = "manipulation"  # its package in games/: manipulation, gin, rummikub
    presets: tuple[tuple[str, AnyRules], ...] = ()  # (--game name, rules), the book's first

    @property
    def name(self) -> str:
        """The game's name, for a heading: the title up to its colon."""
        return self.title.split(":")[0].strip()

    @property
    def book_rules(self) -> AnyRules:
        """The rules the book's figures show when no game says otherwise."""
        return self.presets[0][1]

    def preset_of(self, rules: AnyRules) -> AnyRules:
        """The preset a game's rules started from (their ``game`` name), else the book's."""
        return next((r for _, r in self.presets if r.game == rules.game), self.book_rules)

    def preset_name(self, rules: AnyRules) -> str:
        """The --game name of the preset a game's rules started from (``manipulation`` for
        the ledger's ``manipulation-rummy``)."""
        return next((n for n, r in self.presets if r.game == rules.game), self.presets[0][0])

    def entry(self, entry_id: str) -> Entry | None:
        return next((e for e in self.entries if e.id == entry_id), None)

    def rule_ids(self) -> list[str]:
        return [e.id for e in self.entries if not e.is_decision]


@dataclass(frozen=True)
class Selection:
    """What to show: entries in book order, the decisions shown under a rule, the figures."""

    entries: tuple[Entry, ...]
    figures: tuple[str, ...]
    heading: str = ""
    nested: frozenset[str] = frozenset()
    # decisions of another rule shown under a rule they bear on, labelled 'See also'
    see_also: frozenset[str] = frozenset()
    whole: bool = False  # the whole book: sections, introductions and every figure
    lead: str = ""  # a search's heading before its ids ('Rules that mention ...')


@dataclass(frozen=True)
class Part:
    """What one book shows for a look-up, with the rules its figures are filled from, the
    ledger those come from (None: the book's own figures) and what they are measured
    against (None: their preset)."""

    book: Rulebook
    selection: Selection
    rules: AnyRules
    where: str | None = None
    standard: AnyRules | None = None


def book_games() -> tuple[str, ...]:
    """The packages in games/ whose book rummy may ship: the registry's, in its order."""
    from .games import GAMES

    return tuple(g.package for g in GAMES)


def _module(game: str) -> str:
    """The package of the game whose package is called ``game``, as the registry has it."""
    from .games import GAMES

    return next(g.module for g in GAMES if g.package == game)


def presets_of(game: str) -> tuple[tuple[str, AnyRules], ...]:
    """A game's presets, from its rules module (``PRESETS``), the book's own first."""
    return tuple(import_module(f"{_module(game)}.rules").PRESETS.items())


def load_rulebooks() -> tuple[Rulebook, ...]:
    """Every book shipped inside the package, in the registry's order (a game registered
    later has its book read then)."""
    from .games import GAMES

    return _rulebooks(tuple(g.module for g in GAMES))


@lru_cache(maxsize=2)
def _rulebooks(modules: tuple[str, ...]) -> tuple[Rulebook, ...]:
    """The books of the games of these packages, in their order."""
    from importlib.resources import files

    books = []
    for module in modules:
        game = module.rpartition(".")[2]
        text = files(module).joinpath(BOOK_FILE)
        if text.is_file():
            books.append(parse_rulebook(text.read_text("utf-8"), game, presets_of(game)))
    for at, book in enumerate(books):
        twin = next((b for b in books[:at] if b.letter == book.letter), None)
        if twin is not None:
            raise ValueError(f"rulebook: the books of {twin.game} and {book.game} both use "
                             f"{book.letter} for their ids: give each game a letter of its "
                             "own (a rule is '### X1 Its title')")
    return tuple(books)


def load_rulebook(game: str = "manipulation") -> Rulebook:
    """The book of a game: its package (``manipulation``, ``gin``, ``rummikub``), or a
    preset or ledger name of it (``oklahoma``, ``rummikub-xp``, ``manipulation-rummy``)."""
    books = load_rulebooks()
    found = next((b for b in books if b.game == game), None) or next(
        (b for b in books for name, rules in b.presets if game in (name, rules.game)), None)
    if found is None:
        raise NoSuchRule(f"no rulebook for {game!r}")
    return found


def preset(name: str) -> AnyRules:
    """The rules of the preset ``--game name`` (gin, oklahoma, rummikub-strict, ...)."""
    return dict(load_rulebook(name).presets)[name]


def family(rules: AnyRules) -> str:
    """The book a game's rules belong to: ``manipulation``, ``gin`` or ``rummikub``."""
    return load_rulebook(rules.game).game


def _blocks(lines: list[str]) -> tuple[str, ...]:
    """Paragraphs (lines joined) and list items ('- ' starts one) of a body."""
    blocks: list[str] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if not line.strip() or line.startswith("- "):
            if current:
                blocks.append(" ".join(current))
            current = [line.strip()] if line.strip() else []
        else:
            current.append(line.strip())
    return tuple(blocks)


def parse_rulebook(text: str, game: str = "manipulation",
                   presets: tuple[tuple[str, AnyRules], ...] | None = None) -> Rulebook:
    """One game's book from its text; a malformed book raises ``ValueError`` (a packaging
    bug). Its figures must be those of the game's rules (``presets``)."""
    presets = presets_of(game) if presets is None else presets
    known = {f.name for f in fields(presets[0][1])}
    first = next((m for m in map(_RULE.match, text.splitlines()) if m), None)
    if first is None:
        raise ValueError(f"rulebook: {game}'s book has no rule: each is a heading "
                         "'### X1 Its title' (X: the letter of the game's ids)")
    letter = first.group(1)[0]
    title = ""
    section = ""
    intro: list[str] = []
    figures_intro: list[str] = []
    heads: list[tuple[str, str, str, str]] = []  # id, rule, section, title
    bodies: list[list[str]] = []
    figures: list[Figure] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(">"):  # a note to readers of the file
            continue
        if line.startswith("# "):
            if title:
                raise ValueError(f"rulebook line {number}: a second title in one book")
            title = line[2:].strip()
        elif line.startswith("## "):
            section = line[3:].strip()
        elif m := _RULE.match(line):
            heads.append((m.group(1), m.group(1), section, m.group(2)))
            bodies.append([])
        elif m := _DECISION.match(line):
            if not heads or heads[-1][1] != m.group(2):
                raise ValueError(f"rulebook line {number}: {m.group(1)} is not under {m.group(2)}")
            heads.append((m.group(1), m.group(2), section, m.group(4)))
            bodies.append([])
        elif line.startswith("#"):
            raise ValueError(f"rulebook line {number}: a heading of no known kind: {line}")
        elif section == FIGURES_TITLE:
            if m := _FIGURE.match(line):
                if m.group(1) not in known:
                    raise ValueError(f"rulebook line {number}: no rule figure {m.group(1)!r}")
                figures.append(Figure(m.group(1), m.group(2), m.group(3)))
            else:
                figures_intro.append(line)
        elif heads:
            bodies[-1].append(line)
        else:
            intro.append(line)
    entries = tuple(Entry(i, r, s, t, _blocks(b)) for (i, r, s, t), b in zip(heads, bodies))
    ids = [e.id for e in entries] + [f.rule for f in figures]
    if len({e.id for e in entries}) != len(entries):
        raise ValueError("rulebook: an id is used twice")
    if any(not i.startswith(letter) for i in ids):
        raise ValueError(f"rulebook: {title}: every id must start with {letter}")
    for e in entries:
        for name in _PLACEHOLDER.findall(" ".join((e.title, *e.blocks))):
            if not hasattr(presets[0][1], name):  # a figure, or what figures make (tiles)
                raise ValueError(f"rulebook, {e.id}: {{{name}}} is not a rule figure")
    return Rulebook(title, _blocks(intro), entries, tuple(figures), _blocks(figures_intro),
                    letter, game, presets)


def figure_text(value: Any, name: str = "", game: str = "manipulation") -> str:
    """A figure as a player would type it: ``5``, ``true``; a Gin game's ``on``, ``off``,
    ``upcard`` (the knock limit that the upcard sets); Rummikub's ``players`` (one round
    per player) and ``off`` (no target). Each game's rules module says its words
    (``FIGURE_WORDS``)."""
    return figure_words(game).typed(name, value)


def figure_words(game: str) -> FigureWords:
    """How the figures of the game whose package is ``game`` read: its rules module's
    ``FIGURE_WORDS``, else the plain words (``true``, ``false``, ``off``)."""
    words = getattr(import_module(f"{_module(game)}.rules"), "FIGURE_WORDS", None)
    return words if isinstance(words, FigureWords) else FigureWords()


def _in_text(rules: AnyRules, name: str) -> str:
    return figure_words(family(rules)).in_text(name, getattr(rules, name))


def fill(text: str, rules: AnyRules) -> str:
    """``text`` with every ``{figure}`` replaced by its value in ``rules``."""
    return _PLACEHOLDER.sub(lambda m: _in_text(rules, m.group(1)), text)


def figure_names(book: Rulebook) -> list[str]:
    """Every figure a game may set, in the book's order (any the book forgets, at the end)."""
    named = [f.name for f in book.figures]
    return named + [f.name for f in fields(book.book_rules)
                    if f.name not in named and f.name != "game"]


def figure_of(book: Rulebook, name: str) -> Figure:
    """The book's line on a figure (an empty one for a figure the book forgets)."""
    return next((f for f in book.figures if f.name == name), Figure(name, "", ""))


def standard_rules(rules: AnyRules, players: int = 0) -> AnyRules:
    """What a game's figures are measured against: the preset it started from; with the
    number of its ``players``, as that preset settles for them (Rummikub's rounds)."""
    standard = load_rulebook(rules.game).preset_of(rules)
    if players and hasattr(standard, "for_players"):
        return standard.for_players(players)
    return standard
