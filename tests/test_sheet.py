"""How things look: the score sheet (``history``), table formats, NO_COLOR and ``--ascii``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_cli.cli import cli


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test touches the user's files: work in a temp folder, no RUMMY_LEDGER."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMMY_LEDGER", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


# --- NO_COLOR and --ascii, on a real terminal ----------------------------------------------

RED_SEVEN = "\x1b[31m7♥\x1b[0m"


def on_a_terminal(args: list[str], **env: str | None) -> str:
    """What ``rummy ARGS`` writes to a terminal (a pseudo-terminal) with ``env`` changed."""
    pty = pytest.importorskip("pty")
    import subprocess

    environment = {**os.environ, "TERM": "xterm"}
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    main, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "rummy_cli", *args], stdout=terminal,
                              stderr=subprocess.PIPE, env=environment, timeout=60)
    finally:
        os.close(terminal)
    assert done.returncode == 0, done.stderr
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # Linux: the terminal's other end is closed, all was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return b"".join(chunks).decode()


def test_a_terminal_shows_suit_symbols_in_colour() -> None:
    out = on_a_terminal(["check", "meld", "7H", "8H", "9H"], NO_COLOR=None)
    assert RED_SEVEN in out


def test_no_color_keeps_suit_symbols() -> None:
    out = on_a_terminal(["check", "meld", "7H", "8H", "9H"], NO_COLOR="1")
    assert "7♥ 8♥ 9♥" in out and "\x1b[" not in out


def test_an_empty_no_color_keeps_the_colour() -> None:
    out = on_a_terminal(["check", "meld", "7H", "8H", "9H"], NO_COLOR="")
    assert RED_SEVEN in out


@pytest.mark.parametrize("where", ["before", "after"])
@pytest.mark.parametrize("no_color", [None, "1"])
def test_ascii_removes_symbols_and_colour(where: str, no_color: str | None) -> None:
    meld = ["check", "meld", "7H", "8H", "9H"]
    args = ["--ascii", *meld] if where == "before" else [*meld, "--ascii"]
    out = on_a_terminal(args, NO_COLOR=no_color)
    assert "7H 8H 9H" in out and "♥" not in out and "\x1b[" not in out


def test_no_color_in_choose_style(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_cli.render import PLAIN, Style, choose_style

    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("NO_COLOR", "1")
    assert choose_style() == Style(symbols=True, color=False)
    assert choose_style(unicode=True) == Style(symbols=True, color=False)
    assert choose_style(ascii_only=True) == PLAIN
    monkeypatch.setenv("TERM", "dumb")  # a terminal that cannot draw them
    assert choose_style() == PLAIN
