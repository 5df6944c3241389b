"""The rules in force, as data: every figure of the rulebook lives here and nowhere else.

A house rule or a sibling game is a new :class:`Rules` value, not new branches in the code.

>>> MANIPULATION_RUMMY.target, MANIPULATION_RUMMY.knock_limit
(150, 5)
>>> MANIPULATION_RUMMY.decks_for(2), MANIPULATION_RUMMY.decks_for(4)
(1, 2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ...house_rules import RuleError as RuleError  # part of this module's face
from ...house_rules import RuleReader, differences, plain_rules


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every figure the referee and the scorekeeper use."""

    game: str = "manipulation-rummy"
    # R1, R2, R3
    min_players: int = 2
    max_players: int = 5
    one_deck_up_to: int = 2  # players; more players use two decks
    hand_size: int = 10
    # R7-R9
    min_meld: int = 3
    max_group: int = 4
    ace_high: bool = True  # A may follow K (Q-K-A); never K-A-2
    # R5
    max_draws: int = 3  # the last draw forbids melding
    # R16
    joker_points: int = 25
    face_points: int = 10
    ace_points: int = 1
    # R17
    knock_limit: int = 5
    # R21-R23
    undercut_bonus: int = 10
    going_out_bonus: int = 25
    # R24-R26
    target: int = 150
    game_bonus: int = 100
    round_win_bonus: int = 25

    def decks_for(self, players: int) -> int:
        """How many decks a game of ``players`` uses (R2)."""
        return 1 if players <= self.one_deck_up_to else 2

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data, for the ledger."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from plain data; unknown keys or wrong types raise :class:`RummyError`.

        >>> Rules.from_dict({"target": 100}).target
        100
        """
        return plain_rules(MANIPULATION_RUMMY, data, error=RuleError)

    def with_house_rules(self, typed: dict[str, str]) -> Rules:
        """These rules with figures changed as typed (``{"target": "200"}``); refuses an
        unknown name, a value of the wrong kind, or rules that cannot be played.

        >>> MANIPULATION_RUMMY.with_house_rules({"knock-limit": "7", "ace_high": "no"}).knock_limit
        7
        """
        return READER.changed(self, typed)

    def differences(self, book: Rules | None = None) -> dict[str, tuple[Any, Any]]:
        """The figures that differ from the book: ``{name: (in force, book)}``.

        >>> Rules(target=200).differences()
        {'target': (200, 150)}
        """
        return differences(self, book or MANIPULATION_RUMMY)

    def problem_for(self, players: int) -> tuple[str, str] | None:
        """What makes these rules unplayable for ``players`` players, beyond :meth:`problem`.

        >>> Rules(hand_size=30).problem_for(2)
        ('hand_size', '2 hands of 30 cards need 60 cards, but 1 deck holds 53; deal fewer')
        """
        problem = self.problem()
        if problem:
            return problem
        decks = self.decks_for(players)
        cards = decks * 53
        if players * self.hand_size >= cards:  # the stock would be empty before a draw
            unit = "deck holds" if decks == 1 else "decks hold"
            return "hand_size", (f"{players} hands of {self.hand_size} cards need "
                                 f"{players * self.hand_size} cards, but {decks} {unit} "
                                 f"{cards}; deal fewer")
        return None

    def problem(self) -> tuple[str, str] | None:
        """The rule that makes these rules unplayable, and why (a hand-edited ledger).

        >>> Rules(knock_limit=-1).problem()
        ('knock_limit', "rule 'knock_limit' cannot be negative (-1)")
        >>> Rules(min_meld=4, max_group=3).problem()
        ('max_group', "rule 'max_group' (3) cannot be below 'min_meld' (4)")
        """
        for f in fields(self):
            value = getattr(self, f.name)
            if type(value) is int and value < 0:
                return f.name, f"rule {f.name!r} cannot be negative ({value})"
        at_least = {"min_players": 2, "hand_size": 1, "min_meld": 2, "max_draws": 1,
                    "target": 1}
        for name, low in at_least.items():
            if getattr(self, name) < low:
                return name, f"rule {name!r} must be at least {low} ({getattr(self, name)})"
        for small, big in (("min_players", "max_players"), ("min_meld", "max_group")):
            if getattr(self, big) < getattr(self, small):
                return big, (f"rule {big!r} ({getattr(self, big)}) cannot be below "
                             f"{small!r} ({getattr(self, small)})")
        return None


MAX_FIGURE = 999_999_999  # no figure of a card game comes near it
# how --rule NAME=VALUE reads here: every figure a whole number, ace_high yes or no
READER = RuleReader(error=RuleError, hi=MAX_FIGURE, unknown=(
    "there is no rule {typed!r}: {hint}'rummy rules' lists the figures a table may change"))

MANIPULATION_RUMMY = Rules()
# the --game names of Manipulation Rummy: one, the book's figures (its rulebook reads them)
PRESETS = {"manipulation": MANIPULATION_RUMMY}
