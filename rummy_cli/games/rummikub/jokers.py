"""The table's jokers in a Rummikub turn (K14-K16): what each stood for before the turn, what
frees it, and the sets a held joker locks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from ...tiles import (
    AnyTile,
    Tile,
    TileJoker,
    TileTable,
    format_tiles,
    joker_count,
    real_tiles,
)
from .rules import RummikubRules
from .sets import SetVerdict, Violation, judge_set

JOKER_CHANGED = "joker-changed"
JOKER_FROM_TABLE = "joker-from-table"


JOKER_GROUP_INCOMPLETE = "joker-group-incomplete"


JOKER_NOT_IN_NEW_SET = "joker-not-in-new-set"


JOKER_SET_BROKEN = "joker-set-broken"


def set_key(tiles: Sequence[AnyTile]) -> tuple[str, ...]:
    """A set as a multiset of tiles, every joker alike (``JK=6R`` is the joker ``JK``)."""
    return tuple(sorted("JK" if isinstance(t, TileJoker) else str(t) for t in tiles))


@dataclass(frozen=True)
class TableJoker:
    """A joker on the table before the turn: what it stood for, and in what set."""

    values: frozenset[Tile]
    set_index: int
    small_group: bool  # in a group of 3 (K16's joker_group=both)


Slot = tuple[frozenset[Tile] | None, bool]  # a joker after the turn: its values, new set?


JOINT_LIMIT = 256  # joint readings tried at most; beyond, each joker is read on its own


def _joint(tiles: Sequence[AnyTile], verdict: SetVerdict) -> list[tuple[Tile, ...]]:
    """The tiles a set's jokers stand for together, one tuple per different reading."""
    seen: dict[tuple[str, ...], tuple[Tile, ...]] = {}
    for r in verdict.found:
        seen.setdefault(tuple(sorted(map(str, r.jokers))), r.jokers)
    return list(seen.values())


def before_jokers(before: TileTable, rules: RummikubRules
                   ) -> tuple[list[list[list[TableJoker]]], list[list[TableJoker]]]:
    """The table's jokers before the turn, set by set: the ways each set's jokers may be
    read together (one joker: every value at once), and each joker read on its own."""
    joint: list[list[list[TableJoker]]] = []
    alone: list[list[TableJoker]] = []
    for i, tiles in enumerate(before):
        n = joker_count(tiles)
        if not n:
            continue
        verdict = judge_set(tiles, rules)
        small = verdict.kind == "group" and len(tiles) == 3 and n == 1
        union = [TableJoker(v, i, small) for v in verdict.joker_values]
        alone.append(union)
        joint.append([union] if n == 1 else [[TableJoker(frozenset({t}), i, small) for t in r]
                                             for r in _joint(tiles, verdict)])
    return joint, alone


def _after_slots(after: TileTable, verdicts: Sequence[SetVerdict], played: Sequence[AnyTile]
                 ) -> tuple[list[list[list[Slot]]], list[list[Slot]]]:
    """Each joker after the turn, set by set, as :func:`before_jokers`: its values (None:
    its set is illegal, so anything) and whether its set holds two or more played tiles
    (a new set in K15's sense)."""
    rack_real = real_tiles(played)
    joint: list[list[list[Slot]]] = []
    alone: list[list[Slot]] = []
    for tiles, verdict in zip(after, verdicts, strict=True):
        n = joker_count(tiles)
        if not n:
            continue
        fresh = sum(min(k, rack_real[t]) for t, k in real_tiles(tiles).items())
        new_set = fresh + min(n, joker_count(played)) >= 2
        if not verdict.legal:
            union: list[Slot] = [(None, new_set)] * n
        else:
            union = [(v, new_set) for v in verdict.joker_values]
        alone.append(union)
        per_reading: list[list[Slot]] = [[(frozenset({t}), new_set) for t in r]
                                      for r in _joint(tiles, verdict)]
        joint.append([union] if n == 1 or not verdict.legal else per_reading)
    return joint, alone


def joker_problems(before: TileTable, after: TileTable, verdicts: Sequence[SetVerdict],
                    played: Sequence[AnyTile], removed: int,
                    rules: RummikubRules) -> list[Violation]:
    """K14-K16: each joker of the table before keeps a value it had, or was freed as the
    rules in force allow. Jokers are alike and a set's jokers are read together: the most
    favourable reading, the one that breaks fewest rules, is taken (settled point 1)."""
    problems: list[Violation] = []
    if rules.joker_sets == "locked":
        problems += broken_sets(before, after, rules)
    before_joint, before_alone = before_jokers(before, rules)
    if not before_alone:
        return problems
    after_joint, after_alone = _after_slots(after, verdicts, played)
    ways = 1
    for options in before_joint + after_joint:
        ways *= len(options)
    if ways > JOINT_LIMIT:
        before_joint = [[union] for union in before_alone]
        after_joint = [[union] for union in after_alone]
    on_table = real_tiles(t for s in after for t in s)
    from_rack = real_tiles(played)
    best: list[Violation] | None = None
    for read_before in product(*before_joint):
        jokers = [j for part in read_before for j in part]
        for read_after in product(*after_joint):
            slots = [x for part in read_after for x in part]
            found = cheapest(jokers, slots, on_table, from_rack, removed, rules)
            if best is None or len(found) < len(best):
                best = found
            if not best:
                return problems
    return problems + (best or [])


def cheapest(jokers: Sequence[TableJoker], slots: Sequence[Slot], on_table: Counter[Tile],
              from_rack: Counter[Tile], removed: int, rules: RummikubRules) -> list[Violation]:
    """The fewest violations with which the table's jokers can have reached these places."""
    costs = [_freed_cost(j, on_table, from_rack, rules) for j in jokers]
    best: list[Violation] | None = None

    def place(i: int, used: frozenset[int], off: int, found: list[Violation]) -> None:
        nonlocal best
        if best is not None and len(found) >= len(best):
            return
        if i == len(jokers):
            best = list(found)
            return
        joker = jokers[i]
        if off < removed:  # this joker left the table: K15's card-removed says so
            place(i + 1, used, off + 1, found)
        # a slot where the joker keeps a value costs nothing: try those first
        order = sorted(range(len(slots)), key=lambda k: not _keeps(slots[k][0], joker))
        for k in order:
            if k in used:
                continue
            values, new_set = slots[k]
            extra: list[Violation] = []
            if not _keeps(values, joker):
                extra = list(costs[i])
                if rules.freed_joker == "new-set" and not new_set:
                    extra.append(Violation(JOKER_NOT_IN_NEW_SET, "K15", (
                        f"the joker that stood for {_values(joker.values)} was freed and must "
                        "be played again in a new set with at least two tiles from the rack "
                        "(the rule freed_joker=new-set)")))
            place(i + 1, used | {k}, off, found + extra)

    place(0, frozenset(), 0, [])
    return best or []


def _keeps(values: frozenset[Tile] | None, joker: TableJoker) -> bool:
    """Whether a joker after the turn may still stand for a tile it stood for before."""
    return values is None or bool(values & joker.values)


def _freed_cost(joker: TableJoker, on_table: Counter[Tile], from_rack: Counter[Tile],
                rules: RummikubRules) -> list[Violation]:
    """What freeing this joker breaks (K14, K16): nothing when a real tile of one of its
    values (both, in a 3-group under joker_group=both) replaced it as the rules allow."""
    if rules.joker_free == "rearrange":
        return []
    what = _values(joker.values)
    need_all = rules.joker_group == "both" and joker.small_group
    source = from_rack if rules.joker_swap == "rack" else on_table

    def freed(where: Counter[Tile]) -> bool:
        hits = [v for v in joker.values if where[v] > 0]
        return len(hits) == len(joker.values) if need_all else bool(hits)

    if freed(source):
        return []
    if need_all and any(on_table[v] for v in joker.values):
        return [Violation(JOKER_GROUP_INCOMPLETE, "K16", (
            f"the joker of a 3-group stood for {what}: it comes free only when both missing "
            "tiles join the group (the rule joker_group=both)"))]
    if rules.joker_swap == "rack" and freed(on_table):
        return [Violation(JOKER_FROM_TABLE, "K14", (
            f"the joker that stood for {what} was freed by a tile from the table: the freeing "
            "tile must come from the rack (the rule joker_swap=rack)"))]
    return [Violation(JOKER_CHANGED, "K14", (
        f"a joker that stood for {what} now stands for another tile, but no real "
        f"{what} is on the table: a joker comes free only when its tile replaces it"))]


def _values(values: frozenset[Tile]) -> str:
    shown = [str(t) for t in sorted(values)]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def broken_sets(before: TileTable, after: TileTable, rules: RummikubRules) -> list[Violation]:
    """K16 ``joker_sets=locked``: a set holding a joker may grow, but not be split or robbed,
    until its joker is freed (its tile takes the joker's place)."""
    problems = []
    after_keys = [Counter(set_key(s)) for s in after]
    for number, tiles in enumerate(before, 1):
        jokers = joker_count(tiles)
        if not jokers:
            continue
        whole = Counter(set_key(tiles))
        if any(not whole - k for k in after_keys):
            continue  # still together, perhaps extended
        reals = Counter(set_key([t for t in tiles if isinstance(t, Tile)]))
        values = {str(v) for v in set().union(*judge_set(tiles, rules).joker_values)}
        if any(not reals - k and any(k[v] > reals[v] for v in values) for k in after_keys):
            continue  # its joker was freed by its tile, the rest kept together
        problems.append(Violation(JOKER_SET_BROKEN, "K16", (
            f"set {number} of the table before ({format_tiles(tiles)}) holds a joker: it may "
            "be extended but not split or robbed until its joker is freed (the rule "
            "joker_sets=locked)")))
    return problems
