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
from dataclasses import replace
from functools import lru_cache

from .numbers import whole
from .rulebook_parse import _PLACEHOLDER, load_rulebooks
from .rulebook_parse import FIGURES_TITLE as FIGURES_TITLE
from .rulebook_parse import PART as PART
from .rulebook_parse import AnyRules as AnyRules
from .rulebook_parse import Entry as Entry
from .rulebook_parse import NoSuchRule as NoSuchRule
from .rulebook_parse import Part as Part
from .rulebook_parse import Rulebook as Rulebook
from .rulebook_parse import Selection as Selection
from .rulebook_parse import book_games as book_games
from .rulebook_parse import family as family
from .rulebook_parse import figure_names as figure_names
from .rulebook_parse import figure_of as figure_of
from .rulebook_parse import figure_text as figure_text
from .rulebook_parse import fill as fill
from .rulebook_parse import load_rulebook as load_rulebook
from .rulebook_parse import preset as preset
from .rulebook_parse import standard_rules as standard_rules

# --- reading the data -------------------------------------------------------------------


# --- filling in the figures -------------------------------------------------------------


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
