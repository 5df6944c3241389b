"""Re-record the terminal sessions of the README and of docs/: run every ``$ rummy ...`` of
each ```text block that shows output, as ``test_readme.py`` replays it, and write what it
prints now.

For output that changed on purpose (a new fold, a reworded message). Review the result
with ``git diff README.md docs/`` before committing: whatever the commands print is written,
except where a command now asks other questions than the ones answered in the README
(that session is kept as it was, and named on stderr, for a person to re-record).

    python tests/record_readme.py                  # every page
    python tests/record_readme.py docs/gin.md      # one page
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from click.testing import CliRunner  # noqa: E402
from test_readme import PAGES, PROMPT, ROOT  # noqa: E402

from rummy_cli.cli import cli, shell  # noqa: E402


def _answers(lines: list[str]) -> list[str]:
    """What was typed at each prompt of a session's output."""
    return [m.group(2) or "" for m in map(PROMPT.match, lines) if m]


def recorded(block: list[str]) -> list[str]:
    """The lines of one ```text block with each shown output replaced by today's."""
    out: list[str] = []
    commands: list[tuple[str, list[str]]] = []
    for line in block:
        if line.startswith("$ "):
            commands.append((line, []))
        elif commands:
            commands[-1][1].append(line)
        else:
            out.append(line)  # what comes before the first command
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(ROOT / "samples", Path(folder) / "samples")
        here = os.getcwd()
        os.chdir(folder)
        try:
            for command, shown in commands:
                out.append(command)
                blank = []
                while shown and not shown[-1].strip():
                    blank.append(shown.pop())
                if not command.startswith("$ rummy ") or not shown:
                    out += shown + blank
                    continue
                answers = _answers(shown)
                result = CliRunner().invoke(cli, shlex.split(command[2:])[1:],
                                            input="".join(a + "\n" for a in answers))
                printed = [x.rstrip() for x in result.output.rstrip("\n").splitlines()]
                if _answers(printed) != answers:  # it asked other questions: a person's job
                    print(f"kept as it was (the questions changed): {command}", file=sys.stderr)
                    printed = shown
                out += printed + blank
        finally:
            os.chdir(here)
    return out


def main() -> None:
    for name in ("RUMMY_LEDGER", "COLUMNS"):  # as the tests run: no ledger, 80 columns
        os.environ.pop(name, None)
    os.environ["NO_COLOR"] = "1"
    shell.stdin_is_terminal = lambda: True  # the answers are typed, as in the README
    pages = [Path(name).resolve() for name in sys.argv[1:]] or PAGES
    for page in pages:
        record(page)


def record(page: Path) -> None:
    """Write one page again with each of its sessions' output as printed now."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        if lines[i].strip() != "```text":
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        block = lines[i + 1:end]
        has_rummy = any(x.startswith("$ rummy ") for x in block)
        out += recorded(block) if has_rummy else block
        i = end
    page.write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
