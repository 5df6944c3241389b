"""A strict, safe and fast YAML reader for ledgers and dispute files.

It builds only plain data (text, whole numbers, true/false, null, lists, mappings) straight
from the parser's events (libyaml's C parser when PyYAML has it), which is several times
faster than ``yaml.safe_load`` on a long ledger. It refuses what a ledger never needs and a
hand edit may get wrong: tags (``!!python/...`` can never run), anchors and aliases,
repeated keys, several documents. Writing is :mod:`.yaml_write`'s.

>>> load_yaml("players: [Ann, Ben]\\nrounds: []\\nround: 3\\nok: true\\n")
{'players': ['Ann', 'Ben'], 'rounds': [], 'round': 3, 'ok': True}
>>> load_yaml("a: 1\\na: 2\\n")
Traceback (most recent call last):
...
rummy_cli.safeyaml.YamlProblem: line 2, column 1: the key 'a' appears twice
"""

from __future__ import annotations

import os
import stat
from typing import IO, TYPE_CHECKING, Any

from .fastyaml import NOT_SIMPLE, load_simple
from .portable import READ_FLAGS
from .yaml_plain import FALSE, INT, NULL, TRUE

if TYPE_CHECKING:
    pass

_PLAIN_TAGS = {None, "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int",
               "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
               "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
MAX_DEPTH = 50


class YamlProblem(ValueError):
    """The text is not YAML this tool reads; the message starts with the line."""


MAX_BYTES = 16 * 1024 * 1024  # a 1,000-round ledger is 160 KiB; /dev/zero is endless
MAX_DIGITS = 18  # no count, total or score of a card game comes near a quintillion


class TooLarge(ValueError):
    """The file is far larger than any ledger or dispute (or never ends)."""


class NotText(ValueError):
    """The file's bytes are not UTF-8 text; the message says what they look like."""


class NotAFile(ValueError):
    """The path is a folder, a named pipe, a device or a socket: reading it could block."""


_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def read_capped(stream: IO[bytes]) -> str:
    """A file's text, refusing one over :data:`MAX_BYTES`; newlines as ``\\n``.

    Raises :class:`TooLarge`, or :class:`NotText` for bytes that are not UTF-8 text (a byte
    order mark of UTF-8 is dropped, as editors on Windows write one).

    >>> import io
    >>> read_capped(io.BytesIO(b"\\xef\\xbb\\xbfa: 1\\r\\n"))
    'a: 1\\n'
    >>> read_capped(io.BytesIO("a: 1".encode("utf-16")))
    Traceback (most recent call last):
    ...
    rummy_cli.safeyaml.NotText: it is UTF-16 text: save it as UTF-8
    """
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise TooLarge(f"it is larger than {MAX_BYTES // (1024 * 1024)} MiB: not a file "
                       "rummy wrote or a dispute a person typed")
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise NotText(f"it is {name} text: save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotText(f"it is not UTF-8 text (byte {exc.start + 1} is not)") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_file(path: str | os.PathLike[str]) -> str:
    """The text of a regular file (see :func:`read_capped`), never blocking on a pipe.

    Raises :class:`NotAFile` for a folder, FIFO, device or socket, and ``OSError`` (such as
    ``FileNotFoundError``) when the file cannot be opened.
    """
    fd = os.open(path, READ_FLAGS)  # non-blocking: opening a FIFO must not wait for a writer
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise NotAFile(_kind_of(mode))
    with os.fdopen(fd, "rb") as stream:
        return read_capped(stream)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe (FIFO), not a file; use - to read standard input"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is a device, not a file"


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "YAML"


def _scalar(event: Any) -> Any:
    value: str = event.value
    tag = event.tag
    plain = event.implicit[0] and tag is None
    if tag == "tag:yaml.org,2002:str" or (not plain and tag in (None, "!")):
        return value
    if value in NULL:
        return None
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    if INT.match(value):
        if len(value.lstrip("+-")) > MAX_DIGITS:
            raise YamlProblem(f"{_where(event.start_mark)}: a number of "
                              f"{len(value.lstrip('+-'))} digits is far larger than any in a "
                              "card or tile game")
        return int(value)
    if tag == "tag:yaml.org,2002:int":
        raise YamlProblem(f"{_where(event.start_mark)}: {value!r} is not a whole number")
    return value


class _Mapping:
    """A mapping being built, and the key waiting for its value."""

    __slots__ = ("data", "key", "has_key", "lines")

    def __init__(self) -> None:
        self.data: dict[Any, Any] = {}
        self.key: Any = None
        self.has_key = False
        self.lines: dict[Any, int] = {}  # the line of each key


class Lines:
    """Where the containers of a loaded document start, and the line of each mapping key.

    Noted when first asked for: :func:`load_yaml` keeps the text, and the first
    :meth:`line_of` reads it again noting every place. A long ledger read without a problem
    pays nothing for the places of its hundred thousand rounds.

    >>> lines = Lines()
    >>> data = load_yaml("a: 1\\nrounds:\\n- {end: x}\\n- end: y\\n  hands: {}\\n", lines)
    >>> [lines.line_of(data, p) for p in (("a",), ("rounds", 1), ("rounds", 1, "hands"))]
    [1, 4, 5]
    """

    def __init__(self) -> None:
        self.starts: dict[int, int] = {}  # id(container) -> its first line
        self.keys: dict[int, dict[Any, int]] = {}  # id(mapping) -> {key: line}
        self.text: str | None = None  # the text to read again before answering
        self.again: list[Any] = []  # the document as read again, places noted
        self.rows_only = False  # one-line {...} and [...] not noted (only to place comments)
        self.quick = False  # read by fastyaml: a '#' outside double quotes is a comment
        self.spans: list[tuple[int, int]] = []  # (start, end) of each scalar holding '#'
        self.item_starts: dict[int, list[int]] = {}  # id(list) -> the line of each item

    def path_at(self, data: Any, line: int) -> tuple[Any, ...]:
        """The path of the outermost node whose row is ``line`` (a sequence item, a key),
        or of the node whose value holds that line. ``data`` is the document read with
        these lines noted as it was read (``load_yaml(..., eager=True)``)."""
        from bisect import bisect_right

        path: tuple[Any, ...] = ()
        node = data
        while True:
            if isinstance(node, dict):
                keys = self.keys.get(id(node))
                if keys is None:  # a mapping of one key a line (a round), read in one go
                    first = self.starts.get(id(node))
                    keys = {} if first is None else {k: first + i for i, k in enumerate(node)}
                last = None
                for key in node:  # in the order written: their lines ascend
                    at = keys.get(key)
                    if at is None or at > line:
                        break
                    last = key
                if last is None:
                    return path
                path += (last,)
                node = node[last]
                if keys[last] == line:
                    return path
            elif isinstance(node, list) and node:
                starts = self.item_starts.get(id(node))
                if starts is None:  # a long game's rounds: listed once for all its comments
                    starts = self.item_starts[id(node)] = [
                        self.starts.get(id(item), 0) if isinstance(item, (dict, list)) else 0
                        for item in node]
                index = bisect_right(starts, line) - 1
                if index < 0 or not starts[index]:
                    return path
                path += (index,)
                node = node[index]
                if starts[index] == line:
                    return path
            else:
                return path

    def line_of(self, data: Any, path: tuple[Any, ...], key_only: bool = False) -> int | None:
        """The line of the value at ``path`` (keys and indexes), or of the nearest above it.

        ``key_only``: the line of the last key itself, not of the value under it. When the
        text was kept, ``data`` is that text read again (the caller's copy may have been
        taken apart since).
        """
        if self.text is not None:
            text, self.text = self.text, None
            self.again = [_load(text, self)]
        if self.again:
            data = self.again[0]
        line = self.starts.get(id(data))
        node = data
        for i, key in enumerate(path):
            if isinstance(node, dict) and key in node:
                line = self.keys.get(id(node), {}).get(key, line)
                if key_only and i == len(path) - 1:
                    return line
                node = node[key]
            elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                node = node[key]
            else:
                break
            line = self.starts.get(id(node), line) if isinstance(node, (dict, list)) else line
        return line


def _refuse_tag(event: Any) -> None:
    raise YamlProblem(f"{_where(event.start_mark)}: the tag {event.tag} is not allowed: "
                      "a tag that could run code or build objects is refused")


def _refuse_anchor(event: Any) -> None:
    raise YamlProblem(f"{_where(event.start_mark)}: anchors and aliases "
                      "(& and *) are not read here; write the value out")


def load_yaml(text: str, lines: Lines | None = None, eager: bool = False) -> Any:
    """Plain data from YAML (or JSON) text; raises :class:`YamlProblem` with the line.

    ``lines``, when given, tells the place of every container and key (see :class:`Lines`);
    ``eager``: noted as the text is read (to place its comments), not when first asked for.
    The plain block YAML that rummy writes is read by ``fastyaml`` without libyaml (a long
    ledger in a fraction of the time); anything else by libyaml's parser, as here.
    """
    if eager and lines is not None:
        lines.rows_only = True
        return _load(text, lines)
    data = _load(text, None)
    if lines is not None:
        lines.text = text
    return data


def _load(text: str, lines: Lines | None) -> Any:
    """:func:`load_yaml`, filling ``lines`` as it reads."""
    data = load_simple(text, lines)
    if data is not NOT_SIMPLE:
        return data
    if lines is not None:  # filled in part before the quick reader gave up
        lines.starts.clear()
        lines.keys.clear()
        lines.quick = False
    return load_events(text, lines)


def load_events(text: str, lines: Lines | None = None) -> Any:
    """:func:`load_yaml` by libyaml's parser alone, for any YAML (the reference reader)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    scalar, alias = yaml.ScalarEvent, yaml.AliasEvent
    opens = {yaml.SequenceStartEvent: list, yaml.MappingStartEvent: _Mapping}
    closes = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    stack: list[Any] = []  # containers being built: lists and _Mappings
    result: Any = None
    documents = 0
    event: Any  # the stubs type events as the base class, which has no tag or anchor
    plain: dict[str, Any] = {}  # plain scalars already read: a ledger repeats names and cards
    try:
        for event in yaml.parse(text, Loader=loader):
            kind = type(event)  # dispatch on the class: a long ledger has ~30 events a round
            value: Any
            if kind is scalar:
                if event.anchor is not None:
                    _refuse_anchor(event)
                if lines is not None and "#" in event.value:  # not a comment, though it looks it
                    lines.spans.append((event.start_mark.index, event.end_mark.index))
                if event.tag is None and event.implicit[0]:
                    text_value = event.value
                    value = plain.get(text_value, plain)
                    if value is plain:
                        value = plain[text_value] = _scalar(event)
                else:
                    if event.tag not in _PLAIN_TAGS:
                        _refuse_tag(event)
                    value = _scalar(event)
            elif kind in opens:
                if event.anchor is not None:
                    _refuse_anchor(event)
                if event.tag not in _PLAIN_TAGS:
                    _refuse_tag(event)
                container = opens[kind]()
                stack.append(container)
                if lines is not None:
                    line = event.start_mark.line + 1
                    if type(container) is _Mapping:
                        lines.starts[id(container.data)] = line
                        lines.keys[id(container.data)] = container.lines
                    else:
                        lines.starts[id(container)] = line
                if len(stack) > MAX_DEPTH:
                    raise YamlProblem(f"{_where(event.start_mark)}: nested too deeply")
                continue
            elif kind in closes:
                done = stack.pop()
                value = done.data if type(done) is _Mapping else done
            elif kind is alias:
                _refuse_anchor(event)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise YamlProblem(f"{_where(event.start_mark)}: only one YAML document "
                                      "(no second '---') is read")
                continue
            else:
                continue  # stream start and end, document end
            if not stack:
                result = value
                continue
            top = stack[-1]
            if type(top) is list:
                top.append(value)
            elif top.has_key:
                top.data[top.key] = value
                top.has_key = False
            else:
                _new_key(top, value, event)
                if lines is not None:
                    top.lines[value] = event.start_mark.line + 1
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise YamlProblem(f"{_where(mark)}: {problem}") from None
    return result


def _new_key(top: _Mapping, value: Any, event: Any) -> None:
    if isinstance(value, (list, dict)):
        raise YamlProblem(f"{_where(event.start_mark)}: a key must be plain text")
    if value in top.data:
        raise YamlProblem(f"{_where(event.start_mark)}: the key {value!r} appears twice")
    top.key, top.has_key = value, True


# --- writing ------------------------------------------------------------------------------


