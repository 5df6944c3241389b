"""Writing YAML: the block style rummy's ledgers are kept in, plain words where every YAML
reader reads them back the same, a person's comments kept where they were (``notes``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .comments import Notes


_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9=_.\-]*( [A-Za-z0-9=_.\-]+)*\Z")


_RESERVED = {"yes", "no", "on", "off", "y", "n", "true", "false", "null", "~"}


_NUMBERISH = re.compile(r"[-+]?(0[xob]|[0-9][0-9_]*([.:e-]|$)|\.)", re.IGNORECASE)


def scalar_text(value: Any) -> str:
    """One scalar as YAML: plain where every YAML reader reads it back the same, else quoted.

    >>> [scalar_text(v) for v in ("Ann", "10H 2D", "", "yes", "12", "a: b", 7, True, None)]
    ['Ann', '10H 2D', '""', '"yes"', '"12"', '"a: b"', '7', 'true', 'null']
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if (_PLAIN.match(text) and text.lower() not in _RESERVED
            and not _NUMBERISH.match(text)):
        return text
    import json

    quoted = json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted one
    return _NOT_PRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


# what YAML may not hold unescaped (JSON already escapes the C0 controls)
_NOT_PRINTABLE = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")


def dump_yaml(doc: dict[str, Any], flow_keys: frozenset[str] = frozenset(),
              notes: Notes | None = None) -> str:
    """A mapping as block-style YAML; values under ``flow_keys`` are written on one line.

    >>> print(dump_yaml({"players": ["Ann", "Ben"], "rounds": [{"round": 1, "s": {"Ann": 0}}]},
    ...                 frozenset({"players", "s"})), end="")
    players: [Ann, Ben]
    rounds:
    - round: 1
      s: {Ann: 0}
    """
    out: list[str] = []
    if notes:
        writer = _NotedWriter(flow_keys, notes)
        after = writer.before((), out).strip()  # above the document as a whole
        if after:
            out.append(after + "\n")
        writer.noted_mapping(doc, "", out, ())
    else:
        _Writer(flow_keys).mapping(doc, "", out)
    return "".join(out)


class _Writer:
    """Block YAML as :func:`dump_yaml` writes it, each scalar's text worked out once (a long
    ledger repeats its names and small numbers a hundred thousand times)."""

    def __init__(self, flow_keys: frozenset[str]) -> None:
        self.flow_keys = flow_keys
        self.known: dict[str, str] = {}  # text -> its YAML

    def scalar(self, value: Any) -> str:
        if type(value) is str:
            text = self.known.get(value)
            if text is None:
                text = scalar_text(value)
                if len(value) <= 40:
                    self.known[value] = text
            return text
        return scalar_text(value)

    def flow(self, value: Any) -> str:
        if isinstance(value, dict):
            scalar, flow = self.scalar, self.flow
            return "{" + ", ".join([f"{scalar(k)}: {flow(v)}" for k, v in value.items()]) + "}"
        if _is_list(value):
            return "[" + ", ".join([self.flow(v) for v in value]) + "]"
        return self.scalar(value)

    def mapping(self, doc: dict[Any, Any], indent: str, out: list[str],
                first_prefix: str | None = None) -> None:
        """Rows of ``doc``, each ending in a line break, appended to ``out``."""
        prefix = indent if first_prefix is None else first_prefix
        for key, value in doc.items():
            head = f"{prefix}{self.scalar(key)}:"
            prefix = indent
            listed = _is_list(value)
            if (listed or isinstance(value, dict)) and (key in self.flow_keys or not value):
                out.append(f"{head} {self.flow(value)}\n")
            elif isinstance(value, dict):
                out.append(head + "\n")
                self.mapping(value, indent + "  ", out)
            elif listed:
                out.append(head + "\n")
                self.sequence(value, indent, out)
            else:
                out.append(f"{head} {self.scalar(value)}\n")

    def sequence(self, items: Sequence[Any], indent: str, out: list[str]) -> None:
        for item in items:
            if isinstance(item, dict) and item:
                rows: list[str] = []  # one string an item, not one a row: less to hold
                self.mapping(item, indent + "  ", rows, first_prefix=indent + "- ")
                out.append("".join(rows))
            else:
                out.append(f"{indent}- {self.flow(item)}\n")


class _NotedWriter(_Writer):
    """:class:`_Writer` that writes a person's comments back beside their rows (see
    ``comments``). Only the mappings and lists that hold a comment are written row by row
    with their paths; the rest as quickly as without comments."""

    def __init__(self, flow_keys: frozenset[str], notes: Notes) -> None:
        super().__init__(flow_keys)
        self.notes = notes
        self.done: set[tuple[Any, ...]] = set()

    def before(self, path: tuple[Any, ...], out: list[str]) -> str:
        """The comment lines above the row at ``path`` into ``out``; its end comment."""
        notes = self.notes
        if path in notes.order:
            self.done.add(path)
            out.extend(line + "\n" for line in notes.before.get(path, ()))
            return notes.after.get(path, "")
        return ""

    def left_over(self, path: tuple[Any, ...], indent: str, out: list[str]) -> None:
        """The comments of rows below ``path`` that were not written (their rows are gone,
        or written on one line), in the order they were read."""
        notes = self.notes
        waiting = [p for p in notes.under.get(path, ()) if p not in self.done]
        for p in sorted(waiting, key=notes.order.__getitem__):
            self.done.add(p)
            out.extend(line + "\n" for line in notes.before.get(p, ()))
            after = notes.after.get(p, "").strip()
            if after:
                out.append(f"{indent}{after}\n")

    def noted_mapping(self, doc: dict[Any, Any], indent: str, out: list[str],
                      path: tuple[Any, ...], first_prefix: str | None = None,
                      first_after: str = "") -> None:
        prefix = indent if first_prefix is None else first_prefix
        under = self.notes.under
        for key, value in doc.items():
            here = path + (key,)
            after = self.before(here, out) + first_after
            first_after = ""
            head = f"{prefix}{self.scalar(key)}:"
            prefix = indent
            listed = _is_list(value)
            if (listed or isinstance(value, dict)) and (key in self.flow_keys or not value):
                out.append(f"{head} {self.flow(value)}{after}\n")
                self.left_over(here, indent, out)
            elif isinstance(value, dict):
                out.append(f"{head}{after}\n")
                if here in under:
                    self.noted_mapping(value, indent + "  ", out, here)
                else:
                    self.mapping(value, indent + "  ", out)
            elif listed:
                out.append(f"{head}{after}\n")
                if here in under:
                    self.noted_sequence(value, indent, out, here)
                else:
                    self.sequence(value, indent, out)
            else:
                out.append(f"{head} {self.scalar(value)}{after}\n")
        self.left_over(path, indent, out)

    def noted_sequence(self, items: Sequence[Any], indent: str, out: list[str],
                       path: tuple[Any, ...]) -> None:
        order, under = self.notes.order, self.notes.under
        for index, item in enumerate(items):
            here = path + (index,)
            if here not in order and here not in under:
                self.sequence((item,), indent, out)
                continue
            after = self.before(here, out)
            if isinstance(item, dict) and item:
                self.noted_mapping(item, indent + "  ", out, here, indent + "- ", after)
            else:
                out.append(f"{indent}- {self.flow(item)}{after}\n")
                self.left_over(here, indent + "  ", out)
        self.left_over(path, indent, out)


def _is_list(value: Any) -> bool:
    """A list, or a sequence that makes its items when asked (a long game's rounds)."""
    kind = type(value)
    return kind is list or (kind not in _SCALARS and isinstance(value, Sequence)
                            and not isinstance(value, (str, bytes, tuple)))


_SCALARS = {str, int, bool, type(None), dict}  # the usual values: no need to ask further
