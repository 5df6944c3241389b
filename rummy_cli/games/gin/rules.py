"""The figures of the Gin family as data: every option of the rule books, and the presets.

A preset (``gin``, ``classic``, ``oklahoma``) is a :class:`GinRules` value; a house rule is a
changed value (``rules.with_house_rules({"undercut": "10"})``), never a branch in the code.

>>> GIN.knock, GIN.gin, GIN.undercut, CLASSIC.gin, CLASSIC.undercut, OKLAHOMA.target
(10, 25, 25, 20, 10, 150)
>>> find_preset("oklahoma").knock is None  # the upcard sets the limit (G16)
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ...cards import Card, Suit
from ...document import written
from ...errors import RummyError
from ...house_rules import FigureWords, RuleReader, differences, plain_rules

TIES = ("undercut", "none")
SHUTOUTS = ("double", "double-points", "plus100", "off")
DEALERS = ("winner", "loser", "alternate")
ACES = ("gin", "1")
WALLS = ("standard", "gra")
SCORINGS = ("standard", "hollywood")


class GinRuleError(RummyError):
    """A Gin option that does not exist, has a wrong value, or cannot be played."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True, kw_only=True)
class GinRules:
    """Every figure of a Gin game (G1-G22). ``None`` means "off" (big gin) or "the upcard's"
    (the knock limit in Oklahoma)."""

    game: str = "gin"  # the preset this started from: gin, classic, oklahoma
    knock: int | None = 10  # G6: the knock limit; None: the upcard's value (G16)
    gin: int = 25  # G10
    undercut: int = 25  # G10
    tie: str = "undercut"  # G10: K = D is an undercut, or "none" (nobody scores)
    big_gin: int | None = 31  # G7; None: big gin is not played
    box: int = 25  # G12: per hand won
    game_bonus: int = 100  # G12
    shutout: str = "double"  # G13
    target: int = 100  # G11
    dealer: str = "winner"  # G15: who deals the next hand
    ace: str = "gin"  # G16: an ace upcard means gin only, or "1"
    spade: bool = False  # G17: a spade upcard doubles the hand
    spade_box: int = 1  # G17: boxes a doubled hand earns
    extra_boxes: bool = False  # Scarne: gin earns 2 extra boxes, an undercut 1
    wall: str = "standard"  # G8: "gra" lets the other player take the last discard
    scoring: str = "standard"  # G19-G22: "hollywood" scores three games at once

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data, for the ledger."""
        return asdict(self)

    @property
    def hollywood(self) -> bool:
        """Whether hands are scored in three games at once (G19)."""
        return self.scoring == "hollywood"

    @property
    def upcard_sets_limit(self) -> bool:
        """Whether each hand's upcard sets its knock limit (Oklahoma, G16)."""
        return self.knock is None

    def knock_limit(self, upcard: Card | None = None) -> int:
        """The most deadwood a knock may leave (G6); in Oklahoma the upcard's value (G16):
        J Q K 10, an ace 0 (gin only) unless ``ace`` is "1".

        >>> from ...cards import parse_card
        >>> GIN.knock_limit(), [OKLAHOMA.knock_limit(parse_card(t)) for t in ("6S", "KD", "AH")]
        (10, [6, 10, 0])
        """
        if self.knock is not None:
            return self.knock
        if upcard is None:
            raise GinRuleError("upcard", "in Oklahoma Gin the upcard sets the knock limit "
                                         "(G16): say which card was turned up")
        if upcard.rank == 1:
            return 1 if self.ace == "1" else 0
        return min(upcard.rank, 10)

    def doubles(self, upcard: Card | None) -> bool:
        """Whether a hand dealt with this upcard scores double (G17: a spade upcard, where
        the upcard sets the limit and ``spade`` is on)."""
        return (self.spade and self.upcard_sets_limit and upcard is not None
                and upcard.suit is Suit.SPADES)

    def problem(self) -> tuple[str, str] | None:
        """The option that makes these rules unplayable, and why.

        >>> from dataclasses import replace
        >>> GIN.problem() is None, replace(GIN, knock=11).problem()
        (True, ('knock', 'the knock limit is 0 to 10 (0: gin only), not 11'))
        """
        choices = {"tie": TIES, "shutout": SHUTOUTS, "dealer": DEALERS, "ace": ACES,
                   "wall": WALLS, "scoring": SCORINGS}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                return name, (f"'{name}' is {' or '.join(allowed)}, not "
                              f"{written(getattr(self, name))}")
        if self.knock is not None and not 0 <= self.knock <= 10:
            return "knock", f"the knock limit is 0 to 10 (0: gin only), not {self.knock}"
        for name in ("gin", "undercut", "box", "game_bonus", "big_gin"):
            value = getattr(self, name)
            if value is not None and value < 0:
                return name, f"'{name}' cannot be negative ({value})"
        if self.target < 1:
            return "target", f"the target must be at least 1 ({self.target})"
        if self.spade_box not in (1, 2):
            return "spade_box", f"'spade_box' is 1 or 2, not {self.spade_box}"
        if self.game == "oklahoma" and self.knock is not None:
            return "knock", "in Oklahoma the upcard sets the knock limit (G16): no 'knock' rule"
        return None

    def with_house_rules(self, typed: dict[str, str]) -> GinRules:
        """These rules with options changed as typed (``{"undercut": "10"}``).

        >>> GIN.with_house_rules({"big-gin": "off", "undercut": "10"}).big_gin is None
        True
        """
        return READER.changed(self, typed)

    def differences(self) -> dict[str, tuple[Any, Any]]:
        """The options that differ from this game's preset: ``{name: (in force, preset)}``."""
        return differences(self, find_preset(self.game))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GinRules:
        """Rules from the ledger's plain data: the preset named by ``game``, then every option
        given; unknown options or wrong kinds raise :class:`GinRuleError`."""
        base = find_preset(str(data.get("game", "gin")))
        return plain_rules(base, data, error=GinRuleError, unknown="unknown Gin option {key!r}",
                           wrong="Gin option {key!r} cannot be {value}",
                           optional=frozenset({"knock", "big_gin"}))


OFF = ("off", "none", "no")
# how --rule NAME=VALUE reads here: a switch on or off, a text option any word (checked by
# GinRules.problem), a figure digits only; big_gin may be off, the knock limit not
READER = RuleReader(
    error=GinRuleError, label="'{name}'", typed_raw=False, free_text=True,
    yes_or_no="'{name}' is on or off, not {typed!r}",
    words={"big_gin": dict.fromkeys(OFF)},
    refused={"knock": (OFF, "the knock limit is a number 0 to 10 (0: gin only)")},
    digits={"big_gin": "'big_gin' is the bonus for big gin, or off, not {typed!r}"},
    unknown="there is no Gin option {typed!r}: {hint}the options are {known}")
# how its figures read: on and off; a knock limit of None is the upcard's (G16), a big gin
# bonus of None is off
FIGURE_WORDS = FigureWords(yes_no=("on", "off"), none={"knock": "upcard", "big_gin": "off"},
                           none_text={"knock": "the upcard's value", "big_gin": "off"},
                           none_said={"knock": "the upcard's"})


GIN = GinRules()
CLASSIC = GinRules(game="classic", gin=20, undercut=10, big_gin=None, box=20,
                   shutout="plus100")
OKLAHOMA = GinRules(game="oklahoma", knock=None, target=150, spade=True)
PRESETS = {"gin": GIN, "classic": CLASSIC, "oklahoma": OKLAHOMA}


def find_preset(name: str) -> GinRules:
    """The preset called ``name`` (gin, classic, oklahoma)."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise GinRuleError("game", f"no Gin game called {name!r}: the presets are "
                                   f"{', '.join(PRESETS)}") from None
