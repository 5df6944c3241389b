"""How do whole commands fare on a league's ledger? Prints figures; asserts nothing.

A ledger of 100,000 rounds (three players, hands as cards or totals, the target raised so
the game never ends) is written to a temp folder. Then each command runs as its own
process, as a player runs it: `rummy standings`, `rummy round` (which writes the file),
`rummy fix 1` (every later round scored again), `rummy history --json`, and
`rummy standings` on a file whose mapping has 300,000 keys (refused). For each: the wall
time, the CPU time (user + system: on a busy machine the wall time mostly measures the
other programs) and the peak memory (maximum resident set).

Run: python benchmarks/bench_ledger.py [--rounds N] [--players P] [--keys K] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from rummy_cli.cards import ALL_CARDS, format_cards
from rummy_cli.games.manipulation.game import Game, HandEntry, RoundEntry, new_game
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY
from rummy_cli.ledger import MAX_ROUNDS, dump

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def long_game(rounds: int, players: int, seed: int = 1) -> Game:
    """A game of ``rounds`` rounds: Ann knocks with 3 or the stock runs out; the others
    hold three cards or a total."""
    rng = random.Random(seed)
    names = NAMES[:players]
    game = new_game(names, dealer="Ann", rules=replace(MANIPULATION_RUMMY, target=10**9))
    entries = []
    for _ in range(rounds):
        deck = [c for c in list(ALL_CARDS) * 2 if str(c) not in ("AS", "2H")]
        rng.shuffle(deck)
        hands: dict[str, HandEntry] = {
            p: format_cards(deck[i * 3:(i + 1) * 3]) if rng.random() < 0.5 else
            rng.randint(6, 80) for i, p in enumerate(names)}
        hands["Ann"] = "AS 2H"  # Ann may knock with 3
        entries.append(RoundEntry(None if rng.random() < 0.2 else "Ann", hands))
    return replace(game, rounds=tuple(entries))


def many_keys(path: Path, keys: int) -> None:
    """A ledger whose top-level mapping has ``keys`` keys (refused at its first one)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("format: 2\n")
        f.writelines(f"key{i}: {i}\n" for i in range(keys))
        f.write("# end of ledger\n")


def command() -> list[str]:
    exe = shutil.which("rummy")
    return [exe] if exe else [sys.executable, "-m", "rummy_cli"]


def measure(args: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak MB and exit code of one whole command."""
    env = dict(os.environ, NO_COLOR="1")
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024  # kilobytes on Linux
    return wall, usage.ru_utime + usage.ru_stime, peak, child.returncode


def report(name: str, args: list[str], repeat: int, before: Path | None = None,
           path: Path | None = None) -> None:
    runs = []
    for _ in range(repeat):
        if before is not None and path is not None:
            shutil.copyfile(before, path)  # round writes: start from the same file
        runs.append(measure(args))
    wall, cpu, peak, code = min(runs)  # the least disturbed run
    print(f"{name:34} {wall:6.1f} s wall {cpu:6.1f} s CPU {peak:6.0f} MB peak  exit {code}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, action="append",
                    help=f"rounds in the ledger; again for more [default: {MAX_ROUNDS - 1:,}, one "
                         "under the most rummy writes into one file, and 100,000]")
    ap.add_argument("--players", type=int, default=3, choices=range(2, 6))
    ap.add_argument("--keys", type=int, default=300_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.write is not None:  # the ledger is made in a process of its own (see below)
        # written as rummy writes it, past the rounds it would write itself
        args.write.write_text(dump(long_game(args.rounds[0], args.players)), encoding="utf-8")
        return
    for rounds in args.rounds or [MAX_ROUNDS - 1, 100_000]:
        bench(rounds, args)


def bench(rounds: int, args: argparse.Namespace) -> None:
    """Every command on a ledger of ``rounds`` rounds (past MAX_ROUNDS, round is refused)."""
    run = command()
    with tempfile.TemporaryDirectory() as tmp:
        path, keep = Path(tmp) / "league.yaml", Path(tmp) / "league.orig"
        # Linux counts a child's peak memory from the fork, before it runs rummy: this
        # process must stay small, so the 100,000-round game is never built here
        subprocess.run([sys.executable, __file__, "--write", str(keep), "--rounds",
                        str(rounds), "--players", str(args.players)], check=True)
        shutil.copyfile(keep, path)
        size = path.stat().st_size / 2 ** 20
        print(f"ledger: {rounds:,} rounds, {args.players} players, {size:.1f} MiB; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        ledger = ["--ledger", str(path)]
        report("rummy standings", [*run, "standings", *ledger], args.repeat)
        points = [f"--points={p}={n}" for p, n in zip(NAMES, (3, 9, 12, 20, 30))]
        writes = "writes" if rounds < MAX_ROUNDS else f"refused: over {MAX_ROUNDS:,} rounds"
        report(f"rummy round ({writes})", [*run, "round", *ledger, "--knock", "Ann",
                                        *points[:args.players]], args.repeat, keep, path)
        report("rummy fix 1 (every round rescored)",
               [*run, "fix", "1", *ledger, "--knock", "Ann", *points[:args.players], "--yes"],
               args.repeat, keep, path)
        report("rummy history --json", [*run, "history", "--json", *ledger], args.repeat)
        keyed = Path(tmp) / "keys.yaml"
        many_keys(keyed, args.keys)
        report(f"{args.keys:,}-key mapping (refused)",
               [*run, "standings", "--ledger", str(keyed)], args.repeat)


if __name__ == "__main__":
    main()
