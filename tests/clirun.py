"""Running ``rummy`` in-process for the CLI tests: one place for what every CLI test file uses.

The autouse fixture in ``conftest.py`` puts every test in a temp folder with no
``$RUMMY_LEDGER`` and ``NO_COLOR=1``, so no test touches the user's files.
"""

from __future__ import annotations

from click.testing import CliRunner

from rummy_cli.cli import cli

# Seconds after which a process, a thread or a lock is taken to hang: a guard, never a
# measure of speed (a loaded machine is slow, and that is no fault; speed is benchmarked)
HANG = 300


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``rummy ARGS``; never a traceback."""
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    """The stdout of a command that must succeed."""
    code, out, err = run(*args)
    assert code == 0, err
    return out


def unfolded(text: str) -> str:
    """Text as it reads, however it is folded to the width: words with single spaces."""
    return " ".join(text.split())


def one_error_line(err: str) -> str:
    """The one ``Error: ...`` line a refusal prints (and nothing else)."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    return lines[0]
