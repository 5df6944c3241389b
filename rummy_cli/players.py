"""Players' names, shared by every game: how a name is kept, compared and found.

>>> find_player(["Ann", "Ben"], "BEN"), same_name("Zoë", "ZOË")
('Ben', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RefusedError

MAX_NAME = 40  # characters: what a score sheet's column can show


def player_name(name: str) -> str:
    """A new player's name as kept: Unicode NFC, so ``Zoë`` typed any way is one name.

    Refuses a name that a score sheet, a command line or ``NAME=CARDS`` cannot hold.

    >>> player_name("Zoe\u0308") == "Zo\u00eb"
    True
    >>> player_name(" Ann")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.RefusedError: ' Ann' cannot be a player's name: it starts or ends with \
a space; write it without
    """
    import unicodedata

    name = unicodedata.normalize("NFC", name)
    if not name:
        raise RefusedError("a player's name cannot be empty")
    if name != name.strip():
        raise RefusedError(f"{name!r} cannot be a player's name: it starts or ends with a "
                           "space; write it without")
    check_visible(name)
    if "=" in name or any(ch in name for ch in "\n\t,/|"):
        raise RefusedError(
            f"{name!r} cannot be a player's name: it may not contain = , / | or line breaks")
    if name.startswith("-"):
        raise RefusedError(f"{name!r} cannot be a player's name: a name starting with '-' "
                           "would be read as an option")
    if not name.isprintable():  # control characters, or bytes that are not UTF-8 text
        raise RefusedError(
            f"{name!r} cannot be a player's name: it holds a character that cannot be shown")
    if len(name) > MAX_NAME:
        raise RefusedError(f"a player's name can have at most {MAX_NAME} characters (a score "
                           f"sheet must show it); this one has {len(name)}: {name[:20]}...")
    return name


def seat_names(players: Sequence[str], in_any_case: bool = True) -> tuple[str, ...]:
    """The players of a new game as kept (see :func:`player_name`), each told apart from the
    others: the same name in any case, or two names that look alike (letters of another
    alphabet or another width), is refused, in a new game and in a hand-edited ledger alike.

    >>> seat_names(["Ann", "Ben"])
    ('Ann', 'Ben')
    >>> seat_names(["Ann", "\u0410nn"])
    Traceback (most recent call last):
    ...
    rummy_cli.errors.RefusedError: 'Аnn' looks just like 'Ann' (letters of another alphabet \
or another width): give players names that look different
    """
    names = tuple(player_name(p) for p in players)
    folded = [name_key(n) for n in names]
    dupes = [n for n in names if folded.count(name_key(n)) > 1]
    if dupes:
        said = " (names are the same in any case)" if in_any_case else ""
        raise RefusedError(f"two players are called {dupes[0]!r}{said}: give each a "
                           "different name")
    from .names import look_alike

    for at, name in enumerate(names):
        other = look_alike(names[:at], name)
        if other is not None:
            raise RefusedError(f"{name!r} looks just like {other!r} (letters of another "
                               "alphabet or another width): give players names that look "
                               "different")
    return names


def check_visible(name: str) -> None:
    """Refuse a name holding a character that cannot be seen: two players would read alike.

    >>> player_name("Ann\\u3164")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.RefusedError: the name 'Ann\\u3164' holds U+3164 HANGUL FILLER, which \
cannot be seen; type the name without it
    """
    from .names import character_name, hidden_character, written_out

    hidden = hidden_character(name)
    if hidden is None:
        return
    import unicodedata

    shown = f"the name '{written_out(name)}' holds {character_name(hidden)}"
    if unicodedata.category(hidden) == "Zs":
        raise RefusedError(f"{shown}, a space of another kind; type a plain space, or none")
    raise RefusedError(f"{shown}, which cannot be seen; type the name without it")


def same_name(a: str, b: str) -> bool:
    """Whether two names are one player's: in any case, any Unicode form."""
    return name_key(a) == name_key(b)


def name_key(name: str) -> str:
    """A name as compared: any case, any Unicode form, without the characters that cannot be
    seen (no player's name holds one: 'A\\u200bnn' typed, copied from a chat, is Ann).

    >>> name_key("A\\u200bNN\\ufe0f") == name_key("ann")
    True
    """
    import unicodedata

    key = unicodedata.normalize("NFC", name.strip()).casefold()
    if key.isascii():
        return key
    from .names import visible

    return visible(key).strip()


def find_player(players: Sequence[str], name: str) -> str:
    """The seated player called ``name`` (any case), or an error that suggests the closest.

    >>> find_player(["Ann", "Ben"], "ben")
    'Ben'
    >>> find_player(["Ann", "Ben"], "Bne")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.RefusedError: no player called 'Bne' in this game (Ann, Ben): did you \
mean 'Ben'?
    """
    wanted = name_key(name)
    for p in players:
        if name_key(p) == wanted:
            return p
    import difflib

    folded = {name_key(p): p for p in players}  # names match in any case, so do hints
    close = difflib.get_close_matches(wanted, list(folded), n=1, cutoff=0.5)
    hint = f": did you mean {folded[close[0]]!r}?" if close else ""
    raise RefusedError(f"no player called {name.strip()!r} in this game "
                       f"({', '.join(players)}){hint}")


class EndsEarly(RefusedError):
    """A correction that would end the game before rounds already played (R24)."""

    def __init__(self, message: str, over: int) -> None:
        super().__init__(message)
        self.over = over  # the round (or hand) after which the game would end


def plural_rounds(n: int) -> str:
    return f"{n} round" + ("s" if n != 1 else "")


def players_matching(players: Sequence[str], typed: str) -> list[str]:
    """The player called ``typed`` (any case) alone, else every player whose name starts with it.

    >>> players_matching(["Ann", "Anna", "Abe"], "ann"), players_matching(["Ann", "Abe"], "a")
    (['Ann'], ['Ann', 'Abe'])
    """
    text = name_key(typed)
    if not text:
        return []
    exact = [p for p in players if name_key(p) == text]
    return exact or [p for p in players if name_key(p).startswith(text)]


def find_player_by_prefix(players: Sequence[str], typed: str) -> str:
    """The player called ``typed`` (any case), else the only player whose name starts with it.

    >>> find_player_by_prefix(["Ann", "Abe", "Ben"], "b")
    'Ben'
    >>> find_player_by_prefix(["Ann", "Abe", "Ben"], "A")
    Traceback (most recent call last):
    ...
    rummy_cli.errors.RefusedError: 'A' could be Ann or Abe: type more
    """
    found = players_matching(players, typed)
    if len(found) > 1:
        raise RefusedError(f"{typed.strip()!r} could be {', '.join(found[:-1])} or {found[-1]}: "
                           "type more")
    return found[0] if found else find_player(players, typed)  # none: find_player says why
