"""Names that look alike: two players at one table must be told apart on a score sheet.

A name's *skeleton* is what a reader sees: the name in Unicode NFKC (full-width letters and
ligatures as plain ones), in any case, with the Cyrillic and Greek letters that look like
Latin ones read as those. "Ann" and "Аnn" (a Cyrillic А) have one skeleton, so a second
player may not be called the other.

>>> skeleton("Ann") == skeleton("\\u0410nn") == skeleton("\\uff21nn")
True
>>> skeleton("Zoë") == skeleton("Zoe")
False
>>> look_alike(["Ann", "Ben"], "\\u0391nn")
'Ann'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

# lower-case Cyrillic and Greek letters (after casefold) that look like a Latin letter
_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "ë", "з": "3", "і": "i", "ї": "ï", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "ς": "c",
})


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, any case, look-alike letters read as Latin ones."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)


def look_alike(players: Iterable[str], name: str) -> str | None:
    """The first of ``players`` whose name looks like ``name``, or None."""
    key = skeleton(name)
    return next((p for p in players if skeleton(p) == key), None)


def look_alike_pairs(names: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of different names that look the same (one skeleton), in order, each once.

    >>> look_alike_pairs(["Ann", "Ben", "\\u0410nn", "ann"])
    [('Ann', 'Аnn')]

    (``ann`` is Ann in another case: stats counts the two as one player already.)
    """
    first: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name in names:
        folded = unicodedata.normalize("NFC", name.strip()).casefold()  # as stats counts
        if folded in seen:
            continue
        seen.add(folded)
        key = skeleton(name)
        if key in first:
            pairs.append((first[key], name))
        else:
            first[key] = name
    return pairs
