"""JSON as ``json.dumps(doc, indent=2, ensure_ascii=False)`` writes it, given out in pieces.

A league's ``history --json`` holds 100,000 rounds: built whole, its objects and then its
text took close to a gigabyte. Here a long list (:class:`Rows`, whose items are made when
they are reached) is written item by item, so only a few rounds are held at a time; and
each piece is written by a small encoder that is faster than the standard library's
indented one (which runs in Python) for the plain data of a report.

>>> import json
>>> doc = {"a": [1, {"b": None, "c": [True, "é\\n"]}, []], "d": {}, "rows": Rows(2, lambda:
...        iter([{"n": 1}, {"n": 2}]))}
>>> "".join(pieces(doc)) == json.dumps({**doc, "rows": [{"n": 1}, {"n": 2}]}, indent=2,
...                                    ensure_ascii=False)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

_ESCAPE: Callable[[str], str] = json.encoder.encode_basestring
BATCH = 500  # items of a long list written as one piece


class Rows(Sequence[Any]):
    """A list whose items are made one after another when it is read through (the rounds
    of a report): ``make()`` gives them, in order, each time it is called."""

    def __init__(self, count: int, make: Callable[[], Iterator[Any]]) -> None:
        self.size = count
        self.make = make

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Any]:
        return self.make()

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return list(self)[index]
        if not -self.size <= index < self.size:
            raise IndexError(index)
        index %= self.size
        for i, item in enumerate(self):  # made from the first: rarely asked for
            if i == index:
                return item
        raise IndexError(index)  # pragma: no cover - make() gave fewer than count

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, Rows) else other)

    __hash__ = None  # type: ignore[assignment]


def plain(doc: Any) -> Any:
    """``doc`` with every :class:`Rows` made into a list (for ``json.dumps``, a test)."""
    if isinstance(doc, dict):
        return {k: plain(v) for k, v in doc.items()}
    if isinstance(doc, (list, tuple, Rows)):
        return [plain(v) for v in doc]
    return doc


def pieces(doc: Any) -> Iterator[str]:
    """The text of ``doc`` as ``json.dumps(doc, indent=2, ensure_ascii=False)`` (every
    :class:`Rows` a list), in pieces of up to :data:`BATCH` items of a long list."""
    return _Encoder().pieces(doc, "")


class _Encoder:
    def __init__(self) -> None:
        self.known: dict[str, str] = {}  # text -> its JSON: a report repeats names, cards

    def text(self, value: str) -> str:
        found = self.known.get(value)
        if found is None:
            found = _ESCAPE(value)
            if len(value) <= 40:
                self.known[value] = found
        return found

    def pieces(self, doc: Any, indent: str) -> Iterator[str]:
        if not _holds_rows(doc):
            yield self.value(doc, indent)
            return
        inner = indent + "  "
        if isinstance(doc, dict):
            yield "{"
            first = True
            for key, value in doc.items():
                yield ("\n" if first else ",\n") + inner + self.key(key) + ": "
                first = False
                yield from self.pieces(value, inner)
            yield "\n" + indent + "}"
            return
        yield "["
        batch: list[str] = []
        first = True
        for item in doc:
            batch.append(("\n" if first else ",\n") + inner)
            first = False
            batch.append(self.value(item, inner))  # an item is not written in pieces
            if len(batch) >= BATCH * 2:
                yield "".join(batch)
                batch = []
        yield "".join(batch) + ("]" if first else "\n" + indent + "]")

    def key(self, key: Any) -> str:
        if isinstance(key, str):
            return self.text(key)
        return json.dumps({key: 0}, ensure_ascii=False)[1:-4]  # 1 -> "1", None -> "null"

    def value(self, value: Any, indent: str) -> str:
        kind = type(value)
        if kind is str:
            return self.known.get(value) or self.text(value)
        if kind is int:
            return int.__repr__(value)
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if kind is dict or kind is not list and isinstance(value, dict):
            if not value:
                return "{}"
            inner = indent + "  "
            known, key, item = self.known, self.key, self.value
            return ("{\n" + ",\n".join([
                f"{inner}{(known.get(k) or key(k)) if type(k) is str else key(k)}: "
                f"{item(v, inner)}" for k, v in value.items()]) + "\n" + indent + "}")
        if kind is list or kind is tuple or isinstance(value, (list, tuple, Rows)):
            if not value:
                return "[]"
            inner = indent + "  "
            item = self.value
            return "[\n" + ",\n".join([inner + item(v, inner) for v in value]) + "\n" + \
                indent + "]"
        return json.dumps(value, ensure_ascii=False)  # a float, a subclass of int or str


def _holds_rows(doc: Any) -> bool:
    if isinstance(doc, Rows):
        return True
    if isinstance(doc, dict):
        return any(_holds_rows(v) for v in doc.values() if isinstance(v, (dict, Rows)))
    return False


def write_json(doc: Any, write: Callable[[str], object]) -> None:
    """``doc`` as indented JSON and a line break, given to ``write`` piece by piece."""
    for piece in pieces(doc):
        write(piece)
    write("\n")
