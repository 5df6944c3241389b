"""The comments a person wrote in a ledger, so that rummy's next write keeps them.

Each comment is kept with the row it was written beside: the lines of comments (and the
blank lines among them) above a row, and the comment after a row's value. A row is named by
its path in the document (``("games", 0, "rounds", 4)`` for the fifth round's first line),
which stays the same when rummy writes the file again: a round added, corrected or renamed
keeps its index. Comments after the last row stay at the end of the file. A comment whose
row is gone (an undone round, a key no longer written) is not lost: it is written where that
row stood, after the rows that are left of the same mapping or list.

Pure: the text and what the YAML reader noted of it go in, plain data comes out.

>>> from rummy_cli.safeyaml import Lines, load_yaml
>>> text = "# mine\\na: 1  # one\\nb:\\n- x: 2\\n# before y\\n- y: 3\\n\\n# the end\\n"
>>> lines = Lines()
>>> notes = collect(text, load_yaml(text, lines, eager=True), lines)
>>> notes.before[("a",)], notes.after[("a",)], notes.before[("b", 1)], notes.tail
(['# mine'], '  # one', ['# before y'], ['', '# the end'])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from .yaml_plain import comment_column

Path_ = tuple[Any, ...]


@dataclass
class Notes:
    """The comments of one ledger, by the path of the row they belong to."""

    before: dict[Path_, list[str]] = field(default_factory=dict)  # whole lines above it
    after: dict[Path_, str] = field(default_factory=dict)  # '  # ...' after its value
    tail: list[str] = field(default_factory=list)  # lines after the last row
    order: dict[Path_, int] = field(default_factory=dict)  # the line each path was on
    # every path that holds a noted path below it -> those noted paths
    under: dict[Path_, list[Path_]] = field(default_factory=dict)

    def note(self, path: Path_, line: int) -> None:
        self.order.setdefault(path, line)
        for depth in range(len(path)):
            self.under.setdefault(path[:depth], []).append(path)

    def __bool__(self) -> bool:
        return bool(self.before or self.after or self.tail)


def has_comments(text: str, own: Collection[str], end_line: str) -> bool:
    """Whether ``text`` may hold a comment a person wrote: a ``#`` past rummy's own header
    lines (``own``), other than the end line. Quick: a ledger rummy wrote has none."""
    start = 0
    while text.startswith("#", start):
        stop = text.find("\n", start)
        if stop < 0 or text[start:stop] not in own:
            break
        start = stop + 1
    found = text.find("#", start)
    return 0 <= found != text.rfind(end_line)


def collect(text: str, data: Any, lines: Any, own: Collection[str] = (),
            end_line: str | None = None, prefix: Path_ = ()) -> Notes:
    """The comments of ``text``, whose document ``data`` was read with ``lines`` (a
    ``safeyaml.Lines``) noted as it was read. The leading lines found in ``own`` are rummy's
    header, written anew each time; ``end_line``, the last, too. ``prefix`` goes before every
    path but ``format`` (a ledger of the old one-game format is written as the first of its
    games).

    Only the lines around each ``#`` are looked at: a long ledger with a few comments is
    not split into its million lines.
    """
    notes = Notes()
    spans = sorted(lines.spans)
    starts = [s for s, _ in spans]
    counted, number = 0, 1  # the line number at text[counted]

    def line_number(at: int) -> int:
        nonlocal counted, number
        number += text.count("\n", counted, at)
        counted = at
        return number

    def comment_in(begin: int, row: str) -> int:
        if "#" not in row:
            return -1
        return comment_column(row) if lines.quick else _comment_outside(row, begin, spans,
                                                                        starts)

    def path_of(line: int) -> Path_:
        path: Path_ = lines.path_at(data, line)
        return prefix + path if prefix and path[:1] != ("format",) else path

    size = len(text)
    end = size if not text.endswith("\n") else size - 1
    if end_line is not None:
        last = text.rfind("\n", 0, end) + 1
        if text[last:end].strip() == end_line:
            end = last  # the end line is rummy's own
    pos = 0
    while pos < end and text.startswith("#", pos):  # rummy's header
        stop = text.find("\n", pos)
        if stop < 0 or text[pos:stop] not in own:
            break
        pos = stop + 1
    while True:
        at = text.find("#", pos, end)
        if at < 0:
            break
        begin = text.rfind("\n", 0, at) + 1
        stop = text.find("\n", at, end)
        stop = end if stop < 0 else stop
        row = text[begin:stop]
        column = comment_in(begin, row)
        if column < 0:
            pos = stop + 1
            continue
        if row[:column].strip():  # after a value
            path = path_of(line_number(begin))
            notes.after[path] = notes.after.get(path, "") + row[len(row[:column].rstrip()):]
            notes.note(path, number)
            pos = stop + 1
            continue
        first = begin  # the blank lines above the comment belong to it
        while first > pos:
            above = text.rfind("\n", 0, first - 1) + 1
            if text[above:first - 1].strip():
                break
            first = above
        # the comment and blank lines below it, to the next row
        below = stop + 1
        while below < end:
            after = text.find("\n", below, end)
            after = end if after < 0 else after
            row = text[below:after]
            if row.strip():
                column = comment_in(below, row)
                if column < 0 or row[:column].strip():
                    break  # a row (perhaps with a comment after its value)
            below = after + 1
        chunk = text[first:min(below, end)]
        block = (chunk[:-1] if chunk.endswith("\n") else chunk).split("\n")
        if below >= end:
            notes.tail = block
            break
        path = path_of(line_number(below))
        notes.before.setdefault(path, []).extend(block)
        notes.note(path, number)
        pos = below  # the row itself may end in a comment
    return notes


def _comment_outside(row: str, offset: int, spans: list[tuple[int, int]],
                     starts: list[int]) -> int:
    """Where a comment starts in ``row`` (a ``#`` at its start or after a space or tab, in
    no scalar), or -1; ``offset`` is the row's place in the text, ``spans`` the scalars
    (start, end) that hold a '#'."""
    at = row.find("#")
    while at >= 0:
        if at == 0 or row[at - 1] in " \t":
            place = offset + at
            i = bisect_right(starts, place) - 1
            if i < 0 or spans[i][1] <= place:
                return at
        at = row.find("#", at + 1)
    return -1
