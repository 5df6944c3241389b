"""Dropping states the search never needs: those another state beats in every way.

A state of the search (:mod:`.dp`) beats another when, with the same cards kept
for the rank's groups, its open runs are at least as good in every suit
(:func:`runs_at_least`), it used no more jokers (when spare jokers are added at the end,
see :func:`.dp.solve`), and it reaches each way of keeping aces with no less
score, way by way (a state often reaches its ways with different scores, as an ace kept
for the top scores at once). Whatever finishes the beaten state then finishes the other,
at least as well.

Comparing every pair would be slow, so the check is done with bit sets, one bit per
state: for each property, the set of states good enough for it, and a state is beaten
when the sets for it meet in some other state. Two tests on scores are cheap that way
too: a rival reaches at least the best score of a state, and at least as many ways of
keeping aces. The scores themselves come last, compared with each rival left one by
one: a table of scores by way for every state costs more than that (with aces kept for
the top, a state reaches many ways), unless many rivals are left.
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
    everyone = (1 << n) - 1
    tests: list[tuple[list[Any], dict[Any, int]]] = []  # (key of each state, rivals by key)
    for keys in suits:
        tests.append((keys, _at_least(keys, better_runs)))
    tests.append((groups, _bit_sets(n, groups)))
    tests.append((jokers, _bit_sets(n, jokers) if jokers_matter
                  else _at_least(jokers, lambda a, b: a <= b)))
    # what scores alone rule out: a rival reaches the best score of a state, and as many
    # ways of keeping aces (necessary, and cheap to test before the scores way by way)
    entries = [layer[st] for st in states]
    tests.append(([max(e) for e in entries], _at_least_number(n, [max(e) for e in entries])))
    reach = [_union(e) for e in entries]
    tests.append((reach, _at_least_number(n, reach)))
    # a test every state passes for every key tells nothing
    tests = [(keys, rivals) for keys, rivals in tests
             if any(bits != everyone for bits in rivals.values())]
    scoring: dict[int, dict[int, int]] | None = None  # built only when needed
    beaten = []
    for i in range(n):
        rivals = everyone & ~(1 << (n - 1 - i))
        for keys, rivals_by_key in tests:
            rivals &= rivals_by_key[keys[i]]
            if not rivals:
                break
        else:
            mine = layer[states[i]]
            if rivals.bit_count() <= FEW_RIVALS:  # one by one costs less than the table
                while rivals:
                    top = rivals.bit_length() - 1
                    if _scores_at_least(layer[states[n - 1 - top]], mine):
                        beaten.append(states[i])
                        break
                    rivals ^= 1 << top
                continue
            if scoring is None:
                scoring = _scoring_at_least_by_way(n, [layer[st] for st in states])
            for score, ways in mine.items():
                while ways and rivals:
                    way = ways & -ways
                    rivals &= scoring[way][score]
                    ways ^= way
            if rivals:
                beaten.append(states[i])
    for st in beaten:  # a beaten state's best rival is never beaten itself
        del layer[st]


FEW_RIVALS = 512  # rivals left after the other tests that are compared score by score


def _scores_at_least(rival: dict[int, int], mine: dict[int, int]) -> bool:
    """Does ``rival`` (score -> ways) reach every way of ``mine`` with no less score?"""
    for score, ways in mine.items():
        reached = 0
        for other, other_ways in rival.items():
            if other >= score:
                reached |= other_ways
        if ways & ~reached:
            return False
    return True


def _union(scores: dict[int, int]) -> int:
    """How many ways of keeping aces a state reaches, with any score."""
    ways = 0
    for bits in scores.values():
        ways |= bits
    return ways.bit_count()


def _at_least_number(n: int, keys: Sequence[int]) -> dict[int, int]:
    """For each number, the positions whose number is at least as large."""
    sets = _bit_sets(n, keys)
    out = {}
    bits = 0
    for key in sorted(sets, reverse=True):
        bits |= sets[key]
        out[key] = bits
    return out


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


def _scoring_at_least_by_way(n: int, scores: list[dict[int, int]]) -> dict[int, dict[int, int]]:
    """For each way (a bit) and each score it has somewhere, the positions reaching that
    way with at least that score.

    A rival must match a state way by way: a way it lacks counts as no score at all.
    """
    by_way: dict[int, dict[int, int]] = {}
    for i, entries in enumerate(scores):
        position = 1 << (n - 1 - i)
        for score, ways in entries.items():
            while ways:
                way = ways & -ways
                at = by_way.setdefault(way, {})
                at[score] = at.get(score, 0) | position
                ways ^= way
    out: dict[int, dict[int, int]] = {}
    for way, at in by_way.items():
        cumulative = 0
        table = out[way] = {}
        for score in sorted(at, reverse=True):
            cumulative |= at[score]
            table[score] = cumulative
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
