"""How fast is the solver? Times `best_play` in process and `rummy hint` as a command.

    python -m benchmarks.bench_solver            # 200 positions of each set
    python -m benchmarks.bench_solver --smoke    # a few positions, for CI

Three sets: the typical one (tables of 20-100 cards, hands of 7-20), an adversarial one
(dense tables, hands of 20-45 cards, both jokers in play most of the time, the positions
that once took seconds and variants of the first of them) and, as a whole command,
`rummy hint` on the hardest.

When the PyPI package ``rummikub-solver`` can be imported (install it in a separate
virtual environment, with its GLPK and HiGHS backends: ``pip install
'rummikub-solver[glpk-mi,highs]'``), it is timed on the same typical positions, each of
its backends, where its rules and ours agree: the ace only low (our rules set to match,
``ace_high=False``) and no joker on the table (a table joker is always free in
Rummikub, while here it keeps its declaration unless the real card joins the table,
R14). ``benchmarks.crosscheck_rummikub`` compares the answers on many more positions.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from benchmarks.positions import HARD, Position, adversarial, near_hard, positions
from rummy_cli.cards import Card, Joker, Suit, format_cards, format_table
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules
from rummy_cli.solver import best_play

TARGET_MEDIAN_MS = 10.0
TARGET_P99_MS = 100.0
TARGET_COMMAND_MS = 300.0
TARGET_HARD_MS = {30: 500.0, 45: 3000.0}  # hands up to 30 cards, and up to 45: the max
TARGET_HARD_COMMAND_MS = 1000.0
TYPICAL = {"table_cards": (20, 100), "hand_cards": (7, 20)}


@dataclass(frozen=True)
class Timing:
    """Times in milliseconds, and what each run returned."""

    times: tuple[float, ...]
    results: tuple[int, ...]

    def summary(self) -> str:
        return (f"median {self.median:7.2f} ms   p99 {self.p99:8.2f} ms   "
                f"max {max(self.times):8.2f} ms   (n={len(self.times)})")

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def p99(self) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def time_each(run: Callable[[Position], int], cases: Sequence[Position]) -> Timing:
    """Run once per position; the result of each run is a number of cards played."""
    times: list[float] = []
    results: list[int] = []
    for p in cases:
        start = time.perf_counter()
        results.append(run(p))
        times.append((time.perf_counter() - start) * 1000)
    return Timing(tuple(times), tuple(results))


def ours(rules: Rules) -> Callable[[Position], int]:
    def run(p: Position) -> int:
        play = best_play(p.table, p.hand, rules=rules)
        return 0 if play is None else play.cards_played
    return run


def bench_in_process(n: int, seed: int) -> None:
    print("== best_play in process ==")
    target = list(positions(n, seed, table_cards=(20, 80), hand_cards=(14, 14)))
    wide = list(positions(n, seed + 100_000, **TYPICAL))  # type: ignore[arg-type]
    for name, cases in (("tables 20-80 cards, hands of 14", target),
                        ("tables 20-100 cards, hands of 7-20 (typical)", wide)):
        timing = time_each(ours(MANIPULATION_RUMMY), cases)
        print(f"{name}:\n  {timing.summary()}")
        _slowest(timing, cases)
        if cases is target and n >= 100:  # too few positions say nothing of a p99
            ok = timing.median < TARGET_MEDIAN_MS and timing.p99 < TARGET_P99_MS
            print(f"  target median < {TARGET_MEDIAN_MS:g} ms and p99 < {TARGET_P99_MS:g} ms: "
                  f"{'met' if ok else 'NOT met'}")


def bench_adversarial(n: int, seed: int) -> None:
    print("== best_play in process, adversarial: hands of 20-45 cards, jokers ==")
    cases = [*HARD, *(adversarial(seed + 300_000 + i) for i in range(n)),
             *(near_hard(seed + 400_000 + i) for i in range(n))]
    timing = time_each(ours(MANIPULATION_RUMMY), cases)
    print(f"all {len(cases)}:\n  {timing.summary()}")
    _slowest(timing, cases)
    for upto, target in TARGET_HARD_MS.items():
        times = [t for t, p in zip(timing.times, cases) if len(p.hand) <= upto]
        ok = max(times) < target
        print(f"  hands up to {upto} cards ({len(times)}): max {max(times):.1f} ms, target "
              f"< {target:g} ms: {'met' if ok else 'NOT met'}")


def _slowest(timing: Timing, cases: Sequence[Position]) -> None:
    worst = sorted(zip(timing.times, cases), key=lambda tc: -tc[0])[:3]
    print("  slowest: " + ", ".join(
        f"seed {p.seed} ({p.table_size} on table, {len(p.hand)} in hand, "
        f"{p.table_jokers} table jokers): {t:.1f} ms" for t, p in worst))


def bench_command(runs: int, seed: int) -> None:
    print("== the whole command: rummy hint ==")
    exe = _rummy_command()
    if exe is None:
        print("  skipped: no `rummy` command next to this Python or on PATH")
        return
    probe = subprocess.run([exe, "hint", "--help"], capture_output=True, text=True)
    if probe.returncode != 0:
        print("  skipped: `rummy hint` is not there yet")
        return
    times: list[float] = []
    for p in positions(runs, seed, table_cards=(20, 80), hand_cards=(14, 14)):
        args = [exe, "hint", "--table", format_table(p.table), "--hand", format_cards(p.hand)]
        start = time.perf_counter()
        done = subprocess.run(args, capture_output=True, text=True)
        times.append((time.perf_counter() - start) * 1000)
        if done.returncode not in (0, 1):
            print(f"  seed {p.seed}: exit {done.returncode}: {done.stderr.strip()}")
    median = statistics.median(times)
    print(f"  median {median:.1f} ms over {len(times)} runs (max {max(times):.1f} ms)")
    print(f"  target median < {TARGET_COMMAND_MS:g} ms: "
          f"{'met' if median < TARGET_COMMAND_MS else 'NOT met'}")
    for p in HARD:
        hard = []
        for by in ("cards", "points"):
            args = [exe, "hint", "--table", format_table(p.table), "--hand",
                    format_cards(p.hand), "--by", by]
            start = time.perf_counter()
            subprocess.run(args, capture_output=True, text=True)
            hard.append((time.perf_counter() - start) * 1000)
        target = TARGET_HARD_COMMAND_MS if len(p.hand) <= 30 else TARGET_HARD_MS[45]
        print(f"  the hard position with {len(p.hand)} cards in hand: --by cards "
              f"{hard[0]:.0f} ms, --by points {hard[1]:.0f} ms; target < {target:g} ms: "
              f"{'met' if max(hard) < target else 'NOT met'}")


def _rummy_command() -> str | None:
    """The `rummy` script of this Python's environment (active or not), else PATH's."""
    beside = Path(sys.executable).parent / ("rummy.exe" if sys.platform == "win32" else "rummy")
    return str(beside) if beside.is_file() else shutil.which("rummy")


# -- rummikub-solver, for comparison

_COLOURS = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


class Rummikub:
    """rummikub-solver set up for our cards: 13 numbers, 4 colours, 2 copies, 2 jokers."""

    def __init__(self, module: Any, backend: Any = None) -> None:
        self.m = module
        self.rules = module.RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3,
                                    solver_backend=backend)
        self.joker = self.rules.tile_count  # the last tile number is the joker

    def tile(self, card: Card | Joker) -> int:
        if isinstance(card, Joker):
            return int(self.joker)
        return _COLOURS[card.suit] * 13 + card.rank

    def __call__(self, p: Position) -> int:
        state = self.rules.new_game()
        state.add_table(*(self.tile(c) for m in p.table for c in m))
        state.add_rack(*(self.tile(c) for c in p.hand))
        state.initial = False
        solution = self.rules.solve(state, self.m.SolverMode.TILE_COUNT)
        return 0 if solution is None else len(solution.tiles)


def rummikub_backends() -> list[tuple[str, Rummikub]]:
    """rummikub-solver with each of the backends installed: GLPK, HiGHS; none if absent."""
    try:
        module = importlib.import_module("rummikub_solver")
    except ImportError:
        return []
    found = []
    for name in ("GLPK_MI", "HIGHS"):
        backend = getattr(module.MILPSolver, name, None)
        if backend is not None and backend in module.MILPSolver.supported():
            found.append((name, Rummikub(module, backend)))
    return found or [("default", Rummikub(module))]


def agreeing_positions(n: int, seed: int) -> list[Position]:
    """Typical positions where Rummikub's rules and ours agree: ace low, no table joker."""
    return [p for p in positions(n, seed, ace_high=False, jokers=(0, 2),
                                 **TYPICAL)  # type: ignore[arg-type]
            if p.table_jokers == 0]


ACE_LOW = replace(MANIPULATION_RUMMY, ace_high=False)


def bench_rummikub(n: int, seed: int) -> None:
    print("== against rummikub-solver (ace only low, no joker on the table) ==")
    backends = rummikub_backends()
    if not backends:
        print("  skipped: rummikub-solver is not installed (pip install rummikub-solver, "
              "in a separate virtual environment)")
        return
    cases = agreeing_positions(n, seed + 200_000)
    mine = time_each(ours(ACE_LOW), cases)
    print(f"  ours:          {mine.summary()}")
    for name, theirs in backends:
        theirs(cases[0])  # warm up their solver (it builds its problems once)
        them = time_each(theirs, cases)
        print(f"  theirs, {name + ':':7s}{them.summary()}")
        faster = mine.median < them.median and max(mine.times) < max(them.times)
        print(f"    ours below theirs in median and max: {'yes' if faster else 'NO'} "
              f"(median {them.median / mine.median:.1f}x, "
              f"max {max(them.times) / max(mine.times):.1f}x)")
        _agreement(cases, mine.results, them.results)


def _agreement(cases: Sequence[Position], mine: Sequence[int], them: Sequence[int]) -> None:
    same = sum(1 for a, b in zip(mine, them) if a == b)
    print(f"    same number of cards played: {same} of {len(cases)}")
    for p, a, b in zip(cases, mine, them):
        if a != b:
            why = ("ours more: their list of sets leaves out some sets with jokers"
                   if a > b else "THEIRS MORE: a bug of ours")
            print(f"      seed {p.seed}: ours {a}, theirs {b} - {why}")
            print(f"        --table '{format_table(p.table)}' --hand '{format_cards(p.hand)}'")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="positions to time")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--runs", type=int, default=5, help="runs of the whole command")
    parser.add_argument("--smoke", action="store_true", help="a tiny run, for CI")
    args = parser.parse_args()
    n, runs = (5, 2) if args.smoke else (args.n, args.runs)
    bench_in_process(n, args.seed)
    bench_adversarial(n, args.seed)
    bench_command(runs, args.seed)
    bench_rummikub(n, args.seed)


if __name__ == "__main__":
    main()
