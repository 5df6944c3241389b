"""Rummikub's rules in force, as data: every figure and switch of K1-K24 lives here.

Three presets: ``rummikub`` (the publishers' current leaflets), ``rummikub-strict`` (the
older joker rules) and ``rummikub-xp`` (the 160-tile set for up to six). A house rule is
``--rule NAME=VALUE``, a new value of :class:`RummikubRules`, never a new branch elsewhere.

>>> RUMMIKUB.opening, RUMMIKUB.copies, RUMMIKUB.jokers, RUMMIKUB.tiles
(30, 2, 2, 106)
>>> PRESETS["rummikub-xp"].tiles, PRESETS["rummikub-strict"].joker_group
(160, 'both')
>>> RUMMIKUB.with_house_rules({"ones": "high", "joker-points": "50"}).joker_points
50
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ...document import written
from ...house_rules import FigureWords, RuleReader, differences, plain_rules
from ...house_rules import RuleError as RuleError  # part of this module's face

# the switches: each option's values, the first the publishers' (K7, K9, K10, K14-K16, K21, K24)
CHOICES: dict[str, tuple[str, ...]] = {
    "opening_joker": ("value", "zero", "no"),
    "opening_turn": ("alone", "continue"),
    "ones": ("low", "high", "wrap"),
    "joker_free": ("replace", "rearrange"),
    "joker_swap": ("any", "rack"),
    "joker_group": ("either", "both"),
    "freed_joker": ("anywhere", "new-set"),
    "joker_sets": ("open", "locked"),
    "pool_out": ("difference", "rack", "mixed"),
    "winner": ("points", "rounds"),
}
MAX_FIGURE = 999_999  # no figure of a tile game comes near it


@dataclass(frozen=True, kw_only=True)
class RummikubRules:
    """Every figure and switch the tile referee, the solver and the scorekeeper use."""

    game: str = "rummikub"  # the preset the ledger's 'game:' line names
    # K1, K2
    min_players: int = 2
    max_players: int = 4
    copies: int = 2  # of each numbered tile
    jokers: int = 2
    rack: int = 14  # tiles dealt
    # K9, K10
    opening: int = 30  # 0: no opening minimum
    opening_joker: str = "value"
    opening_turn: str = "alone"
    # K7
    ones: str = "low"
    # K14-K16
    joker_free: str = "replace"
    joker_swap: str = "any"
    joker_group: str = "either"
    freed_joker: str = "anywhere"
    joker_sets: str = "open"
    # K19, K21
    joker_points: int = 30
    pool_out: str = "difference"
    # K23, K24: rounds None is one per player (settled when a game starts), 0 no fixed
    # number (then a target is needed); target 0: none
    rounds: int | None = None
    target: int = 0
    winner: str = "points"
    # K4: recorded only
    time_limit: int = 60
    time_penalty: int = 3

    @property
    def tiles(self) -> int:
        """How many tiles the set holds (106, 160 for xp)."""
        return 52 * self.copies + self.jokers

    @property
    def most_rack_points(self) -> int:
        """The worth of every tile of the set: no rack can hold more (788, 1212 for xp)."""
        return 91 * 4 * self.copies + self.jokers * self.joker_points

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data, for the ledger."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RummikubRules:
        """Rules from plain data over the preset named by ``game``; unknown keys, wrong
        types or unplayable rules raise :class:`RuleError`.

        >>> RummikubRules.from_dict({"game": "rummikub-xp", "rounds": 6}).max_players
        6
        """
        name = data.get("game", "rummikub")
        if name not in PRESETS:
            raise RuleError("game", f"{name!r} is not a Rummikub preset "
                                    f"(known: {', '.join(PRESETS)})")
        return plain_rules(PRESETS[name], data, error=RuleError, optional=frozenset({"rounds"}))

    def with_house_rules(self, typed: dict[str, str]) -> RummikubRules:
        """These rules with options changed as typed (``{"ones": "high"}``); refuses an
        unknown name, a value of the wrong kind, or rules that cannot be played."""
        return READER.changed(self, typed)

    def differences(self) -> dict[str, tuple[Any, Any]]:
        """The options that differ from the preset: ``{name: (in force, preset)}``.

        >>> RUMMIKUB.with_house_rules({"ones": "high"}).differences()
        {'ones': ('high', 'low')}
        """
        return differences(self, PRESETS.get(self.game, RUMMIKUB))

    def problem(self) -> tuple[str, str] | None:
        """The option that makes these rules unplayable, and why.

        >>> RummikubRules(copies=0).problem()
        ('copies', "rule 'copies' must be at least 1 (0)")
        >>> RummikubRules(ones="sideways").problem()
        ('ones', "rule 'ones' is one of low, high, wrap, not 'sideways'")
        """
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                return name, f"rule {name!r} is one of {', '.join(allowed)}, not {written(value)}"
        for f in fields(self):
            value = getattr(self, f.name)
            if type(value) is int and not 0 <= value <= MAX_FIGURE:
                return f.name, f"rule {f.name!r} must be from 0 to {MAX_FIGURE} ({value})"
        for name, low in (("min_players", 2), ("copies", 1), ("rack", 1)):
            if getattr(self, name) < low:
                return name, f"rule {name!r} must be at least {low} ({getattr(self, name)})"
        if self.copies > 8:
            return "copies", f"rule 'copies' can be at most 8 ({self.copies})"
        if self.jokers > 8:
            return "jokers", f"rule 'jokers' can be at most 8 ({self.jokers})"
        if self.max_players < self.min_players:
            return "max_players", (f"rule 'max_players' ({self.max_players}) cannot be below "
                                   f"'min_players' ({self.min_players})")
        if self.rounds == 0 and self.target == 0:
            return "rounds", ("a game needs a number of rounds or a target to end: set "
                              "rounds=N or target=N")
        return None

    def for_players(self, players: int) -> RummikubRules:
        """These rules with the number of rounds settled: one per player unless set.

        >>> RUMMIKUB.for_players(3).rounds, RummikubRules(rounds=5).for_players(3).rounds
        (3, 5)
        """
        return self if self.rounds is not None else replace(self, rounds=players)

    def problem_for(self, players: int) -> tuple[str, str] | None:
        """What makes these rules unplayable for ``players`` players.

        >>> RUMMIKUB.problem_for(4)
        >>> RUMMIKUB.problem_for(5)[1]
        'rummikub is for 2 to 4 players, not 5: rummikub-xp (the 160-tile set) takes up to 6'
        >>> RummikubRules(rack=30).problem_for(4)[1]
        '4 racks of 30 tiles need 120 tiles, but the set holds 106; deal fewer'
        """
        problem = self.problem()
        if problem:
            return problem
        if not self.min_players <= players <= self.max_players:
            bigger = [name for name, preset in PRESETS.items()
                      if preset.max_players >= players > self.max_players]
            more = (f": {bigger[0]} (the {PRESETS[bigger[0]].tiles}-tile set) takes up to "
                    f"{PRESETS[bigger[0]].max_players}" if bigger else "")
            return "max_players", (f"{self.game} is for {self.min_players} to "
                                   f"{self.max_players} players, not {players}{more}")
        if players * self.rack >= self.tiles:
            return "rack", (f"{players} racks of {self.rack} tiles need "
                            f"{players * self.rack} tiles, but the set holds {self.tiles}; "
                            "deal fewer")
        return None


OFF = {"off": 0, "none": 0, "no": 0}
# how --rule NAME=VALUE reads here: the switches by CHOICES, the rest whole numbers
READER = RuleReader(
    error=RuleError, hi=MAX_FIGURE, yes_or_no=None, choices=CHOICES,
    words={"rounds": {**OFF, "players": None}, "target": OFF},  # players: one per player
    unknown=("there is no Rummikub rule {typed!r}: {hint}'rummy rules --figures --game "
             "rummikub' lists them"))
# how its figures read: rounds None is one per player (K23), a target or rounds of 0 none
FIGURE_WORDS = FigureWords(none={"rounds": "players"}, none_text={"rounds": "one per player"},
                           none_said={"rounds": "one per player"},
                           zero_off=frozenset({"target", "rounds"}))


RUMMIKUB = RummikubRules()
PRESETS: dict[str, RummikubRules] = {
    "rummikub": RUMMIKUB,
    "rummikub-strict": replace(RUMMIKUB, game="rummikub-strict", joker_swap="rack",
                               joker_group="both", freed_joker="new-set",
                               joker_sets="locked", time_limit=120),
    "rummikub-xp": replace(RUMMIKUB, game="rummikub-xp", max_players=6, copies=3, jokers=4),
}
