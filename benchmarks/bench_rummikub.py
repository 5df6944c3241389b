"""How fast is `rummy hint --game rummikub`, beside rummikub-solver (GLPK_MI and HiGHS)?

    python -m benchmarks.bench_rummikub            # 10 positions a cell
    python -m benchmarks.bench_rummikub --cell 30
    python -m benchmarks.bench_rummikub --smoke    # seconds, for CI

Every time is CPU time (``time.process_time``; a command's, from the kernel's count of
its children): the machine is shared, and CPU time is what the load changes least. The
three solvers run in turn on each position, in one process; before each run the garbage
of the one before is collected, and each run's time lasts until the process is quiet
again (HiGHS's threads spin on after it returns), both outside the next run's time.

Side by side, cell by cell: racks of 7, 14, 20, 30 and 45 tiles, tables of 0 to 96 tiles
(a cell whose tiles do not fit in the 106 of the set is left out), seeded random
positions where the two models agree: every joker on the rack (a table joker is free in
rummikub-solver's model, bound by K14 in ours), 1 low only. Where the answers still
differ, its model falls short (it lists no run of 4+ with a joker at an end and no
4-group with a joker: settled point 5); such positions are counted and named, and left
out of the times. Then the adversarial set (dense tables, racks of 20-45, jokers), and
the whole command on racks of 30 and 45 tiles holding both jokers.

rummikub-solver is not a dependency of ours: without it (``pip install
'rummikub-solver[glpk-mi,highs]'`` in your own virtual environment) this says so and
exits 0.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.bench_solver import Timing, _rummy_command, _timed_command, timed
from benchmarks.rummikub_positions import TilePosition, cell, hard
from rummy_cli.games.rummikub.rules import RUMMIKUB
from rummy_cli.games.rummikub.solve import best_play
from rummy_cli.tiles import COLOURS, AnyTile, TileJoker

RACKS = (7, 14, 20, 30, 45)
TABLES = (0, 20, 40, 60, 80, 96)
SET_TILES = 106  # less 2 jokers: a rack and a table of more do not fit
TARGET_COMMAND_MS = 1000.0  # racks of 30-45 tiles with both jokers, as a whole command
Run = Callable[[TilePosition], int]


def ours(p: TilePosition) -> int:
    play = best_play(p.table, p.rack, RUMMIKUB)
    return 0 if play is None else play.cards_played


class Theirs:
    """rummikub-solver with one backend, set up as the book's Rummikub."""

    def __init__(self, module: Any, backend: Any) -> None:
        self.m = module
        self.rules = module.RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3,
                                    min_initial_value=30, solver_backend=backend)
        self.order = {c: i for i, c in enumerate(COLOURS)}

    def number(self, t: AnyTile) -> int:
        if isinstance(t, TileJoker):
            return 53
        return self.order[t.colour] * 13 + t.number

    def __call__(self, p: TilePosition) -> int:
        state = self.rules.new_game()
        tiles = [self.number(t) for s in p.table for t in s]
        if tiles:
            state.add_table(*tiles)
        state.add_rack(*(self.number(t) for t in p.rack))
        state.initial = False
        solution = self.rules.solve(state, self.m.SolverMode.TILE_COUNT)
        return 0 if solution is None else len(solution.tiles)


def backends() -> list[tuple[str, Theirs]]:
    """rummikub-solver with GLPK_MI and HiGHS, those installed; none without the package."""
    try:
        module = importlib.import_module("rummikub_solver")
    except ImportError:
        return []
    supported = module.MILPSolver.supported()
    return [(name, Theirs(module, getattr(module.MILPSolver, name)))
            for name in ("GLPK_MI", "HIGHS")
            if getattr(module.MILPSolver, name, None) in supported]


def side_by_side(runs: Sequence[Run], cases: Sequence[TilePosition]
                 ) -> tuple[list[Timing], list[tuple[TilePosition, list[int]]]]:
    """Each run on each position in turn; the timings of the positions where every answer
    agrees, and the others with their answers."""
    times: list[list[float]] = [[] for _ in runs]
    results: list[list[int]] = [[] for _ in runs]
    differ: list[tuple[TilePosition, list[int]]] = []
    for p in cases:
        took, said = [], []
        for run in runs:
            gc.collect()  # the garbage of the run before is not this run's to collect
            ms, answer = timed(run, p)
            said.append(answer)
            took.append(ms)
        if len(set(said)) > 1:
            differ.append((p, said))
            continue
        for i in range(len(runs)):
            times[i].append(took[i])
            results[i].append(said[i])
    return [Timing(tuple(t), tuple(r)) for t, r in zip(times, results)], differ


def _named(differ: list[tuple[TilePosition, list[int]]], names: Sequence[str]) -> list[str]:
    lines = []
    for p, said in differ:
        why = ("its model falls short (a joker at the end of a 4+ run or in a 4-group)"
               if said[0] > max(said[1:]) else "THEIRS MORE: a bug of ours")
        answers = ", ".join(f"{n} {s}" for n, s in zip(names, said))
        lines.append(f"      seed {p.seed} ({answers}): {why}")
    return lines


def _ahead(mine: Timing, theirs: Timing) -> bool:
    return (mine.median < theirs.median and mine.p99 < theirs.p99
            and max(mine.times) < max(theirs.times))


def bench_cells(n: int, racks: Sequence[int], tables: Sequence[int],
                found: list[tuple[str, Theirs]]) -> list[str]:
    names = ["rummy", *(name for name, _ in found)]
    runs: list[Run] = [ours, *(theirs for _, theirs in found)]
    print(f"== side by side, CPU ms, {n} positions a cell, jokers on the rack only ==")
    print(f"  {'rack':>4} {'table':>5}  {'solver':8} {'median':>8} {'p99':>8} {'max':>8}  agree")
    behind: list[str] = []
    for rack in racks:
        for table in tables:
            if rack + table > SET_TILES - 2:
                continue
            cases = list(cell(rack, table, n))
            timings, differ = side_by_side(runs, cases)
            for i, (name, timing) in enumerate(zip(names, timings)):
                first = f"{rack:>4} {table:>5}" if i == 0 else " " * 10
                agree = f"{len(timing.times)}/{len(cases)}" if i == 0 else ""
                if not timing.times:
                    print(f"  {first}  {name:8} (no position where the answers agree)")
                    continue
                print(f"  {first}  {name:8} {timing.median:8.2f} {timing.p99:8.2f} "
                      f"{max(timing.times):8.2f}  {agree}")
                if i and not _ahead(timings[0], timing):
                    behind.append(f"rack {rack} table {table} ({name})")
            for line in _named(differ, names):
                print(line)
    return behind


def bench_hard(n: int, seed: int, found: list[tuple[str, Theirs]]) -> list[str]:
    names = ["rummy", *(name for name, _ in found)]
    cases = list(hard(n, seed))
    print(f"== adversarial: {len(cases)} positions, racks of 20-45, jokers on the rack ==")
    timings, differ = side_by_side([ours, *(t for _, t in found)], cases)
    for name, timing in zip(names, timings):
        print(f"  {name:8} {timing.summary()}")
    for line in _named(differ, names):
        print(line)
    return [f"adversarial ({name})" for name, t in zip(names[1:], timings[1:])
            if not _ahead(timings[0], t)]


def bench_command(n: int) -> bool:
    """`rummy hint --game rummikub` on racks of 30 and 45 tiles holding both jokers."""
    exe = _rummy_command()
    print("== the whole command, racks of 30 and 45 tiles with both jokers (CPU ms) ==")
    if exe is None:
        print("  skipped: no `rummy` command beside this Python or on PATH")
        return True
    ok = True
    for rack, table in ((30, 40), (30, 70), (45, 20), (45, 55)):
        took = []
        for p in cell(rack, table, n, jokers=(2, 2)):
            ms, done = _timed_command([exe, "hint", "--game", "rummikub", *p.args()])
            if done.returncode not in (0, 1):
                print(f"  seed {p.seed}: exit {done.returncode}: {done.stderr.strip()}")
            took.append(ms)
        worst = max(took)
        ok &= worst < TARGET_COMMAND_MS
        print(f"  rack {rack}, table {table}: median {statistics.median(took):.0f} ms, "
              f"max {worst:.0f} ms (target < {TARGET_COMMAND_MS:g} ms)")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cell", type=int, default=10, help="positions a cell")
    parser.add_argument("--hard", type=int, default=40, help="adversarial positions")
    parser.add_argument("--seed", type=int, default=0, help="the first adversarial seed")
    parser.add_argument("--smoke", action="store_true", help="a run of seconds, for CI")
    args = parser.parse_args()
    found = backends()
    if not found:
        print("skipped: rummikub-solver is not installed (pip install "
              "'rummikub-solver[glpk-mi,highs]' in your own virtual environment)")
        return 0
    # each solver's first run is not timed: rummikub-solver builds its model then, and
    # rummy imports the modules and fills the caches that a table and jokers first need
    warm = [next(cell(7, 20, 1)), next(cell(14, 40, 1, jokers=(2, 2)))]
    for run in (ours, *(theirs for _, theirs in found)):
        for p in warm:
            run(p)
    if args.smoke:
        behind = bench_cells(2, (7, 45), (0, 40), found)
        behind += bench_hard(2, args.seed, found)
        command_ok = bench_command(1)
        print("== a smoke run is too small to judge the targets ==")
        return 0
    behind = bench_cells(args.cell, RACKS, TABLES, found)
    behind += bench_hard(args.hard, args.seed, found)
    command_ok = bench_command(3)
    print("== rummy ahead of every backend on median, p99 and max everywhere: "
          + ("yes" if not behind else "NO, behind in " + "; ".join(behind)) + " ==")
    print(f"== racks of 30-45 with both jokers under {TARGET_COMMAND_MS:g} ms as a command: "
          f"{'yes' if command_ok else 'NO'} ==")
    return 0 if not behind and command_ok else 1


if __name__ == "__main__":
    sys.exit(main())
