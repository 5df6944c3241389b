"""The rulebook shipped with rummy (``rulebook.md``): rules by id, found by word, with figures.

The text is data. Each rule sits under its id (``### R14 Title``), each decision under its
rule's id and a number (``#### R15-D2 Title``); a figure of :class:`~.rules.Rules` appears
as ``{knock_limit}`` and is filled in from the rules in force, so a house rule shows its own
figure. Pure: nothing here prints or knows click.

>>> book = load_rulebook()
>>> [e.id for e in select(book, "r17").entries]
['R17', 'R17-D1', 'R17-D2']
>>> fill("a knock needs {knock_limit} points or fewer", MANIPULATION_RUMMY)
'a knock needs 5 points or fewer'
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from .errors import RummyError
from .games.manipulation.rules import MANIPULATION_RUMMY, Rules

FIGURES_TITLE = "Rule figures"
WIDTH = 79  # an 80-column terminal
_RULE = re.compile(r"^### (R\d+) (\S.*)$")
_DECISION = re.compile(r"^#### ((R\d+)-D(\d+)) (\S.*)$")
_FIGURE = re.compile(r"^- (\w+) \((R\d+)\): (\S.*)$")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_PART = re.compile(r"^- \(([a-z])\) ")


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
        return tuple(m.group(1) for m in map(_PART.match, self.blocks) if m)


@dataclass(frozen=True)
class Figure:
    """A figure of :class:`Rules`: its name, the rule it belongs to, what it sets."""

    name: str
    rule: str
    about: str


@dataclass(frozen=True)
class Rulebook:
    title: str
    intro: tuple[str, ...]
    entries: tuple[Entry, ...]
    figures: tuple[Figure, ...]
    figures_intro: tuple[str, ...]

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
    whole: bool = False  # the whole book: sections, introductions and every figure


# --- reading the data -------------------------------------------------------------------

@lru_cache(maxsize=1)
def load_rulebook() -> Rulebook:
    """The rulebook shipped inside the package."""
    from importlib.resources import files

    return parse_rulebook(files("rummy_cli").joinpath("rulebook.md").read_text("utf-8"))


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


def parse_rulebook(text: str) -> Rulebook:
    """The rulebook from its text; a malformed book raises ``ValueError`` (a packaging bug)."""
    known = {f.name for f in fields(Rules)}
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
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise ValueError("rulebook: an id is used twice")
    for e in entries:
        for name in _PLACEHOLDER.findall(" ".join((e.title, *e.blocks))):
            if name not in known:
                raise ValueError(f"rulebook, {e.id}: {{{name}}} is not a rule figure")
    return Rulebook(title, _blocks(intro), entries, tuple(figures), _blocks(figures_intro))


# --- filling in the figures -------------------------------------------------------------

def figure_text(value: Any) -> str:
    """A figure as a player would type it: ``5``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def fill(text: str, rules: Rules) -> str:
    """``text`` with every ``{figure}`` replaced by its value in ``rules``."""
    return _PLACEHOLDER.sub(lambda m: figure_text(getattr(rules, m.group(1))), text)


def figure_names(book: Rulebook) -> list[str]:
    """Every figure a game may set, in the book's order (any the book forgets, at the end)."""
    named = [f.name for f in book.figures]
    return named + [f.name for f in fields(Rules) if f.name not in named and f.name != "game"]


def _figure(book: Rulebook, name: str) -> Figure:
    return next((f for f in book.figures if f.name == name), Figure(name, "", ""))


# --- finding rules ----------------------------------------------------------------------

_ID = re.compile(r"^r(\d+)(?:(d)(\d*)|([a-z]))?$")
_RANGE = re.compile(r"^r(\d+)\s*(?:-|to|\.\.)\s*r?(\d+)$")


def _key(query: str) -> str:
    """'R17-D2', 'r17 d2', 'R17.D2' -> 'r17d2'."""
    return re.sub(r"[\s\-._]", "", query.casefold())


def select(book: Rulebook, query: str | None, rules: Rules = MANIPULATION_RUMMY) -> Selection:
    """The rules to show for ``query``: every rule (None), a rule or decision by id (R14,
    R15-D2, R12b), a range (R16-R27), several of those (R14 R17), a figure's rules
    (knock_limit), or every rule that mentions a word or words (joker; going out).
    Raises :class:`NoSuchRule`.

    >>> [e.id for e in select(load_rulebook(), "joker").entries][:4]
    ['R2', 'R13', 'R14', 'R15']
    """
    if query is None:
        return Selection(book.entries, tuple(figure_names(book)),
                         nested=frozenset(e.id for e in book.entries if e.is_decision),
                         whole=True)
    text = " ".join(query.split())
    if not text:
        raise NoSuchRule("say what to look up: a rule id (rummy rules R14) or a word "
                         "(rummy rules joker)")
    tokens = text.split()
    if len(tokens) > 1 and all(_RANGE.match(w.casefold()) or _ID.match(_key(w))
                               for w in tokens):
        return _several(book, [select(book, w, rules) for w in tokens])
    if m := _RANGE.match(text.casefold()):
        return _range(book, int(m.group(1)), int(m.group(2)))
    if m := _ID.match(_key(text)):
        return _by_id(book, int(m.group(1)), m.group(2), m.group(3), m.group(4))
    name = text.casefold().replace("-", "_").replace(" ", "_")
    if name in figure_names(book):
        return _by_figure(book, name)
    return _by_word(book, text, rules)


def _several(book: Rulebook, selections: list[Selection]) -> Selection:
    """Several ids at once (R14 R17-D2): each entry once, in the book's order."""
    ids = {e.id for s in selections for e in s.entries}
    names = {n for s in selections for n in s.figures}
    return Selection(tuple(e for e in book.entries if e.id in ids),
                     tuple(n for n in figure_names(book) if n in names),
                     nested=frozenset().union(*(s.nested for s in selections)))


def _figures_of(book: Rulebook, entries: tuple[Entry, ...]) -> tuple[str, ...]:
    """The figures these entries use or own, in the book's order."""
    rules = {e.id for e in entries if not e.is_decision}
    used = {n for e in entries for n in _PLACEHOLDER.findall(" ".join(e.blocks))}
    return tuple(n for n in figure_names(book) if n in used or _figure(book, n).rule in rules)


def _with_decisions(book: Rulebook, rule_ids: set[str]) -> tuple[tuple[Entry, ...], set[str]]:
    """The rules, each followed by its decisions and the decisions elsewhere that cite it."""
    shown: list[Entry] = []
    nested: set[str] = set()
    for rule in (e for e in book.entries if e.id in rule_ids):
        shown.append(rule)
        cite = re.compile(rf"\b{rule.id}(?![\d])")
        for e in book.entries:
            if e.is_decision and e not in shown and (
                    e.rule == rule.id or cite.search(" ".join((e.title, *e.blocks)))):
                shown.append(e)
                nested.add(e.id)
    return tuple(shown), nested


def _span(book: Rulebook) -> str:
    """'R1 to R27'."""
    ids = book.rule_ids()
    return f"{ids[0]} to {ids[-1]}"


def _range(book: Rulebook, low: int, high: int) -> Selection:
    low, high = min(low, high), max(low, high)
    have = set(book.rule_ids())
    missing = next((n for n in range(low, high + 1) if f"R{n}" not in have), None)
    if missing is not None:  # found at once past the last rule, however high 'high' is
        raise NoSuchRule(f"there is no rule R{missing}: the rules are {_span(book)}")
    ids = {f"R{n}" for n in range(low, high + 1)}
    entries, nested = _with_decisions(book, ids)
    return Selection(entries, _figures_of(book, entries), nested=frozenset(nested))


def _by_id(book: Rulebook, number: int, decision: str | None, d_number: str | None,
           part: str | None) -> Selection:
    rule = book.entry(f"R{number}")
    if rule is None:
        raise NoSuchRule(f"there is no rule R{number}: the rules are {_span(book)} "
                         "(e.g. rummy rules R14)")
    decisions = [e for e in book.entries if e.rule == rule.id and e.is_decision]
    if decision:
        names = ", ".join(e.id for e in decisions)
        if not decisions:
            parts = (f" (its parts are {', '.join(rule.id + p for p in rule.parts)})"
                     if rule.parts else "")
            raise NoSuchRule(f"{rule.id} has no decisions{parts}: rummy rules {rule.id} "
                             "shows it")
        chosen = decisions if not d_number else [e for e in decisions
                                                 if e.id == f"{rule.id}-D{int(d_number)}"]
        if not chosen:
            raise NoSuchRule(f"there is no {rule.id}-D{int(d_number or 0)}: the decisions "
                             f"under {rule.id} are {names}")
        return Selection(tuple(chosen), _figures_of(book, tuple(chosen)))
    if part and part not in rule.parts:
        have = (f"its parts are {', '.join(rule.id + p for p in rule.parts)}" if rule.parts
                else f"{rule.id} has no lettered parts (rummy rules {rule.id} shows it)")
        raise NoSuchRule(f"there is no {rule.id}{part}: {have}")
    entries, nested = _with_decisions(book, {rule.id})
    heading = f"{rule.id}{part} is part ({part}) of {rule.id}:" if part else ""
    return Selection(entries, _figures_of(book, entries), heading, frozenset(nested))


def _by_figure(book: Rulebook, name: str) -> Selection:
    """The rule a figure belongs to and every rule or decision that uses it."""
    owner = _figure(book, name).rule
    found = tuple(e for e in book.entries if e.id == owner
                  or "{" + name + "}" in " ".join((e.title, *e.blocks)))
    shown = {e.id for e in found}
    nested = frozenset(e.id for e in found if e.is_decision and e.rule in shown)
    ids = ", ".join(e.id for e in found)
    return Selection(found, (name,), f"Rules with the figure {name}: {ids}", nested)


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


def _by_word(book: Rulebook, text: str, rules: Rules) -> Selection:
    words = re.findall(r"\w+", text.casefold())
    if not words:
        raise NoSuchRule(f"nothing to look up in {text!r}: give a rule id (R14) or a word "
                         "(joker)")
    pattern = _word_pattern(words)
    found = tuple(e for e in book.entries
                  if pattern.search(fill(" ".join((e.title, *e.blocks)), rules)))
    if not found:
        raise NoSuchRule(f"no rule mentions {text!r}{_close(book, text, rules)}")
    shown = {e.id for e in found}
    nested = frozenset(e.id for e in found if e.is_decision and e.rule in shown)
    ids = ", ".join(e.id for e in found)
    return Selection(found, _figures_of(book, found), f"Rules that mention {text!r}: {ids}",
                     nested)


def _close(book: Rulebook, text: str, rules: Rules) -> str:
    """'; did you mean 'joker'?' for a word the book nearly has; else how to look up."""
    import difflib

    vocabulary = {w.casefold() for e in book.entries
                  for w in re.findall(r"[^\W\d_]{3,}", fill(" ".join((e.title, *e.blocks)),
                                                             rules))}
    vocabulary |= set(figure_names(book))
    close = difflib.get_close_matches(text.casefold(), sorted(vocabulary), n=3, cutoff=0.75)
    close = [w for w in close if w.rstrip("s") == w or w.rstrip("s") not in close]  # joker(s)
    if close:
        return "; did you mean " + " or ".join(repr(w) for w in close) + "?"
    return f": try another word, or a rule id ({_span(book)})"


# --- the text shown ---------------------------------------------------------------------

def _wrap(block: str, indent: int) -> list[str]:
    """A paragraph or list item wrapped to the width; a lettered part shows as '(a) ...'."""
    if _PART.match(block):
        block = block[2:]
    marker = re.match(r"- |\([a-z]\) ", block)
    lead = " " * indent
    hang = lead + " " * (len(marker.group()) if marker else 0)
    return textwrap.wrap(block, WIDTH, initial_indent=lead, subsequent_indent=hang,
                         break_on_hyphens=False, break_long_words=False)


def _entry_lines(e: Entry, rules: Rules, nested: bool) -> list[str]:
    indent = 4 if nested else 0
    lines = [" " * indent + f"{e.id}  {fill(e.title, rules)}"]
    for i, block in enumerate(e.blocks):
        if i and not (block.startswith("- ") and e.blocks[i - 1].startswith("- ")):
            lines.append("")
        lines += _wrap(fill(block, rules), indent + 4)
    return lines


def figure_rows(book: Rulebook, names: tuple[str, ...] | list[str],
                rules: Rules) -> list[dict[str, Any]]:
    """The figures as data: name, value in force, the book's value, rule, what it sets."""
    rows = []
    for name in names:
        figure = _figure(book, name)
        value, standard = getattr(rules, name), getattr(MANIPULATION_RUMMY, name)
        rows.append({"name": name, "value": value, "book": standard, "rule": figure.rule,
                     "about": figure.about, "house": value != standard})
    return rows


def figures_text(book: Rulebook, names: tuple[str, ...] | list[str], rules: Rules,
                 where: str | None = None, titled: bool = True) -> list[str]:
    """The figures in force, one a line (``knock_limit = 5  R17  ...``); house rules marked."""
    rows = figure_rows(book, names, rules)
    if not rows:
        return []
    house = [r for r in rows if r["house"]]
    title = FIGURES_TITLE if titled else "The figures"
    if where is None:
        head = [f"{FIGURES_TITLE} (the names for house rules):"] if titled else []
    elif house:
        head = [f"{title} in force in {where} (* a house rule of that game):"]
    else:
        head = [f"{title} in force in {where} (as in the book):"]
    name_w = max(len(r["name"]) for r in rows)
    value_w = max(len(figure_text(r["value"])) + (2 if r["house"] else 0) for r in rows)
    rule_w = max(len(r["rule"]) for r in rows)
    lines = head
    for r in rows:
        value = figure_text(r["value"]) + (" *" if r["house"] else "")
        about = r["about"] + (f" (the book: {figure_text(r['book'])})" if r["house"] else "")
        lead = f"  {r['name']:<{name_w}} = {value:<{value_w}}  {r['rule']:<{rule_w}}  "
        wrapped = textwrap.wrap(about, max(WIDTH - len(lead), 20)) or [""]
        lines.append((lead + wrapped[0]).rstrip())
        lines += [" " * len(lead) + more for more in wrapped[1:]]
    return lines


def render(book: Rulebook, selection: Selection, rules: Rules = MANIPULATION_RUMMY,
           where: str | None = None) -> str:
    """The selection as text, with the figures of ``rules`` (those of the ledger ``where``)."""
    lines: list[str] = []
    if selection.whole:
        lines += [book.title, "=" * len(book.title)]
        if where is not None:
            lines.append(f"With the figures in force in {where}.")
        for block in book.intro:
            lines += ["", *_wrap(fill(block, rules), 0)]
    elif selection.heading:
        lines.append(selection.heading)
    section = ""
    for e in selection.entries:
        if selection.whole and e.section != section:
            section = e.section
            lines += ["", "", section, "-" * len(section)]
        if lines:
            lines.append("")
        lines += _entry_lines(e, rules, e.id in selection.nested)
    if selection.figures:
        if selection.whole:
            lines += ["", "", FIGURES_TITLE, "-" * len(FIGURES_TITLE)]
            for block in book.figures_intro:
                lines += ["", *_wrap(block, 0)]
        lines += ["", *figures_text(book, selection.figures, rules, where,
                                    titled=not selection.whole)]
    return "\n".join(lines)


def entry_text(e: Entry, rules: Rules) -> str:
    """An entry's text as plain data: paragraphs apart by a blank line, list items by a line."""
    out = ""
    for i, block in enumerate(e.blocks):
        if i:
            out += "\n" if block.startswith("- ") and e.blocks[i - 1].startswith("- ") else "\n\n"
        out += fill(block, rules)
    return out


def to_json(book: Rulebook, selection: Selection, rules: Rules = MANIPULATION_RUMMY,
            where: str | None = None) -> dict[str, Any]:
    """The selection as data: ``{"rules": [...], "figures": [...], "ledger": ...}``."""
    return {
        "rules": [{"id": e.id, "rule": e.rule, "section": e.section,
                   "title": fill(e.title, rules), "text": entry_text(e, rules)}
                  for e in selection.entries],
        "figures": figure_rows(book, selection.figures, rules),
        "ledger": where,
    }
