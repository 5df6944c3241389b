"""Names that look alike: two players at one table must be told apart on a score sheet.

A name's *skeleton* is what a reader sees: the name in Unicode NFKC (full-width letters and
ligatures as plain ones), in any case, with the Cyrillic and Greek letters that look like
Latin ones read as those, without the characters that cannot be seen, and with each run of
spaces as one. "Ann" and "Аnn" (a Cyrillic А) have one skeleton, so a second player may not
be called the other. A character that cannot be seen (:func:`hidden_character`) is refused in
a name outright: "Ann" and "Ann\\u3164" would read as one name on every score sheet.

>>> skeleton("Ann") == skeleton("\\u0410nn") == skeleton("\\uff21nn") == skeleton("A\\u034fnn")
True
>>> hidden_character("Ann\\u2800") == "\\u2800"
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


# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_BLANK = frozenset("\u2800")  # BRAILLE PATTERN BLANK: a letter of braille that shows nothing
_UNSEEN_KINDS = frozenset(("Cf", "Zs", "Zl", "Zp"))  # format characters; spaces but ' '


def _unseen(ch: str) -> bool:
    if ch == " ":
        return False
    if ch in _BLANK or unicodedata.category(ch) in _UNSEEN_KINDS:
        return True
    point = ord(ch)
    return any(lo <= point <= hi for lo, hi in _IGNORABLE)


def hidden_character(name: str) -> str | None:
    """The first character of ``name`` that cannot be seen, or None.

    Such are the characters drawn as nothing (zero-width spaces and joiners, the combining
    grapheme joiner, variation selectors, tags, the Hangul fillers, the other format
    characters), blank ones (the braille blank) and every space but the plain one; also a
    character that Unicode NFKC turns into one of those (U+3164 into U+1160).

    >>> [hidden_character(n) for n in ("Zoë", "Ann Lee", "A\\u200bnn", "Ann\\u00a0")]
    [None, None, '\\u200b', '\\xa0']
    >>> hidden_character("Ann\\u3164") == "\\u3164"
    True
    """
    for ch in name:
        if _unseen(ch) or (not ch.isascii()
                           and any(_unseen(c) for c in unicodedata.normalize("NFKC", ch))):
            return ch
    return None


def visible(text: str) -> str:
    """``text`` without the characters that cannot be seen; a space of another kind is a
    plain space.

    >>> visible("A\\u200bnn\\u00a0Lee\\u2800")
    'Ann Lee'
    """
    if text.isascii():
        return text
    return "".join(" " if unicodedata.category(ch) == "Zs" else "" if _unseen(ch) else ch
                   for ch in text)


def written_out(name: str) -> str:
    """``name`` with each character that cannot be seen written as its escape, so a message
    shows it: 'Ann\\u3164'.

    >>> print(written_out("Ann\\u3164"), written_out("Ann\\U000e0041"))
    Ann\\u3164 Ann\\U000e0041
    """
    return "".join((f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
                   if hidden_character(ch) or not ch.isprintable() else ch for ch in name)


def character_name(ch: str) -> str:
    """'U+3164 HANGUL FILLER': a character by its code point and its Unicode name."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'an unnamed character')}"


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, any case, look-alike letters read as Latin ones, the
    characters that cannot be seen left out and each run of spaces as one."""
    shown = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)
    return " ".join(visible(shown).split())


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
