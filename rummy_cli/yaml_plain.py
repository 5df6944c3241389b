"""What a plain (unquoted) YAML word means to rummy, and where a comment starts on a line:
shared by the full reader (:mod:`.safeyaml`) and the quick one (:mod:`.fastyaml`)."""

from __future__ import annotations

import re
from typing import Any

INT = re.compile(r"[-+]?[0-9]+\Z")


NULL = {"", "~", "null", "Null", "NULL"}


TRUE = {"true", "True", "TRUE"}


FALSE = {"false", "False", "FALSE"}


def comment_column(line: str) -> int:
    """Where the comment after a value starts in a row of the subset read here (a ``#``
    after a space, outside double quotes), or -1 for none.

    >>> [comment_column(t) for t in ('a: 1 # c', 'a: "x # y"', 'a: "\\\\"" #c', 'a: b#c')]
    [5, -1, 8, -1]
    """
    quoted = False
    escaped = False
    for at, char in enumerate(line):
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char == "#" and (at == 0 or line[at - 1] in " \t"):
            return at
    return -1


def plain_value(text: str) -> Any:
    """What a plain (unquoted) scalar means to rummy: null, true/false, a whole number, or text.

    >>> [plain_value(t) for t in ("null", "True", "12", "-3", "0x1F", "1_0", "AS")]
    [None, True, 12, -3, '0x1F', '1_0', 'AS']
    """
    if text in NULL:
        return None
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    if INT.match(text):
        return int(text)
    return text
