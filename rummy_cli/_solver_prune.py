"""Dropping states the search never needs: those another state beats in every way.

A state of the search (:mod:`._solver_dp`) beats another when, with the same cards kept
for the rank's groups, its open runs are at least as good in every suit
(:func:`runs_at_least`), it used no more jokers (when spare jokers are added at the end,
see :func:`._solver_dp.solve`), and it reaches each way of keeping aces with no less
score. Whatever finishes the beaten state then finishes the other, at least as well.

Comparing every pair would be slow, so the check is done with bit sets, one bit per
state: for each property, the set of states good enough for it, and a state is beaten
when the sets for it meet in some other state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any


@cache
def runs_at_least(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Are the open runs ``a`` (counts by length) at least as good as ``b`` for the future?

    True when each run of ``b`` can be matched to its own run of ``a`` at least as long,
    and the runs of ``a`` left over are long (they may simply end). By Hall's condition:
    ``a`` has as many runs, and no more runs of length <= t, for every short t.

    >>> runs_at_least((1, 0, 1), (1, 0, 0)), runs_at_least((1, 0, 0), (0, 0, 1))
    (True, False)
    """
    if sum(a) < sum(b):
        return False
    shorter_a = shorter_b = 0
    for count_a, count_b in zip(a[:-1], b[:-1]):
        shorter_a += count_a
        shorter_b += count_b
        if shorter_a > shorter_b:
            return False
    return True


def unbeaten(
    layer: dict[Any, dict[int, int]],
    columns: Callable[[list[Any]], list[list[int]]],
    better_runs: Callable[[int, int], bool],
    jokers_matter: bool,
) -> None:
    """Remove from ``layer`` (state -> {score: ways}) every state another one beats.

    ``columns`` splits the states into six lists: each suit's runs, the groups part and
    the jokers used; ``better_runs(a, b)`` compares two suits' runs. With
    ``jokers_matter`` the jokers used must be equal. A property all states share is
    left out.
    """
    states = list(layer)
    n = len(states)
    if n < 2:
        return
    *suits, groups, jokers = columns(states)
    lows, highs, ways = [], [], []
    for state in states:
        scores = layer[state]
        if len(scores) == 1:
            (score, bits), = scores.items()
            lows.append(score)
            highs.append(score)
            ways.append(bits)
            continue
        lows.append(min(scores))
        highs.append(max(scores))
        union = 0
        for bits in scores.values():
            union |= bits
        ways.append(union)
    everyone = (1 << n) - 1
    tests: list[tuple[list[Any], dict[Any, int]]] = []  # (key of each state, rivals by key)
    for keys in suits:
        tests.append((keys, _at_least(keys, better_runs)))
    tests.append((groups, _bit_sets(n, groups)))
    tests.append((jokers, _bit_sets(n, jokers) if jokers_matter
                  else _at_least(jokers, lambda a, b: a <= b)))
    if min(lows) != max(highs):
        tests.append((highs, _scoring_at_least(n, lows, highs)))
    way_sets = _bit_sets(n, ways)
    if len(way_sets) > 1:
        tests.append((ways, _holding_all(way_sets, everyone)))
    # a test every state passes for every key tells nothing
    tests = [(keys, rivals) for keys, rivals in tests
             if any(bits != everyone for bits in rivals.values())]
    beaten = []
    for i in range(n):
        rivals = everyone & ~(1 << (n - 1 - i))
        for keys, rivals_by_key in tests:
            rivals &= rivals_by_key[keys[i]]
            if not rivals:
                break
        else:
            beaten.append(states[i])
    for st in beaten:  # a beaten state's best rival is never beaten itself
        del layer[st]


def _bit_sets(n: int, keys: Sequence[Any]) -> dict[Any, int]:
    """For each key, the set of the positions holding it: position i is bit n - 1 - i.

    Each set is written as a string of 0s and 1s by ``bytes.translate`` and read with
    ``int(..., 2)``: both run at C speed.
    """
    if isinstance(keys[0], int) and min(keys) >= 0 and max(keys) < 256:  # bytes as they are
        codes = bytes(keys)
        return {key: int(codes.translate(_ONLY[key]), 2) for key in set(keys)}
    ids: dict[Any, int] = {}
    for key in keys:
        if key not in ids:
            ids[key] = len(ids)
    if len(ids) > 255:
        sets = dict.fromkeys(ids, 0)
        for i, key in enumerate(keys):
            sets[key] |= 1 << (n - 1 - i)
        return sets
    codes = bytes(ids[key] for key in keys)
    return {key: int(codes.translate(_ONLY[code]), 2) for key, code in ids.items()}


_ONLY = [bytes(b"1"[0] if i == code else b"0"[0] for i in range(256)) for code in range(256)]


def _holding_all(way_sets: dict[int, int], everyone: int) -> dict[int, int]:
    """For each set of ways, the positions whose ways include all of them.

    Built one way (bit) at a time: the positions holding way b, then their intersection.
    """
    holders: dict[int, int] = {}
    for ways, positions in way_sets.items():
        rest = ways
        while rest:
            way = rest & -rest
            holders[way] = holders.get(way, 0) | positions
            rest ^= way
    out: dict[int, int] = {}
    for ways in way_sets:
        positions = everyone
        rest = ways
        while rest:
            way = rest & -rest
            positions &= holders[way]
            rest ^= way
        out[ways] = positions
    return out


def _scoring_at_least(n: int, lows: list[int], highs: list[int]) -> dict[int, int]:
    """For each high score, the positions whose low score is at least that."""
    by_low = sorted(_bit_sets(n, lows).items(), reverse=True)
    out: dict[int, int] = {}
    bits = 0
    i = 0
    for high in sorted(set(highs), reverse=True):
        while i < len(by_low) and by_low[i][0] >= high:
            bits |= by_low[i][1]
            i += 1
        out[high] = bits
    return out


def _union(sets: dict[Any, int], keep: Any) -> int:
    out = 0
    for key, bits in sets.items():
        if keep(key):
            out |= bits
    return out


def _at_least(keys: Sequence[Any], better: Callable[[Any, Any], bool]) -> dict[Any, int]:
    """For each key, the positions whose key is at least as good (``better(other, key)``)."""
    sets = _bit_sets(len(keys), keys)
    pairs = list(sets.items())
    out = {}
    for key in sets:
        bits = 0
        for other, other_bits in pairs:
            if other == key or better(other, key):
                bits |= other_bits
        out[key] = bits
    return out
