"""The rulebooks shipped with rummy: rules by id, found by word, with figures.

The text is data: each game's book is ``rulebook.md`` in its own package (``games/gin/``),
and the registry (:data:`rummy_cli.games.GAMES`) says which games there are. Each rule sits
under its id (``### R14 Title``, ``### G10 Title``, ``### K14 Title``), each decision under its
rule's id and a number (``#### R15-D2 Title``); a figure of the game's rules appears as
``{knock_limit}`` and is filled in from the rules in force, so a house rule shows its own
figure. The letter of an id says its book (R Manipulation Rummy, G the Gin games, K
Rummikub); a game's presets are its rules module's ``PRESETS``, the first the book's own.
:mod:`rummy_cli.rulebook_text` shows what a look-up finds. Pure: nothing here prints or
knows click.

>>> book = load_rulebook()
>>> [e.id for e in select(book, "r17").entries]
['R17', 'R17-D1', 'R17-D2']
>>> fill("a knock needs {knock_limit} points or fewer", book.book_rules)
'a knock needs 5 points or fewer'
>>> [e.id for e in select(load_rulebook("gin"), "g10-d1").entries]
['G10-D1']
>>> fill("the knock limit is {knock}", preset("oklahoma"))
"the knock limit is the upcard's value"
>>> [e.id for e in select(load_rulebook("rummikub-xp"), "K9").entries][0]
'K9'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from importlib import import_module
from typing import Any

from .errors import RummyError

# any game's rules: a frozen dataclass with a ``game`` name (Rules, GinRules, RummikubRules)
AnyRules = Any
BOOK_FILE = "rulebook.md"  # in each game's package
FIGURES_TITLE = "Rule figures"
_RULE = re.compile(r"^### ([A-Z]\d+) (\S.*)$")
_DECISION = re.compile(r"^#### (([A-Z]\d+)-D(\d+)) (\S.*)$")
_FIGURE = re.compile(r"^- (\w+) \(([A-Z]\d+)\): (\S.*)$")
# a figure that may be off (None), as the text and as the figure lists show it
_NONE_TEXT = {"knock": "the upcard's value", "big_gin": "off", "rounds": "one per player"}
_NONE_SHORT = {"knock": "upcard", "big_gin": "off", "rounds": "players"}
# figures whose 0 means none, per game: Rummikub's target (none) and rounds (no fixed number)
_ZERO_OFF = {"rummikub": {"target", "rounds"}}
# how a game's yes-or-no figures read: the card games' books differ
_BOOLS = {"gin": ("on", "off")}
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


# --- reading the data -------------------------------------------------------------------

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
    if len({b.letter for b in books}) != len(books):
        raise ValueError("rulebook: two books use the same letter for their ids")
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
    letter = first.group(1)[0] if first else "R"
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


# --- filling in the figures -------------------------------------------------------------

def figure_text(value: Any, name: str = "", game: str = "manipulation") -> str:
    """A figure as a player would type it: ``5``, ``true``; a Gin game's ``on``, ``off``,
    ``upcard`` (the knock limit that the upcard sets); Rummikub's ``players`` (one round
    per player) and ``off`` (no target)."""
    if value is None:
        return _NONE_SHORT.get(name, "off")
    if isinstance(value, bool):
        yes, no = _BOOLS.get(game, ("true", "false"))
        return yes if value else no
    if value == 0 and name in _ZERO_OFF.get(game, ()):
        return "off"
    return str(value)


def _in_text(rules: AnyRules, name: str) -> str:
    value = getattr(rules, name)
    if value is None:
        return _NONE_TEXT.get(name, "off")
    return figure_text(value, name, family(rules))


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


# --- finding rules ----------------------------------------------------------------------

_EXAMPLE = {"R": "R14", "G": "G10", "K": "K14"}  # a rule with decisions, for a message


def _id_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """An id (r14, r17d2, r12b) and a range (r16-r27) of any book, typed in lower case."""
    return _patterns("".join(b.letter.lower() for b in load_rulebooks()))


@lru_cache(maxsize=2)
def _patterns(letters: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile(rf"^([{letters}])(\d+)(?:(d)(\d*)|([a-z]))?$"),
            re.compile(rf"^([{letters}])(\d+)\s*(?:-|to|\.\.)\s*([{letters}])?(\d+)$"))


def _number(digits: str) -> int:
    """A rule or decision number as typed (bounded: see :mod:`rummy_cli.numbers`)."""
    from .numbers import whole

    return whole(digits, "a rule number")


def _key(query: str) -> str:
    """'R17-D2', 'r17 d2', 'R17.D2' -> 'r17d2'."""
    return re.sub(r"[\s\-._]", "", query.casefold())


def id_letter(token: str) -> str | None:
    """The book letter of an id or a range ('R', 'G'), or None for a word."""
    id_, range_ = _id_patterns()
    m = range_.match(token.casefold()) or id_.match(_key(token))
    return m.group(1).upper() if m else None


def select(book: Rulebook, query: str | None, rules: AnyRules | None = None) -> Selection:
    """The rules to show for ``query``: every rule (None), a rule or decision by id (R14,
    R15-D2, R12b), a range (R16-R27), several of those (R14 R17), a figure's rules
    (knock_limit), or every rule that mentions a word or words (joker; going out).
    Raises :class:`NoSuchRule`.

    >>> [e.id for e in select(load_rulebook(), "joker").entries][:4]
    ['R2', 'R13', 'R14', 'R15']
    """
    rules = book.book_rules if rules is None else rules
    if query is None:
        return Selection(book.entries, tuple(figure_names(book)),
                         nested=frozenset(e.id for e in book.entries if e.is_decision),
                         whole=True)
    text = " ".join(query.split())
    if not text:
        raise NoSuchRule("say what to look up: a rule id (rummy rules R14) or a word "
                         "(rummy rules joker)")
    tokens = text.split()
    if len(tokens) > 1 and all(id_letter(w) for w in tokens):
        return _several(book, [select(book, w, rules) for w in tokens])
    letter = id_letter(text)
    if letter is not None and letter != book.letter:
        raise NoSuchRule(f"{text} is not a rule of {book.name}: its rules are {_span(book)}")
    id_, range_ = _id_patterns()
    if m := range_.match(text.casefold()):
        if m.group(3) and m.group(3) != m.group(1):
            raise NoSuchRule(f"a range of rules stays in one game, such as "
                             f"{book.letter}1-{book.letter}3: {text} mixes two")
        return _range(book, _number(m.group(2)), _number(m.group(4)))
    if m := id_.match(_key(text)):
        return _by_id(book, _number(m.group(2)), m.group(3), m.group(4), m.group(5))
    name = _figure_name(text)
    if "_" in name and name in figure_names(book):
        return _by_figure(book, name)
    found = _by_word(book, text, rules)
    if name in figure_names(book):  # a figure that is also a word (target, undercut)
        return replace(found, figures=(name,))
    return found


def _figure_name(text: str) -> str:
    """'knock-limit', 'Knock limit' -> 'knock_limit'."""
    return text.casefold().replace("-", "_").replace(" ", "_")


def look_up(query: str | None, in_force: dict[str, tuple[AnyRules, str | None]],
            scope: tuple[str, ...], also: tuple[str, ...] = (),
            standards: dict[str, AnyRules] | None = None) -> list[Part]:
    """What each book shows for ``query``. ``in_force`` gives, per book (``manipulation``,
    ``gin``, ``rummikub``), the rules its figures are filled from and the ledger they come
    from, ``standards`` what they are measured against (else their preset); ``scope`` the
    books that the whole book (None), a word or a figure name look in, ``also`` the books a
    word found in none of those looks in next. An id is looked up in the book of its letter
    (R14, G10, K14), whatever the scope.

    >>> parts = look_up("undercut", {}, ("manipulation", "gin"))
    >>> [(p.book.game, p.selection.entries[0].id) for p in parts]
    [('manipulation', 'R18'), ('gin', 'G10')]
    >>> [p.book.game for p in look_up("K14 R14", {}, ("manipulation",))]
    ['manipulation', 'rummikub']
    """
    books = {b.game: b for b in load_rulebooks()}
    letter_of = {b.letter: b.game for b in books.values()}

    def part(game: str, what: str | None) -> Part:
        book = books[game]
        rules, where = in_force.get(game, (book.book_rules, None))
        standard = (standards or {}).get(game)
        return Part(book, select(book, what, rules), rules, where, standard)

    if query is None:
        return [part(game, None) for game in scope]
    text = " ".join(query.split())
    tokens = [text] if id_letter(text) else text.split()  # 'r17 d2' is one id
    letters = [id_letter(w) for w in tokens]
    if tokens and all(letters):
        by_game = {letter_of[letter]: [w for w, x in zip(tokens, letters) if x == letter]
                   for letter in dict.fromkeys(letters) if letter is not None}
        return [part(game, " ".join(by_game[game])) for game in books if game in by_game]
    if len(scope) == 1 or not re.findall(r"\w+", text):
        return [part(scope[0] if scope else "manipulation", text)]
    name = _figure_name(text)
    with_figure = tuple(g for g in scope if "_" in name and name in figure_names(books[g]))
    found: list[Part] = []
    for games in (with_figure or scope, also):  # a figure's name looks only where it is one
        for game in games:
            try:
                found.append(part(game, text))
            except NoSuchRule:
                continue
        if found:
            return found
    pairs = [(books[g], in_force.get(g, (books[g].book_rules, None))[0]) for g in scope]
    raise NoSuchRule(f"no rule mentions {text!r}{_close(pairs, text)}")


def also_in(query: str | None, games: tuple[str, ...]) -> list[tuple[Rulebook, tuple[str, ...]]]:
    """The books of ``games`` a word (or a figure's name) also finds rules in, each with the
    ids of those rules; nothing for the whole book or for ids, which find their own book.

    >>> [(b.game, ids) for b, ids in also_in("tile", ("gin", "rummikub"))][0][1][:3]
    ('K1', 'K2', 'K3')
    """
    text = " ".join((query or "").split())
    if not text or all(id_letter(w) for w in text.split()) or id_letter(text):
        return []
    found = []
    for book in (b for b in load_rulebooks() if b.game in games):
        try:
            selection = select(book, text)
        except NoSuchRule:
            continue
        found.append((book, tuple(dict.fromkeys(e.rule for e in selection.entries))))
    return found


def _several(book: Rulebook, selections: list[Selection]) -> Selection:
    """Several ids at once (R14 R17-D2): each entry once, in the book's order, and last the
    decisions shown only as 'see also' (those whose own rule is not shown)."""
    ids = {e.id for s in selections for e in s.entries}
    names = {n for s in selections for n in s.figures}
    asked = {e.id for s in selections for e in s.entries if e.id not in s.see_also}
    entries = [e for e in book.entries if e.id in ids]
    see_also = {e.id for e in entries if e.is_decision and e.id not in asked
                and e.rule not in ids}
    return Selection(tuple(sorted(entries, key=lambda e: e.id in see_also)),
                     tuple(n for n in figure_names(book) if n in names),
                     nested=frozenset(e.id for e in entries if e.is_decision
                                      and (e.rule in ids or e.id in see_also)),
                     see_also=frozenset(see_also))


def _figures_of(book: Rulebook, entries: tuple[Entry, ...]) -> tuple[str, ...]:
    """The figures these entries use or own, in the book's order."""
    rules = {e.id for e in entries if not e.is_decision}
    used = {n for e in entries for n in _PLACEHOLDER.findall(" ".join(e.blocks))}
    return tuple(n for n in figure_names(book) if n in used or figure_of(book, n).rule in rules)


def _with_decisions(book: Rulebook, rule_ids: set[str]) -> Selection:
    """The rules, each followed by its decisions, then by the decisions of rules not shown
    that cite it (K16-D1 under K14), which are only 'see also': not the rule's own."""
    shown: list[Entry] = []
    see_also: set[str] = set()
    for rule in (e for e in book.entries if e.id in rule_ids):
        shown.append(rule)
        shown += [e for e in book.entries if e.rule == rule.id and e.is_decision]
        cite = re.compile(rf"\b{rule.id}(?![\d])")
        for e in book.entries:
            if (e.is_decision and e.rule not in rule_ids and e.id not in see_also
                    and cite.search(" ".join((e.title, *e.blocks)))):
                shown.append(e)
                see_also.add(e.id)
    entries = tuple(shown)
    return Selection(entries, _figures_of(book, entries),
                     nested=frozenset(e.id for e in entries if e.is_decision),
                     see_also=frozenset(see_also))


def _span(book: Rulebook) -> str:
    """'R1 to R27'."""
    ids = book.rule_ids()
    return f"{ids[0]} to {ids[-1]}"


def _range(book: Rulebook, low: int, high: int) -> Selection:
    low, high = min(low, high), max(low, high)
    have = set(book.rule_ids())
    letter = book.letter
    missing = next((n for n in range(low, high + 1) if f"{letter}{n}" not in have), None)
    if missing is not None:  # found at once past the last rule, however high 'high' is
        raise NoSuchRule(f"there is no rule {letter}{missing}: the rules are {_span(book)}")
    return _with_decisions(book, {f"{letter}{n}" for n in range(low, high + 1)})


def _by_id(book: Rulebook, number: int, decision: str | None, d_number: str | None,
           part: str | None) -> Selection:
    rule = book.entry(f"{book.letter}{number}")
    if rule is None:
        raise NoSuchRule(f"there is no rule {book.letter}{number}: the rules are "
                         f"{_span(book)} (e.g. rummy rules "
                         f"{_EXAMPLE.get(book.letter, book.letter + '1')})")
    decisions = [e for e in book.entries if e.rule == rule.id and e.is_decision]
    if decision:
        names = ", ".join(e.id for e in decisions)
        if not decisions:
            parts = (f" (its parts are {', '.join(rule.id + p for p in rule.parts)})"
                     if rule.parts else "")
            raise NoSuchRule(f"{rule.id} has no decisions{parts}: rummy rules {rule.id} "
                             "shows it")
        chosen = decisions if not d_number else [e for e in decisions
                                                 if e.id == f"{rule.id}-D{_number(d_number)}"]
        if not chosen:
            raise NoSuchRule(f"there is no {rule.id}-D{_number(d_number or '0')}: the decisions "
                             f"under {rule.id} are {names}")
        return Selection(tuple(chosen), _figures_of(book, tuple(chosen)))
    if part and part not in rule.parts:
        have = (f"its parts are {', '.join(rule.id + p for p in rule.parts)}" if rule.parts
                else f"{rule.id} has no lettered parts (rummy rules {rule.id} shows it)")
        raise NoSuchRule(f"there is no {rule.id}{part}: {have}")
    heading = f"{rule.id}{part} is part ({part}) of {rule.id}:" if part else ""
    return replace(_with_decisions(book, {rule.id}), heading=heading)


def _by_figure(book: Rulebook, name: str) -> Selection:
    """The rule a figure belongs to and every rule or decision that uses it."""
    owner = figure_of(book, name).rule
    found = tuple(e for e in book.entries if e.id == owner
                  or "{" + name + "}" in " ".join((e.title, *e.blocks)))
    shown = {e.id for e in found}
    nested = frozenset(e.id for e in found if e.is_decision and e.rule in shown)
    ids = ", ".join(e.id for e in found)
    lead = f"Rules with the figure {name}"
    return Selection(found, (name,), f"{lead}: {ids}", nested, lead=lead)


_SUFFIXES = r"(?:s|es|'s|’s|ed|d|ing|er|ers)?"


def _word_pattern(words: list[str]) -> re.Pattern[str]:
    """Each word whole, or with a common ending ('joker' finds 'jokers', 'joker's')."""
    parts = []
    for word in words:
        stems = {word}
        for ending in ("s", "es", "ed", "ing"):
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                stems.add(word[: -len(ending)])
        alternatives = "|".join(re.escape(s) for s in sorted(stems, key=len, reverse=True))
        parts.append(f"(?:{alternatives}){_SUFFIXES}")
    return re.compile(r"(?<!\w)" + r"\W+".join(parts) + r"(?!\w)", re.IGNORECASE)


def _searched(e: Entry, rules: AnyRules) -> str:
    """An entry's text as a word search reads it: the figures in force, and their names
    as words (R24 says 150 and mentions the target)."""
    text = " ".join((e.title, *e.blocks))
    names = " ".join(n.replace("_", " ") for n in _PLACEHOLDER.findall(text))
    return f"{fill(text, rules)} {names}"


def _by_word(book: Rulebook, text: str, rules: AnyRules) -> Selection:
    words = re.findall(r"\w+", text.casefold())
    if not words:
        raise NoSuchRule(f"nothing to look up in {text!r}: give a rule id (R14) or a word "
                         "(joker)")
    pattern = _word_pattern(words)
    found = tuple(e for e in book.entries if pattern.search(_searched(e, rules)))
    if not found:
        raise NoSuchRule(f"no rule mentions {text!r}{_close([(book, rules)], text)}")
    shown = {e.id for e in found}
    nested = frozenset(e.id for e in found if e.is_decision and e.rule in shown)
    ids = ", ".join(e.id for e in found)
    lead = f"Rules that mention {text!r}"
    return Selection(found, _figures_of(book, found), f"{lead}: {ids}", nested, lead=lead)


def _close(books: list[tuple[Rulebook, AnyRules]], text: str) -> str:
    """'; did you mean 'joker'?' for a word the books nearly have; else how to look up."""
    import difflib

    vocabulary = {w.casefold() for book, rules in books for e in book.entries
                  for w in re.findall(r"[^\W\d_]{3,}", fill(" ".join((e.title, *e.blocks)),
                                                             rules))}
    vocabulary |= {n for book, _ in books for n in figure_names(book)}
    close = difflib.get_close_matches(text.casefold(), sorted(vocabulary), n=3, cutoff=0.75)
    close = [w for w in close if w.rstrip("s") == w or w.rstrip("s") not in close]  # joker(s)
    if close:
        return "; did you mean " + " or ".join(repr(w) for w in close) + "?"
    spans = ", ".join(_span(book) for book, _ in books)
    return f": try another word, or a rule id ({spans})"
