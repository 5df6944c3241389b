"""The rulebook as a reader sees it: what a look-up found, as text and as JSON.

A rule is shown under its id and title, its decisions indented beneath it, with the figures
in force filled in; the figures it uses follow, one a line, house rules marked with '*'. A
whole book also shows, for a game of several presets, what each preset sets. Pure: the
text is returned, never printed.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import replace
from typing import Any

from .render import line_width
from .rulebook import (
    FIGURES_TITLE,
    PART,
    AnyRules,
    Entry,
    Part,
    Rulebook,
    Selection,
    figure_names,
    figure_of,
    figure_text,
    fill,
    standard_rules,
)

PRESETS_TITLE = "Presets"
WIDTH = 79  # an 80-column terminal; a narrower one narrows it (see _width)


def _width() -> int:
    """The rules' width: 79, or the output's if it is narrower (``$COLUMNS``, the terminal)."""
    return min(WIDTH, line_width())


def _wrap(block: str, indent: int) -> list[str]:
    """A paragraph or list item wrapped to the width; a lettered part shows as '(a) ...'."""
    if PART.match(block):
        block = block[2:]
    marker = re.match(r"- |\([a-z]\) ", block)
    lead = " " * indent
    hang = lead + " " * (len(marker.group()) if marker else 0)
    return textwrap.wrap(block, _width(), initial_indent=lead, subsequent_indent=hang,
                         break_on_hyphens=False, break_long_words=False)


def _entry_lines(e: Entry, rules: AnyRules, nested: bool) -> list[str]:
    indent = 4 if nested else 0
    lines = [" " * indent + f"{e.id}  {fill(e.title, rules)}"]
    for i, block in enumerate(e.blocks):
        if i and not (block.startswith("- ") and e.blocks[i - 1].startswith("- ")):
            lines.append("")
        lines += _wrap(fill(block, rules), indent + 4)
    return lines


def figure_rows(book: Rulebook, names: tuple[str, ...] | list[str], rules: AnyRules,
                standard: AnyRules | None = None) -> list[dict[str, Any]]:
    """The figures as data: name, value in force, the book's value (that of the game's
    preset, or ``standard``), rule, what it sets, whether it is a house rule, the game."""
    standard = standard_rules(rules) if standard is None else standard
    rows = []
    for name in names:
        figure = figure_of(book, name)
        value, book_value = getattr(rules, name), getattr(standard, name)
        rows.append({"name": name, "value": value, "book": book_value, "rule": figure.rule,
                     "about": figure.about, "house": value != book_value,
                     "game": book.game})
    return rows


def figures_text(book: Rulebook, names: tuple[str, ...] | list[str], rules: AnyRules,
                 where: str | None = None, titled: bool = True,
                 standard: AnyRules | None = None) -> list[str]:
    """The figures in force, one a line (``knock_limit = 5  R17  ...``); house rules marked."""
    rows = figure_rows(book, names, rules, standard)
    if not rows:
        return []
    house = [r for r in rows if r["house"]]
    title = FIGURES_TITLE if titled else "The figures"
    against = _standard(book, rules)
    if where is None:
        if len(book.presets) > 1:
            head = [f"{title} of the {rules.game} preset (the names for house rules):"]
        else:
            head = [f"{FIGURES_TITLE} (the names for house rules):"] if titled else []
    elif house:
        head = [f"{title} in force in {where} (* a house rule of that game):"]
    else:
        head = [f"{title} in force in {where} (as in {against}):"]
    shown = [figure_text(r["value"], r["name"], book.game) for r in rows]
    name_w = max(len(r["name"]) for r in rows)
    value_w = max(len(v) + (2 if r["house"] else 0) for v, r in zip(shown, rows))
    rule_w = max(len(r["rule"]) for r in rows)
    lines = [line for h in head for line in textwrap.wrap(h, _width())]  # a path may be long
    for r, shown_value in zip(rows, shown):
        value = shown_value + (" *" if r["house"] else "")
        about = r["about"] + (f" ({against}: {figure_text(r['book'], r['name'], book.game)})"
                              if r["house"] else "")
        lead = f"  {r['name']:<{name_w}} = {value:<{value_w}}  {r['rule']:<{rule_w}}  "
        wrapped = textwrap.wrap(about, max(_width() - len(lead), 20)) or [""]
        lines.append((lead + wrapped[0]).rstrip())
        lines += [" " * len(lead) + more for more in wrapped[1:]]
    return lines


def _standard(book: Rulebook, rules: AnyRules) -> str:
    """What a house rule differs from: 'the book' (a game of one preset), or 'the oklahoma
    preset'."""
    return f"the {rules.game} preset" if len(book.presets) > 1 else "the book"


def presets_text(book: Rulebook) -> list[str]:
    """Every figure as each of the book's presets sets it, a column per preset (none for a
    game of one preset): the presets' own values, never a copy.

    >>> from rummy_cli.rulebook import load_rulebook
    >>> for line in presets_text(load_rulebook("rummikub"))[:4]:
    ...     print(line)
      figure         rummikub    rummikub-strict  rummikub-xp
      min_players    2           2                2
      max_players    4           4                6
      copies         2           2                3
    """
    if len(book.presets) < 2:
        return []
    names = figure_names(book)
    columns = [["figure", *names]] + [
        [name, *(figure_text(getattr(rules, n), n, book.game) for n in names)]
        for name, rules in book.presets]
    widths = [max(map(len, column)) for column in columns]
    return ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
            for row in zip(*columns)]


def render(book: Rulebook, selection: Selection, rules: AnyRules | None = None,
           where: str | None = None, standard: AnyRules | None = None) -> str:
    """The selection as text, with the figures of ``rules`` (those of the ledger ``where``)."""
    rules = book.book_rules if rules is None else rules
    lines: list[str] = []
    if selection.whole:
        lines += [book.title, "=" * len(book.title)]
        if where is not None:
            lines.append(f"With the figures in force in {where}.")
        for block in book.intro:
            lines += ["", *_wrap(fill(block, rules), 0)]
    elif selection.heading:
        lines += _heading_lines(selection.heading)
    section = ""
    for i, e in enumerate(selection.entries):
        if selection.whole and e.section != section:
            section = e.section
            lines += ["", "", section, "-" * len(section)]
        if lines:
            lines.append("")
        if e.id in selection.see_also and (i == 0 or selection.entries[i - 1].rule != e.rule):
            lines += [*_see_also_lines(book, selection, i, rules), ""]
        lines += _entry_lines(e, rules, e.id in selection.nested)
    if selection.figures:
        if selection.whole:
            lines += ["", "", FIGURES_TITLE, "-" * len(FIGURES_TITLE)]
            for block in book.figures_intro:
                lines += ["", *_wrap(block, 0)]
        lines += ["", *figures_text(book, selection.figures, rules, where,
                                    titled=not selection.whole, standard=standard)]
    table = presets_text(book) if selection.whole else []
    if table:
        names = ", ".join(name for name, _ in book.presets)
        lines += ["", "", PRESETS_TITLE, "-" * len(PRESETS_TITLE), "",
                  *_wrap(f"What each preset sets ({names}); --game names one, and "
                         "--rule NAME=VALUE changes a figure of it as a house rule.", 0),
                  "", *table]
    return "\n".join(lines)


def _see_also_lines(book: Rulebook, selection: Selection, first: int,
                    rules: AnyRules) -> list[str]:
    """The label over decisions of another rule shown under one they bear on: 'See also:
    K16-D1 (a decision under K16, The older joker rules)'."""
    rule = selection.entries[first].rule
    ids = [e.id for e in selection.entries[first:]
           if e.id in selection.see_also and e.rule == rule]
    title = next(fill(e.title, rules) for e in book.entries if e.id == rule)
    kind = "a decision" if len(ids) == 1 else "decisions"
    return _wrap(f"See also: {', '.join(ids)} ({kind} under {rule}, {title})", 4)


def _heading_lines(heading: str) -> list[str]:
    """A search's heading ('Rules that mention ...: K1, K2, ...'), its ids wrapped under it."""
    return textwrap.wrap(heading, _width(), subsequent_indent="  ", break_on_hyphens=False,
                         break_long_words=False)


def _game_heading(book: Rulebook) -> list[str]:
    return [book.name, "-" * len(book.name)]


def render_parts(parts: list[Part]) -> str:
    """What a look-up found, each book's part under the game's name when there are several
    (a whole book under its own title)."""
    if len(parts) == 1:
        p = parts[0]
        return render(p.book, p.selection, p.rules, p.where, p.standard)
    out: list[str] = []
    leads = {p.selection.lead for p in parts}
    if len(leads) == 1 and "" not in leads:
        ids = ", ".join(e.id for p in parts for e in p.selection.entries)
        out.append("\n".join(_heading_lines(f"{leads.pop()}: {ids}")))
    for p in parts:
        text = render(p.book, replace(p.selection, heading=""), p.rules, p.where, p.standard)
        out.append(text if p.selection.whole else "\n".join([*_game_heading(p.book), "", text]))
    return "\n\n".join(out)


def also_lines(also: list[tuple[Rulebook, tuple[str, ...]]], query: str) -> list[str]:
    """One line per other game whose rules a word also finds, saying how to see them.

    >>> from rummy_cli.rulebook import load_rulebook
    >>> also_lines([(load_rulebook("rummikub"), ("K9",))], "opening")
    ['Also in Rummikub: K9 (rummy rules K9)']
    """
    lines = []
    for book, ids in also:
        shown = ", ".join(ids) if len(ids) <= 4 else f"{', '.join(ids[:3])} and {len(ids) - 3} more"
        how = f"rummy rules {ids[0]}" if len(ids) == 1 else (
            f"rummy rules {' '.join(query.split())} --game {book.presets[0][0]}")
        lines += _heading_lines(f"Also in {book.name}: {shown} ({how})")
    return lines


def figures_parts(parts: list[Part]) -> list[str]:
    """The figures of each part, under the game's name when there are several."""
    shown = [p for p in parts if p.selection.figures]
    lines: list[str] = []
    for p in shown:
        if len(shown) > 1:
            lines += ([""] if lines else []) + _game_heading(p.book)
        lines += figures_text(p.book, p.selection.figures, p.rules, p.where,
                              standard=p.standard)
    return lines


def entry_text(e: Entry, rules: AnyRules) -> str:
    """An entry's text as plain data: paragraphs apart by a blank line, list items by a line."""
    out = ""
    for i, block in enumerate(e.blocks):
        if i:
            out += "\n" if block.startswith("- ") and e.blocks[i - 1].startswith("- ") else "\n\n"
        out += fill(block, rules)
    return out


def to_json(book: Rulebook, selection: Selection, rules: AnyRules | None = None,
            where: str | None = None, standard: AnyRules | None = None) -> dict[str, Any]:
    """The selection as data: ``{"rules": [...], "figures": [...], "ledger": ...}``."""
    rules = book.book_rules if rules is None else rules
    return {
        "rules": [{"id": e.id, "rule": e.rule, "section": e.section,
                   "title": fill(e.title, rules), "text": entry_text(e, rules),
                   "game": book.game}
                  for e in selection.entries],
        "figures": figure_rows(book, selection.figures, rules, standard),
        "ledger": where,
    }


def parts_json(parts: list[Part]) -> dict[str, Any]:
    """What a look-up found in every book, as one document (the ids tell the books apart;
    each rule and figure also says its ``game``). ``game`` and ``preset`` name the book and
    the preset of its figures when the look-up found one book, else they are null."""
    docs = [to_json(p.book, p.selection, p.rules, p.where, p.standard) for p in parts]
    one = parts[0] if len(parts) == 1 else None
    return {"game": one.book.game if one else None,
            "preset": one.book.preset_name(one.rules) if one else None,
            "rules": [r for d in docs for r in d["rules"]],
            "figures": [f for d in docs for f in d["figures"]],
            "ledger": next((p.where for p in parts if p.where is not None), None)}
