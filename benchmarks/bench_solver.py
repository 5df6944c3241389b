"""How fast is the solver? Times `best_play` in process and `rummy hint` as a command.

    python -m benchmarks.bench_solver            # 200 positions of each set
    python -m benchmarks.bench_solver --smoke    # a few positions, for CI

A full run judges every target and exits 1 if one is missed; the smoke run (CI's) is too
small to judge anything and only shows that every part runs, with its figures.

In process, every time is CPU time (``time.process_time``): the machine is shared, and
CPU time is what the load changes least. Whatever is compared is run in turn on each
position, in the same process, so the load falls on both alike; each run's time lasts
until the process is quiet again (HiGHS leaves threads spinning after it returns: they
count for HiGHS, not for whichever solver runs next).

Three sets: the typical one (tables of 20-100 cards, hands of 7-20), an adversarial one
(dense tables, hands of 20-45 cards, both jokers in play most of the time, the positions
that once took seconds, variants of the first of them, and the worst the hill-climb of
``benchmarks.climb`` found) and, as a whole command, `rummy hint` on the hardest.

Then the table side by side: hands of 7, 14 and 20 cards on tables of 20 to 100, each
cell its own positions. When the PyPI package ``rummikub-solver`` can be imported
(install it in a separate virtual environment, with its GLPK and HiGHS backends: ``pip
install 'rummikub-solver[glpk-mi,highs]'``), each of its backends is timed beside ours
where its rules and ours agree: the ace only low (our rules set to match,
``ace_high=False``) and no joker on the table (a table joker is always free in
Rummikub, while here it keeps its declaration unless the real card joins the table,
R14); on the adversarial positions too, made to agree. Else ours is timed alone.
``benchmarks.crosscheck_rummikub`` compares the answers on many more positions.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.positions import (
    CLIMBED,
    HARD,
    Position,
    adversarial,
    near_hard,
    position,
    positions,
)
from rummy_cli.cards import Card, Joker, Suit, format_cards, format_table
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules
from rummy_cli.search.solver import best_play

TARGET_MEDIAN_MS = 10.0
TARGET_P99_MS = 100.0
TARGET_COMMAND_MS = 300.0
TARGET_HARD_MS = {30: 500.0, 45: 1000.0}  # hands up to 30 cards, and up to 45: the max
TARGET_ACE_HIGH = 1.5  # ace high on full tables: at most this many times the ace-low time
TARGET_HARD_COMMAND_MS = {30: 1000.0, 45: 3000.0}
TYPICAL = {"table_cards": (20, 100), "hand_cards": (7, 20)}


@dataclass(frozen=True)
class Timing:
    """CPU times in milliseconds, and what each run returned."""

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
    return time_side_by_side([run], cases)[0]


def time_side_by_side(runs: Sequence[Callable[[Position], int]],
                      cases: Sequence[Position]) -> list[Timing]:
    """Each run on each position, in turn: position by position, every run.

    The garbage one run leaves is collected before the next starts, outside the time:
    else a run pays for the collection of the objects the run before it made (the
    integer programs make many), and the one timed after them looks slower than it is.
    """
    times: list[list[float]] = [[] for _ in runs]
    results: list[list[int]] = [[] for _ in runs]
    for p in cases:
        for i, run in enumerate(runs):
            gc.collect()
            took, said = timed(run, p)
            results[i].append(said)
            times[i].append(took)
    return [Timing(tuple(t), tuple(r)) for t, r in zip(times, results)]


T = TypeVar("T")


def timed(run: Callable[[T], int], case: T) -> tuple[float, int]:
    """The CPU milliseconds of the process from the start of ``run`` until the process is
    quiet again, and the run's answer.

    HiGHS leaves its worker threads spinning for a while after it returns; CPU time counts
    every thread of the process, so without waiting for them the next solver timed would
    pay for them (measured: rummy's median nearly doubled right after a HiGHS solve). The
    run that started the threads pays for them instead.
    """
    start = time.process_time()
    said = run(case)
    _settle()
    return (time.process_time() - start) * 1000, said


def _settle(most: float = 0.2) -> None:
    """Wait (asleep, using no CPU) until the process's other threads use none either, at
    most ``most`` seconds."""
    end = time.monotonic() + most
    while time.monotonic() < end:
        before = time.process_time()
        time.sleep(0.001)
        if time.process_time() - before < 0.0001:  # under a tenth of the millisecond slept
            return


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
                  f"{_verdict(ok)}")


def bench_adversarial(n: int, seed: int) -> None:
    print("== best_play in process, adversarial: hands of 20-45 cards, jokers ==")
    cases = [*HARD, *CLIMBED, *(adversarial(seed + 300_000 + i) for i in range(n)),
             *(near_hard(seed + 400_000 + i) for i in range(n))]
    timing = time_each(ours(MANIPULATION_RUMMY), cases)
    print(f"all {len(cases)}:\n  {timing.summary()}")
    _slowest(timing, cases)
    for upto, target in TARGET_HARD_MS.items():
        times = [t for t, p in zip(timing.times, cases) if len(p.hand) <= upto]
        ok = max(times) < target
        print(f"  hands up to {upto} cards ({len(times)}): max {max(times):.1f} ms, target "
              f"< {target:g} ms: {_verdict(ok)}")


def _slowest(timing: Timing, cases: Sequence[Position]) -> None:
    worst = sorted(zip(timing.times, cases), key=lambda tc: -tc[0])[:3]
    print("  slowest: " + ", ".join(
        f"seed {p.seed} ({p.table_size} on table, {len(p.hand)} in hand, "
        f"{p.table_jokers} table jokers): {t:.1f} ms" for t, p in worst))


def bench_command(runs: int, seed: int, hard: Sequence[Position] = HARD,
                  bys: Sequence[str] = ("cards", "points")) -> None:
    print("== the whole command: rummy hint (CPU time of the command) ==")
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
        ms, done = _timed_command(args)
        times.append(ms)
        if done.returncode not in (0, 1):
            print(f"  seed {p.seed}: exit {done.returncode}: {done.stderr.strip()}")
    median = statistics.median(times)
    print(f"  median {median:.1f} ms over {len(times)} runs (max {max(times):.1f} ms)")
    print(f"  target median < {TARGET_COMMAND_MS:g} ms: "
          f"{_verdict(median < TARGET_COMMAND_MS)}")
    for p in hard:
        took = []
        for by in bys:
            args = [exe, "hint", "--table", format_table(p.table), "--hand",
                    format_cards(p.hand), "--by", by]
            took.append(_timed_command(args)[0])
        target = TARGET_HARD_COMMAND_MS[30 if len(p.hand) <= 30 else 45]
        print(f"  the hard position with {len(p.hand)} cards in hand: " + ", ".join(
            f"--by {by} {ms:.0f} ms" for by, ms in zip(bys, took))
            + f"; target < {target:g} ms: {_verdict(max(took) < target)}")


def _timed_command(args: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run a command; its CPU time in ms (its wall time where that cannot be had)."""
    try:
        import resource
    except ImportError:  # not on Windows: the wall time will do
        start = time.perf_counter()
        done = subprocess.run(args, capture_output=True, text=True)
        return (time.perf_counter() - start) * 1000, done
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu * 1000, done


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


ACE_LOW = replace(MANIPULATION_RUMMY, ace_high=False)


HANDS = (7, 14, 20)
TABLES = (20, 40, 60, 80, 100)


def cell_positions(hand: int, table: int, n: int) -> list[Position]:
    """``n`` positions of one cell, where the rules of Rummikub and ours agree (ace only
    low, no joker on the table: jokers are in the hand only), by seed."""
    found: list[Position] = []
    seed = hand * 1000 + table * 100_000
    while len(found) < n:
        p = position(seed, table_cards=(table, table), hand_cards=(hand, hand),
                     ace_high=False)
        seed += 1
        if p.table_jokers == 0:
            found.append(p)
    return found


def bench_side_by_side(n: int, hands: Sequence[int] = HANDS,
                       tables: Sequence[int] = TABLES) -> None:
    """rummy against rummikub-solver, cell by cell: hand and table sizes, in one run.

    Ace only low for all (so the ace-high row, our default rules, is ours alone: it is
    timed on the same positions to show what aces at both ends cost).
    """
    backends = rummikub_backends()
    print(f"== side by side, CPU time in ms, {n} positions a cell (ace only low, "
          "no joker on the table) ==")
    if not backends:
        print("  rummikub-solver is not installed: rummy alone (pip install "
              "'rummikub-solver[glpk-mi,highs]' in a separate virtual environment)")
    names = ["rummy", *(name for name, _ in backends), "rummy, ace high"]
    runs = [ours(ACE_LOW), *(theirs for _, theirs in backends), ours(MANIPULATION_RUMMY)]
    for _, theirs in backends:  # each builds its model once: not part of any time
        theirs(cell_positions(7, 20, 1)[0])
    print(f"  {'hand':>4} {'table':>5}  {'solver':16} {'median':>7} {'p99':>7} {'max':>7}"
          "  same cards")
    behind: list[str] = []
    ace_ratios: list[float] = []
    for hand in hands:
        for table in tables:
            cases = cell_positions(hand, table, n)
            timings = time_side_by_side(runs, cases)
            mine = timings[0]
            for i, (name, timing) in enumerate(zip(names, timings)):
                same = ""
                if 0 < i <= len(backends):
                    agree = sum(a == b for a, b in zip(mine.results, timing.results))
                    same = f"{agree}/{len(cases)}"
                    if agree < len(cases):
                        _agreement(cases, mine.results, timing.results)
                    if name.startswith("GLPK") and not _ahead(mine, timing):
                        behind.append(f"hand {hand} table {table}")
                first = f"{hand:>4} {table:>5}" if i == 0 else " " * 10
                print(f"  {first}  {name:16} {timing.median:7.1f} {timing.p99:7.1f} "
                      f"{max(timing.times):7.1f}  {same}")
            if table >= 80:
                ace_ratios.append(timings[-1].median / mine.median)
    if any(name.startswith("GLPK") for name, _ in backends):
        print("  rummy ahead of GLPK on median, p99 and max in every cell: "
              + ("yes" if not behind else "NO, behind in " + ", ".join(behind)))
    if ace_ratios:
        worst = max(ace_ratios)
        print(f"  ace high against ace low on tables of 80-100 cards, median: at most "
              f"{worst:.2f}x; target <= {TARGET_ACE_HIGH:g}x: "
              f"{_verdict(worst <= TARGET_ACE_HIGH)}")


def _ahead(mine: Timing, theirs: Timing) -> bool:
    return (mine.median < theirs.median and mine.p99 < theirs.p99
            and max(mine.times) < max(theirs.times))


def bench_adversarial_side_by_side(n: int, seed: int) -> None:
    """The adversarial positions where the two rule sets agree, rummy against each
    backend: ace only low, every joker in the hand."""
    print("== side by side, adversarial (ace only low, jokers in the hand), CPU ms ==")
    backends = rummikub_backends()
    if not backends:
        print("  skipped: rummikub-solver is not installed")
        return
    cases = [adversarial(seed + 600_000 + i, ace_high=False, table_jokers=False)
             for i in range(n)]
    for _, theirs in backends:
        theirs(cases[0])
    names = ["rummy", *(name for name, _ in backends)]
    timings = time_side_by_side([ours(ACE_LOW), *(t for _, t in backends)], cases)
    for name, timing in zip(names, timings):
        print(f"  {name:8} {timing.summary()}")
    for (name, _), timing in zip(backends, timings[1:]):
        print(f"  ahead of {name} on median, p99 and max: "
              f"{'yes' if _ahead(timings[0], timing) else 'NO'}")
        _agreement(cases, timings[0].results, timing.results)


def _agreement(cases: Sequence[Position], mine: Sequence[int], them: Sequence[int]) -> None:
    same = sum(1 for a, b in zip(mine, them) if a == b)
    print(f"    same number of cards played: {same} of {len(cases)}")
    for p, a, b in zip(cases, mine, them):
        if a != b:
            why = ("ours more: their list of sets leaves out some sets with jokers"
                   if a > b else "THEIRS MORE: a bug of ours")
            print(f"      seed {p.seed}: ours {a}, theirs {b} - {why}")
            print(f"        --table '{format_table(p.table)}' --hand '{format_cards(p.hand)}'")


_MISSED: list[bool] = []
_JUDGED = [True]  # a smoke run's few positions judge nothing: it shows the figures only


def _verdict(ok: bool) -> str:
    """'met' or 'NOT met' in a full run, which then exits 1 if any target was missed."""
    if not _JUDGED[0]:
        return "judged on a full run only"
    _MISSED.append(not ok)
    return "met" if ok else "NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="positions to time")
    parser.add_argument("--cell", type=int, default=50, help="positions a cell, side by side")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--runs", type=int, default=5, help="runs of the whole command")
    parser.add_argument("--smoke", action="store_true", help="a tiny run, for CI")
    args = parser.parse_args()
    n, runs = (5, 2) if args.smoke else (args.n, args.runs)
    _JUDGED[0] = not args.smoke
    bench_in_process(n, args.seed)
    bench_adversarial(n, args.seed)
    if args.smoke:  # one hard position, one way: CI's run stays short
        bench_command(runs, args.seed, hard=HARD[:1], bys=("cards",))
        bench_side_by_side(2, hands=(7, 20), tables=(20, 100))
        bench_adversarial_side_by_side(2, args.seed)
        from benchmarks.climb import climb
        worst = climb(seed=1, steps=6, most_hand=20)
        print(f"== hill-climb, short: {worst.states} states after 6 steps ==")
    else:
        bench_command(runs, args.seed)
        bench_side_by_side(args.cell)
        bench_adversarial_side_by_side(args.n, args.seed)
        missed = sum(_MISSED)
        print(f"== targets: {len(_MISSED) - missed} of {len(_MISSED)} met ==")
        if missed:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
