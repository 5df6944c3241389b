"""The examples in every command's --help, as a user would copy them into a shell.

Used by tests/test_help_examples.py (with this checkout's rummy) and by .ci/release-check
(with an installed wheel, from an empty folder). Run directly it prints each example's
outcome and exits 1 if one fails:

    python tests/help_examples.py
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

# What a command's examples may take for granted: the files a reader would have, made the
# way a reader would make them (with rummy itself), in a folder that starts empty.
_NIGHT = "rummy example friday-night > friday.yaml && cp friday.yaml rummy-ledger.yaml"
_GIN = ("rummy new Ann Ben --game gin --dealer Ben > /dev/null && rummy round --knock Ann "
        "--points Ann=2 --points Ben=30 > /dev/null && rummy round --knock Ben --points Ben=5 "
        "--points Ann=40 > /dev/null")
_TWO_GAMES = (_NIGHT + " && rummy new --dealer Ann > /dev/null && rummy round --knock Ann "
              "--points Ann=1 --points Ben=30 --points Cy=9 --points Dee=12 > /dev/null")
SET_UP = {  # by command, or by the example's own line
    "standings": _NIGHT, "history": _NIGHT, "chart": _NIGHT, "rules": _NIGHT,
    "rename": _NIGHT, "fix": _NIGHT, "undo": _TWO_GAMES,
    "stats": _NIGHT + " && cp friday.yaml saturday.yaml",
    "round": "rummy new Ann Ben Cy --dealer Ann > /dev/null",
    "check turn": "printf 'before: []\\nhand: 7H 8H 9H\\nafter: 7H 8H 9H\\n' > dispute.json",
    "rummy new": _NIGHT,
    "rummy standings --ledger night.yaml": "rummy example friday-night > night.yaml",
    "rummy history --game gin": _NIGHT + " && rummy new Ann Ben --game gin > /dev/null",
    **dict.fromkeys(("rummy history --game rummikub", "rummy standings --game rummikub"),
                    "rummy example rummikub-night > rummy-ledger.yaml"),
    "rummy fix 2 --points Ann=31": _GIN,
    "rummy round --knock Ann --points Ann=1 --points Ben=22": _GIN.split(" && ")[0],
    "rummy round --knock Ben --points Ben=4 --points Ann=10 --upcard 6S": (
        "rummy new Ann Ben --game oklahoma --dealer Ann > /dev/null"),
    **dict.fromkeys(
        ('rummy round --out Ann --rack "Ben=JK 5R 12B" --points Cy=6',
         'rummy round --pool-out --points Ann=12 --points Ben=7 --rack "Cy=JK 1O"'),
        "rummy new Ann Ben Cy --game rummikub --first Ann > /dev/null"),
    'rummy fix 1 --rack "Cy=JK 11B 3R"': "rummy example rummikub-night > rummy-ledger.yaml",
    "rummy stats *.yaml --game rummikub": "rummy example rummikub-night > night.yaml",
}
# Examples that need what an example cannot give: a terminal to answer questions, or cards
# written out elsewhere ("...").
SHOWN_ONLY = re.compile(r"\.\.\.|\(on a terminal")


@dataclass(frozen=True)
class Example:
    command: str  # 'check turn'
    line: str  # what a user types
    note: str  # the words in brackets beside it, if any


def examples() -> list[Example]:
    """Every example line of every command's --help, continuation lines joined."""
    import click

    from rummy_cli.cli import cli

    found: list[Example] = []

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
            return
        text = command.help or ""
        if "Example" not in text:
            return
        lines = text[text.index("Example"):].splitlines()[1:]
        joined: list[str] = []
        for raw in lines:
            line = raw.strip()
            if joined and joined[-1].endswith("\\"):
                joined[-1] = joined[-1][:-1].rstrip() + " " + line
            elif line.startswith("rummy "):
                joined.append(line)
        for line in joined:
            typed = re.split(r"\s{2,}(?=\()", line, maxsplit=1)[0]
            found.append(Example(" ".join(path), typed.strip(), line[len(typed):].strip()))

    walk(cli, [])
    return found


def run(example: Example, rummy: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """Run one example with a ``rummy`` on PATH that is ``rummy`` (the given command)."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "rummy"
    shim.write_text("#!/bin/sh\nexec " + " ".join(f"'{w}'" for w in rummy) + ' "$@"\n',
                    encoding="utf-8")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               NO_COLOR="1", MPLBACKEND="Agg")
    env.pop("RUMMY_LEDGER", None)
    set_up = SET_UP.get(example.line, SET_UP.get(example.command))
    script = (f"{set_up} && " if set_up else "") + example.line
    return subprocess.run(["bash", "-c", script], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def passed(example: Example, proc: subprocess.CompletedProcess[str]) -> bool:
    """Exit 0, or 1 where a referee's verdict is 'illegal'; never an error line."""
    verdicts = (0, 1) if example.command.startswith(("check", "arrange", "hint")) else (0,)
    return proc.returncode in verdicts and "Error:" not in proc.stderr


def main() -> int:
    rummy = [shutil.which("rummy") or sys.executable]
    if rummy[0] == sys.executable:
        rummy += ["-m", "rummy_cli"]
    failed = 0
    for example in examples():
        if SHOWN_ONLY.search(f"{example.line} {example.note}"):
            print(f"shown only  {example.line}")
            continue
        with tempfile.TemporaryDirectory() as folder:
            proc = run(example, rummy, Path(folder))
        ok = passed(example, proc)
        failed += not ok
        print(f"{'ok' if ok else 'FAILED':<10}  {example.line}")
        if not ok:
            print("            " + (proc.stderr.strip() or proc.stdout.strip())[:300])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
