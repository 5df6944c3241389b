"""How do whole commands fare on a league's ledger? Prints figures; asserts nothing.

A ledger of 100,000 rounds (three players, hands as cards or totals, the target raised so
the game never ends) is written to a temp folder. Then each command runs as its own
process, as a player runs it: `rummy standings`, `rummy round` (which writes the file),
`rummy fix 1` (every later round scored again), `rummy rename` (every round written
again), `rummy history --json`, and `rummy standings` on a file whose mapping has 300,000
keys (refused). Then `standings` and `fix 1` again on the same ledger with hand-written
comments in it (one before every tenth round and one after a value in every tenth), which
rummy reads past and writes back. For each: the wall time, the CPU time (user + system: on a
busy machine the wall time mostly measures the other programs) and the peak memory (maximum
resident set).

``--code DIR`` (repeatable) runs every command once with each source tree first on the
path (e.g. ``--code /path/to/old --code .``), side by side in one run, so before and after
are measured on the same machine at the same load.

With ``--game rummikub`` the ledger is a Rummikub game (racks as tiles or totals, Ann out or
the pool out) and `rummy standings`, `rummy round` and `rummy history` are timed at 1,000,
10,000 and 49,999 rounds unless --rounds says otherwise.

Run: python benchmarks/bench_ledger.py [--game manipulation|rummikub] [--rounds N]
     [--players P] [--keys K] [--repeat R] [--code DIR ...]
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
from typing import Any

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


def long_rummikub_game(rounds: int, players: int, seed: int = 1) -> Any:
    """A Rummikub game of ``rounds`` rounds that never ends: Ann goes out or the pool runs
    out (Ann then holding 1R); the others hold up to six tiles or a total."""
    from rummy_cli.games.rummikub import game as rummikub
    from rummy_cli.games.rummikub.game import RummikubEntry
    from rummy_cli.games.rummikub.rules import RUMMIKUB
    from rummy_cli.tiles import ALL_TILES, TileJoker, format_tiles

    rng = random.Random(seed)
    names = NAMES[:players]
    rules = replace(RUMMIKUB, rounds=999_999)  # the most rounds a rule allows
    game = rummikub.new_game(names, first="Ann", rules=rules)
    pool: list[Any] = [t for t in list(ALL_TILES) * 2 if str(t) != "1R"]
    pool += [TileJoker(), TileJoker()]
    entries = []
    for number in range(rounds):
        rng.shuffle(pool)
        racks: dict[str, str | int] = {
            p: format_tiles(pool[i * 6:i * 6 + rng.randint(1, 6)]) if rng.random() < 0.7
            else rng.randint(6, 80) for i, p in enumerate(names)}
        out = None if rng.random() < 0.2 else "Ann"
        racks["Ann"] = "" if out else "1R"
        entries.append(RummikubEntry(out, racks, names[number % players]))
    return replace(game, rounds=tuple(entries))


def many_keys(path: Path, keys: int) -> None:
    """A ledger whose top-level mapping has ``keys`` keys (refused at its first one)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("format: 2\n")
        f.writelines(f"key{i}: {i}\n" for i in range(keys))
        f.write("# end of ledger\n")


def with_comments(text: str) -> str:
    """The ledger with a comment line before every tenth round and a comment after the
    value of every tenth round's ``end:`` line (the rounds between them left alone)."""
    out, rounds = [], 0
    for line in text.splitlines(keepends=True):
        if line.startswith("  - round: "):
            rounds += 1
            if rounds % 10 == 1:
                out.append(f"  # round {rounds}: played at the club\n")
        elif line.startswith("    end: ") and rounds % 10 == 5:
            line = line[:-1] + "  # checked twice\n"
        out.append(line)
    return "".join(out)


def command() -> list[str]:
    exe = shutil.which("rummy")
    return [exe] if exe else [sys.executable, "-m", "rummy_cli"]


CODES: list[str | None] = [None]  # the source trees to run (None: as installed)


def measure(args: list[str], code: str | None = None) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak MB and exit code of one whole command."""
    env = dict(os.environ, NO_COLOR="1")
    if code is not None:
        env["PYTHONPATH"] = code
        if args[0] != sys.executable:
            args = [sys.executable, "-m", "rummy_cli", *args[1:]]
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env, cwd=code)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024  # kilobytes on Linux
    return wall, usage.ru_utime + usage.ru_stime, peak, child.returncode


def report(name: str, args: list[str], repeat: int, before: Path | None = None,
           path: Path | None = None) -> None:
    for tree in CODES:
        runs = []
        for _ in range(repeat):
            if before is not None and path is not None:
                shutil.copyfile(before, path)  # round writes: start from the same file
            runs.append(measure(args, tree))
        wall, cpu, peak, code = min(runs)  # the least disturbed run
        label = name if tree is None else f"{name} [{Path(tree).resolve().name}]"
        print(f"{label:46} {wall:6.1f} s wall {cpu:6.1f} s CPU {peak:6.0f} MB peak  "
              f"exit {code}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, action="append",
                    help=f"rounds in the ledger; again for more [default: {MAX_ROUNDS - 1:,}, one "
                         "under the most rummy writes into one file, and 100,000]")
    ap.add_argument("--game", choices=("manipulation", "rummikub"), default="manipulation")
    ap.add_argument("--players", type=int, choices=range(2, 6),
                    help="[default: 3; 4 for rummikub]")
    ap.add_argument("--keys", type=int, default=300_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--code", action="append", metavar="DIR",
                    help="run the commands with this source tree first on the path; again "
                         "for another, side by side")
    ap.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.code:
        CODES[:] = [str(Path(c).resolve()) for c in args.code]
    if args.players is None:
        args.players = 4 if args.game == "rummikub" else 3
    if args.write is not None:  # the ledger is made in a process of its own (see below)
        # written as rummy writes it, past the rounds it would write itself
        make = long_rummikub_game if args.game == "rummikub" else long_game
        args.write.write_text(dump(make(args.rounds[0], args.players)), encoding="utf-8")
        return
    if args.game == "rummikub":
        for rounds in args.rounds or [1_000, 10_000, MAX_ROUNDS - 1]:
            bench_rummikub(rounds, args)
        return
    for rounds in args.rounds or [MAX_ROUNDS - 1, 100_000]:
        bench(rounds, args)


def write_ledger(tmp: str, rounds: int, args: argparse.Namespace) -> tuple[Path, Path]:
    """The ledger (and a copy to start each writing command from), made in a child process."""
    path, keep = Path(tmp) / "league.yaml", Path(tmp) / "league.orig"
    # Linux counts a child's peak memory from the fork, before it runs rummy: this
    # process must stay small, so the long game is never built here
    subprocess.run([sys.executable, __file__, "--write", str(keep), "--rounds", str(rounds),
                    "--players", str(args.players), "--game", args.game], check=True)
    shutil.copyfile(keep, path)
    size = path.stat().st_size / 2 ** 20
    print(f"{args.game} ledger: {rounds:,} rounds, {args.players} players, {size:.1f} MiB; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return path, keep


def bench_rummikub(rounds: int, args: argparse.Namespace) -> None:
    """standings, round (writes) and history on a Rummikub ledger of ``rounds`` rounds."""
    run = command()
    with tempfile.TemporaryDirectory() as tmp:
        path, keep = write_ledger(tmp, rounds, args)
        ledger = ["--ledger", str(path)]
        report("rummy standings", [*run, "standings", *ledger], args.repeat)
        racks = [f"--points={p}={n}" for p, n in zip(NAMES[1:], (9, 12, 20, 30))]
        writes = "writes" if rounds < MAX_ROUNDS else f"refused: over {MAX_ROUNDS:,} rounds"
        report(f"rummy round ({writes})", [*run, "round", *ledger, "--out", "Ann",
                                        *racks[:args.players - 1]], args.repeat, keep, path)
        report("rummy history", [*run, "history", *ledger], args.repeat)


def bench(rounds: int, args: argparse.Namespace) -> None:
    """Every command on a ledger of ``rounds`` rounds (past MAX_ROUNDS, round is refused)."""
    run = command()
    with tempfile.TemporaryDirectory() as tmp:
        path, keep = write_ledger(tmp, rounds, args)
        ledger = ["--ledger", str(path)]
        report("rummy standings", [*run, "standings", *ledger], args.repeat)
        points = [f"--points={p}={n}" for p, n in zip(NAMES, (3, 9, 12, 20, 30))]
        writes = "writes" if rounds < MAX_ROUNDS else f"refused: over {MAX_ROUNDS:,} rounds"
        report(f"rummy round ({writes})", [*run, "round", *ledger, "--knock", "Ann",
                                        *points[:args.players]], args.repeat, keep, path)
        report("rummy fix 1 (every round rescored)",
               [*run, "fix", "1", *ledger, "--knock", "Ann", *points[:args.players], "--yes"],
               args.repeat, keep, path)
        report("rummy rename (every round rewritten)",
               [*run, "rename", "Ben", "Bob", *ledger], args.repeat, keep, path)
        report("rummy history --json", [*run, "history", "--json", *ledger], args.repeat)
        commented = Path(tmp) / "commented.orig"
        commented.write_text(with_comments(keep.read_text(encoding="utf-8")),
                             encoding="utf-8")
        shutil.copyfile(commented, path)
        report("rummy standings, with comments", [*run, "standings", *ledger], args.repeat)
        report("rummy fix 1, with comments",
               [*run, "fix", "1", *ledger, "--knock", "Ann", *points[:args.players], "--yes"],
               args.repeat, commented, path)
        keyed = Path(tmp) / "keys.yaml"
        many_keys(keyed, args.keys)
        report(f"{args.keys:,}-key mapping (refused)",
               [*run, "standings", "--ledger", str(keyed)], args.repeat)


if __name__ == "__main__":
    main()
