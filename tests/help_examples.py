"""The examples in every command's --help, as a user would copy them into a shell.

Used by tests/test_help_examples.py (with this checkout's rummy) and by .ci/release-check
(with an installed wheel, from an empty folder). Run directly it prints each example's
outcome and exits 1 if one fails:

    python tests/help_examples.py
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

# An example runs in a folder that starts empty, after the lines before it in the same
# --help that make a file it reads: 'rummy example NAME > FILE', 'rummy new' and 'rummy round'
# (on FILE with --ledger FILE, else on ./rummy-ledger.yaml). So an example that needs a
# ledger works only if its help says how to get one, and a reader who pastes the lines in
# order gets what the example needs.
LEDGER = "rummy-ledger.yaml"
# Commands that read the ledger whether or not --ledger is given ('new' does with no names)
READS_LEDGER = {"round", "standings", "history", "fix", "undo", "rename", "stats", "chart"}
MAKES_LEDGER = {"new", "round"}
# Examples that need what an example cannot give: a terminal to answer questions
SHOWN_ONLY = re.compile(r"\bon a terminal\b")
# What a shell would take literally in a line that was meant to be filled in: brackets for an
# optional part, '...' for cards left out, <name>, a placeholder word (T, H, FILE, NAME...),
# 'a|b' for a choice (a '|' that does not pipe into a command), a note in parentheses
PLACEHOLDER = re.compile(r"[\[\]]|<\w+>|\.\.\.|\|(?! rummy )|^\(|\s\("
                         r"|\b(?:T|H|N|G|FILE|NAME|NAMES|CARDS|TABLE|HAND|RACK|VALUE|WORD|RULE"
                         r"|KIND|PATH|COMMAND)\b")


@dataclass(frozen=True)
class Example:
    command: str  # 'check turn', the command the line runs
    line: str  # what a user types
    note: str  # the comment beside it ('# ...'), if any
    set_up: tuple[str, ...] = ()  # the lines before it in its help that make what it reads


def _words(line: str) -> list[str]:
    try:
        return shlex.split(line.split("|")[0])
    except ValueError:  # an unclosed quote: copy_problems says so
        return line.split()


def command_of(line: str) -> str:
    """The command a line runs: 'check turn' for 'rummy check turn ...'."""
    words = [*_words(line), "", ""]
    return " ".join(words[1:3]) if words[1] == "check" else words[1]


def _ledger_option(words: list[str]) -> str:
    return words[words.index("--ledger") + 1] if "--ledger" in words[:-1] else LEDGER


def writes(line: str) -> set[str]:
    """The files a line makes or changes, as a set-up for the lines after it."""
    words = _words(line)
    made = {words[words.index(">") + 1]} if ">" in words[:-1] else set()
    if command_of(line) in MAKES_LEDGER:
        made.add(_ledger_option(words))
    return made - {"/dev/null"}


def reads(line: str) -> set[str]:
    """The files (or patterns, '*.yaml') a line needs before it can run."""
    words = _words(line)
    words = words[:words.index(">")] if ">" in words else words
    command = command_of(line)
    named = {w for w in words[2:] if w.endswith((".yaml", ".json"))
             and words[words.index(w) - 1] not in ("--output", "-o")}
    if command == "new":  # names after 'new' seat a game; with none it is the next game
        names = len(words) > 2 and not words[2].startswith("-")
        return set() if names else {_ledger_option(words)}
    if named or command not in READS_LEDGER:
        return named
    return {LEDGER}


def copy_problems(example: Example) -> list[str]:
    """Why a line cannot be pasted into a shell as it is: empty when it can."""
    try:
        shlex.split(example.line)
    except ValueError:
        return ["a quote is not closed"]
    unquoted = re.sub(r"\"[^\"]*\"|'[^']*'", '""', example.line)
    problems = [f"{m.group(0).strip()!r} would be typed as it is"
                for m in PLACEHOLDER.finditer(unquoted)]
    if "..." in example.line and "..." not in unquoted:
        problems.append("'...' would be typed as it is")
    return problems


def examples() -> list[Example]:
    """Every example line of every command's --help (and of the groups' help, 'rummy' and
    'rummy check'), continuation lines joined, each with the lines before it that make what
    it reads."""
    import click

    from rummy_cli.cli import cli

    found: list[Example] = []

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
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
        before: list[str] = []
        for line in joined:
            typed, _, note = line.partition(" #")
            typed = typed.strip()
            needed = reads(typed)
            set_up = tuple(b for b in before
                           if any(fnmatch.fnmatch(made, pattern)
                                  for made in writes(b) for pattern in needed))
            found.append(Example(command_of(typed), typed, note.strip(), set_up))
            before.append(typed)

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
    quiet = [s if ">" in s else f"{s} > /dev/null" for s in example.set_up]
    script = " && ".join([*quiet, example.line])
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
        problems = copy_problems(example)
        if problems:
            failed += 1
            print(f"{'FAILED':<10}  {example.line}\n            {'; '.join(problems)}")
            continue
        if SHOWN_ONLY.search(example.note):
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
