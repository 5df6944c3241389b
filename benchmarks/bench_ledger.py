"""How fast are `standings`, `round` and `fix` on a long game? Prints figures; asserts
nothing.

A ledger of 1,000 rounds (with the target raised so the game does not end) is written to a
temp folder; then `rummy standings`, `rummy round` and `rummy fix 1` (every later round
scored again) are timed in-process (load + score) and as whole commands.
Run: python benchmarks/bench_ledger.py [--rounds N] [--repeat K]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from rummy_cli.cards import ALL_CARDS, format_cards
from rummy_cli.games.manipulation.game import Game, RoundEntry, new_game
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY
from rummy_cli.ledger import load, save

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def long_game(rounds: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    game = new_game(PLAYERS, dealer="Ann", rules=replace(MANIPULATION_RUMMY, target=10**9))
    entries = []
    for _ in range(rounds):
        deck = [c for c in list(ALL_CARDS) * 2 if str(c) not in ("AS", "2H")]
        rng.shuffle(deck)
        hands: dict[str, str | int] = {
            p: format_cards(deck[i * 4:(i + 1) * 4]) for i, p in enumerate(PLAYERS)}
        hands["Ann"] = "AS 2H"  # Ann may knock with 3
        entries.append(RoundEntry(None if rng.random() < 0.2 else "Ann", hands))
    return replace(game, rounds=tuple(entries))


def command() -> list[str]:
    exe = shutil.which("rummy")
    return [exe] if exe else [sys.executable, "-m", "rummy_cli"]


def timed(fn: object, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return out


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{name:42} median {statistics.median(ms):7.1f} ms   max {ms[-1]:7.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.yaml"
        save(path, long_game(args.rounds))
        print(f"ledger: {args.rounds} rounds, {path.stat().st_size // 1024} KiB")
        report("in-process load + standings", timed(lambda: load(path)[0].state, args.repeat))
        env = dict(os.environ, NO_COLOR="1")
        run = command()

        def standings() -> None:
            subprocess.run([*run, "standings", "--ledger", str(path)], check=True,
                           capture_output=True, env=env)

        def one_round() -> None:
            subprocess.run([*run, "round", "--ledger", str(path), "--knock", "Ann",
                            "--points", "Ann=3", "--points", "Ben=9", "--points", "Cy=12",
                            "--points", "Dee=4"], check=True, capture_output=True, env=env)

        totals = iter(range(10, 10 + args.repeat))

        def fix_first() -> None:  # round 1 changed: every round after it is scored again
            subprocess.run([*run, "fix", "1", "--ledger", str(path), "--points",
                            f"Ben={next(totals)}"], check=True, capture_output=True, env=env)

        report("rummy standings (whole command)", timed(standings, args.repeat))
        report("rummy round (whole command, writes)", timed(one_round, args.repeat))
        report("rummy fix 1 --points (whole, writes)", timed(fix_first, args.repeat))


if __name__ == "__main__":
    main()
