"""What a player types as options of ``round`` and ``fix``: ``NAME=VALUE`` pairs, the hands
(``--hand NAME=CARDS``) and totals (``--points NAME=N``), read as plain values. A game's
scorekeeping reads its options with these; what cannot be used is an
:class:`~rummy_cli.errors.OptionsError`, said as a usage error of the command.

>>> hands_from_options(("Ann=3C 2D",), ("Ben=12",))
{'Ann': '3C 2D', 'Ben': 12}
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import OptionsError


def split_pair(value: str, option: str, example: str | None = None) -> tuple[str, str]:
    """``NAME=VALUE`` split; ``example`` is the value shown when it is not so written."""
    name, eq, rest = value.partition("=")
    if not eq or not name.strip():
        example = example or {"--hand": '"Ann=3C 2D"', "--rule": "target=200",
                              "--melds": '"Ann=2H 3H 4H / 7C 7D 7S"'}.get(option, "Ann=12")
        raise OptionsError(f"{option} takes NAME=VALUE, e.g. {option} {example}; "
                               f"got {value!r}")
    return name.strip(), rest


def hands_from_options(hands: tuple[str, ...], points: tuple[str, ...],
                        what: str = "hand", options: str = "--hand/--points"
                        ) -> dict[str, str | int]:
    """``--hand NAME=CARDS`` and ``--points NAME=N`` (a --hand of digits is a total too);
    ``what`` is what a total counts in the game's words ('hand', Rummikub's 'rack'), and
    ``options`` the options that give it, as a message names them."""
    from .hands import typed_hand, typed_total

    entered: dict[str, str | int] = {}
    for value in hands:
        name, cards = split_pair(value, "--hand")
        put(entered, name, typed_hand(cards), options)
    for value in points:
        name, total = split_pair(value, "--points")
        n = typed_total(total, what)
        if n is None and total.strip().startswith("-"):
            below = typed_total(total.strip()[1:], what)
            if below == 0:  # -0 is 0
                n = 0
            elif below is not None:
                raise OptionsError(f"--points {short(value)!r}: a {what}'s total cannot "
                                       "be negative")
        if n is None:
            raise OptionsError(
                f"--points {short(value)!r}: the total must be a whole number of points "
                f"(digits 0-9), e.g. --points {short(name)}=12")
        put(entered, name, n, options)
    return entered


def short(text: str, most: int = 40) -> str:
    """Typed text quoted back in a message, cut if it is long."""
    return text if len(text) <= most else text[:most] + "..."


def put(entered: dict[str, str | int], name: str, value: str | int,
         options: str = "--hand/--points") -> None:
    import unicodedata

    key = unicodedata.normalize("NFC", name).casefold()
    if any(unicodedata.normalize("NFC", k).casefold() == key for k in entered):
        raise OptionsError(f"{name} has more than one {options}: give one per player")
    entered[name] = value


def choices_said(choices: Sequence[str]) -> str:
    """Choices as a sentence says them.

    >>> choices_said(["bash", "zsh", "fish"]), choices_said(["cards"])
    ('bash, zsh or fish', 'cards')
    """
    return " or ".join(filter(None, [", ".join(choices[:-1]), choices[-1]]))


def not_one_of(typed: str, choices: Sequence[str], elsewhere: Sequence[str] = ()) -> str:
    """Why ``typed`` is none of ``choices``, in one wording for every option (after click's
    "Invalid value for '--game': "): the choices, and the one meant if one is close; a value
    of ``elsewhere`` (a game another command takes) says that it is not one of these.

    >>> not_one_of("rumikub", ["manipulation", "gin", "rummikub"])
    "'rumikub' is not manipulation, gin or rummikub; did you mean 'rummikub'?"
    >>> not_one_of("gin", ["manipulation", "rummikub"], elsewhere=["gin"])
    "'gin' is not one of the games this command takes: manipulation or rummikub"
    """
    from .cards import quoted

    if typed.strip().lower() in elsewhere:
        return (f"{quoted(typed)} is not one of the games this command takes: "
                f"{choices_said(choices)}")
    import difflib

    close = difflib.get_close_matches(typed.strip().lower(), list(choices), n=1, cutoff=0.6)
    meant = f"; did you mean {close[0]!r}?" if close else ""
    return f"{quoted(typed)} is not {choices_said(choices)}{meant}"

