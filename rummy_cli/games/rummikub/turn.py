"""The Rummikub turn referee (K8-K16, the opening K9-K10): every violation of one turn.

Only the tables before and after the turn are judged (K12's D). Undeclared jokers are read at
their most favourable reading, before and after, a set's jokers jointly (settled point 1).

>>> from ...tiles import parse_tile_table, parse_tiles
>>> v = judge_turn(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O 11B 12B 2R"),
...                parse_tile_table("5O 6O 7O / 3K 4K 5K / 11B 12B JK"))
>>> v.legal, [str(t) for t in v.played]
(True, ['11B', '12B', '6O'])
>>> v = judge_turn(parse_tile_table("5O JK 7O / 3K 4K 5K"), parse_tiles("6O 11B 12B 2R"),
...                parse_tile_table("5O 6O 7O / 3K 4K 5K"))
>>> [x.code for x in v.violations]
['card-removed']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ...errors import UnusableInputError
from ...tiles import (
    AnyTile,
    Tile,
    TileJoker,
    TileTable,
    check_tile_copies,
    format_tiles,
    joker_count,
    real_tiles,
    tile_sort_key,
)
from .jokers import joker_problems, set_key
from .rules import RUMMIKUB, RummikubRules
from .sets import SetVerdict, Violation, best_value, judge_set, readings

ILLEGAL_MELD = "illegal-meld"
CARD_REMOVED = "card-removed"
NOT_IN_HAND = "not-in-hand"
NOTHING_PLAYED = "nothing-played"
OPENING_TOO_LOW = "opening-too-low"
OPENING_USED_TABLE = "opening-used-table"
OPENING_JOKER = "opening-joker"  # opening_joker=no: an extension of the contract's codes


@dataclass(frozen=True)
class TurnVerdict:
    """The referee's verdict on one Rummikub turn."""

    violations: tuple[Violation, ...]
    played: tuple[AnyTile, ...]  # tiles from the rack now on the table
    hand_after: tuple[AnyTile, ...]  # the rack after the play
    hand_points: int  # its worth (K19)
    sets: tuple[SetVerdict, ...]  # the table after the turn, set by set
    melded: bool  # False when the table is as it was (the player drew, K3)
    opening_value: int | None  # with ``initial``: the best worth of sets of played tiles

    @property
    def legal(self) -> bool:
        """True when no rule was broken."""
        return not self.violations

    @property
    def goes_out(self) -> bool:
        """A legal play that empties the rack ends the round (K17)."""
        return self.legal and self.melded and not self.hand_after


def rack_points(tiles: Sequence[AnyTile], rules: RummikubRules = RUMMIKUB) -> int:
    """A rack's worth: its numbers, a joker ``joker_points`` (K19).

    >>> from ...tiles import parse_tiles
    >>> rack_points(parse_tiles("JK 5R 12B"))
    47
    """
    return sum(t.number if isinstance(t, Tile) else rules.joker_points for t in tiles)


def validate_start(before: TileTable, rack: Sequence[AnyTile], rules: RummikubRules) -> None:
    """Refuse what cannot be judged: a declared joker in the rack, more tiles than the set
    holds in ``before`` and the rack, an illegal table before the turn."""
    declared = [t for t in rack if isinstance(t, TileJoker) and t.stands_for is not None]
    if declared:
        raise UnusableInputError(
            f"{declared[0]} is in the rack: a joker in a rack stands for nothing yet; write JK")
    too_many = check_tile_copies([t for s in before for t in s] + list(rack),
                                 rules.copies, rules.jokers)
    if too_many:
        raise UnusableInputError("the table before the turn and the rack hold more tiles than "
                                 "the set: " + "; ".join(too_many))
    for number, tiles in enumerate(before, 1):
        verdict = judge_set(tiles, rules)
        if not verdict.legal:
            raise UnusableInputError(
                f"the table before the turn is not legal: set {number} ({format_tiles(tiles)}): "
                + "; ".join(p.message for p in verdict.problems))


def judge_turn(before: TileTable, rack: Sequence[AnyTile], after: TileTable, *,
               rules: RummikubRules = RUMMIKUB, initial: bool = False) -> TurnVerdict:
    """Judge one turn: the table before it, the rack before the play, the proposed table.

    ``initial``: the player has not opened yet (K9, K10). Raises
    :class:`UnusableInputError` for input that cannot be judged.
    """
    validate_start(before, rack, rules)
    before_tiles = [t for s in before for t in s]
    after_tiles = [t for s in after for t in s]
    before_real, after_real, rack_real = (real_tiles(before_tiles), real_tiles(after_tiles),
                                          real_tiles(rack))
    verdicts = tuple(judge_set(s, rules) for s in after)
    violations: list[Violation] = []

    # K12b, K15: nothing leaves the table
    for tile, n in sorted((before_real - after_real).items()):
        violations += [Violation(CARD_REMOVED, "K12b", (
            f"{tile} was on the table before the turn and is not on it now: a tile never goes "
            "back to a rack"))] * n
    jokers_before, jokers_after = joker_count(before_tiles), joker_count(after_tiles)
    removed = max(0, jokers_before - jokers_after)
    violations += [Violation(CARD_REMOVED, "K15", (
        "a joker was on the table before the turn and is not on it now: a freed joker must "
        "be played again in the same turn"))] * removed

    # K3: what is new on the table comes from the rack
    played: list[AnyTile] = []
    for tile, n in sorted((after_real - before_real).items()):
        have = rack_real[tile]
        played += [tile] * min(n, have)
        if n > have:
            held = "is not in the rack" if not have else f"the rack holds only {have}"
            times = "" if n == 1 else f" {n} times"
            violations.append(Violation(NOT_IN_HAND, "K3",
                                        f"{tile} is new on the table{times} but {held}"))
    new_jokers, rack_jokers = max(0, jokers_after - jokers_before), joker_count(rack)
    played += [TileJoker()] * min(new_jokers, rack_jokers)
    if new_jokers > rack_jokers:
        what = "a joker is" if new_jokers == 1 else f"{new_jokers} jokers are"
        violations.append(Violation(NOT_IN_HAND, "K3", (
            f"{what} new on the table but the rack holds "
            f"{f'only {rack_jokers}' if rack_jokers else 'none'}")))

    changed = Counter(map(set_key, before)) != Counter(map(set_key, after))
    if changed and not played:  # K12a asks for a tile from the rack, not one from nowhere
        what = ("no tile came from the rack (the tiles new on the table are not in it)"
                if after_real - before_real or new_jokers else
                "the table was rearranged but no tile came from the rack")
        violations.append(Violation(NOTHING_PLAYED, "K12a", (
            f"{what}: a play adds at least one tile from the rack")))

    # K8: every set after the turn is legal
    for number, verdict in enumerate(verdicts, 1):
        violations += [Violation(p.code, p.rule, f"set {number} ({format_tiles(verdict.tiles)})"
                                                 f": {p.message}") for p in verdict.problems]

    opening_value: int | None = None
    if initial:
        opening_value = opening_worth(after, played, rules)
        if changed:
            violations += _opening_problems(before, after, played, opening_value, rules)
    if changed and not (initial and rules.opening_turn == "alone"):
        violations += joker_problems(before, after, verdicts, played, removed, rules)

    hand_after = _without(rack, played)
    return TurnVerdict(tuple(violations), tuple(sorted(played, key=tile_sort_key)),
                       tuple(sorted(hand_after, key=tile_sort_key)),
                       rack_points(hand_after, rules), verdicts, changed, opening_value)


def _without(tiles: Sequence[AnyTile], taken: Sequence[AnyTile]) -> list[AnyTile]:
    left = list(tiles)
    for t in taken:
        for i, c in enumerate(left):
            if c == t or (isinstance(c, TileJoker) and isinstance(t, TileJoker)):
                del left[i]
                break
    return left


# --- the opening (K9, K10) --------------------------------------------------------------

def opening_set_value(tiles: Sequence[AnyTile], rules: RummikubRules) -> int | None:
    """What a set counts in an opening (K9, ``opening_joker``); None if it is no set or,
    under ``opening_joker=no``, holds a joker."""
    found = readings(tiles, rules)
    if not found:
        return None
    if rules.opening_joker == "value":
        return best_value(found)
    if rules.opening_joker == "no" and joker_count(tiles):
        return None
    return sum(t.number for t in tiles if isinstance(t, Tile))


def opening_worth(after: TileTable, played: Sequence[AnyTile], rules: RummikubRules) -> int:
    """The best worth of new sets made only of played tiles (settled point 11: the best
    subset). Under ``opening_turn=alone`` they are the sets of the table after the turn;
    under ``continue`` the played tiles need only include them (settled point 2), wherever
    the rest of the turn put those tiles."""
    if rules.opening_turn == "continue":
        from .packing import pack

        found = pack(played, 0, rules, joker_worth=rules.opening_joker, by_value=True)
        return 0 if found is None else found.value
    have = Counter(set_key(played))
    candidates = []
    for s in after:
        value = opening_set_value(s, rules)
        need = Counter(set_key(s))
        if value is not None and not need - have:
            candidates.append((value, need))
    candidates.sort(key=lambda c: -c[0])
    if len(candidates) > 14:  # more sets than anyone lays in one turn: take them greedily
        total, left = 0, Counter(have)
        for value, need in candidates:
            if not need - left:
                total, left = total + value, left - need
        return total
    best = 0
    for size in range(len(candidates), 0, -1):
        for chosen in combinations(candidates, size):
            used: Counter[str] = Counter()
            for _, need in chosen:
                used += need
            if not used - have:
                best = max(best, sum(v for v, _ in chosen))
    return best


def _opening_problems(before: TileTable, after: TileTable, played: Sequence[AnyTile],
                      worth: int, rules: RummikubRules) -> list[Violation]:
    problems: list[Violation] = []
    if rules.opening_turn == "alone":
        gone = Counter(map(set_key, before)) - Counter(map(set_key, after))
        if gone:
            shown = []
            for tiles in before:
                if gone[set_key(tiles)] > 0:
                    gone[set_key(tiles)] -= 1
                    shown.append(format_tiles(tiles))
            problems.append(Violation(OPENING_USED_TABLE, "K10", (
                "a player who has not opened may only lay new sets of their own tiles: the "
                f"table's sets must stay as they were (changed: {'; '.join(shown)})")))
    if worth < rules.opening:
        joker = {"zero": " (jokers count 0)", "no": " (sets with a joker do not count)"}.get(
            rules.opening_joker, "")
        problems.append(Violation(OPENING_TOO_LOW, "K9", (
            f"an opening needs new sets of the player's own tiles worth at least "
            f"{rules.opening}; these are worth {worth}{joker}")))
    if rules.opening_joker == "no" and joker_count(played):
        problems.append(Violation(OPENING_JOKER, "K9", (
            "no joker may be played in an opening (the rule opening_joker=no)")))
    return problems


# --- the jokers (K14-K16) ---------------------------------------------------------------


