"""How fast is the solver? Times `best_play` in process and `rummy hint` as a command.

    python -m benchmarks.bench_solver            # 200 positions
    python -m benchmarks.bench_solver --smoke    # a few positions, for CI

When the PyPI package ``rummikub-solver`` can be imported, it is run on the same
positions (with the ace only low, as in Rummikub, and our rules set to match:
``ace_high=False``) and both are compared: times, and the number of cards each plays.
Rummikub's rules differ from ours in one place that changes answers: a joker on the
table is always free there, while here it keeps its declaration unless the real card
joins the table (R14). Positions with a joker on the table are reported apart, and where
the answers differ ours is run again with every table joker free, as in Rummikub.
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

from benchmarks.positions import Position, positions
from rummy_cli.cards import Card, Joker, Suit, format_cards, format_table
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules
from rummy_cli.solver import best_play

TARGET_MEDIAN_MS = 10.0
TARGET_P99_MS = 100.0
TARGET_COMMAND_MS = 300.0


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
    wide = list(positions(n, seed + 100_000))
    for name, cases in (("tables 20-80 cards, hands of 14 (the target)", target),
                        ("tables 20-100 cards, hands of 10-20", wide)):
        timing = time_each(ours(MANIPULATION_RUMMY), cases)
        print(f"{name}:\n  {timing.summary()}")
        worst = sorted(zip(timing.times, cases), key=lambda tc: -tc[0])[:3]
        print("  slowest: " + ", ".join(
            f"seed {p.seed} ({p.table_size} on table, {len(p.hand)} in hand, "
            f"{p.table_jokers} table jokers): {t:.1f} ms" for t, p in worst))
        if cases is target and n >= 100:  # too few positions say nothing of a p99
            ok = timing.median < TARGET_MEDIAN_MS and timing.p99 < TARGET_P99_MS
            print(f"  target median < {TARGET_MEDIAN_MS:g} ms and p99 < {TARGET_P99_MS:g} ms: "
                  f"{'met' if ok else 'NOT met'}")


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


def _rummy_command() -> str | None:
    """The `rummy` script of this Python's environment (active or not), else PATH's."""
    beside = Path(sys.executable).parent / ("rummy.exe" if sys.platform == "win32" else "rummy")
    return str(beside) if beside.is_file() else shutil.which("rummy")


# -- rummikub-solver, for comparison

_COLOURS = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


class Rummikub:
    """rummikub-solver set up for our cards: 13 numbers, 4 colours, 2 copies, 2 jokers."""

    def __init__(self, module: Any) -> None:
        self.m = module
        self.rules = module.RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3)
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


def bench_rummikub(n: int, seed: int) -> None:
    print("== against rummikub-solver (ace only low) ==")
    try:
        module = importlib.import_module("rummikub_solver")
    except ImportError:
        print("  skipped: rummikub-solver is not installed (pip install rummikub-solver, "
              "in a separate virtual environment)")
        return
    theirs = Rummikub(module)
    cases = list(positions(n, seed + 200_000, ace_high=False))
    ace_low = replace(MANIPULATION_RUMMY, ace_high=False)
    theirs(cases[0])  # warm up their solver (it builds its problems once)
    mine = time_each(ours(ace_low), cases)
    them = time_each(theirs, cases)
    print(f"  ours:  {mine.summary()}")
    print(f"  theirs:{them.summary()}")
    print(f"  ratio theirs/ours: median {them.median / mine.median:.1f}x, "
          f"max {max(them.times) / max(mine.times):.1f}x")
    _agreement(cases, mine.results, them.results, ace_low)


def _agreement(cases: Sequence[Position], mine: Sequence[int], them: Sequence[int],
               rules: Rules) -> None:
    plain = [i for i, p in enumerate(cases) if p.table_jokers == 0]
    same = sum(1 for i in plain if mine[i] == them[i])
    print(f"  same number of cards played: {same} of {len(plain)} positions with no joker "
          f"on the table")
    for i in plain:
        if mine[i] != them[i]:
            p = cases[i]
            why = ("ours more: their list of sets leaves out some sets with jokers"
                   if mine[i] > them[i] else "THEIRS MORE: a bug of ours")
            print(f"    seed {p.seed}: ours {mine[i]}, theirs {them[i]} - {why}")
            print(f"      --table '{format_table(p.table)}' --hand '{format_cards(p.hand)}'")
    with_jokers = [i for i, p in enumerate(cases) if p.table_jokers]
    differ = [i for i in with_jokers if mine[i] != them[i]]
    print(f"  with a joker on the table: {len(with_jokers) - len(differ)} of "
          f"{len(with_jokers)} the same; where not, ours again with their joker rule "
          f"(every table joker free):")
    for i in differ:
        free = _with_free_table_jokers(cases[i], rules)
        verdict = "same as theirs" if free == them[i] else "STILL DIFFERENT"
        print(f"    seed {cases[i].seed}: ours {mine[i]}, theirs {them[i]}, "
              f"ours with free table jokers {free}: {verdict}")


def _with_free_table_jokers(p: Position, rules: Rules) -> int:
    """Cards ours plays when every table joker may take any card (Rummikub's rule)."""
    from rummy_cli._solver_dp import solve
    from rummy_cli.solver import _play_problem, _weigher

    before = [Joker() if isinstance(c, Joker) else c for m in p.table for c in m]
    problem, _ = _play_problem(before, p.hand, frozenset(), _weigher(p.hand, "cards", rules),
                               rules)
    solution = solve(problem)
    return 0 if solution is None else len(solution.placed) + solution.free_placed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="positions to time")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--runs", type=int, default=5, help="runs of the whole command")
    parser.add_argument("--smoke", action="store_true", help="a tiny run, for CI")
    args = parser.parse_args()
    n, runs = (5, 2) if args.smoke else (args.n, args.runs)
    bench_in_process(n, args.seed)
    bench_command(runs, args.seed)
    bench_rummikub(n, args.seed)


if __name__ == "__main__":
    main()
