"""Start-up time of the `rummy` command against importing its three dependencies.

The bar (issue 4): `rummy --help` and `rummy check meld 7H 8H 9H` start within 1.3x of
`python -c "import click, yaml, tabulate"`. Prints medians over --runs runs and the ratios.
Run: python benchmarks/bench_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time


def median_ms(cmd: list[str], runs: int) -> float:
    env = dict(os.environ, NO_COLOR="1")
    subprocess.run(cmd, capture_output=True, env=env)  # warm the file cache and .pyc files
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    exe = shutil.which("rummy")
    rummy = [exe] if exe else [sys.executable, "-m", "rummy_cli"]
    base = median_ms([sys.executable, "-c", "import click, yaml, tabulate"], args.runs)
    label = 'python -c "import click, yaml, tabulate"'
    print(f"{label:44} {base:6.1f} ms")
    for words in (["--help"], ["check", "meld", "7H", "8H", "9H"],
                  ["check", "table", "7H 8H 9H / QS QH QD"]):
        t = median_ms([*rummy, *words], args.runs)
        print(f"{'rummy ' + ' '.join(words):44} {t:6.1f} ms   {t / base:4.2f}x")


if __name__ == "__main__":
    main()
