"""A quick reader for the plain YAML that rummy writes, line by line, without libyaml.

A long ledger is one shape over and over: block mappings and sequences, one entry a line,
values that are plain words, numbers, double-quoted text or one-line ``{...}``/``[...]``,
comment lines and comments after a value (which a person may add by hand: they mean nothing
to the data). :func:`load_simple` reads exactly that subset and builds what the full reader
(``safeyaml.load_yaml``) builds, key lines included. On anything else (a tag, an anchor, a
folded line, a repeated key, a huge number, a tab...) it gives up with :data:`NOT_SIMPLE`
and the full reader reads the text, so every refusal and its message stay the full
reader's own.

>>> load_simple("a: 1\\nb:\\n- {x: AS 2H, y: \\"\\"}\\n- [p, q]\\n")
{'a': 1, 'b': [{'x': 'AS 2H', 'y': ''}, ['p', 'q']]}
>>> load_simple("a: 1  # a comment\\nb: \\"# not one\\"  # one\\n")
{'a': 1, 'b': '# not one'}
"""

from __future__ import annotations

import re
from typing import Any

from .yaml_plain import INT, comment_column, plain_value

NOT_SIMPLE: Any = object()  # the answer when the text is not in the subset read here

_PLAIN = r"-?[A-Za-z0-9][A-Za-z0-9=_.\-]*(?: [A-Za-z0-9=_.\-]+)*"
# double-quoted text: printable characters, and escapes that mean the same in JSON
_QUOTED = (r'"(?:[^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]'
           r'|\\["\\bfnrt]|\\u(?![dD][89abAB])[0-9a-fA-F]{4})*"')
_SCALAR = re.compile(f"(?:{_PLAIN}|{_QUOTED})\\Z")
_IS_PLAIN = re.compile(f"{_PLAIN}\\Z")
_LINE = re.compile(f"( *)(- )?(?:({_PLAIN}|{_QUOTED}):(?: (.+))?|(.+))\\Z")
_FLOW_PAIR = re.compile(f"({_PLAIN}|{_QUOTED}): ({_PLAIN}|{_QUOTED})(, |}}\\Z)")
_FLOW_ITEM = re.compile(f"({_PLAIN}|{_QUOTED})(, |]\\Z)")
# what YAML may hold anywhere, less line breaks other than \n and a byte order mark
_NOT_PLAIN_TEXT = re.compile("[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe"
                             "\uff00-\ufffd\U00010000-\U0010ffff]")
MAX_DIGITS = 18  # as the full reader: a longer number is refused there, with its line
MAX_KEY = 200  # YAML allows a one-line key of up to 1024 characters; be well inside
MAX_DEPTH = 20


class _NotSimple(Exception):
    """The text leaves the subset: read it with the full reader."""


class _Reader:
    """One pass over the text; ``lines`` (a ``safeyaml.Lines``) is filled when given."""

    def __init__(self, text: str, lines: Any) -> None:
        self.text = text
        self.pos = 0  # where the next row starts
        self.number = 0  # the line number of the row last read
        self.row: _Row | None = None  # the next row, once read
        self.lines = lines
        self.values: dict[str, Any] = {}  # scalar text -> value: a ledger repeats them

    def peek(self) -> _Row | None:
        """The next row that is not blank or a comment (None at the end), not consumed."""
        if self.row is not None:
            return self.row
        text, end = self.text, len(self.text)
        while self.pos < end:
            stop = text.find("\n", self.pos)
            if stop < 0:
                stop = end
            line = text[self.pos:stop]
            self.pos = stop + 1
            self.number += 1
            stripped = line.lstrip(" ")
            if not stripped or stripped[0] == "#":
                continue  # blank lines and whole-line comments mean nothing in YAML
            if "#" in line:
                cut = comment_column(line)
                if cut >= 0:  # a comment after the value: the row is what comes before it
                    line = line[:cut].rstrip(" ")
            found = _LINE.match(line)
            if found is None:
                raise _NotSimple
            spaces, dash, key, value, lone = found.groups()
            self.row = (self.number, len(spaces), dash is not None, key,
                        value if key is not None else lone)
            return self.row
        return None

    def take(self) -> None:
        self.row = None

    def scalar(self, text: str) -> Any:
        """The value of a plain or double-quoted scalar (checked here: callers split rows)."""
        value = self.values.get(text, self)
        if value is not self:
            return value
        if not text:
            raise _NotSimple
        if text[0] == '"':
            if _QUOTED_ALONE.match(text) is None:
                raise _NotSimple
            if "\\" in text:
                import json

                value = json.loads(text)  # these escapes mean the same in JSON and YAML
            else:
                value = text[1:-1]
        elif not _IS_PLAIN.match(text):
            raise _NotSimple
        else:
            if len(text) > MAX_DIGITS and INT.match(text) and len(text.lstrip("+-")) > \
                    MAX_DIGITS:
                raise _NotSimple  # before int(): Python refuses a number of 4,300 digits
            value = plain_value(text)
        if len(text) <= 12:
            self.values[text] = value
        return value

    def key(self, text: str) -> Any:
        if len(text) > MAX_KEY:
            raise _NotSimple
        return self.scalar(text)

    def value(self, text: str, line: int) -> Any:
        first = text[0]
        if first == "{":
            return self.flow_mapping(text, line)
        if first == "[":
            return self.flow_sequence(text, line)
        if _SCALAR.match(text) is None:
            raise _NotSimple
        return self.scalar(text)

    def flow_mapping(self, text: str, line: int) -> dict[Any, Any]:
        data: dict[Any, Any] = {}
        keys: dict[Any, int] = {}
        if text == "{}":
            pass
        elif '"' not in text and text[-1] == "}":
            self.flow_plain(text, data)
            if self.lines is None or self.lines.rows_only:
                return data  # places are noted only with lines
            keys = dict.fromkeys(data, line)
        else:
            pos, closed = 1, False
            match = _FLOW_PAIR.match
            while not closed:
                found = match(text, pos)
                if found is None:
                    raise _NotSimple
                key = self.key(found.group(1))
                if key in data:
                    raise _NotSimple
                data[key] = self.scalar(found.group(2))
                keys[key] = line
                pos, closed = found.end(), found.group(3) == "}"
        if self.lines is None or not self.lines.rows_only:
            self.started(data, line, keys)
        return data

    def flow_plain(self, text: str, data: dict[Any, Any]) -> None:
        """A one-line mapping of plain words (no quotes) into ``data``."""
        scalar, values = self.scalar, self.values
        for pair in text[1:-1].split(", "):  # plain words hold no ',' and no ':'
            key_text, sep, value_text = pair.partition(": ")
            if not sep or len(key_text) > MAX_KEY:
                raise _NotSimple
            key = values.get(key_text, values)
            if key is values:
                key = scalar(key_text)
            if key in data:
                raise _NotSimple
            value = values.get(value_text, values)
            data[key] = scalar(value_text) if value is values else value

    def flow_sequence(self, text: str, line: int) -> list[Any]:
        items: list[Any] = []
        if text != "[]":
            pos, closed = 1, False
            while not closed:
                found = _FLOW_ITEM.match(text, pos)
                if found is None:
                    raise _NotSimple
                items.append(self.scalar(found.group(1)))
                pos, closed = found.end(), found.group(2) == "]"
        if self.lines is None or not self.lines.rows_only:
            self.started(items, line)
        return items

    def started(self, container: Any, line: int, keys: dict[Any, int] | None = None) -> None:
        if self.lines is not None:
            self.lines.starts[id(container)] = line
            if keys is not None:
                self.lines.keys[id(container)] = keys

    def block(self, indent: int, depth: int) -> Any:
        """The block collection whose first row is the next one, at ``indent``."""
        if depth > MAX_DEPTH:
            raise _NotSimple
        row = self.peek()
        assert row is not None
        if row[2]:
            return self.sequence(indent, depth)
        return self.mapping(indent, depth, inline=False)

    def sequence(self, indent: int, depth: int) -> list[Any]:
        items: list[Any] = []
        row = self.peek()
        assert row is not None
        self.started(items, row[0])
        quick = _flat_item(indent)
        while row is not None:
            line, at, dash, key, text = row
            if at < indent or (at == indent and not dash):
                break  # the parent's next key
            if at > indent:
                raise _NotSimple
            if key is None:
                assert text is not None
                items.append(self.value(text, line))
                self.take()
            elif (item := self.flat_mapping(quick, indent)) is None:
                items.append(self.mapping(indent + 2, depth + 1, inline=True))
            else:
                items.append(item)
                while (item := self.flat_mapping(quick, indent, peeked=False)) is not None:
                    items.append(item)  # the next item, before its first row is read alone
            row = self.peek()
        return items

    def flat_mapping(self, pattern: re.Pattern[str], indent: int,
                     peeked: bool = True) -> dict[Any, Any] | None:
        """A sequence item whose every key holds a one-line value, read in one go (the rounds
        of a ledger), or None to read it row by row. The item starts at the peeked row, or
        (``peeked`` false, no row peeked) at the next line."""
        # the start of the peeked row, or of the next line
        start = self.text.rfind("\n", 0, self.pos - 1) + 1 if peeked else self.pos
        found = pattern.match(self.text, start)
        if found is None:
            return None
        end = found.end()
        size = len(self.text)
        at = end
        while at < size:  # the next row past blank and comment lines: where is it?
            stop = self.text.find("\n", at)
            after = self.text[at:stop if stop >= 0 else size]
            rest = after.lstrip(" ")
            if rest and rest[0] != "#":
                if len(after) - len(rest) > indent:
                    return None  # more of this item (after a blank line?): row by row
                break
            at = size if stop < 0 else stop + 1
        if not peeked:
            self.number += 1  # the item's first row, read now
        data: dict[Any, Any] = {}
        keys: dict[Any, int] = {}
        counted = self.lines is not None and self.lines.rows_only
        if counted:  # one key a line from its first: Lines.path_at counts them
            self.started(data, self.number)
        else:
            self.started(data, self.number, keys)
        self.rows_into(data, keys, self.taken(start, end), indent + 2, note=not counted)
        return data

    def taken(self, start: int, end: int) -> list[str]:
        """The rows from ``start`` (the peeked row's) to ``end``, consumed."""
        block = self.text[start:end - 1].split("\n")
        self.pos = end
        self.row = None
        self.number += len(block) - 1
        return block

    def rows_into(self, data: dict[Any, Any], keys: dict[Any, int], block: list[str],
                  cut: int, note: bool = True) -> None:
        """Rows 'plain key: one-line value' (the last ``len(block)`` lines read) into ``data``;
        their lines into ``keys`` when lines are noted (and ``note``)."""
        scalar, values, value_of = self.scalar, self.values, self.value
        lines = self.lines if note else None
        line = self.number - len(block)
        for row_text in block:
            line += 1
            key_text, _, value_text = row_text[cut:].partition(": ")
            if len(key_text) > MAX_KEY:
                raise _NotSimple
            key = values.get(key_text, values)
            if key is values:
                key = scalar(key_text)
            if key in data:
                raise _NotSimple
            if lines is not None:
                keys[key] = line
            value = values.get(value_text, values)
            data[key] = value_of(value_text, line) if value is values else value

    def mapping(self, indent: int, depth: int, inline: bool) -> dict[Any, Any]:
        data: dict[Any, Any] = {}
        keys: dict[Any, int] = {}
        row = self.peek()
        assert row is not None
        self.started(data, row[0], keys)
        first = inline
        while row is not None:
            line, at, dash, key_text, text = row
            if first:  # the '- ' row of a sequence item: its key is this mapping's first
                first = False
            elif at < indent:
                break
            elif at > indent or dash:
                raise _NotSimple
            elif text is not None:  # a run of 'key: value' rows: read in one go
                start = self.text.rfind("\n", 0, self.pos - 1) + 1
                found = _flat_rows(indent).match(self.text, start)
                if found is not None:
                    self.rows_into(data, keys, self.taken(start, found.end()), indent)
                    row = self.peek()
                    continue
            if key_text is None:
                raise _NotSimple  # a lone value among keys
            key = self.key(key_text)
            if key in data:
                raise _NotSimple  # the full reader names the repeated key and its line
            keys[key] = line
            self.take()
            if text is not None:
                data[key] = self.value(text, line)
                row = self.peek()
                continue
            below = self.peek()
            if below is None:
                raise _NotSimple  # 'key:' with nothing under it is null: not written here
            if below[1] > indent or (below[1] == indent and below[2]):
                data[key] = self.block(below[1], depth + 1)
            else:
                raise _NotSimple
            row = self.peek()
        return data


_Row = tuple[int, int, bool, "str | None", "str | None"]
_QUOTED_ALONE = re.compile(f"{_QUOTED}\\Z")
_FLAT: dict[int, re.Pattern[str]] = {}


def _flat_item(indent: int) -> re.Pattern[str]:
    """A sequence item at ``indent`` whose rows are all 'plain key: one-line value'."""
    if indent not in _FLAT:
        more = " " * (indent + 2)
        _FLAT[indent] = re.compile(f"{' ' * indent}- {_PLAIN}: [^\\n#]+\n"
                                   f"(?:{more}{_PLAIN}: [^\\n#]+\n)*")
    return _FLAT[indent]


_ROWS: dict[int, re.Pattern[str]] = {}


def _flat_rows(indent: int) -> re.Pattern[str]:
    """Rows 'plain key: one-line value' of a mapping at ``indent``."""
    if indent not in _ROWS:
        _ROWS[indent] = re.compile(f"(?:{' ' * indent}{_PLAIN}: [^\\n#]+\n)+")
    return _ROWS[indent]


def load_simple(text: str, lines: Any = None) -> Any:
    """The data of ``text`` if it is in the subset read here, else :data:`NOT_SIMPLE`.

    ``lines`` (a ``safeyaml.Lines``) is filled as the full reader fills it.
    """
    if _NOT_PLAIN_TEXT.search(text):
        return NOT_SIMPLE
    reader = _Reader(text, lines)
    if lines is not None:
        lines.quick = True
    try:
        first = reader.peek()
        if first is None or first[1] != 0 or first[2] or first[3] is None:
            return NOT_SIMPLE  # only a top-level mapping at the left edge is read here
        data = reader.mapping(0, 0, inline=False)
        if reader.peek() is not None:
            return NOT_SIMPLE
    except _NotSimple:
        return NOT_SIMPLE
    return data
